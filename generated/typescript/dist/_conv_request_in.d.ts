/**
 * A whole request, wire -> canonical: its turns (system instructions from a top-level field
 * as a leading system turn), tools and tool choice at their envelope locations, settings, and
 * every key the layout does not read kept as an extension field.
 */
import type { Codecs, RequestLayout, Setting } from "./_conv_layout.js";
import type { JsonObject } from "./_errors.js";
import { IdMap } from "./_ids.js";
/**
 * The canonical settings of a request; a value the mapping's `values` do not list stays a
 * wire field (kept for the round trip, a loss elsewhere); one of the wrong type (by the
 * setting's canonical rule) is a DecodeError at its pointer.
 */
export declare function decodeSettings(wire: JsonObject, settings: readonly Setting[], forms: JsonObject, fields: JsonObject, dialect: string): JsonObject;
/** (Internal: Python's parameters, positionally.) */
export declare function decodeRequest(wire: unknown, layout: RequestLayout, codecs: Codecs, idMap: IdMap | null): JsonObject;
