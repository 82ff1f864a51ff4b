// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Content and results on wires that carry less than the canonical model: content as one
 * string, a result as one JSON object (Gemini functionResponse.response), images as data URLs.
 */
import { describePart } from "./_canonical.js";
import { written } from "./_coercion.js";
import { Invalid, hasOwn, isObject, need, putOwn, pyTypeName, report } from "./_errors.js";
import { pySorted } from "./_pytext.js";
import { utf8 } from "./_sha256.js";
import { UnicodeDecodeError, decodeUtf8 } from "./streams/_utf8.js";
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/u;
/** Whether value is a base64 data URL, data:<media type>;base64,<data>. */
export function isDataUrl(value) {
    return typeof value === "string" && DATA_URL.test(value);
}
/** [media type, base64 data] of a data URL. */
export function splitDataUrl(value) {
    const match = DATA_URL.exec(value);
    if (match === null)
        throw new TypeError("not a data URL"); // the part matched isDataUrl first
    return [match[1], match[2]];
}
// Bedrock's DocumentFormat values and the media types they stand for (botocore bedrock-runtime)
const DOCUMENT_FORMATS = new Map([
    ["pdf", "application/pdf"],
    ["csv", "text/csv"],
    ["doc", "application/msword"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["xls", "application/vnd.ms-excel"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["html", "text/html"],
    ["txt", "text/plain"],
    ["md", "text/markdown"],
]);
const FORMAT_OF = new Map([...DOCUMENT_FORMATS].map(([name, type]) => [type, name]));
/** The document format (a file extension: pdf) of a media type, null when it has none. */
export function documentFormat(mediaType) {
    return typeof mediaType === "string" ? (FORMAT_OF.get(mediaType) ?? null) : null;
}
/** The media type of a document format; a value that is none is kept as it is. */
export function documentMediaType(value) {
    return typeof value === "string" ? (DOCUMENT_FORMATS.get(value) ?? value) : value;
}
/** Whether value is an image's media type (image/...). */
/** Whether value is one of the media types a spelling takes ("text/*": any text type). */
export function mediaTypeIn(value, types) {
    if (typeof value !== "string")
        return false;
    return types.includes(value) || types.some((t) => t.endsWith("/*") && value.startsWith(t.slice(0, -1)));
}
/** Whether a data URL's media type is one a spelling takes; any other value says none. */
export function dataUrlTypeIn(value, types) {
    return !isDataUrl(value) || mediaTypeIn(splitDataUrl(value)[0], types);
}
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/u;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/**
 * The UTF-8 text base64 data holds; null when it is no padded base64 or no UTF-8 text
 * (a document a text source cannot take).
 */
export function base64Text(data) {
    if (typeof data !== "string" || !BASE64.test(data))
        return null;
    const bytes = [];
    for (let i = 0; i < data.length; i += 4) {
        const n = [0, 1, 2, 3].map((k) => ALPHABET.indexOf(data[i + k]));
        bytes.push((n[0] << 2) | (n[1] >> 4));
        if (n[2] >= 0)
            bytes.push(((n[1] & 15) << 4) | (n[2] >> 2));
        if (n[3] >= 0)
            bytes.push(((n[2] & 3) << 6) | n[3]);
    }
    try {
        return decodeUtf8(Uint8Array.from(bytes));
    }
    catch (exc) {
        if (exc instanceof UnicodeDecodeError)
            return null;
        throw exc;
    }
}
/** Text as base64 of its UTF-8 bytes (a lone surrogate as the three bytes of its code). */
export function textBase64(text) {
    const bytes = utf8(text);
    let out = "";
    for (let i = 0; i < bytes.length; i += 3) {
        const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
        out += ALPHABET[a >> 2] + ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)];
        out += b === undefined ? "=" : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)];
        out += c === undefined ? "=" : ALPHABET[c & 63];
    }
    return out;
}
export function isImageType(value) {
    return typeof value === "string" && value.startsWith("image/");
}
export function dataUrl(mediaType, data) {
    return `data:${mediaType};base64,${data}`;
}
/** A json part's value as text (held to the depth limit: a TypeError when too deep). */
/**
 * Reports each key of a part its spelling does not write (part.field_dropped); what is the
 * part ("an image"); a spelling writing data URLs drops a URL's media type (a data URL carries
 * one, a plain URL none).
 */
