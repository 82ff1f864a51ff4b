"""The tools reader the compiled `_tools_in` replaced, kept as the differential test's oracle
(tests/test_compiled_tools.py): it walks the dialect's envelope locations as data."""

from __future__ import annotations

from typing import Any

from toolwire_dialects._conv_layout import Codecs, Toks
from toolwire_dialects._conv_paths import get, pointer
from toolwire_dialects._errors import MISSING, escape, unescape
from toolwire_dialects._extract import choice_field_in, decode_at, elements, lookup, tools_field_in
from toolwire_dialects._ids import IdMap

__all__ = ["tools_in"]


def tools_in(
    wire: dict[str, Any],
    codecs: Codecs,
    id_map: IdMap,
    request: dict[str, Any],
    fields: dict[str, Any],
    forms: dict[str, Any],
) -> None:
    """The request's tools and tool choice at their envelope locations; a tools-list element
    that is no tool definition (a server tool) is kept as an extension field."""
    tools: list[dict[str, Any]] = []
    choice: dict[str, Any] | None = None
    lists: dict[Toks, list[Any]] = {}
    for shape, toks, when, has, unless, _where in codecs.locations:
        if shape == "tool_definition" and "*" in toks:
            head = toks[: toks.index("*")]
            tail = toks[len(head) + 1 :]
            if head in lists:  # read with the first location of its list: one walk, any of them
                continue
            alike = [loc[2:5] for loc in codecs.locations if loc[0] == shape and loc[1] == toks]
            matched = lists.setdefault(head, [])
            for i, item in enumerate(elements(lookup(wire, head))):
                at = f"{pointer(head)}/{i}"
                inner = (
                    [(item, at)]
                    if not tail
                    else [
                        (element, f"{at}{pointer(tail[:-1])}/{j}")
                        for j, element in enumerate(elements(lookup(item, tail[:-1])))
                    ]
                )
                for element, where in inner:
                    if any(_match(element, *conditions) for conditions in alike):
                        tools.append(decode_at(codecs.decode["tool_definition"], element, where, id_map))
                        matched.append(i)
                if tail and i in matched and type(item) is dict:  # the wrapper's other keys (googleSearch)
                    fields.update({f"{at}/{escape(k)}": v for k, v in item.items() if k != tail[0]})
        elif shape == "tool_choice" and choice is None:
            value = lookup(wire, toks)
            if value is not MISSING and _match(value, when, has, unless):
                choice = decode_at(codecs.decode["tool_choice"], value, pointer(toks), id_map)
            elif value is not MISSING:
                fields.setdefault(pointer(toks), value)
    for head, matched in lists.items():
        for i, item in enumerate(elements(lookup(wire, head))):
            if i not in matched:
                fields[f"{pointer(head)}/{i}"] = item
    if choice is not None:
        fields.pop(
            next(
                (pointer(t) for s, t, *_r in codecs.locations if s == "tool_choice" and lookup(wire, t) is not MISSING),
                "",
            ),
            None,
        )
    for name, toks in codecs.tools_fields:
        tools = tools_field_in(wire, tools, name, toks, codecs.dialect)
    if choice is not None and not tools:  # a choice without tools qualifies nothing: kept as it came
        where = next(
            pointer(t) for kind, t, *_r in codecs.locations if kind == "tool_choice" and lookup(wire, t) is not MISSING
        )
        fields[where] = get(wire, tuple(unescape(t) for t in where[1:].split("/")))
        choice = None
    for name, toks in codecs.choice_fields:
        if choice is None and lookup(wire, toks) is not MISSING:  # nothing to qualify: kept as it came
            fields[pointer(toks)] = lookup(wire, toks)
        choice = choice_field_in(wire, choice, name, toks, codecs.dialect)
    if tools:
        request["tools"] = tools
    for head in lists:
        if lookup(wire, head) == []:
            forms[pointer(head)] = "empty"
        elif lookup(wire, head) is None:
            forms[pointer(head)] = "null"
    if choice is not None:
        request["tool_choice"] = choice


def _match(value: Any, when: Any, has: Any, unless: Any) -> bool:
    return (
        all(lookup(value, t) == v for t, v in when)
        and all(lookup(value, t) is not MISSING for t in has)
        and not any(lookup(value, t) == v for t, v in unless)
    )
