/**
 * Input coercion: plain objects pass straight through; JSON text (a string or UTF-8 bytes)
 * is parsed; SDK objects become plain JSON values: an object with toJSON() is what toJSON()
 * returns (Python's model_dump), a class instance its own enumerable fields that do not
 * start with "_" and are not null (Python's vars()).
 *
 * Depth, as in the Python runtime (_coercion.py): JSON text is held to the strict reader's
 * limit (MAX_DEPTH levels of arrays and objects) as it is read, an SDK object as it is made
 * plain. A plain object handed in is not walked on the way in. A decoder holds each value it
 * takes whole from the wire (held, heldFields); an encoder holds what it walks or writes as
 * text (written; schemas under a profile) and passes along what it only places; whole
 * requests, responses, envelopes and relays hold the whole value (hold, holdCanonical).
 * Deeper, or a cycle, is a DecodeError (a CanonicalError for a canonical value) naming the
 * pointer of the first array or object too deep, the one the Python runtime names.
 */
import { type JsonObject } from "./_errors.js";
export declare const TOO_DEEP = "nested more than 512 levels deep";
export declare function tooDeep(value: unknown, levels?: number): string | null;
/** value, when no array or object in it is nested deeper than MAX_DEPTH. */
export declare function hold(value: unknown, dialect: string, shape: string): unknown;
/** value, taken whole at pointer with `levels` levels left below it. */
export declare function held(value: unknown, levels: number, dialect: string, shape: string, pointer: string): unknown;
/** Fields carried for the round trip (keyed by their pointers), each held as taken whole. */
export declare function heldFields<T extends JsonObject | null>(fields: T, dialect: string, shape: string): T;
/** Turn SDK objects into plain JSON values. */
export declare function toPlain(value: unknown): unknown;
/** Accept a wire value as an object, JSON text (string or UTF-8 bytes) or an SDK object. */
export declare function asWire(payload: unknown, dialect: string, shape: string): unknown;
/** Accept a canonical value as a plain object, an object with toJSON(), or another object
 * (its own enumerable fields, as Python's dict(value) copies a dict subclass). */
export declare function asCanonical(value: unknown, shape: string): JsonObject;
/** value, when no array or object in it is nested deeper than MAX_DEPTH. */
export declare function holdCanonical(value: unknown, shape: string): unknown;
/** held() for a canonical value: a CanonicalError. */
export declare function heldCanonical(value: unknown, levels: number, shape: string, pointer: string): unknown;
/** The JSON text of a canonical value at pointer, held to the depth limit as it is written
 * (a short text cannot be too deep, so it is never walked). Invalid names the first
 * array or object too deep (a CanonicalError in the encoder that catches it). */
export declare function written(value: unknown, pointer: string): string;
