# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Canonical values as the converters handle them: one spelling for one meaning, and how a
value is named in a loss message."""

from __future__ import annotations

from typing import Any

from ._errors import Invalid, json_text

__all__ = [
    "describe_choice",
    "describe_part",
    "first",
    "in_table",
    "is_absent",
    "listed",
    "mapped",
    "need",
    "normalize_choice",
    "size",
]


def is_absent(value: dict[str, Any], absent: dict[str, Any]) -> bool:
    """Whether a canonical value is the one a dialect says by leaving the field out."""
    return {k: v for k, v in value.items() if k != "extensions"} == absent


def normalize_choice(choice: dict[str, Any]) -> None:
    """'required' limited to one tool is that tool: one canonical spelling for one meaning."""
    names = choice.get("names")
    if choice.get("mode") == "required" and names is not None and len(names) == 1:
        choice["mode"] = "tool"


def describe_part(part: dict[str, Any]) -> str:
    """A content part as a loss names it."""
    kind = part.get("type")
    if kind == "wire":
        value = part.get("value") or {}
        name = value.get("type") or next(iter(value), None)  # Bedrock blocks are keyed, not typed
        return f"{part.get('dialect')} block of type {name!r}"
    if kind == "image":
        return "an image given by URL" if "url" in part else "an inline image"
    media_type = part.get("media_type")
    if kind == "document" and type(media_type) is str:
        return f"a document part ({media_type})"  # the type is often why a target has no place for it
    return f"a {kind} part"


def describe_choice(value: dict[str, Any]) -> str:
    """A tool choice as a loss names it (its fields, without extensions)."""
    shown = {k: v for k, v in value.items() if k != "extensions"}
    return json_text(shown, separators=None, sort_keys=True)[:120]


# What an encoder reads a canonical value with, checked: the wrong type is Invalid (the
# encoder's CanonicalError) in the words of the builtin it stands for, as in the TypeScript port.
def not_subscriptable(value: Any) -> str:
    """What value[key] (a string key) says of a value that is no dict."""
    if type(value) is str:
        return "string indices must be integers, not 'str'"
    if type(value) is list:
        return "list indices must be integers or slices, not str"
    return f"'{type(value).__name__}' object is not subscriptable"


def need(value: Any, key: str) -> Any:
    """value[key] of a canonical object."""
    if type(value) is not dict:
        raise Invalid(not_subscriptable(value))
    if key not in value:
        raise Invalid(f"missing field {key!r}")
    return value[key]


def listed(value: Any) -> list[Any]:
    """list(value): an array's items, a string's characters, an object's keys."""
    if type(value) in (list, str, dict):
        return list(value)
    raise Invalid(f"'{type(value).__name__}' object is not iterable")


def first(value: Any) -> Any:
    """value[0] of an array or string."""
    if type(value) in (list, str):
        if not value:
            raise Invalid(("list" if type(value) is list else "string") + " index out of range")
        return value[0]
    if type(value) is dict:
        raise Invalid("missing field 0")  # {}[0] is a KeyError
    raise Invalid(f"'{type(value).__name__}' object is not subscriptable")


def size(value: Any) -> int:
    """len(value)."""
    if type(value) in (list, str, dict):
        return len(value)
    raise Invalid(f"object of type '{type(value).__name__}' has no len()")


def in_table(value: Any, table: dict[Any, Any]) -> bool:
    """value in table (a value map): an array or object is no key of one."""
    if type(value) in (list, dict):
        raise Invalid(f"unhashable type: '{'list' if type(value) is list else 'dict'}'")
    return value in table


def mapped(table: dict[Any, Any], value: Any) -> Any:
    """table[value] (a value map)."""
    if not in_table(value, table):
        raise Invalid(f"missing field {value!r}")
    return table[value]
