/**
 * Canonical messages -> wire turns, as a dialect's layout says.
 *
 * Adjacent messages of one role become one wire turn (unless the dialect's own payload kept
 * them apart: the `separate` form), so results of parallel calls land in one turn; a part
 * that is a wire unit of its own (a Chat tool message) splits the turn there. Parts are never
 * reordered: a turn that cannot keep their order reports it. Everything the target cannot
 * carry is a reported loss.
 */
import { Calls } from "./_conv_calls.js";
import type { BlockRules, Codecs, EmptyBlocks, Spelling, Turn } from "./_conv_layout.js";
import { Loss } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { IdMap } from "./_ids.js";
import { type Signing } from "./_reasoning_claude.js";
export { EMPTY, objectOf, pyStr } from "./_conv_paths.js";
export declare function article(word: string): string;
/** The "alias:N" (or "value:N") form's N when it is below count, else 0 (Python int() of the rest). */
export declare function nth(form: unknown, prefix: string, count: number): number;
/** Python's int() of a string (ValueError: an Error with Python's message). */
export declare function pyInt(text: string): number;
/** What one encode shares: its target, losses, strictness, id map and options. */
export declare class Run {
    readonly dialect: string;
    readonly codecs: Codecs;
    readonly strict: boolean;
    readonly reasoning: string;
    readonly losses: Loss[];
    readonly idMap: IdMap;
    readonly calls: Calls;
    emptyBlocks: EmptyBlocks;
    blockRules: BlockRules;
    signing: Signing;
    constructor(dialect: string, codecs: Codecs, strict: boolean, idMap: IdMap | null, reasoning: string);
    lose(code: string, at: string, what: string): void;
    own(value: JsonObject, at: string): JsonObject;
    putFields(wire: unknown, own: JsonObject, at: string): void;
}
/**
 * The wire units of messages; losses point at base + the message's index (a response's one
 * message is at /message: base "/message" and index ""). keepEmpty: a turn whose every part
 * is lost is still written, with its role and empty content (a response's one turn).
 * (Internal: Python's parameters.)
 */
export declare function encodeTurns(messages: readonly (readonly [number | string, JsonObject])[], turn: Turn, units: readonly Spelling[], spellings: readonly Spelling[], alternating: boolean, run: Run, base?: string, keepEmpty?: boolean): unknown[];
