# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Arguments carried as JSON text: read by the strict reader and never repaired, written
compactly, and sent in their original spelling while it still says the same thing."""

from __future__ import annotations

from typing import Any

from ._canonical import need
from ._coercion import written
from ._errors import DecodeError, describe
from ._strict_json import loads

__all__ = ["arguments_text", "dump_arguments", "not_an_object", "parse_arguments"]


def parse_arguments(text: str, dialect: str, shape: str, pointer: str) -> tuple[Any, str | None]:
    """Parse argument text; never repair it. Returns (object, None) or (None, why)."""
    if type(text) is not str:
        raise DecodeError(dialect, shape, pointer, f"expected a string, got {describe(text)}")
    try:
        value = loads(text)
    except ValueError as exc:
        # Also catches '{..}{..}': several objects in one text are "Extra data", not calls.
        return None, f"not valid JSON: {exc}"
    if type(value) is not dict:
        return None, f"not a JSON object: got {describe(value)}"
    return value, None


def not_an_object(value: Any) -> str:
    return f"not a JSON object: got {describe(value)}"


def dump_arguments(arguments: dict[str, Any]) -> str:
    return written(arguments, "/arguments")


def arguments_text(call: dict[str, Any], no_arguments_text: tuple[str, ...]) -> str:
    """The argument text to send: the original spelling while it still says the same thing."""
    raw: str | None = call.get("raw_arguments")
    arguments = need(call, "arguments")
    if raw is not None:
        if arguments is None:
            return raw
        if raw in no_arguments_text:
            if not arguments:
                return raw
        else:
            return spelled_as(raw, arguments)
    return dump_arguments(arguments)


def spelled_as(raw: str, arguments: dict[str, Any]) -> str:
    """raw while it still parses to these arguments (a round trip keeps its spelling), else
    the arguments written afresh."""
    try:
        if loads(raw) == arguments:
            return raw
    except ValueError:
        pass
    return dump_arguments(arguments)
