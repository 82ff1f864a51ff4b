/**
 * A result's structured value beside its content blocks (the `structured` term: MCP's
 * structuredContent). Canonically it is a json part: where a text block repeats it as its JSON
 * text (what the spec recommends for older clients), the json part takes that block's place;
 * otherwise it follows the blocks, and the form `apart` keeps the wire free of a text copy on
 * the way back.
 */
import { type JsonObject } from "./_errors.js";
/** Adds the wire's structured value at key to the decoded parts, as a json part. */
export declare function structuredIn(wire: JsonObject, key: string, parts: JsonObject[], forms: JsonObject, dialect: string, shape: string): void;
/** [the parts the content blocks carry, the structured value or MISSING]: the first json
 * part is the structured value, and its JSON text stands in its place unless it came apart. */
export declare function structuredOut(parts: unknown, key: string, forms: JsonObject): [JsonObject[], unknown];
