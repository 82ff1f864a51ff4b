// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Leaves of the compiled turns readers: how a conversation's results found their calls
 * (`Links`), and the wire keys a layout does not read below a value (`keptFields`).
 */
import { ownExtension } from "./_conv_decode.js";
import { unknownInto } from "./_conv_paths.js";
import { getOwn, isObject } from "./_errors.js";
import { pyRepr } from "./_pytext.js";
/** Every value below value that tree (a module constant) does not know, by JSON Pointer. */
export function keptFields(value, tree) {
    const kept = {};
    unknownInto(value, tree, "", kept);
    return kept;
}
/**
 * How a conversation's results found their calls. A result naming no id (Gemini, Ollama)
 * answers the nearest call of its tool: a later turn that calls a tool again leaves its
 * earlier unanswered calls abandoned. A link made by position among several calls is noted
 * on the result (its dialect's extension notes: a loss in any other dialect), as extract()
 * notes it. So is a result whose call id no call before it has (its call an element the
 * canonical model has no kind for, a Chat custom tool call, which only its dialect carries).
 */
export class Links {
    idMap;
    dialect;
    waiting = []; // (call id, tool) of calls no result answered yet
    abandoned = new Map(); // tool -> its calls left unanswered by a later call of it
    called = new Set(); // the ids of every call so far
    constructor(idMap, dialect) {
        this.idMap = idMap;
        this.dialect = dialect;
    }
    turn(message, where) {
        const parts = message["parts"];
        const called = new Set();
        for (const part of parts) {
            if (part["type"] === "tool_result")
                this.result(part["result"], where);
            else if (part["type"] === "tool_call") {
                called.add(getOwn(part["call"], "name") ?? null);
                this.called.add(getOwn(part["call"], "id") ?? null);
            }
        }
        if (called.size === 0)
            return;
        for (const [callId, name] of this.waiting.filter((w) => called.has(w[1]))) {
            this.idMap.noteResult(callId); // out of reach of the id-less results that follow
            this.abandoned.set(name, (this.abandoned.get(name) ?? 0) + 1);
        }
        this.waiting = this.waiting.filter((w) => !called.has(w[1]));
        for (const part of parts) {
            if (part["type"] !== "tool_call")
                continue;
            const call = part["call"];
            this.waiting.push([getOwn(call, "id") ?? null, getOwn(call, "name") ?? null]);
        }
    }
    result(result, where) {
        const callId = getOwn(result, "call_id") ?? null;
        const name = getOwn(result, "name") ?? null;
        this.waiting = this.waiting.filter((w) => w[0] !== callId);
        const earlier = this.abandoned.get(name) ?? 0;
        this.abandoned.delete(name);
        const extensions = getOwn(result, "extensions");
        const own = isObject(extensions) ? getOwn(extensions, this.dialect) : undefined;
        const forms = isObject(own) ? getOwn(own, "forms") : undefined;
        if (!isObject(forms) || !Object.values(forms).includes("minted") || callId === null) {
            if (typeof callId === "string" && !this.called.has(callId)) {
                this.note(result, `result in ${where} answers call ${pyRepr(callId)}, which no tool call before it has`);
            }
            return; // linked by its id
        }
        const among = this.idMap.linkedByPosition(callId);
        if (!among && !earlier)
            return;
        const left = among > 1
            ? `the oldest of ${among} unanswered calls`
            : among
                ? "the one call left unanswered"
                : "the nearest call";
        let what = `result in ${where} names no call id: linked by position to ${left} of ` + `${pyRepr(name)} (${pyRepr(callId)})`;
        if (earlier)
            what += `; ${earlier} earlier call${earlier > 1 ? "s" : ""} of it left unanswered`;
        this.note(result, what);
    }
    note(result, what) {
        const notes = getOwn(ownExtension(result, this.dialect), "notes");
        if (Array.isArray(notes))
            notes.push(what);
        else
            ownExtension(result, this.dialect)["notes"] = [what];
    }
}
