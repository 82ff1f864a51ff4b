/**
 * Reading an envelope (extract): values at a location's path, where a '*' token stands for
 * every array element; the conditions a location states; the settings an envelope carries
 * beside the tools and the choice.
 *
 * A path is an array of keys (Toks); a condition is [path, expected value]. Python's MISSING
 * (no value at a path) is `undefined` here.
 */
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
export type Toks = readonly string[];
export type Condition = readonly [Toks, unknown];
/** A generated decode<Shape> function (what decodeAt passes it: the value and the id map). */
export type Decoder<T = JsonObject> = (payload: unknown, options: {
    idMap: IdMap;
}) => T;
/** An object's own [key, value] pairs, in order, leaving out keys set to undefined (absent). */
export declare function definedEntries(obj: object): [string, unknown][];
/** An object's own keys, in order, leaving out keys set to undefined (absent). */
export declare function definedKeys(obj: object): string[];
/** An object's own values, in order, leaving out undefined (absent). */
export declare function definedValues(obj: object): unknown[];
/**
 * Python's `a == b` on JSON values: deep, key order ignored, `True == 1`, `1 == 1.0`;
 * `undefined` (MISSING) equals only itself. Not a Python name: the TypeScript runtime's own.
 */
export declare function pyEqual(a: unknown, b: unknown): boolean;
/** The elements of an array; nothing when value is no array. */
export declare function elements(value: unknown): unknown[];
/** The value at a path of keys, or undefined (MISSING). */
export declare function lookup(value: unknown, toks: Toks): unknown;
/** The first value at a path whose '*' tokens stand for every array element (null: none). */
export declare function firstAt(value: unknown, toks: Toks): unknown;
/** Whether a whole payload has every [path, value] of a location's 'where'. */
export declare function where(value: unknown, conditions: readonly Condition[]): boolean;
/** decode(value), its DecodeError pointing into the envelope (at: where value is). */
export declare function decodeAt<T = JsonObject>(decode: Decoder<T>, value: unknown, at: string, idMap: IdMap): T;
/** A boolean setting of a whole request (null when left out or null). */
export declare function boolAt(envelope: JsonObject, toks: Toks, dialect: string): boolean | null;
/**
 * extract(): a canonical tool_choice field the envelope carries beside the choice (OpenAI's
 * parallel_tool_calls). Without tools or a choice there is nothing it could qualify.
 */
export declare function choiceFieldIn(envelope: JsonObject, choice: JsonObject | null, name: string, toks: Toks, dialect: string): JsonObject | null;
/**
 * extract(): a canonical tool_definition field the envelope carries once for every tool
 * (Cohere's strict_tools): each tool gets it.
 */
export declare function toolsFieldIn(envelope: JsonObject, tools: JsonObject[], name: string, toks: Toks, dialect: string): JsonObject[];
