// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The stream relay: a stream from one dialect to another as it arrives (convertStream in the
 * generated streams/index.ts looks the dialects up by name and hands their objects here).
 *
 *     const relay = convertStream(events, { source: "anthropic_messages", target: "openai_chat" });
 *     for await (const event of relay)  // the target's events, written as the input arrives
 *       send(event);                    // (`for ... of` too, when events is a plain Iterable)
 *     relay.losses                      // what the target could not carry (filled as it happens)
 *
 * The source is read into canonical stream events (schemas/canonical/stream_event.json) by
 * _relay_read, which are written as the target's events by _relay_write; both follow the
 * dialects' `relay` mappings. Nothing of the stream is kept but what is in flight, so memory
 * stays constant whatever the stream's length. Losses are reported, never silent: each goes to
 * `relay.losses` once per kind of value (and, for callers that only see the events, to
 * `onLoss`); with strict: true the first one throws LossError instead, before any event that
 * would have lost it is written (with an allow-list, the first whose code it does not hold). Nothing is made up: the
 * target's own Assembler reads what is
 * written (_relay_check), and a call it would read otherwise than the source's Assembler does
 * (complete for cut off, valid for invalid, absent) is a loss found when the input ends (strict
 * throws then, before the target's finish). A stream cut off is relayed cut off (no finish, no
 * [DONE]); an empty stream, or a whole non-streaming response, throws StreamError. The source's
 * error event is written as the target's, which ends its stream there (_relay_error).
 */

import { refuseUnallowed } from "../_allow.js";
import { streamOf, type Dialect, type RelayStreamModule } from "../_dialect.js";
import { getOwn, isObject, type JsonObject, type Loss } from "../_errors.js";
import { IdMap } from "../_ids.js";
import { compactJson } from "../_pytext.js";
import { checkProfiles, type Profiles } from "../_chat_reasoning.js";
import { droppedOnce, reasoningPolicy } from "../_reasoning.js";
import { customToolsPolicy } from "../_custom_tools.js";
import { CallCheck } from "./_relay_check.js";
import { relayError } from "./_relay_error.js";
import { RelayReader } from "./_relay_read.js";
import { RelayWriter } from "./_relay_write.js";
import type { Report } from "./_state.js";

const CITED = "the citations of the stream's text (not relayed)";

/** A relay's options (Python's keyword-only parameters); source and target are dialect
 * objects (the generated streams/index.ts takes names and looks them up). */
export interface RelayOptions {
  source: Dialect;
  target: Dialect;
  strict?: boolean;
  idMap?: IdMap | null;
  onLoss?: ((loss: Loss) => void) | null;
  /** The reasoning policy (keep, the default; text; drop), as convert() takes it. */
  reasoning?: "keep" | "text" | "drop" | null;
  /** Deprecated: reasoning "text". */
  reasoningAsText?: boolean;
  /** OpenAI custom tools' calls: "drop" (the default: relayed where the target has them) or "function". */
  customTools?: "drop" | "function" | null;
  /** The loss codes let through (checked by the generated wrapper); null: no list. */
  allowed?: ReadonlySet<string> | null;
  /** The openai_chat reasoning profile ("deepseek", "openrouter") the source is read with. */
  sourceProfile?: string | null;
  /** The openai_chat reasoning profile the target is written with. */
  targetProfile?: string | null;
}

/** Events or text, iterable with `for ... of` (plain Iterable input) and `for await`. */
export interface RelayIterable<T> extends Iterable<T>, AsyncIterable<T> {}

/** The events a relay is given: a plain or an async iterable. */
export type RelayInput = Iterable<unknown> | AsyncIterable<unknown>;

/**
 * One event as the dialect frames it: an SSE block (with an `event:` line where the dialect
 * names its events) or a JSON line.
 */
export function frame(module: RelayStreamModule, event: JsonObject): string {
  const data = compactJson(event);
  if (module.FRAMING === "ndjson") {
    return data + "\n";
  }
  let name: unknown = event;
  for (const t of module.EVENT_NAME ?? []) {
    name = isObject(name) ? (getOwn(name, t) ?? null) : null;
  }
  const head = module.EVENT_NAME?.length && typeof name === "string" ? `event: ${name}\n` : "";
  return `${head}data: ${data}\n\n`;
}

/** The [DONE]-style sentinel the target ends its SSE streams with, framed, or null (none
 * after a stream relayed cut off). */
/** The reasoning profiles table (every dialect's), from the first of the dialects that streams. */
function profilesOf(...dialects: Dialect[]): Profiles {
  for (const dialect of dialects) {
    const relay = dialect.stream?.RELAY ?? null;
    if (relay !== null) return (relay["profiles"] ?? {}) as Profiles;
  }
  return {};
}

function sentinel(relay: StreamRelay): string | null {
  const module = relay.targetModule;
  return module.FRAMING !== "ndjson" && module.DONE_SENTINEL && !relay.cut ? `data: ${module.DONE_SENTINEL}\n\n` : null;
}

