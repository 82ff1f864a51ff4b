// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Decode errors: the generated code checks its assumptions in straight-line code; only when
 * one fails does explain() walk the same checks, as data, to name the exact pointer.
 *
 * A check is [pointer, kind, argument]; a variant is the checks of one wire spelling, in the
 * order the decoder makes them. Python's MISSING is undefined.
 */
import { DecodeError, describe, getOwn, isObject, unescape } from "./_errors.js";
import { pyDumps, pyEquals } from "./_pytext.js";
const DIGITS = /^[0-9]+$/u;
function lookup(value, pointer) {
    if (pointer === "")
        return value;
    for (const raw of pointer.slice(1).split("/")) {
        const token = unescape(raw);
        if (isObject(value))
            value = getOwn(value, token);
        else if (Array.isArray(value) && DIGITS.test(token) && Number(token) < value.length)
            value = value[Number(token)];
        else
            return undefined;
        if (value === undefined)
            return undefined;
    }
    return value;
}
const EXPECT = {
    object: [(v) => isObject(v), "an object"],
    array: [(v) => Array.isArray(v) && v.length > 0, "a non-empty array"],
    list: [(v) => Array.isArray(v), "an array"],
    string: [(v) => typeof v === "string", "a string"],
    nonempty: [(v) => typeof v === "string" && v !== "", "a non-empty string"],
    boolean: [(v) => typeof v === "boolean", "a boolean"],
    integer: [(v) => typeof v === "number" && Number.isInteger(v), "an integer"],
    string_or_null: [(v) => v === null || typeof v === "string", "a string or null"],
    any: [(v) => v !== undefined, "a value"],
};
function expect(kind) {
    const found = Object.hasOwn(EXPECT, kind) ? EXPECT[kind] : undefined;
    if (found === undefined)
        throw new TypeError(`unknown check kind ${kind}`); // Python: KeyError
    return found;
}
/** Python's `value == arg and type(value) is type(arg)` for a JSON constant. */
function sameConst(value, arg) {
    return typeof value === typeof arg && (value === null) === (arg === null) && Array.isArray(value) === Array.isArray(arg) && pyEquals(value, arg);
}
function among(value, values) {
    return values.some((a) => pyEquals(value, a));
}
function oneOf(values) {
    return values.map((a) => pyDumps(a)).join(", ");
}
/** [checks passed, pointer, message] of the first check wire fails, or null. */
function firstFailure(wire, checks) {
    for (let passed = 0; passed < checks.length; passed++) {
        const [pointer, kind, arg] = checks[passed];
        const value = lookup(wire, pointer);
        if (kind === "const") {
            if (!sameConst(value, arg))
                return [passed, pointer, `expected ${pyDumps(arg)}, got ${describe(value)}`];
        }
        else if (kind === "optional") {
            const [test, what] = expect(arg);
            if (value !== undefined && value !== null && !test(value))
                return [
                    passed, pointer, `expected ${what}, got ${describe(value)}`
                ];
        }
        else if (kind === "absent_or") {
            const [test, what] = expect(arg);
            if (value !== undefined && !test(value))
                return [
                    passed, pointer, `expected ${what} or nothing, got ${describe(value)}`
                ];
        }
        else if (kind === "optional_const") {
            if (value !== undefined && !sameConst(value, arg)) {
                return [passed, pointer, `expected ${pyDumps(arg)} or nothing, got ${describe(value)}`];
            }
        }
        else if (kind === "optional_values") {
            if (value !== undefined && value !== null && !among(value, arg)) {
                return [passed, pointer, `expected one of ${oneOf(arg)}, got ${describe(value)}`];
            }
        }
        else if (kind === "values") {
            if (!among(value, arg))
                return [passed, pointer, `expected one of ${oneOf(arg)}, got ${describe(value)}`];
        }
        else {
            const [test, what] = expect(kind);
            if (!test(value))
                return [passed, pointer, `expected ${what}, got ${describe(value)}`];
        }
    }
    return null;
}
/** Name the first failed check of the variant that fits best: one whose constants all
 * matched, then the one that got furthest. */
export function explain(wire, variants, dialect, shape, fallback = "") {
    let best = null;
    for (const checks of variants) {
        const failure = firstFailure(wire, checks);
        if (failure === null)
            continue;
        const constants = checks.filter((check) => check[1] === "const").length;
        // past "is an object" and its constants
        const candidate = [constants > 0 && failure[0] > constants, ...failure];
        if (best === null || (candidate[0] !== best[0] ? candidate[0] : candidate[1] > best[1]))
            best = candidate;
    }
    if (best === null)
        return new DecodeError(dialect, shape, "", fallback || "does not match this shape");
    return new DecodeError(dialect, shape, best[2], best[3]);
}
/** A wire list of names (tool names in a choice), each a non-empty string. */
export function stringList(value, dialect, shape, pointer) {
    const items = value;
    items.forEach((item, i) => {
        if (typeof item !== "string" || !item) {
            throw new DecodeError(dialect, shape, `${pointer}/${i}`, `expected a non-empty string, got ${describe(item)}`);
        }
    });
    return [...items];
}
