// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Arguments carried as JSON text: read by the strict reader and never repaired, written
 * compactly, and sent in their original spelling while it still says the same thing.
 */
import { written } from "./_coercion.js";
import { DecodeError, describe, getKey, getOwn, isObject } from "./_errors.js";
import { pyEquals, pyTruthy } from "./_pytext.js";
import { StrictJsonError, loads } from "./_strict_json.js";
/** Parse argument text; never repair it. Returns [object, null] or [null, why]. */
export function parseArguments(text, dialect, shape, pointer) {
    if (typeof text !== "string")
        throw new DecodeError(dialect, shape, pointer, `expected a string, got ${describe(text)}`);
    let value;
    try {
        value = loads(text);
    }
    catch (exc) {
        // Also catches '{..}{..}': several objects in one text are "Extra data", not calls.
        if (exc instanceof StrictJsonError)
            return [null, `not valid JSON: ${exc.message}`];
        throw exc;
    }
    if (!isObject(value))
        return [null, `not a JSON object: got ${describe(value)}`];
    return [value, null];
}
export function notAnObject(value) {
    return `not a JSON object: got ${describe(value)}`;
}
export function dumpArguments(args) {
    return written(args, "/arguments");
}
/** The argument text to send: the original spelling while it still says the same thing. */
export function argumentsText(call, noArgumentsText) {
    const raw = getOwn(call, "raw_arguments");
    const args = getKey(call, "arguments");
    if (raw != null) {
        if (args === null)
            return raw;
        if (noArgumentsText.includes(raw)) {
            if (!pyTruthy(args))
                return raw;
        }
        else
            return spelledAs(raw, args);
    }
    return dumpArguments(args);
}
/** raw while it still parses to these arguments (a round trip keeps its spelling), else the
 * arguments written afresh. */
export function spelledAs(raw, args) {
    try {
        if (pyEquals(loads(raw), args))
            return raw;
    }
    catch (exc) {
        if (!(exc instanceof StrictJsonError))
            throw exc;
    }
    return dumpArguments(args);
}
