// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Writing parts back into an envelope (inject): the tools list rebuilt, the tool choice
 * replaced or removed, calls and results replaced one for one, and the settings a dialect
 * carries beside the tools and the choice written once for all of them.
 *
 * A location is [shape, path, when, has, unless, where]: the path of the parts of one shape,
 * the conditions an element must meet (when, has) and must not (unless), and the conditions
 * the whole payload must meet (where).
 */

import { asCanonical, holdCanonical } from "./_coercion.js";
import { jsonCopy } from "./_conv_paths.js";
import type { Encoder } from "./_dialect.js";
import { Encoded, getOwn, hasOwn, isObject, Loss, MissingKey, putOwn } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { definedEntries, elements, lookup, pyEqual, where } from "./_extract.js";
import type { Condition, Toks } from "./_extract.js";
import type { IdMap } from "./_ids.js";
import { pyIter, pyTypeName } from "./_schema_openapi.js";
import { ValueError } from "./streams/_events.js";

export type Location = readonly [
  string,
  Toks,
  readonly Condition[],
  readonly Toks[],
  readonly Condition[],
  readonly Condition[],
];
/** A canonical field and where the envelope carries it. */
export type FieldPlace = readonly [string, Toks];

/** A generated encode<Shape> function (one type with the dialect objects' encoders). */
export type { Encoder };

type Encode = (shape: string, value: unknown, pointer: string) => unknown;

const PART_KEYS: { readonly [shape: string]: string } = {
  tool_definition: "tools",
  tool_choice: "tool_choice",
  tool_call: "tool_calls",
  tool_result: "tool_results",
};

/** Python's KeyError escaping to the caller (a dialect without an encoder for a shape): a
 * MissingKey named as Python names it. */
class KeyError extends MissingKey {
  constructor(key: unknown) {
    super(key);
    this.name = "KeyError";
  }
}

/** Python's `d.pop(key, None)`. */
function dropOwn(obj: JsonObject, key: string): void {
  if (hasOwn(obj, key)) delete obj[key];
}

/** Python's `d.setdefault(key, {})`. */
function setDefault(obj: JsonObject, key: string): JsonObject {
  if (!hasOwn(obj, key)) putOwn(obj, key, {});
  return getOwn(obj, key) as JsonObject;
}

function matches(
  value: unknown,
  when: readonly Condition[],
  has: readonly Toks[],
  unless: readonly Condition[],
): boolean {
  return (
    value != null &&
    when.every(([toks, expected]) => pyEqual(lookup(value, toks), expected)) &&
    has.every((toks) => lookup(value, toks) !== undefined) &&
    !unless.some(([toks, expected]) => pyEqual(lookup(value, toks), expected))
  );
}

type Container = JsonObject | unknown[];

/** [container, key] of every place a path with '*' tokens reaches, in order. */
function slots(value: unknown, toks: Toks): [Container, string | number][] {
  let places: [Container | null, string | number | null, unknown][] = [[null, null, value]];
  for (const token of toks) {
    const following: [Container, string | number, unknown][] = [];
    for (const [, , node] of places) {
      if (token === "*") {
        elements(node).forEach((item, i) => following.push([node as unknown[], i, item]));
      } else if (isObject(node) && hasOwn(node, token)) {
        following.push([node, token, getOwn(node, token)]);
      }
    }
    places = following;
  }
  return places.map(([parent, key]) => [parent as Container, key as string | number]);
}

function readSlot(parent: Container, key: string | number): unknown {
  return Array.isArray(parent) ? parent[key as number] : getOwn(parent, key as string);
}

function writeSlot(parent: Container, key: string | number, value: unknown): void {
  if (Array.isArray(parent)) parent[key as number] = value;
  else putOwn(parent, key as string, value);
}

/**
 * Replace the tool choice where the payload spells it (else at the first place), or remove it
 * when choice is null or the target says it by leaving it out.
 */
