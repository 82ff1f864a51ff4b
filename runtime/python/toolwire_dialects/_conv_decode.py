# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Whole requests and responses, wire -> canonical, as a dialect's layout says.

One wire unit (a message, an item) becomes one canonical message, never merged, so that the
same dialect writes it back exactly; a unit that follows another of the same role is marked
`separate`. The dialect's generated converters read the tool parts.
"""

from __future__ import annotations

from typing import Any

from ._conv_layout import Codecs, RequestLayout, ResponseLayout, Setting, Spelling, Toks, Turn
from ._conv_parts import decode_block, field_part, matches
from ._conv_paths import get, pointer, put, unknown_into
from ._errors import MISSING, DecodeError, describe, escape, unescape
from ._extract import choice_field_in, decode_at, elements, lookup, tools_field_in
from ._ids import IdMap

__all__ = ["decode_request", "decode_response", "decode_settings", "decode_turn"]


def _own(container: dict[str, Any], dialect: str) -> dict[str, Any]:
    """The dialect's extension object of a canonical value, made on first use."""
    extensions = container.setdefault("extensions", {})
    own: dict[str, Any] = extensions.setdefault(dialect, {})
    return own


_ROLES: dict[int, dict[str, tuple[str, int]]] = {}


def _role_of(turn: Turn, wire_role: Any) -> tuple[str, int] | None:
    """(canonical role, which of its spellings) of a wire role; the table is made once per layout."""
    table = _ROLES.get(id(turn.roles))
    if table is None:
        table = _ROLES[id(turn.roles)] = {}
        for canonical, spellings in turn.roles:
            for i, spelling in enumerate(spellings):
                table.setdefault(spelling, (canonical, i))
    return table.get(wire_role) if type(wire_role) is str else None


def decode_turn(
    unit: Any,
    turn: Turn,
    parts: tuple[Spelling, ...],
    codecs: Codecs,
    id_map: IdMap,
    dialect: str,
    shape: str,
    at: str,
    role: str | None = None,
    keep_unknown: bool = True,
) -> dict[str, Any]:
    """One wire turn as a canonical message (role given: the turn has no role field)."""
    if type(unit) is not dict:
        raise DecodeError(dialect, shape, at, f"expected an object, got {describe(unit)}")
    forms: dict[str, Any] = {}
    if role is None:
        wire_role = get(unit, turn.role)
        found = _role_of(turn, wire_role)
        if found is None and wire_role is MISSING and turn.absent_role is not None:
            found = (turn.absent_role, 0)
            forms[pointer(turn.role)] = "absent"
        if found is None:
            known = ", ".join(s for _c, spellings in turn.roles for s in spellings)
            raise DecodeError(
                dialect, shape, at + pointer(turn.role), f"expected a role ({known}), got {describe(wire_role)}"
            )
        role, alias = found
        if alias:
            forms[pointer(turn.role)] = f"alias:{alias}"
    message: dict[str, Any] = {"role": role, "parts": []}
    out: list[dict[str, Any]] = message["parts"]
    for tf in turn.fields:
        if tf.before:
            _field_parts(unit, tf, codecs, id_map, dialect, shape, at, out, forms)
    content = get(unit, turn.content)
    where = at + pointer(turn.content)
    if type(content) is str and turn.string != "no":
        if content or turn.empty != "string":
            out.append({"type": "text", "text": content})
        if not content:
            forms[pointer(turn.content)] = "string"
    elif type(content) is list and turn.string != "only":
        if not content:
            forms[pointer(turn.content)] = "empty"
        elif turn.string == "yes" and len(content) == 1:
            forms[pointer(turn.content)] = "blocks"
        for i, block in enumerate(content):
            out.append(decode_block(block, parts, codecs, id_map, dialect, shape, f"{where}/{i}"))
    elif content is None:
        forms[pointer(turn.content)] = "null"
    elif content is MISSING:
        if turn.empty != "omit":
            forms[pointer(turn.content)] = "absent"
    else:
        raise DecodeError(dialect, shape, where, f"expected the turn's content, got {describe(content)}")
    for tf in turn.fields:
        if not tf.before:
            _field_parts(unit, tf, codecs, id_map, dialect, shape, at, out, forms)
    unknown = unknown_into(unit, turn.known, "", None) if keep_unknown else None
    if unknown or forms:
        own = _own(message, dialect)
        if unknown:
            own["fields"] = unknown
        if forms:
            own["forms"] = forms
    return message


