/**
 * Forms: the spellings a dialect's own payload used, kept in its extensions so that the same
 * dialect writes the payload back exactly. Compiled writers read them with these leaves (the
 * port of _forms.py), and reach into nested objects with keyOf.
 */
import { type JsonObject } from "./_errors.js";
/** The form kept for pointer ("" for none). */
export declare function formOf(forms: JsonObject, pointer: string): string;
/** N of a `<prefix>N` form (`value:1`, `alias:2`) when it is below count, else 0 (Python's
 * int() of the rest: surrounding whitespace allowed, anything else an error). */
export declare function formIndex(form: unknown, prefix: string, count: number): number;
/** obj's own key, undefined when obj is no object (a path read one key at a time). */
export declare function keyOf(obj: unknown, key: string): unknown;
