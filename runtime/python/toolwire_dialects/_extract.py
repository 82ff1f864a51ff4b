# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Reading an envelope (extract): values at a location's path, where a '*' token stands for
every array element; the conditions a location states; the settings an envelope carries
beside the tools and the choice.

A path is a tuple of keys (Toks); a condition is (path, expected value).
"""

from __future__ import annotations

from typing import Any, Protocol

from ._errors import MISSING, DecodeError, describe, escape
from ._ids import IdMap

__all__ = [
    "Condition",
    "Decoder",
    "Toks",
    "choice_field_in",
    "decode_at",
    "elements",
    "first_at",
    "lookup",
    "tools_field_in",
    "where",
]

Toks = tuple[str, ...]
Condition = tuple[Toks, Any]


class Decoder(Protocol):
    """A generated decode_<shape> function."""

    def __call__(self, payload: Any, *, id_map: IdMap | None = None) -> dict[str, Any]: ...


def elements(value: Any) -> list[Any]:
    """The elements of an array; nothing when value is no array."""
    return value if type(value) is list else []


def lookup(value: Any, toks: Toks) -> Any:
    """The value at a path of keys, or MISSING."""
    for token in toks:
        if type(value) is not dict:
            return MISSING
        value = value.get(token, MISSING)
        if value is MISSING:
            return MISSING
    return value


def first_at(value: Any, toks: Toks) -> Any:
    """The first value at a path whose '*' tokens stand for every array element."""
    if not toks:
        return value
    head, rest = toks[0], toks[1:]
    if head == "*":
        for item in elements(value):
            found = first_at(item, rest)
            if found is not None:
                return found
        return None
    if type(value) is not dict or head not in value:
        return None
    return first_at(value[head], rest)


def where(value: Any, conditions: tuple[Condition, ...]) -> bool:
    """Whether a whole payload has every (path, value) of a location's 'where'."""
    return all(lookup(value, toks) == expected for toks, expected in conditions)


def decode_at(decode: Decoder, value: Any, at: str, id_map: IdMap) -> dict[str, Any]:
    """decode(value), its DecodeError pointing into the envelope (at: where value is)."""
    try:
        return decode(value, id_map=id_map)
    except DecodeError as exc:
        raise exc.at(at) from None


def bool_at(envelope: dict[str, Any], toks: Toks, dialect: str) -> bool | None:
    """A boolean setting of a whole request (None when left out or null)."""
    value = lookup(envelope, toks)
    if value is MISSING or value is None:
        return None
    if type(value) is not bool:
        pointer = "".join("/" + escape(t) for t in toks)
        raise DecodeError(dialect, "envelope", pointer, f"expected a boolean, got {describe(value)}")
    return value


def choice_field_in(
    envelope: dict[str, Any], choice: dict[str, Any] | None, name: str, toks: Toks, dialect: str
) -> dict[str, Any] | None:
    """extract(): a canonical tool_choice field the envelope carries beside the choice (OpenAI's
    parallel_tool_calls). Without tools or a choice there is nothing it could qualify."""
    value = bool_at(envelope, toks, dialect)
    return choice if value is None or choice is None else {**choice, name: value}


def tools_field_in(
    envelope: dict[str, Any], tools: list[dict[str, Any]], name: str, toks: Toks, dialect: str
) -> list[dict[str, Any]]:
    """extract(): a canonical tool_definition field the envelope carries once for every tool
    (Cohere's strict_tools): each tool gets it."""
    value = bool_at(envelope, toks, dialect)
    return tools if value is None else [{**tool, name: value} for tool in tools]
