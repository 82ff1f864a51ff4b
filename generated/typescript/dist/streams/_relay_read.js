// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * Reading a dialect's stream as canonical stream events (schemas/canonical/stream_event.json):
 * the dialect's own Assembler gives the calls and the finish value, its `relay.reads` (RELAY in
 * the generated stream module) the message start, text, reasoning, signatures and usage.
 * Only what is in flight is held: the Assembler's open calls and which calls were announced.
 */
import { finishReasonIn, streamOf } from "../_dialect.js";
import { getOwn, putOwn } from "../_errors.js";
import { pyRepr } from "../_pytext.js";
import { usageIn } from "../_usage.js";
import { _copy, asWholeEvent, get, same, StreamError, truthy, ValueError } from "./_events.js";
import { ChatReasoningIn } from "../_chat_reasoning_stream.js";
import { at, callReads, MISSING, walk } from "./_relay_blocks.js";
import { refuseWholeResponse } from "./_relay_check.js";
export { walk } from "./_relay_blocks.js";
const CACHE = new Map();
const toks = (value) => value;
const tests = (value) => value.map(([p, v]) => [p, v]);
const key = (t) => JSON.stringify(t);
/** A stream module's RELAY with token lists and reads grouped by (event, path), once. */
export function compiled(module) {
    const name = module.DIALECT;
    const found = CACHE.get(name);
    if (found !== undefined)
        return found;
    const relay = module.RELAY;
    if (relay === null || relay === undefined) {
        throw new ValueError(`dialect ${pyRepr(name)} has no relay mapping (stream.json \`relay\`)`);
    }
    const groups = new Map();
    for (const raw of relay["reads"]) {
        const event = tests(raw["event"]);
        const path = toks(raw["path"]);
        const when = tests(raw["when"]);
        const has = raw["has"];
        const read = {
            kind: raw["kind"],
            when,
            has,
            text: raw["text"] === null ? null : toks(raw["text"]),
            id: raw["id"] === null ? null : toks(raw["id"]),
            model: raw["model"] === null ? null : toks(raw["model"]),
            usage: raw["usage"].map(([n, p]) => [n, p]),
            tested: when.length > 0 || has.length > 0,
        };
        const isStart = raw["kind"] === "start";
        const isUsage = raw["kind"] === "usage";
        const k = JSON.stringify([raw["event"], path, isStart, isUsage]);
        let group = groups.get(k);
        if (group === undefined) {
            group = [[event, path, []], isStart, isUsage];
            groups.set(k, group);
        }
        group[0][2].push(read);
    }
    const ordered = [...groups.values()];
    const builders = module.RELAY_EVENTS ?? {};
    const writes = new Map();
    const rawWrites = relay["writes"];
    for (const kind of Object.keys(rawWrites)) {
        const own = getOwn(builders, kind);
        writes.set(kind, rawWrites[kind].map((w, i) => template(w, own?.[i] ?? (() => _copy(w["event"])))));
    }
    const itemIds = new Map(Object.entries(relay["item_ids"]));
    const done = {
        start: ordered.filter((g) => g[1]).map((g) => g[0]),
        content: dispatch(ordered.filter((g) => !g[1] && !g[2]).map((g) => g[0])),
        usage: dispatch(ordered.filter((g) => g[2]).map((g) => g[0])),
        stopMeansCalls: Boolean(relay["stop_means_calls"]),
        itemIds,
        wholeResponse: (relay["whole_response"] ?? null),
        usageExcludes: relay["usage_excludes"].map(([n, parts]) => [n, parts]),
        rules: (relay["rules"] ?? null),
        writes,
        callReads: callReads(writes),
    };
    CACHE.set(name, done);
    return done;
}
/** A write template: build() makes a fresh copy of its event; its sets and finish cases. */
function template(write, build) {
    const rawCases = write["cases"];
    return {
        build,
        set: write["set"].map(([p, slot]) => [p, slot]),
        cases: new Map(Object.keys(rawCases).map((r) => [r, tests(rawCases[r])])),
    };
}
/** Groups by the value their events hold at one pointer (the event type), so that an event
 * is offered only to the groups that can match it: (pointer, value -> groups, the groups for
 * any other value), each list in the reads' order. */
