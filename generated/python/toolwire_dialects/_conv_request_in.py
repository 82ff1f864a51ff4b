# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A whole request, wire -> canonical: its turns (system instructions from a top-level field
as a leading system turn), tools and tool choice at their envelope locations, settings, and
every key the layout does not read kept as an extension field."""

from __future__ import annotations

from typing import Any

from ._conv_decode import decode_turns, keep, own_extension
from ._conv_layout import Codecs, RequestLayout
from ._conv_paths import get, pointer, unknown_into
from ._errors import MISSING, DecodeError, describe
from ._ids import IdMap

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
