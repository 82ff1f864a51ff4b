# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A response's wire turn -> its canonical message, as a dialect's layout says (requests are
read by the generated `_turns_in`).

One wire unit (a message, an item) becomes one canonical message, never merged, so that the
same dialect writes it back exactly. The dialect's generated converters read the tool parts.
"""

from __future__ import annotations

from typing import Any

from ._conv_layout import Codecs, Spelling, Toks, Turn
from ._conv_links import own_extension
from ._conv_parts import decode_block, field_part, matches
from ._conv_paths import get, pointer, unknown_into
from ._errors import MISSING, DecodeError, describe
from ._extract import decode_at
from ._ids import IdMap

__all__ = ["decode_turn", "keep", "other_kind", "own_extension", "unit_part"]


_ROLES: dict[int, dict[str, tuple[str, int]]] = {}


def keep(value: dict[str, Any], dialect: str, fields: dict[str, Any] | None, forms: dict[str, Any]) -> None:
    """Keep the wire fields and spellings a layout does not read in value's extensions."""
    if fields or forms:
        own = own_extension(value, dialect)
        if fields:
            own["fields"] = fields
        if forms:
            own["forms"] = forms


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
    keep_unknown: bool = True,
) -> dict[str, Any]:
    """One wire turn as a canonical message."""
    if type(unit) is not dict:
        raise DecodeError(dialect, shape, at, f"expected an object, got {describe(unit)}")
    forms: dict[str, Any] = {}
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
    for toks, default in turn.defaults:  # a default written out says nothing; its absence is kept
        where = pointer(toks)
        if get(unit, toks) is MISSING:
            forms[where] = "absent"
        elif unknown and unknown.get(where, MISSING) == default:
            del unknown[where]
    keep(message, dialect, unknown, forms)
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
        if other_kind(item, tf.kinds):
            out.append({"type": "wire", "dialect": dialect, "value": item, "field": pointer(tf.toks)})
        elif tf.part in ("tool_call", "tool_result"):
            key = "call" if tf.part == "tool_call" else "result"
            out.append({"type": tf.part, key: decode_at(codecs.decode[tf.part], item, where, id_map)})
        else:
            out.append(field_part(tf.part, tf.value, item, dialect))


def other_kind(item: Any, kinds: tuple[Toks, tuple[str, ...]] | None) -> bool:
    """Whether a turn field's element names a kind its shape does not read (a Chat custom tool
    call): its kind key holds a string no variant has. A missing or non-string kind is the
    field's own kind, malformed: its codec says what is wrong."""
    if kinds is None or type(item) is not dict:
        return False
    kind = get(item, kinds[0])
    return type(kind) is str and kind not in kinds[1]


def unit_part(
    unit: Any, units: tuple[Spelling, ...], codecs: Codecs, id_map: IdMap, dialect: str, shape: str, at: str
) -> dict[str, Any] | None:
    """A wire unit that is one part on its own (a Chat tool message), as a canonical message."""
    for sp in units:
        if matches(unit, sp):
            part = decode_block(unit, (sp,), codecs, id_map, dialect, shape, at)
            return {"role": sp.role or "user", "parts": [part]}
    return None