def _field_parts(
    unit: dict[str, Any],
    tf: Any,
    codecs: Codecs,
    id_map: IdMap,
    dialect: str,
    shape: str,
    at: str,
    out: list[dict[str, Any]],
    forms: dict[str, Any],
) -> None:
    value = get(unit, tf.toks)
    if value is MISSING:
        return
    if value is None:
        forms[pointer(tf.toks)] = "null"
        return
    values = value if tf.many else [value]
    if tf.many:
        if type(value) is not list:
            raise DecodeError(dialect, shape, at + pointer(tf.toks), f"expected an array, got {describe(value)}")
        if not value:
            forms[pointer(tf.toks)] = "empty"
    for i, item in enumerate(values):
        where = at + pointer(tf.toks) + (f"/{i}" if tf.many else "")
        if tf.part in ("tool_call", "tool_result"):
            key = "call" if tf.part == "tool_call" else "result"
            out.append({"type": tf.part, key: decode_at(codecs.decode[tf.part], item, where, id_map)})
        else:
            out.append(field_part(tf.part, tf.value, item, dialect))


def _unit_part(
    unit: Any, units: tuple[Spelling, ...], codecs: Codecs, id_map: IdMap, dialect: str, shape: str, at: str
) -> dict[str, Any] | None:
    """A wire unit that is one part on its own (a Chat tool message), as a canonical message."""
    for sp in units:
        if matches(unit, sp):
            part = decode_block(unit, (sp,), codecs, id_map, dialect, shape, at)
            return {"role": sp.role or "user", "parts": [part]}
    return None


def _turns(
    units: Any, layout: RequestLayout | ResponseLayout, codecs: Codecs, id_map: IdMap, shape: str, at: str
) -> list[dict[str, Any]]:
    if type(units) is not list:
        raise DecodeError(layout.dialect, shape, at, f"expected an array of turns, got {describe(units)}")
    messages: list[dict[str, Any]] = []
    for i, unit in enumerate(units):
        where = f"{at}/{i}"
        message = _unit_part(unit, layout.units, codecs, id_map, layout.dialect, shape, where)
        if message is None:
            message = decode_turn(unit, layout.turn, layout.parts, codecs, id_map, layout.dialect, shape, where)
        if messages and messages[-1]["role"] == message["role"]:
            _own(message, layout.dialect).setdefault("forms", {})[""] = "separate"
        messages.append(message)
    return messages


def decode_settings(
    wire: dict[str, Any], settings: tuple[Setting, ...], forms: dict[str, Any], fields: dict[str, Any]
) -> dict[str, Any]:
    """The canonical settings of a request; a value the mapping's `values` do not list stays
    a wire field (kept for the round trip, a loss elsewhere), never an error."""
    out: dict[str, Any] = {}
    for s in settings:
        if s.toks[0] not in wire and not s.aliases:
            continue
        toks = s.toks
        value = get(wire, toks)
        if value is not MISSING:
            for alias in s.aliases:  # both spellings sent: the other one is kept as it is
                if get(wire, alias) is not MISSING:
                    fields[pointer(alias)] = get(wire, alias)
        if value is MISSING:
            for i, alias in enumerate(s.aliases, 1):
                value = get(wire, alias)
                if value is not MISSING:
                    forms[pointer(s.toks)] = f"alias:{i}"
                    toks = alias
                    break
            else:
                continue
        if value is None:
            forms[pointer(s.toks)] = "null"
            continue
        if s.values:
            spelled = next((c for c, w in s.values if w == value and type(w) is type(value)), MISSING)
            if spelled is MISSING:
                fields[pointer(toks)] = value
                continue
            nth = [w for c, w in s.values if c == spelled].index(value)
            if nth:  # another spelling of the same value (a level in lower case)
                forms[pointer(s.toks)] = f"value:{nth}"
            value = spelled
        elif s.encoding == "string_or_list" and type(value) is str:
            forms[pointer(s.toks)] = "string"
            value = [value]
        put(out, s.name, value)
    return out


