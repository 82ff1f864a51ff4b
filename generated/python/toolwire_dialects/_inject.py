# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Writing parts back into an envelope (inject): the tools list rebuilt, the tool choice
replaced or removed, calls and results replaced one for one, and the settings a dialect
carries beside the tools and the choice written once for all of them.

A location is (shape, path, when, has, unless, where): the path of the parts of one shape,
the conditions an element must meet (when, has) and must not (unless), and the conditions
the whole payload must meet (where).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Protocol

from ._coercion import as_canonical, hold_canonical
from ._errors import MISSING, Encoded, Loss
from ._extract import Condition, Toks, elements, lookup, where
from ._ids import IdMap

__all__ = ["Encoder", "Location", "inject"]

Location = tuple[str, Toks, tuple[Condition, ...], tuple[Toks, ...], tuple[Condition, ...], tuple[Condition, ...]]
FieldPlace = tuple[str, Toks]  # a canonical field and where the envelope carries it


class Encoder(Protocol):
    """A generated encode_<shape> function."""

    def __call__(self, value: Any, *, strict: bool = False, id_map: IdMap | None = None) -> Encoded: ...


class _Encode(Protocol):
    def __call__(self, shape: str, value: Any, pointer: str) -> Any: ...


_PART_KEYS = {
    "tool_definition": "tools",
    "tool_choice": "tool_choice",
    "tool_call": "tool_calls",
    "tool_result": "tool_results",
}


def _matches(value: Any, when: tuple[Condition, ...], has: tuple[Toks, ...], unless: tuple[Condition, ...]) -> bool:
    return (
        value is not None
        and all(lookup(value, toks) == expected for toks, expected in when)
        and all(lookup(value, toks) is not MISSING for toks in has)
        and not any(lookup(value, toks) == expected for toks, expected in unless)
    )


def _slots(value: Any, toks: Toks) -> list[tuple[Any, Any]]:
    """(container, key) of every place a path with '*' tokens reaches, in order."""
    places: list[tuple[Any, Any, Any]] = [(None, None, value)]
    for token in toks:
        following: list[tuple[Any, Any, Any]] = []
        for _parent, _key, node in places:
            if token == "*":
                following.extend((node, i, item) for i, item in enumerate(elements(node)))
            elif type(node) is dict and token in node:
                following.append((node, token, node[token]))
        places = following
    return [(parent, key) for parent, key, _node in places]


def _inject_choice(out: dict[str, Any], choice: Any, locations: list[Location], encode: _Encode) -> None:
    """Replace the tool choice where the payload spells it (else at the first place), or
    remove it when choice is None or the target says it by leaving it out."""
    value = None if choice is None else encode("tool_choice", choice, "/tool_choice")
    present = [toks for _shape, toks, *_rest in locations if lookup(out, toks) is not MISSING]
    for toks in present:
        parent = lookup(out, toks[:-1]) if len(toks) > 1 else out
        if value is None:
            parent.pop(toks[-1], None)
        else:
            parent[toks[-1]] = value
    if value is not None and not present and locations:
        node = out
        for token in locations[0][1][:-1]:
            node = node.setdefault(token, {})
        node[locations[0][1][-1]] = value


def _inject_tools(
    out: dict[str, Any], values: list[Any], places: list[Location], choices: list[Location], encode: _Encode
) -> None:
    """Rebuild the tools list where the payload has one (else at the first place), keeping
    elements that are not this shape (server tools); an empty list removes the field."""
    present = [loc for loc in places if type(lookup(out, loc[1][:-1])) is list] or places[:1]
    toks = present[0][1]
    existing = lookup(out, toks[:-1])
    same = [loc for loc in places if loc[1] == toks]  # several shapes of tool may share the list
    kept = [item for item in elements(existing) if not any(_matches(item, loc[2], loc[3], loc[4]) for loc in same)]
    encoded = [encode("tool_definition", v, f"/tools/{i}") for i, v in enumerate(values)]
    tools = kept + [tool for tool in encoded if tool is not None]  # None: a tool the target has no form for
    if tools:
        holder = out
        for token in toks[:-2]:
            holder = holder.setdefault(token, {})
        holder[toks[-2]] = tools
    elif existing is not MISSING:  # strict servers reject `tools: []`, and a tool choice without tools
        holder = lookup(out, toks[:-2]) if len(toks) > 2 else out
        holder.pop(toks[-2], None)
        _inject_choice(out, None, choices, encode)


