"""The loss codes: every loss a converter reports names one of these, in both languages.

A code is stable: an allow-list (`allow=[...]`, `--allow CODE`, a gateway route's
`allow_losses`) names it, so one is never renamed or given another meaning, only added.
Each has one line saying what was lost; docs/losses.md is rendered from this table
(`python -m toolwire.tools.loss_codes_table`) and the generated packages carry it as
LOSS_CODES, which checks an allow-list for unknown codes.
"""

from __future__ import annotations

from typing import Final

LOSS_CODES: Final[dict[str, str]] = {
    "arguments.invalid": "A call's argument text is not a JSON object; the target needs one, so `{}` was sent.",
    "cache.dropped": "A prompt-cache breakpoint (cache_control, cachePoint) the target has no marker for.",
    "cache.ttl_shortened": "A cache breakpoint's 1h lifetime where the target refuses it: sent with the default (5m).",
    "content.joined": "Several parts or blocks were sent as one string, one text or one JSON array.",
    "content.json_as_text": "A JSON part was sent as its JSON text.",
    "error.category_dropped": "An error's kind the target cannot state: left out, or sent as its catch-all type.",
    "error.detail_dropped": "A detail of an error (the parameter it names, its code) the target has no place for.",
    "error.message_dropped": "A source stream's error message: the target hears only that the stream ended in error.",
    "extension.field_dropped": "Another dialect's wire field (kept for its own round trip) the target has no place for.",
    "extension.field_moved": "A field kept for a round trip whose place no longer exists in the value written.",
    "extension.note_dropped": "A meaning the source dialect gave a value that the target cannot state.",
    "field.dropped": "A canonical field the target's form of this value has no place for.",
    "finish_reason.changed": "The target spells the finish reason with a value that reads back as another one.",
    "finish_reason.dropped": "A finish reason the target cannot state.",
    "id.dropped": "Call ids, which the target's value or stream does not carry.",
    "id.minted": "A missing id, made up in the target's pattern.",
    "id.rewritten": "An id the target's pattern refuses (or another id took), rewritten; the id map restores it.",
    "model.dropped": "The target names its model outside the body (in the URL): the body's model is left out.",
    "part.empty_dropped": "An empty block (an empty text, say) the target refuses, left out; the rule is named.",
    "part.field_dropped": "A field of a part that the target's block has no place for.",
    "part.reordered": "A part moved, within its turn, into the order the target's turn holds parts in.",
    "part.unsupported": "A part or block the target cannot carry in its place, left out.",
    "reasoning.dropped": "Reasoning, or its signature, that only the dialect that made it can replay.",
    "response.defaulted": "A field the target requires in a response was absent: its documented default was sent.",
    "response.field_dropped": "A response field (its id, its model) the target has no place for.",
    "result.content_filled": "An error result without content: the target needs some, so a fixed text was sent.",
    "result.error_flag_dropped": "The error flag of a tool result, which the target does not have.",
    "result.name_missing": "A result's tool name, which the target needs but the id map does not know.",
    "result.pending": "A result awaiting input (MCP input_required): the target has no such result, so nothing is sent.",
    "role.unsupported": "A turn whose role the target does not have.",
    "schema.keyword_dropped": "A JSON Schema keyword or branch the target's schema dialect lacks.",
    "schema.rewritten": "A JSON Schema rewritten into a form the target accepts (it may mean a little more or less).",
    "setting.clamped": "A setting outside the target's range, or not below one it must stay under: sent at the bound.",
    "setting.defaulted": "A setting the target requires was absent: its documented default was sent.",
    "setting.dropped": "A request setting the target has no place for.",
    "signature.placeholder": "A call another dialect made, given the target's documented placeholder signature.",
    "setting.value_unsupported": "A setting's value the target does not know.",
    "stream.arguments_changed": "Argument text the target would read otherwise than the source did.",
    "stream.call_misread": "A relayed call the target reads otherwise: cut off as complete, invalid as valid, or absent.",
    "system.moved": "System messages inside the conversation, moved into the target's system instructions.",
    "tool.custom_as_function": "A custom tool or its call sent, as asked, as a function of one string parameter `input`.",
    "tool.custom_dropped": "A custom (freeform) tool, its call or its result, which the target has no form for.",
    "tool.strict_dropped": "Strict schema enforcement the target cannot apply to this tool or schema.",
    "tool_choice.dropped": "A tool choice the target cannot state, or one without tools: the model chooses freely.",
    "tool_choice.widened": "A tool choice sent as the nearest one the target has, which lets the model choose more.",
    "tools.synthesised": "Tool definitions the target requires beside tool calls, one per tool called (rule named).",
    "turn.empty_dropped": "A turn or system instructions left empty by the dropped blocks, left out; the rule is named.",
    "turn.fields_dropped": "Fields of a turn that the target splits into separate items.",
    "turn.inserted": "A turn put first or between two turns where the target refuses the order (rule, turn named).",
    "usage.dropped": "A usage count the target has no place for.",
    "usage.inconsistent": "A usage count smaller than the parts the target counts apart: left out, never negative.",
}


def known(code: str) -> str:
    """code itself, when the table has it (a lowering names its losses through this)."""
    if code not in LOSS_CODES:
        raise ValueError(f"loss code {code!r} is not in spec/loss_codes.py")
    return code