def _tools(
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
                    if _match(element, when, has, unless):
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


def decode_request(wire: Any, layout: RequestLayout, codecs: Codecs, id_map: IdMap | None) -> dict[str, Any]:
    dialect = layout.dialect
    if type(wire) is not dict:
        raise DecodeError(dialect, "request", "", f"expected a request object, got {describe(wire)}")
    id_map = IdMap() if id_map is None else id_map
    request: dict[str, Any] = {}
    forms: dict[str, Any] = {}
    if layout.model is not None and get(wire, layout.model) is not MISSING:
        request["model"] = get(wire, layout.model)
    messages: list[dict[str, Any]] = []
    if layout.system is not None:
        system = get(wire, layout.system.toks)
        if system is not MISSING:
            messages.append(_system(system, layout, codecs, id_map))
    units = get(wire, layout.turns)
    if units is MISSING:
        raise DecodeError(dialect, "request", pointer(layout.turns), "expected the conversation's turns, got nothing")
    if type(units) is str and layout.turn.string != "no":  # Responses: input as one user text
        forms[pointer(layout.turns)] = "string"
        turns = [{"role": "user", "parts": [{"type": "text", "text": units}]}]
    else:
        turns = _turns(units, layout, codecs, id_map, "request", pointer(layout.turns))
    if messages and turns and turns[0]["role"] == "system":
        _own(turns[0], dialect).setdefault("forms", {})[""] = "separate"
    request["messages"] = messages + turns
    unknown: dict[str, Any] = {}
    _tools(wire, codecs, id_map, request, unknown, forms)
    settings = decode_settings(wire, layout.settings, forms, unknown)
    if settings:
        request["settings"] = settings
    unknown_into(wire, layout.known, "", unknown)
    for key, sub in layout.known.items():  # a settings object sent empty says nothing, but was sent
        if sub and wire.get(key) == {}:
            forms[f"/{escape(key)}"] = "present"
    if unknown or forms:
        own = _own(request, dialect)
        if unknown:
            own["fields"] = unknown
        if forms:
            own["forms"] = forms
    return request


def _system(value: Any, layout: RequestLayout, codecs: Codecs, id_map: IdMap) -> dict[str, Any]:
    system = layout.system
    assert system is not None
    at = pointer(system.toks)
    if type(value) is str and system.string != "no":
        return {"role": "system", "parts": [{"type": "text", "text": value}]}
    if system.string == "only":
        raise DecodeError(layout.dialect, "request", at, f"expected a string, got {describe(value)}")
    holder = value
    blocks = value if system.parts is None else get(value, system.parts)
    if type(blocks) is not list:
        raise DecodeError(layout.dialect, "request", at, f"expected an array of blocks, got {describe(blocks)}")
    message: dict[str, Any] = {"role": "system", "parts": []}
    for i, block in enumerate(blocks):
        where = f"{at}{pointer(system.parts or ())}/{i}"
        message["parts"].append(decode_block(block, layout.parts, codecs, id_map, layout.dialect, "request", where))
    forms: dict[str, Any] = {}
    if system.string == "yes" and len(blocks) == 1:
        forms[""] = "blocks"
    unknown = None
    if system.parts is not None and type(holder) is dict:
        unknown = {f"/{escape(k)}": v for k, v in holder.items() if k != system.parts[0]} or None
    if unknown or forms:
        own = _own(message, layout.dialect)
        if unknown:
            own["fields"] = unknown
        if forms:
            own["forms"] = forms
    return message


def decode_response(wire: Any, layout: ResponseLayout, codecs: Codecs, id_map: IdMap | None) -> dict[str, Any]:
    dialect = layout.dialect
    if type(wire) is not dict:
        raise DecodeError(dialect, "response", "", f"expected a response object, got {describe(wire)}")
    id_map = IdMap() if id_map is None else id_map
    response: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    forms: dict[str, Any] = {}
    for toks, value in layout.constants:
        if get(wire, toks) != value:
            raise DecodeError(
                dialect, "response", pointer(toks), f"expected {describe(value)}, got {describe(get(wire, toks))}"
            )
    if layout.id is not None and type(get(wire, layout.id)) is str:
        response["id"] = get(wire, layout.id)
    if layout.model is not None and type(get(wire, layout.model)) is str:
        response["model"] = get(wire, layout.model)
    if layout.turns is not None:
        units = get(wire, layout.turns)
        message: dict[str, Any] = {"role": "assistant", "parts": []}
        for i, unit in enumerate(elements(units)):
            at = f"{pointer(layout.turns)}/{i}"
            one = _unit_part(unit, layout.units, codecs, id_map, dialect, "response", at)
            if one is None:
                one = decode_turn(
                    unit, layout.turn, layout.parts, codecs, id_map, dialect, "response", at, keep_unknown=False
                )
                unknown_into(unit, layout.turn.known, at, fields)
            message["parts"].extend(one["parts"])
        if type(units) is not list:
            raise DecodeError(dialect, "response", pointer(layout.turns), f"expected an array, got {describe(units)}")
    else:
        toks = layout.message or ()
        unit = get(wire, toks)
        if unit is MISSING and toks:  # no turn at all (a blocked prompt, a filtered candidate)
            message = {
                "role": layout.role or "assistant",
                "parts": [],
                "extensions": {dialect: {"forms": {"": "absent"}}},
            }
        elif unit is MISSING:
            raise DecodeError(dialect, "response", "", "expected the assistant turn, got nothing")
        else:
            message = decode_turn(
                unit,
                layout.turn,
                layout.parts,
                codecs,
                id_map,
                dialect,
                "response",
                pointer(toks),
                role=layout.role,
                keep_unknown=bool(toks),
            )
    response["message"] = message
    if layout.finish is not None:
        wire_reason = get(wire, layout.finish)
        if wire_reason is not MISSING and wire_reason is not None:
            calls = any(part["type"] == "tool_call" for part in message["parts"])
            response["finish_reason"] = finish_in(
                wire_reason, layout.finish_values, layout.finish, forms, fields, calls
            )
    usage: dict[str, Any] = {}
    for name, toks in layout.usage:
        value = get(wire, toks)
        if type(value) is int:
            usage[name] = value
    if usage:
        response["usage"] = usage
    unknown_into(wire, layout.known, "", fields)
    if fields or forms:
        own = _own(response, dialect)
        if fields:
            own["fields"] = fields
        if forms:
            own["forms"] = forms
    return response


def finish_in(
    wire_reason: Any,
    values: tuple[tuple[str, Any], ...],
    toks: tuple[str, ...],
    forms: dict[str, Any],
    fields: dict[str, Any],
    calls: bool = False,
) -> str:
    """A wire finish reason as the canonical one. A wire value that spells both stop and
    tool_calls (Gemini's STOP) is tool_calls when the turn made calls. One the mapping does
    not list is `other`, its wire value kept."""
    meanings = [c for c, w in values if w == wire_reason]
    if not meanings:
        fields[pointer(toks)] = wire_reason
        return "other"
    canonical = "tool_calls" if calls and "tool_calls" in meanings else meanings[0]
    nth = [w for c, w in values if c == canonical].index(wire_reason)
    if nth:
        forms[pointer(toks)] = f"alias:{nth}"
    return canonical
