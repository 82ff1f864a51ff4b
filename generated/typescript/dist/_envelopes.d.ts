/**
 * Whether a payload is a request or response of a dialect, before extract() reads it.
 *
 * Each dialect module carries, as data derived from its envelope schemas at generation time,
 * the root keys an envelope must have and the JSON types allowed at its root properties and
 * along every location path, the values a schema's enum allows there and, where the dialect's
 * clients refuse unknown members (`closed`), the keys an object there may have. A payload
 * that fails every kind is refused with a DecodeError naming the kind that fits best; an
 * envelope that merely carries no tools passes.
 */
export type Toks = readonly string[];
/** JSON type names. */
export type Types = readonly string[];
/** Alternatives: each a set of root keys that must all be there. */
export type Required = readonly (readonly string[])[];
/**
 * A path, the types allowed there, whether its parent must hold it, the only values allowed
 * there (null: any), the only keys an object there may have (null: any).
 */
export type PathCheck = readonly [Toks, Types, boolean, readonly unknown[] | null, Toks | null];
/** [kind, required, {root key: types}, checks, the closed envelope's root keys or null]. */
export type Kind = readonly [string, Required, {
    readonly [key: string]: Types;
}, readonly PathCheck[], Toks | null];
/**
 * [pointer, message] of the first way payload is not this kind of envelope, or null.
 * known: a closed envelope's root keys (its clients refuse any other).
 */
export declare function problem(payload: unknown, required: Required, top: {
    readonly [key: string]: Types;
}, checks: readonly PathCheck[], known?: Toks | null): [string, string] | null;
/**
 * Throw DecodeError unless payload is one of the kinds. When it is none, blame the kind it
 * got furthest in, then the one whose keys it shares most.
 */
export declare function check(payload: unknown, kinds: readonly Kind[], dialect: string): void;
