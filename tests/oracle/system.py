"""The system-field reader the compiled `_system_in` replaced, kept as the differential
test's oracle (tests/test_compiled_system.py): it reads the layout's SystemField as data."""

from __future__ import annotations

from typing import Any, NamedTuple

from toolwire_dialects._conv_decode import own_extension
from toolwire_dialects._conv_layout import Codecs
from toolwire_dialects._conv_parts import decode_block
from toolwire_dialects._conv_paths import get, pointer
from toolwire_dialects._errors import DecodeError, describe, escape
from toolwire_dialects._ids import IdMap

__all__ = ["Layout", "system_in"]


class Layout(NamedTuple):
    """What the reader read of the request layout."""

    dialect: str
    system: Any  # the IR's SystemField, its string form spelled no/yes/only
    parts: Any  # the runtime's part spellings


def system_in(value: Any, layout: Layout, codecs: Codecs, id_map: IdMap) -> dict[str, Any]:
    system = layout.system
    at = pointer(system.toks)
    if value == "" and system.string != "no":  # empty instructions: a system turn saying nothing
        return {"role": "system", "parts": [], "extensions": {layout.dialect: {"forms": {"": "string"}}}}
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
        own = own_extension(message, layout.dialect)
        if unknown:
            own["fields"] = unknown
        if forms:
            own["forms"] = forms
    return message
