// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The reasoning fields of OpenAI-compatible Chat servers, read and written under a profile
 * (schemas/dialects/openai_chat/profiles.json): DeepSeek's `reasoning_content` and OpenRouter's
 * `reasoning_details` (`reasoning.text`, `reasoning.summary`, `reasoning.encrypted` items). As
 * Python's _chat_reasoning: under a profile, convert() reads them as canonical reasoning parts
 * of the openai_chat dialect, first in the message, each item's other keys kept as the part's
 * extension fields; writing into Chat under a profile puts them back (a same-profile round
 * trip is exact). Anything else stays a field.
 */
import { Loss, isObject, report } from "./_errors.js";
import { jsonCopy } from "./_conv_paths.js";
import { pyRepr } from "./_pytext.js";
import { ValueError } from "./streams/_events.js";
export const CHAT = "openai_chat";
export const PROFILES = ["deepseek", "openrouter"];
// an OpenRouter item's type -> the key that holds its text (null: it has none)
const TEXT_KEYS = {
    "reasoning.text": "text", "reasoning.summary": "summary", "reasoning.encrypted": null,
};
const own = (value, key) => isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
/** A ValueError for a profile this module does not read, or one beside a dialect or shape it is not for. */
export function checkProfiles(source, target, shape, sourceProfile, targetProfile) {
    for (const [side, dialect, profile] of [["source", source, sourceProfile], ["target", target, targetProfile]]) {
        if (profile === undefined || profile === null)
            continue;
        if (!PROFILES.includes(profile)) {
            throw new ValueError(`unknown openai_chat reasoning profile ${pyRepr(profile)}; known: ${PROFILES.join(", ")}`);
        }
        if (dialect !== CHAT || !["request", "response", "stream"].includes(shape)) {
            throw new ValueError(`${side}_profile reads an ${CHAT} request, response or stream, not ${dialect} ${shape}`);
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
function fieldsOf(value) {
    const fields = own(own(own(value, "extensions"), CHAT), "fields");
    return isObject(fields) ? fields : {};
}
/** The message without an emptied fields object, extension or extensions. */
function prune(message) {
    const extensions = message["extensions"];
    const extension = extensions[CHAT];
    if (Object.keys(extension["fields"]).length === 0)
        delete extension["fields"];
    if (Object.keys(extension).length === 0)
        delete extensions[CHAT];
    if (Object.keys(extensions).length === 0)
        delete message["extensions"];
}
/** The reasoning part of one OpenRouter item, or null for an item it does not know. */
export function partOf(item) {
    const kind = own(item, "type");
    if (!isObject(item) || typeof kind !== "string" || !Object.hasOwn(TEXT_KEYS, kind))
        return null;
    const key = TEXT_KEYS[kind] ?? null;
    const part = { type: "reasoning", dialect: CHAT };
    if (key !== null && typeof own(item, key) === "string")
        part["text"] = own(item, key);
    const fields = {};
    for (const [k, v] of Object.entries(item))
        if (k !== key || !("text" in part))
            fields[`/${k}`] = v;
    part["extensions"] = { [CHAT]: { fields } };
    return part;
}
/** A copy of a decoded Chat request or response with the profile's reasoning fields read as reasoning parts. */
export function profileIn(canonical, shape, profile) {
    const out = jsonCopy(canonical);
    const field = profile === "deepseek" ? "/reasoning_content" : "/reasoning_details";
    for (const message of messagesOf(out, shape)) {
        const value = own(fieldsOf(message), field);
        let parts = null;
        if (profile === "deepseek") {
            parts = typeof value === "string" ? [{ type: "reasoning", dialect: CHAT, text: value }] : null;
        }
        else {
            const read = Array.isArray(value) ? value.map(partOf) : [null];
            parts = read.includes(null) ? null : read; // one unknown item: the field stays
        }
        if (parts === null || !Array.isArray(message["parts"]))
            continue;
        delete fieldsOf(message)[field];
        prune(message);
        message["parts"] = [...parts, ...message["parts"]];
    }
    return out;
}
/** The OpenRouter item of a reasoning part (one read from reasoning_content: its text). */
export function itemOf(part) {
    const fields = fieldsOf(part);
    const kind = own(fields, "/type") ?? "reasoning.text";
    const item = { type: kind };
    const key = typeof kind === "string" ? (TEXT_KEYS[kind] ?? null) : null;
    if (key !== null && Object.hasOwn(part, "text"))
        item[key] = part["text"];
    for (const [k, v] of Object.entries(fields))
        if (k !== "/type")
            item[k.slice(1)] = v;
    return item;
}
const ours = (part) => own(part, "type") === "reasoning" && own(part, "dialect") === CHAT;
/**
 * A copy of a canonical value with its openai_chat reasoning parts put back as the profile's
 * fields, and the pointers of the parts that moved (new -> original), so the encoder's losses
 * point into the value as given.
 */
export function profileOut(canonical, shape, profile, losses, strict) {
    const out = jsonCopy(canonical);
    const moved = new Map();
    messagesOf(out, shape).forEach((message, i) => {
        const at = shape === "response" ? "/message" : `/messages/${i}`;
        if (!Array.isArray(message["parts"]))
            return;
        const all = message["parts"].map((p, j) => [j, p]);
        const kept = all.filter(([, p]) => !ours(p));
        const mine = all.filter(([, p]) => ours(p));
        if (mine.length === 0)
            return;
        let value;
        let field;
        if (profile === "deepseek") { // one string: a part without text, or an item's fields, is lost
            for (const [j, part] of mine) {
                if (typeof part["text"] !== "string") {
                    const what = "reasoning without text (the deepseek profile carries reasoning_content text only)";
                    report(losses, strict, "reasoning.dropped", `${at}/parts/${j}`, CHAT, what);
                }
                else if (Object.keys(fieldsOf(part)).some((k) => k !== "/type")) {
                    const what = "the fields of an OpenRouter reasoning item (the deepseek profile carries its text only)";
                    report(losses, strict, "extension.field_dropped", `${at}/parts/${j}/extensions/${CHAT}/fields`, CHAT, what);
                }
            }
            value = mine.map(([, p]) => p["text"]).filter((t) => typeof t === "string").join("");
            field = "/reasoning_content";
        }
        else {
            value = mine.map(([, p]) => itemOf(p));
            field = "/reasoning_details";
        }
        const extensions = (message["extensions"] ??= {});
        const extension = (extensions[CHAT] ??= {});
        (extension["fields"] ??= {})[field] = value;
        message["parts"] = kept.map(([, p]) => p);
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