function dispatch(groups) {
    const tested = groups.filter((g) => g[0].length).map((g) => g[0][0][0]);
    let best = null;
    let most = 0;
    for (const t of tested) {
        // the pointer most groups test first (a tie: the first such; Python's pick may differ, to the same effect)
        const n = tested.filter((u) => key(u) === key(t)).length;
        if (n > most) {
            best = t;
            most = n;
        }
    }
    const at = best === null ? null : key(best);
    const keyed = (g) => at !== null && g[0].some(([p, v]) => key(p) === at && typeof v === "string");
    const rest = (g) => (keyed(g) ? [g[0].filter(([p]) => key(p) !== at), g[1], g[2]] : g);
    const values = new Set();
    for (const g of groups) {
        for (const [p, v] of g[0]) {
            if (key(p) === at && typeof v === "string")
                values.add(v);
        }
    }
    const byValue = new Map();
    for (const value of values) {
        byValue.set(value, groups.filter((g) => !keyed(g) || g[0].some(([p, v]) => key(p) === at && v === value)).map(rest));
    }
    return [best, byValue, groups.filter((g) => !keyed(g))];
}
function matches(item, read) {
    if (!read.tested)
        return true;
    return read.when.every(([p, v]) => same(at(item, p), v)) && read.has.every((p) => at(item, p) !== MISSING);
}
/** Feed one source event at a time; get the canonical stream events it carries. */
export class RelayReader {
    dialect;
    relay;
    assembler;
    chat;
    error = null; // the source's error message, when an error event ended it
    errorEvent = {}; // that event
    #started = false;
    #announced = new Set(); // calls whose start went out and that are not stopped yet
    #anyCall = false;
    #calls = 0; // calls announced so far
    #errored = false;
    #finish = null;
    #finishDetail = undefined; // what tells apart the reasons the finish value spells
    #out = [];
    #counts = new Map(); // the source's usage counts so far, in its own meaning
    #source;
    constructor(dialect, options = {}) {
        this.dialect = dialect.name;
        // a Chat stream's reasoning fields, read under a profile (without one: reported unread)
        const profiles = (streamOf(dialect).RELAY?.["profiles"] ?? {});
        this.chat = Object.hasOwn(profiles, dialect.name) ? new ChatReasoningIn(dialect.name, profiles, options.profile ?? null) : null;
        this.#source = dialect;
        const module = streamOf(dialect);
        this.relay = compiled(module);
        const Tap = tapClass(module);
        this.assembler = new Tap({ idMap: options.idMap ?? null });
        this.assembler._relayOut = (baseFeed, event) => this.#onEvent(baseFeed, event);
    }
    feed(event) {
        this.assembler.feed(event);
        return this.#take();
    }
    feedText(chunk) {
        this.assembler.feedText(chunk);
        return this.#take();
    }
    /**
     * The input ended: the text left in the buffer, then message_stop. A stream with no event
     * (nothing, or only `[DONE]`) is refused: there is nothing to relay, and nothing is made up.
     */
    end() {
        this.assembler.finish();
        this.#callsDone();
        if (!this.#started) {
            throw new StreamError(this.dialect, "", "the stream has no events: nothing to relay");
        }
        this.#out.push({ type: "message_stop" });
        return this.#take();
    }
    #take() {
        const out = this.#out;
        this.#out = [];
        return out;
    }
    /** One event, as the assembler is fed it (from feed or feedText). */
    #onEvent(baseFeed, given) {
        const event = asWholeEvent(given, this.dialect);
        refuseWholeResponse(this.dialect, this.relay.wholeResponse, event);
        const out = this.#out;
        if (!this.#started) {
            this.#started = true;
            const start = { type: "message_start" };
            for (const [tests, path, reads] of this.relay.start) {
                if (tests.every(([p, v]) => same(at(event, p), v))) {
                    for (const item of walk(event, path)) {
                        for (const read of reads) {
                            for (const field of ["id", "model"]) {
                                const where = read[field];
                                const value = where !== null ? at(item, where) : null;
                                if (typeof value === "string" && value && !(field in start))
                                    start[field] = value;
                            }
                        }
                    }
                }
            }
            out.push(start);
        }
        if (this.chat !== null)
            out.push(...this.chat.read(event)); // before the chunk's text: the reasoning came first
        this.#content(event, this.relay.content, out);
        const deltas = baseFeed(event);
        for (const d of deltas) {
            const index = d["index"];
            if (index >= this.#calls) {
                // calls are numbered in order of first appearance
                this.#calls = index + 1;
                this.#announced.add(index);
                this.#anyCall = true;
                const start = { type: "tool_call_start", index, id: get(d, "id"), name: get(d, "name") };
                if (get(d, "custom") === true)
                    start["custom"] = true; // its text is a custom tool's plain input
                for (const [where, tests] of this.relay.callReads) { // its caller (Anthropic's programmatic calls)
                    const value = at(event, where);
                    if (value !== MISSING && tests.every(([p, v]) => same(at(event, p), v))) {
                        start["extensions"] = { [this.dialect]: { fields: { ["/" + where[where.length - 1]]: value } } };
                    }
                }
                out.push(start);
            }
            const fragment = get(d, "arguments_delta");
            if (truthy(fragment)) {
                out.push({ type: "tool_call_delta", index, arguments_delta: fragment });
            }
        }
        this.#callsDone();
        const wire = this.assembler.finishReason;
        if (wire !== null && wire !== this.#finish) {
            this.#finish = wire;
            let canonical = finishReasonIn(this.#source, wire, this.#finishDetail);
            if (canonical === "stop" && this.#anyCall && this.relay.stopMeansCalls) {
                canonical = "tool_calls";
            }
            const extensions = {};
            putOwn(extensions, this.dialect, { fields: { "/finish_reason": wire } });
            out.push({ type: "finish", finish_reason: canonical, extensions });
        }
        const ended = this.assembler._ended;
        if (ended !== null && !this.#errored) {
            // The source's error event ended its stream: the message ends with an error.
            this.#errored = true;
            out.push({ type: "finish", finish_reason: "error" });
            this.error = ended;
            this.errorEvent = event;
        }
        this.#content(event, this.relay.usage, out);
        return deltas;
    }
    #callsDone() {
        const done = this.assembler._done;
        for (const index of [...this.#announced].sort((a, b) => a - b)) {
            const call = done.get(index);
            if (call !== undefined && call !== null) {
                this.#announced.delete(index);
                if (getOwn(call, "incomplete") !== true) {
                    this.#out.push({ type: "tool_call_stop", index, call });
                }
            }
        }
    }
    #content(event, [k, byValue, others], out) {
        let groups = others;
        if (k !== null) {
            const value = at(event, k);
            groups = typeof value === "string" ? (byValue.get(value) ?? others) : others;
        }
        for (const [tests, path, reads] of groups) {
            if (tests.length && !tests.every(([p, v]) => same(at(event, p), v)))
                continue;
            for (const item of walk(event, path)) {
                for (const read of reads) {
                    if (matches(item, read)) {
                        this.#read(item, read, out);
                        break;
                    }
                }
            }
        }
    }
    #read(item, read, out) {
        const kind = read.kind;
        if (kind === "usage") {
            const counts = new Map();
            for (const [n, p] of read.usage) {
                const v = at(item, p);
                if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0)
                    counts.set(n, v);
            }
            if (counts.size > 0) {
                // a count that leaves parts out takes them from any event so far (Anthropic: the
                // cache counts in message_start, a later input_tokens in message_delta)
                const excludes = this.relay.usageExcludes;
                const before = usageIn(this.#counts, excludes);
                for (const [n, v] of counts)
                    this.#counts.set(n, v);
                const changed = {};
                for (const [n, v] of usageIn(this.#counts, excludes)) {
                    if (counts.has(n) || before.get(n) !== v)
                        putOwn(changed, n, v);
                }
                if (Object.keys(changed).length > 0)
                    out.push({ type: "usage", usage: changed });
            }
            return;
        }
        const text = at(item, read.text);
        if (kind === "citation")
            out.push({ type: "citation_delta", dialect: this.dialect, value: text });
        if (kind === "finish_detail")
            this.#finishDetail = text === MISSING ? undefined : text;
        if (kind === "finish_detail" || kind === "citation")
            return; // a citation is not relayed yet: reported once
        if (typeof text !== "string" || !text)
            return;
        if (kind === "text") {
            out.push({ type: "text_delta", text });
        }
        else if (kind === "refusal") {
            out.push({ type: "refusal_delta", text });
        }
        else if (kind === "reasoning") {
            out.push({ type: "reasoning_delta", dialect: this.dialect, text });
        }
        else {
            // an opaque signature or redacted data: only the dialects of its model replay it
            const extensions = {};
            putOwn(extensions, this.dialect, { fields: { [kind === "redacted" ? "/data" : "/signature"]: text } });
            out.push({ type: "reasoning_delta", dialect: this.dialect, extensions });
        }
    }
}
const TAPS = new Map();
/** The dialect's Assembler, whose feed() hands each event to the reader first (so that
 * feedText's events are read too). */
function tapClass(module) {
    const name = module.DIALECT;
    let found = TAPS.get(name);
    if (found === undefined) {
        const Base = module.Assembler;
        class Tap extends Base {
            _relayOut;
            feed(event) {
                return this._relayOut((e) => super.feed(e), event);
            }
        }
        found = Tap;
        TAPS.set(name, found);
    }
    return found;
}
