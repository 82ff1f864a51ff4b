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
import { type Dialect, type RelayStreamModule } from "../_dialect.js";
import { type JsonObject, type Loss } from "../_errors.js";
import { IdMap } from "../_ids.js";
import type { Report } from "./_state.js";
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
export interface RelayIterable<T> extends Iterable<T>, AsyncIterable<T> {
}
/** The events a relay is given: a plain or an async iterable. */
export type RelayInput = Iterable<unknown> | AsyncIterable<unknown>;
/**
 * One event as the dialect frames it: an SSE block (with an `event:` line where the dialect
 * names its events) or a JSON line.
 */
export declare function frame(module: RelayStreamModule, event: JsonObject): string;
/**
 * One stream relayed from source to target. Iterate it (with the events given to
 * convertStream), or push: feed(event) / feedText(chunk) for the target's events so far,
 * close() for the rest. `losses`, `findings` (the source stream's problems, from its
 * Assembler) and `idMap` (target call id -> source id: idMap.original(id)) are live;
 * `calls` (the source's calls) and `cut` are known once the input ended.
 */
export declare class StreamRelay implements RelayIterable<JsonObject> {
    #private;
    readonly source: string;
    readonly target: string;
    readonly idMap: IdMap;
    constructor(events: RelayInput | null, options: RelayOptions);
    get losses(): Loss[];
    get findings(): Report[];
    /**
     * The source's calls as its Assembler read them (after close(); empty before): what a caller
     * checks for incomplete or invalid calls, as `assemble` would.
     */
    get calls(): JsonObject[];
    /** The target's stream module (its framing). */
    get targetModule(): RelayStreamModule;
    /**
     * Whether the relayed stream ends cut off (the source had no finish the target carries): it
     * ends without a finish, and its text without the target's [DONE].
     */
    get cut(): boolean;
    /** One source event in; the target's events it gives out. */
    feed(event: unknown): JsonObject[];
    /** Raw source stream text in (SSE or JSON lines, split anywhere; bytes are UTF-8). */
    feedText(chunk: string | Uint8Array): JsonObject[];
    /** The input ended: the target's last events (open block, finish, usage, end). */
    close(): JsonObject[];
    /** The source events as canonical stream events only (no target). */
    canonical(events: Iterable<unknown>): Generator<JsonObject>;
    [Symbol.iterator](): Iterator<JsonObject>;
    [Symbol.asyncIterator](): AsyncIterator<JsonObject>;
    /** Target events (from feed, feedText or close) as the target frames them. */
    framed(events: JsonObject[]): string;
    /**
     * What the target sends after its last event (its [DONE] sentinel, if it has one), once the
     * input ended: nothing after a stream relayed cut off.
     */
    doneText(): string;
    /** The target's events framed as the target sends them, as they come. */
    text(): RelayIterable<string>;
}
/**
 * Raw source stream text (SSE or JSON lines, in chunks split anywhere; strings or UTF-8
 * bytes) relayed as the target's framed text (SSE with `event:` lines where the target uses
 * them, JSON lines, the [DONE] sentinel where it ends its streams so). Like Python's
 * generator, nothing happens (not even a bad dialect's error) until it is iterated.
 */
export declare function convertStreamText(chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>, options: RelayOptions): RelayIterable<string>;
