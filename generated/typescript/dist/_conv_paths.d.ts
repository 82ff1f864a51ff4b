/**
 * Paths into whole payloads: reading and writing a value at an array of keys (a key of
 * digits indexes a list), and the keys a layout knows, as a tree, so that every other wire
 * value is kept as an extension field and put back in its place for an exact round trip.
 * Python's MISSING is `undefined`.
 */
import type { JsonObject } from "./_errors.js";
import type { Toks, Tree } from "./_conv_layout.js";
/** An empty object shared by the readers of absent extension values (never written to). */
export declare const EMPTY: JsonObject;
/** A known value read whole: nothing below it is kept apart. */
export declare const LEAF: Tree;
/** Python's str.isdigit() of a pointer token (ASCII digits). */
export declare function isDigits(token: string): boolean;
/** Python's truthiness of a JSON value (undefined = MISSING is false). */
export declare function truthy(value: unknown): boolean;
/** The JSON Pointer of toks (layouts ask for the same few over and over: remembered). */
export declare function pointer(toks: Toks): string;
/** The value at toks, or undefined (MISSING). */
export declare function get(node: unknown, toks: Toks): unknown;
/** Write value at toks, making the objects (and, for a key of digits, lists) on the way. */
export declare function put(root: JsonObject, toks: Toks, value: unknown): void;
/** A copy of a JSON value (its lists and objects new, its scalars shared). */
export declare function jsonCopy(value: unknown): unknown;
/** put a copy of a layout's own value (a default, a constant): a caller changing one result
 * must not change what the next conversion writes. */
export declare function putFresh(root: JsonObject, toks: Toks, value: unknown): void;
/**
 * The keys a layout reads: `leaves` are values read whole, `paths` objects whose other keys
 * are kept as extension fields. A list index of 0 in a path stands for that element.
 */
export declare function knownTree(paths: readonly Toks[], leaves: readonly Toks[]): Tree;
/**
 * Adds every value below `value` that `tree` does not know to `into`, by JSON Pointer.
 * `tree` must live as long as its layout (it is remembered by identity).
 */
export declare function unknownInto(value: unknown, tree: Tree, base: string, into: JsonObject | null): JsonObject | null;
/**
 * Put an extension field back at its pointer (a list index inserts there); false when its
 * place no longer exists or is taken.
 */
export declare function putBack(wire: unknown, at: string, value: unknown): boolean;
/**
 * What Python's `for item in value` walks of a canonical value: a list's items, an object's
 * keys, a string's characters; anything else throws TypeError (not iterable), as Python does.
 * Canonical input that is not canonical data fails where the Python runtime fails.
 */
export declare function pyIter(value: unknown): unknown[];
/** value, which Python reads with dict methods: TypeError when it is no object. */
export declare function asObject(value: unknown, what: string): JsonObject;
/** value, which Python hashes, joins or slices as a string: TypeError when it is none. */
/** sep.join(items) with Python's TypeError for an item that is no string. */
export declare function joinStrings(items: readonly unknown[], sep: string): string;
export declare function asString(value: unknown, what: string): string;
/** value.get(key, {}) of an object-valued key of an extension object (TypeError where
 * Python's dict methods would fail: value or the found value is no object). */
export declare function objectOf(value: JsonObject, key: string): JsonObject;
/** Python's f"{value}" of a JSON value (a string as it is, None as None, others as repr). */
export declare function pyStr(value: unknown): string;
/** Python's `key in container` of a JSON value: an object's key, a string's substring, a
 * list's item; TypeError for anything else (None, a number, a boolean). */
export declare function pyIn(key: string, container: unknown): boolean;
