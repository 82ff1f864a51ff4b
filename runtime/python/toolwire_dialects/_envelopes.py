# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Whether a payload is a request or response of a dialect, before extract() reads it.

Each dialect module carries, as data derived from its envelope schemas at generation time,
the root keys an envelope must have and the JSON types allowed at its root properties and
along every location path, the values a schema's enum allows there and, where the dialect's
clients refuse unknown members (`closed`), the keys an object there may have. A payload
that fails every kind is refused with a DecodeError naming the kind that fits best; an
envelope that merely carries no tools passes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ._errors import DecodeError, describe, escape

Toks = tuple[str, ...]
Types = tuple[str, ...]  # JSON type names
Required = tuple[tuple[str, ...], ...]  # alternatives: each a set of root keys that must all be there
# a path, the types allowed there, whether its parent must hold it, the only values allowed
# there (None: any), the only keys an object there may have (None: any)
PathCheck = tuple[Toks, Types, bool, tuple[Any, ...] | None, tuple[str, ...] | None]
Kind = tuple[str, Required, dict[str, Types], tuple[PathCheck, ...], tuple[str, ...] | None]

_ARTICLES = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "number": "a number",
    "integer": "an integer",
    "boolean": "a boolean",
    "null": "null",
}


def _fits(value: Any, types: tuple[str, ...]) -> bool:
    kind = type(value)
    if kind is dict:
        return "object" in types
    if kind is list:
        return "array" in types
    if kind is str:
        return "string" in types
    if kind is bool:
        return "boolean" in types
    if value is None:
        return "null" in types
    if kind is int:
        return "integer" in types or "number" in types
    if kind is float:
        return "number" in types or ("integer" in types and value.is_integer())
    return False


def _expected(types: tuple[str, ...]) -> str:
    shown = [t for t in types if not (t == "integer" and "number" in types)]
    return " or ".join(_ARTICLES[t] for t in shown)


def _member(value: Any, values: tuple[Any, ...]) -> bool:
    """value is one of values as JSON compares them (true is not 1; 1 is 1.0)."""
    return any((type(v) is bool) == (type(value) is bool) and v == value for v in values)


def _listed(values: tuple[Any, ...]) -> str:
    return ", ".join(describe(v) for v in values)


def _unknown(at: str, key: str) -> tuple[str, str]:
    return f"{at}/{escape(key)}", f"unknown field {key!r}: the dialect's clients refuse fields the schema does not name"


def _nodes(value: Any, toks: tuple[str, ...], at: str = "") -> Iterator[tuple[str, Any]]:
    """(pointer, value) of every value present at a path whose '*' stands for every element."""
    if not toks:
        yield at, value
        return
    head, rest = toks[0], toks[1:]
    if head == "*":
        if type(value) is list:
            for i, item in enumerate(value):
                yield from _nodes(item, rest, f"{at}/{i}")
    elif type(value) is dict and head in value:
        yield from _nodes(value[head], rest, f"{at}/{escape(head)}")


def _values(value: Any, toks: tuple[str, ...]) -> list[Any]:
    """The values _nodes finds, without their pointers: the fast path when all is well."""
    found = [value]
    for token in toks:
        if token == "*":
            found = [item for node in found if type(node) is list for item in node]
        else:
            found = [node[token] for node in found if type(node) is dict and token in node]
        if not found:
            break
    return found


def problem(
    payload: Any,
    required: Required,
    top: dict[str, Types],
    checks: tuple[PathCheck, ...],
    known: tuple[str, ...] | None = None,
) -> tuple[str, str] | None:
    """(pointer, message) of the first way payload is not this kind of envelope, or None.
    known: a closed envelope's root keys (its clients refuse any other)."""
    for toks, types, *_rest in checks:
        if toks:
            break
        if not _fits(payload, types):
            return "", f"expected {_expected(types)}, got {describe(payload)}"
    if type(payload) is not dict:
        return "", f"expected an object, got {describe(payload)}"
    if required and not any(all(key in payload for key in keys) for keys in required):
        keys = min(required, key=lambda keys: sum(key not in payload for key in keys))
        missing = next(key for key in keys if key not in payload)
        allowed = top.get(missing)
        return f"/{escape(missing)}", f"expected {_expected(allowed) if allowed else 'a value'}, got nothing"
    if known is not None:
        for key in payload:
            if key not in known:
                return _unknown("", key)
    for key, value in payload.items():
        allowed = top.get(key)
        if allowed is not None and not _fits(value, allowed):
            return f"/{escape(key)}", f"expected {_expected(allowed)}, got {describe(value)}"
    for toks, types, must, values, closed_keys in checks:
        if toks:
            found = _typed(payload, toks, types, must) or _listed_in(payload, toks, values, closed_keys)
            if found is not None:
                return found
    return None


def _typed(payload: Any, toks: Toks, types: Types, must: bool) -> tuple[str, str] | None:
    """The first value at toks (or, if must, an object without its key) types do not allow."""
    if must:  # every object at the parent path has this key
        key = toks[-1]
        if all(key in node for node in _values(payload, toks[:-1]) if type(node) is dict):
            return None
        for at, node in _nodes(payload, toks[:-1]):
            if type(node) is dict and key not in node:
                return f"{at}/{escape(key)}", f"expected {_expected(types)}, got nothing"
    if all(_fits(node, types) for node in _values(payload, toks)):
        return None
    for at, node in _nodes(payload, toks):
        if not _fits(node, types):
            return at, f"expected {_expected(types)}, got {describe(node)}"
    return None


def _listed_in(
    payload: Any, toks: Toks, values: tuple[Any, ...] | None, keys: tuple[str, ...] | None
) -> tuple[str, str] | None:
    """The first value at toks its enum does not list, or key a closed object there does not name."""
    if values is None and keys is None:
        return None
    for at, node in _nodes(payload, toks):
        if values is not None and not _member(node, values):
            return at, f"expected one of {_listed(values)}, got {describe(node)}"
        if keys is not None and type(node) is dict:
            for key in node:
                if key not in keys:
                    return _unknown(at, key)
    return None


def check(payload: Any, kinds: tuple[Kind, ...], dialect: str) -> None:
    """Raise DecodeError unless payload is one of the kinds (kind, required, top, checks). When
    it is none, blame the kind it got furthest in, then the one whose keys it shares most."""
    best: tuple[int, int, int] | None = None
    blame: DecodeError | None = None
    for rank, (kind, required, top, checks, known) in enumerate(kinds):
        found = problem(payload, required, top, checks, known)
        if found is None:
            return
        keys = {key for keys in required for key in keys} | set(top)
        shared = sum(1 for key in payload if key in keys) if type(payload) is dict else 0
        score = (found[0].count("/"), shared, -rank)
        if best is None or score > best:
            best, blame = score, DecodeError(dialect, kind, found[0], found[1])
    if blame is not None:
        raise blame
