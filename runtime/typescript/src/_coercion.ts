// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * Input coercion: plain objects pass straight through; JSON text (a string or UTF-8 bytes)
 * is parsed; SDK objects become plain JSON values: an object with toJSON() is what toJSON()
 * returns (Python's model_dump), a class instance its own enumerable fields that do not
 * start with "_" and are not null (Python's vars()).
 */

import { DecodeError, isObject, type JsonObject } from "./_errors.js";
import { StrictJsonError, loads } from "./_strict_json.js";
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
  try {
    return toPlain(payload);
  } catch (exc) {
    if (exc instanceof TypeError) throw new DecodeError(dialect, shape, "", exc.message);
    throw exc;
  }
}

/** Accept a canonical value as a plain object, an object with toJSON(), or another object
 * (its own enumerable fields, as Python's dict(value) copies a dict subclass). */
export function asCanonical(value: unknown, shape: string): JsonObject {
  if (isObject(value)) {
    if (isPlain(value)) return value;
    if (hasToJSON(value)) return value.toJSON() as JsonObject;
    return { ...value };
  }
  throw new TypeError(`canonical ${shape} must be a dict or a canonical model, not ${typeName(value)}`);
}
