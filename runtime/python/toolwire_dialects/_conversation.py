# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The import surface of the generated conversation converters: `from . import _conversation
as _conv`, then `_conv.<name>`. Only re-exports live here, no logic:

    _conv_layout    a dialect's conversation layout as data (built by the generated module)
    _conv_paths     values at paths of keys; the keys a layout knows; extension fields put back
    _conv_parts     message parts: spellings read and written, tool parts through their shapes
    _conv_decode    a response's wire turn -> its canonical message
    _conv_links     leaves of the compiled turns readers: result linkage, kept fields
    _conv_encode    canonical messages -> wire turns
    _conv_response  a whole response, both ways (turn, finish reason, usage)
    _forms          the spellings a round trip keeps, as compiled writers read them
    _conv_guard     a setting's value against its canonical type
    _conv_tools     a request's tools and tool choice, canonical -> wire
    _conv_out       the leaves of the compiled request writers (losses, extensions, call links)
    _cache          prompt-cache breakpoints: wire markers <-> canonical cache values
    _reasoning      the reasoning policy an encoder was given (keep, text, drop)
    _custom_tools   the custom_tools option: OpenAI custom tools sent as functions when asked
"""

from __future__ import annotations

from ._cache import cache_blocks, cache_in, cache_out
from ._citations import citations_in
from ._conv_guard import below, check_canonical, setting_problem
from ._conv_layout import (
    CacheMarker,
    Codecs,
    Lose,
    PartField,
    RequestLayout,
    ResponseLayout,
    Spelling,
    SystemField,
    Turn,
    TurnField,
)
from ._conv_links import Links, kept_fields
from ._conv_out import Out, article, forms_of, media_of, put, shown, wire_what
from ._conv_parts import decode_block, sniff_media_type
from ._conv_paths import get, known_tree, unknown_into
from ._conv_response import decode_response, encode_response, finish_in
from ._conv_tools import encode_tools
from ._custom_tools import custom_tools_policy, customs_as_functions
from ._forms import form_index, form_of
from ._reasoning import reasoning_policy
from ._reasoning_claude import Signing, signed_out

__all__ = [
    "CacheMarker",
    "Codecs",
    "Links",
    "Lose",
    "Out",
    "PartField",
    "RequestLayout",
    "ResponseLayout",
    "Signing",
    "Spelling",
    "SystemField",
    "Turn",
    "TurnField",
    "article",
    "below",
    "cache_blocks",
    "cache_in",
    "cache_out",
    "check_canonical",
    "citations_in",
    "custom_tools_policy",
    "customs_as_functions",
    "decode_block",
    "decode_response",
    "encode_response",
    "encode_tools",
    "finish_in",
    "form_index",
    "form_of",
    "forms_of",
    "get",
    "kept_fields",
    "known_tree",
    "media_of",
    "put",
    "reasoning_policy",
    "setting_problem",
    "shown",
    "signed_out",
    "sniff_media_type",
    "unknown_into",
    "wire_what",
]
