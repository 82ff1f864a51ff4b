// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A whole request, wire -> canonical: its turns (system instructions from a top-level field
 * as a leading system turn), tools and tool choice at their envelope locations, settings, and
 * every key the layout does not read kept as an extension field.
 */
import { decodeTurns, keep, markForm } from "./_conv_decode.js";
import { get, pointer, truthy, unknownInto } from "./_conv_paths.js";
import { DecodeError, describe, isObject, putOwn } from "./_errors.js";
import { IdMap } from "./_ids.js";
/** (Internal: Python's parameters, positionally.) */
export function decodeRequest(wire, layout, codecs, idMap) {
    const dialect = layout.dialect;
    if (!isObject(wire))
        throw new DecodeError(dialect, "request", "", `expected a request object, got ${describe(wire)}`);
    const ids = idMap ?? new IdMap();
    const request = {};
    const forms = {};
    if (layout.model !== null && get(wire, layout.model) !== undefined)
        request["model"] = get(wire, layout.model);
    const messages = [];
    if (layout.system !== null) {
        const system = get(wire, layout.system.toks);
        if (system === null)
            putOwn(forms, pointer(layout.system.toks), "null");
        else if (system !== undefined)
            messages.push(layout.systemIn(system, codecs, ids));
    }
    const units = get(wire, layout.turns);
    if (units === undefined) {
        throw new DecodeError(dialect, "request", pointer(layout.turns), "expected the conversation's turns, got nothing");
    }
    let turns;
    if (typeof units === "string" && layout.turn.string !== "no") {
        // Responses: input as one user text
        putOwn(forms, pointer(layout.turns), "string");
        turns = [{ role: "user", parts: [{ type: "text", text: units }] }];
    }
    else {
        turns = decodeTurns(units, layout, codecs, ids, "request", pointer(layout.turns));
    }
    const first = turns[0];
    if (messages.length > 0 && first !== undefined && first["role"] === "system")
        markForm(first, dialect, "separate");
    if (layout.system !== null) {
        // leading system turns sent as turns, not in the system field
        for (const turn of turns) {
            if (turn["role"] !== "system")
                break;
            markForm(turn, dialect, "turn");
        }
    }
    request["messages"] = [...messages, ...turns];
    const unknown = {};
    Object.assign(request, layout.toolsIn(wire, ids, unknown, forms)); // compiled: its tools and tool choice
    const settings = layout.settingsIn(wire, forms, unknown);
    if (truthy(settings))
        request["settings"] = settings;
    unknownInto(wire, layout.known, "", unknown);
    keep(request, dialect, unknown, forms);
    return request;
}
