// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Arguments carried as JSON text: read by the strict reader and never repaired, written
 * compactly, and sent in their original spelling while it still says the same thing.
 */

import { written } from "./_coercion.js";
import { DecodeError, describe, getKey, getOwn, isObject, type JsonObject } from "./_errors.js";
import { pyEquals, pyTruthy } from "./_pytext.js";
import { StrictJsonError, loads } from "./_strict_json.js";

/** Parse argument text; never repair it. Returns [object, null] or [null, why]. */
export function parseArguments(text: unknown, dialect: string, shape: string, pointer: string): [
  JsonObject | null, string | null
] {
  if (typeof text !== "string") throw new DecodeError(
    dialect, shape, pointer, `expected a string, got ${describe(text)}`
  );
  let value: unknown;
  try {
    value = loads(text);
  } catch (exc) {
    // Also catches '{..}{..}': several objects in one text are "Extra data", not calls.
    if (exc instanceof StrictJsonError) return [null, `not valid JSON: ${exc.message}`];
    throw exc;
  }
  if (!isObject(value)) return [null, `not a JSON object: got ${describe(value)}`];
  return [value, null];
}

export function notAnObject(value: unknown): string {
  return `not a JSON object: got ${describe(value)}`;
}

export function dumpArguments(args: unknown): string {
  return written(args, "/arguments");
}

/** The argument text to send: the original spelling while it still says the same thing. */
export function argumentsText(call: JsonObject, noArgumentsText: readonly string[]): string {
  const raw = getOwn(call, "raw_arguments") as string | null | undefined;
  const args = getKey(call, "arguments");
  if (raw != null) {
    if (args === null) return raw;
    if (noArgumentsText.includes(raw)) {
      if (!pyTruthy(args)) return raw;
    } else return spelledAs(raw, args);
  }
  return dumpArguments(args);
}

/** raw while it still parses to these arguments (a round trip keeps its spelling), else the
 * arguments written afresh. */
export function spelledAs(raw: string, args: unknown): string {
  try {
    if (pyEquals(loads(raw), args)) return raw;
  } catch (exc) {
    if (!(exc instanceof StrictJsonError)) throw exc;
  }
  return dumpArguments(args);
}
