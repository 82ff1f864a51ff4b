/**
 * Parameter schemas for Gemini's OpenAPI 3.0 subset: JSON Schema <-> the subset.
 *
 * Every keyword dropped or rewritten is reported as a loss whose pointer is into the
 * canonical value (a keyword inside a `$ref`erenced definition: the definition's own pointer).
 * The public names are re-exported by `_runtime`, where the generated converters find them.
 */
export { pyTypeName } from "./_errors.js";
import type { Loss } from "./_errors.js";
/** Keywords Gemini's OpenAPI 3.0 subset (Schema) knows, beside type. */
export declare const OPENAPI_KEYWORDS: ReadonlySet<string>;
/** Python's truthiness of a JSON value. */
export declare function pyTruthy(value: unknown): boolean;
/** Python's str() of a JSON value. */
export declare function pyStr(value: unknown): string;
/** What Python's `for x in value` yields: an object's keys, an array's elements, a string's characters. */
export declare function pyIter(value: unknown): unknown[];
/** Python's `item in container` for a JSON container. */
export declare function pyIn(item: unknown, container: unknown): boolean;
/**
 * Gemini's OpenAPI subset -> JSON Schema: lower-case types, nullable as a type union (or a
 * null branch of anyOf, and null in an enum).
 */
export declare function schemaFromOpenapi(schema: unknown): unknown;
/**
 * Whether an OpenAPI-subset schema spells its type names in lower case (Gemini accepts both;
 * upper case is canonical): then encoding back keeps that spelling.
 */
export declare function openapiTypesLowerCase(schema: unknown): boolean;
/** Whether a schema is the null branch of a union ({"type": "null"} or {"const": null}). */
export declare function isNullSchema(branch: unknown): boolean;
/**
 * JSON Schema -> Gemini's OpenAPI subset. Local `$ref`s are inlined (a recursive one is cut,
 * and reported), `anyOf [X, null]` and `type: [X, "null"]` become nullable, `const` a
 * one-value enum (or minimum = maximum), a type union anyOf; what the subset cannot say is
 * dropped and reported. Type names are upper case (canonical), or lower case when the input
 * spelled them so. Python's keyword-only `lower` is the last parameter: a boolean, or an
 * options object `{ lower }`.
 */
export declare function schemaToOpenapi(schema: unknown, losses: Loss[], strict: boolean, target: string, pointer: string, lower?: boolean | {
    lower?: boolean;
}): unknown;
