// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Writing canonical stream events (schemas/canonical/stream_event.json) as a dialect's events, one at a time,
 * from its `relay.writes` templates (RELAY in the generated stream module).
 *
 * Blocks: a text, reasoning or call block is opened by its first event and closed when another opens, when its
 * call stops, or at the end. Finish and usage are written when the input ends (one event may carry both,
 * Anthropic's message_delta). Held: the open block (its text so far where the target repeats it), the calls' ids
 * and names, an open call's arguments where the target writes them whole. A value no template takes is a loss,
 * once (rules: _relay_rules); so is a placeholder id or model the target's template sends for want of the source's.
 */
import { finishReasonOut, streamOf } from "../_dialect.js";
import { hasOwn, isObject, report } from "../_errors.js";
import { IdMap } from "../_ids.js";
import { profileOf } from "../_chat_reasoning.js";
import { compactJson, pyRepr, pySlice } from "../_pytext.js";
import { usageOut } from "../_usage.js";
import { _copy, get, truthy } from "./_events.js";
import { asFunctionLoss, asWritten, Block, callFields, callKind, canonicalOf, customDropped, everyCallDropped, field, INPUT_CLOSE, INPUT_OPEN, inputPiece, put, sameArguments, sentAsFunction, targetId, usageSlots } from "./_relay_blocks.js";
import { compiled } from "./_relay_read.js";
import { writeReasoning } from "./_relay_reasoning.js";
import { KeptRules } from "./_relay_rules.js";
/** Write canonical stream events as the target's events; losses go to `losses`. */
export class RelayWriter {
    dialect;
    reasoning; // the reasoning policy: keep or text (drop: the relay leaves it out)
    writes;
    profile; // a Chat target's reasoning profile (_relay_reasoning)
    itemIds;
    signing; // every dialect's signed_reasoning: whose signatures it replays
    strict;
    losses = [];
    idMap;
    #target;
    #encodeCall;
    #policy;
    #slots;
    #keepText;
    #callBlocks; // the target closes a call's block
    #whole; // the target sends each call whole: in order, once complete (#flush)
    #held = []; // its calls whose blocks closed, not yet sent
    #reported = new Set();
    #started = false;
    #ended = false;
    #message = new Map();
    #block = null;
    #blocks = 0;
    #kinds = new Map();
    #calls = new Map();
    #finish = null;
    #usage = new Map();
    #excludes; // the target's usage_excludes
    #rules;
    #wireUsage = new Map(); // the usage as the target counts it (usageOut), at the end
    #sequence = 0;
    check = null; // the target's reading of what is written (set by the relay)
    cut = false; // the stream ended without a finish the target carries: relayed cut off
    asFunction = false; // customTools "function": custom tools' calls sent as functions
    get sequence() { return this.#sequence; } // the events written so far (the error event's number)
    /** options: Python's keyword-only strict, id_map, reasoning, profile (a Chat target's reasoning profile). */
    constructor(dialect, options = {}) {
        this.dialect = dialect.name;
        this.reasoning = options.reasoning ?? "keep";
        const profiles = (streamOf(dialect).RELAY?.["profiles"] ?? {});
        this.profile = options.profile ? profileOf(profiles, dialect.name, options.profile) : null;
        const relay = compiled(streamOf(dialect));
        this.writes = relay.writes;
        this.itemIds = relay.itemIds;
        this.signing = (streamOf(dialect).RELAY?.["signing"] ?? {}); // every dialect's signed_reasoning
        this.#excludes = relay.usageExcludes;
        this.#rules = new KeptRules(relay.rules); // the target's signature and part_order rules
        this.strict = options.strict ?? false;
        this.idMap = options.idMap ?? new IdMap();
        this.#target = dialect;
        this.#encodeCall = dialect.encoders["tool_call"];
        this.#policy = dialect.idPolicy;
        this.#slots = new Set([...this.writes.values()].flatMap((ws) => ws.flatMap((w) => w.set.map(([, slot]) => slot))));
        this.#keepText = this.#slots.has("text_so_far");
        this.#callBlocks = Boolean(this.writes.get("call_close")?.length);
        this.#whole = (this.writes.get("call_close") ?? []).some((w) => w.set.some(([, slot]) => slot === "call"));
    }
    // --- losses ----------------------------------------------------------------------------
    #loss(code, pointer, what) {
        if (this.#reported.has(what))
            return; // one report per kind of value, not one per delta
        this.#reported.add(what);
        report(this.losses, this.strict, code, pointer, this.dialect, what);
    }
    #lose = (code, pointer, what) => this.#loss(code, pointer, what);
    /** Report a loss found outside the writer (the source leaving a block out). */
    loss = this.#lose;
    /** The writer as its reasoning is written with (_relay_reasoning). */
    #host = ((w) => ({
        get dialect() { return w.dialect; },
        get reasoning() { return w.reasoning; },
        get profile() { return w.profile; },
        get signing() { return w.signing; },
        get writes() { return w.writes; },
        block: () => w.#block,
        hasSlot: (slot) => w.#slots.has(slot),
        loss: (code, pointer, what) => w.#loss(code, pointer, what),
        late: (kind) => w.#rules.late(kind, w.#lose),
        text: (kind, text, out) => w.#text(kind, text, out),
        open: (kind, out, values) => w.#open(kind, out, null, values),
        write: (kind, values, out) => w.#write(kind, values, out),
    }))(this);
    // --- writing templates -----------------------------------------------------------------
    #write(kind, values, out, reason = null) {
        for (const [i, template] of (this.writes.get(kind) ?? []).entries()) {
            const event = template.build();
            if (reason !== null && template.cases.size) {
                const overlay = template.cases.get(reason);
                if (overlay === undefined) {
                    const type = hasOwn(event, "type") ? event["type"] : "the plain finish";
                    this.#loss("finish_reason.changed", "/finish_reason", `finish reason ${pyRepr(reason)} (written as ${pyRepr(type)})`);
                }
                for (const [toks, value] of overlay ?? [])
                    put(event, toks, _copy(value));
            }
            for (const [toks, slot] of template.set) {
                const value = this.#value(slot, values);
                if (value !== null && value !== undefined)
                    put(event, toks, value);
            }
            const call = values["_call"] ?? this.#block?.call ?? null;
            const at = call !== null ? `/calls/${call.index}` : `/${kind}`;
            if (this.#rules.signs.size)
                this.#rules.sign(kind, i, event, this.#lose, at);
            this.#sequence += 1;
            out.push(event);
            this.check?.feed(kind, event, call !== null ? call.index : null);
        }
    }
    #value(slot, values) {
        if (hasOwn(values, slot))
            return values[slot];
        if (slot === "sequence")
            return this.#sequence;
        if (slot === "id" || slot === "model") {
            const said = `a stream without its ${slot} (sent a placeholder)`; // the template's placeholder stays
            if (!this.#message.has(slot))
                this.#loss("response.defaulted", "/" + slot, said);
            return this.#message.get(slot) ?? null;
        }
        if (slot.startsWith("usage."))
            return this.#wireUsage.get(slot.slice(6)) ?? null;
        const call = values["_call"];
        if (call !== undefined && call !== null)
            return this.#callValue(slot, call);
        const block = this.#block;
        if (block === null)
            return null;
        if (slot === "block")
            return block.index;
        if (slot === "kind_index")
            return block.kindIndex;
        if (slot === "item_id")
            return (this.itemIds.get(block.kind) ?? "item_") + String(block.index);
        if (slot === "text_so_far")
            return block.text.join("");
        if (slot === "signature")
            return block.signature;
        if (block.call !== null)
            return this.#callValue(slot, block.call);
        return null;
    }
    #callValue(slot, call) {
        if (slot === "call_index")
            return call.index;
        if (slot === "call_id")
            return call.callId ?? null;
        if (slot === "name")
            return call.name;
        if (slot === "arguments")
            return call.parts.join("");
        if (slot === "call")
            return this.#wholeCall(call);
        if (slot === "block")
            return call.block;
        if (slot === "kind_index")
            return call.kindIndex;
        if (slot === "caller")
            return call.caller ?? null;
        if (slot === "item_id")
            return (this.itemIds.get(callKind(call)) ?? "item_") + String(call.block);
        return null;
    }
    /** The call as the target's wire tool_call: the source's canonical call, or the argument text that came. */
    #wholeCall(call) {
        const encoded = this.#encodeCall(canonicalOf(call), { strict: this.strict, idMap: this.idMap });
        for (const loss of encoded.losses) {
            const where = `/calls/${call.index}${loss.pointer}`;
            if (!call.told?.has(where))
                this.#loss(loss.code, where, loss.what); // its start reported it already
        }
        return encoded.value;
    }
    // --- blocks ----------------------------------------------------------------------------
    #open(kind, out, call = null, values = {}) {
        this.#close(out);
        const block = new Block(kind, this.#blocks, this.#kinds.get(kind) ?? 0, call);
        this.#blocks += 1;
        this.#kinds.set(kind, block.kindIndex + 1);
        this.#block = block;
        this.#rules.opened(kind);
        this.#write(`${kind}_open`, values, out);
        return block;
    }
    /** customTools "function": the JSON string of arguments.input ends with the call's text. */
    #closeInput(call, out) {
        if (call.asFunction !== true || call.inputClosed === true)
            return;
        call.inputClosed = true;
        this.#callDelta({ index: call.index, arguments_delta: INPUT_CLOSE }, out, true);
    }
    #close(out) {
        const block = this.#block;
        if (block === null)
            return;
        if (block.call !== null)
            this.#closeInput(block.call, out);
        if (block.call !== null && this.#whole) {
            this.#block = null;
            block.call.held = true;
            this.#held.push(block.call);
            this.#flush(out);
            return;
        }
        this.#write(`${block.kind}_close`, {}, out);
        this.#block = null;
        if (block.call !== null) {
            block.call.closed = true;
            if (this.#callBlocks)
                block.call.parts = []; // the call is written: its text is no longer needed
        }
    }
    /** A whole-call target's calls go out whole, in order, each once the source completed it (not the others). */
    #flush(out, end = false) {
        const held = this.#held;
        while (held.length && (held[0].stopped || end)) {
            const call = held.shift();
            if (call.stopped)
                this.#write("call_close", { _call: call }, out);
            call.parts = [];
        }
    }
    /** The source completed the call: its text checked against the source's reading, sent whole if none came. */
    #callStop(call, given, out) {
        this.#closeInput(call, out); // customTools "function": the input's JSON string ends, a function's call
        const canonical = call.asFunction === true ? sentAsFunction(given) : given;
        call.canonical = canonical;
        const args = isObject(canonical) ? get(canonical, "arguments") : null;
        const writable = !call.closed || !this.#callBlocks;
        if (args !== null && writable) {
            if (!call.sent) {
                // no argument text came (arguments given whole, or none): send them as text
                this.#callDelta({ index: call.index, arguments_delta: compactJson(args) }, out);
            }
            else if (!sameArguments(call.parts.join(""), args)) {
                const what = `argument text ${pyRepr(pySlice(call.parts.join(""), 0, 40))} as the source reads it`;
                this.#loss("stream.arguments_changed", `/calls/${call.index}/arguments`, what);
            }
        }
        call.stopped = true;
        if (this.#block !== null && this.#block.call === call)
            this.#close(out);
        else if (call.held)
            this.#flush(out);
        if (!call.held)
            call.parts = [];
    }
    // --- canonical events in -----------------------------------------------------------------
    /** One canonical stream event in; the target's events for it out. */
    write(event) {
        const out = [];
        const kind = get(event, "type");
        if (kind === "message_start") {
            for (const k of ["id", "model"]) {
                const value = get(event, k);
                if (typeof value === "string")
                    this.#message.set(k, value);
            }
            this.#start(out);
            return out;
        }
        this.#start(out);
        if (kind === "text_delta") {
            this.#text("text", event["text"], out);
        }
        else if (kind === "refusal_delta") {
            if (this.writes.get("refusal")?.length)
                this.#text("refusal", event["text"], out);
            else
                this.#loss("part.unsupported", "/refusal", "a refusal (the model's refusal text)");
        }
        else if (kind === "reasoning_delta") {
            writeReasoning(this.#host, event, out);
        }
        else if (kind === "tool_call_start") {
            this.#callStart(event, out);
        }
        else if (kind === "tool_call_delta") {
            this.#callDelta(event, out);
        }
        else if (kind === "tool_call_stop") {
            const call = this.#calls.get(event["index"]);
            if (call !== undefined && !call.stopped && !call.dropped)
                this.#callStop(call, get(event, "call"), out);
        }
        else if (kind === "finish") {
            this.#finish = event;
        }
        else if (kind === "usage") {
            const usage = event["usage"];
            for (const k of Object.keys(usage)) {
                const v = usage[k];
                if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0)
                    this.#usage.set(k, v);
            }
        }
        else if (kind === "message_stop") {
            this.#end(out);
        }
        return out;
    }
    #start(out) {
        if (this.#started)
            return;
        this.#started = true;
        this.#write("start", {}, out);
    }
    #text(kind, text, out) {
        let block = this.#block;
        if ((block === null || block.kind !== kind) && this.#rules.late(kind, this.#lose))
            return;
        if (block === null || block.kind !== kind)
            block = this.#open(kind, out);
        if (this.#keepText)
            block.text.push(text);
        this.#write(kind, { text }, out);
    }
    #callStart(event, out) {
        const index = event["index"];
        const sourceId = get(event, "id");
        const call = { index, sourceId, name: get(event, "name"), parts: [], sent: false };
        if (get(event, "custom") === true && this.asFunction) { // asked for: recorded, never refused
            this.losses.push(asFunctionLoss(call.name, index, this.dialect));
            call.asFunction = true;
        }
        const dropped = call.asFunction === true ? null : customDropped(event, this.writes);
        if (dropped !== null) { // a custom tool's call the target has no form for: left out
            this.#loss("tool.custom_dropped", `/calls/${index}`, dropped);
            this.#calls.set(index, { ...call, dropped: true });
            return;
        }
        call.custom = get(event, "custom") === true && call.asFunction !== true;
        call.callId = targetId(sourceId, index, this.#slots, this.#policy, this.idMap, this.strict, this.#lose);
        const report1 = (code, pointer, what) => report(this.losses, this.strict, code, pointer, this.dialect, what); // each time: one per call
        callFields(call, get(event, "extensions"), this.dialect, this.#slots.has("caller"), report1);
        this.#calls.set(index, call);
        const block = this.#open(callKind(call), out, call);
        call.block = block.index;
        call.kindIndex = block.kindIndex;
        // its input goes out as the JSON string of arguments.input
        if (call.asFunction === true)
            this.#callDelta({ index, arguments_delta: INPUT_OPEN }, out, true);
    }
    #callDelta(event, out, raw = false) {
        const call = this.#calls.get(event["index"]);
        if (call === undefined || call.dropped === true)
            return;
        const fragment = raw || call.asFunction !== true ? event["arguments_delta"] : inputPiece(event);
        const current = this.#block !== null && this.#block.call === call;
        if (call.stopped || (!current && this.#callBlocks && !call.held)) {
            // The target's block for this call is closed (another block came between its fragments).
            this.#loss("stream.arguments_changed", `/calls/${call.index}/arguments`, "argument text after the call's block was closed");
            return;
        }
        call.sent = true;
        const parts = call.parts; // kept while the call is open: whole-call targets write it, its stop checks it
        parts.push(fragment);
        if (parts.length > 256)
            parts.splice(0, parts.length, parts.join(""));
        this.#write(`${callKind(call)}_delta`, { arguments_delta: fragment, _call: call }, out);
    }
    #end(out) {
        if (this.#ended)
            return;
        this.#ended = true;
        const finish = this.#finish;
        let canonical = finish !== null ? get(finish, "finish_reason") : null;
        let wire = null;
        // every call was left out (custom tools): none to answer
        const noCalls = canonical === "tool_calls" && everyCallDropped(this.#calls);
        if (noCalls)
            canonical = "stop";
        if (canonical !== null) {
            const given = finish !== null && !noCalls ? get(finish, "extensions") : null;
            const own = truthy(given) ? get(given, this.dialect) : null;
            wire = field(own, "/finish_reason") ?? null;
            if (wire === null && this.#slots.has("finish_reason")) {
                wire = finishReasonOut(this.#target, canonical);
                if (wire === null) {
                    const what = `finish reason ${pyRepr(canonical)} (the stream is relayed cut off)`;
                    this.#loss("finish_reason.dropped", "/finish_reason", what);
                    canonical = null;
                }
            }
        }
        if (canonical === null) {
            this.#cut(out);
            return;
        }
        const block = this.#block;
        if (block !== null && block.call !== null && !block.call.stopped) {
            this.#block = null; // a call the source did not complete stays open: it is incomplete
        }
        this.#close(out);
        this.#flush(out, true);
        this.#wireUsage = usageOut(this.#usage, usageSlots(this.#slots), this.#excludes, this.#lose);
        this.#write("finish", { finish_reason: wire }, out, canonical);
        if (this.#usage.size)
            this.#write("usage", {}, out);
        this.#write("end", {}, out);
    }
    /** No finish the target has: the stream ends there, block open, nothing invented (usage where it goes alone). */
    #cut(out) {
        this.cut = true;
        this.#flush(out, true);
        const carried = usageSlots((this.writes.get("usage") ?? []).flatMap((t) => t.set.map(([, slot]) => slot)));
        this.#wireUsage = usageOut(this.#usage, carried, this.#excludes, this.#lose);
        if (this.#usage.size && carried.size)
            this.#write("usage", {}, out);
    }
    /** The source's calls against the target's reading of what was written: each read otherwise, a loss. */
    compare(source) {
        this.check?.report(asWritten(source, this.asFunction), this.losses, this.#lose);
    }
}
