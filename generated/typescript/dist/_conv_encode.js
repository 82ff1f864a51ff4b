// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Canonical messages -> wire turns, as a dialect's layout says.
 *
 * Adjacent messages of one role become one wire turn (unless the dialect's own payload kept
 * them apart: the `separate` form), so results of parallel calls land in one turn; a part
 * that is a wire unit of its own (a Chat tool message) splits the turn there. Parts are never
 * reordered: a turn that cannot keep their order reports it. Everything the target cannot
 * carry is a reported loss.
 */
import { keptBlocks, sameJson } from "./_conv_block_rules.js";
import { Calls } from "./_conv_calls.js";
import { carries, encodePart, shapeKey, spellingFor, unsigned } from "./_conv_parts.js";
import { mediaOf, wireWhat } from "./_conv_out.js";
import { EMPTY, asObject, asString, get, joinStrings, objectOf, pointer, put, putBack, putFresh, pyIn, pyIter, pyStr, truthy } from "./_conv_paths.js";
import { getKey, getOwn, hasOwn, isObject, report } from "./_errors.js";
import { foreignExtensions } from "./_extensions.js";
import { IdMap } from "./_ids.js";
import { pyRepr } from "./_pytext.js";
import { droppedAsAsked } from "./_reasoning.js";
import { AS_TEXT, FOREIGN, asSigned, redacted, signed } from "./_reasoning_claude.js";
export { EMPTY, objectOf, pyStr } from "./_conv_paths.js";
export function article(word) {
    return ("aeiou".includes(word.slice(0, 1)) ? "an " : "a ") + word;
}
/** The "alias:N" (or "value:N") form's N when it is below count, else 0 (Python int() of the rest). */
export function nth(form, prefix, count) {
    if (typeof form !== "string")
        throw new TypeError("a form is not a string"); // Python: no startswith
    if (!form.startsWith(prefix))
        return 0;
    const n = pyInt(form.slice(prefix.length));
    return n < count ? n : 0;
}
/** Python's int() of a string (ValueError: an Error with Python's message). */
export function pyInt(text) {
    if (!/^\s*[+-]?[0-9]+(_[0-9]+)*\s*$/u.test(text)) {
        throw new Error(`invalid literal for int() with base 10: ${pyRepr(text)}`);
    }
    return Number(text.replace(/_/gu, ""));
}
/** What one encode shares: its target, losses, strictness, id map and options. */
export class Run {
    dialect;
    codecs;
    strict;
    reasoning;
    losses = [];
    idMap;
    calls; // links each result to its call
    emptyBlocks = []; // the target's non_empty rules on a block (a response's)
    blockRules = [[], []]; // its signature and part_order rules (a response's)
    signing = {}; // every dialect's signed_reasoning (a response's: _reasoning_claude)
    constructor(dialect, codecs, strict, idMap, reasoning) {
        this.dialect = dialect;
        this.codecs = codecs;
        this.strict = strict;
        this.reasoning = reasoning;
        this.idMap = idMap ?? new IdMap();
        this.calls = new Calls(this.idMap);
    }
    lose(code, at, what) {
        report(this.losses, this.strict, code, at, this.dialect, what);
    }
    own(value, at) {
        const extensions = getOwn(value, "extensions");
        if (!truthy(extensions))
            return EMPTY;
        asObject(extensions, "extensions"); // Python: sorted() or a subscript of it fails
        const before = this.losses.length;
        const own = foreignExtensions(extensions, this.dialect, this.losses, this.strict);
        for (let i = before; i < this.losses.length; i++)
            this.losses[i] = this.losses[i].at(at);
        return own;
    }
    putFields(wire, own, at) {
        const fields = objectOf(own, "fields");
        for (const where of Object.keys(fields)) {
            if (!putBack(wire, where, getOwn(fields, where))) {
                this.lose("extension.field_moved", `${at}/extensions/${this.dialect}/fields`, `field ${where} (its place changed)`);
            }
        }
    }
}
/** The loss of reasoning the target signs whose part lacks the signature (the compiled writers say it too). */
const UNSIGNED = "unsigned reasoning (the provider replays only the reasoning blocks it signed)";
/** The part as the target may carry it: another dialect's reasoning, or its own without the
 * signature its blocks need, or another dialect's wire block is a loss (reasoning becomes text
 * when asked for, and every reasoning part goes when asked to). */
