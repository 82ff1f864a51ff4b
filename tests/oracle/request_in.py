"""The whole-request reader the compiled `_request_in` replaced, kept as the differential
test's oracle (tests/test_compiled_turns.py): a request's turns (system instructions from a
top-level field as a leading system turn), tools and tool choice at their envelope
locations, settings, and every key the layout does not read kept as an extension field."""

from __future__ import annotations

from typing import Any

from toolwire_dialects._conv_decode import keep, own_extension
from toolwire_dialects._conv_layout import Codecs, RequestLayout
from toolwire_dialects._conv_paths import get, pointer, unknown_into
from toolwire_dialects._errors import MISSING, DecodeError, describe
from toolwire_dialects._ids import IdMap

from tests.oracle.turns import decode_turns

__all__ = ["decode_request"]


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
    if layout.system is not None and layout.system_in is not None:  # both, or neither
        system = get(wire, layout.system.toks)
        if system is None:
            forms[pointer(layout.system.toks)] = "null"
        elif system is not MISSING:
            messages.append(layout.system_in(system, codecs, id_map))
    units = get(wire, layout.turns)
    if units is MISSING:
        raise DecodeError(dialect, "request", pointer(layout.turns), "expected the conversation's turns, got nothing")
    if type(units) is str and layout.turn.string != "no":  # Responses: input as one user text
        forms[pointer(layout.turns)] = "string"
        turns = [{"role": "user", "parts": [{"type": "text", "text": units}]}]
    else:
        turns = decode_turns(units, layout, codecs, id_map, "request", pointer(layout.turns))
    if messages and turns and turns[0]["role"] == "system":
        own_extension(turns[0], dialect).setdefault("forms", {})[""] = "separate"
    if layout.system is not None:  # leading system turns sent as turns, not in the system field
        for turn in turns:
            if turn["role"] != "system":
                break
            own_extension(turn, dialect).setdefault("forms", {})[""] = "turn"
    request["messages"] = messages + turns
    unknown: dict[str, Any] = {}
    request.update(layout.tools_in(wire, id_map, unknown, forms))  # compiled: its tools and tool choice
    settings = layout.settings_in(wire, forms, unknown)
    if settings:
        request["settings"] = settings
    unknown_into(wire, layout.known, "", unknown)
    keep(request, dialect, unknown, forms)
    return request