export function reportDropped(part, carried, dataUrls, at, what, dialect, losses, strict) {
    const keep = new Set(carried);
    const lost = new Set(Object.keys(part).filter((k) => !keep.has(k)));
    if (dataUrls && hasOwn(part, "url") && hasOwn(part, "media_type"))
        lost.add("media_type");
    for (const key of pySorted([...lost])) {
        report(losses, strict, "part.field_dropped", `${at}/${key}`, dialect, `the ${key} of ${what} part`);
    }
}
/** A part kind with its article: "an image", "a document". */
export function aPart(kind) {
    return ("aeiou".includes(kind.slice(0, 1)) && kind !== "" ? "an " : "a ") + kind;
}
export function textOfJson(value, pointer) {
    return written(value, pointer);
}
/** Canonical content as an encoder reads it: objects, each with its type (else Invalid), as
 * Python's list() of it would give them. */
export function checkedParts(parts) {
    let items;
    if (Array.isArray(parts))
        items = parts;
    else if (typeof parts === "string")
        items = Array.from(parts);
    else if (isObject(parts))
        items = Object.keys(parts);
    else
        throw new Invalid(`'${pyTypeName(parts)}' object is not iterable`);
    for (const part of items)
        need(part, "type");
    return items;
}
/** Content for a wire that takes only a string: text joined, JSON as its text, the rest lost. */
export function contentAsString(parts, losses, strict, target) {
    const texts = [];
    checkedParts(parts).forEach((part, i) => {
        if (part["type"] === "text") {
            const text = need(part, "text");
            if (typeof text !== "string") {
                throw new Invalid(`sequence item ${texts.length}: expected str instance, ${pyTypeName(text)} found`);
            }
            texts.push(text);
        }
        else if (part["type"] === "json") {
            report(losses, strict, "content.json_as_text", `/content/${i}`, target, "a json part as such (sent as JSON text)");
            texts.push(textOfJson(need(part, "value"), `/content/${i}/value`));
        }
        else
            report(losses, strict, "part.unsupported", `/content/${i}`, target, describePart(part));
    });
    if (texts.length > 1)
        report(losses, strict, "content.joined", "/content", target, "several parts as such (joined into one string)");
    return texts.join("");
}
/** An output value as content: text, JSON, or nothing for an empty string. */
function partsOf(value) {
    if (typeof value === "string")
        return value ? [{ type: "text", text: value }] : [];
    return [{ type: "json", value }];
}
function onlyKey(value, key) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    return keys.length === 1 && keys[0] === key;
}
/** {error: x} is an error result, {output: x} a plain one, any other object is the output. */
export function resultFromObject(value, outputKey, errorKey, forms, pointer) {
    if (errorKey !== null && onlyKey(value, errorKey))
        return [partsOf(value[errorKey]), true];
    if (onlyKey(value, outputKey)) {
        const inner = value[outputKey];
        if (typeof inner !== "string")
            putOwn(forms, pointer, "wrapped");
        return [partsOf(inner), false];
    }
    return [[{ type: "json", value }], false];
}
/** A result's content as one object: {outputKey: ...} or {errorKey: ...}; one JSON object
 * part stands as it is unless the decoder saw it wrapped. */
export function resultToObject(parts, isError, outputKey, errorKey, form, losses, strict, target, carried = []) {
    parts = checkedParts(parts);
    // the parts at the positions carried are written elsewhere (media beside the object)
    if (carried.length > 0)
        parts = parts.map((p, i) => (carried.includes(i) ? { type: "carried" } : p));
    const texts = parts.filter((p) => p["type"] === "text");
    const kept = parts.filter((p) => p["type"] === "text" || p["type"] === "json");
    parts.forEach((part, i) => {
        if (part["type"] !== "text" && part["type"] !== "json" && part["type"] !== "carried")
            report(losses, strict, "part.unsupported", `/content/${i}`, target, describePart(part));
    });
    let inner;
    if (kept.length === 1 && kept[0]["type"] === "json")
        inner = need(kept[0], "value");
    else if (kept.length === texts.length) {
        inner = texts.map((p) => need(p, "text")).join("");
        if (texts.length > 1)
            report(losses, strict, "content.joined", "/content", target, "several text parts as such (joined into one)");
    }
    else {
        inner = kept.map((p) => (p["type"] === "text" ? need(p, "text") : need(p, "value")));
        report(losses, strict, "content.joined", "/content", target, "several parts as such (sent as one JSON array)");
    }
    if (isError) {
        if (errorKey === null)
            report(losses, strict, "result.error_flag_dropped", "/is_error", target, "the error flag of a tool result");
        else
            return makeObject(errorKey, inner);
    }
    if (isObject(inner) && form !== "wrapped")
        return inner;
    return makeObject(outputKey, inner);
}
function makeObject(key, value) {
    const out = {};
    putOwn(out, key, value);
    return out;
}
