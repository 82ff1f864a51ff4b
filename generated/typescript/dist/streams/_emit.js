// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Emission helpers shared by the generated emitters: argument text in fragments, an emitted
 * call's key, and events framed as the provider frames them (SSE blocks or JSON lines).
 */
import { argumentsText, dumpArguments, spelledAs } from "../_arguments.js";
import { getOwn, hasOwn, isObject } from "../_errors.js";
import { compactJson } from "../_pytext.js";
const SURROGATE = /[\ud800-\udfff]/;
/** Argument text as fragments of at most size characters (code points; one fragment without size). */
export function pieces(text, size) {
    if (!text) {
        return [];
    }
    if (!size || size <= 0) {
        return [text];
    }
    const out = [];
    if (!SURROGATE.test(text)) {
        for (let i = 0; i < text.length; i += size)
            out.push(text.slice(i, i + size));
        return out;
    }
    const points = Array.from(text);
    for (let i = 0; i < points.length; i += size)
        out.push(points.slice(i, i + size).join(""));
    return out;
}
/** The argument text a stream sends for a canonical call (raw text while it says the same). */
export function textOf(call, kind, noArgumentsText) {
    const args = call["arguments"] ?? null;
    const raw = (call["raw_arguments"] ?? null);
    if (args === null) {
        return raw || "";
    }
    if (kind === "text") {
        return argumentsText(call, noArgumentsText);
    }
    return raw === null ? dumpArguments(args) : spelledAs(raw, args);
}
export function valueAt(w, toks) {
    for (const t of toks) {
        w = isObject(w) ? (getOwn(w, t) ?? null) : null;
    }
    return w;
}
/** An emitted call's key: the wire call's own (a Responses item id), else its index. */
export function emitKey(w, toks, index, prefix) {
    if (toks !== null && isObject(w)) {
        let node = w;
        for (const t of toks) {
            node = isObject(node) && hasOwn(node, t) ? getOwn(node, t) : undefined;
        }
        if (node !== undefined && node !== null) {
            return node;
        }
    }
    return prefix === null ? index : `${prefix}${index}`;
}
/** Events as the provider frames them: SSE blocks or JSON lines. */
export function toText(events, framing, eventName, done) {
    const lines = [];
    for (const event of events) {
        const data = compactJson(event);
        if (framing === "ndjson") {
            lines.push(data + "\n");
            continue;
        }
        let name = event;
        for (const t of eventName ?? []) {
            name = isObject(name) ? (getOwn(name, t) ?? null) : null;
        }
        const head = eventName && eventName.length && typeof name === "string" ? `event: ${name}\n` : "";
        lines.push(`${head}data: ${data}\n\n`);
    }
    if (framing !== "ndjson" && done) {
        lines.push(`data: ${done}\n\n`);
    }
    return lines.join("");
}
