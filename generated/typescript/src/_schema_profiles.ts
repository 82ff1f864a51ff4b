// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Parameter schemas adapted per target: which wire spelling an encoder's schemaProfile asks
 * for, and OpenAI's rules (explicit properties, strict mode, and the opt-in strict-mode
 * adaptation). Gemini's OpenAPI subset is in _schema_openapi.
 *
 * Every change is reported as a loss whose pointer is into the canonical value. The public
 * names are re-exported by `_runtime`, where the generated converters find them.
 */

import { escape, getOwn, hasOwn, isObject, MissingKey, putOwn, report } from "./_errors.js";
import type { JsonObject, Loss } from "./_errors.js";
import { pyRepr, pySorted } from "./_pytext.js";
import { isNullSchema, pyIn, pyIter, pyStr, pyTruthy, pyTypeName } from "./_schema_openapi.js";
import { definedEntries, definedKeys, pyEqual } from "./_extract.js";

const nullSchema = (): JsonObject => ({ type: "null" });

/**
 * Python's `{form: profile}` dict, whose keys may be None (the field's own spelling): a Map,
 * or an array of [form, profile] pairs in the dict's order.
 */
export type Profiles = ReadonlyMap<string | null, string> | readonly (readonly [string | null, string])[];

/**
 * The wire spelling (an extension form; null: the field's own) that an encoder's
 * schemaProfile asks for. The current one stays when it already speaks that profile (e.g.
 * lower-case OpenAPI type names). Throws Error (Python: ValueError) for an unknown profile.
 */
export function schemaProfileForm(profile: string, profiles: Profiles, current: unknown): unknown {
  type Pair = readonly [string | null, string];
  const pairs: Pair[] = profiles instanceof Map ? [...profiles] : [...(profiles as readonly Pair[])];
  const names = pairs.map(([, name]) => name);
  if (!names.includes(profile)) {
    const speaks = pySorted([...new Set(names)]).join(", ");
    throw new Error(`unknown schema profile ${pyRepr(profile)}; this field speaks ${speaks}`);
  }
  const spelled = typeof current === "string" ? (current.endsWith(":lower") ? current.slice(0, -6) : current) : null;
  let spelledAs: string | undefined;
  for (const [form, name] of pairs) if (form === spelled) spelledAs = name; // the dict's last one wins
  if (spelledAs === profile) return current;
  return (pairs.find(([, name]) => name === profile) as readonly [string | null, string])[0];
}

const SUBSCHEMA_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
const SUBSCHEMA_LISTS: ReadonlySet<string> = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const SUBSCHEMAS: ReadonlySet<string> = new Set([
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
]);

export function isObjectSchema(schema: JsonObject): boolean {
  const kinds = getOwn(schema, "type");
  return kinds === "object" || (Array.isArray(kinds) && kinds.includes("object"));
}

/**
 * OpenAI rejects an object schema that states no `properties` ("object schema missing
 * properties"): give each one an empty `properties`, which means the same, and report it.
 * Returns schema itself when nothing needed adding (copies only what changes).
 */
export function withExplicitProperties(
  schema: unknown,
  losses: Loss[],
  strict: boolean,
  target: string,
  pointer: string,
): unknown {
  if (!isObject(schema)) return schema;
  let out: JsonObject = schema;
  if (isObjectSchema(schema) && !hasOwn(schema, "properties")) {
    const what = "an object schema without properties (sent with an empty properties, which means the same)";
    report(losses, strict, "schema.rewritten", pointer, target, what);
    out = { ...schema, properties: {} };
  }
  for (const [key, subs] of definedEntries(schema)) {
    let fresh: unknown;
    let changed: boolean;
    if (SUBSCHEMA_MAPS.has(key) && isObject(subs)) {
      const map: JsonObject = {};
      for (const [name, sub] of definedEntries(subs)) {
        putOwn(map, name, withExplicitProperties(sub, losses, strict, target, `${pointer}/${key}/${escape(name)}`));
      }
      changed = definedKeys(subs).some((name) => getOwn(map, name) !== getOwn(subs, name));
      fresh = map;
    } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(subs)) {
      const list = subs.map((sub, i) => withExplicitProperties(sub, losses, strict, target, `${pointer}/${key}/${i}`));
      changed = list.some((a, i) => a !== subs[i]);
      fresh = list;
    } else if (SUBSCHEMAS.has(key) && isObject(subs)) {
      fresh = withExplicitProperties(subs, losses, strict, target, `${pointer}/${key}`);
      changed = fresh !== subs;
    } else {
      continue;
    }
    if (changed) {
      out = { ...out };
      putOwn(out, key, fresh);
    }
  }
  return out;
}

function strictObject(schema: JsonObject): boolean {
  const kinds = getOwn(schema, "type");
  return kinds === "object" || (Array.isArray(kinds) && kinds.includes("object")) || hasOwn(schema, "properties");
}

/** Python's `schema.get(key) or {}` / `or []`: the value when truthy, else empty. */
function orEmpty(schema: JsonObject, key: string, empty: unknown): unknown {
  const value = getOwn(schema, key);
  return pyTruthy(value) ? value : empty;
}

