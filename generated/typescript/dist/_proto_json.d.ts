/**
 * The mapping term proto_json: a dialect whose wire is proto3 JSON (Gemini) accepts each
 * field name in lowerCamelCase or snake_case, and a single value where a repeated field is
 * expected. Decoding reads either spelling through a tree of the field names the mapping
 * knows (values the mapping reads as a whole, such as call arguments or schemas, are never
 * entered); the spelling the input used is kept as extension forms, by JSON Pointer as the
 * input spelled it, and encoding spells the output the same way again.
 */
import { DecodeError, Encoded } from "./_errors.js";
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
/** The keys a conversation layout reads, as _conv_paths.knownTree makes them. */
export type Known = ReadonlyMap<string, Known>;
/**
 * DecodeError for a field given in both spellings in an object a conversation layout reads
 * (tree: its known keys).
 */
export declare function refuseBoth(value: unknown, tree: Known, dialect: string, shape: string, at?: string): void;
/**
 * Spell an encoded value (built in the mapping's spelling) as the forms say the input was:
 * snake_case names, single values for one-element lists. Changes value in place: the
 * encoders and inject() built it afresh.
 */
export declare function encodeSpelling(value: unknown, forms: {
    readonly [pointer: string]: unknown;
}): unknown;
/** A decode error whose pointer names the fields as the input spelled them. */
export declare function asSpelled(error: DecodeError, forms: Forms | null): DecodeError;
/** inject()'s result spelled as its input payload was. */
export declare function respelled(result: Encoded, forms: Forms | null): Encoded;
