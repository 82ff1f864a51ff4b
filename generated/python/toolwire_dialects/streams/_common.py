# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The import surface of the generated stream modules: `from . import _common as _c`, then
`_c.<name>`. Only re-exports live here, no logic: the behaviour that is the same for every
dialect is in this package, one job per module, and no runtime module imports this one.

    _events     StreamError, events read as dicts, pointers, private copies of wire calls
    _state      Call (one call in flight) and StreamState (the fields and dialect hooks)
    _canonical  a finished call as canonical: decoded, invalid or incomplete
    _lifecycle  calls started, stopped, cut off, whole; finish reasons
    _calls      CallStates: the above, with findings and notes (errors, strays, server tools)
    _jsonpath   Vertex AI JSONPath arguments (PathArgs, and partialArgs for emission)
    _text       feed_text: SSE, JSON lines, a streamed JSON array
    _assembler  Assembler: all of it in one class, and finish()/result()
    _emit       emission: argument text in fragments, keys, SSE / JSON-lines framing

Everything dialect-specific (which events carry what, at which pointers) is unrolled into
the dialect modules beside this one.
"""

from __future__ import annotations

from .._arguments import dump_arguments
from .._errors import MISSING
from .._ids import IdMap
from .._strict_json import loads
from ._assembler import Assembler
from ._calls import CallStates
from ._emit import emit_key, pieces, text_of, to_text, value_at
from ._events import ENDED, SHAPE, StreamError, as_event, item_copy, overlay, put, put_default, same, where
from ._jsonpath import PathArgs, get_path, json_path, partial_args, set_path
from ._state import COMPACT as _COMPACT
from ._state import Call

__all__ = [
    "ENDED",
    "MISSING",
    "SHAPE",
    "_COMPACT",
    "Assembler",
    "Call",
    "CallStates",
    "IdMap",
    "PathArgs",
    "StreamError",
    "as_event",
    "dump_arguments",
    "emit_key",
    "get_path",
    "item_copy",
    "json_path",
    "loads",
    "overlay",
    "partial_args",
    "pieces",
    "put",
    "put_default",
    "same",
    "set_path",
    "text_of",
    "to_text",
    "value_at",
    "where",
]
