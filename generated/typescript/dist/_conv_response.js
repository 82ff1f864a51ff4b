// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A whole (non-streamed) response, both ways: the assistant turn, id, model, finish reason
 * and usage where the layout says, and every other key kept as an extension field.
 */
import { decodeTurn, keep, unitPart } from "./_conv_decode.js";
import { EMPTY, Run, encodeTurns, nth, objectOf } from "./_conv_encode.js";
import { checkCanonical } from "./_conv_guard.js";
import { asObject, get, pointer, put, putFresh, pyIter, truthy, unknownInto } from "./_conv_paths.js";
import { DecodeError, Encoded, describe, getKey, getOwn, hasOwn, isObject, putOwn } from "./_errors.js";
import { elements, pyEqual } from "./_extract.js";
import { IdMap } from "./_ids.js";
import { pyRepr } from "./_pytext.js";
import { usageIn, usageOut } from "./_usage.js";
/** Counts as a plain object, in their order. */
function objectOfCounts(counts) {
    const out = {};
    for (const [name, value] of counts)
        putOwn(out, name, value);
    return out;
}
/** (Internal: Python's parameters, positionally.) */
export function decodeResponse(wire, layout, codecs, idMap) {
    const dialect = layout.dialect;
    if (!isObject(wire))
        throw new DecodeError(dialect, "response", "", `expected a response object, got ${describe(wire)}`);
    const ids = idMap ?? new IdMap();
    const response = {};
    const fields = {};
    const forms = {};
    for (const [toks, value] of layout.constants) {
        if (!pyEqual(get(wire, toks), value)) {
            throw new DecodeError(dialect, "response", pointer(toks), `expected ${describe(value)}, got ${describe(get(wire, toks))}`);
        }
    }
    if (layout.id !== null && typeof get(wire, layout.id) === "string")
        response["id"] = get(wire, layout.id);
    if (layout.model !== null && typeof get(wire, layout.model) === "string")
        response["model"] = get(wire, layout.model);
    let message;
    if (layout.turns !== null) {
        const turnsAt = layout.turns;
        const units = get(wire, turnsAt);
        const parts = [];
        message = { role: "assistant", parts };
        elements(units).forEach((unit, i) => {
            const at = `${pointer(turnsAt)}/${i}`;
            let one = unitPart(unit, layout.units, codecs, ids, dialect, "response", at);
            if (one === null && roleless(unit, layout)) {
                // an item with no canonical kind (a hosted tool's call, web_search_call): kept whole
                one = { parts: [{ type: "wire", dialect, value: unit, unit: true }] };
            }
            else if (one === null) {
                one = decodeTurn(unit, layout.turn, layout.parts, codecs, ids, dialect, "response", at, false);
                unknownInto(unit, layout.turn.known, at, fields);
                for (const [toks, value] of layout.turn.defaults) {
                    // written out, it says nothing
                    if (pyEqual(getOwn(fields, at + pointer(toks)), value))
                        delete fields[at + pointer(toks)];
                }
            }
            parts.push(...one["parts"]);
            if (layout.itemIds.length > 0 && isObject(unit)) {
                noteId(unit, i, layout, one["parts"], fields, forms);
            }
        });
        if (!Array.isArray(units)) {
            throw new DecodeError(dialect, "response", pointer(turnsAt), `expected an array, got ${describe(units)}`);
        }
    }
    else {
        const toks = layout.message ?? [];
        const unit = get(wire, toks);
        if (unit === undefined && toks.length > 0) {
            // no turn at all (a blocked prompt, a filtered candidate)
            const extensions = {};
            putOwn(extensions, dialect, { forms: { "": "absent" } });
            message = { role: "assistant", parts: [], extensions };
        }
        else if (unit === undefined) {
            throw new DecodeError(dialect, "response", "", "expected the assistant turn, got nothing");
        }
        else {
            message = decodeTurn(unit, layout.turn, layout.parts, codecs, ids, dialect, "response", pointer(toks), toks.length > 0);
        }
    }
    response["message"] = message;
    if (layout.finish !== null) {
        const wireReason = get(wire, layout.finish);
        if (wireReason != null) {
            const calls = message["parts"].some((part) => part["type"] === "tool_call");
            const told = layout.finishDetail !== null ? get(wire, layout.finishDetail) : undefined;
            response["finish_reason"] = finishIn(wireReason, layout.finishValues, layout.finish, forms, fields, calls, [
                told,
                layout,
            ]);
        }
    }
    const counts = new Map();
    for (const [name, toks] of layout.usage) {
        const value = get(wire, toks);
        if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0)
            counts.set(name, value);
        // no count (null, negative, text): kept as it came, for a round trip
        else if (value !== undefined)
            putOwn(fields, pointer(toks), value);
    }
    const usage = usageIn(counts, layout.usageExcludes);
    for (const [name, toks] of layout.usage) {
        // its sum is past the exact range: kept as it came
        if (counts.has(name) && !usage.has(name))
            putOwn(fields, pointer(toks), counts.get(name));
    }
    if (usage.size > 0)
        response["usage"] = objectOfCounts(usage);
    unknownInto(wire, layout.known, "", fields);
    keep(response, dialect, fields, forms);
    return response;
}
/**
 * A wire finish reason as the canonical one. A wire value that spells both stop and
 * tool_calls (Gemini's STOP) is tool_calls when the turn made calls. One the mapping does not
 * list is `other`, its wire value kept.
 */
