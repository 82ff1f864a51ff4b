/**
 * OpenAI Responses (`openai_responses`) streams: assemble tool calls from stream events, and emit them.
 *
 * `Assembler` takes the events one at a time (objects, JSON text, SDK objects, or raw SSE /
 * JSON-lines text through feedText) and returns canonical ToolCallDeltas as they happen;
 * finish() returns the canonical ToolCalls, each equal to what decodeToolCall gives for the
 * same call sent whole. A call the stream did not finish is marked incomplete, with its raw
 * text, never repaired. `emit` turns canonical calls back into a valid event sequence.
 * Rules: start, fragment, stop, call, start, fragment, stop, call, finish, finish, finish, error, error.
 */
import type { JsonObject } from "../_errors.js";
import type { IdMap } from "../_ids.js";
import * as _c from "./_common.js";
import { StreamError } from "./_common.js";
export { StreamError };
export declare const DIALECT = "openai_responses";
export declare const EVENT_SCHEMA: string | null;
export declare const FRAMING: string;
export declare const EVENT_NAME: readonly string[] | null;
export declare const DONE_SENTINEL: string | null;
export declare const RELAY: JsonObject | null;
export declare const RELAY_EVENTS: {
    readonly [kind: string]: readonly (() => JsonObject)[];
} | null;
export declare const TRUNCATED: readonly string[];
export declare const EMITS_INCOMPLETE: boolean;
/** Assembles OpenAI Responses tool calls from stream events (see streams/_assembler.ts). */
export declare class Assembler extends _c.Assembler {
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
    _wire(c: _c.Call, value: unknown): JsonObject;
    _decodeCall(payload: unknown, idMap: IdMap): JsonObject;
    /** One event in; the ToolCallDeltas it carries out. */
    feed(event: unknown): JsonObject[];
}
/** {tool_calls: [...], finish_reason: ...} of a whole stream (an iterable of events). */
export declare function assemble(events: Iterable<unknown>, options?: {
    idMap?: IdMap | null;
}): _c.AssembledStream;
/**
 * A valid OpenAI Responses event sequence carrying these canonical calls, that assembles back
 * to them. fragmentSize splits argument text into fragments of that many characters; an
 * incomplete call is sent without its end, under a truncated finish.
 * The losses of encoding each call are appended to losses when given.
 */
export declare function emit(calls: Iterable<unknown>, finishReason?: string | null, options?: _c.EmitOptions): JsonObject[];
/** emit(), framed as the provider sends it (sse). */
export declare function emitText(calls: Iterable<unknown>, finishReason?: string | null, options?: _c.EmitOptions): string;