function isAsync(events: RelayInput): events is AsyncIterable<unknown> {
  return typeof (events as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";
}

function syncOnly(events: RelayInput): Iterable<unknown> {
  if (typeof (events as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function") {
    throw new TypeError("this relay was given an async iterable: use for await");
  }
  return events as Iterable<unknown>;
}

/**
 * One stream relayed from source to target. Iterate it (with the events given to
 * convertStream), or push: feed(event) / feedText(chunk) for the target's events so far,
 * close() for the rest. `losses`, `findings` (the source stream's problems, from its
 * Assembler) and `idMap` (target call id -> source id: idMap.original(id)) are live;
 * `calls` (the source's calls) and `cut` are known once the input ended.
 */
export class StreamRelay implements RelayIterable<JsonObject> {
  readonly source: string;
  readonly target: string;
  readonly idMap: IdMap;
  readonly #events: RelayInput | null;
  readonly #target: RelayStreamModule;
  readonly #sourceDialect: Dialect;
  readonly #targetDialect: Dialect;
  readonly #reader: RelayReader;
  readonly #writer: RelayWriter;
  readonly #onLoss: ((loss: Loss) => void) | null;
  readonly #allowed: ReadonlySet<string> | null;
  readonly #drop: Set<string> | null; // reasoning="drop": what of it was reported
  #told = 0;
  #noted = 0;
  #unread = 0;
  #errorTold = false;
  #cited = false; // a citation was read (and its loss reported)
  #closed = false;
  #calls: JsonObject[] = [];

  constructor(events: RelayInput | null, options: RelayOptions) {
    this.source = options.source.name;
    this.target = options.target.name;
    this.#events = events;
    this.#target = streamOf(options.target);
    this.#sourceDialect = options.source;
    this.#targetDialect = options.target;
    this.idMap = options.idMap ?? new IdMap();
    const policy = reasoningPolicy(options.reasoning, options.reasoningAsText ?? false);
    const [sourceProfile, targetProfile] = [options.sourceProfile ?? null, options.targetProfile ?? null];
    checkProfiles(this.source, this.target, "stream", sourceProfile, targetProfile, profilesOf(options.source, options.target));
    this.#reader = new RelayReader(options.source, { idMap: new IdMap(), profile: sourceProfile });
    this.#writer = new RelayWriter(
      options.target, { strict: options.strict ?? false, idMap: this.idMap, reasoning: policy, profile: targetProfile },
    );
    this.#writer.check = new CallCheck(this.#target);
    const custom = customToolsPolicy(options.customTools);
    this.#writer.asFunction = custom === "function";
    this.#drop = policy === "drop" ? new Set() : null;
    this.#onLoss = options.onLoss ?? null;
    const allowed = options.allowed ?? null;
    // reasoning "drop" asks for its reasoning.dropped losses: an allow-list lets them through
    this.#allowed = policy === "drop" && allowed !== null ? new Set([...allowed, "reasoning.dropped"]) : allowed;
    // customTools "function" asks for its tool.custom_as_function losses too
    if (custom === "function" && this.#allowed !== null) {
      this.#allowed = new Set([...this.#allowed, "tool.custom_as_function"]);
    }
  }

  get losses(): Loss[] {
    return this.#writer.losses;
  }

  get findings(): Report[] {
    return this.#reader.assembler.findings;
  }

  /**
   * The source's calls as its Assembler read them (after close(); empty before): what a caller
   * checks for incomplete or invalid calls, as `assemble` would.
   */
  get calls(): JsonObject[] {
    return this.#calls;
  }

  /** The target's stream module (its framing). */
  get targetModule(): RelayStreamModule {
    return this.#target;
  }

  /**
   * Whether the relayed stream ends cut off (the source had no finish the target carries): it
   * ends without a finish, and its text without the target's [DONE].
   */
  get cut(): boolean {
    return this.#writer.cut;
  }

  #write(canonical: JsonObject[], last = false): JsonObject[] {
    const out: JsonObject[] = [];
    const notes = this.#reader.assembler.notes;
    if (notes.length > this.#noted) {
      // Blocks the source's reader leaves out on purpose (server-side tools and their
      // results) do not reach the target either: each is a loss.
      for (const note of notes.slice(this.#noted)) {
        this.#writer.loss("part.unsupported", `/server_tools/${this.#noted}`, `${note.message} of the relayed stream`);
        this.#noted += 1;
      }
    }
    const chat = this.#reader.chat;
    if (chat !== null && chat.unread.length > this.#unread) { // reasoning fields no profile read
      for (const [pointer, what] of chat.unread.slice(this.#unread)) this.#writer.loss("extension.field_dropped", pointer, what);
      this.#unread = chat.unread.length;
    }
    for (const event of canonical) {
      if (this.#errorTold && this.#writer.cut) break; // the target's error event ended its stream
      if (this.#drop !== null && event["type"] === "reasoning_delta") { // asked for: one loss
        droppedOnce(this.#drop, this.losses, this.target);
      } else if (event["type"] === "citation_delta") { // not relayed yet: one loss for the stream's
        if (!this.#cited) {
          this.#cited = true;
          this.#writer.loss("part.field_dropped", "/citations", CITED);
        }
      } else {
        out.push(...this.#writer.write(event));
      }
    }
    const said = this.#reader.error;
    if (said !== null && !this.#errorTold) {
      this.#errorTold = true; // the target's error event, where it has one, ends its stream
      out.push(...relayError(this.#writer, this.#sourceDialect, this.#targetDialect, this.#reader.errorEvent, said));
    }
    if (last) {
      this.#calls = this.#reader.assembler.finish();
      this.#writer.compare(this.#calls); // the source's calls against the target's reading
    }
    if (this.losses.length > this.#told) {
      const fresh = this.losses.slice(this.#told);
      this.#told = this.losses.length;
      // thrown before the events that lost it are given out
      if (this.#allowed !== null) refuseUnallowed(fresh, this.#allowed);
      const onLoss = this.#onLoss;
      if (onLoss !== null) for (const loss of fresh) onLoss(loss);
    }
    return out;
  }

  /** One source event in; the target's events it gives out. */
  feed(event: unknown): JsonObject[] {
    return this.#write(this.#reader.feed(event));
  }

  /** Raw source stream text in (SSE or JSON lines, split anywhere; bytes are UTF-8). */
  feedText(chunk: string | Uint8Array): JsonObject[] {
    return this.#write(this.#reader.feedText(chunk));
  }

  /** The input ended: the target's last events (open block, finish, usage, end). */
  close(): JsonObject[] {
    if (this.#closed) return [];
    this.#closed = true;
    return this.#write(this.#reader.end(), true);
  }

  /** The source events as canonical stream events only (no target). */
  *canonical(events: Iterable<unknown>): Generator<JsonObject> {
    for (const event of events) yield* this.#reader.feed(event);
    yield* this.#reader.end();
  }

  #given(): RelayInput {
    if (this.#events === null) {
      throw new TypeError("this relay was made without events: use feed()/close()");
    }
    return this.#events;
  }

  *[Symbol.iterator](): Iterator<JsonObject> {
    for (const event of syncOnly(this.#given())) yield* this.feed(event);
    yield* this.close();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<JsonObject> {
    const events = this.#given();
    if (isAsync(events)) {
      for await (const event of events) yield* this.feed(event);
    } else {
      for (const event of events) yield* this.feed(event);
    }
    yield* this.close();
  }

  /** Target events (from feed, feedText or close) as the target frames them. */
  framed(events: JsonObject[]): string {
    return events.map((event) => frame(this.#target, event)).join("");
  }

  /**
   * What the target sends after its last event (its [DONE] sentinel, if it has one), once the
   * input ended: nothing after a stream relayed cut off.
   */
  doneText(): string {
    return sentinel(this) ?? "";
  }

  /** The target's events framed as the target sends them, as they come. */
  text(): RelayIterable<string> {
    const module = this.#target;
    const relay = this;
    return {
      *[Symbol.iterator]() {
        for (const event of relay) yield frame(module, event);
        const done = sentinel(relay);
        if (done !== null) yield done;
      },
      async *[Symbol.asyncIterator]() {
        for await (const event of relay) yield frame(module, event);
        const done = sentinel(relay);
        if (done !== null) yield done;
      },
    };
  }
}

/**
 * Raw source stream text (SSE or JSON lines, in chunks split anywhere; strings or UTF-8
 * bytes) relayed as the target's framed text (SSE with `event:` lines where the target uses
 * them, JSON lines, the [DONE] sentinel where it ends its streams so). Like Python's
 * generator, nothing happens (not even a bad dialect's error) until it is iterated.
 */
export function convertStreamText(
  chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
  options: RelayOptions,
): RelayIterable<string> {
  return {
    *[Symbol.iterator]() {
      const relay = new StreamRelay(null, options);
      const module = relay.targetModule;
      for (const chunk of syncOnly(chunks) as Iterable<string | Uint8Array>) {
        for (const event of relay.feedText(chunk)) yield frame(module, event);
      }
      for (const event of relay.close()) yield frame(module, event);
      const done = sentinel(relay);
      if (done !== null) yield done;
    },
    async *[Symbol.asyncIterator]() {
      const relay = new StreamRelay(null, options);
      const module = relay.targetModule;
      if (isAsync(chunks)) {
        for await (const chunk of chunks) {
          for (const event of relay.feedText(chunk)) yield frame(module, event);
        }
      } else {
        for (const chunk of chunks) {
          for (const event of relay.feedText(chunk)) yield frame(module, event);
        }
      }
      for (const event of relay.close()) yield frame(module, event);
      const done = sentinel(relay);
      if (done !== null) yield done;
    },
  };
}
