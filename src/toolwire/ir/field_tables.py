"""What the IR knows of each canonical field by its name: how decode checks it, what a loss
says the target cannot carry of it, and the fields that belong to another's encoding
(ir/shapes.py builds the fields with these)."""

from __future__ import annotations

from typing import Any

# How each canonical field is checked on decode (the canonical schemas say the same).
FIELD_CHECKS: dict[str, str] = {
    "name": "nonempty",
    "description": "string",
    "parameters": "object",
    "strict": "boolean",
    "defer_loading": "boolean",
    "is_error": "boolean",
    "parallel": "boolean",
    "id": "string",
    "call_id": "string",
    "text": "string",
    "media_type": "string",
    "data": "string",
    "url": "string",
    "message": "string",
    "param": "string",
    "code": "string",
    "status": "integer",
    "input": "string",
    "format": "string",
    "syntax": "string",
    "grammar": "string",
}
# How a field is checked when its encoding says more than its name.
ENCODING_CHECKS: dict[str, str] = {
    "json_text": "string",
    "object": "object",
    "object_or_json_text": "any",
    "parameters": "object",
    "negated": "boolean",
    "single_name": "nonempty",
    "name_list": "array",
    "string_list": "array",
    "content": "any",
    "result_object": "object",
    "data_url": "string",  # a content part field: data:<media_type>;base64,<data>
}
# Canonical fields that belong to another field's encoding, never mapped on their own.
COMPANION_FIELDS = {"raw_arguments", "arguments_error", "extensions", "incomplete"}
# Canonical fields an encoding carries besides its own.
ENCODING_ALSO_CARRIES = {"result_object": {"is_error"}}
# What a loss says the target cannot carry of a canonical field, and its code (the rest: the
# field's name, field.dropped).
LOSS_WHAT: dict[str, tuple[str, str]] = {
    "description": ("a tool description", "field.dropped"),
    "strict": ("strict schema enforcement", "tool.strict_dropped"),
    "defer_loading": ("deferred loading through tool search", "field.dropped"),
    "format": ("a custom (freeform) tool, whose input is plain text", "tool.custom_dropped"),
    "input": ("the call of a custom (freeform) tool, whose input is plain text", "tool.custom_dropped"),
    "custom": ("the result of a custom (freeform) tool's call, dropped with its call", "tool.custom_dropped"),
    "custom_names": ("a custom (freeform) tool the tool choice names", "tool.custom_dropped"),
    "parallel": ("the parallel tool calls setting", "setting.dropped"),
    "names": ("a restricted set of allowed tools", "tool_choice.widened"),
    "is_error": ("the error flag of a tool result", "result.error_flag_dropped"),
    "name": ("the tool name of a result", "field.dropped"),
    "id": ("a call id", "id.dropped"),
    "call_id": ("a call id", "id.dropped"),
    "pending": ("a result that awaits input before the call completes (MCP input_required)", "result.pending"),
    "category": ("the kind of error (its type)", "error.category_dropped"),
    "param": ("the request parameter an error names", "error.detail_dropped"),
    "code": ("an error's machine-readable code", "error.detail_dropped"),
    "status": ("an error's HTTP status in its body", "error.detail_dropped"),
}
# Canonical fields whose value, where a target cannot carry it, leaves nothing true to send
# (an empty result would claim a call completed that has not): encode gives no value.
# A custom tool, its call and its result are no function's: without format, input or custom
# the value would claim a JSON arguments object the model never sends.
VOIDING_FIELDS = {"pending", "format", "input", "custom"}


def otherwise_loss(name: str, spec: dict[str, Any]) -> tuple[str, str]:
    """The loss of sending a field's `otherwise` value: its code, and what it says (fixed text,
    so that every target says the same)."""
    if "otherwise" not in spec:
        return ("", "")
    if spec.get("optional") or "default" in spec:
        raise ValueError(f"{spec['pointer']}: otherwise is for a required field (an optional one is left out)")
    if spec["otherwise"] not in [w for _c, w in spec.get("values") or []]:
        # a catch-all outside the table would not decode: the round trip would break
        raise ValueError(f"{spec['pointer']}: otherwise {spec['otherwise']!r} is not a wire value of its values table")
    what, code = LOSS_WHAT.get(name, (name, "field.dropped"))
    return (code, f"{what}: absent, or one the target lacks; sent as {spec['otherwise']}")
