# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Decode errors: the generated code checks its assumptions in straight-line code; only
when one fails does explain() walk the same checks, as data, to name the exact pointer.

A check is (pointer, kind, argument); a variant is the checks of one wire spelling, in the
order the decoder makes them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ._errors import MISSING, DecodeError, describe, unescape

__all__ = ["Check", "Variant", "explain", "string_list"]

Check = tuple[str, str, Any]
Variant = tuple[Check, ...]


def _lookup(value: Any, pointer: str) -> Any:
    if pointer == "":
        return value
    for token in pointer[1:].split("/"):
        token = unescape(token)
        if isinstance(value, dict):
            value = value.get(token, MISSING)
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return MISSING
        if value is MISSING:
            return MISSING
    return value


_EXPECT: dict[str, tuple[Callable[[Any], bool], str]] = {
    "object": (lambda v: type(v) is dict, "an object"),
    "array": (lambda v: type(v) is list and len(v) > 0, "a non-empty array"),
    "list": (lambda v: type(v) is list, "an array"),
    "string": (lambda v: type(v) is str, "a string"),
    "nonempty": (lambda v: type(v) is str and v != "", "a non-empty string"),
    "boolean": (lambda v: type(v) is bool, "a boolean"),
    "integer": (lambda v: type(v) is int, "an integer"),
    "string_or_null": (lambda v: v is None or type(v) is str, "a string or null"),
    "any": (lambda v: v is not MISSING, "a value"),
}


def _one_of(values: Any) -> str:
    return ", ".join(json.dumps(a) for a in values)


def _first_failure(wire: Any, checks: Variant) -> tuple[int, str, str] | None:
    """(checks passed, pointer, message) of the first check wire fails, or None."""
    for passed, (pointer, kind, arg) in enumerate(checks):
        value = _lookup(wire, pointer)
        if kind == "const":
            if value != arg or type(value) is not type(arg):
                return passed, pointer, f"expected {json.dumps(arg)}, got {describe(value)}"
        elif kind == "optional":
            test, what = _EXPECT[arg]
            if value is not MISSING and value is not None and not test(value):
                return passed, pointer, f"expected {what}, got {describe(value)}"
        elif kind == "absent_or":
            test, what = _EXPECT[arg]
            if value is not MISSING and not test(value):
                return passed, pointer, f"expected {what} or nothing, got {describe(value)}"
        elif kind == "optional_const":
            if value is not MISSING and (value != arg or type(value) is not type(arg)):
                return passed, pointer, f"expected {json.dumps(arg)} or nothing, got {describe(value)}"
        elif kind == "optional_values":
            if value is not MISSING and value is not None and value not in arg:
                return passed, pointer, f"expected one of {_one_of(arg)}, got {describe(value)}"
        elif kind == "values":
            if value not in arg:
                return passed, pointer, f"expected one of {_one_of(arg)}, got {describe(value)}"
        else:
            test, what = _EXPECT[kind]
            if not test(value):
                return passed, pointer, f"expected {what}, got {describe(value)}"
    return None


def explain(wire: Any, variants: tuple[Variant, ...], dialect: str, shape: str, fallback: str = "") -> DecodeError:
    """Name the first failed check of the variant that fits best: one whose constants all
    matched, then the one that got furthest."""
    best: tuple[bool, int, str, str] | None = None
    for checks in variants:
        failure = _first_failure(wire, checks)
        if failure is None:
            continue
        constants = sum(1 for _pointer, kind, _arg in checks if kind == "const")
        candidate = (constants > 0 and failure[0] > constants, *failure)  # past "is an object" and its constants
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    if best is None:
        return DecodeError(dialect, shape, "", fallback or "does not match this shape")
    return DecodeError(dialect, shape, best[2], best[3])


def string_list(value: Any, dialect: str, shape: str, pointer: str) -> list[str]:
    """A wire list of names (tool names in a choice), each a non-empty string."""
    for i, item in enumerate(value):
        if type(item) is not str or not item:
            raise DecodeError(dialect, shape, f"{pointer}/{i}", f"expected a non-empty string, got {describe(item)}")
    return list(value)
