// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
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

import { CanonicalError, DecodeError, Invalid, escape, isObject, type JsonObject } from "./_errors.js";
import { compactJson } from "./_pytext.js";
import { MAX_DEPTH, StrictJsonError, deeperThan, loads } from "./_strict_json.js";

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
const BUDGET = 1 << 16; // containers the depth-first walk visits before it leaves the answer to the level walk

/** Whether value nests at most `levels` levels, depth first (the fast answer for a tree);
 * null when it met more containers than the budget (shared nodes are walked once per path,
 * so a value holding one object many times goes to tooDeep's level walk instead). */
function fits(value: object, levels: number): boolean | null {
  let count = 0;
  const walk = (node: object, room: number): boolean | null => {
    if (++count > BUDGET) return null;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (!isContainer(child)) continue;
      if (room <= 1) return false;
      const below = walk(child, room - 1);
      if (below !== true) return below;
    }
    return true;
  };
  try {
    return walk(value, levels);
  } catch (exc) {
    if (exc instanceof RangeError) return null; // a caller already deep in the stack
    throw exc;
  }
}

export function tooDeep(value: unknown, levels: number = MAX_DEPTH): string | null {
  if (!isContainer(value) || (levels >= 1 && fits(value, levels) === true)) return null;
  let level: object[] = [value];
  for (let depth = 0; depth < levels; depth++) {
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
  return firstPointer(value as object, levels);
}

/** The error path of tooDeep: the same walk, keeping where each node was found. */
function firstPointer(value: object, levels: number): string {
  let level: [object, string][] = [[value, ""]];
  for (let depth = 0; depth < levels; depth++) {
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

/** value, when no array or object in it is nested deeper than MAX_DEPTH. */
export function hold(value: unknown, dialect: string, shape: string): unknown {
  const pointer = tooDeep(value);
  if (pointer !== null) throw new DecodeError(dialect, shape, pointer, TOO_DEEP);
  return value;
}

/** Whether value is settled without the walk: a scalar, or a flat array or object of scalars. */
function flat(value: unknown): boolean {
  if (!isContainer(value)) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) if (isContainer(child)) return false;
  return true;
}

/** value, taken whole at pointer with `levels` levels left below it. */
export function held(value: unknown, levels: number, dialect: string, shape: string, pointer: string): unknown {
  if (levels >= 1 && flat(value)) return value;
  const below = tooDeep(value, levels);
  if (below !== null) throw new DecodeError(dialect, shape, pointer + below, TOO_DEEP);
  return value;
}

/** Fields carried for the round trip (keyed by their pointers), each held as taken whole. */
export function heldFields<T extends JsonObject | null>(fields: T, dialect: string, shape: string): T {
  if (fields === null) return fields;
  for (const [pointer, value] of Object.entries(fields)) held(
    value, MAX_DEPTH - pointer.split("/").length + 1, dialect, shape, pointer
  );
  return fields;
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
    if (key === "__proto__") Object.defineProperty(
      out, key, { value: toPlain(item), writable: true, enumerable: true, configurable: true }
    );
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
  if (isPlainObject(payload)) return payload;
  try {
    // An SDK object is walked whole: toPlain recurses into it.
    return hold(toPlain(hold(payload, dialect, shape)), dialect, shape);
  } catch (exc) {
    if (exc instanceof TypeError) throw new DecodeError(dialect, shape, "", exc.message);
    // an SDK object nested too deep to turn into plain values (Python's RecursionError)
    if (exc instanceof RangeError) throw new DecodeError(dialect, shape, "", TOO_DEEP);
    throw exc;
  }
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
  if (isPlain(value)) return value;
  return hasToJSON(value) ? (holdCanonical(value.toJSON(), shape) as JsonObject) : { ...value };
}

/** value, when no array or object in it is nested deeper than MAX_DEPTH. */
export function holdCanonical(value: unknown, shape: string): unknown {
  const pointer = tooDeep(value);
  if (pointer !== null) throw new CanonicalError(shape, new Error(`${pointer}: ${TOO_DEEP}`));
  return value;
}

/** held() for a canonical value: a CanonicalError. */
export function heldCanonical(value: unknown, levels: number, shape: string, pointer: string): unknown {
  if (levels >= 1 && flat(value)) return value;
  const below = tooDeep(value, levels);
  if (below !== null) throw new CanonicalError(shape, new Error(`${pointer}${below}: ${TOO_DEEP}`));
  return value;
}

/** The JSON text of a canonical value at pointer, held to the depth limit as it is written
 * (a short text cannot be too deep, so it is never walked). Invalid names the first
 * array or object too deep (a CanonicalError in the encoder that catches it). */
export function written(value: unknown, pointer: string): string {
  const levels = MAX_DEPTH - pointer.split("/").length + 1;
  let text: string | null;
  try {
    text = compactJson(value);
  } catch (exc) {
    if (!(exc instanceof RangeError)) throw exc; // deeper than the writer goes, or a cycle
    text = null;
  }
  if (text === null || deeperThan(text, levels)) throw new Invalid(
    `${pointer}${tooDeep(value, levels)}: ${TOO_DEEP}`
  );
  return text;
}