function carried(part, role, spellings, run, at) {
    part = asSigned(part, run.dialect, run.signing) ?? part; // its family's signed reasoning: the same artifact
    const kind = getOwn(part, "type");
    if (run.reasoning === "drop" && (kind === "reasoning" || redacted(part, run.signing))) {
        droppedAsAsked(run.losses, run.dialect, at);
        return null;
    }
    const foreign = getOwn(part, "dialect") !== run.dialect;
    if (kind === "reasoning" && (foreign || unsigned(part, role, spellings, run.dialect))) {
        if (run.reasoning === "text" && truthy(getOwn(part, "text"))) {
            if (foreign && signed(part))
                run.lose("reasoning.dropped", `${at}/extensions`, AS_TEXT);
            return { type: "text", text: part["text"] };
        }
        const said = foreign ? `reasoning from ${pyStr(getOwn(part, "dialect"))} (${FOREIGN})` : UNSIGNED;
        run.lose("reasoning.dropped", at, said);
        return null;
    }
    if (kind === "wire" && getOwn(part, "dialect") !== run.dialect) {
        run.lose("part.unsupported", at, wireWhat(part));
        return null;
    }
    const call = getOwn(part, "call");
    if (kind === "tool_call" && isObject(call))
        run.calls.called(call);
    const result = getOwn(part, "result");
    if (kind === "tool_result" && isObject(result)) {
        const answered = run.calls.answered(result);
        if (answered !== result)
            return { ...part, result: answered };
    }
    return part;
}
/** Parts gathered into one wire turn. */
class Group {
    role;
    own;
    at;
    empty = false; // a message without parts: still a (empty) turn
    parts = [];
    constructor(role, own, at) {
        this.role = role;
        this.own = own;
        this.at = at;
    }
}
/**
 * The wire units of messages; losses point at base + the message's index (a response's one
 * message is at /message: base "/message" and index ""). keepEmpty: a turn whose every part
 * is lost is still written, with its role and empty content (a response's one turn).
 * (Internal: Python's parameters.)
 */