def _set_at(out: dict[str, Any], toks: Toks, value: Any) -> None:
    """Write a setting into the envelope, or remove it when value is None."""
    parent = lookup(out, toks[:-1]) if len(toks) > 1 else out
    if type(parent) is dict:
        if value is None:
            parent.pop(toks[-1], None)
        else:
            parent[toks[-1]] = value


def _set_choice_fields(
    out: dict[str, Any], choice: dict[str, Any] | None, fields: tuple[FieldPlace, ...]
) -> dict[str, Any] | None:
    """Write the choice's fields carried beside it, and return the choice without them (its
    own encoder need not carry them). No choice, or a field left out, removes the wire field."""
    if not fields:
        return choice
    rest = None if choice is None else dict(choice)
    for name, toks in fields:
        _set_at(out, toks, None if rest is None else rest.pop(name, None))
    return rest


def _set_tools_fields(out: dict[str, Any], tools: list[Any], fields: tuple[FieldPlace, ...]) -> list[Any]:
    """A field every tool gives alike goes once into the envelope, and the tools go on
    without it; when they differ the envelope field is removed and each tool keeps its own (its
    encoder reports what it cannot carry)."""
    if not fields:
        return tools
    tools = [hold_canonical(as_canonical(tool, "tool_definition"), "tool_definition") for tool in tools]
    for name, toks in fields:
        values = {tool.get(name) for tool in tools}
        shared = values.pop() if len(values) == 1 else None
        _set_at(out, toks, shared)
        if shared is not None:
            tools = [{k: v for k, v in tool.items() if k != name} for tool in tools]
    return tools


def inject(
    payload: dict[str, Any],
    parts: dict[str, Any],
    locations: tuple[Location, ...],
    encoders: Mapping[str, Encoder],
    dialect: str,
    strict: bool,
    id_map: IdMap,
    choice_fields: tuple[FieldPlace, ...] = (),
    tools_fields: tuple[FieldPlace, ...] = (),
) -> Encoded:
    """A copy of payload with the given parts (canonical, by extract()'s keys) in its places."""
    out = copy.deepcopy(payload)
    losses: list[Loss] = []

    def encode(shape: str, value: Any, pointer: str) -> Any:
        result = encoders[shape](value, strict=strict, id_map=id_map)
        losses.extend(loss.at(pointer) for loss in result.losses)
        return result.value

    choices = [loc for loc in locations if loc[0] == "tool_choice"]
    if "tool_choice" in parts:
        choice = parts["tool_choice"]
        choice = _set_choice_fields(
            out,
            None if choice is None else hold_canonical(as_canonical(choice, "tool_choice"), "tool_choice"),
            choice_fields,
        )
        _inject_choice(out, choice, choices, encode)
    for shape in ("tool_definition", "tool_call", "tool_result"):
        key = _PART_KEYS[shape]
        if key not in parts:
            continue
        values = list(parts[key])
        if shape == "tool_definition":
            values = _set_tools_fields(out, values, tools_fields)
        places = [loc for loc in locations if loc[0] == shape and where(out, loc[5])]
        lists = [loc for loc in places if loc[1].count("*") == 1 and loc[1][-1] == "*"]
        if shape == "tool_definition" and lists and len(lists) == len(places):
            _inject_tools(out, values, lists, choices, encode)
            if not values:  # no tools: nothing for the choice's fields to qualify either
                _set_choice_fields(out, None, choice_fields)
            continue
        # the slots of each path in the payload's order, an element matching any location there
        paths = list(dict.fromkeys(loc[1] for loc in places))
        slots = [
            (parent, slot)
            for toks in paths
            for parent, slot in _slots(out, toks)
            if any(_matches(parent[slot], loc[2], loc[3], loc[4]) for loc in places if loc[1] == toks)
        ]
        if len(slots) != len(values):
            raise ValueError(
                f"{dialect}: the payload has {len(slots)} {key}, parts give {len(values)}; inject replaces them one for one"
            )
        for i, ((parent, slot), value) in enumerate(zip(slots, values, strict=True)):
            parent[slot] = encode(shape, value, f"/{key}/{i}")
    return tuple.__new__(Encoded, (out, losses))
