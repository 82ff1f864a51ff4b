// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Whether a payload is a request or response of a dialect, before extract() reads it.
 *
 * Each dialect module carries, as data derived from its envelope schemas at generation time,
 * the root keys an envelope must have and the JSON types allowed at its root properties and
 * along every location path, the values a schema's enum allows there and, where the dialect's
 * clients refuse unknown members (`closed`), the keys an object there may have. A payload
 * that fails every kind is refused with a DecodeError naming the kind that fits best; an
 * envelope that merely carries no tools passes.
 */
import { DecodeError, describe, escape, getOwn, hasOwn, isObject } from "./_errors.js";
import { pyRepr } from "./_pytext.js";
import { definedEntries, definedKeys } from "./_extract.js";
const ARTICLES = {
    object: "an object",
    array: "an array",
    string: "a string",
    number: "a number",
    integer: "an integer",
    boolean: "a boolean",
    null: "null",
};
function fits(value, types) {
    if (isObject(value))
        return types.includes("object");
    if (Array.isArray(value))
        return types.includes("array");
    if (typeof value === "string")
        return types.includes("string");
    if (typeof value === "boolean")
        return types.includes("boolean");
    if (value === null)
        return types.includes("null");
    if (typeof value === "number") {
        return types.includes("number") || (types.includes("integer") && Number.isInteger(value));
    }
    return false;
}
function expected(types) {
    const shown = types.filter((t) => !(t === "integer" && types.includes("number")));
    return shown.map((t) => ARTICLES[t]).join(" or ");
}
/** value is one of values as JSON compares them (true is not 1; 1 is 1.0). */
function member(value, values) {
    return values.includes(value);
}
function unknownField(at, key) {
    const why = "the dialect's clients refuse fields the schema does not name";
    return [`${at}/${escape(key)}`, `unknown field ${pyRepr(key)}: ${why}`];
}
/** [pointer, value] of every value present at a path whose '*' stands for every element. */
function* nodes(value, toks, at = "") {
    if (toks.length === 0) {
        yield [at, value];
        return;
    }
    const head = toks[0];
    const rest = toks.slice(1);
    if (head === "*") {
        if (Array.isArray(value)) {
            for (let i = 0; i < value.length; i++)
                yield* nodes(value[i], rest, `${at}/${i}`);
        }
    }
    else if (isObject(value) && hasOwn(value, head)) {
        yield* nodes(getOwn(value, head), rest, `${at}/${escape(head)}`);
    }
}
/** The values nodes() finds, without their pointers: the fast path when all is well. */
function values(value, toks) {
    let found = [value];
    for (const token of toks) {
        if (token === "*") {
            found = found.flatMap((node) => (Array.isArray(node) ? node : []));
        }
        else {
            found = found.filter((node) => isObject(node) && hasOwn(node, token));
            found = found.map((node) => getOwn(node, token));
        }
        if (found.length === 0)
            break;
    }
    return found;
}
/**
 * [pointer, message] of the first way payload is not this kind of envelope, or null.
 * known: a closed envelope's root keys (its clients refuse any other).
 */
export function problem(payload, required, top, checks, known = null) {
    for (const [toks, types] of checks) {
        if (toks.length > 0)
            break;
        if (!fits(payload, types))
            return ["", `expected ${expected(types)}, got ${describe(payload)}`];
    }
    if (!isObject(payload))
        return ["", `expected an object, got ${describe(payload)}`];
    if (required.length > 0 && !required.some((keys) => keys.every((key) => hasOwn(payload, key)))) {
        let best = required[0];
        let fewest = Infinity;
        for (const keys of required) {
            const absent = keys.filter((key) => !hasOwn(payload, key)).length;
            if (absent < fewest)
                [best, fewest] = [keys, absent];
        }
        const missing = best.find((key) => !hasOwn(payload, key));
        const allowed = getOwn(top, missing);
        const want = allowed !== undefined && allowed.length > 0 ? expected(allowed) : "a value";
        return [`/${escape(missing)}`, `expected ${want}, got nothing`];
    }
    if (known !== null) {
        for (const key of definedKeys(payload)) {
            if (!known.includes(key))
                return unknownField("", key);
        }
    }
    for (const [key, value] of definedEntries(payload)) {
        const allowed = getOwn(top, key);
        if (allowed !== undefined && !fits(value, allowed)) {
            return [`/${escape(key)}`, `expected ${expected(allowed)}, got ${describe(value)}`];
        }
    }
    for (const [toks, types, must, allowed, keys] of checks) {
        if (toks.length === 0)
            continue;
        const found = typed(payload, toks, types, must) ?? listedIn(payload, toks, allowed, keys);
        if (found !== null)
            return found;
    }
    return null;
}
/** The first value at toks (or, if must, an object without its key) types do not allow. */
function typed(payload, toks, types, must) {
    if (must) {
        // every object at the parent path has this key; as in Python, a required path whose
        // key is everywhere present is not type-checked further
        const key = toks[toks.length - 1];
        const parent = toks.slice(0, -1);
        if (values(payload, parent).every((node) => !isObject(node) || hasOwn(node, key)))
            return null;
        for (const [at, node] of nodes(payload, parent)) {
            if (isObject(node) && !hasOwn(node, key)) {
                return [`${at}/${escape(key)}`, `expected ${expected(types)}, got nothing`];
            }
        }
    }
    if (values(payload, toks).every((node) => fits(node, types)))
        return null;
    for (const [at, node] of nodes(payload, toks)) {
        if (!fits(node, types))
            return [at, `expected ${expected(types)}, got ${describe(node)}`];
    }
    return null;
}
/** The first value at toks its enum does not list, or key a closed object there does not name. */
function listedIn(payload, toks, allowed, keys) {
    if (allowed === null && keys === null)
        return null;
    for (const [at, node] of nodes(payload, toks)) {
        if (allowed !== null && !member(node, allowed)) {
            return [at, `expected one of ${allowed.map(describe).join(", ")}, got ${describe(node)}`];
        }
        if (keys !== null && isObject(node)) {
            for (const key of definedKeys(node)) {
                if (!keys.includes(key))
                    return unknownField(at, key);
            }
        }
    }
    return null;
}
/**
 * Throw DecodeError unless payload is one of the kinds. When it is none, blame the kind it
 * got furthest in, then the one whose keys it shares most.
 */
export function check(payload, kinds, dialect) {
    let best = null;
    let blame = null;
    for (let rank = 0; rank < kinds.length; rank++) {
        const [kind, required, top, checks, known] = kinds[rank];
        const found = problem(payload, required, top, checks, known);
        if (found === null)
            return;
        const keys = new Set([...required.flat(), ...definedKeys(top)]);
        const shared = isObject(payload) ? definedKeys(payload).filter((key) => keys.has(key)).length : 0;
        const score = [found[0].split("/").length - 1, shared, -rank];
        if (best === null || greater(score, best)) {
            best = score;
            blame = new DecodeError(dialect, kind, found[0], found[1]);
        }
    }
    if (blame !== null)
        throw blame;
}
function greater(a, b) {
    for (let i = 0; i < a.length; i++) {
        if (a[i] !== b[i])
            return a[i] > b[i];
    }
    return false;
}