/**
 * Each item of a kind that has ids (itemIds) and none of its own gets the kind's prefix and
 * its position, as the stream relay names them; not one the decoded response had without.
 */
function giveIds(units, layout, forms) {
    if (!Array.isArray(units))
        return;
    const at = pointer(layout.turns ?? []);
    units.forEach((unit, i) => {
        if (!isObject(unit) || hasOwn(unit, "id") || getOwn(forms, `${at}/${i}/id`) === "absent")
            return;
        const prefix = kindWithIds(unit, layout);
        if (prefix !== null)
            putOwn(unit, "id", `${prefix}${i}`);
    });
}
/**
 * An item of a kind itemIds names: without an id, its absence is kept (encode gives none);
 * with the id encode would give it (toolwire's own), the id says nothing and is not kept.
 */
function noteId(unit, i, layout, parts, fields, forms) {
    const prefix = kindWithIds(unit, layout);
    const at = `${pointer(layout.turns ?? [])}/${i}`;
    if (prefix === null)
        return;
    if (!hasOwn(unit, "id")) {
        forms[`${at}/id`] = "absent";
    }
    else if (getOwn(unit, "id") === `${prefix}${i}`) {
        delete fields[`${at}/id`];
        for (const part of parts) {
            // an item read as one part keeps its id in its own fields, or its call's
            for (const holder of [part, getOwn(part, "call"), getOwn(part, "result")]) {
                if (isObject(holder))
                    forgetId(holder, layout.dialect);
            }
        }
    }
}
/** value without the item id its dialect's extension kept (and without what that empties). */
function forgetId(value, dialect) {
    const extensions = getOwn(value, "extensions");
    const own = isObject(extensions) ? getOwn(extensions, dialect) : undefined;
    const kept = isObject(own) ? getOwn(own, "fields") : undefined;
    if (!isObject(kept) || !hasOwn(kept, "/id"))
        return;
    delete kept["/id"];
    if (Object.keys(kept).length === 0)
        delete own["fields"];
    if (Object.keys(own).length === 0)
        delete extensions[dialect];
    if (Object.keys(extensions).length === 0)
        delete value["extensions"];
}
/** The id prefix itemIds gives the item's kind, or null. */
function kindWithIds(unit, layout) {
    return layout.itemIds.find(([kind]) => kind === getOwn(unit, "type"))?.[1] ?? null;
}
/** A unit of a list of items that is no turn: an object without the role a turn has. */
/**
 * A unit of a list of items that is no turn: an object without the role a turn has, or, where
 * the role key names every unit's kind too (Interactions' type), of a kind neither a role nor a
 * unit spells (a hosted tool's step).
 */
function roleless(unit, layout) {
    const turn = layout.turn;
    if (!isObject(unit) || turn.absentRole !== null)
        return false;
    const role = get(unit, turn.role);
    if (role === undefined)
        return true;
    if (typeof role !== "string" || layout.units.length === 0)
        return false;
    const same = (toks) => toks.length === turn.role.length && toks.every((t, i) => t === turn.role[i]);
    if (layout.units.some((sp) => !sp.when.some(([toks]) => same(toks))))
        return false; // the role is a key of its own
    const spelled = new Set(turn.roles.flatMap(([, spellings]) => spellings));
    for (const sp of layout.units)
        for (const [toks, value] of sp.when)
            if (same(toks))
                spelled.add(value);
    return !spelled.has(role);
}
export function finishIn(wireReason, values, toks, forms, fields, calls = false, detail = null) {
    let meanings = values.filter(([, w]) => pyEqual(w, wireReason)).map(([c]) => c);
    if (meanings.length === 0) {
        putOwn(fields, pointer(toks), wireReason);
        return "other";
    }
    if (detail !== null)
        meanings = toldApart(meanings, detail[0], detail[1], forms, fields);
    const canonical = calls && meanings.includes("tool_calls") ? "tool_calls" : meanings[0];
    if (detail !== null && detail[0] === undefined && detail[1].finishDetails.some(([c]) => c === canonical)) {
        putOwn(forms, pointer(detail[1].finishDetail ?? []), "absent"); // written back without one
    }
    const n = values.filter(([c]) => c === canonical).findIndex(([, w]) => pyEqual(w, wireReason));
    if (n)
        putOwn(forms, pointer(toks), `alias:${n}`);
    return canonical;
}
/**
 * The reasons of meanings the detail told names; a detail it does not list is kept as it
 * came (and encode writes none of its own).
 */
