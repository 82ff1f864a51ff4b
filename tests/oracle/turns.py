"""The turns reader the compiled `_turns_in` replaced, kept as the differential test's oracle
(tests/test_compiled_turns.py): it walks a request's wire turns with the layout as data. Its
pieces that still read responses (`decode_turn`, `unit_part`) stay in the runtime."""

from __future__ import annotations

from typing import Any

from toolwire_dialects._conv_decode import decode_turn, own_extension, unit_part
from toolwire_dialects._conv_layout import Codecs, RequestLayout, Turn
from toolwire_dialects._conv_links import Links
from toolwire_dialects._conv_paths import get
from toolwire_dialects._errors import MISSING, DecodeError, describe
from toolwire_dialects._ids import IdMap

__all__ = ["decode_turns"]


def _flat(layout: RequestLayout) -> bool:
    """Turns are a flat list of items (calls are units of their own: Responses)."""
    return any(sp.part == "tool_call" for sp in layout.units)


def _roleless(unit: Any, turn: Turn) -> bool:
    return type(unit) is dict and turn.absent_role is None and get(unit, turn.role) is MISSING


def decode_turns(
    units: Any, layout: RequestLayout, codecs: Codecs, id_map: IdMap, shape: str, at: str
) -> list[dict[str, Any]]:
    if type(units) is not list:
        raise DecodeError(layout.dialect, shape, at, f"expected an array of turns, got {describe(units)}")
    messages: list[dict[str, Any]] = []
    links = Links(id_map, layout.dialect)
    for i, unit in enumerate(units):
        where = f"{at}/{i}"
        message = unit_part(unit, layout.units, codecs, id_map, layout.dialect, shape, where)
        if message is None and _flat(layout) and _roleless(unit, layout.turn):
            # an item with no canonical kind in a list of items (a hosted tool's call): kept whole
            message = {
                "role": "assistant",
                "parts": [{"type": "wire", "dialect": layout.dialect, "value": unit, "unit": True}],
            }
        if message is None:
            message = decode_turn(unit, layout.turn, layout.parts, codecs, id_map, layout.dialect, shape, where)
        if messages and messages[-1]["role"] == message["role"]:
            own_extension(message, layout.dialect).setdefault("forms", {})[""] = "separate"
        links.turn(message, where)
        messages.append(message)
    return messages
