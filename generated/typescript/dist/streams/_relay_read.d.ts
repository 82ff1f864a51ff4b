/**
 * Reading a dialect's stream as canonical stream events (schemas/canonical/stream_event.json):
 * the dialect's own Assembler gives the calls and the finish value, its `relay.reads` (RELAY in
 * the generated stream module) the message start, text, reasoning, signatures and usage.
 * Only what is in flight is held: the Assembler's open calls and which calls were announced.
 */
import { type Dialect, type RelayStreamModule } from "../_dialect.js";
import { type JsonObject } from "../_errors.js";
import type { IdMap } from "../_ids.js";
import { type Excludes } from "../_usage.js";
import type { Assembler } from "./_assembler.js";
import { ChatReasoningIn } from "../_chat_reasoning_stream.js";
import { type WholeResponse } from "./_relay_check.js";
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
    readonly wholeResponse: WholeResponse | null;
    readonly usageExcludes: Excludes;
    readonly rules: JsonObject | null;
    readonly writes: ReadonlyMap<string, Template[]>;
    readonly callReads: [Toks, [Toks, unknown][]][];
}
/** A stream module's RELAY with token lists and reads grouped by (event, path), once. */
export declare function compiled(module: RelayStreamModule): Compiled;
type BaseFeed = (event: JsonObject) => JsonObject[];
/** The dialect's Assembler whose feed() hands each event to the reader first. */
export type TappedAssembler = Assembler & {
    _relayOut: (baseFeed: BaseFeed, event: unknown) => JsonObject[];
};
/** Feed one source event at a time; get the canonical stream events it carries. */
export declare class RelayReader {
    #private;
    readonly dialect: string;
    readonly relay: Compiled;
    readonly assembler: TappedAssembler;
    readonly chat: ChatReasoningIn | null;
    error: string | null;
    errorEvent: JsonObject;
    constructor(dialect: Dialect, options?: {
        idMap?: IdMap | null;
        profile?: string | null;
    });
    feed(event: unknown): JsonObject[];
    feedText(chunk: string | Uint8Array): JsonObject[];
    /**
     * The input ended: the text left in the buffer, then message_stop. A stream with no event
     * (nothing, or only `[DONE]`) is refused: there is nothing to relay, and nothing is made up.
     */
    end(): JsonObject[];
}
