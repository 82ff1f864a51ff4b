# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A whole (non-streamed) response, both ways: the assistant turn, id, model, finish reason
and usage where the layout says, and every other key kept as an extension field."""

from __future__ import annotations

from typing import Any

from ._conv_decode import decode_turn, keep, unit_part
from ._conv_encode import EMPTY, Run, encode_turns
from ._conv_guard import check_canonical
from ._conv_layout import Codecs, ResponseLayout
from ._conv_paths import get, pointer, put, put_fresh, unknown_into
from ._errors import MISSING, DecodeError, Encoded, describe
from ._extract import elements
from ._ids import IdMap
from ._reasoning_claude import Signing
from ._strict_json import exact_integer
from ._usage import usage_in, usage_out

__all__ = ["decode_response", "encode_response", "finish_in"]


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
            one = unit_part(unit, layout.units, codecs, id_map, dialect, "response", at)
            if one is None and _roleless(unit, layout):
                # an item with no canonical kind (a hosted tool's call, web_search_call): kept whole
                one = {"parts": [{"type": "wire", "dialect": dialect, "value": unit, "unit": True}]}
            elif one is None:
                one = decode_turn(
                    unit, layout.turn, layout.parts, codecs, id_map, dialect, "response", at, keep_unknown=False
                )
                unknown_into(unit, layout.turn.known, at, fields)
                for toks, default in layout.turn.defaults:  # written out, it says nothing
                    if fields.get(at + pointer(toks), MISSING) == default:
                        del fields[at + pointer(toks)]
            message["parts"].extend(one["parts"])
            if layout.item_ids and type(unit) is dict:
                _note_id(unit, i, layout, one["parts"], fields, forms)
        if type(units) is not list:
            raise DecodeError(dialect, "response", pointer(layout.turns), f"expected an array, got {describe(units)}")
    else:
        toks = layout.message or ()
        unit = get(wire, toks)
        if unit is MISSING and toks:  # no turn at all (a blocked prompt, a filtered candidate)
            message = {
                "role": "assistant",
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
                keep_unknown=bool(toks),
            )
    response["message"] = message
    if layout.finish is not None:
        wire_reason = get(wire, layout.finish)
        if wire_reason is not MISSING and wire_reason is not None:
            calls = any(part["type"] == "tool_call" for part in message["parts"])
            told = get(wire, layout.finish_detail) if layout.finish_detail is not None else MISSING
            response["finish_reason"] = finish_in(
                wire_reason, layout.finish_values, layout.finish, forms, fields, calls, (told, layout)
            )
    counts: dict[str, int] = {}
    for name, toks in layout.usage:
        value = get(wire, toks)
        if exact_integer(value) and value >= 0:
            counts[name] = value
        elif value is not MISSING:  # no count (null, negative, text): kept as it came, for a round trip
            fields[pointer(toks)] = value
    usage = usage_in(counts, layout.usage_excludes)
    for name, toks in layout.usage:
        if name in counts and name not in usage:  # its sum is past the exact range: kept as it came
            fields[pointer(toks)] = counts[name]
    if usage:
        response["usage"] = usage
    unknown_into(wire, layout.known, "", fields)
    keep(response, dialect, fields, forms)
    return response


def _give_ids(units: Any, layout: ResponseLayout, forms: dict[str, Any]) -> None:
    """Each item of a kind that has ids (item_ids) and none of its own gets the kind's prefix
    and its position, as the stream relay names them; not one the decoded response had without."""
    at = pointer(layout.turns or ())
    for i, unit in enumerate(units if type(units) is list else ()):
        if type(unit) is dict and "id" not in unit and forms.get(f"{at}/{i}/id") != "absent":
            prefix = _kind_with_ids(unit, layout)
            if prefix is not None:
                unit["id"] = f"{prefix}{i}"


def _note_id(
    unit: dict[str, Any],
    i: int,
    layout: ResponseLayout,
    parts: list[dict[str, Any]],
    fields: dict[str, Any],
    forms: dict[str, Any],
) -> None:
    """An item of a kind item_ids names: without an id, its absence is kept (encode gives none);
    with the id encode would give it (toolwire's own), the id says nothing and is not kept."""
    prefix = _kind_with_ids(unit, layout)
    at = f"{pointer(layout.turns or ())}/{i}"
    if prefix is None:
        return
    if "id" not in unit:
        forms[f"{at}/id"] = "absent"
    elif unit["id"] == f"{prefix}{i}":
        fields.pop(f"{at}/id", None)
        for part in parts:  # an item read as one part keeps its id in its own fields, or its call's
            for holder in (part, part.get("call"), part.get("result")):
                if type(holder) is dict:
                    _forget_id(holder, layout.dialect)


def _forget_id(value: dict[str, Any], dialect: str) -> None:
    """value without the item id its dialect's extension kept (and without what that empties)."""
    own = value.get("extensions", EMPTY).get(dialect, EMPTY)
    kept = own.get("fields", EMPTY)
    if "/id" in kept:
        del kept["/id"]
        if not kept:
            del own["fields"]
        if not own:
            del value["extensions"][dialect]
        if not value["extensions"]:
            del value["extensions"]


def _kind_with_ids(unit: dict[str, Any], layout: ResponseLayout) -> str | None:
    """The id prefix item_ids gives the item's kind, or None."""
    return next((prefix for kind, prefix in layout.item_ids if kind == unit.get("type")), None)


def _roleless(unit: Any, layout: ResponseLayout) -> bool:
    """A unit of a list of items that is no turn: an object without the role a turn has, or,
    where the role key names every unit's kind too (Interactions' type), of a kind neither a
    role nor a unit spells (a hosted tool's step)."""
    turn = layout.turn
    if type(unit) is not dict or turn.absent_role is not None:
        return False
    role = get(unit, turn.role)
    if role is MISSING:
        return True
    if type(role) is not str or not layout.units:
        return False
    if any(all(toks != turn.role for toks, _value in sp.when) for sp in layout.units):
        return False  # the role is a key of its own (Responses' role)
    spelled = {s for _canonical, spellings in turn.roles for s in spellings}
    spelled |= {v for sp in layout.units for toks, v in sp.when if toks == turn.role and type(v) is str}
    return role not in spelled


def finish_in(
    wire_reason: Any,
    values: tuple[tuple[str, Any], ...],
    toks: tuple[str, ...],
    forms: dict[str, Any],
    fields: dict[str, Any],
    calls: bool = False,
    detail: tuple[Any, ResponseLayout] | None = None,
) -> str:
    """A wire finish reason as the canonical one. A wire value that spells both stop and
    tool_calls (Gemini's STOP) is tool_calls when the turn made calls, and one that spells
    several reasons its detail tells apart (detail: the detail's wire value, the layout) is
    the reason the detail names. One the mapping does not list is `other`, its value kept."""
    meanings = [c for c, w in values if w == wire_reason]
    if not meanings:
        fields[pointer(toks)] = wire_reason
        return "other"
    if detail is not None:
        meanings = _told_apart(meanings, *detail, forms, fields)
    canonical = "tool_calls" if calls and "tool_calls" in meanings else meanings[0]
    if detail is not None and detail[0] is MISSING and any(c == canonical for c, _d in detail[1].finish_details):
        forms[pointer(detail[1].finish_detail or ())] = "absent"  # written back without one
    nth = [w for c, w in values if c == canonical].index(wire_reason)
    if nth:
        forms[pointer(toks)] = f"alias:{nth}"
    return canonical


def _told_apart(
    meanings: list[str], told: Any, layout: ResponseLayout, forms: dict[str, Any], fields: dict[str, Any]
) -> list[str]:
    """The reasons of meanings the detail told names; a detail it does not list is kept as it
    came (and encode writes none of its own)."""
    if told is MISSING:
        return meanings
    named = [c for c, d in layout.finish_details if d == told and c in meanings]
    if not named:
        at = pointer(layout.finish_detail or ())
        fields[at] = told
        forms[at] = "kept"
    return named or meanings


def encode_response(
    canonical: dict[str, Any],
    layout: ResponseLayout,
    codecs: Codecs,
    strict: bool,
    id_map: IdMap | None,
    reasoning: str,
    model: str | None = None,
    signing: Signing | None = None,
) -> Encoded:
    check_canonical(canonical, "response")
    run = Run(layout.dialect, codecs, strict, id_map, reasoning)
    run.signing = signing or {}  # every dialect's signed_reasoning: whose signatures it replays
    run.empty_blocks = layout.empty_blocks  # a client replays the answer's blocks in its next request
    run.block_rules = layout.block_rules
    own = run.own(canonical, "")
    forms = own.get("forms", EMPTY)
    wire: dict[str, Any] = {}
    if model is not None and "model" not in canonical and layout.model is not None:
        put(wire, layout.model, model)  # the caller names the model the response lacks
    for toks, value in layout.constants:
        put_fresh(wire, toks, value)
    for key, place in (("id", layout.id), ("model", layout.model)):
        if key in canonical:
            if place is not None:
                put(wire, place, canonical[key])
            else:
                run.lose("response.field_dropped", f"/{key}", f"the response {key}")
    message = canonical["message"]
    if layout.turns is not None:
        units = encode_turns([("", message)], layout.turn, layout.units, layout.parts, False, run, "/message")
        put(wire, layout.turns, units)
    else:
        absent = not message["parts"] and run.own(message, "/message").get("forms", EMPTY).get("") == "absent"
        rendered = (
            [] if absent else encode_turns([("", message)], layout.turn, (), layout.parts, True, run, "/message", True)
        )
        body = rendered[0] if rendered else {}
        if layout.message and not absent:
            put(wire, layout.message, body)
        elif not absent:
            wire.update(body)
    calls = any(part.get("type") == "tool_call" for part in message["parts"])
    _finish_out(wire, canonical.get("finish_reason"), layout, forms, run, calls)
    places = dict(layout.usage)
    for name, value in usage_out(canonical.get("usage") or EMPTY, places, layout.usage_excludes, run.lose).items():
        put(wire, places[name], value)
    run.put_fields(wire, own, "")
    if layout.item_ids and layout.turns is not None:
        _give_ids(get(wire, layout.turns), layout, forms)
    for toks, value in layout.required:
        if get(wire, toks) is MISSING:
            put_fresh(wire, toks, value)
            at = "/finish_reason" if toks == layout.finish else pointer(toks)
            run.lose("response.defaulted", at, f"a response without {pointer(toks)} (sent the default {value!r})")
    return tuple.__new__(Encoded, (wire, run.losses))


def _finish_out(
    wire: dict[str, Any], reason: Any, layout: ResponseLayout, forms: dict[str, Any], run: Run, calls: bool
) -> None:
    if reason is None or layout.finish is None:
        if reason is not None:
            run.lose("finish_reason.dropped", "/finish_reason", "a finish reason")
        return
    spelled = [w for c, w in layout.finish_values if c == reason]
    if not spelled:
        if reason != "other":
            run.lose("finish_reason.dropped", "/finish_reason", f"the finish reason {reason!r}")
        return  # "other": the wire value comes back from the extension fields
    alias = forms.get(pointer(layout.finish), "")
    n = int(alias[6:]) if alias.startswith("alias:") and int(alias[6:]) < len(spelled) else 0
    put(wire, layout.finish, spelled[n])
    told = next((d for c, d in layout.finish_details if c == reason), MISSING)
    if told is not MISSING and pointer(layout.finish_detail or ()) not in forms:  # absent, or kept
        put(wire, layout.finish_detail or (), told)
        return  # the detail says which reason the wire value is
    reads_as = [c for c, w in layout.finish_values if w == spelled[n]]
    if reads_as[0] != reason and not (reason == "tool_calls" and calls):
        # one wire value for several reasons: what comes back is another one
        run.lose(
            "finish_reason.changed",
            "/finish_reason",
            f"the finish reason {reason!r} (sent as {spelled[n]!r}, which reads as {reads_as[0]!r})",
        )