function injectChoice(out: JsonObject, choice: unknown, locations: readonly Location[], encode: Encode): void {
  const value = choice == null ? null : encode("tool_choice", choice, "/tool_choice");
  const present = locations.map((loc) => loc[1]).filter((toks) => lookup(out, toks) !== undefined);
  for (const toks of present) {
    const parent = (toks.length > 1 ? lookup(out, toks.slice(0, -1)) : out) as JsonObject;
    const key = toks[toks.length - 1] as string;
    if (value == null) dropOwn(parent, key);
    else putOwn(parent, key, value);
  }
  const first = locations[0];
  if (value != null && present.length === 0 && first !== undefined) {
    let node = out;
    for (const token of first[1].slice(0, -1)) node = setDefault(node, token);
    putOwn(node, first[1][first[1].length - 1] as string, value);
  }
}

/**
 * Rebuild the tools list where the payload has one (else at the first place), keeping
 * elements that are not this shape (server tools); an empty list removes the field.
 */
function injectTools(
  out: JsonObject,
  values: unknown[],
  places: readonly Location[],
  choices: readonly Location[],
  encode: Encode,
): void {
  let present = places.filter((loc) => Array.isArray(lookup(out, loc[1].slice(0, -1))));
  if (present.length === 0) present = places.slice(0, 1);
  const toks = (present[0] as Location)[1];
  const existing = lookup(out, toks.slice(0, -1));
  // several shapes of tool may share the list
  const same = places.filter((loc) => loc[1].length === toks.length && loc[1].every((t, i) => t === toks[i]));
  const kept = elements(existing).filter(
    (item) => !same.some(([, , when, has, unless]) => matches(item, when, has, unless)),
  );
  const encoded = values.map((v, i) => encode("tool_definition", v, `/tools/${i}`));
  const tools = [...kept, ...encoded.filter((tool) => tool != null)]; // null: a tool the target has no form for
  const field = toks[toks.length - 2] as string;
  if (tools.length > 0) {
    let holder = out;
    for (const token of toks.slice(0, -2)) holder = setDefault(holder, token);
    putOwn(holder, field, tools);
  } else if (existing !== undefined) {
    // strict servers reject `tools: []`, and a tool choice without tools
    const holder = (toks.length > 2 ? lookup(out, toks.slice(0, -2)) : out) as JsonObject;
    dropOwn(holder, field);
    injectChoice(out, null, choices, encode);
  }
}

/** Write a setting into the envelope, or remove it when value is null. */
function setAt(out: JsonObject, toks: Toks, value: unknown): void {
  const parent = toks.length > 1 ? lookup(out, toks.slice(0, -1)) : out;
  if (isObject(parent)) {
    const key = toks[toks.length - 1] as string;
    if (value == null) dropOwn(parent, key);
    else putOwn(parent, key, value);
  }
}

/**
 * Write the choice's fields carried beside it, and return the choice without them (its own
 * encoder need not carry them). No choice, or a field left out, removes the wire field.
 */
function setChoiceFields(out: JsonObject, choice: JsonObject | null, fields: readonly FieldPlace[]): JsonObject | null {
  if (fields.length === 0) return choice;
  const rest: JsonObject | null = choice == null ? null : { ...choice };
  for (const [name, toks] of fields) {
    let value: unknown = null;
    if (rest !== null && hasOwn(rest, name)) {
      value = getOwn(rest, name);
      delete rest[name];
    }
    setAt(out, toks, value);
  }
  return rest;
}

/**
 * A field every tool gives alike goes once into the envelope, and the tools go on without it;
 * when they differ the envelope field is removed and each tool keeps its own (its encoder
 * reports what it cannot carry).
 */
