// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Stream events in, wire calls out: the error a stream raises, events read as objects, the
 * pointer of an item inside its event, and the private copies a wire call is built in (the
 * caller's event objects are never kept nor changed).
 */

import { asWire, hold } from "../_coercion.js";
import { DecodeError, escape, isObject, hasOwn, putOwn, type JsonObject } from "../_errors.js";
import { loads, StrictJsonError } from "../_strict_json.js";
import { decodeUtf8, UnicodeDecodeError } from "./_utf8.js";

export const SHAPE = "stream_event";
export const ENDED = "the stream ended before this call was complete";

export type Toks = readonly string[];

/** A stream event is not what the dialect sends; line is set when it came from text. */
export class StreamError extends DecodeError {
  #line: number | null = null;

  constructor(dialect: string, pointer: string, message: string, line: number | null = null) {
    super(dialect, SHAPE, pointer, message);
    this.name = "StreamError";
    this.line = line;
  }

  /** The line of the stream text the event came from (setting it rewrites `.message`). */
  get line(): number | null {
    return this.#line;
  }

  set line(value: number | null) {
    this.#line = value;
    const where = value !== null ? `line ${value}: ` : "";
    this.message = `${where}${this.dialect}/${SHAPE}: ${this.pointer || "/"}: ${this.detail}`;
  }
}

/** Python's ValueError, where the stream helpers raise one (a JSONPath, getStream). */
export class ValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValueError";
  }
}

/** Accept an event as an object, JSON text (or UTF-8 bytes) or an SDK object (held to the
 * reader's depth limit, as coercion holds every value handed in). */
export function asEvent(event: unknown, dialect: string): JsonObject {
  if (isDict(event)) return event; // not walked: what a call keeps of it is held where it is kept
  if (typeof event === "string" || event instanceof Uint8Array || event instanceof ArrayBuffer) {
    try {
      event = loads(typeof event === "string" ? event : removeBom(decodeUtf8(event)));
    } catch (exc) {
      if (!isValueError(exc)) throw exc;
      throw new StreamError(dialect, "", `not valid JSON: ${(exc as Error).message}`);
    }
  } else {
    try {
      event = asWire(event, dialect, SHAPE);
    } catch (exc) {
      if (!(exc instanceof DecodeError)) throw exc;
      throw new StreamError(dialect, exc.pointer, exc.detail); // the same error, as a stream's
    }
  }
  if (!isObject(event)) {
    throw new StreamError(dialect, "", "expected an event object");
  }
  return event;
}

/** asEvent, the whole event held to the depth limit (a relay writes events out). */
export function asWholeEvent(event: unknown, dialect: string): JsonObject {
  const read = asEvent(event, dialect);
  try {
    return hold(read, dialect, SHAPE) as JsonObject;
  } catch (exc) {
    if (!(exc instanceof DecodeError)) throw exc;
    throw new StreamError(dialect, exc.pointer, exc.detail);
  }
}