export function encodeTurns(messages, turn, units, spellings, alternating, run, base = "/messages/", keepEmpty = false) {
    const out = [];
    let group = null;
    for (const [mi, message] of messages) {
        const at = `${base}${mi}`;
        const role = getKey(message, "role");
        const own = run.own(message, at);
        const separate = !alternating && getOwn(objectOf(own, "forms"), "") === "separate";
        if (group === null || group.role !== role || separate) {
            if (group !== null && (group.parts.length > 0 || group.empty))
                out.push(render(group, turn, spellings, run));
            group = new Group(role, own, at);
        }
        const parts = pyIter(getKey(message, "parts"));
        group.empty = group.empty || parts.length === 0 || keepEmpty;
        for (let pj = 0; pj < parts.length; pj++) {
            const where = `${at}/parts/${pj}`;
            const part = carried(asObject(parts[pj], "a part"), role, spellings, run, where);
            if (part === null)
                continue;
            asString(getKey(part, "type"), "a part's type"); // Python: KeyError, or TypeError when its turn is written
            const unit = units.find((sp) => sp.part === part["type"] && sp.role === role && carries(part, sp, run.dialect));
            if (unit === undefined && !(part["type"] === "wire" && truthy(getOwn(part, "unit")))) {
                group.parts.push([part, where]);
                continue;
            }
            if (group.parts.length > 0) {
                out.push(render(group, turn, spellings, run)); // a part that is a wire unit of its own ends the turn so far
            }
            else if (truthy(getOwn(group.own, "fields"))) {
                run.lose("turn.fields_dropped", group.at, "the fields of a turn made only of separate units");
            }
            if (unit === undefined)
                out.push(getKey(part, "value")); // the dialect's own item, verbatim
            else {
                const value = encodePart(part, unit, run.codecs, run.idMap, run.dialect, run.losses, run.strict, where);
                if (value !== null)
                    out.push(value); // null: a part the target cannot send (its loss is reported)
            }
            group = new Group(role, EMPTY, at);
        }
    }
    if (group !== null && (group.parts.length > 0 || group.empty))
        out.push(render(group, turn, spellings, run));
    return out;
}
/** One wire turn of a group of parts. */
function render(group, turn, spellings, run) {
    const unit = {};
    const forms = objectOf(group.own, "forms");
    if (turn.role.length > 0) {
        asString(group.role, "a turn's role"); // Python: unhashable, or no string to name in a loss
        let roleSpellings;
        for (const [canonical, wire] of turn.roles)
            if (canonical === group.role)
                roleSpellings = wire;
        if (roleSpellings === undefined || roleSpellings.length === 0) {
            run.lose("role.unsupported", group.at + "/role", `${article(group.role)} turn`);
            roleSpellings = [group.role];
        }
        const found = getOwn(forms, pointer(turn.role));
        const alias = found === undefined ? "" : found;
        const n = nth(alias, "alias:", roleSpellings.length);
        if (!(alias === "absent" && group.role === turn.absentRole))
            put(unit, turn.role, roleSpellings[n]);
    }
    const content = [];
    const fields = turn.fields.map(() => []);
    let rankSeen = -1;
    let lastKind = "";
    const kinds = new Set(group.parts.map(([part]) => part["type"]));
    for (const [part, at] of group.parts) {
        const [rank, slot] = slotOf(part, group.role, turn, spellings, kinds, run.dialect);
        const kind = String(part["type"]);
        if (rank < 0) {
            run.lose("part.unsupported", at, `${article(kind)} part${mediaOf(part)} in ${article(group.role)} turn`);
            continue;
        }
        if (rank < rankSeen) {
            run.lose("part.reordered", at, `the order of a ${kind} part after a ${lastKind} part in one turn (moved before it)`);
        }
        rankSeen = Math.max(rankSeen, rank);
        lastKind = kind;
        if (typeof slot === "number")
            fields[slot].push([part, at]);
        else
            content.push([part, slot, at]);
    }
    turn.fields.forEach((tf, k) => {
        if (tf.before)
            putField(unit, tf, fields[k], forms, run);
    });
    putContent(unit, turn, content, forms, run);
    turn.fields.forEach((tf, k) => {
        if (!tf.before)
            putField(unit, tf, fields[k], forms, run);
    });
    run.putFields(unit, group.own, group.at);
    for (const [toks, value] of turn.defaults) {
        if (getOwn(forms, pointer(toks)) !== "absent" && get(unit, toks) === undefined)
            putFresh(unit, toks, value);
    }
    return unit;
}
function slotOf(part, role, turn, spellings, kinds, dialect) {
    const field = part["type"] === "wire" ? getOwn(part, "field") : undefined;
    if (field !== undefined && field !== null) {
        // the dialect's own element of a turn field: back into that field, else lost
        for (let k = 0; k < turn.fields.length; k++) {
            const tf = turn.fields[k];
            if (tf.kinds !== null && pointer(tf.toks) === field && (tf.roles.length === 0 || tf.roles.includes(role))) {
                return [tf.before ? 0 : 2 + k, k];
            }
        }
        return [-1, null];
    }
    for (let k = 0; k < turn.fields.length; k++) {
        const tf = turn.fields[k];
        if (tf.part === part["type"] &&
            (tf.roles.length === 0 || tf.roles.includes(role)) &&
            (tf.value === null || hasOwn(part, tf.value)) &&
            (tf.withPart === null || kinds.has(tf.withPart))) {
            return [tf.before ? 0 : 2 + k, k];
        }
    }
    if (part["type"] === "wire" || (part["type"] === "text" && turn.string === "only")) {
        return [1, null]; // verbatim, or text of a content that is one string
    }
    const sp = spellingFor(part, role, spellings, dialect);
    return sp !== null ? [1, sp] : [-1, null];
}
function putField(unit, tf, parts, forms, run) {
    const form = getOwn(forms, pointer(tf.toks));
    if (parts.length === 0) {
        if (form === "null")
            put(unit, tf.toks, null);
        else if (form === "empty")
            put(unit, tf.toks, []);
        return;
    }
    const values = [];
    const key = shapeKey(tf.part);
    for (const [part, at] of parts) {
        if (part["type"] === "wire") {
            values.push(getOwn(part, "value")); // the dialect's own element of another kind, verbatim
        }
        else if (key !== undefined) {
            const encode = run.codecs.encode[tf.part];
            const result = encode(part[key], { strict: run.strict, idMap: run.idMap });
            for (const loss of result.losses)
                run.losses.push(loss.at(`${at}/${key}`));
            if (result.value !== null)
                values.push(result.value); // null: not sent (its loss is reported)
        }
        else {
            const value = tf.value ? getOwn(part, tf.value) : null;
            values.push(value === undefined ? null : value);
            run.own(part, at);
        }
    }
    if (values.length === 0)
        return; // every part not sent
    if (tf.many) {
        put(unit, tf.toks, values);
    }
    else {
        put(unit, tf.toks, values[0]);
        for (const [, at] of parts.slice(1))
            run.lose("part.unsupported", at, `a second ${tf.part} part in one turn`);
    }
}
const EMPTY_FORMS = {
    absent: "omit", null: "null", string: "string", empty: "list"
};
function putContent(unit, turn, content, forms, run) {
    const form = getOwn(forms, pointer(turn.content));
    if (content.length === 0) {
        // Python: a dict key
        if (truthy(form) && (Array.isArray(form) || isObject(form)))
            throw new TypeError("unhashable form");
        const empty = typeof form === "string" && hasOwn(EMPTY_FORMS, form) ? EMPTY_FORMS[form] : turn.empty;
        if (empty !== "omit")
            put(unit, turn.content, empty === "null" ? null : empty === "string" ? "" : []);
        return;
    }
    const texts = content.filter(([part, sp]) => {
        const extensions = getOwn(part, "extensions");
        const own = pyIn(run.dialect, extensions === undefined ? EMPTY : extensions);
        // a text part with citations its spelling writes: a block, never a string
        const cites = hasOwn(part, "citations") && sp !== null && sp.fields.some((f) => f.citations !== undefined);
        return part["type"] === "text" && !own && !cites;
    });
    const oneText = content.length === 1 && texts.length === 1 && form !== "blocks";
    if (turn.string === "only" || (turn.string === "yes" && oneText)) {
        for (const [, , at] of content.slice(1))
            run.lose("content.joined", at, "a turn's parts as separate blocks (its text is one string)");
        for (const [part, , at] of content) {
            run.own(part, at); // another dialect's fields of the text: reported
            if (hasOwn(part, "citations"))
                run.lose("part.field_dropped", `${at}/citations`, "the citations of a text part");
        }
        const said = content
            .filter(([part]) => part["type"] === "text")
            .map(([part]) => (Object.hasOwn(part, "text") ? part["text"] : ""));
        put(unit, turn.content, joinStrings(said, "\n\n"));
        return;
    }
    const made = []; // each block, its part and the part's pointer
    for (const [part, sp, at] of content) {
        if (sp === null)
            made.push([getKey(part, "value"), part, at]); // the dialect's own block, kept verbatim
        else {
            const block = encodePart(part, sp, run.codecs, run.idMap, run.dialect, run.losses, run.strict, at);
            const refused = block === null ? null : refusedBlock(block, run.emptyBlocks);
            if (refused !== null)
                run.lose("part.empty_dropped", at, refused);
            // null: a part the target cannot send (its loss is reported)
            else if (block !== null)
                made.push([block, part, at]);
        }
    }
    const [signatures, orders] = run.blockRules;
    const blocks = signatures.length > 0 || orders.length > 0
        ? keptBlocks(unit, made, run.blockRules, run)
        : made.map(([block]) => block);
    put(unit, turn.content, blocks);
}
/**
 * The loss of a block a non_empty rule refuses (rest: from the block to the key that must not
 * be empty), or null.
 */
function refusedBlock(block, rules) {
    for (const [rest, when, forms, what] of rules) {
        const holder = get(block, rest.slice(0, -1));
        if (!isObject(holder))
            continue;
        if (when.some(([toks, value]) => !sameJson(get(holder, toks), value)))
            continue;
        const key = rest[rest.length - 1];
        const value = getOwn(holder, key);
        const form = value === undefined ? "absent" : value === null ? "null"
            : value === "" ? "string"
                : Array.isArray(value) && value.length === 0 ? "list" : "";
        if (forms.includes(form))
            return what;
    }
    return null;
}
