/**
 * A whole (non-streamed) response, both ways: the assistant turn, id, model, finish reason
 * and usage where the layout says, and every other key kept as an extension field.
 */
import type { Codecs, ResponseLayout, Toks } from "./_conv_layout.js";
import { Encoded } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { IdMap } from "./_ids.js";
import type { Signing } from "./_reasoning_claude.js";
/** (Internal: Python's parameters, positionally.) */
export declare function decodeResponse(wire: unknown, layout: ResponseLayout, codecs: Codecs, idMap: IdMap | null): JsonObject;
export declare function finishIn(wireReason: unknown, values: readonly (readonly [string, unknown])[], toks: Toks, forms: JsonObject, fields: JsonObject, calls?: boolean, detail?: readonly [unknown, ResponseLayout] | null): string;
/** (Internal: Python's parameters, positionally.) */
export declare function encodeResponse(canonical: JsonObject, layout: ResponseLayout, codecs: Codecs, strict: boolean, idMap: IdMap | null, reasoning: string, model?: string | null, signing?: Signing): Encoded;