function setToolsFields(out: JsonObject, tools: unknown[], fields: readonly FieldPlace[]): unknown[] {
  if (fields.length === 0) return tools;
  let canonical = tools.map(
    (tool) => holdCanonical(asCanonical(tool, "tool_definition"), "tool_definition") as JsonObject
  );
  for (const [name, toks] of fields) {
    const values: unknown[] = []; // Python's set of the tools' values (Python equality)
    for (const tool of canonical) {
      const value = getOwn(tool, name) ?? null;
      if (Array.isArray(value) || isObject(value)) throw new TypeError(`unhashable type: '${pyTypeName(value)}'`);
      if (!values.some((seen) => pyEqual(seen, value))) values.push(value);
    }
    const shared = values.length === 1 ? values[0] : null;
    setAt(out, toks, shared);
    if (shared != null) {
      canonical = canonical.map((tool) => {
        const copy: JsonObject = {};
        for (const [k, v] of definedEntries(tool)) if (k !== name) putOwn(copy, k, v);
        return copy;
      });
    }
  }
  return canonical;
}

/** Python's `list(value)` of a JSON value: an object's keys, a string's characters. */
function listOf(value: unknown): unknown[] {
  return [...pyIter(value)];
}

/**
 * A copy of payload with the given parts (canonical, by extract()'s keys) in its places.
 * Throws ValueError when calls or results do not match the payload's one for one.
 */
export function inject(
  payload: JsonObject,
  parts: JsonObject,
  locations: readonly Location[],
  encoders: { readonly [shape: string]: Encoder },
  dialect: string,
  strict: boolean,
  idMap: IdMap,
  choiceFields: readonly FieldPlace[] = [],
  toolsFields: readonly FieldPlace[] = [],
): Encoded {
  const out = jsonCopy(payload) as JsonObject; // Python's copy.deepcopy
  const losses: Loss[] = [];

  const encode: Encode = (shape, value, pointer) => {
    const encoder = getOwn(encoders, shape);
    if (typeof encoder !== "function") throw new KeyError(shape);
    const result = (encoder as Encoder)(value, { strict, idMap });
    for (const loss of result.losses) losses.push(loss.at(pointer));
    return result.value;
  };

  const choices = locations.filter((loc) => loc[0] === "tool_choice");
  if (getOwn(parts, "tool_choice") !== undefined) {
    const given = getOwn(parts, "tool_choice");
    const choice = setChoiceFields(
      out,
      given == null ? null : (holdCanonical(asCanonical(given, "tool_choice"), "tool_choice") as JsonObject),
      choiceFields,
    );
    injectChoice(out, choice, choices, encode);
  }
  for (const shape of ["tool_definition", "tool_call", "tool_result"]) {
    const key = PART_KEYS[shape] as string;
    if (getOwn(parts, key) === undefined) continue;
    let values = listOf(getOwn(parts, key));
    if (shape === "tool_definition") values = setToolsFields(out, values, toolsFields);
    const places = locations.filter((loc) => loc[0] === shape && where(out, loc[5]));
    const lists = places.filter(
      (loc) => loc[1].filter((t) => t === "*").length === 1 && loc[1][loc[1].length - 1] === "*",
    );
    if (shape === "tool_definition" && lists.length > 0 && lists.length === places.length) {
      injectTools(out, values, lists, choices, encode);
      // no tools: nothing for the choice's fields to qualify either
      if (values.length === 0) setChoiceFields(out, null, choiceFields);
      continue;
    }
    // the slots of each path in the payload's order, an element matching any location there
    const found: [Container, string | number][] = [];
    const paths = places.filter((loc, i) => places.findIndex((o) => o[1].join("/") === loc[1].join("/")) === i);
    for (const [, toks] of paths) {
      const alike = places.filter((loc) => loc[1].join("/") === toks.join("/"));
      for (const [parent, slot] of slots(out, toks)) {
        const value = readSlot(parent, slot);
        if (alike.some(([, , when, has, unless]) => matches(value, when, has, unless))) found.push([parent, slot]);
      }
    }
    if (found.length !== values.length) {
      const counts = `the payload has ${found.length} ${key}, parts give ${values.length}`;
      throw new ValueError(`${dialect}: ${counts}; inject replaces them one for one`);
    }
    found.forEach(([parent, slot], i) => writeSlot(parent, slot, encode(shape, values[i], `/${key}/${i}`)));
  }
  return new Encoded(out, losses);
}
