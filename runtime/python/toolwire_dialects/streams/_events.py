# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Stream events in, wire calls out: the error a stream raises, events read as dicts, the
pointer of an item inside its event, and the private copies a wire call is built in (the
caller's event objects are never kept nor changed)."""

from __future__ import annotations

from typing import Any

from .._coercion import as_wire, hold
from .._errors import DecodeError, escape
from .._strict_json import loads

__all__ = [
    "ENDED",
    "SHAPE",
    "StreamError",
    "as_event",
    "as_whole_event",
    "item_copy",
    "overlay",
    "put",
    "put_default",
    "same",
    "where",
]

SHAPE = "stream_event"
ENDED = "the stream ended before this call was complete"

Toks = tuple[str, ...]


class StreamError(DecodeError):
    """A stream event is not what the dialect sends; line is set when it came from text."""

    def __init__(self, dialect: str, pointer: str, message: str, line: int | None = None) -> None:
        super().__init__(dialect, SHAPE, pointer, message)
        self.line = line

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.dialect}/{SHAPE}: {self.pointer or '/'}: {self.message}"


def as_event(event: Any, dialect: str) -> dict[str, Any]:
    """Accept an event as a dict, JSON text or an SDK object. A dict is not walked: what a
    call keeps of it is held to the depth limit where it is kept (see _coercion)."""
    if type(event) is dict:
        return event
    if isinstance(event, (str, bytes, bytearray)):
        try:
            event = loads(event if isinstance(event, str) else bytes(event).decode("utf-8").removeprefix("\ufeff"))
        except ValueError as exc:  # UnicodeDecodeError included
            raise StreamError(dialect, "", f"not valid JSON: {exc}") from None
    else:
        try:
            event = as_wire(event, dialect, SHAPE)
        except DecodeError as exc:  # the same error, as a stream's
            raise StreamError(dialect, exc.pointer, exc.message) from None
    if type(event) is not dict:
        raise StreamError(dialect, "", "expected an event object")
    return event


def as_whole_event(given: Any, dialect: str) -> dict[str, Any]:
    """as_event, the whole event held to the depth limit (a relay writes events out)."""
    event = as_event(given, dialect)
    try:
        hold(event, dialect, SHAPE)
    except DecodeError as exc:
        raise StreamError(dialect, exc.pointer, exc.message) from None
    return event


def where(event: Any, item: Any) -> str:
    """The pointer of item inside event (found by identity: only on the error path)."""
    if item is None or item is event:
        return ""
    stack: list[tuple[Any, str]] = [(event, "")]
    while stack:
        node, pointer = stack.pop()
        children = node.items() if type(node) is dict else enumerate(node) if type(node) is list else ()
        for key, child in children:
            at = f"{pointer}/{escape(str(key))}"
            if child is item:
                return at
            if type(child) in (dict, list):
                stack.append((child, at))
    return ""


def same(value: object, constant: object) -> bool:
    """Equal and of the same JSON type (True is no 1)."""
    return type(value) is type(constant) and value == constant


def put(w: dict[str, Any], toks: Toks, value: Any) -> None:
    """Set value at toks in w, copying the nested objects on the way (w itself is private)."""
    node = w
    for t in toks[:-1]:
        child = node.get(t)
        child = dict(child) if type(child) is dict else {}
        node[t] = child
        node = child
    node[toks[-1]] = value


def put_default(w: dict[str, Any], toks: Toks, value: Any) -> None:
    """Set a constant the server left out (compatible servers omit `type`)."""
    node: Any = w
    for t in toks[:-1]:
        node = node.get(t) if type(node) is dict else None
    if type(node) is not dict or toks[-1] not in node:
        put(w, toks, value)


def _copy(value: Any) -> Any:
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def item_copy(item: dict[str, Any], drops: tuple[Toks, ...]) -> dict[str, Any]:
    """A private copy of the item a call started with, without its stream-only keys: the
    caller's event objects are never kept nor changed."""
    copied: dict[str, Any] = _copy(item)
    return overlay(copied, (), drops) if drops else copied


def overlay(w: Any, sets: tuple[tuple[Toks, Any], ...], drops: tuple[Toks, ...]) -> dict[str, Any]:
    """A copy of w without drops and with sets; w and its nested objects are never changed."""
    out = dict(w) if type(w) is dict else {}
    for toks in drops:
        node: Any = out
        for t in toks[:-1]:
            child = node.get(t)
            if type(child) is not dict:
                node = None
                break
            node[t] = node = dict(child)
        if type(node) is dict:
            node.pop(toks[-1], None)
    for toks, value in sets:
        put(out, toks, value)
    return out
