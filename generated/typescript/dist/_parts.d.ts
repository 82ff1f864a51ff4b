/**
 * What the straight-line part converters (`<dialect>.ts`) read wire and canonical values
 * with. As in Python's generated code, every read that wrong input can fail is checked: a
 * decoder's read throws MISMATCH (its catch takes nothing else), an encoder's throws Invalid
 * or MissingKey (the only errors it turns into a CanonicalError), in the words of Python's
 * runtime. Any other error is a bug and comes out as itself. Keys are read as own properties only.
 */
import { isObject } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
export { isObject };
/** An assumption of the straight-line decoder failed; explain() names the pointer. */
export declare class Mismatch extends Error {
    constructor();
}
/** The one Mismatch the decoders throw (its stack is never read). */
export declare const MISMATCH: Mismatch;
/** explain()'s checks of each variant: [pointer, kind, argument]. */
export type Checks = readonly (readonly (readonly [string, string, unknown])[])[];
/** Python's truthiness of a JSON value (None, False, 0, "", [] and {} are false). */
export declare function truthy(value: unknown): boolean;
/** The shared empty object (never written to). */
export declare const EMPTY: JsonObject;
/** Whether a decoder's catch may end the match quietly: only a failed check (MISMATCH); any
 * other error of the runtime is a bug and must not read as wrong input. */
export declare function quiet(exc: unknown): boolean;
/** Python's `obj[key]` on a wire value: the key's value, else MISMATCH. */
export declare function req(obj: unknown, key: string): unknown;
/** The end of an inlined req(): the value, else MISMATCH (an own key set to undefined is absent). */
export declare function defined(value: unknown): unknown;
/** The end of an inlined req()/opt() on a value that is no object. */
export declare function mismatch(): never;
/** The end of an inlined need(): the value, else MissingKey. */
export declare function needed(value: unknown, key: string): unknown;
/** The end of an inlined need() on a canonical value that is no object. */
export declare function notObject(value: unknown): never;
/** Python's `obj.get(key, MISSING)` on a wire value: undefined when absent, MISMATCH when obj is no object. */
export declare function opt(obj: unknown, key: string): unknown;
/** Python's `obj.get(key, _EMPTY)`: the empty object when absent, MISMATCH when obj is no object. */
export declare function optObj(obj: unknown, key: string): unknown;
/** Python's `obj.get(key)` where obj is known to be an object (undefined: absent; never throws). */
export declare function at(obj: unknown, key: string): unknown;
/** Python's `obj.get(key, fallback)` where obj is known to be an object. */
export declare function atOr(obj: unknown, key: string, fallback: unknown): unknown;
/** Python's `.get(key) if type(obj) is dict else None` (null for both). */
export declare function field(obj: unknown, key: string): unknown;
/** Python's `key in obj` on an object the match has checked. */
export declare function has(obj: unknown, key: string): boolean;
/** A value known to be an object, as one (MISMATCH when it is not). */
export declare function obj(value: unknown): JsonObject;
/** Python's `len(obj)` of an object. */
export declare function size(value: unknown): number;
/** Python's `obj.keys() <= known`. */
export declare function within(value: unknown, known: ReadonlySet<string>): boolean;
/** Python's `canonical[key]`: the value, else MissingKey, Python's KeyError (an undefined value counts as absent). */
export declare function need(canonical: unknown, key: string): unknown;
/** Python's `canonical.get(key, fallback)` where an undefined value counts as absent. */
export declare function or(value: unknown, fallback: unknown): unknown;
/** Python's `==` on JSON values: deep, key order ignored, `True == 1`, `1 == 1.0`. */
export declare function eq(a: unknown, b: unknown): boolean;
/** An object the encoder's literal made, at key of its parent (Python's `wire[key]`). */
export declare function sub(parent: unknown, key: string): JsonObject;
/** Python's `parent.setdefault(key, {})`. */
export declare function setdefault(parent: unknown, key: string): JsonObject;
/** Python's `parent[key] = value` on an object the encoder made. */
export declare function put(parent: unknown, key: string, value: unknown): void;
/** Whether an encoder's catch turns exc into a CanonicalError: only invalid input it found
 * (Invalid, or MissingKey for a required field); any other error is a bug, never caught. */
export declare function invalid(exc: unknown): exc is Error;
/** Python's `list(value)` of a JSON value: a copy of an array, a string's characters, an object's keys. */
export declare function list(value: unknown): unknown[];
/** Python's `value[0]` of an array or string. */
export declare function first(value: unknown): unknown;
/** Python's `len(value)`. */
export declare function len(value: unknown): number;
/** Python's `key in values` of a value map: Invalid for an array or object (unhashable). */
export declare function inMap(values: ReadonlyMap<unknown, unknown>, key: unknown): boolean;
/** Whether a wire value is one of a value map's (never throws: an array or object is none). */
export declare function known(values: ReadonlyMap<unknown, unknown>, key: unknown): boolean;
/** Python's `values[key]` of a value map: MissingKey when the map has no such key. */
export declare function mapped(values: ReadonlyMap<unknown, unknown>, key: unknown): unknown;
/** Python's `str(value)` of a JSON value (None -> "None"). */
export declare function str(value: unknown): string;
/** Python's `{**forms, key: form}`: a copy with one spelling more. */
export declare function withForm(forms: JsonObject, key: string, form: string): JsonObject;
