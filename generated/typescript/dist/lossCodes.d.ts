/**
 * The loss codes: every Loss names one (its `code`), the same in Python and TypeScript. An
 * allow-list names codes (`convert(payload, {..., allow: [...]})`); a code is never renamed,
 * only added. docs/losses.md lists them with their meaning.
 */
/** A loss code. */
export type LossCode = "arguments.invalid" | "cache.dropped" | "cache.ttl_shortened" | "content.joined" | "content.json_as_text" | "error.category_dropped" | "error.detail_dropped" | "error.message_dropped" | "extension.field_dropped" | "extension.field_moved" | "extension.note_dropped" | "field.dropped" | "finish_reason.changed" | "finish_reason.dropped" | "id.dropped" | "id.minted" | "id.rewritten" | "model.dropped" | "part.empty_dropped" | "part.field_dropped" | "part.reordered" | "part.unsupported" | "reasoning.dropped" | "response.defaulted" | "response.field_dropped" | "result.content_filled" | "result.error_flag_dropped" | "result.name_missing" | "result.pending" | "role.unsupported" | "schema.keyword_dropped" | "schema.rewritten" | "setting.clamped" | "setting.defaulted" | "setting.dropped" | "signature.placeholder" | "setting.value_unsupported" | "stream.arguments_changed" | "stream.call_misread" | "system.moved" | "tool.custom_as_function" | "tool.custom_dropped" | "tool.strict_dropped" | "tool_choice.dropped" | "tool_choice.widened" | "tools.synthesised" | "turn.empty_dropped" | "turn.fields_dropped" | "turn.inserted" | "usage.dropped" | "usage.inconsistent";
/** Each loss code and what it means. */
export declare const LOSS_CODES: Readonly<Record<LossCode, string>>;