/** Python's AttributeError (`"x".items()`): no TypeError, so no encoder's catch turns it into a
 * CanonicalError (Python's encoders catch KeyError, TypeError and IndexError). */
export class AttributeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AttributeError";
  }
}

/** Python's IndexError (`[][0]`), where a schema helper raises one itself. */
export class IndexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IndexError";
  }
}

/** Python's `container[key]` of JSON values, with Python's errors. */
function pyGetItem(container: unknown, key: unknown): unknown {
  if (isObject(container)) {
    if (Array.isArray(key) || isObject(key)) throw new TypeError(`unhashable type: '${pyTypeName(key)}'`);
    if (typeof key !== "string" || !hasOwn(container, key)) throw new MissingKey(key);
    return getOwn(container, key);
  }
  const index = typeof key === "boolean" ? Number(key) : key;
  const indexed = typeof index === "number" && Number.isInteger(index);
  if (Array.isArray(container) || typeof container === "string") {
    const items: readonly unknown[] = Array.isArray(container) ? container : [...container];
    if (!indexed) {
      if (Array.isArray(container)) {
        throw new TypeError(`list indices must be integers or slices, not ${pyTypeName(key)}`);
      }
      throw new TypeError(`string indices must be integers, not '${pyTypeName(key)}'`);
    }
    const at = (index as number) < 0 ? items.length + (index as number) : (index as number);
    if (at < 0 || at >= items.length) {
      throw new IndexError(`${Array.isArray(container) ? "list" : "string"} index out of range`);
    }
    return items[at];
  }
  throw new TypeError(`'${pyTypeName(container)}' object is not subscriptable`);
}

/** Python's `escape(name)`: a str method, AttributeError for any other value. */
function escapeName(name: unknown): string {
  if (typeof name !== "string") throw new AttributeError(`'${pyTypeName(name)}' object has no attribute 'replace'`);
  return escape(name);
}

/** Python's `d.items()`: only an object has them. */
function itemsOf(value: unknown): [string, unknown][] {
  if (!isObject(value)) throw new AttributeError(`'${pyTypeName(value)}' object has no attribute 'items'`);
  return definedEntries(value);
}

/** Python's `set(items)` in insertion order: TypeError for an unhashable (list, dict) item. */
function pySet(items: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const item of items) {
    if (Array.isArray(item) || isObject(item)) throw new TypeError(`unhashable type: '${pyTypeName(item)}'`);
    if (!out.some((seen) => pyEqual(seen, item))) out.push(item);
  }
  return out;
}

/** Python's `a < b` of two hashable JSON scalars: TypeError unless both numbers or both strings. */
function pyLess(a: unknown, b: unknown): boolean {
  const number = (v: unknown): boolean => typeof v === "number" || typeof v === "boolean";
  if (number(a) && number(b)) return Number(a) < Number(b);
  if (typeof a === "string" && typeof b === "string") return pySorted([a, b])[0] === a && a !== b;
  throw new TypeError(`'<' not supported between instances of '${pyTypeName(a)}' and '${pyTypeName(b)}'`);
}

/** Python's `sorted()` of scalars (a stable insertion sort asking `x < y` as Python's does). */
function pySortedValues(items: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const item of items) {
    let at = out.length;
    while (at > 0 && pyLess(item, out[at - 1])) at--;
    out.splice(at, 0, item);
  }
  return out;
}

/** Python's `sep.join(items)`: TypeError at the first item that is not a string. */
function pyJoin(sep: string, items: readonly unknown[]): string {
  items.forEach((item, i) => {
    if (typeof item !== "string") {
      throw new TypeError(`sequence item ${i}: expected str instance, ${pyTypeName(item)} found`);
    }
  });
  return items.join(sep);
}

/**
 * Why OpenAI's strict mode would reject this schema (every object closed, every property
 * required), or null when it meets the rules.
 */
export function strictModeProblem(schema: unknown, pointer = ""): string | null {
  if (!isObject(schema)) return null;
  if (strictObject(schema)) {
    if (getOwn(schema, "additionalProperties") !== false) {
      return `${pointer || "/"} does not set additionalProperties to false`;
    }
    // sorted(set(properties) - set(required)), joined: Python's TypeErrors for what is not a
    // set of strings (unhashable items, unorderable mixes, a non-string name) in its order
    const names = pySet(pyIter(hasOwn(schema, "properties") ? getOwn(schema, "properties") : {}));
    const required = pySet(pyIter(hasOwn(schema, "required") ? getOwn(schema, "required") : []));
    const missing = pySortedValues(names.filter((name) => !required.some((r) => pyEqual(r, name))));
    if (missing.length > 0) return `${pointer || "/"} does not require ${pyJoin(", ", missing)}`;
  }
  for (const key of ["properties", "$defs", "definitions"]) {
    for (const [name, sub] of itemsOf(orEmpty(schema, key, {}))) {
      const why = strictModeProblem(sub, `${pointer}/${key}/${escape(name)}`);
      if (why) return why;
    }
  }
  for (const key of ["anyOf", "allOf", "oneOf", "prefixItems"]) {
    const subs = pyIter(orEmpty(schema, key, []));
    for (let i = 0; i < subs.length; i++) {
      const why = strictModeProblem(subs[i], `${pointer}/${key}/${i}`);
      if (why) return why;
    }
  }
  if (hasOwn(schema, "items")) return strictModeProblem(getOwn(schema, "items"), `${pointer}/items`);
  return null;
}

