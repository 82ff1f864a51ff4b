/**
 * Errors and losses: what every converter throws or reports, and the two pieces their
 * messages are made of (JSON Pointer tokens, short descriptions of JSON values). Also the
 * object helpers every module uses on wire values with dynamic keys (an inherited
 * "constructor" is not a key; writing "__proto__" must not set the prototype).
 *
 * The bottom of the runtime: it imports only _pytext, so every other module can import it.
 * Python's MISSING (an absent value) is `undefined` here.
 */
/** A JSON object (Python dict). */
export type JsonObject = {
    [key: string]: unknown;
};
/** Python's MISSING: an absent value (distinct from JSON null). */
export declare const MISSING: undefined;
/** Python `type(v) is dict`: a non-null object that is not an array. */
export declare function isObject(value: unknown): value is JsonObject;
/** Python `key in obj` for a dict: an own key (a key set to undefined counts as absent). */
export declare function hasOwn(obj: object, key: string): boolean;
/** Python `obj.get(key, MISSING)`: the own value, or undefined. */
export declare function getOwn(obj: object, key: string): unknown;
/** Python `obj[key] = value` with a dynamic key ("__proto__" becomes an own key). */
export declare function putOwn(obj: JsonObject, key: string, value: unknown): void;
/** Base class of every error the generated converters throw. */
export declare class ConversionError extends Error {
    constructor(message: string);
}
/** A payload is not the shape of the dialect it was decoded as. */
export declare class DecodeError extends ConversionError {
    readonly dialect: string;
    readonly shape: string;
    readonly pointer: string;
    readonly detail: string;
    constructor(dialect: string, shape: string, pointer: string, message: string);
    /** The same error for a value found at prefix inside a larger one. */
    at(prefix: string): DecodeError;
}
/** Python's KeyError: a required key is absent (thrown by getKey, understood by
 * CanonicalError). Its message is str(KeyError(key)), the key's repr. */
export declare class MissingKey extends Error {
    readonly key: unknown;
    constructor(key: unknown);
}
/** Python `obj[key]` on a dict: the own value, or throws MissingKey (TypeError when obj is
 * not an object, as Python's subscript of a non-dict mostly does). */
export declare function getKey(obj: unknown, key: string): unknown;
/** Canonical input an encoder (or a helper it calls) found invalid; the encoder throws it as a
 * CanonicalError naming its shape. The only error (with MissingKey) an encoder turns into one:
 * any other is a bug and comes out as itself. */
export declare class Invalid extends TypeError {
    constructor(message: string);
}
/** Python's type name of a JSON value (for error messages). */
export declare function pyTypeName(value: unknown): string;
/** Python's need(): value[key] of a canonical object, else Invalid in the words Python's
 * subscript would use. */
export declare function need(value: unknown, key: string): unknown;
/** What Python says when value[key] (a string key) is read from a value that is no dict. */
export declare function notSubscriptable(value: unknown): string;
/** A canonical value handed to an encoder is not valid canonical data. */
export declare class CanonicalError extends ConversionError {
    readonly shape: string;
    constructor(shape: string, cause: unknown);
}
/** The target dialect requires a value at pointer (in its payload) that the canonical value
 * does not hold and no option supplied: there is no valid payload to send. */
export declare class RequiredValueError extends ConversionError {
    readonly dialect: string;
    readonly shape: string;
    readonly pointer: string;
    readonly detail: string;
    constructor(dialect: string, shape: string, pointer: string, message: string);
}
/**
 * Something the target dialect cannot carry: code names its kind (stable, one of
 * lossCodes.LOSS_CODES: what an allow-list filters on), pointer is into the canonical value,
 * what says what was lost.
 */
export declare class Loss {
    readonly code: string;
    readonly pointer: string;
    readonly target: string;
    readonly what: string;
    constructor(code: string, pointer: string, target: string, what: string);
    toString(): string;
    /** The same loss for a value found at prefix inside a larger one. */
    at(prefix: string): Loss;
    /** [code, pointer, target, what], as the Python NamedTuple serialises. */
    toJSON(): [string, string, string, string];
}
/**
 * Thrown instead of reporting a loss when encoding in strict mode, or for a loss an
 * allow-list does not let through.
 */
export declare class LossError extends ConversionError {
    readonly loss: Loss;
    constructor(loss: Loss);
}
/** An encoded wire value (null when the target cannot carry it at all) and its losses. */
export declare class Encoded {
    readonly value: unknown;
    readonly losses: Loss[];
    constructor(value: unknown, losses: Loss[]);
}
/** Record a loss, or throw it as a LossError in strict mode. */
export declare function report(losses: Loss[], strict: boolean, code: string, pointer: string, target: string, what: string): void;
/** A key as a JSON Pointer token (RFC 6901). */
export declare function escape(key: string): string;
/** A JSON Pointer token as the key it stands for. */
export declare function unescape(token: string): string;
/** A short description of a JSON value for error messages (undefined = MISSING). */
export declare function describe(value: unknown): string;
