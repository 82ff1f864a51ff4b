// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Paths into whole payloads: reading and writing a value at an array of keys (a key of
 * digits indexes a list), and the keys a layout knows, as a tree, so that every other wire
 * value is kept as an extension field and put back in its place for an exact round trip.
 * Python's MISSING is `undefined`.
 */
import { escape, getOwn, hasOwn, isObject, putOwn, unescape } from "./_errors.js";
import { pyRepr } from "./_pytext.js";
import { pyTypeName } from "./_schema_openapi.js";
/** An empty object shared by the readers of absent extension values (never written to). */
export const EMPTY = Object.freeze({});
/** A known value read whole: nothing below it is kept apart. */
export const LEAF = new Map();
const DIGITS = /^[0-9]+$/u;
/** Python's str.isdigit() of a pointer token (ASCII digits). */
export function isDigits(token) {
    return DIGITS.test(token);
}
/** Python's truthiness of a JSON value (undefined = MISSING is false). */
export function truthy(value) {
    if (value === undefined || value === null || value === false || value === 0 || value === "")
        return false;
    if (Array.isArray(value))
        return value.length > 0;
    if (isObject(value))
        return Object.keys(value).length > 0;
    return true;
}
const POINTERS = new WeakMap();
/** The JSON Pointer of toks (layouts ask for the same few over and over: remembered). */
export function pointer(toks) {
    let known = POINTERS.get(toks);
    if (known === undefined) {
        known = toks.map((t) => "/" + escape(t)).join("");
        POINTERS.set(toks, known);
    }
    return known;
}
/** The value at toks, or undefined (MISSING). */
export function get(node, toks) {
    if (toks.length === 1 && isObject(node))
        return getOwn(node, toks[0]); // most layout pointers are one key
    for (const token of toks) {
        if (isObject(node)) {
            node = getOwn(node, token);
            if (node === undefined)
                return undefined;
        }
        else if (Array.isArray(node) && isDigits(token) && Number(token) < node.length) {
            node = node[Number(token)];
        }
        else {
            return undefined;
        }
    }
    return node;
}
/** Write value at toks, making the objects (and, for a key of digits, lists) on the way. */
export function put(root, toks, value) {
    if (toks.length === 1) {
        putOwn(root, toks[0], value);
        return;
    }
    let node = root;
    for (let i = 0; i < toks.length - 1; i++) {
        const token = toks[i];
        const next = isDigits(toks[i + 1]) ? [] : {};
        let child;
        if (Array.isArray(node)) {
            const index = Number(token);
            while (node.length <= index)
                node.push({});
            child = node[index];
        }
        else {
            child = getOwn(node, token);
            if (child == null) {
                child = next;
                putOwn(node, token, child);
            }
        }
        node = child;
    }
    const last = toks[toks.length - 1];
    if (Array.isArray(node)) {
        const index = Number(last);
        while (node.length < index)
            node.push({});
        if (index === node.length)
            node.push(value);
        else
            node[index] = value;
    }
    else {
        putOwn(node, last, value);
    }
}
/** A copy of a JSON value (its lists and objects new, its scalars shared). */
export function jsonCopy(value) {
    if (Array.isArray(value))
        return value.map(jsonCopy);
    if (isObject(value)) {
        const out = {};
        for (const key of Object.keys(value)) {
            const item = getOwn(value, key);
            if (item !== undefined)
                putOwn(out, key, jsonCopy(item));
        }
        return out;
    }
    return value;
}
/** put a copy of a layout's own value (a default, a constant): a caller changing one result
 * must not change what the next conversion writes. */
export function putFresh(root, toks, value) {
    put(root, toks, jsonCopy(value));
}
/**
 * The keys a layout reads: `leaves` are values read whole, `paths` objects whose other keys
 * are kept as extension fields. A list index of 0 in a path stands for that element.
 */
export function knownTree(paths, leaves) {
    const tree = new Map();
    const all = [
        ...paths.map((p) => [p, false]), ...leaves.map((p) => [p, true])
    ];
    for (const [toks, leaf] of all) {
        let node = tree;
        for (let i = 0; i < toks.length; i++) {
            const token = toks[i];
            const last = i === toks.length - 1;
            let child = node.get(token);
            if (child === LEAF)
                break;
            if (last && leaf) {
                node.set(token, LEAF);
                break;
            }
            if (child === undefined) {
                child = new Map();
                node.set(token, child);
            }
            node = child;
        }
    }
    return tree;
}
const LEAF_KEYS = new WeakMap();
/** The keys of a (layout-long-lived) tree that are read whole, remembered by identity. */
function leafKeys(tree) {
    let keys = LEAF_KEYS.get(tree);
    if (keys === undefined) {
        keys = new Set([...tree].filter(([, sub]) => sub === LEAF).map(([key]) => key));
        LEAF_KEYS.set(tree, keys);
    }
    return keys;
}
/**
 * Adds every value below `value` that `tree` does not know to `into`, by JSON Pointer.
 * `tree` must live as long as its layout (it is remembered by identity).
 */
