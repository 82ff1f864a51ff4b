# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""What a whole conversation must be before it is converted, whichever way: texts that are
strings, and settings of their canonical type (each setting's rule is data, from
schemas/canonical/settings.json). Depth is held at the entry points (_coercion)."""

from __future__ import annotations

import math
from typing import Any

from ._errors import CanonicalError, describe

__all__ = ["below", "check_canonical", "setting_problem"]

Rule = tuple[tuple[str, ...], Any, tuple[str, ...]]  # JSON types, minimum (None: any), item types
_ARTICLES = {"number": "a number", "integer": "an integer", "string": "a string", "boolean": "a boolean"}
_ARTICLES.update({"object": "an object", "array": "an array"})


def _fail(shape: str, at: str, what: str) -> CanonicalError:
    return CanonicalError(shape, ValueError(f"{at}: {what}"))


def check_canonical(canonical: dict[str, Any], shape: str) -> None:
    """A canonical request or response an encoder may read: CanonicalError (naming the
    pointer) for a part whose text is no string. (Depth was checked where the value came in:
    _coercion.as_canonical.)"""
    messages = canonical.get("messages") if shape == "request" else [canonical.get("message")]
    base = "/messages/" if shape == "request" else "/message"
    for i, message in enumerate(messages if type(messages) is list else ()):
        parts = message.get("parts") if type(message) is dict else None
        for j, part in enumerate(parts if type(parts) is list else ()):
            if type(part) is dict and "text" in part and type(part["text"]) is not str:
                where = f"{base}{i if shape == 'request' else ''}/parts/{j}/text"
                raise _fail(shape, where, f"expected a string, got {describe(part['text'])}")


def setting_problem(value: Any, rule: Rule) -> str | None:
    """What is wrong with a setting's canonical value by its rule (None: nothing)."""
    types, minimum, items = rule
    if types and not _fits(value, types):
        return f"expected {' or '.join(_ARTICLES.get(t, t) for t in types)}, got {describe(value)}"
    if type(value) is float and not math.isfinite(value):
        return f"expected a finite number, got {'NaN' if value != value else 'Infinity' if value > 0 else '-Infinity'}"
    if minimum is not None and type(value) in (int, float) and value < minimum:
        return f"expected at least {minimum}, got {describe(value)}"
    if items and type(value) is list:
        for item in value:
            if not _fits(item, items):
                return f"expected {' or '.join(_ARTICLES.get(t, t) for t in items)} in the list, got {describe(item)}"
    return None


def _fits(value: Any, types: tuple[str, ...]) -> bool:
    kind = type(value)
    if kind is bool:
        return "boolean" in types
    if kind is int:
        return "integer" in types or "number" in types
    if kind is float:
        return "number" in types or ("integer" in types and (not math.isfinite(value) or value.is_integer()))
    if kind is str:
        return "string" in types
    if kind is dict:
        return "object" in types
    if kind is list:
        return "array" in types
    return value is None and "null" in types


def below(value: Any, than: Any, floor: float | None) -> tuple[bool, Any] | None:
    """A less_than rule's repair of a written request: None when value is below than (or either
    is no number); else (True, than - 1) where that keeps value at least floor, or (False,
    value + 1), what than becomes."""
    if type(value) not in (int, float) or type(than) not in (int, float) or value < than:
        return None
    if floor is None or than - 1 >= floor:
        return True, than - 1
    return False, value + 1
