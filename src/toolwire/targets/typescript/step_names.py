"""What the neutral names of compiled steps are called in TypeScript: the runtime leaves and
module functions a step calls (with the casts their parameters need, the locals being
unknown), the module's globals, and the neutral types. print_steps spells the steps."""

from __future__ import annotations

from toolwire.ir.steps import Function

# neutral helper name -> its TypeScript spelling (the runtime's leaf helpers)
HELPERS = {
    "setting_problem": "conv.settingProblem",
    "below": "conv.below",
    "form_of": "conv.formOf",
    "form_index": "conv.formIndex",
    "repr": "rt.pyRepr",
    "describe": "rt.describe",
    "decode_at": "rt.decodeAt",
    "elements": "rt.elements",
    "tools_field_in": "rt.toolsFieldIn",
    "choice_field_in": "rt.choiceFieldIn",
    "escape": "rt.escape",
    "is_data_url": "rt.isDataUrl",
    "is_image_type": "rt.isImageType",
    "media_type_in": "rt.mediaTypeIn",
    "data_url_type_in": "rt.dataUrlTypeIn",
    "base64_text": "rt.base64Text",
    "text_base64": "rt.textBase64",
    "document_format": "rt.documentFormat",
    "document_media_type": "rt.documentMediaType",
    "split_data_url": "rt.splitDataUrl",
    "sniff_media_type": "conv.sniffMediaType",
    "get_path": "conv.get",
    "kept_fields": "conv.keptFields",
    "unknown_into": "conv.unknownInto",
    "citations_in": "conv.citationsIn",
    "citations_out": "out.citations",
    "system_in": "systemIn",
    "turns_in": "turnsIn",
    "tools_in": "toolsIn",
    "settings_in": "settingsIn",
    "part_in": "partIn",
    # the compiled writers' leaves (_conv_out)
    "own": "out.own",
    "said": "out.said",
    "put_fields": "out.putFields",
    "extra": "out.extra",
    "called": "out.called",
    "answered": "out.answered",
    "mine": "out.mine",
    "drop_asked": "out.dropAsked",
    "text_signed": "out.textSigned",
    "own_form": "out.ownForm",
    "holds": "out.holds",
    "forms_of": "conv.formsOf",
    "article": "conv.article",
    "shown": "conv.shown",
    "wire_what": "conv.wireWhat",
    "media_of": "conv.mediaOf",
    "put": "conv.putPath",
    "data_url": "conv.dataUrlOf",
    "join": "conv.joinTexts",
    "without_prefix": "conv.withoutPrefix",
}

# the leaves' parameters a local of type unknown is passed to, and their types
CASTS = {
    ("tools_field_in", 1): "JsonObject[]",
    ("choice_field_in", 1): "JsonObject | null",
    ("decode_at", 2): "string",
    ("split_data_url", 0): "string",
    ("text_base64", 0): "string",
    ("sniff_media_type", 0): "string",
    ("turns_in", 2): "JsonObject[]",
    ("part_in", 2): "string",
    ("part_in", 3): "JsonObject[]",
    ("tools_in", 0): "JsonObject",
    ("tools_in", 2): "JsonObject",
    ("tools_in", 3): "JsonObject",
    ("settings_in", 0): "JsonObject",
    ("settings_in", 1): "JsonObject",
    ("settings_in", 2): "JsonObject",
    ("unknown_into", 3): "JsonObject",
    ("own", 1): "string",
    ("said", 0): "JsonObject",
    ("said", 1): "string",
    ("put_fields", 1): "JsonObject",
    ("put_fields", 2): "string",
    ("extra", 0): "JsonObject",
    ("extra", 3): "string",
    ("called", 0): "JsonObject",
    ("answered", 0): "JsonObject",
    ("mine", 0): "JsonObject",
    ("drop_asked", 0): "string",
    ("text_signed", 0): "JsonObject",
    ("text_signed", 1): "string",
    ("own_form", 0): "JsonObject",
    ("holds", 0): "JsonObject",
    ("forms_of", 0): "JsonObject",
    ("form_of", 0): "JsonObject",
    ("article", 0): "string",
    ("shown", 0): "JsonObject",
    ("wire_what", 0): "JsonObject",
    ("media_of", 0): "JsonObject",
    ("put", 0): "JsonObject",
    ("join", 0): "unknown[]",
}

# each generated function's parameter types, by neutral name (declare() fills it: a call of one
# casts its arguments, the locals being unknown)
SIGNATURES: dict[str, tuple[str, ...]] = {}


def declare(functions: list[Function]) -> None:
    """Make the functions of one module callable from each other's steps (Invoke)."""
    for f in functions:
        SIGNATURES[f.name] = f.types or ("object",) * len(f.params)


GLOBALS = {
    "dialect": "DIALECT",
    "decode_tool_definition": "decodeToolDefinition",
    "decode_tool_choice": "decodeToolChoice",
    "decode_tool_call": "decodeToolCall",
    "decode_tool_result": "decodeToolResult",
    "codecs": "CONV_CODECS",
    "request_known": "CONV_REQUEST.known",
}

TYPES = {
    "object": "JsonObject",
    "any": "unknown",
    "codecs": "conv.Codecs",
    "id_map": "rt.IdMap",
    "list": "JsonObject[]",
    "entries": "unknown[]",
    "string": "string",
    "int": "number",
    "out": "conv.Out",
}
