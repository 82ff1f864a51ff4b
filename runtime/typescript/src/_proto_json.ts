// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The mapping term proto_json: a dialect whose wire is proto3 JSON (Gemini) accepts each
 * field name in lowerCamelCase or snake_case, and a single value where a repeated field is
 * expected. Decoding reads either spelling through a tree of the field names the mapping
 * knows (values the mapping reads as a whole, such as call arguments or schemas, are never
 * entered); the spelling the input used is kept as extension forms, by JSON Pointer as the
 * input spelled it, and encoding spells the output the same way again.
 */

import { DecodeError, Encoded, escape, getOwn, hasOwn, isObject, putOwn } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { definedEntries, definedKeys } from "./_extract.js";

/** A tree of field names: null for a leaf, a subtree, or {"*": subtree | null} for a repeated field. */
export type ProtoTree = { readonly [name: string]: ProtoTree | null };
export type Forms = { [pointer: string]: string };

export const SNAKE = "snake_case";
export const SINGLE = "single";
const UPPER = /(?<=[a-z0-9])([A-Z])/gu;
const snakeCache = new Map<string, string>();

/** parametersJsonSchema -> parameters_json_schema (the proto field's own name). */
export function snake(name: string): string {
  let out = snakeCache.get(name);
  if (out === undefined) {
    out = name.replace(UPPER, "_$1").toLowerCase();
    snakeCache.set(name, out);
  }
  return out;
}

export function camel(name: string): string {
  const [head, ...rest] = name.split("_");
  return (head as string) + rest.map((part) => upperFirst(part)).join("");
}

function upperFirst(part: string): string {
  const first = part.codePointAt(0);
  if (first === undefined) return part;
  const char = String.fromCodePoint(first);
  return char.toUpperCase() + part.slice(char.length);
}

/**
 * The value in the mapping's own spelling (lowerCamelCase, lists), and the forms that say how
 * the input spelled it (null when it already was the mapping's: no copy made).
 */
export function decodeSpelling(
  value: unknown,
  tree: ProtoTree,
  dialect: string,
  shape: string,
): [unknown, Forms | null] {
  const forms: Forms = {};
  const out = walk(value, tree, ["", "", ""], forms, dialect, shape);
  return definedKeys(forms).length > 0 ? [out, forms] : [value, null];
}

const ENTERED = new WeakMap<ProtoTree, [string, ProtoTree][]>();

/** The names of a tree the walk enters, in order, remembered per tree. */
function entered(tree: ProtoTree): [string, ProtoTree][] {
  let found = ENTERED.get(tree);
  if (found === undefined) {
    found = (definedEntries(tree) as [string, ProtoTree | null][]).filter(
      (entry): entry is [string, ProtoTree] => entry[1] != null,
    );
    ENTERED.set(tree, found);
  }
  return found;
}

/**
 * where: this place's pointer in the mapping's spelling, in the input's names (the forms'
 * pointers: a single value is element 0), and as the input is (for errors).
 */
function walk(
  node: unknown,
  tree: ProtoTree,
  where: readonly [string, string, string],
  forms: Forms,
  dialect: string,
  shape: string,
): unknown {
  if (!isObject(node)) return node;
  const [at, got, shown] = where;
  const renames = new Map<string, string>();
  // else no key can be a snake_case alias: the usual case
  if (definedKeys(node).some((key) => key.includes("_"))) {
    for (const name of definedKeys(tree)) {
      const alias = snake(name);
      if (alias !== name && hasOwn(node, alias)) {
        if (hasOwn(node, name)) {
          const what = `another spelling of ${at}/${name}, which is given too; send one`;
          throw new DecodeError(dialect, shape, `${shown}/${escape(alias)}`, what);
        }
        renames.set(alias, name);
      }
    }
  }
  let out: JsonObject = node;
  if (renames.size > 0) {
    out = {};
    for (const [key, value] of definedEntries(node)) putOwn(out, renames.get(key) ?? key, value);
  }
  for (const alias of renames.keys()) putOwn(forms, `${got}/${escape(alias)}`, SNAKE);
  for (const [name, sub] of entered(tree)) {
    if (!hasOwn(out, name)) continue;
    let renamed = name;
    for (const [a, n] of renames) {
      if (n === name) {
        renamed = a;
        break;
      }
    }
    const key = escape(renamed);
    const spelled = `${got}/${key}`;
    const seen = `${shown}/${key}`;
    const original = getOwn(out, name);
    let child = original;
    if (hasOwn(sub, "*")) {
      // a repeated field
      const single = child != null && !Array.isArray(child);
      if (single) {
        putOwn(forms, spelled, getOwn(forms, spelled) === SNAKE ? `${SNAKE}:${SINGLE}` : SINGLE);
        child = [child];
      }
      const itemTree = getOwn(sub, "*") as ProtoTree | null | undefined;
      if (itemTree != null && definedKeys(itemTree).length > 0 && Array.isArray(child)) {
        const list: unknown[] = child;
        const items = list.map((item, i) => {
          const shownAt = single ? seen : `${seen}/${i}`;
          const here: [string, string, string] = [`${at}/${name}/${i}`, `${spelled}/${i}`, shownAt];
          return walk(item, itemTree, here, forms, dialect, shape);
        });
        if (items.some((a, i) => a !== list[i])) child = items;
      }
    } else {
      child = walk(child, sub, [`${at}/${name}`, spelled, seen], forms, dialect, shape);
    }
    if (child !== original) {
      if (out === node) out = { ...node };
      putOwn(out, name, child);
    }
  }
  return out;
}

