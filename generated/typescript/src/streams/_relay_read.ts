// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * Reading a dialect's stream as canonical stream events (schemas/canonical/stream_event.json):
 * the dialect's own Assembler gives the calls and the finish value, its `relay.reads` (RELAY in
 * the generated stream module) the message start, text, reasoning, signatures and usage.
 * Only what is in flight is held: the Assembler's open calls and which calls were announced.
 */

import { finishReasonIn, streamOf, type Dialect, type RelayStreamModule } from "../_dialect.js";
import { getOwn, putOwn, type JsonObject } from "../_errors.js";
import type { IdMap } from "../_ids.js";
import { pyRepr } from "../_pytext.js";
import { usageIn, type Excludes } from "../_usage.js";
import type { Assembler } from "./_assembler.js";
import { _copy, asWholeEvent, get, same, StreamError, truthy, ValueError } from "./_events.js";
import type { Profiles } from "../_chat_reasoning.js";
import { ChatReasoningIn } from "../_chat_reasoning_stream.js";
import { at, callReads, MISSING, walk } from "./_relay_blocks.js";
import { refuseWholeResponse, type WholeResponse } from "./_relay_check.js";
import type { AssemblerOptions } from "./_state.js";

export { walk } from "./_relay_blocks.js";
export type Toks = readonly string[];
type Test = readonly [Toks, unknown];

/** One read of `relay.reads`, its pointers as token lists. */
export interface Read {
  readonly kind: string;
  readonly when: readonly Test[];
  readonly has: readonly Toks[];
  readonly text: Toks | null;
  readonly id: Toks | null;
  readonly model: Toks | null;
  readonly usage: readonly (readonly [string, Toks])[];
  readonly tested: boolean;
}

/** (the event's tests, the path to the items, the reads of those items) */
export type Group = readonly [readonly Test[], Toks, Read[]];
/** (pointer, value -> groups, the groups for any other value) */
type Dispatch = readonly [Toks | null, ReadonlyMap<string, Group[]>, Group[]];

/** One write template of `relay.writes`: build() makes a fresh copy of its event. */
export interface Template {
  readonly build: () => JsonObject;
  readonly set: readonly (readonly [Toks, string])[];
  readonly cases: ReadonlyMap<string, readonly Test[]>;
}

/** A stream module's RELAY, compiled. */
export interface Compiled {
  readonly start: Group[];
  readonly content: Dispatch;
  readonly usage: Dispatch;
  readonly stopMeansCalls: boolean;
  readonly itemIds: ReadonlyMap<string, string>;
  readonly wholeResponse: WholeResponse | null; // where a response holds its message whole: refused as a stream
  readonly usageExcludes: Excludes;
  readonly rules: JsonObject | null; // the target's signature and part_order rules (_relay_rules)
  readonly writes: ReadonlyMap<string, Template[]>;
  readonly callReads: [Toks, [Toks, unknown][]][]; // where its call starts hold a caller
}

const CACHE = new Map<string, Compiled>();

const toks = (value: unknown): Toks => value as string[];
const tests = (value: unknown): Test[] => (value as [string[], unknown][]).map(([p, v]) => [p, v] as const);
const key = (t: Toks): string => JSON.stringify(t);

