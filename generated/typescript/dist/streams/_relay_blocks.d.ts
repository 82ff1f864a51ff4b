/**
 * The relay's small pieces: values read at paths of an event, an open block's state, values
 * put at pointers into a written event, wire values kept in extensions, the usage slots a target has.
 */
import type { JsonObject, Loss } from "../_errors.js";
import { type IdMap, type IdPolicy } from "../_ids.js";
type Toks = readonly string[];
/** Write value at toks into event, making the objects on the way (list indexes grow the list). */
export declare function put(event: JsonObject, toks: readonly string[], value: unknown): void;
export declare const MISSING: unique symbol;
/** The value at a path of tokens (list indexes as digits), or MISSING. */
export declare function at(node: unknown, path: Toks): unknown;
/** The items at a path whose * stands for every element of an array. */
export declare function walk(node: unknown, path: Toks): unknown[];
/** Python's str() of a value in a message (a string as it is, None for null). */
export declare function pyStr(value: unknown): string;
/** Argument text by the strict reader (NaN, Infinity, 1e400 and lone surrogates are not
 * JSON), blank text as no arguments. */
export declare function loadsText(text: string): unknown;
/**
 * The canonical call a relayed call stands for: the source's complete one (its extensions ride
 * along, for a same-dialect relay), or one made of the argument text that came.
 */
export declare function canonicalOf(call: RelayCall): unknown;
/** The usage counts a target's slots carry (usage.<name>). */
export declare function usageSlots(slots: Iterable<string>): Set<string>;
/** Where a dialect's call-start events hold a call's caller (its call_open templates' caller
 * slot), with the constants the event holds there: [pointer, tests]. */
export declare function callReads(writes: ReadonlyMap<string, readonly {
    build: () => JsonObject;
    set: readonly (readonly [Toks, string])[];
}[]>): [Toks, [Toks, unknown][]][];
/** A call's extension fields: its caller kept for the target's caller slot when it is the
 * target's own; any other, a loss each call (as a conversation reports it). */
export declare function callFields(call: RelayCall, extensions: unknown, target: string, carried: boolean, lose: (code: string, pointer: string, what: string) => void): void;
/** A wire value kept in a dialect's extensions (extensions.<dialect>.fields.<pointer>); null when none. */
export declare function field(extension: unknown, pointer: string): unknown;
/** The state of one call the writer was told of (Python: a dict). */
export interface RelayCall {
    index: number;
    sourceId: string | null;
    name: string | null;
    parts: string[];
    sent: boolean;
    callId?: string | null;
    block?: number;
    kindIndex?: number;
    closed?: boolean;
    held?: boolean;
    stopped?: boolean;
    canonical?: unknown;
    custom?: boolean;
    dropped?: boolean;
    asFunction?: boolean;
    inputClosed?: boolean;
    caller?: unknown;
    told?: Set<string>;
}
/** One open block of the target: its kind, positions, call, and what it holds. */
export declare class Block {
    readonly kind: string;
    readonly index: number;
    readonly kindIndex: number;
    readonly call: RelayCall | null;
    text: string[];
    signature: unknown;
    constructor(kind: string, index: number, kindIndex: number, call: RelayCall | null);
}
/**
 * What a relay loses of a custom tool's call (tool_call_start) into a target without custom_*
 * writes (null: the call is no custom tool's, or the target writes it).
 */
export declare function customDropped(event: JsonObject, writes: ReadonlyMap<string, readonly unknown[]>): string | null;
/** The write kinds' prefix of a call's block: a custom tool's call has its own. */
export declare function callKind(call: RelayCall): string;
/** Whether the stream's calls were all left out (custom tools the target lacks). */
export declare function everyCallDropped(calls: ReadonlyMap<number, RelayCall>): boolean;
/**
 * The id a relayed call is written with: minted where the source had none, rewritten where the
 * target's pattern refuses it (its losses reported), dropped (a loss) where the target has no
 * place for ids.
 */
export declare function targetId(sourceId: string | null, index: number, slots: ReadonlySet<string>, policy: IdPolicy | null, idMap: IdMap, strict: boolean, loss: (code: string, pointer: string, what: string) => void): string | null;
/** Whether argument text says these arguments (text that is no JSON says none). */
export declare function sameArguments(sent: string, args: unknown): boolean;
export declare const INPUT_OPEN = "{\"input\":\"";
export declare const INPUT_CLOSE = "\"}";
/** A tool_call_delta's piece of a custom tool's input as a piece of that JSON string. */
export declare function inputPiece(event: JsonObject): string;
/** A source call as customTools "function" writes it: a custom tool's as a function's. */
export declare function sentAsFunction(call: unknown): unknown;
/** The loss (asked for) of relaying a custom tool's call as a function's. */
export declare function asFunctionLoss(name: unknown, index: number, dialect: string): Loss;
/** The source's calls as the relay wrote them (custom tools' as functions' when asked). */
export declare function asWritten(calls: JsonObject[], asFunction: boolean): JsonObject[];
export {};
