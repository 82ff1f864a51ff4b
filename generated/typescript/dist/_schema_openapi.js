// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Parameter schemas for Gemini's OpenAPI 3.0 subset: JSON Schema <-> the subset.
 *
 * Every keyword dropped or rewritten is reported as a loss whose pointer is into the
 * canonical value (a keyword inside a `$ref`erenced definition: the definition's own pointer).
 * The public names are re-exported by `_runtime`, where the generated converters find them.
 */
import { escape, getOwn, hasOwn, isObject, putOwn, pyTypeName, report, unescape } from "./_errors.js";
export { pyTypeName } from "./_errors.js";
import { definedEntries, definedKeys, definedValues, pyEqual } from "./_extract.js";
import { pyRepr } from "./_pytext.js";
/** Keywords Gemini's OpenAPI 3.0 subset (Schema) knows, beside type. */
export const OPENAPI_KEYWORDS = new Set([
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "items",
    "minItems",
    "maxItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "example",
    "default",
    "anyOf",
    "propertyOrdering",
]);
const SCHEMA_MAPS = new Set(["properties"]);
const SCHEMA_LISTS = new Set(["anyOf"]);
const DEFS = new Set(["$defs", "definitions"]);
// Keywords a merged branch may share with the schema around it: the outer one's wins.
const ANNOTATIONS = new Set(["title", "description", "default", "example"]);
const nullSchema = () => ({ type: "null" });
// --- Python semantics the schema code relies on (the TypeScript runtime's own helpers) ---
/** Python's truthiness of a JSON value. */
export function pyTruthy(value) {
    if (value == null || value === false || value === 0 || value === "")
        return false;
    if (Array.isArray(value))
        return value.length > 0;
    if (isObject(value))
        return definedKeys(value).length > 0;
    return true;
}
/** Python's str() of a JSON value. */
export function pyStr(value) {
    return typeof value === "string" ? value : pyRepr(value);
}
/** What Python's `for x in value` yields: an object's keys, an array's elements, a string's characters. */
export function pyIter(value) {
    if (Array.isArray(value))
        return value;
    if (isObject(value))
        return definedKeys(value);
    if (typeof value === "string")
        return [...value];
    throw new TypeError(`'${pyTypeName(value)}' object is not iterable`);
}
/** Python's `item in container` for a JSON container. */
export function pyIn(item, container) {
    if (Array.isArray(container))
        return container.some((v) => pyEqual(v, item));
    if (isObject(container)) {
        if (Array.isArray(item) || isObject(item))
            throw new TypeError(`unhashable type: '${pyTypeName(item)}'`);
        return typeof item === "string" && hasOwn(container, item);
    }
    if (typeof container === "string") {
        if (typeof item !== "string") {
            throw new TypeError(`'in <string>' requires string as left operand, not ${pyTypeName(item)}`);
        }
        return container.includes(item);
    }
    throw new TypeError(`argument of type '${pyTypeName(container)}' is not iterable`);
}
/** Python's `**value` in a dict display: TypeError unless value is a mapping. */
function mapping(value) {
    if (!isObject(value))
        throw new TypeError(`'${pyTypeName(value)}' object is not a mapping`);
    return value;
}
function codePoints(text) {
    return [...text];
}
// --- OpenAPI subset -> JSON Schema ---
/**
 * Gemini's OpenAPI subset -> JSON Schema: lower-case types, nullable as a type union (or a
 * null branch of anyOf, and null in an enum).
 */
export function schemaFromOpenapi(schema) {
    if (!isObject(schema))
        return schema;
    const out = {};
    const nullable = getOwn(schema, "nullable") === true;
    for (const [key, value] of definedEntries(schema)) {
        if (key === "type" && typeof value === "string") {
            const kind = value.toLowerCase();
            out["type"] = nullable && kind !== "null" ? [kind, "null"] : kind;
        }
        else if (key === "nullable") {
            if (!hasOwn(schema, "type") && !hasOwn(schema, "anyOf") && value === true)
                out["type"] = "null";
        }
        else if (SCHEMA_MAPS.has(key) && isObject(value)) {
            const map = {};
            for (const [name, sub] of definedEntries(value))
                putOwn(map, name, schemaFromOpenapi(sub));
            putOwn(out, key, map);
        }
        else if (key === "items") {
            out[key] = schemaFromOpenapi(value);
        }
        else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
            const list = value.map(schemaFromOpenapi);
            if (nullable && !hasOwn(schema, "type"))
                list.push(nullSchema());
            putOwn(out, key, list);
        }
        else if (key === "enum" && nullable && Array.isArray(value) && !value.includes(null)) {
            out[key] = [...value, null]; // a JSON Schema enum without null would refuse it
        }
        else {
            putOwn(out, key, value);
        }
    }
    return out;
}
/**
 * Whether an OpenAPI-subset schema spells its type names in lower case (Gemini accepts both;
 * upper case is canonical): then encoding back keeps that spelling.
 */