function tokens(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/**
 * Spell an encoded value (built in the mapping's spelling) as the forms say the input was:
 * snake_case names, single values for one-element lists. Changes value in place (the
 * encoders and inject() built it afresh), but copies each object or list on the way to a
 * field it respells: a part kept whole (a wire part) is the caller's canonical value's own.
 */
export function encodeSpelling(value: unknown, forms: { readonly [pointer: string]: unknown }): unknown {
  const spelled: [string, string][] = [];
  for (const [pointer, form] of definedEntries(forms)) {
    if (typeof form === "string" && (form.startsWith(SNAKE) || form.startsWith(SINGLE))) spelled.push([pointer, form]);
  }
  if (spelled.length === 0) return value;
  // a part kept whole (a wire part) is the caller's canonical value's own: copied on the way
  const copied = new Set<unknown>([value]);
  const own = (child: unknown): unknown => {
    if (copied.has(child) || !(isObject(child) || Array.isArray(child))) return child;
    const fresh = Array.isArray(child) ? [...child] : { ...child };
    copied.add(fresh);
    return fresh;
  };
  // deepest first: every parent is still in the mapping's spelling when its child is done
  const depth = (pointer: string): number => pointer.split("/").length - 1;
  spelled.sort((a, b) => depth(b[0]) - depth(a[0]));
  for (const [pointer, form] of spelled) {
    const toks = tokens(pointer).map(camel);
    let parent: unknown = value;
    for (const token of toks.slice(0, -1)) {
      if (isObject(parent) && hasOwn(parent, token)) {
        const child = own(getOwn(parent, token));
        putOwn(parent, token, child);
        parent = child;
      } else if (Array.isArray(parent) && /^[0-9]+$/u.test(token) && Number(token) < parent.length) {
        const child = own(parent[Number(token)]);
        parent[Number(token)] = child;
        parent = child;
      } else {
        parent = null;
        break;
      }
    }
    const key = toks[toks.length - 1] as string;
    if (!isObject(parent) || !hasOwn(parent, key)) continue; // the value no longer has that field
    const current = getOwn(parent, key);
    if (form.endsWith(SINGLE) && Array.isArray(current) && current.length === 1) putOwn(parent, key, current[0]);
    if (form.startsWith(SNAKE)) {
      const alias = tokens(pointer).pop() as string;
      const items = definedEntries(parent);
      for (const [k] of items) delete parent[k];
      for (const [k, v] of items) putOwn(parent, k === key ? alias : k, v);
    }
  }
  return value;
}

/** A decode error whose pointer names the fields as the input spelled them. */
export function asSpelled(error: DecodeError, forms: Forms | null): DecodeError {
  if (forms === null || definedKeys(forms).length === 0) return error;
  let got = ""; // the pointer in the forms' names (a single value is element 0)
  let shown = ""; // as the input is
  let single = false;
  for (const token of tokens(error.pointer)) {
    if (single && token === "0") {
      // the one value given for a repeated field: no index on the wire
      got = `${got}/0`;
      single = false;
      continue;
    }
    const alias = escape(snake(token));
    const form = getOwn(forms, `${got}/${alias}`);
    const name = typeof form === "string" && form.startsWith(SNAKE) ? alias : escape(token);
    got = `${got}/${name}`;
    shown = `${shown}/${name}`;
    const here = getOwn(forms, got);
    single = typeof here === "string" && here.endsWith(SINGLE);
  }
  return new DecodeError(error.dialect, error.shape, shown, error.detail);
}

/** inject()'s result spelled as its input payload was. */
export function respelled(result: Encoded, forms: Forms | null): Encoded {
  return forms === null ? result : new Encoded(encodeSpelling(result.value, forms), result.losses);
}

/**
 * A decoded whole request or response, the input's spelling added to its own extension forms
 * (a same-dialect encode spells it so again; other dialects ignore forms).
 */
export function keepSpelling(value: JsonObject, dialect: string, spelled: Forms | null): JsonObject {
  if (spelled !== null) {
    if (!isObject(getOwn(value, "extensions"))) putOwn(value, "extensions", {});
    const extensions = getOwn(value, "extensions") as JsonObject;
    if (!isObject(getOwn(extensions, dialect))) putOwn(extensions, dialect, {});
    const own = getOwn(extensions, dialect) as JsonObject;
    const before = getOwn(own, "forms");
    putOwn(own, "forms", { ...(isObject(before) ? before : {}), ...spelled });
  }
  return value;
}

/** An encoded whole request or response spelled as the canonical value's own forms say its input was. */
export function spellKept(result: Encoded, canonical: JsonObject, dialect: string): Encoded {
  const extensions = getOwn(canonical, "extensions");
  const own = isObject(extensions) ? getOwn(extensions, dialect) : undefined;
  const forms = isObject(own) ? getOwn(own, "forms") : undefined;
  if (isObject(forms) && definedKeys(forms).length > 0) encodeSpelling(result.value, forms);
  return result;
}
