/**
 * Ids: the map that rewrites ids a target cannot carry (collision-free, reversibly), mints
 * ids for calls that come without one, and links id-less results to their calls, reporting
 * every link the wire did not state; encodeId, the id an encoder sends. Re-exported by `_runtime`.
 *
 * Ids are strings on every wire, but a payload may carry another JSON value where an id
 * belongs: such a value is keyed by its type and Python str() (1 and "1" are different ids,
 * as in Python), and minted from its Python str().
 */
import { Loss, type JsonObject } from "./_errors.js";
/** Python's pattern.fullmatch(value) is not None: the whole string matches. */
export declare function fullmatch(pattern: RegExp, value: string): boolean;
/** pattern's fullmatch that remembers matching ids in `known` (bounded): the same ids recur
 * across a conversation, and a set lookup is cheaper than a regex. */
export declare function idChecker(pattern: RegExp, known: Set<string>, limit?: number): (value: string) => boolean;
/** How a dialect's ids look, and how its rewrites are made (prefix + length alphanumerics). */
export declare class IdPolicy {
    readonly dialect: string;
    readonly pattern: RegExp;
    readonly prefix: string;
    readonly length: number;
    constructor(dialect: string, pattern: RegExp, prefix: string, length: number);
}
/**
 * Rewrites ids that a target cannot carry, collision-free and reversibly.
 *
 * The same original id always gets the same new id within one map, so a call and its result
 * stay linked; keep one map per conversation across turns, and use `original(newId)` to map
 * a provider's reply back. A rewrite is unique against every id the map has seen (rewritten,
 * passed through or decoded), in either order: an id that arrives literally equal to an
 * earlier rewrite is itself rewritten, never merged with it.
 *
 * A rewrite sent to another dialect than the one it was made for is a reply coming back
 * (dialect A -> B -> A through one map): it is sent as the id it stands for, so the round
 * trip restores the original id (or that id's rewrite when the target cannot carry it).
 */
export declare class IdMap {
    private readonly forward;
    private readonly backward;
    private readonly madeFor;
    private readonly seen;
    private minted;
    private readonly names;
    private readonly unanswered;
    private readonly byPosition;
    private readonly positional;
    /** The id a rewritten id stands for (the id itself when it was never rewritten). */
    original(newId: string): string;
    /** The id to send for value: value itself when the target can carry it and no other id
     * was rewritten to it; else its rewrite. An array or object is no id (Invalid: an
     * encoder's CanonicalError), as in the Python runtime. */
    carry(value: unknown, policy: IdPolicy): string;
    rewrite(original: unknown, policy: IdPolicy): string;
    /** A fresh id for a call that has none: deterministic, unique within this map. It stands
     * for no other id, so it is no rewrite (original() answers it as it is). */
    mint(policy: IdPolicy): string;
    /** A canonical id for a decoded call that came without one. */
    mintCall(): string;
    /** Remember a call so that results can find its name, and id-less results its id. An array
     * or object is no id: Invalid (an encoder's CanonicalError). */
    noteCall(callId: string | null | undefined, name: string | null): void;
    /** The tool name of a call seen through this map. */
    nameFor(callId: string | null | undefined): string | null;
    /** The id of the oldest unanswered call of this tool: how a result without an id (Gemini,
     * Ollama) is linked to its call. null when there is no such call. */
    claim(name: string | null): string | null;
    /** A result that names its call's id answers that call: id-less results that follow are
     * linked only among the calls still unanswered. */
    noteResult(callId: string | null | undefined): void;
    /** How many unanswered calls of its tool a claimed call id was chosen among by position
     * (0: linked by its id, or the only candidate); answered once. */
    linkedByPosition(callId: string | null | undefined): number;
}
export declare const CANONICAL_IDS: IdPolicy;
/** A link the wire did not state and a decoder made (a result without an id, linked to a
 * call by position); pointer is into the extract() result. Reported, never silent. */
export declare class Note {
    readonly pointer: string;
    readonly dialect: string;
    readonly what: string;
    constructor(pointer: string, dialect: string, what: string);
    toString(): string;
}
/** extract(): note the last result when its call was chosen by position among several. */
export declare function notePosition(out: JsonObject, idMap: IdMap, at: string, dialect: string): void;
/** The id to send; with an id map every id goes through it, so that no rewrite can ever
 * equal an id sent as it is (the map remembers both). Internal: positional parameters. */
export declare function encodeId(value: unknown, policy: IdPolicy, idMap: IdMap | null | undefined, losses: Loss[], strict: boolean, pointer: string): string;
