/**
 * The mapping term proto_json: a dialect whose wire is proto3 JSON (Gemini) accepts each
 * field name in lowerCamelCase or snake_case, and a single value where a repeated field is
 * expected. Decoding reads either spelling through a tree of the field names the mapping
 * knows (values the mapping reads as a whole, such as call arguments or schemas, are never
 * entered); the spelling the input used is kept as extension forms, by JSON Pointer as the
 * input spelled it, and encoding spells the output the same way again.
 */
import { DecodeError, Encoded } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
/** A tree of field names: null for a leaf, a subtree, or {"*": subtree | null} for a repeated field. */
export type ProtoTree = {
    readonly [name: string]: ProtoTree | null;
};
export type Forms = {
    [pointer: string]: string;
};
export declare const SNAKE = "snake_case";
export declare const SINGLE = "single";
/** parametersJsonSchema -> parameters_json_schema (the proto field's own name). */
export declare function snake(name: string): string;
export declare function camel(name: string): string;
/**
 * The value in the mapping's own spelling (lowerCamelCase, lists), and the forms that say how
 * the input spelled it (null when it already was the mapping's: no copy made).
 */
export declare function decodeSpelling(value: unknown, tree: ProtoTree, dialect: string, shape: string): [unknown, Forms | null];
/**
 * Spell an encoded value (built in the mapping's spelling) as the forms say the input was:
 * snake_case names, single values for one-element lists. Changes value in place (the
 * encoders and inject() built it afresh), but copies each object or list on the way to a
 * field it respells: a part kept whole (a wire part) is the caller's canonical value's own.
 */
export declare function encodeSpelling(value: unknown, forms: {
    readonly [pointer: string]: unknown;
}): unknown;
/** A decode error whose pointer names the fields as the input spelled them. */
export declare function asSpelled(error: DecodeError, forms: Forms | null): DecodeError;
/** inject()'s result spelled as its input payload was. */
export declare function respelled(result: Encoded, forms: Forms | null): Encoded;
/**
 * A decoded whole request or response, the input's spelling added to its own extension forms
 * (a same-dialect encode spells it so again; other dialects ignore forms).
 */
export declare function keepSpelling(value: JsonObject, dialect: string, spelled: Forms | null): JsonObject;
/** An encoded whole request or response spelled as the canonical value's own forms say its input was. */
export declare function spellKept(result: Encoded, canonical: JsonObject, dialect: string): Encoded;