export function openapiTypesLowerCase(schema) {
    const names = [];
    const stack = [schema];
    while (stack.length > 0) {
        const node = stack.pop();
        if (isObject(node)) {
            const kind = getOwn(node, "type");
            if (typeof kind === "string")
                names.push(kind);
            stack.push(...definedValues(node));
        }
        else if (Array.isArray(node)) {
            stack.push(...node);
        }
    }
    return names.length > 0 && names.every((name) => name === name.toLowerCase());
}
/** The subschema a local `#/...` reference names, or null. */
function resolve(root, ref) {
    let node = root;
    const toks = ref !== "#" ? codePoints(ref).slice(2).join("").split("/") : [];
    for (const raw of toks) {
        const token = unescape(raw);
        if (isObject(node) && hasOwn(node, token)) {
            node = getOwn(node, token);
        }
        else if (Array.isArray(node) && /^[0-9]+$/u.test(token) && Number(token) < node.length) {
            node = node[Number(token)];
        }
        else {
            return null;
        }
    }
    return node;
}
/** Whether a schema is the null branch of a union ({"type": "null"} or {"const": null}). */
export function isNullSchema(branch) {
    return (isObject(branch) &&
        (getOwn(branch, "type") === "null" || (hasOwn(branch, "const") && getOwn(branch, "const") === null)) &&
        definedKeys(branch).length === 1);
}
// --- JSON Schema -> OpenAPI subset ---
/** One conversion: the root (for `$ref`), where losses go, and what was already said. */
class ToOpenAPI {
    root;
    losses;
    strict;
    target;
    base;
    lower;
    used = new Set();
    defs = [];
    said = new Set();
    constructor(root, losses, strict, target, base, lower) {
        this.root = root;
        this.losses = losses;
        this.strict = strict;
        this.target = target;
        this.base = base;
        this.lower = lower;
    }
    loss(code, pointer, what) {
        const said = JSON.stringify([pointer, what]);
        if (!this.said.has(said)) {
            // a definition used twice is reported once
            this.said.add(said);
            report(this.losses, this.strict, code, pointer, this.target, what);
        }
    }
    typeName(kind) {
        return this.lower ? pyStr(kind).toLowerCase() : pyStr(kind).toUpperCase();
    }
    /** Fold a converted branch that must hold beside out (anyOf of one, allOf) into it. */
    merge(out, branch) {
        const shared = definedKeys(out).filter((key) => hasOwn(branch, key) &&
            !pyEqual(getOwn(out, key), getOwn(branch, key)) &&
            !ANNOTATIONS.has(key) &&
            !["nullable", "properties", "required"].includes(key));
        const outProps = hasOwn(out, "properties") ? getOwn(out, "properties") : {};
        const branchProps = hasOwn(branch, "properties") ? getOwn(branch, "properties") : {};
        if (shared.length > 0 || pyIter(branchProps).some((name) => pyIn(name, outProps)))
            return false;
        for (const [key, value] of definedEntries(branch)) {
            if (key === "properties") {
                out[key] = { ...mapping(outProps), ...mapping(value) };
            }
            else if (key === "required") {
                const have = hasOwn(out, key) ? getOwn(out, key) : [];
                out[key] = [...pyIter(have), ...pyIter(value).filter((name) => !pyIn(name, have))];
            }
            else if (key === "nullable") {
                const mine = getOwn(out, key);
                out[key] = hasOwn(out, key) ? (pyTruthy(mine) ? value : mine) : value;
            }
            else if (!hasOwn(out, key)) {
                putOwn(out, key, value);
            }
        }
        return true;
    }
    ref(node, here, stack) {
        const ref = getOwn(node, "$ref");
        const at = `${here}/$ref`;
        const local = typeof ref === "string" && ref.startsWith("#");
        const target = local ? resolve(this.root, ref) : null;
        let out;
        if (!isObject(target)) {
            const what = local ? "a $ref that does not resolve" : "a $ref that is not local";
            this.loss("schema.rewritten", at, `${what} (${pyRepr(ref)}; sent as an open schema)`);
            out = {};
        }
        else if (stack.includes(ref)) {
            const kind = getOwn(target, "type");
            const sent = typeof kind === "string" ? "a bare " + kind : "an open schema";
            this.loss("schema.rewritten", at, `a recursive $ref to ${ref} (the recursion is cut here: sent as ${sent})`);
            out = typeof kind === "string" ? { type: this.typeName(kind) } : {};
        }
        else {
            const name = this.base + ref.slice(1);
            this.used.add(name);
            out = this.convert(target, name, [...stack, ref]);
        }
        const rest = {};
        for (const [key, value] of definedEntries(node))
            if (key !== "$ref")
                putOwn(rest, key, value);
        if (definedKeys(rest).length > 0) {
            // keywords beside $ref apply too (2020-12)
            const outer = this.convert(rest, here, stack);
            const merged = { ...out };
            if (this.merge(merged, outer))
                return merged;
            this.loss("schema.rewritten", here, "keywords beside $ref that the definition states too (sent with the ones beside $ref)");
            out = { ...out, ...outer };
        }
        return out;
    }
    /** anyOf / oneOf: null branches become nullable; one branch left is folded in. */
    branches(out, key, value, here, stack) {
        const kept = [];
        value.forEach((sub, i) => {
            if (!isNullSchema(sub))
                kept.push([i, sub]);
        });
        if (kept.length < value.length)
            out["nullable"] = true;
        if (key === "oneOf" && kept.length > 1) {
            this.loss("schema.rewritten", `${here}/${key}`, "oneOf as such (sent as anyOf: the branches need not exclude each other)");
        }
        const converted = kept.map(([i, sub]) => this.convert(sub, `${here}/${key}/${i}`, stack));
        const only = converted[0];
        if (converted.length === 1 && isObject(only) && this.merge(out, only))
            return;
        if (hasOwn(out, "anyOf")) {
            this.loss("schema.keyword_dropped", `${here}/${key}`, `${key} beside another anyOf (dropped)`);
        }
        else if (converted.length > 0) {
            out["anyOf"] = converted;
        }
    }
    convert(schema, here, stack) {
        if (!isObject(schema))
            return schema;
        if (hasOwn(schema, "$ref"))
            return this.ref(schema, here, stack);
        const out = {};
        const later = [];
        for (const [key, value] of definedEntries(schema)) {
            const at = `${here}/${escape(key)}`;
            if (key === "type") {
                const kinds = Array.isArray(value) ? value : [value];
                const nonNull = kinds.filter((k) => k !== "null");
                if (kinds.includes("null"))
                    out["nullable"] = true;
                if (nonNull.length === 1) {
                    out["type"] = this.typeName(nonNull[0]);
                }
                else if (nonNull.length > 1 && !hasOwn(schema, "anyOf") && !hasOwn(schema, "oneOf")) {
                    out["anyOf"] = nonNull.map((k) => ({ type: this.typeName(k) })); // the same union
                }
                else if (nonNull.length > 0) {
                    this.loss("schema.keyword_dropped", at, `a type union ${pyRepr(kinds)} beside anyOf (kept the first: ${pyRepr(nonNull[0])})`);
                    out["type"] = this.typeName(nonNull[0]);
                }
            }
            else if (key === "const") {
                if (typeof value === "string") {
                    out["enum"] = [value]; // the same one value
                    if (!hasOwn(out, "type"))
                        out["type"] = this.typeName("string");
                }
                else if (typeof value === "number") {
                    out["minimum"] = value; // the same one value
                    out["maximum"] = value;
                    if (!hasOwn(out, "type"))
                        out["type"] = this.typeName(Number.isInteger(value) ? "integer" : "number");
                }
                else {
                    if (typeof value === "boolean" && !hasOwn(out, "type"))
                        out["type"] = this.typeName("boolean");
                    this.loss("schema.keyword_dropped", at, `the keyword const with the value ${pyRepr(value)}`);
                }
            }
            else if (key === "enum") {
                const values = Array.isArray(value) ? value.filter((v) => v !== null) : value;
                if (Array.isArray(values) && values.every((v) => typeof v === "string")) {
                    out["enum"] = values;
                    if (values.length < value.length)
                        out["nullable"] = true;
                }
                else {
                    this.loss("schema.keyword_dropped", at, "an enum of non-string values");
                }
            }
            else if ((key === "anyOf" || key === "oneOf" || key === "allOf") && Array.isArray(value)) {
                later.push([key, value]); // after the plain keywords, to fold into them
            }
            else if (DEFS.has(key) && isObject(value)) {
                for (const name of definedKeys(value))
                    this.defs.push(`${at}/${escape(name)}`);
            }
            else if (key === "examples" && Array.isArray(value) && value.length > 0) {
                if (!hasOwn(out, "example"))
                    out["example"] = value[0];
                if (value.length > 1)
                    this.loss("schema.keyword_dropped", at, "more than one example (sent the first)");
            }
            else if (SCHEMA_MAPS.has(key) && isObject(value)) {
                const map = {};
                for (const [name, sub] of definedEntries(value)) {
                    putOwn(map, name, this.convert(sub, `${at}/${escape(name)}`, stack));
                }
                putOwn(out, key, map);
            }
            else if (key === "items" && isObject(value)) {
                out[key] = this.convert(value, at, stack);
            }
            else if (OPENAPI_KEYWORDS.has(key) && key !== "items") {
                putOwn(out, key, value);
            }
            else {
                this.loss("schema.keyword_dropped", at, `the schema keyword ${key}`);
            }
        }
        for (const [key, value] of later) {
            if (key === "allOf") {
                value.forEach((sub, i) => {
                    const branch = this.convert(sub, `${here}/allOf/${i}`, stack);
                    if (!isObject(branch) || !this.merge(out, branch)) {
                        this.loss("schema.keyword_dropped", `${here}/allOf/${i}`, "an allOf branch that overlaps the rest of its schema (dropped)");
                    }
                });
            }
            else {
                this.branches(out, key, value, here, stack);
            }
        }
        return out;
    }
}
/**
 * JSON Schema -> Gemini's OpenAPI subset. Local `$ref`s are inlined (a recursive one is cut,
 * and reported), `anyOf [X, null]` and `type: [X, "null"]` become nullable, `const` a
 * one-value enum (or minimum = maximum), a type union anyOf; what the subset cannot say is
 * dropped and reported. Type names are upper case (canonical), or lower case when the input
 * spelled them so. Python's keyword-only `lower` is the last parameter: a boolean, or an
 * options object `{ lower }`.
 */
export function schemaToOpenapi(schema, losses, strict, target, pointer, lower = false) {
    if (!isObject(schema))
        return schema;
    const lowerCase = typeof lower === "boolean" ? lower : lower.lower === true;
    const run = new ToOpenAPI(schema, losses, strict, target, pointer, lowerCase);
    const out = run.convert(schema, pointer, []);
    for (const at of run.defs) {
        if (!run.used.has(at))
            run.loss("schema.keyword_dropped", at, "a definition no $ref uses (dropped)");
    }
    return out;
}
