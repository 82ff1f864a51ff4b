/**
 * A request's tools and tool choice, canonical -> wire, through the same envelope writer as
 * inject(): the tools list at its place (never `tools: []`), the choice, and the choice's
 * fields carried beside it (OpenAI's parallel_tool_calls).
 */
import type { Codecs } from "./_conv_layout.js";
import { Loss } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
/**
 * Write the tools and the choice; `tools: []` only where the dialect's own payload sent it (a
 * compatible server's quirk: strict servers reject it, so no conversion writes it).
 * (Internal: Python's parameters, positionally.)
 */
export declare function encodeTools(wire: JsonObject, tools: unknown, choice: unknown, codecs: Codecs, idMap: IdMap, losses: Loss[], strict: boolean, forms: JsonObject): void;