/** Python's `type(v) is dict` for an event: a plain object (an SDK object goes through toPlain). */
export function isDict(value: unknown): value is JsonObject {
  if (!isObject(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function removeBom(text: string): string {
  return text.startsWith("\ufeff") ? text.slice(1) : text;
}

/** Python's `except ValueError`: what loads (StrictJsonError), the UTF-8 decoder, the JSONPath
 * helpers (ValueError) throw, and DecodeError (a ValueError in Python too); nothing else. */
export function isValueError(exc: unknown): boolean {
  return (
    exc instanceof StrictJsonError ||
    exc instanceof UnicodeDecodeError ||
    exc instanceof ValueError ||
    exc instanceof DecodeError
  );
}

/** The pointer of item inside event (found by identity: only on the error path). */
export function where(event: unknown, item: unknown): string {
  if (item === null || item === undefined || item === event) {
    return "";
  }
  const stack: [unknown, string][] = [[event, ""]];
  while (stack.length) {
    const [node, pointer] = stack.pop() as [unknown, string];
    const children: [string, unknown][] = isObject(node)
      ? Object.entries(node)
      : Array.isArray(node)
        ? node.map((v, i): [string, unknown] => [String(i), v])
        : [];
    for (const [key, child] of children) {
      const at = `${pointer}/${escape(key)}`;
      if (child === item) {
        return at;
      }
      if (isObject(child) || Array.isArray(child)) {
        stack.push([child, at]);
      }
    }
  }
  return "";
}

/** Equal and of the same JSON type (true is no 1). */
export function same(value: unknown, constant: unknown): boolean {
  if (constant === null || typeof constant !== "object") {
    return value === constant;
  }
  if (Array.isArray(constant)) {
    return Array.isArray(value) && value.length === constant.length && constant.every((c, i) => equal(value[i], c));
  }
  return isObject(value) && equal(value, constant);
}

/** Python's `==` on JSON values (True == 1, dict order ignored). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "boolean" || typeof b === "boolean") {
    return (typeof a === "number" || typeof a === "boolean") && (typeof b === "number" || typeof b === "boolean")
      ? Number(a) === Number(b)
      : false;
  }
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => equal(v, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => hasOwn(b, k) && equal(a[k], b[k]));
  }
  return false;
}

const HAS = Object.prototype.hasOwnProperty;

/** The value at key of obj when obj is an object; null when absent (Python's `.get`). The
 * generated feed() reads every pointer with it: isObject and hasOwn inlined. */
export function get(obj: unknown, key: string): unknown {
  if (typeof obj !== "object" || obj === null || Array.isArray(obj) || !HAS.call(obj, key)) return null;
  const value = (obj as JsonObject)[key];
  return value === undefined ? null : value;
}

/** Python's truth value of a JSON value ({} and [] are false). */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** re.fullmatch on a string; false for anything else (pattern: anchored, no g flag). */
export function fullmatch(pattern: RegExp, value: unknown): boolean {
  return typeof value === "string" && pattern.test(value);
}

/** Whether obj is an object holding key (Python's `key in obj` after a dict test). */
export function has(obj: unknown, key: string): boolean {
  return (
    typeof obj === "object" &&
    obj !== null &&
    !Array.isArray(obj) &&
    HAS.call(obj, key) &&
    (obj as JsonObject)[key] !== undefined
  );
}

/** Set value at toks in w, copying the nested objects on the way (w itself is private). */
export function put(w: JsonObject, toks: Toks, value: unknown): void {
  let node = w;
  for (let i = 0; i < toks.length - 1; i++) {
    const t = toks[i] as string;
    const child = get(node, t);
    const copied: JsonObject = isObject(child) ? { ...child } : {};
    putOwn(node, t, copied);
    node = copied;
  }
  putOwn(node, toks[toks.length - 1] as string, value);
}

/** Set a constant the server left out (compatible servers omit `type`). */
export function putDefault(w: JsonObject, toks: Toks, value: unknown): void {
  let node: unknown = w;
  for (let i = 0; i < toks.length - 1; i++) {
    node = isObject(node) ? get(node, toks[i] as string) : null;
  }
  if (!has(node, toks[toks.length - 1] as string)) {
    put(w, toks, value);
  }
}

/** A deep copy of a JSON value's objects and arrays. */
export function _copy(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(_copy);
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const k of Object.keys(value)) {
      putOwn(out, k, _copy(value[k]));
    }
    return out;
  }
  return value;
}

/**
 * A private copy of the item a call started with, without its stream-only keys: the
 * caller's event objects are never kept nor changed.
 */
export function itemCopy(item: unknown, drops: readonly Toks[]): JsonObject {
  const copied = _copy(item) as JsonObject;
  return drops.length ? overlay(copied, [], drops) : copied;
}

/** A copy of w without drops and with sets; w and its nested objects are never changed. */
export function overlay(w: unknown, sets: readonly (readonly [Toks, unknown])[], drops: readonly Toks[]): JsonObject {
  const out: JsonObject = isObject(w) ? { ...w } : {};
  for (const toks of drops) {
    let node: JsonObject | null = out;
    for (let i = 0; i < toks.length - 1; i++) {
      const t = toks[i] as string;
      const child: unknown = get(node, t);
      if (!isObject(child)) {
        node = null;
        break;
      }
      const copied: JsonObject = { ...child };
      putOwn(node, t, copied);
      node = copied;
    }
    if (node !== null) {
      delete node[toks[toks.length - 1] as string];
    }
  }
  for (const [toks, value] of sets) {
    put(out, toks, value);
  }
  return out;
}
