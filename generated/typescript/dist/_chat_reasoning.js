// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The reasoning fields of OpenAI-compatible Chat servers, read and written under a profile
 * (profiles.json `reasoning`, the generated Profiles table): DeepSeek's `reasoning_content` and
 * OpenRouter's `reasoning_details` (`reasoning.text`, `reasoning.summary`, `reasoning.encrypted`
 * items). As Python's _chat_reasoning: under a profile, convert() reads them as canonical
 * reasoning parts of the profile's dialect, first in the message, each item's other keys kept
 * as the part's extension fields; writing under a profile puts them back (a same-profile round
 * trip is exact). Anything else stays a field. This module names no dialect and no profile.
 */
import { Loss, isObject, report } from "./_errors.js";
import { jsonCopy } from "./_conv_paths.js";
import { pyRepr } from "./_pytext.js";
import { ValueError } from "./streams/_events.js";
const own = (value, key) => isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
/** The profile of this name (checkProfiles has accepted it). */
export function profileOf(profiles, dialect, name) {
    const mine = profiles[dialect];
    const [field, items, repeat, provider] = mine[name];
    const itemProvider = Object.values(mine).find((t) => t[1] !== null && t[3])?.[3] ?? "other";
    return { dialect, name, field, items, repeat, provider, itemProvider };
}
/** A ValueError for a profile no dialect reads, or one beside a dialect or shape it is not for. */
export function checkProfiles(source, target, shape, sourceProfile, targetProfile, profiles) {
    for (const [side, dialect, profile] of [["source", source, sourceProfile], ["target", target, targetProfile]]) {
        if (profile === undefined || profile === null)
            continue;
        const owners = Object.keys(profiles).filter((d) => Object.hasOwn(profiles[d], profile));
        const first = Object.keys(profiles)[0] ?? dialect;
        const owner = owners[0] ?? (Object.hasOwn(profiles, dialect) ? dialect : first);
        if (owners.length === 0) {
            const known = Object.keys(profiles[owner] ?? {}).join(", ");
            throw new ValueError(`unknown ${owner} reasoning profile ${pyRepr(profile)}; known: ${known}`);
        }
        if (!owners.includes(dialect) || !["request", "response", "stream"].includes(shape)) {
            throw new ValueError(`${side}_profile reads an ${owner} request, response or stream, not ${dialect} ${shape}`);
        }
    }
}
function messagesOf(canonical, shape) {
    if (shape === "response") {
        const message = own(canonical, "message");
        return isObject(message) ? [message] : [];
    }
    const messages = own(canonical, "messages");
    return Array.isArray(messages) ? messages.filter((m) => isObject(m)) : [];
}
function fieldsOf(value, dialect) {
    const fields = own(own(own(value, "extensions"), dialect), "fields");
    return isObject(fields) ? fields : {};
}
/** The message without an emptied fields object, extension or extensions. */
function prune(message, dialect) {
    const extensions = message["extensions"];
    const extension = extensions[dialect];
    if (Object.keys(extension["fields"]).length === 0)
        delete extension["fields"];
    if (Object.keys(extension).length === 0)
        delete extensions[dialect];
    if (Object.keys(extensions).length === 0)
        delete message["extensions"];
}
/** The reasoning part of one item, or null for an item the profile does not know. */
export function partOf(item, p) {
    const kind = own(item, "type");
    const items = p.items ?? {};
    if (!isObject(item) || typeof kind !== "string" || !Object.hasOwn(items, kind))
        return null;
    const key = items[kind] ?? null;
    const part = { type: "reasoning", dialect: p.dialect };
    if (key !== null && typeof own(item, key) === "string")
        part["text"] = own(item, key);
    const fields = {};
    for (const [k, v] of Object.entries(item))
        if (k !== key || !("text" in part))
            fields[`/${k}`] = v;
    part["extensions"] = { [p.dialect]: { fields } };
    return part;
}
/** A copy of a decoded request or response with the profile's reasoning fields read as reasoning parts. */
export function profileIn(canonical, shape, p) {
    const out = jsonCopy(canonical);
    const field = `/${p.field}`;
    for (const message of messagesOf(out, shape)) {
        const value = own(fieldsOf(message, p.dialect), field);
        let parts = null;
        if (p.items === null) {
            parts = typeof value === "string" ? [{ type: "reasoning", dialect: p.dialect, text: value }] : null;
        }
        else {
            const read = Array.isArray(value) ? value.map((item) => partOf(item, p)) : [null];
            parts = read.includes(null) ? null : read; // one unknown item: the field stays
        }
        if (parts === null || !Array.isArray(message["parts"]))
            continue;
        delete fieldsOf(message, p.dialect)[field];
        prune(message, p.dialect);
        message["parts"] = [...parts, ...message["parts"]];
    }
    return out;
}
/** The item of a reasoning part (one read from a string-only profile: its text, as the first kind). */
export function itemOf(part, p) {
    const fields = fieldsOf(part, p.dialect);
    const items = p.items ?? {};
    const kind = own(fields, "/type") ?? Object.keys(items)[0] ?? null;
    const item = { type: kind };
    const key = typeof kind === "string" && Object.hasOwn(items, kind) ? (items[kind] ?? null) : null;
    if (key !== null && Object.hasOwn(part, "text"))
        item[key] = part["text"];
    for (const [k, v] of Object.entries(fields))
        if (k !== "/type")
            item[k.slice(1)] = v;
    return item;
}
/** The loss of an item's fields a string-only profile cannot carry. */
export function itemFieldsWhat(p) {
    return `the fields of an ${p.itemProvider} reasoning item (the ${p.name} profile carries its text only)`;
}
const ours = (part, dialect) => own(part, "type") === "reasoning" && own(part, "dialect") === dialect;
/**
 * A copy of a canonical value with its reasoning parts of the profile's dialect put back as the
 * profile's fields, and the pointers of the parts that moved (new -> original), so the
 * encoder's losses point into the value as given.
 */
