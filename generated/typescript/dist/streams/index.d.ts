/**
 * Stream assemblers and emitters: one module per dialect whose streams carry tool calls.
 *
 *     import { assembler } from "toolwire-dialects/streams";
 *     const a = assembler("anthropic_messages");
 *     for (const event of events)
 *       for (const delta of a.feed(event)) ...  // canonical ToolCallDeltas as they happen
 *     const calls = a.finish();                 // canonical ToolCalls; cut-off calls are incomplete
 *
 *     import { convertStream } from "toolwire-dialects/streams";
 *     const relay = convertStream(events, { source: "anthropic_messages", target: "openai_chat" });
 *     for await (const event of relay) ...      // the target's events, as the input arrives
 *     relay.losses                              // what the target could not carry
 */
import { type Dialect, type RelayStreamModule } from "../_dialect.js";
import type { JsonObject } from "../_errors.js";
import type { IdMap } from "../_ids.js";
import { type LossCode } from "../lossCodes.js";
import * as _relay from "./_relay.js";
import { type Assembler, type AssemblerOptions, type AssembledStream, type EmitOptions } from "./_common.js";
export { Assembler, StreamError, type AssemblerOptions, type AssembledStream, type EmitOptions } from "./_common.js";
export type { RelayInput, RelayIterable } from "./_relay.js";
/** What every dialect's stream module exports (the relay reads some of it). */
export interface StreamModule extends RelayStreamModule {
    readonly DIALECT: string;
    readonly EVENT_SCHEMA: string | null;
    readonly FRAMING: string;
    readonly EVENT_NAME: readonly string[] | null;
    readonly DONE_SENTINEL: string | null;
    readonly RELAY: JsonObject | null;
    readonly RELAY_EVENTS: {
        readonly [kind: string]: readonly (() => JsonObject)[];
    } | null;
    readonly TRUNCATED: readonly string[];
    readonly EMITS_INCOMPLETE: boolean;
    readonly Assembler: new (options?: AssemblerOptions) => Assembler;
    assemble(events: Iterable<unknown>, options?: {
        idMap?: IdMap | null;
    }): AssembledStream;
    emit(calls: Iterable<unknown>, finishReason?: string | null, options?: EmitOptions): JsonObject[];
    emitText(calls: Iterable<unknown>, finishReason?: string | null, options?: EmitOptions): string;
}
/** The name of a dialect whose streams carry tool calls. */
export type StreamDialectName = "anthropic_messages" | "bedrock_converse" | "cohere_v2" | "gemini" | "gemini_interactions" | "mistral" | "ollama" | "openai_chat" | "openai_responses";
/** The stream module of every dialect that streams tool calls, by dialect name. */
export declare const STREAMS: {
    readonly [dialect: string]: StreamModule;
};
/** The stream module of a dialect; a ValueError names the dialects that stream calls. */
export declare function getStream(dialect: StreamDialectName): StreamModule;
/** A fresh assembler for one stream (one message) of this dialect. */
export declare function assembler(dialect: StreamDialectName, options?: AssemblerOptions): Assembler;
/** Canonical calls as a valid event sequence of this dialect. */
export declare function emit(dialect: StreamDialectName, calls: Iterable<unknown>, finishReason?: string | null, options?: EmitOptions): JsonObject[];
/** emit(), framed as the dialect's provider sends it (SSE or JSON lines). */
export declare function emitText(dialect: StreamDialectName, calls: Iterable<unknown>, finishReason?: string | null, options?: EmitOptions): string;
/** convertStream's options: source and target are dialect names or dialect objects. */
export interface RelayOptions extends Omit<_relay.RelayOptions, "source" | "target" | "allowed"> {
    source: StreamDialectName | Dialect;
    target: StreamDialectName | Dialect;
    /** Loss codes let through (lossCodes.ts LOSS_CODES): any other loss throws LossError. */
    allow?: Iterable<LossCode> | null;
}
/** One stream relayed from source to target (see streams/_relay.ts StreamRelay). */
export declare class StreamRelay extends _relay.StreamRelay {
    constructor(events: _relay.RelayInput | null, options: RelayOptions);
}
/**
 * Relay a stream of source events (objects, JSON text, SDK objects; an Iterable or an
 * AsyncIterable) as target events: iterate the result (`for await`, or `for ... of` over a
 * plain Iterable). Losses land in `.losses` as they happen (and go to onLoss); strict: true
 * throws LossError on the first one; allow: [codes], on the first whose code the list does
 * not hold.
 */
export declare function convertStream(events: _relay.RelayInput, options: RelayOptions): StreamRelay;
/**
 * Raw source stream text relayed as the target's framed text (see streams/_relay.ts). Like
 * Python's generator, nothing happens (not even a bad dialect's error) until it is iterated.
 */
export declare function convertStreamText(chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>, options: RelayOptions): _relay.RelayIterable<string>;