/** The same schema, accepting null too (how strict mode says "optional"). */
function nullable(schema: unknown): unknown {
  if (!isObject(schema) || acceptsNull(schema)) return schema;
  const kinds = getOwn(schema, "type");
  if (hasOwn(schema, "$ref") || hasOwn(schema, "const") || kinds == null) {
    const anyOf = getOwn(schema, "anyOf");
    if (Array.isArray(anyOf) && definedKeys(schema).length === 1) return { anyOf: [...anyOf, nullSchema()] };
    return { anyOf: [schema, nullSchema()] };
  }
  const out: JsonObject = { ...schema, type: Array.isArray(kinds) ? [...kinds, "null"] : [kinds, "null"] };
  const values = getOwn(schema, "enum");
  if (Array.isArray(values)) out["enum"] = [...values, null];
  return out;
}

function acceptsNull(schema: JsonObject): boolean {
  const kinds = getOwn(schema, "type");
  const values = getOwn(schema, "enum");
  if (Array.isArray(values) && !values.includes(null)) return false;
  if (hasOwn(schema, "$ref") || hasOwn(schema, "const")) return false;
  if (kinds === "null" || (Array.isArray(kinds) && kinds.includes("null"))) return true;
  return kinds == null && pyIter(orEmpty(schema, "anyOf", [])).some((b) => isNullSchema(b));
}

/**
 * The OpenAI strict-mode adaptation users otherwise hand-write, each change reported: every
 * object gets `additionalProperties: false` and requires all its properties, and a property
 * that was optional becomes nullable (the model sends null for "left out").
 */
export function toStrictSchema(
  schema: unknown,
  losses: Loss[],
  strict: boolean,
  target: string,
  pointer: string,
): unknown {
  if (!isObject(schema)) return schema;
  const out: JsonObject = { ...schema };
  for (const key of ["properties", "$defs", "definitions", "patternProperties"]) {
    const subs = getOwn(schema, key);
    if (isObject(subs)) {
      const map: JsonObject = {};
      for (const [name, sub] of definedEntries(subs)) {
        putOwn(map, name, toStrictSchema(sub, losses, strict, target, `${pointer}/${key}/${escape(name)}`));
      }
      out[key] = map;
    }
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const subs = getOwn(schema, key);
    if (Array.isArray(subs)) {
      out[key] = subs.map((sub, i) => toStrictSchema(sub, losses, strict, target, `${pointer}/${key}/${i}`));
    }
  }
  const items = getOwn(schema, "items");
  if (isObject(items)) out["items"] = toStrictSchema(items, losses, strict, target, `${pointer}/items`);
  if (!strictObject(schema)) return out;
  const properties = hasOwn(out, "properties") ? getOwn(out, "properties") : {};
  const required = hasOwn(schema, "required") ? getOwn(schema, "required") : [];
  const names = pyIter(properties);
  for (const name of names) {
    if (!pyIn(name, required)) {
      const sub = pyGetItem(properties, name);
      const already = isObject(sub) && acceptsNull(sub);
      const what =
        `an optional property in strict mode: ${pyStr(name)} made required` +
        (already ? " (it accepts null already)" : ", and nullable");
      report(losses, strict, "schema.rewritten", `${pointer}/properties/${escapeName(name)}`, target, what);
      // only an object gets here: a list or string property name fails above
      putOwn(properties as JsonObject, name as string, nullable(sub));
    }
  }
  if (pyTruthy(properties) || hasOwn(schema, "required")) {
    out["required"] = [...names, ...pyIter(required).filter((name) => !pyIn(name, properties))];
  }
  const extra = hasOwn(schema, "additionalProperties") ? getOwn(schema, "additionalProperties") : true;
  if (extra !== false) {
    const said = isObject(extra) ? "schema" : "true";
    const what = `other properties in strict mode (additionalProperties ${said} set to false)`;
    report(losses, strict, "schema.rewritten", `${pointer}/additionalProperties`, target, what);
    out["additionalProperties"] = false;
  }
  return out;
}

/**
 * A canonical tool definition with strict: true and its parameters adapted to strict mode
 * (what an OpenAI encoder's strictSchema: true sends).
 */
export function strictToolDefinition(tool: JsonObject, losses: Loss[], strict: boolean, target: string): JsonObject {
  let parameters = getOwn(tool, "parameters");
  if (parameters == null) parameters = { type: "object", properties: {} };
  const adapted = toStrictSchema(parameters, losses, strict, target, "/parameters");
  const out: JsonObject = { ...tool };
  out["strict"] = true;
  out["parameters"] = adapted;
  return out;
}
