// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A whole request, canonical -> wire: leading system turns into the dialect's system field (a
 * later one stays a turn where the dialect can say system, else it moves there, reported),
 * the turns, tools and tool choice, settings, and the dialect's own extension fields.
 */
import { EMPTY, Run, article, encodeTurns, objectOf, pyStr } from "./_conv_encode.js";
import { checkCanonical } from "./_conv_guard.js";
import { encodePart, spellingFor } from "./_conv_parts.js";
import { asObject, get, joinStrings, pointer, put, pyIn, pyIter, truthy } from "./_conv_paths.js";
import { encodeTools } from "./_conv_tools.js";
import { Encoded, getKey, getOwn, hasOwn } from "./_errors.js";
function systemOut(wire, system, hoisted, spellings, run) {
    const parts = [];
    let own = EMPTY;
    hoisted.forEach(([mi, message], n) => {
        const at = `/messages/${mi}`;
        const messageOwn = run.own(message, at);
        if (n === 0)
            own = messageOwn;
        pyIter(getKey(message, "parts")).forEach((part, pj) => parts.push([asObject(part, "a part"), `${at}/parts/${pj}`]));
    });
    const forms = objectOf(own, "forms");
    if (parts.length === 0 && (system.string === "only" || getOwn(forms, "") === "string")) {
        put(wire, system.toks, ""); // empty instructions
        return;
    }
    const texts = parts.map(([p]) => p).filter((p) => getOwn(p, "type") === "text");
    const extensions = texts.length > 0 ? getOwn(texts[0], "extensions") : undefined;
    if (system.string === "only" ||
        (system.string === "yes" &&
            parts.length === 1 &&
            texts.length === 1 &&
            !pyIn(run.dialect, extensions === undefined ? EMPTY : extensions) &&
            getOwn(forms, "") !== "blocks")) {
        parts.forEach(([part, at], n) => {
            if (getOwn(part, "type") !== "text")
                run.lose(at, `${article(pyStr(getOwn(part, "type")))} part in the system instructions`);
            else if (n)
                run.lose(at, "system instructions as separate blocks (they are one string)");
            run.own(part, at); // another dialect's fields of the text: reported
        });
        put(wire, system.toks, joinStrings(texts.map((p) => getKey(p, "text")), "\n\n"));
        return;
    }
    const blocks = [];
    for (const [part, at] of parts) {
        if (getOwn(part, "type") === "wire" && getOwn(part, "dialect") === run.dialect) {
            blocks.push(getKey(part, "value")); // the dialect's own block, verbatim
            continue;
        }
        const sp = spellingFor(part, "system", spellings);
        if (sp === null) {
            run.lose(at, `${article(pyStr(getOwn(part, "type")))} part in the system instructions`);
            continue;
        }
        const block = encodePart(part, sp, run.codecs, run.idMap, run.dialect, run.losses, run.strict, at);
        if (block !== null)
            blocks.push(block); // null: a part the target cannot send (its loss is reported)
    }
    if (system.parts === null) {
        put(wire, system.toks, blocks);
        return;
    }
    const holder = {};
    put(holder, system.parts, blocks);
    run.putFields(holder, own, `/messages/${hoisted[0][0]}`);
    put(wire, system.toks, holder);
}
/** A system turn the dialect's own payload sent as a turn, not in its system field. */
function keptATurn(message, run) {
    const extensions = getOwn(message, "extensions");
    const own = getOwn(truthy(extensions) ? asObject(extensions, "extensions") : EMPTY, run.dialect);
    return getOwn(objectOf((truthy(own) ? own : EMPTY), "forms"), "") === "turn";
}
/** (Internal: Python's parameters, positionally.) */
export function encodeRequest(canonical, layout, codecs, strict, idMap, reasoningAsText, model = null) {
    checkCanonical(canonical, "request");
    const run = new Run(layout.dialect, codecs, strict, idMap, reasoningAsText);
    const own = run.own(canonical, "");
    const forms = objectOf(own, "forms");
    const wire = {};
    const name = hasOwn(canonical, "model") ? canonical["model"] : model; // the request's own, else the caller's
    if (name != null && layout.model !== null)
        put(wire, layout.model, name);
    else if (hasOwn(canonical, "model"))
        run.lose("/model", "the model name");
    else if (layout.modelRequired)
        run.lose("/model", "a request without a model (the dialect requires one: pass model=)");
    const messages = pyIter(getKey(canonical, "messages")).map((m, i) => [i, asObject(m, "a message")]);
    let rest = messages;
    if (layout.system !== null) {
        let lead = 0;
        while (lead < messages.length &&
            messages[lead][1]["role"] === "system" &&
            !keptATurn(messages[lead][1], run)) {
            lead += 1;
        }
        // a later system turn stays a turn where the dialect's turns can say system
        const keeps = layout.turn.roles.some(([c]) => c === "system");
        const later = keeps ? [] : messages.slice(lead).filter(([, m]) => m["role"] === "system");
        for (const [mi] of later) {
            run.lose(`/messages/${mi}`, "a system turn after the conversation started (moved to the system instructions)");
        }
        const hoisted = [...messages.slice(0, lead), ...later];
        if (hoisted.length > 0)
            systemOut(wire, layout.system, hoisted, layout.parts, run);
        else if (getOwn(forms, pointer(layout.system.toks)) === "null")
            put(wire, layout.system.toks, null);
        rest = messages.slice(lead).filter(([, m]) => keeps || m["role"] !== "system");
    }
    const units = encodeTurns(rest, layout.turn, layout.units, layout.parts, layout.alternating, run);
    if (getOwn(forms, pointer(layout.turns)) === "string" &&
        units.length === 1 &&
        typeof get(units[0], layout.turn.content) === "string") {
        put(wire, layout.turns, get(units[0], layout.turn.content));
    }
    else {
        put(wire, layout.turns, units);
    }
    const tools = getOwn(canonical, "tools");
    const choice = getOwn(canonical, "tool_choice");
    encodeTools(wire, tools === undefined ? null : tools, choice === undefined ? null : choice, run.codecs, run.idMap, run.losses, strict, forms);
    const settings = getOwn(canonical, "settings");
    layout.settingsOut(wire, truthy(settings) ? asObject(settings, "settings") : EMPTY, forms, (at, what) => run.lose(at, what));
    run.putFields(wire, own, "");
    return new Encoded(wire, run.losses);
}
