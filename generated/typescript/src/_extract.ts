// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Reading an envelope (extract): values at a location's path, where a '*' token stands for
 * every array element; the conditions a location states; the settings an envelope carries
 * beside the tools and the choice.
 *
 * A path is an array of keys (Toks); a condition is [path, expected value]. Python's MISSING
 * (no value at a path) is `undefined` here.
 */

import { DecodeError, describe, escape, getOwn, hasOwn, isObject, putOwn } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";

export type Toks = readonly string[];
export type Condition = readonly [Toks, unknown];

/** A generated decode<Shape> function (what decodeAt passes it: the value and the id map). */
export type Decoder<T = JsonObject> = (payload: unknown, options: { idMap: IdMap }) => T;

/** An object's own [key, value] pairs, in order, leaving out keys set to undefined (absent). */
export function definedEntries(obj: object): [string, unknown][] {
  return Object.entries(obj).filter(([, value]) => value !== undefined);
}

/** An object's own keys, in order, leaving out keys set to undefined (absent). */
export function definedKeys(obj: object): string[] {
  return definedEntries(obj).map(([key]) => key);
}

/** An object's own values, in order, leaving out undefined (absent). */
export function definedValues(obj: object): unknown[] {
  return Object.values(obj).filter((value) => value !== undefined);
}

/**
 * Python's `a == b` on JSON values: deep, key order ignored, `True == 1`, `1 == 1.0`;
 * `undefined` (MISSING) equals only itself. Not a Python name: the TypeScript runtime's own.
 */
export function pyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === "number" || ta === "boolean") && (tb === "number" || tb === "boolean")) {
    return Number(a) === Number(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => pyEqual(item, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = definedKeys(a);
    if (keys.length !== definedKeys(b).length) return false;
    return keys.every((key) => hasOwn(b, key) && pyEqual(getOwn(a, key), getOwn(b, key)));
  }
  return false;
}

/** The elements of an array; nothing when value is no array. */
export function elements(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The value at a path of keys, or undefined (MISSING). */
export function lookup(value: unknown, toks: Toks): unknown {
  for (const token of toks) {
    if (!isObject(value)) return undefined;
    value = getOwn(value, token);
    if (value === undefined) return undefined;
  }
  return value;
}

/** The first value at a path whose '*' tokens stand for every array element (null: none). */
export function firstAt(value: unknown, toks: Toks): unknown {
  if (toks.length === 0) return value;
  const head = toks[0] as string;
  const rest = toks.slice(1);
  if (head === "*") {
    for (const item of elements(value)) {
      const found = firstAt(item, rest);
      if (found != null) return found;
    }
    return null;
  }
  if (!isObject(value) || !hasOwn(value, head)) return null;
  return firstAt(getOwn(value, head), rest);
}

/** Whether a whole payload has every [path, value] of a location's 'where'. */
export function where(value: unknown, conditions: readonly Condition[]): boolean {
  return conditions.every(([toks, expected]) => pyEqual(lookup(value, toks), expected));
}

/** decode(value), its DecodeError pointing into the envelope (at: where value is). */
export function decodeAt<T = JsonObject>(decode: Decoder<T>, value: unknown, at: string, idMap: IdMap): T {
  try {
    return decode(value, { idMap });
  } catch (exc) {
    if (exc instanceof DecodeError) throw exc.at(at);
    throw exc;
  }
}

/** A boolean setting of a whole request (null when left out or null). */
export function boolAt(envelope: JsonObject, toks: Toks, dialect: string): boolean | null {
  const value = lookup(envelope, toks);
  if (value == null) return null;
  if (typeof value !== "boolean") {
    const pointer = toks.map((t) => "/" + escape(t)).join("");
    throw new DecodeError(dialect, "envelope", pointer, `expected a boolean, got ${describe(value)}`);
  }
  return value;
}

/**
 * extract(): a canonical tool_choice field the envelope carries beside the choice (OpenAI's
 * parallel_tool_calls). Without tools or a choice there is nothing it could qualify.
 */
export function choiceFieldIn(
  envelope: JsonObject,
  choice: JsonObject | null,
  name: string,
  toks: Toks,
  dialect: string,
): JsonObject | null {
  const value = boolAt(envelope, toks, dialect);
  if (value === null || choice == null) return choice;
  const out: JsonObject = { ...choice };
  putOwn(out, name, value);
  return out;
}

/**
 * extract(): a canonical tool_definition field the envelope carries once for every tool
 * (Cohere's strict_tools): each tool gets it.
 */
export function toolsFieldIn(
  envelope: JsonObject,
  tools: JsonObject[],
  name: string,
  toks: Toks,
  dialect: string,
): JsonObject[] {
  const value = boolAt(envelope, toks, dialect);
  if (value === null) return tools;
  return tools.map((tool) => {
    const out: JsonObject = { ...tool };
    putOwn(out, name, value);
    return out;
  });
}
