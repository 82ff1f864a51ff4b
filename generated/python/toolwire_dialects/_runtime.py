# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The import surface of the generated converters: `from . import _runtime as _rt`, then
`_rt.<name>`. Only re-exports live here, no logic: each name is defined in the module that
does its one job, and no runtime module imports this one (so there is no import cycle).

    _errors         errors, losses, MISSING, JSON Pointer tokens, value descriptions
    _strict_json    the strict JSON reader (NaN, Infinity, 1e400, lone surrogates, depth)
    _arguments      argument text: parsed strictly, never repaired; its original spelling kept
    _coercion       input coercion: JSON text and SDK objects as plain dicts
    _explain        decode errors: the pointer of the first failed check
    _ids            the id map (rewrite, mint, link by position) and encode_id
    _extensions     wire fields a mapping does not describe, kept for the round trip
    _canonical      one spelling for one meaning; canonical values in loss messages
    _content        content as one string, results as one object, data URLs
    _structured     a result's structured value beside its blocks, as a json part
    _schema_openapi parameter schemas in Gemini's OpenAPI subset
    _schema_profiles parameter schema profiles: OpenAI's explicit properties and strict mode
    _extract        reading an envelope: paths with '*', conditions, settings beside the tools
    _inject         writing parts back into an envelope

Everything dialect-specific lives in the generated dialect modules; the runtime only holds
the vocabulary terms that are the same for every dialect.
"""

from __future__ import annotations

from ._arguments import arguments_text, dump_arguments, not_an_object, parse_arguments
from ._canonical import (
    describe_choice,
    describe_part,
    first,
    in_table,
    is_absent,
    listed,
    mapped,
    need,
    normalize_choice,
    size,
)
from ._coercion import as_canonical, as_wire, held, held_canonical, held_fields, hold, hold_canonical, to_plain
from ._content import (
    base64_text,
    content_as_string,
    data_url,
    data_url_type_in,
    document_format,
    document_media_type,
    is_data_url,
    is_image_type,
    media_type_in,
    report_dropped,
    result_from_object,
    result_to_object,
    split_data_url,
    text_base64,
    text_of_json,
)
from ._errors import (
    MISSING,
    CanonicalError,
    ConversionError,
    DecodeError,
    Encoded,
    Invalid,
    Loss,
    LossError,
    RequiredValueError,
    allowing,
    describe,
    escape,
    missing,
    refuse_unallowed,
    report,
)
from ._explain import explain, string_list
from ._extensions import apply_fields, extension, foreign_extensions, unknown_fields
from ._extract import choice_field_in, decode_at, elements, first_at, lookup, tools_field_in, where
from ._ids import CANONICAL_IDS, IdMap, IdPolicy, Note, encode_id, id_checker, note_position
from ._inject import inject
from ._media import media_in, media_out, put_media
from ._schema_openapi import OPENAPI_KEYWORDS, openapi_types_lower_case, schema_from_openapi, schema_to_openapi
from ._schema_profiles import (
    is_object_schema,
    schema_profile_form,
    strict_mode_problem,
    strict_tool_definition,
    to_strict_schema,
    with_explicit_properties,
)
from ._strict_json import MAX_DEPTH, checked, loads, raw_decode
from ._structured import structured_in, structured_out

__all__ = [
    "CANONICAL_IDS",
    "MAX_DEPTH",
    "MISSING",
    "OPENAPI_KEYWORDS",
    "CanonicalError",
    "ConversionError",
    "DecodeError",
    "Encoded",
    "IdMap",
    "IdPolicy",
    "Invalid",
    "Loss",
    "LossError",
    "Note",
    "RequiredValueError",
    "allowing",
    "apply_fields",
    "arguments_text",
    "as_canonical",
    "as_wire",
    "base64_text",
    "checked",
    "choice_field_in",
    "content_as_string",
    "data_url",
    "data_url_type_in",
    "decode_at",
    "describe",
    "describe_choice",
    "describe_part",
    "document_format",
    "document_media_type",
    "dump_arguments",
    "elements",
    "encode_id",
    "escape",
    "explain",
    "extension",
    "first",
    "first_at",
    "foreign_extensions",
    "held",
    "held_canonical",
    "held_fields",
    "hold",
    "hold_canonical",
    "id_checker",
    "in_table",
    "inject",
    "is_absent",
    "is_data_url",
    "is_image_type",
    "is_object_schema",
    "listed",
    "loads",
    "lookup",
    "mapped",
    "media_in",
    "media_out",
    "media_type_in",
    "missing",
    "need",
    "normalize_choice",
    "not_an_object",
    "note_position",
    "openapi_types_lower_case",
    "parse_arguments",
    "put_media",
    "raw_decode",
    "refuse_unallowed",
    "report",
    "report_dropped",
    "result_from_object",
    "result_to_object",
    "schema_from_openapi",
    "schema_profile_form",
    "schema_to_openapi",
    "size",
    "split_data_url",
    "strict_mode_problem",
    "strict_tool_definition",
    "string_list",
    "structured_in",
    "structured_out",
    "text_base64",
    "text_of_json",
    "to_plain",
    "to_strict_schema",
    "tools_field_in",
    "unknown_fields",
    "where",
    "with_explicit_properties",
]
