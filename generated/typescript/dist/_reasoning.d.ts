/**
 * The reasoning policy of an encode (`reasoning: "keep" | "text" | "drop"`): what becomes of
 * the canonical reasoning parts. keep replays each where the target can (its own dialect's
 * reasoning, signed where the target signs it) and reports the rest as reasoning.dropped; text
 * sends what keep cannot replay as text; drop removes every reasoning part, one loss per part,
 * which strict mode and an allow-list never refuse: the caller asked for it.
 */
import { Loss } from "./_errors.js";
export declare const POLICIES: readonly ["keep", "text", "drop"];
export type ReasoningPolicy = (typeof POLICIES)[number];
export declare const ASKED = "reasoning (dropped as asked: reasoning='drop')";
/** The policy an encoder was given: reasoning, or the deprecated reasoningAsText: true (which
 * is reasoning "text"); a ValueError for an unknown policy or a contradiction. */
export declare function reasoningPolicy(reasoning: string | null | undefined, asText: boolean): ReasoningPolicy;
/** The loss of a reasoning part reasoning "drop" removed (recorded even in strict mode). */
export declare function droppedAsAsked(losses: Loss[], dialect: string, at: string): void;
/** A relay's loss of the stream's reasoning reasoning "drop" removed: once, at /reasoning. */
export declare function droppedOnce(reported: Set<string>, losses: Loss[], dialect: string): void;
