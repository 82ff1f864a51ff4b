/**
 * A whole request, canonical -> wire: leading system turns into the dialect's system field (a
 * later one stays a turn where the dialect can say system, else it moves there, reported),
 * the turns, tools and tool choice, settings, and the dialect's own extension fields.
 */
import type { Codecs, RequestLayout } from "./_conv_layout.js";
import { Encoded } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
/** (Internal: Python's parameters, positionally.) */
export declare function encodeRequest(canonical: JsonObject, layout: RequestLayout, codecs: Codecs, strict: boolean, idMap: IdMap | null, reasoningAsText: boolean, model?: string | null): Encoded;
