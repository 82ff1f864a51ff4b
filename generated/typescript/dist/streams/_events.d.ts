/**
 * Stream events in, wire calls out: the error a stream raises, events read as objects, the
 * pointer of an item inside its event, and the private copies a wire call is built in (the
 * caller's event objects are never kept nor changed).
 */
import { DecodeError, type JsonObject } from "../_errors.js";
export declare const SHAPE = "stream_event";
export declare const ENDED = "the stream ended before this call was complete";
export type Toks = readonly string[];
/** A stream event is not what the dialect sends; line is set when it came from text. */
export declare class StreamError extends DecodeError {
    #private;
    constructor(dialect: string, pointer: string, message: string, line?: number | null);
    /** The line of the stream text the event came from (setting it rewrites `.message`). */
    get line(): number | null;
    set line(value: number | null);
}
/** Python's ValueError, where the stream helpers raise one (a JSONPath, getStream). */
export declare class ValueError extends Error {
    constructor(message: string);
}
/** Accept an event as an object, JSON text (or UTF-8 bytes) or an SDK object (held to the
 * reader's depth limit, as coercion holds every value handed in). */
export declare function asEvent(event: unknown, dialect: string): JsonObject;
/** asEvent, the whole event held to the depth limit (a relay writes events out). */
export declare function asWholeEvent(event: unknown, dialect: string): JsonObject;
/** Python's `type(v) is dict` for an event: a plain object (an SDK object goes through toPlain). */
export declare function isDict(value: unknown): value is JsonObject;
/** Python's `except ValueError`: what loads (StrictJsonError), the UTF-8 decoder, the JSONPath
 * helpers (ValueError) throw, and DecodeError (a ValueError in Python too); nothing else. */
export declare function isValueError(exc: unknown): boolean;
/** The pointer of item inside event (found by identity: only on the error path). */
export declare function where(event: unknown, item: unknown): string;
/** Equal and of the same JSON type (true is no 1). */
export declare function same(value: unknown, constant: unknown): boolean;
/** Python's `==` on JSON values (True == 1, dict order ignored). */
export declare function equal(a: unknown, b: unknown): boolean;
/** The value at key of obj when obj is an object; null when absent (Python's `.get`). The
 * generated feed() reads every pointer with it: isObject and hasOwn inlined. */
export declare function get(obj: unknown, key: string): unknown;
/** Python's truth value of a JSON value ({} and [] are false). */
export declare function truthy(value: unknown): boolean;
/** re.fullmatch on a string; false for anything else (pattern: anchored, no g flag). */
export declare function fullmatch(pattern: RegExp, value: unknown): boolean;
/** Whether obj is an object holding key (Python's `key in obj` after a dict test). */
export declare function has(obj: unknown, key: string): boolean;
/** Set value at toks in w, copying the nested objects on the way (w itself is private). */
export declare function put(w: JsonObject, toks: Toks, value: unknown): void;
/** Set a constant the server left out (compatible servers omit `type`). */
export declare function putDefault(w: JsonObject, toks: Toks, value: unknown): void;
/** A deep copy of a JSON value's objects and arrays. */
export declare function _copy(value: unknown): unknown;
/**
 * A private copy of the item a call started with, without its stream-only keys: the
 * caller's event objects are never kept nor changed.
 */
export declare function itemCopy(item: unknown, drops: readonly Toks[]): JsonObject;
/** A copy of w without drops and with sets; w and its nested objects are never changed. */
export declare function overlay(w: unknown, sets: readonly (readonly [Toks, unknown])[], drops: readonly Toks[]): JsonObject;
