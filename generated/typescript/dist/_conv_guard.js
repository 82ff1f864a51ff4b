// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * What a whole conversation must be before it is converted, whichever way: texts that are
 * strings, and settings of their canonical type (each setting's rule is data, from
 * schemas/canonical/settings.json). Depth is held at the entry points (_coercion).
 */
import { CanonicalError, describe, hasOwn, isObject } from "./_errors.js";
const ARTICLES = {
    number: "a number",
    integer: "an integer",
    string: "a string",
    boolean: "a boolean",
    object: "an object",
    array: "an array",
};
function fail(shape, at, what) {
    return new CanonicalError(shape, new Error(`${at}: ${what}`));
}
/**
 * A canonical request or response an encoder may read: CanonicalError (naming the pointer)
 * for a part whose text is no string. (Depth was checked where the value came in: _coercion.)
 */
export function checkCanonical(canonical, shape) {
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
function fits(value, types) {
    if (typeof value === "boolean")
        return types.includes("boolean");
    if (typeof value === "number") {
        if (Number.isInteger(value))
            return types.includes("integer") || types.includes("number");
        return types.includes("number") || (types.includes("integer") && !Number.isFinite(value));
    }
    if (typeof value === "string")
        return types.includes("string");
    if (Array.isArray(value))
        return types.includes("array");
    if (value === null)
        return types.includes("null");
    return isObject(value) && types.includes("object");
}
function expected(types) {
    return types.map((t) => ARTICLES[t] ?? t).join(" or ");
}
/** What is wrong with a setting's canonical value by its rule (null: nothing). */
export function settingProblem(value, rule) {
    const [types, minimum, items] = rule;
    if (types.length > 0 && !fits(value, types))
        return `expected ${expected(types)}, got ${describe(value)}`;
    if (typeof value === "number" && !Number.isFinite(value))
        return `expected a finite number, got ${String(value)}`;
    if (minimum !== null && typeof value === "number" && value < minimum) {
        return `expected at least ${minimum}, got ${describe(value)}`;
    }
    if (items.length > 0 && Array.isArray(value)) {
        for (const item of value) {
            if (!fits(item, items))
                return `expected ${expected(items)} in the list, got ${describe(item)}`;
        }
    }
    return null;
}
/** A less_than rule's repair of a written request: null when value is below than (or either is
 * no number); else [true, than - 1] where that keeps value at least floor, or [false, value + 1],
 * what than becomes. */
export function below(value, than, floor) {
    if (typeof value !== "number" || typeof than !== "number" || value < than)
        return null;
    if (floor === null || than - 1 >= floor)
        return [true, than - 1];
    return [false, value + 1];
}
