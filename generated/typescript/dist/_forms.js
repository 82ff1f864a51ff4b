// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Forms: the spellings a dialect's own payload used, kept in its extensions so that the same
 * dialect writes the payload back exactly. Compiled writers read them with these leaves (the
 * port of _forms.py), and reach into nested objects with keyOf.
 */
import { getOwn, isObject } from "./_errors.js";
/** The form kept for pointer ("" for none). */
export function formOf(forms, pointer) {
    const form = getOwn(forms, pointer);
    return form === undefined ? "" : form;
}
/** N of a `<prefix>N` form (`value:1`, `alias:2`) when it is below count, else 0 (Python's
 * int() of the rest: surrounding whitespace allowed, anything else an error). */
export function formIndex(form, prefix, count) {
    if (typeof form !== "string" || !form.startsWith(prefix))
        return 0;
    const rest = form.slice(prefix.length).trim();
    if (!/^[+-]?\d+$/.test(rest))
        throw new RangeError(`invalid literal for int() with base 10: '${form.slice(prefix.length)}'`);
    const n = Number(rest);
    return n < count ? n : 0;
}
/** obj's own key, undefined when obj is no object (a path read one key at a time). */
export function keyOf(obj, key) {
    return isObject(obj) ? getOwn(obj, key) : undefined;
}
