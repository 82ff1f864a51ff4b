# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A request's tools and tool choice, canonical -> wire, through the same envelope writer as
inject(): the tools list at its place (never `tools: []`), the choice, and the choice's
fields carried beside it (OpenAI's parallel_tool_calls)."""

from __future__ import annotations

from typing import Any

from ._canonical import normalize_choice
from ._conv_layout import Codecs
from ._conv_paths import pointer, put
from ._errors import Loss, report
from ._ids import IdMap
from ._inject import inject

__all__ = ["encode_tools"]


def _merge(into: dict[str, Any], value: dict[str, Any]) -> None:
    for key, item in value.items():
        if type(item) is dict and type(into.get(key)) is dict:
            _merge(into[key], item)
        else:
            into[key] = item


def encode_tools(
    wire: dict[str, Any],
    tools: Any,
    choice: Any,
    codecs: Codecs,
    id_map: IdMap,
    losses: list[Loss],
    strict: bool,
    forms: dict[str, Any],
) -> None:
    """Write the tools and the choice; `tools: []` only where the dialect's own payload sent
    it (a compatible server's quirk: strict servers reject it, so no conversion writes it)."""
    if not tools:
        head = next(
            (toks[: toks.index("*")] for shape, toks, *_r in codecs.locations if shape == "tool_definition"), ()
        )
        if head and forms.get(pointer(head)) in ("empty", "null"):
            put(wire, head, [] if forms[pointer(head)] == "empty" else None)
    if tools is None and choice is None:
        return
    parts: dict[str, Any] = {"tools": tools or []}
    if choice is not None:
        if not tools:
            # a choice without tools means nothing to a strict server (and is rejected)
            report(losses, strict, "tool_choice.dropped", "/tool_choice", codecs.dialect, "a tool choice without tools")
        elif "tool_choice" not in codecs.encode:
            _no_choice(choice, codecs.dialect, losses, strict)
        else:
            choice = _choice_within(choice, tools, codecs, id_map, losses, strict)
            if choice is not None:
                parts["tool_choice"] = choice
    wrapped = next(
        (toks for shape, toks, *_r in codecs.locations if shape == "tool_definition" and toks.count("*") == 2), None
    )
    if wrapped is not None and tools:
        # tools inside a wrapper object of a list (Gemini: tools[0].functionDeclarations[*])
        head = wrapped[: wrapped.index("*")]
        tail = wrapped[len(head) + 1 : -1]
        encoded_tools = []
        for i, tool in enumerate(tools):
            result = codecs.encode["tool_definition"](tool, strict=strict, id_map=id_map)
            losses.extend(loss.at(f"/tools/{i}") for loss in result.losses)
            if result.value is not None:  # None: a tool the target has no form for (reported)
                encoded_tools.append(result.value)
        if encoded_tools:
            holder: dict[str, Any] = {}
            put(holder, tail, encoded_tools)
            put(wire, head, [holder])
        parts = {k: v for k, v in parts.items() if k != "tools"}
    encoded = inject(
        {},
        parts,
        codecs.locations,
        codecs.encode,
        codecs.dialect,
        strict,
        id_map,
        codecs.choice_fields,
        codecs.tools_fields,
    )
    losses.extend(encoded.losses)
    _merge(wire, encoded.value)


def _choice_within(choice: Any, tools: Any, codecs: Codecs, id_map: IdMap, losses: list[Loss], strict: bool) -> Any:
    """The choice naming only tools the target is sent: a name of a tool it has no form for (a
    custom tool) leaves the choice, each a loss; a choice left naming none is dropped (the model
    chooses freely), as forcing or allowing only a tool the target lacks cannot be stated."""
    names = choice.get("names") if type(choice) is dict else None
    if type(names) is not list or type(tools) is not list:
        return choice
    encode = codecs.encode["tool_definition"]
    dropped = {
        tool.get("name")
        for tool in tools
        if type(tool) is dict and encode(tool, strict=False, id_map=id_map).value is None
    }
    if not any(name in dropped for name in names):
        return choice
    kept = [name for name in names if name not in dropped]
    if not kept:
        report(
            losses,
            strict,
            "tool_choice.dropped",
            "/tool_choice",
            codecs.dialect,
            f"a tool choice naming only tools the target has no form for ({', '.join(map(repr, names))}): the model chooses freely",
        )
        return None
    for i, name in enumerate(names):
        if name in dropped:
            report(
                losses,
                strict,
                "tool.custom_dropped",
                f"/tool_choice/names/{i}",
                codecs.dialect,
                f"the tool choice's {name!r}, a custom (freeform) tool the target has no form for",
            )
    out = {**choice, "names": kept}
    listed = choice.get("custom_names")
    custom = [name for name in listed if name not in dropped] if type(listed) is list else []
    if custom:
        out["custom_names"] = custom
    else:
        out.pop("custom_names", None)
    normalize_choice(out)
    return out


def _no_choice(choice: Any, dialect: str, losses: list[Loss], strict: bool) -> None:
    """A dialect without a tool choice lets the model choose: that is `auto`, anything else a loss."""
    if type(choice) is dict and choice.get("mode") == "auto" and set(choice) <= {"mode", "extensions"}:
        return
    mode = choice.get("mode") if type(choice) is dict else choice
    report(
        losses,
        strict,
        "tool_choice.dropped",
        "/tool_choice",
        dialect,
        f"a tool choice ({mode!r}: the model always chooses)",
    )
