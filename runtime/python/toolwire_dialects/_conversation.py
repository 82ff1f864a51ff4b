# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The import surface of the generated conversation converters: `from . import _conversation
as _conv`, then `_conv.<name>`. Only re-exports live here, no logic:

    _conv_layout    a dialect's conversation layout as data (built by the generated module)
    _conv_paths     values at paths of keys; the keys a layout knows; extension fields put back
    _conv_parts     message parts: spellings read and written, tool parts through their shapes
    _conv_decode    whole requests and responses, wire -> canonical
    _conv_encode    whole requests and responses, canonical -> wire
    _conv_settings  generation settings, canonical -> wire
    _conv_tools     a request's tools and tool choice, canonical -> wire
"""

from __future__ import annotations

from ._conv_decode import decode_request, decode_response, finish_in
from ._conv_encode import encode_request, encode_response
from ._conv_layout import (
    Codecs,
    PartField,
    RequestLayout,
    ResponseLayout,
    Setting,
    Spelling,
    SystemField,
    Turn,
    TurnField,
)
from ._conv_paths import known_tree

__all__ = [
    "Codecs",
    "PartField",
    "RequestLayout",
    "ResponseLayout",
    "Setting",
    "Spelling",
    "SystemField",
    "Turn",
    "TurnField",
    "decode_request",
    "decode_response",
    "encode_request",
    "encode_response",
    "finish_in",
    "known_tree",
]