export function profileOut(canonical, shape, p, losses, strict) {
    const out = jsonCopy(canonical);
    const moved = new Map();
    const dialect = p.dialect;
    messagesOf(out, shape).forEach((message, i) => {
        const at = shape === "response" ? "/message" : `/messages/${i}`;
        if (!Array.isArray(message["parts"]))
            return;
        const all = message["parts"].map((q, j) => [j, q]);
        const kept = all.filter(([, q]) => !ours(q, dialect));
        const mine = all.filter(([, q]) => ours(q, dialect));
        if (mine.length === 0)
            return;
        let value;
        if (p.items === null) { // one string: a part without text, or an item's fields, is lost
            for (const [j, part] of mine) {
                if (typeof part["text"] !== "string") {
                    const what = `reasoning without text (the ${p.name} profile carries ${p.field} text only)`;
                    report(losses, strict, "reasoning.dropped", `${at}/parts/${j}`, dialect, what);
                }
                else if (Object.keys(fieldsOf(part, dialect)).some((k) => k !== "/type")) {
                    const where = `${at}/parts/${j}/extensions/${dialect}/fields`;
                    report(losses, strict, "extension.field_dropped", where, dialect, itemFieldsWhat(p));
                }
            }
            value = mine.map(([, q]) => q["text"]).filter((t) => typeof t === "string").join("");
        }
        else {
            value = mine.map(([, q]) => itemOf(q, p));
        }
        const extensions = (message["extensions"] ??= {});
        const extension = (extensions[dialect] ??= {});
        (extension["fields"] ??= {})[`/${p.field}`] = value;
        message["parts"] = kept.map(([, q]) => q);
        kept.forEach(([j], n) => {
            if (n !== j)
                moved.set(`${at}/parts/${n}`, `${at}/parts/${j}`);
        });
    });
    return [out, moved];
}
/** The losses with each moved part's pointer as it was in the value given. */
export function movedBack(losses, moved) {
    if (moved.size === 0)
        return losses;
    return losses.map((loss) => {
        const head = loss.pointer.split("/").slice(0, loss.pointer.startsWith("/messages/") ? 5 : 4).join("/");
        const back = moved.get(head);
        if (back === undefined)
            return loss;
        return new Loss(loss.code, back + loss.pointer.slice(head.length), loss.target, loss.what);
    });
}
