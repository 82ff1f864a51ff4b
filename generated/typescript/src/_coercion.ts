// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * Input coercion: plain objects pass straight through; JSON text (a string or UTF-8 bytes)
 * is parsed; SDK objects become plain JSON values: an object with toJSON() is what toJSON()
 * returns (Python's model_dump), a class instance its own enumerable fields that do not
 * start with "_" and are not null (Python's vars()). Every value handed in is held to the
 * strict reader's depth limit (MAX_DEPTH levels of arrays and objects), as JSON text is:
 * deeper, or a cycle, is a DecodeError (a CanonicalError for a canonical value) naming the
 * pointer of the first array or object too deep, the one the Python runtime names.
 */

import { CanonicalError, DecodeError, escape, isObject, type JsonObject } from "./_errors.js";
import { MAX_DEPTH, StrictJsonError, loads } from "./_strict_json.js";

export const TOO_DEEP = `nested more than ${MAX_DEPTH} levels deep`;

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function children(node: object): [string, unknown][] {
  if (Array.isArray(node)) return node.map((child, i) => [String(i), child]);
  return Object.entries(node);
}

/** The pointer of the first array or object nested deeper than MAX_DEPTH (the leftmost of
 * its level), or null. Level by level, each node once per level: a value that holds one
 * object many times (or itself: a cycle, endlessly deep) costs no more than a tree. */
export function tooDeep(value: unknown): string | null {
  let level: object[] = isContainer(value) ? [value] : [];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const seen = new Set<object>();
    const below: object[] = [];
    for (const node of level) {
      for (const child of Array.isArray(node) ? node : Object.values(node)) {
        if (isContainer(child) && !seen.has(child)) {
          seen.add(child);
          below.push(child);
        }
      }
    }
    if (below.length === 0) return null;
    level = below;
  }
  return firstPointer(value as object);
}

/** The error path of tooDeep: the same walk, keeping where each node was found. */
function firstPointer(value: object): string {
  let level: [object, string][] = [[value, ""]];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const seen = new Set<object>();
    const below: [object, string][] = [];
    for (const [node, at] of level) {
      for (const [key, child] of children(node)) {
        if (isContainer(child) && !seen.has(child)) {
          seen.add(child);
          below.push([child, `${at}/${escape(key)}`]);
        }
      }
    }
    level = below;
  }
  return level[0]![1];
}

function withinDepth(value: unknown, dialect: string, shape: string): unknown {
  const pointer = tooDeep(value);
  if (pointer !== null) throw new DecodeError(dialect, shape, pointer, TOO_DEEP);
  return value;
}
import { UnicodeDecodeError, decodeUtf8 } from "./streams/_utf8.js";

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function hasToJSON(value: object): value is { toJSON(): unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === "function";
}

/** Python's type(value).__name__ for a JavaScript value, for messages. */
function typeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "object") return (value as object).constructor?.name ?? "object";
  return typeof value;
}

/** Turn SDK objects into plain JSON values. */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const kind = typeof value;
  if (kind === "string" || kind === "number" || kind === "boolean") return value;
  if (kind !== "object") throw new TypeError(`cannot read a ${typeName(value)} as JSON`);
  if (Array.isArray(value)) return value.map(toPlain);
  const obj = value as object;
  if (!isPlain(obj) && hasToJSON(obj)) return toPlain(obj.toJSON());
  const out: JsonObject = {};
  const plain = isPlain(obj);
  for (const [key, item] of Object.entries(obj)) {
    if (item === undefined) continue;
    if (!plain && (key.startsWith("_") || item === null)) continue;
    if (key === "__proto__") Object.defineProperty(out, key, { value: toPlain(item), writable: true, enumerable: true, configurable: true });
    else out[key] = toPlain(item);
  }
  return out;
}

/** Accept a wire value as an object, JSON text (string or UTF-8 bytes) or an SDK object. */
export function asWire(payload: unknown, dialect: string, shape: string): unknown {
  if (typeof payload === "string" || payload instanceof Uint8Array || payload instanceof ArrayBuffer) {
    try {
      let text: string;
      if (typeof payload === "string") text = payload;
      else {
        text = decodeUtf8(payload);
        if (text.startsWith("\ufeff")) text = text.slice(1);
      }
      return loads(text);
    } catch (exc) {
      if (exc instanceof StrictJsonError || exc instanceof UnicodeDecodeError) {
        throw new DecodeError(dialect, shape, "", `not valid JSON: ${exc.message}`);
      }
      throw exc;
    }
  }
  if (!isPlainObject(payload)) {
    try {
      payload = toPlain(withinDepth(payload, dialect, shape));
    } catch (exc) {
      if (exc instanceof TypeError) throw new DecodeError(dialect, shape, "", exc.message);
      // an SDK object nested too deep to turn into plain values (Python's RecursionError)
      if (exc instanceof RangeError) throw new DecodeError(dialect, shape, "", TOO_DEEP);
      throw exc;
    }
  }
  return withinDepth(payload, dialect, shape);
}

function isPlainObject(value: unknown): boolean {
  return isObject(value) && isPlain(value);
}

/** Accept a canonical value as a plain object, an object with toJSON(), or another object
 * (its own enumerable fields, as Python's dict(value) copies a dict subclass). */
export function asCanonical(value: unknown, shape: string): JsonObject {
  if (!isObject(value)) {
    throw new TypeError(`canonical ${shape} must be a dict or a canonical model, not ${typeName(value)}`);
  }
  let canonical: JsonObject = value;
  if (!isPlain(value)) canonical = hasToJSON(value) ? (value.toJSON() as JsonObject) : { ...value };
  const pointer = tooDeep(canonical);
  if (pointer !== null) throw new CanonicalError(shape, new Error(`${pointer}: ${TOO_DEEP}`));
  return canonical;
}
