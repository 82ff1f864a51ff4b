/**
 * The state of one stream: the calls in flight (Call), and StreamState, the base every
 * assembler piece builds on: its fields, the dialect's constants, the hooks the generated
 * subclass fills in, and how a finding or a bad event is recorded.
 *
 * Python mixes the pieces into one class; here they are one chain of subclasses in Python's
 * method resolution order: StreamState <- TextInput <- PathArgs <- CanonicalCalls <-
 * CallLifecycle <- CallStates <- Assembler. Fields keep Python's names (camelCased, the
 * leading underscore kept): the relay reads some of them.
 */
import type { JsonObject } from "../_errors.js";
import { IdMap } from "../_ids.js";
import { StreamError } from "./_events.js";
export declare const COMPACT = 256;
/** A call's key: an index or an id (null: the rule has none). */
export type Key = number | string | null;
/** One call in flight: what arrived so far. Nothing else of the stream is kept. */
export declare class Call {
    index: number;
    key: Key;
    id: string | null;
    name: string | null;
    item: JsonObject | null;
    parts: string[];
    args: JsonObject | null;
    cont: string | null;
    start: unknown;
    pos: number | null;
    stopped: boolean;
    custom: boolean;
    constructor(index: number, key: Key, callId: string | null, name: string | null, item: JsonObject | null);
    text(): string;
}
/** A finding or a note: {event, pointer, message} (+ line from text). */
export type Report = {
    event: number;
    pointer: string;
    message: string;
    line?: number;
};
/** Options of an assembler: the id map calls are decoded with. */
export type AssemblerOptions = {
    idMap?: IdMap | null;
};
/** The calls of one stream and what it reported; see _assembler.Assembler for the API. */
export declare abstract class StreamState {
    readonly DIALECT: string;
    readonly HAS_STOP: boolean;
    readonly TRUNCATED: ReadonlySet<string>;
    readonly STOP_BEFORE_TRUNCATION: boolean;
    readonly ARGS: string;
    readonly NO_ARGUMENTS_TEXT: readonly string[];
    readonly ID_OPTIONAL: boolean;
    readonly ARGS_OPTIONAL: boolean;
    readonly EXPECTED: string;
    readonly EXPECTED_AT: readonly (readonly string[])[];
    finishReason: string | null;
    findings: Report[];
    notes: Report[];
    _open: Map<Key, Call>;
    _inflight: Map<number, Call>;
    _last: Call | null;
    _lastStopped: Call | null;
    _done: Map<number, JsonObject>;
    _closed: Map<Key, number>;
    _skipped: Map<Key, string>;
    _at: Map<number, Call>;
    _closedAt: Map<number, number>;
    _waiting: Map<Key, [string | null, string[]]>;
    _ended: string | null;
    _count: number;
    _n: number;
    _ids: IdMap;
    constructor(options?: AssemblerOptions);
    /** One event in; the ToolCallDeltas it carries out. */
    abstract feed(event: unknown): JsonObject[];
    /** A finished call as the dialect's wire tool_call (value undefined: no arguments). */
    abstract _wire(c: Call, value: unknown): JsonObject;
    /** The dialect's decodeToolCall, with this stream's id map. */
    abstract _decodeCall(payload: unknown, idMap: IdMap): JsonObject;
    _report(into: Report[], pointer: string, message: string): void;
    _bad(event: unknown, item: unknown, pointer: string, message: string): StreamError;
    /** item, a part of event the call keeps whole, held to the depth limit (events are not
     * walked on the way in: only what a call keeps is). */
    _held<T>(event: unknown, item: T): T;
}
