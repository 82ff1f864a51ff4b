/**
 * The target's signature and part_order rules in a relay (the `rules` of its RELAY, lowered
 * from dialect.json by ir/stream_rules.py), kept as the response writer keeps them on a turn's
 * blocks: a relayed stream is one turn.
 *
 * - signature: the first block of the rule's kinds the relay writes (at a template's block
 *   pointer) gets the placeholder unless it came signed (a same-dialect relay replays the
 *   source's signature); one loss, as a converted response reports once per turn.
 * - part_order: a stream cannot move a block back before one already sent, so a block of an
 *   earlier kind opened after one of a later kind is left out, with a loss naming the rule.
 */
import { type JsonObject } from "../_errors.js";
type Lose = (code: string, pointer: string, what: string) => void;
type Sign = readonly [number, readonly string[], string, readonly string[], string, string];
/** The rules one relay keeps, with their state (signed yet; a later kind opened). */
export declare class KeptRules {
    #private;
    readonly signs: Map<string, Sign[]>;
    constructor(rules: JsonObject | null | undefined);
    /** The placeholder on the event's block, when it is the first of a signature rule's kinds
     * in the stream and came unsigned. */
    sign(template: string, index: number, event: JsonObject, lose: Lose, pointer: string): void;
    /** A block of this kind was opened. */
    opened(kind: string): void;
    /** Whether a block of this kind, about to open, breaks the part_order rule: then it is
     * left out (a loss, once). */
    late(kind: string, lose: Lose): boolean;
}
export {};