export function unknownInto(value, tree, base, into) {
    let items;
    if (isObject(value)) {
        const keys = Object.keys(value);
        const leaves = leafKeys(tree);
        if (keys.every((key) => leaves.has(key)))
            return into; // the usual case: every key is one the layout reads whole
        items = keys.map((key) => [key, getOwn(value, key)]);
    }
    else if (Array.isArray(value)) {
        items = value.map((item, i) => [String(i), item]);
    }
    else {
        return into;
    }
    for (const [key, item] of items) {
        const sub = tree.get(key);
        if (sub === LEAF)
            continue;
        if (sub !== undefined && (isObject(item) || Array.isArray(item)) && truthy(item)) {
            into = unknownInto(item, sub, `${base}/${escape(key)}`, into);
            continue;
        }
        if (into === null)
            into = {}; // unknown, empty, or a value where the layout expected an object or a list
        putOwn(into, `${base}/${escape(key)}`, item);
    }
    return into;
}
/**
 * Put an extension field back at its pointer (a list index inserts there); false when its
 * place no longer exists or is taken.
 */
export function putBack(wire, at, value) {
    const toks = at.slice(1).split("/").map(unescape);
    let node = wire;
    for (let i = 0; i < toks.length - 1; i++) {
        const token = toks[i];
        let child = get(node, [token]);
        if (child === undefined) {
            if (!isObject(node))
                return false;
            child = isDigits(toks[i + 1]) ? [] : {};
            putOwn(node, token, child);
        }
        node = child;
    }
    const last = toks[toks.length - 1];
    if (isObject(node)) {
        if (hasOwn(node, last))
            return false;
        putOwn(node, last, value);
        return true;
    }
    if (Array.isArray(node) && isDigits(last)) {
        node.splice(Math.min(Number(last), node.length), 0, value);
        return true;
    }
    return false;
}
/**
 * What Python's `for item in value` walks of a canonical value: a list's items, an object's
 * keys, a string's characters; anything else throws TypeError (not iterable), as Python does.
 * Canonical input that is not canonical data fails where the Python runtime fails.
 */
export function pyIter(value) {
    if (Array.isArray(value))
        return value;
    if (isObject(value))
        return Object.keys(value);
    if (typeof value === "string")
        return [...value];
    throw new TypeError(`${value === null ? "NoneType" : typeof value} object is not iterable`);
}
/** value, which Python reads with dict methods: TypeError when it is no object. */
export function asObject(value, what) {
    if (!isObject(value))
        throw new TypeError(`${what} is not an object`);
    return value;
}
/** value, which Python hashes, joins or slices as a string: TypeError when it is none. */
/** sep.join(items) with Python's TypeError for an item that is no string. */
export function joinStrings(items, sep) {
    items.forEach((item, index) => {
        if (typeof item !== "string")
            throw new TypeError(`sequence item ${index}: expected str instance, ${pyTypeName(item)} found`);
    });
    return items.join(sep);
}
export function asString(value, what) {
    if (typeof value !== "string")
        throw new TypeError(`${what} is not a string`);
    return value;
}
/** value.get(key, {}) of an object-valued key of an extension object (TypeError where
 * Python's dict methods would fail: value or the found value is no object). */
export function objectOf(value, key) {
    const found = getOwn(asObject(value, "an extension"), key);
    return found === undefined ? EMPTY : asObject(found, `an extension's ${key}`);
}
/** Python's f"{value}" of a JSON value (a string as it is, None as None, others as repr). */
export function pyStr(value) {
    return typeof value === "string" ? value : pyRepr(value === undefined ? null : value);
}
/** Python's `key in container` of a JSON value: an object's key, a string's substring, a
 * list's item; TypeError for anything else (None, a number, a boolean). */
export function pyIn(key, container) {
    if (isObject(container))
        return hasOwn(container, key);
    if (typeof container === "string")
        return container.includes(key);
    if (Array.isArray(container))
        return container.includes(key);
    throw new TypeError(`argument of type '${container === null ? "NoneType" : typeof container}' is not iterable`);
}
