// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * What a whole conversation must be before it is converted, whichever way: no deeper than the
 * JSON reader takes text (a value handed over as an object would otherwise become text that no
 * reader reads back), texts that are strings, and settings of their canonical type (each
 * setting's rule is data, from schemas/canonical/settings.json).
 */

import type { Rule } from "./_conv_layout.js";
import { CanonicalError, DecodeError, describe, escape, hasOwn, isObject } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { MAX_DEPTH } from "./_strict_json.js";

const ARTICLES: { readonly [type: string]: string } = {
  number: "a number",
  integer: "an integer",
  string: "a string",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
};

function children(node: unknown): [string, unknown][] {
  return Array.isArray(node) ? node.map((item, i) => [String(i), item]) : Object.entries(node as JsonObject);
}

function container(value: unknown): boolean {
  return Array.isArray(value) || isObject(value);
}

/** Whether arrays and objects nest deeper than MAX_DEPTH in value. */
function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop() as [unknown, number];
    if (level > MAX_DEPTH) return true;
    for (const [, item] of children(node)) if (container(item)) stack.push([item, level + 1]);
  }
  return false;
}

/** The pointer of the first array or object (in document order) past MAX_DEPTH. */
function tooDeepAt(value: unknown): string {
  const stack: [unknown, number, string][] = [[value, 1, ""]];
  while (stack.length > 0) {
    const [node, level, at] = stack.pop() as [unknown, number, string];
    if (level > MAX_DEPTH) return at;
    const items = children(node);
    for (let i = items.length - 1; i >= 0; i--) {
      const [key, item] = items[i] as [string, unknown]; // the first child on top: document order
      if (container(item)) stack.push([item, level + 1, `${at}/${escape(key)}`]);
    }
  }
  return "";
}

function depthProblem(value: unknown): string | null {
  return container(value) && tooDeep(value) ? tooDeepAt(value) : null;
}

/** A wire payload handed over as a value: DecodeError where it nests deeper than text may. */
export function checkDepth(wire: unknown, dialect: string, shape: string): void {
  const at = depthProblem(wire);
  if (at !== null) throw new DecodeError(dialect, shape, at, `nested more than ${MAX_DEPTH} levels deep`);
}

function fail(shape: string, at: string, what: string): CanonicalError {
  return new CanonicalError(shape, new Error(`${at}: ${what}`));
}

/**
 * A canonical request or response an encoder may read: CanonicalError (naming the pointer)
 * for one nested deeper than text may, or a part whose text is no string.
 */
export function checkCanonical(canonical: JsonObject, shape: string): void {
  const at = depthProblem(canonical);
  if (at !== null) throw fail(shape, at, `nested more than ${MAX_DEPTH} levels deep`);
  const messages = shape === "request" ? canonical["messages"] : [canonical["message"]];
  const base = shape === "request" ? "/messages/" : "/message";
  (Array.isArray(messages) ? messages : []).forEach((message, i) => {
    const parts = isObject(message) ? message["parts"] : undefined;
    (Array.isArray(parts) ? parts : []).forEach((part, j) => {
      if (isObject(part) && hasOwn(part, "text") && typeof part["text"] !== "string") {
        throw fail(shape, `${base}${shape === "request" ? i : ""}/parts/${j}/text`, `expected a string, got ${describe(part["text"])}`);
      }
    });
  });
}

function fits(value: unknown, types: readonly string[]): boolean {
  if (typeof value === "boolean") return types.includes("boolean");
  if (typeof value === "number") {
    if (Number.isInteger(value)) return types.includes("integer") || types.includes("number");
    return types.includes("number") || (types.includes("integer") && !Number.isFinite(value));
  }
  if (typeof value === "string") return types.includes("string");
  if (Array.isArray(value)) return types.includes("array");
  if (value === null) return types.includes("null");
  return isObject(value) && types.includes("object");
}

function expected(types: readonly string[]): string {
  return types.map((t) => ARTICLES[t] ?? t).join(" or ");
}

/** What is wrong with a setting's canonical value by its rule (null: nothing). */
export function settingProblem(value: unknown, rule: Rule): string | null {
  const [types, minimum, items] = rule;
  if (types.length > 0 && !fits(value, types)) return `expected ${expected(types)}, got ${describe(value)}`;
  if (typeof value === "number" && !Number.isFinite(value)) return `expected a finite number, got ${String(value)}`;
  if (minimum !== null && typeof value === "number" && value < minimum) {
    return `expected at least ${minimum}, got ${describe(value)}`;
  }
  if (items.length > 0 && Array.isArray(value)) {
    for (const item of value) {
      if (!fits(item, items)) return `expected ${expected(items)} in the list, got ${describe(item)}`;
    }
  }
  return null;
}
