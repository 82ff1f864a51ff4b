/**
 * Input coercion: plain objects pass straight through; JSON text (a string or UTF-8 bytes)
 * is parsed; SDK objects become plain JSON values: an object with toJSON() is what toJSON()
 * returns (Python's model_dump), a class instance its own enumerable fields that do not
 * start with "_" and are not null (Python's vars()). Every value handed in is held to the
 * strict reader's depth limit (MAX_DEPTH levels of arrays and objects), as JSON text is:
 * deeper, or a cycle, is a DecodeError (a CanonicalError for a canonical value) naming the
 * pointer of the first array or object too deep, the one the Python runtime names.
 */
import { type JsonObject } from "./_errors.js";
export declare const TOO_DEEP = "nested more than 512 levels deep";
/** The pointer of the first array or object nested deeper than MAX_DEPTH (the leftmost of
 * its level), or null. Level by level, each node once per level: a value that holds one
 * object many times (or itself: a cycle, endlessly deep) costs no more than a tree. */
export declare function tooDeep(value: unknown): string | null;
/** Turn SDK objects into plain JSON values. */
export declare function toPlain(value: unknown): unknown;
/** Accept a wire value as an object, JSON text (string or UTF-8 bytes) or an SDK object. */
export declare function asWire(payload: unknown, dialect: string, shape: string): unknown;
/** Accept a canonical value as a plain object, an object with toJSON(), or another object
 * (its own enumerable fields, as Python's dict(value) copies a dict subclass). */
export declare function asCanonical(value: unknown, shape: string): JsonObject;
