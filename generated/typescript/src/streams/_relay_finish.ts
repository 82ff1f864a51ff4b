// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * Finish reasons between a dialect's wire values and the canonical ones (stop, length,
 * tool_calls, content_filter, refusal, error, other) for the stream relay.
 *
 * The dialect modules' own finishReasonIn / finishReasonOut (from the conversation mapping)
 * are used when the module has them; until then this table stands in behind the same
 * interface. A wire value not listed decodes as "other"; a canonical value a dialect has no
 * wire value for encodes as null (the relay reports it).
 */

import { pyRepr } from "../_pytext.js";
import { dialectModule } from "./_relay_blocks.js";

// dialect -> [canonical, wire] pairs: the first pair of a canonical value encodes, the first of a wire value decodes.
const TABLE: ReadonlyMap<string, readonly (readonly [string, string])[]> = new Map([
  [
    "openai_chat",
    [
      ["stop", "stop"],
      ["length", "length"],
      ["tool_calls", "tool_calls"],
      ["content_filter", "content_filter"],
      ["tool_calls", "function_call"],
    ],
  ],
  [
    "mistral",
    [
      ["stop", "stop"],
      ["length", "length"],
      ["length", "model_length"],
      ["tool_calls", "tool_calls"],
      ["error", "error"],
    ],
  ],
  [
    "anthropic_messages",
    [
      ["stop", "end_turn"],
      ["stop", "stop_sequence"],
      ["length", "max_tokens"],
      ["length", "model_context_window_exceeded"],
      ["tool_calls", "tool_use"],
      ["refusal", "refusal"],
      ["other", "pause_turn"],
    ],
  ],
  [
    "openai_responses",
    [
      ["stop", "completed"],
      ["length", "incomplete"],
      ["error", "failed"],
    ],
  ],
  [
    "gemini",
    [
      ["stop", "STOP"],
      ["length", "MAX_TOKENS"],
      ["content_filter", "SAFETY"],
      ["content_filter", "RECITATION"],
      ["content_filter", "BLOCKLIST"],
      ["content_filter", "PROHIBITED_CONTENT"],
      ["content_filter", "SPII"],
      ["other", "OTHER"],
      ["error", "OTHER"], // encodes only: Gemini has no finish value for a failed generation
      ["error", "MALFORMED_FUNCTION_CALL"],
      ["tool_calls", "STOP"], // encodes only: Gemini ends a message with calls with STOP
    ],
  ],
  [
    "bedrock_converse",
    [
      ["stop", "end_turn"],
      ["stop", "stop_sequence"],
      ["tool_calls", "tool_use"],
      ["length", "max_tokens"],
      ["content_filter", "guardrail_intervened"],
      ["content_filter", "content_filtered"],
    ],
  ],
  [
    "cohere_v2",
    [
      ["stop", "COMPLETE"],
      ["stop", "STOP_SEQUENCE"],
      ["length", "MAX_TOKENS"],
      ["tool_calls", "TOOL_CALL"],
      ["error", "ERROR"],
    ],
  ],
  [
    "ollama",
    [
      ["stop", "stop"],
      ["length", "length"],
      ["tool_calls", "stop"],
    ],
  ],
]);

/** Python's str() of a value (a string as it is). */
function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyRepr(value);
}

/** The canonical finish reason of a dialect's wire value ("other" when not listed). */
export function finishReasonIn(dialect: string, wire: string): string {
  const own = dialectModule(dialect)?.finishReasonIn;
  if (own !== undefined) {
    return pyStr(own(wire));
  }
  for (const [canonical, value] of TABLE.get(dialect) ?? []) {
    if (value === wire) return canonical;
  }
  return "other";
}

/** The wire value a dialect writes for a canonical finish reason (null: it has none). */
export function finishReasonOut(dialect: string, canonical: string): string | null {
  const own = dialectModule(dialect)?.finishReasonOut;
  if (own !== undefined) {
    const value = own(canonical);
    return typeof value === "string" ? value : null;
  }
  for (const [name, value] of TABLE.get(dialect) ?? []) {
    if (name === canonical) return value;
  }
  return null;
}
