/**
 * Input coercion: plain objects pass straight through; JSON text (a string or UTF-8 bytes)
 * is parsed; SDK objects become plain JSON values: an object with toJSON() is what toJSON()
 * returns (Python's model_dump), a class instance its own enumerable fields that do not
 * start with "_" and are not null (Python's vars()).
 */
import { type JsonObject } from "./_errors.js";
/** Turn SDK objects into plain JSON values. */
export declare function toPlain(value: unknown): unknown;
/** Accept a wire value as an object, JSON text (string or UTF-8 bytes) or an SDK object. */
export declare function asWire(payload: unknown, dialect: string, shape: string): unknown;
/** Accept a canonical value as a plain object, an object with toJSON(), or another object
 * (its own enumerable fields, as Python's dict(value) copies a dict subclass). */
export declare function asCanonical(value: unknown, shape: string): JsonObject;
