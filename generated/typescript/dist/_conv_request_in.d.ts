/**
 * A whole request, wire -> canonical: its turns (system instructions from a top-level field
 * as a leading system turn), tools and tool choice at their envelope locations, settings, and
 * every key the layout does not read kept as an extension field.
 */
import type { Codecs, RequestLayout } from "./_conv_layout.js";
import type { JsonObject } from "./_errors.js";
import { IdMap } from "./_ids.js";
/** (Internal: Python's parameters, positionally.) */
export declare function decodeRequest(wire: unknown, layout: RequestLayout, codecs: Codecs, idMap: IdMap | null): JsonObject;