/** A stream module's RELAY with token lists and reads grouped by (event, path), once. */
export function compiled(module: RelayStreamModule): Compiled {
  const name = module.DIALECT;
  const found = CACHE.get(name);
  if (found !== undefined) return found;
  const relay = module.RELAY;
  if (relay === null || relay === undefined) {
    throw new ValueError(`dialect ${pyRepr(name)} has no relay mapping (stream.json \`relay\`)`);
  }
  const groups = new Map<string, [Group, boolean, boolean]>();
  for (const raw of relay["reads"] as JsonObject[]) {
    const event = tests(raw["event"]);
    const path = toks(raw["path"]);
    const when = tests(raw["when"]);
    const has = raw["has"] as string[][];
    const read: Read = {
      kind: raw["kind"] as string,
      when,
      has,
      text: raw["text"] === null ? null : toks(raw["text"]),
      id: raw["id"] === null ? null : toks(raw["id"]),
      model: raw["model"] === null ? null : toks(raw["model"]),
      usage: (raw["usage"] as [string, string[]][]).map(([n, p]) => [n, p] as const),
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
  const writes = new Map<string, Template[]>();
  const rawWrites = relay["writes"] as { [kind: string]: JsonObject[] };
  for (const kind of Object.keys(rawWrites)) {
    const own = getOwn(builders, kind) as readonly (() => JsonObject)[] | undefined;
    writes.set(
      kind,
      (rawWrites[kind] as JsonObject[]).map((w, i) => template(w, own?.[i] ?? (() => _copy(w["event"]) as JsonObject))),
    );
  }
  const itemIds = new Map<string, string>(Object.entries(relay["item_ids"] as { [kind: string]: string }));
  const done: Compiled = {
    start: ordered.filter((g) => g[1]).map((g) => g[0]),
    content: dispatch(ordered.filter((g) => !g[1] && !g[2]).map((g) => g[0])),
    usage: dispatch(ordered.filter((g) => g[2]).map((g) => g[0])),
    stopMeansCalls: Boolean(relay["stop_means_calls"]),
    itemIds,
    wholeResponse: (relay["whole_response"] ?? null) as WholeResponse | null,
    usageExcludes: (relay["usage_excludes"] as [string, string[]][]).map(([n, parts]) => [n, parts] as const),
    rules: (relay["rules"] ?? null) as JsonObject | null,
    writes,
    callReads: callReads(writes),
  };
  CACHE.set(name, done);
  return done;
}

/** A write template: build() makes a fresh copy of its event; its sets and finish cases. */
function template(write: JsonObject, build: () => JsonObject): Template {
  const rawCases = write["cases"] as { [reason: string]: unknown };
  return {
    build,
    set: (write["set"] as [string[], string][]).map(([p, slot]) => [p, slot] as const),
    cases: new Map(Object.keys(rawCases).map((r) => [r, tests(rawCases[r])])),
  };
}

/** Groups by the value their events hold at one pointer (the event type), so that an event
 * is offered only to the groups that can match it: (pointer, value -> groups, the groups for
 * any other value), each list in the reads' order. */
function dispatch(groups: Group[]): Dispatch {
  const tested = groups.filter((g) => g[0].length).map((g) => (g[0][0] as Test)[0]);
  let best: Toks | null = null;
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
  const keyed = (g: Group): boolean => at !== null && g[0].some(([p, v]) => key(p) === at && typeof v === "string");
  const rest = (g: Group): Group => (keyed(g) ? [g[0].filter(([p]) => key(p) !== at), g[1], g[2]] : g);
  const values = new Set<string>();
  for (const g of groups) {
    for (const [p, v] of g[0]) {
      if (key(p) === at && typeof v === "string") values.add(v);
    }
  }
  const byValue = new Map<string, Group[]>();
  for (const value of values) {
    byValue.set(
      value,
      groups.filter((g) => !keyed(g) || g[0].some(([p, v]) => key(p) === at && v === value)).map(rest),
    );
  }
  return [best, byValue, groups.filter((g) => !keyed(g))];
}

function matches(item: unknown, read: Read): boolean {
  if (!read.tested) return true;
  return read.when.every(([p, v]) => same(at(item, p), v)) && read.has.every((p) => at(item, p) !== MISSING);
}

type BaseFeed = (event: JsonObject) => JsonObject[];
/** The dialect's Assembler whose feed() hands each event to the reader first. */
export type TappedAssembler = Assembler & { _relayOut: (baseFeed: BaseFeed, event: unknown) => JsonObject[] };

/** Feed one source event at a time; get the canonical stream events it carries. */
export class RelayReader {
  readonly dialect: string;
  readonly relay: Compiled;
  readonly assembler: TappedAssembler;
  readonly chat: ChatReasoningIn | null;
  error: string | null = null; // the source's error message, when an error event ended it
  errorEvent: JsonObject = {}; // that event
  #started = false;
  #announced = new Set<number>(); // calls whose start went out and that are not stopped yet
  #anyCall = false;
  #calls = 0; // calls announced so far
  #errored = false;
  #finish: string | null = null;
  #finishDetail: unknown = undefined; // what tells apart the reasons the finish value spells
  #out: JsonObject[] = [];
  #counts = new Map<string, number>(); // the source's usage counts so far, in its own meaning
  #source: Dialect;

  constructor(dialect: Dialect, options: { idMap?: IdMap | null; profile?: string | null } = {}) {
    this.dialect = dialect.name;
    // a Chat stream's reasoning fields, read under a profile (without one: reported unread)
    const profiles = (streamOf(dialect).RELAY?.["profiles"] ?? {}) as Profiles;
    this.chat = Object.hasOwn(profiles, dialect.name) ? new ChatReasoningIn(dialect.name, profiles, options.profile ?? null) : null;
    this.#source = dialect;
    const module = streamOf(dialect);
    this.relay = compiled(module);
    const Tap = tapClass(module);
    this.assembler = new Tap({ idMap: options.idMap ?? null });
    this.assembler._relayOut = (baseFeed, event) => this.#onEvent(baseFeed, event);
  }

  feed(event: unknown): JsonObject[] {
    this.assembler.feed(event);
    return this.#take();
  }

  feedText(chunk: string | Uint8Array): JsonObject[] {
    this.assembler.feedText(chunk);
    return this.#take();
  }

  /**
   * The input ended: the text left in the buffer, then message_stop. A stream with no event
   * (nothing, or only `[DONE]`) is refused: there is nothing to relay, and nothing is made up.
   */
  end(): JsonObject[] {
    this.assembler.finish();
    this.#callsDone();
    if (!this.#started) {
      throw new StreamError(this.dialect, "", "the stream has no events: nothing to relay");
    }
    this.#out.push({ type: "message_stop" });
    return this.#take();
  }

  #take(): JsonObject[] {
    const out = this.#out;
    this.#out = [];
    return out;
  }

  /** One event, as the assembler is fed it (from feed or feedText). */
  #onEvent(baseFeed: BaseFeed, given: unknown): JsonObject[] {
    const event = asWholeEvent(given, this.dialect);
    refuseWholeResponse(this.dialect, this.relay.wholeResponse, event);
    const out = this.#out;
    if (!this.#started) {
      this.#started = true;
      const start: JsonObject = { type: "message_start" };
      for (const [tests, path, reads] of this.relay.start) {
        if (tests.every(([p, v]) => same(at(event, p), v))) {
          for (const item of walk(event, path)) {
            for (const read of reads) {
              for (const field of ["id", "model"] as const) {
                const where = read[field];
                const value = where !== null ? at(item, where) : null;
                if (typeof value === "string" && value && !(field in start)) start[field] = value;
              }
            }
          }
        }
      }
      out.push(start);
    }
    if (this.chat !== null) out.push(...this.chat.read(event)); // before the chunk's text: the reasoning came first
    this.#content(event, this.relay.content, out);
    const deltas = baseFeed(event);
    for (const d of deltas) {
      const index = d["index"] as number;
      if (index >= this.#calls) {
        // calls are numbered in order of first appearance
        this.#calls = index + 1;
        this.#announced.add(index);
        this.#anyCall = true;
        const start: JsonObject = { type: "tool_call_start", index, id: get(d, "id"), name: get(d, "name") };
        if (get(d, "custom") === true) start["custom"] = true; // its text is a custom tool's plain input
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
      const extensions: JsonObject = {};
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

  #callsDone(): void {
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

  #content(event: JsonObject, [k, byValue, others]: Dispatch, out: JsonObject[]): void {
    let groups = others;
    if (k !== null) {
      const value = at(event, k);
      groups = typeof value === "string" ? (byValue.get(value) ?? others) : others;
    }
    for (const [tests, path, reads] of groups) {
      if (tests.length && !tests.every(([p, v]) => same(at(event, p), v))) continue;
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

  #read(item: unknown, read: Read, out: JsonObject[]): void {
    const kind = read.kind;
    if (kind === "usage") {
      const counts = new Map<string, number>();
      for (const [n, p] of read.usage) {
        const v = at(item, p);
        if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) counts.set(n, v);
      }
      if (counts.size > 0) {
        // a count that leaves parts out takes them from any event so far (Anthropic: the
        // cache counts in message_start, a later input_tokens in message_delta)
        const excludes = this.relay.usageExcludes;
        const before = usageIn(this.#counts, excludes);
        for (const [n, v] of counts) this.#counts.set(n, v);
        const changed: JsonObject = {};
        for (const [n, v] of usageIn(this.#counts, excludes)) {
          if (counts.has(n) || before.get(n) !== v) putOwn(changed, n, v);
        }
        if (Object.keys(changed).length > 0) out.push({ type: "usage", usage: changed });
      }
      return;
    }
    const text = at(item, read.text as Toks);
    if (kind === "citation") out.push({ type: "citation_delta", dialect: this.dialect, value: text });
    if (kind === "finish_detail") this.#finishDetail = text === MISSING ? undefined : text;
    if (kind === "finish_detail" || kind === "citation") return; // a citation is not relayed yet: reported once
    if (typeof text !== "string" || !text) return;
    if (kind === "text") {
      out.push({ type: "text_delta", text });
    } else if (kind === "refusal") {
      out.push({ type: "refusal_delta", text });
    } else if (kind === "reasoning") {
      out.push({ type: "reasoning_delta", dialect: this.dialect, text });
    } else {
      // an opaque signature or redacted data: only the dialects of its model replay it
      const extensions: JsonObject = {};
      putOwn(extensions, this.dialect, { fields: { [kind === "redacted" ? "/data" : "/signature"]: text } });
      out.push({ type: "reasoning_delta", dialect: this.dialect, extensions });
    }
  }
}

/** Assembler without its abstract marks (the generated class implements every member). */
interface TapBase extends Omit<Assembler, "feed"> {
  feed(event: unknown): JsonObject[];
}
type TapClass = new (options?: AssemblerOptions) => TappedAssembler;
const TAPS = new Map<string, TapClass>();

/** The dialect's Assembler, whose feed() hands each event to the reader first (so that
 * feedText's events are read too). */
function tapClass(module: RelayStreamModule): TapClass {
  const name = module.DIALECT;
  let found = TAPS.get(name);
  if (found === undefined) {
    const Base = module.Assembler as new (options?: AssemblerOptions) => TapBase;
    class Tap extends Base {
      _relayOut!: (baseFeed: BaseFeed, event: unknown) => JsonObject[];

      override feed(event: unknown): JsonObject[] {
        return this._relayOut((e) => super.feed(e), event);
      }
    }
    found = Tap as unknown as TapClass;
    TAPS.set(name, found);
  }
  return found;
}
