# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""What a whole conversation must be before it is converted, whichever way: no deeper than the
JSON reader takes text (a value handed over as a dict would otherwise become text that no
reader reads back), texts that are strings, and settings of their canonical type (each
setting's rule is data, from schemas/canonical/settings.json)."""

from __future__ import annotations

import math
from typing import Any

from ._errors import CanonicalError, DecodeError, describe, escape
from ._strict_json import MAX_DEPTH

__all__ = ["check_canonical", "check_depth", "setting_problem"]

Rule = tuple[tuple[str, ...], Any, tuple[str, ...]]  # JSON types, minimum (None: any), item types
_ARTICLES = {"number": "a number", "integer": "an integer", "string": "a string", "boolean": "a boolean"}
_ARTICLES.update({"object": "an object", "array": "an array"})


def _deepest(value: Any) -> int:
    """How deep arrays and objects nest in value, counted until one passes MAX_DEPTH."""
    stack = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if level > MAX_DEPTH:
            return level
        items = node.values() if type(node) is dict else node
        stack.extend((item, level + 1) for item in items if type(item) in (dict, list))
    return 0


def _too_deep_at(value: Any) -> str:
    """The pointer of the first array or object (in document order) past MAX_DEPTH."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        node, level, at = stack.pop()
        if level > MAX_DEPTH:
            return at
        items = list(node.items() if type(node) is dict else enumerate(node))
        for key, item in reversed(items):  # the first child on top: document order
            if type(item) in (dict, list):
                stack.append((item, level + 1, f"{at}/{escape(str(key))}"))
    return ""


def _depth_problem(value: Any) -> str | None:
    if type(value) not in (dict, list) or not _deepest(value):
        return None
    return _too_deep_at(value)


def check_depth(wire: Any, dialect: str, shape: str) -> None:
    """A wire payload handed over as a value: DecodeError where it nests deeper than text may."""
    at = _depth_problem(wire)
    if at is not None:
        raise DecodeError(dialect, shape, at, f"nested more than {MAX_DEPTH} levels deep")


def _fail(shape: str, at: str, what: str) -> CanonicalError:
    return CanonicalError(shape, ValueError(f"{at}: {what}"))


def check_canonical(canonical: dict[str, Any], shape: str) -> None:
    """A canonical request or response an encoder may read: CanonicalError (naming the
    pointer) for one nested deeper than text may, or a part whose text is no string."""
    at = _depth_problem(canonical)
    if at is not None:
        raise _fail(shape, at, f"nested more than {MAX_DEPTH} levels deep")
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