function toldApart(meanings, told, layout, forms, fields) {
    if (told === undefined)
        return meanings;
    const named = layout.finishDetails.filter(([c, d]) => pyEqual(d, told) && meanings.includes(c)).map(([c]) => c);
    if (named.length === 0) {
        const at = pointer(layout.finishDetail ?? []);
        putOwn(fields, at, told);
        putOwn(forms, at, "kept");
    }
    return named.length > 0 ? named : meanings;
}
function sameToks(a, b) {
    return b !== null && a.length === b.length && a.every((t, i) => t === b[i]);
}
/** (Internal: Python's parameters, positionally.) */
export function encodeResponse(canonical, layout, codecs, strict, idMap, reasoning, model = null, signing = {}) {
    checkCanonical(canonical, "response");
    const run = new Run(layout.dialect, codecs, strict, idMap, reasoning);
    run.signing = signing; // every dialect's signed_reasoning: whose signatures it replays
    run.emptyBlocks = layout.emptyBlocks; // a client replays the answer's blocks in its next request
    run.blockRules = layout.blockRules;
    const own = run.own(canonical, "");
    const forms = objectOf(own, "forms");
    const wire = {};
    if (model !== null && !hasOwn(canonical, "model") && layout.model !== null) {
        put(wire, layout.model, model); // the caller names the model the response lacks
    }
    for (const [toks, value] of layout.constants)
        putFresh(wire, toks, value);
    for (const [key, place] of [["id", layout.id], ["model", layout.model]]) {
        if (hasOwn(canonical, key)) {
            if (place !== null)
                put(wire, place, canonical[key]);
            else
                run.lose("response.field_dropped", `/${key}`, `the response ${key}`);
        }
    }
    const message = asObject(getKey(canonical, "message"), "a message");
    const parts = pyIter(getKey(message, "parts")).map((part) => asObject(part, "a part"));
    if (layout.turns !== null) {
        const units = encodeTurns([["", message]], layout.turn, layout.units, layout.parts, false, run, "/message");
        put(wire, layout.turns, units);
    }
    else {
        const absent = parts.length === 0 && getOwn(objectOf(run.own(message, "/message"), "forms"), "") === "absent";
        const rendered = absent
            ? []
            : encodeTurns([["", message]], layout.turn, [], layout.parts, true, run, "/message", true);
        const body = (rendered.length > 0 ? rendered[0] : {});
        if (layout.message !== null && layout.message.length > 0 && !absent)
            put(wire, layout.message, body);
        else if (!absent)
            for (const key of Object.keys(body))
                putOwn(wire, key, getOwn(body, key));
    }
    const calls = parts.some((part) => getOwn(part, "type") === "tool_call");
    const reason = getOwn(canonical, "finish_reason");
    finishOut(wire, reason === undefined ? null : reason, layout, forms, run, calls);
    const usageValue = getOwn(canonical, "usage");
    const usage = truthy(usageValue) ? asObject(usageValue, "usage") : EMPTY;
    const places = new Map(layout.usage);
    const given = new Map(Object.keys(usage).map((name) => [name, getOwn(usage, name)]));
    const lose = (code, at, what) => run.lose(code, at, what);
    for (const [name, value] of usageOut(given, new Set(places.keys()), layout.usageExcludes, lose)) {
        put(wire, places.get(name), value);
    }
    run.putFields(wire, own, "");
    if (layout.itemIds.length > 0 && layout.turns !== null)
        giveIds(get(wire, layout.turns), layout, forms);
    for (const [toks, value] of layout.required) {
        if (get(wire, toks) === undefined) {
            putFresh(wire, toks, value);
            const at = sameToks(toks, layout.finish) ? "/finish_reason" : pointer(toks);
            run.lose("response.defaulted", at, `a response without ${pointer(toks)} (sent the default ${pyRepr(value)})`);
        }
    }
    return new Encoded(wire, run.losses);
}
function finishOut(wire, reason, layout, forms, run, calls) {
    if (reason === null || layout.finish === null) {
        if (reason !== null)
            run.lose("finish_reason.dropped", "/finish_reason", "a finish reason");
        return;
    }
    const spelled = layout.finishValues.filter(([c]) => pyEqual(c, reason)).map(([, w]) => w);
    if (spelled.length === 0) {
        if (reason !== "other")
            run.lose("finish_reason.dropped", "/finish_reason", `the finish reason ${pyRepr(reason)}`);
        return; // "other": the wire value comes back from the extension fields
    }
    const alias = getOwn(forms, pointer(layout.finish));
    const n = nth(alias === undefined ? "" : alias, "alias:", spelled.length);
    put(wire, layout.finish, spelled[n]);
    const told = layout.finishDetails.find(([c]) => pyEqual(c, reason));
    if (told !== undefined && getOwn(forms, pointer(layout.finishDetail ?? [])) === undefined) { // absent, or kept
        put(wire, layout.finishDetail ?? [], told[1]);
        return; // the detail says which reason the wire value is
    }
    const readsAs = layout.finishValues.filter(([, w]) => pyEqual(w, spelled[n])).map(([c]) => c);
    if (!pyEqual(readsAs[0], reason) && !(reason === "tool_calls" && calls)) {
        // one wire value for several reasons: what comes back is another one
        run.lose("finish_reason.changed", "/finish_reason", `the finish reason ${pyRepr(reason)} (sent as ${pyRepr(spelled[n])}, which reads as ${pyRepr(readsAs[0])})`);
    }
}
