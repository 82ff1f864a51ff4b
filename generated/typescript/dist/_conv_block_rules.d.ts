/**
 * The target's signature and part_order rules on the blocks of one written turn (a response's:
 * a client replays the answer in its next request), kept as the compiled request writer keeps
 * them: the first block of a signature rule's kinds in a turn of the rule's, unsigned (and not
 * the target's own wire block, written as it came), gets the placeholder; a part_order rule's
 * earlier kind found after a later one moves before the first later one. Each repair is a loss naming the rule.
 */
import type { BlockRules } from "./_conv_layout.js";
import type { JsonObject } from "./_errors.js";
/** What kept_blocks needs of an encode: its target, and where its losses go. */
export interface Loser {
    readonly dialect: string;
    lose(code: string, at: string, what: string): void;
}
/** Equal and of one JSON type (as Python's type(a) is type(b) and a == b on the rules' constants). */
export declare function sameJson(a: unknown, b: unknown): boolean;
/**
 * The blocks of made (each [block, its canonical part, the part's pointer]) as the rules keep
 * them, in the turn unit (its role already written).
 */
export declare function keptBlocks(unit: JsonObject, made: readonly (readonly [unknown, JsonObject, string])[], rules: BlockRules, run: Loser): unknown[];
