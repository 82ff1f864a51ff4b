/**
 * Writing parts back into an envelope (inject): the tools list rebuilt, the tool choice
 * replaced or removed, calls and results replaced one for one, and the settings a dialect
 * carries beside the tools and the choice written once for all of them.
 *
 * A location is [shape, path, when, has, unless, where]: the path of the parts of one shape,
 * the conditions an element must meet (when, has) and must not (unless), and the conditions
 * the whole payload must meet (where).
 */
import type { Encoder } from "./_dialect.js";
import { Encoded } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import type { Condition, Toks } from "./_extract.js";
import type { IdMap } from "./_ids.js";
export type Location = readonly [
    string,
    Toks,
    readonly Condition[],
    readonly Toks[],
    readonly Condition[],
    readonly Condition[]
];
/** A canonical field and where the envelope carries it. */
export type FieldPlace = readonly [string, Toks];
/** A generated encode<Shape> function (one type with the dialect objects' encoders). */
export type { Encoder };
/**
 * A copy of payload with the given parts (canonical, by extract()'s keys) in its places.
 * Throws ValueError when calls or results do not match the payload's one for one.
 */
export declare function inject(payload: JsonObject, parts: JsonObject, locations: readonly Location[], encoders: {
    readonly [shape: string]: Encoder;
}, dialect: string, strict: boolean, idMap: IdMap, choiceFields?: readonly FieldPlace[], toolsFields?: readonly FieldPlace[]): Encoded;
