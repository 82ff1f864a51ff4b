// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Errors and losses: what every converter throws or reports, and the two pieces their
 * messages are made of (JSON Pointer tokens, short descriptions of JSON values). Also the
 * object helpers every module uses on wire values with dynamic keys (an inherited
 * "constructor" is not a key; writing "__proto__" must not set the prototype).
 *
 * The bottom of the runtime: it imports only _pytext, so every other module can import it.
 * Python's MISSING (an absent value) is `undefined` here.
 */

import { pyDumps, pyRepr, pySlice } from "./_pytext.js";

/** A JSON object (Python dict). */
export type JsonObject = { [key: string]: unknown };

/** Python's MISSING: an absent value (distinct from JSON null). */
export const MISSING = undefined;

/** Python `type(v) is dict`: a non-null object that is not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const HAS = Object.prototype.hasOwnProperty;

/** Python `key in obj` for a dict: an own key (a key set to undefined counts as absent). */
export function hasOwn(obj: object, key: string): boolean {
  return HAS.call(obj, key) && (obj as JsonObject)[key] !== undefined;
}

/** Python `obj.get(key, MISSING)`: the own value, or undefined. */
export function getOwn(obj: object, key: string): unknown {
  return HAS.call(obj, key) ? (obj as JsonObject)[key] : undefined;
}

/** Python `obj[key] = value` with a dynamic key ("__proto__" becomes an own key). */
export function putOwn(obj: JsonObject, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(
    obj, key, { value, writable: true, enumerable: true, configurable: true }
  );
  else obj[key] = value;
}

/** Base class of every error the generated converters throw. */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A payload is not the shape of the dialect it was decoded as. */
export class DecodeError extends ConversionError {
  readonly dialect: string;
  readonly shape: string;
  readonly pointer: string;
  readonly detail: string; // Python's .message (JavaScript's .message is the whole text)

  constructor(dialect: string, shape: string, pointer: string, message: string) {
    super(`${dialect}/${shape}: ${pointer || "/"}: ${message}`);
    this.dialect = dialect;
    this.shape = shape;
    this.pointer = pointer;
    this.detail = message;
  }

  /** The same error for a value found at prefix inside a larger one. */
  at(prefix: string): DecodeError {
    return new DecodeError(this.dialect, this.shape, prefix + this.pointer, this.detail);
  }
}

/** Python's KeyError: a required key is absent (thrown by getKey, understood by
 * CanonicalError). Its message is str(KeyError(key)), the key's repr. */
export class MissingKey extends Error {
  readonly key: unknown;

  constructor(key: unknown) {
    super(pyRepr(key));
    this.name = "MissingKey";
    this.key = key;
  }
}

/** Python `obj[key]` on a dict: the own value, or throws MissingKey (TypeError when obj is
 * not an object, as Python's subscript of a non-dict mostly does). */
export function getKey(obj: unknown, key: string): unknown {
  if (typeof obj !== "object" || obj === null) throw new TypeError(`${describe(obj)} is not subscriptable`);
  const value = HAS.call(obj, key) ? (obj as JsonObject)[key] : undefined;
  if (value === undefined) throw new MissingKey(key);
  return value;
}

/** Canonical input an encoder (or a helper it calls) found invalid; the encoder throws it as a
 * CanonicalError naming its shape. The only error (with MissingKey) an encoder turns into one:
 * any other is a bug and comes out as itself. */
export class Invalid extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = "Invalid";
  }
}

/** Python's type name of a JSON value (for error messages). */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  return isObject(value) ? "dict" : typeof value;
}

/** Python's need(): value[key] of a canonical object, else Invalid in the words Python's
 * subscript would use. */
export function need(value: unknown, key: string): unknown {
  if (!isObject(value)) throw new Invalid(notSubscriptable(value));
  const found = getOwn(value, key);
  if (found === undefined) throw new Invalid(`missing field ${pyRepr(key)}`);
  return found;
}

/** What Python says when value[key] (a string key) is read from a value that is no dict. */
export function notSubscriptable(value: unknown): string {
  if (typeof value === "string") return "string indices must be integers, not 'str'";
  if (Array.isArray(value)) return "list indices must be integers or slices, not str";
  return `'${pyTypeName(value)}' object is not subscriptable`;
}

/** A canonical value handed to an encoder is not valid canonical data. */
export class CanonicalError extends ConversionError {
  readonly shape: string;

  constructor(shape: string, cause: unknown) {
    const detail =
      cause instanceof MissingKey
        ? `missing field ${pyRepr(cause.key)}`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    super(`canonical ${shape} is invalid: ${detail}`);
    this.shape = shape;
  }
}

/** The target dialect requires a value at pointer (in its payload) that the canonical value
 * does not hold and no option supplied: there is no valid payload to send. */
export class RequiredValueError extends ConversionError {
  readonly dialect: string;
  readonly shape: string;
  readonly pointer: string;
  readonly detail: string; // Python's .message

  constructor(dialect: string, shape: string, pointer: string, message: string) {
    super(`${dialect}/${shape}: ${pointer}: ${message}`);
    this.dialect = dialect;
    this.shape = shape;
    this.pointer = pointer;
    this.detail = message;
  }
}

/**
 * Something the target dialect cannot carry: code names its kind (stable, one of
 * lossCodes.LOSS_CODES: what an allow-list filters on), pointer is into the canonical value,
 * what says what was lost.
 */
export class Loss {
  readonly code: string;
  readonly pointer: string;
  readonly target: string;
  readonly what: string;

  constructor(code: string, pointer: string, target: string, what: string) {
    this.code = code;
    this.pointer = pointer;
    this.target = target;
    this.what = what;
  }

  toString(): string {
    return `loss: ${this.pointer || "/"}: ${this.target} cannot carry ${this.what} [${this.code}]`;
  }

  /** The same loss for a value found at prefix inside a larger one. */
  at(prefix: string): Loss {
    return new Loss(this.code, prefix + this.pointer, this.target, this.what);
  }

  /** [code, pointer, target, what], as the Python NamedTuple serialises. */
  toJSON(): [string, string, string, string] {
    return [this.code, this.pointer, this.target, this.what];
  }
}

/**
 * Thrown instead of reporting a loss when encoding in strict mode, or for a loss an
 * allow-list does not let through.
 */
export class LossError extends ConversionError {
  readonly loss: Loss;

  constructor(loss: Loss) {
    super(String(loss));
    this.loss = loss;
  }
}

/** An encoded wire value (null when the target cannot carry it at all) and its losses. */
export class Encoded {
  readonly value: unknown;
  readonly losses: Loss[];

  constructor(value: unknown, losses: Loss[]) {
    this.value = value;
    this.losses = losses;
  }
}

/** Record a loss, or throw it as a LossError in strict mode. */
export function report(
  losses: Loss[],
  strict: boolean,
  code: string,
  pointer: string,
  target: string,
  what: string,
): void {
  const loss = new Loss(code, pointer, target, what);
  if (strict) throw new LossError(loss);
  losses.push(loss);
}

/** A key as a JSON Pointer token (RFC 6901). */
export function escape(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** A JSON Pointer token as the key it stands for. */
export function unescape(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** A short description of a JSON value for error messages (undefined = MISSING). */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return pySlice(pyDumps(value, { ensureAscii: false }), 0, 60);
  }
  if (Array.isArray(value)) return "an array";
  if (isObject(value) && Object.getPrototypeOf(value) === Object.prototype) return "an object";
  if (isObject(value) && Object.getPrototypeOf(value) === null) return "an object";
  if (typeof value === "object") return (value as object).constructor?.name ?? "an object";
  return typeof value;
}
