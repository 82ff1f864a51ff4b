// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Canonical values as the converters handle them: one spelling for one meaning, and how a
 * value is named in a loss message.
 */
import { getOwn, hasOwn, isObject, putOwn } from "./_errors.js";
import { pyDumps, pyEquals, pyRepr, pySlice, pyStr, pyTruthy } from "./_pytext.js";
function withoutExtensions(value) {
    const shown = {};
    for (const key of Object.keys(value)) {
        if (key !== "extensions" && value[key] !== undefined)
            putOwn(shown, key, value[key]); // "__proto__" too
    }
    return shown;
}
/** Whether a canonical value is the one a dialect says by leaving the field out. */
export function isAbsent(value, absent) {
    return pyEquals(withoutExtensions(value), absent);
}
/** 'required' limited to one tool is that tool: one canonical spelling for one meaning. */
export function normalizeChoice(choice) {
    const names = getOwn(choice, "names");
    if (getOwn(choice, "mode") === "required" && names != null && names.length === 1) {
        choice["mode"] = "tool";
    }
}
/** A content part as a loss names it. */
export function describePart(part) {
    const kind = getOwn(part, "type");
    if (kind === "wire") {
        const raw = getOwn(part, "value");
        const value = (pyTruthy(raw) ? raw : {});
        let name = isObject(value) ? getOwn(value, "type") : undefined;
        // Bedrock blocks are keyed, not typed
        if (!pyTruthy(name))
            name = isObject(value) ? (Object.keys(value)[0] ?? null) : null;
        return `${pyStr(getOwn(part, "dialect") ?? null)} block of type ${pyRepr(name)}`;
    }
    if (kind === "image")
        return hasOwn(part, "url") ? "an image given by URL" : "an inline image";
    const mediaType = getOwn(part, "media_type");
    // the type is often why a target has no place for it
    if (kind === "document" && typeof mediaType === "string")
        return `a document part (${mediaType})`;
    return `a ${pyStr(kind ?? null)} part`;
}
/** A tool choice as a loss names it (its fields, without extensions). */
export function describeChoice(value) {
    return pySlice(pyDumps(withoutExtensions(value), { ensureAscii: false, sortKeys: true }), 0, 120);
}
