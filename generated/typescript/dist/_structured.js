// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A result's structured value beside its content blocks (the `structured` term: MCP's
 * structuredContent). Canonically it is a json part: where a text block repeats it as its JSON
 * text (what the spec recommends for older clients), the json part takes that block's place;
 * otherwise it follows the blocks, and the form `apart` keeps the wire free of a text copy on
 * the way back.
 */
import { held, written } from "./_coercion.js";
import { checkedParts } from "./_content.js";
import { MISSING, Invalid, getOwn, hasOwn } from "./_errors.js";
import { MAX_DEPTH } from "./_strict_json.js";
const APART = "apart";
/** Adds the wire's structured value at key to the decoded parts, as a json part. */
export function structuredIn(wire, key, parts, forms, dialect, shape) {
    if (!hasOwn(wire, key))
        return;
    const pointer = "/" + key;
    // held as deep as the canonical json part's value sits (/content/N/value)
    const value = held(getOwn(wire, key), MAX_DEPTH - 3, dialect, shape, pointer);
    let text;
    try {
        text = written(value, "/content/0/value");
    }
    catch (exc) {
        if (!(exc instanceof Invalid))
            throw exc; // held() refused what is too deep: no text matches it then
        text = null;
    }
    for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (getOwn(part, "type") === "text" && getOwn(part, "text") === text) {
            parts[i] = { type: "json", value };
            return;
        }
    }
    parts.push({ type: "json", value });
    forms[pointer] = APART;
}
/** [the parts the content blocks carry, the structured value or MISSING]: the first json
 * part is the structured value, and its JSON text stands in its place unless it came apart. */
export function structuredOut(parts, key, forms) {
    const items = checkedParts(parts);
    for (let i = 0; i < items.length; i++) {
        const part = items[i];
        if (getOwn(part, "type") === "json" && hasOwn(part, "value")) {
            const value = getOwn(part, "value");
            if (getOwn(forms, "/" + key) === APART)
                return [[...items.slice(0, i), ...items.slice(i + 1)], value];
            const text = { type: "text", text: written(value, `/content/${i}/value`) };
            return [[...items.slice(0, i), text, ...items.slice(i + 1)], value];
        }
    }
    return [items, MISSING];
}
