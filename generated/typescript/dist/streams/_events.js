// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Stream events in, wire calls out: the error a stream raises, events read as objects, the
 * pointer of an item inside its event, and the private copies a wire call is built in (the
 * caller's event objects are never kept nor changed).
 */
import { asWire, hold } from "../_coercion.js";
import { DecodeError, escape, isObject, hasOwn, putOwn } from "../_errors.js";
import { loads, StrictJsonError } from "../_strict_json.js";
import { decodeUtf8, UnicodeDecodeError } from "./_utf8.js";
export const SHAPE = "stream_event";
export const ENDED = "the stream ended before this call was complete";
/** A stream event is not what the dialect sends; line is set when it came from text. */
export class StreamError extends DecodeError {
    #line = null;
    constructor(dialect, pointer, message, line = null) {
        super(dialect, SHAPE, pointer, message);
        this.name = "StreamError";
        this.line = line;
    }
    /** The line of the stream text the event came from (setting it rewrites `.message`). */
    get line() {
        return this.#line;
    }
    set line(value) {
        this.#line = value;
        const where = value !== null ? `line ${value}: ` : "";
        this.message = `${where}${this.dialect}/${SHAPE}: ${this.pointer || "/"}: ${this.detail}`;
    }
}
/** Python's ValueError, where the stream helpers raise one (a JSONPath, getStream). */
export class ValueError extends Error {
    constructor(message) {
        super(message);
        this.name = "ValueError";
    }
}
/** Accept an event as an object, JSON text (or UTF-8 bytes) or an SDK object (held to the
 * reader's depth limit, as coercion holds every value handed in). */
export function asEvent(event, dialect) {
    if (isDict(event))
        return event; // not walked: what a call keeps of it is held where it is kept
    if (typeof event === "string" || event instanceof Uint8Array || event instanceof ArrayBuffer) {
        try {
            event = loads(typeof event === "string" ? event : removeBom(decodeUtf8(event)));
        }
        catch (exc) {
            if (!isValueError(exc))
                throw exc;
            throw new StreamError(dialect, "", `not valid JSON: ${exc.message}`);
        }
    }
    else {
        try {
            event = asWire(event, dialect, SHAPE);
        }
        catch (exc) {
            if (!(exc instanceof DecodeError))
                throw exc;
            throw new StreamError(dialect, exc.pointer, exc.detail); // the same error, as a stream's
        }
    }
    if (!isObject(event)) {
        throw new StreamError(dialect, "", "expected an event object");
    }
    return event;
}
/** asEvent, the whole event held to the depth limit (a relay writes events out). */
export function asWholeEvent(event, dialect) {
    const read = asEvent(event, dialect);
    try {
        return hold(read, dialect, SHAPE);
    }
    catch (exc) {
        if (!(exc instanceof DecodeError))
            throw exc;
        throw new StreamError(dialect, exc.pointer, exc.detail);
    }
}
/** Python's `type(v) is dict` for an event: a plain object (an SDK object goes through toPlain). */
export function isDict(value) {
    if (!isObject(value))
        return false;
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}
function removeBom(text) {
    return text.startsWith("\ufeff") ? text.slice(1) : text;
}
/** Python's `except ValueError`: what loads (StrictJsonError), the UTF-8 decoder, the JSONPath
 * helpers (ValueError) throw, and DecodeError (a ValueError in Python too); nothing else. */
export function isValueError(exc) {
    return (exc instanceof StrictJsonError ||
        exc instanceof UnicodeDecodeError ||
        exc instanceof ValueError ||
        exc instanceof DecodeError);
}
/** The pointer of item inside event (found by identity: only on the error path). */
export function where(event, item) {
    if (item === null || item === undefined || item === event) {
        return "";
    }
    const stack = [[event, ""]];
    while (stack.length) {
        const [node, pointer] = stack.pop();
        const children = isObject(node)
            ? Object.entries(node)
            : Array.isArray(node)
                ? node.map((v, i) => [String(i), v])
                : [];
        for (const [key, child] of children) {
            const at = `${pointer}/${escape(key)}`;
            if (child === item) {
                return at;
            }
            if (isObject(child) || Array.isArray(child)) {
                stack.push([child, at]);
            }
        }
    }
    return "";
}
/** Equal and of the same JSON type (true is no 1). */
export function same(value, constant) {
    if (constant === null || typeof constant !== "object") {
        return value === constant;
    }
    if (Array.isArray(constant)) {
        return Array.isArray(value) && value.length === constant.length && constant.every((c, i) => equal(value[i], c));
    }
    return isObject(value) && equal(value, constant);
}
/** Python's `==` on JSON values (True == 1, dict order ignored). */
export function equal(a, b) {
    if (a === b)
        return true;
    if (typeof a === "boolean" || typeof b === "boolean") {
        return (typeof a === "number" || typeof a === "boolean") && (typeof b === "number" || typeof b === "boolean")
            ? Number(a) === Number(b)
            : false;
    }
    if (Array.isArray(a)) {
        return Array.isArray(b) && a.length === b.length && a.every((v, i) => equal(v, b[i]));
    }
    if (isObject(a)) {
        if (!isObject(b))
            return false;
        const keys = Object.keys(a);
        if (keys.length !== Object.keys(b).length)
            return false;
        return keys.every((k) => hasOwn(b, k) && equal(a[k], b[k]));
    }
    return false;
}
const HAS = Object.prototype.hasOwnProperty;
/** The value at key of obj when obj is an object; null when absent (Python's `.get`). The
 * generated feed() reads every pointer with it: isObject and hasOwn inlined. */
export function get(obj, key) {
    if (typeof obj !== "object" || obj === null || Array.isArray(obj) || !HAS.call(obj, key))
        return null;
    const value = obj[key];
    return value === undefined ? null : value;
}
/** Python's truth value of a JSON value ({} and [] are false). */
export function truthy(value) {
    if (Array.isArray(value))
        return value.length > 0;
    if (isObject(value))
        return Object.keys(value).length > 0;
    return Boolean(value);
}
/** re.fullmatch on a string; false for anything else (pattern: anchored, no g flag). */
export function fullmatch(pattern, value) {
    return typeof value === "string" && pattern.test(value);
}
/** Whether obj is an object holding key (Python's `key in obj` after a dict test). */
export function has(obj, key) {
    return (typeof obj === "object" &&
        obj !== null &&
        !Array.isArray(obj) &&
        HAS.call(obj, key) &&
        obj[key] !== undefined);
}
/** Set value at toks in w, copying the nested objects on the way (w itself is private). */
export function put(w, toks, value) {
    let node = w;
    for (let i = 0; i < toks.length - 1; i++) {
        const t = toks[i];
        const child = get(node, t);
        const copied = isObject(child) ? { ...child } : {};
        putOwn(node, t, copied);
        node = copied;
    }
    putOwn(node, toks[toks.length - 1], value);
}
/** Set a constant the server left out (compatible servers omit `type`). */
export function putDefault(w, toks, value) {
    let node = w;
    for (let i = 0; i < toks.length - 1; i++) {
        node = isObject(node) ? get(node, toks[i]) : null;
    }
    if (!has(node, toks[toks.length - 1])) {
        put(w, toks, value);
    }
}
/** A deep copy of a JSON value's objects and arrays. */
export function _copy(value) {
    if (Array.isArray(value)) {
        return value.map(_copy);
    }
    if (isObject(value)) {
        const out = {};
        for (const k of Object.keys(value)) {
            putOwn(out, k, _copy(value[k]));
        }
        return out;
    }
    return value;
}
/**
 * A private copy of the item a call started with, without its stream-only keys: the
 * caller's event objects are never kept nor changed.
 */
export function itemCopy(item, drops) {
    const copied = _copy(item);
    return drops.length ? overlay(copied, [], drops) : copied;
}
/** A copy of w without drops and with sets; w and its nested objects are never changed. */
export function overlay(w, sets, drops) {
    const out = isObject(w) ? { ...w } : {};
    for (const toks of drops) {
        let node = out;
        for (let i = 0; i < toks.length - 1; i++) {
            const t = toks[i];
            const child = get(node, t);
            if (!isObject(child)) {
                node = null;
                break;
            }
            const copied = { ...child };
            putOwn(node, t, copied);
            node = copied;
        }
        if (node !== null) {
            delete node[toks[toks.length - 1]];
        }
    }
    for (const [toks, value] of sets) {
        put(out, toks, value);
    }
    return out;
}
