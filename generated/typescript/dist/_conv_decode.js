// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Wire turns -> canonical messages, as a dialect's layout says.
 *
 * One wire unit (a message, an item) becomes one canonical message, never merged, so that the
 * same dialect writes it back exactly; a unit that follows another of the same role is marked
 * `separate`. The dialect's generated converters read the tool parts.
 */
import { decodeBlock, fieldPart, matches } from "./_conv_parts.js";
import { get, pointer, truthy, unknownInto } from "./_conv_paths.js";
import { DecodeError, describe, getOwn, hasOwn, isObject, putOwn } from "./_errors.js";
import { decodeAt, pyEqual } from "./_extract.js";
import { pyRepr } from "./_pytext.js";
/** Python's dict.setdefault(key, {}) of an object-valued key. */
export function objectAt(container, key) {
    if (!hasOwn(container, key))
        putOwn(container, key, {});
    return getOwn(container, key);
}
/** The dialect's extension object of a canonical value, made on first use. */
export function ownExtension(container, dialect) {
    return objectAt(objectAt(container, "extensions"), dialect);
}
/** Mark a canonical value's own form (key "" of its dialect's forms), e.g. `separate`. */
export function markForm(container, dialect, form) {
    objectAt(ownExtension(container, dialect), "forms")[""] = form;
}
/** Keep the wire fields and spellings a layout does not read in value's extensions. */
export function keep(value, dialect, fields, forms) {
    if (truthy(fields) || truthy(forms)) {
        const own = ownExtension(value, dialect);
        if (truthy(fields))
            own["fields"] = fields;
        if (truthy(forms))
            own["forms"] = forms;
    }
}
const ROLES = new WeakMap();
/** [canonical role, which of its spellings] of a wire role; the table is made once per layout. */
function roleOf(turn, wireRole) {
    let table = ROLES.get(turn.roles);
    if (table === undefined) {
        table = new Map();
        for (const [canonical, spellings] of turn.roles) {
            spellings.forEach((spelling, i) => {
                if (!table.has(spelling))
                    table?.set(spelling, [canonical, i]);
            });
        }
        ROLES.set(turn.roles, table);
    }
    return typeof wireRole === "string" ? (table.get(wireRole) ?? null) : null;
}
/** One wire turn as a canonical message. (Internal: Python's parameters, positionally.) */
export function decodeTurn(unit, turn, parts, codecs, idMap, dialect, shape, at, keepUnknown = true) {
    if (!isObject(unit))
        throw new DecodeError(dialect, shape, at, `expected an object, got ${describe(unit)}`);
    const forms = {};
    const wireRole = get(unit, turn.role);
    let found = roleOf(turn, wireRole);
    if (found === null && wireRole === undefined && turn.absentRole !== null) {
        found = [turn.absentRole, 0];
        putOwn(forms, pointer(turn.role), "absent");
    }
    if (found === null) {
        const known = turn.roles.flatMap(([, spellings]) => spellings).join(", ");
        throw new DecodeError(dialect, shape, at + pointer(turn.role), `expected a role (${known}), got ${describe(wireRole)}`);
    }
    const [role, alias] = found;
    if (alias)
        putOwn(forms, pointer(turn.role), `alias:${alias}`);
    const out = [];
    const message = { role, parts: out };
    for (const tf of turn.fields) {
        if (tf.before)
            fieldParts(unit, tf, codecs, idMap, dialect, shape, at, out, forms);
    }
    const content = get(unit, turn.content);
    const where = at + pointer(turn.content);
    if (typeof content === "string" && turn.string !== "no") {
        if (content || turn.empty !== "string")
            out.push({ type: "text", text: content });
        if (!content)
            putOwn(forms, pointer(turn.content), "string");
    }
    else if (Array.isArray(content) && turn.string !== "only") {
        if (content.length === 0)
            putOwn(forms, pointer(turn.content), "empty");
        else if (turn.string === "yes" && content.length === 1)
            putOwn(forms, pointer(turn.content), "blocks");
        content.forEach((block, i) => {
            out.push(decodeBlock(block, parts, codecs, idMap, dialect, shape, `${where}/${i}`));
        });
    }
    else if (content === null) {
        putOwn(forms, pointer(turn.content), "null");
    }
    else if (content === undefined) {
        if (turn.empty !== "omit")
            putOwn(forms, pointer(turn.content), "absent");
    }
    else {
        throw new DecodeError(dialect, shape, where, `expected the turn's content, got ${describe(content)}`);
    }
    for (const tf of turn.fields) {
        if (!tf.before)
            fieldParts(unit, tf, codecs, idMap, dialect, shape, at, out, forms);
    }
    const unknown = keepUnknown ? unknownInto(unit, turn.known, "", null) : null;
    for (const [toks, value] of turn.defaults) {
        // a default written out says nothing; its absence is kept
        const place = pointer(toks);
        if (get(unit, toks) === undefined)
            putOwn(forms, place, "absent");
        else if (truthy(unknown) && pyEqual(getOwn(unknown, place), value))
            delete unknown[place];
    }
    keep(message, dialect, unknown, forms);
    return message;
}
function fieldParts(unit, tf, codecs, idMap, dialect, shape, at, out, forms) {
    const value = get(unit, tf.toks);
    if (value === undefined)
        return;
    if (value === null) {
        putOwn(forms, pointer(tf.toks), "null");
        return;
    }
    if (tf.many) {
        if (!Array.isArray(value)) {
            throw new DecodeError(dialect, shape, at + pointer(tf.toks), `expected an array, got ${describe(value)}`);
        }
        if (value.length === 0)
            putOwn(forms, pointer(tf.toks), "empty");
    }
    const values = tf.many ? value : [value];
    values.forEach((item, i) => {
        const where = at + pointer(tf.toks) + (tf.many ? `/${i}` : "");
        if (tf.part === "tool_call" || tf.part === "tool_result") {
            const part = { type: tf.part };
            part[tf.part === "tool_call" ? "call" : "result"] = decodeAt(codecs.decode[tf.part], item, where, idMap);
            out.push(part);
        }
        else {
            out.push(fieldPart(tf.part, tf.value, item, dialect));
        }
    });
}
/** A wire unit that is one part on its own (a Chat tool message), as a canonical message. */
export function unitPart(unit, units, codecs, idMap, dialect, shape, at) {
    for (const sp of units) {
        if (matches(unit, sp)) {
            const part = decodeBlock(unit, [sp], codecs, idMap, dialect, shape, at);
            return { role: sp.role || "user", parts: [part] };
        }
    }
    return null;
}
/** Turns are a flat list of items (calls are units of their own: Responses). */
function flat(layout) {
    return layout.units.some((sp) => sp.part === "tool_call");
}
function roleless(unit, turn) {
    return isObject(unit) && turn.absentRole === null && get(unit, turn.role) === undefined;
}
export function decodeTurns(units, layout, codecs, idMap, shape, at) {
    if (!Array.isArray(units)) {
        throw new DecodeError(layout.dialect, shape, at, `expected an array of turns, got ${describe(units)}`);
    }
    const messages = [];
    const links = new Links(idMap, layout.dialect);
    units.forEach((unit, i) => {
        const where = `${at}/${i}`;
        let message = unitPart(unit, layout.units, codecs, idMap, layout.dialect, shape, where);
        if (message === null && flat(layout) && roleless(unit, layout.turn)) {
            // an item with no canonical kind in a list of items (a hosted tool's call): kept whole
            message = { role: "assistant", parts: [{ type: "wire", dialect: layout.dialect, value: unit, unit: true }] };
        }
        if (message === null) {
            message = decodeTurn(unit, layout.turn, layout.parts, codecs, idMap, layout.dialect, shape, where);
        }
        const previous = messages[messages.length - 1];
        if (previous !== undefined && previous["role"] === message["role"])
            markForm(message, layout.dialect, "separate");
        links.turn(message, where);
        messages.push(message);
    });
    return messages;
}
/**
 * How a conversation's results found their calls. A result naming no id (Gemini, Ollama)
 * answers the nearest call of its tool: a later turn that calls a tool again leaves its
 * earlier unanswered calls abandoned. A link made by position among several calls is noted
 * on the result (its dialect's extension notes: a loss in any other dialect), as extract()
 * notes it.
 */
class Links {
    idMap;
    dialect;
    waiting = []; // (call id, tool) of calls no result answered yet
    abandoned = new Map(); // tool -> its calls left unanswered by a later call of it
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
            else if (part["type"] === "tool_call")
                called.add(getOwn(part["call"], "name") ?? null);
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
        if (!isObject(forms) || !Object.values(forms).includes("minted") || callId === null)
            return; // linked by its id
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
        const notes = getOwn(ownExtension(result, this.dialect), "notes");
        if (Array.isArray(notes))
            notes.push(what);
        else
            ownExtension(result, this.dialect)["notes"] = [what];
    }
}
