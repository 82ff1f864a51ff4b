# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Emission helpers shared by the generated emitters: argument text in fragments, an emitted
call's key, and events framed as the provider frames them (SSE blocks or JSON lines)."""

from __future__ import annotations

from typing import Any

from .._arguments import arguments_text, dump_arguments, spelled_as
from .._errors import MISSING, json_text

__all__ = ["emit_key", "pieces", "text_of", "to_text", "value_at"]


def pieces(text: str, size: int | None) -> list[str]:
    """Argument text as fragments of at most size characters (one fragment without size)."""
    if not text:
        return []
    if not size or size <= 0:
        return [text]
    return [text[i : i + size] for i in range(0, len(text), size)]


def text_of(call: dict[str, Any], kind: str, no_arguments_text: tuple[str, ...]) -> str:
    """The argument text a stream sends for a canonical call (raw text while it says the same)."""
    arguments = call.get("arguments")
    raw: str | None = call.get("raw_arguments")
    if arguments is None:
        return raw or ""
    if kind == "text":
        return arguments_text(call, no_arguments_text)
    return dump_arguments(arguments) if raw is None else spelled_as(raw, arguments)


def value_at(w: Any, toks: tuple[str, ...]) -> Any:
    for t in toks:
        w = w.get(t) if type(w) is dict else None
    return w


def emit_key(w: Any, toks: tuple[str, ...] | None, index: int, prefix: str | None) -> Any:
    """An emitted call's key: the wire call's own (a Responses item id), else its index."""
    if toks is not None and type(w) is dict:
        node: Any = w
        for t in toks:
            node = node.get(t, MISSING) if type(node) is dict else MISSING
        if node is not MISSING and node is not None:
            return node
    return index if prefix is None else f"{prefix}{index}"


def to_text(events: list[dict[str, Any]], framing: str, event_name: tuple[str, ...] | None, done: str | None) -> str:
    """Events as the provider frames them: SSE blocks or JSON lines."""
    lines: list[str] = []
    for event in events:
        data = json_text(event)
        if framing == "ndjson":
            lines.append(data + "\n")
            continue
        name: Any = event
        for t in event_name or ():
            name = name.get(t) if type(name) is dict else None
        head = f"event: {name}\n" if event_name and type(name) is str else ""
        lines.append(f"{head}data: {data}\n\n")
    if framing != "ndjson" and done:
        lines.append(f"data: {done}\n\n")
    return "".join(lines)
