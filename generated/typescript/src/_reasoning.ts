// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The reasoning policy of an encode (`reasoning: "keep" | "text" | "drop"`): what becomes of
 * the canonical reasoning parts. keep replays each where the target can (its own dialect's
 * reasoning, signed where the target signs it) and reports the rest as reasoning.dropped; text
 * sends what keep cannot replay as text; drop removes every reasoning part, one loss per part,
 * which strict mode and an allow-list never refuse: the caller asked for it.
 */

import { Loss } from "./_errors.js";
import { pyRepr } from "./_pytext.js";
import { ValueError } from "./streams/_events.js";

export const POLICIES = ["keep", "text", "drop"] as const;
export type ReasoningPolicy = (typeof POLICIES)[number];
export const ASKED = "reasoning (dropped as asked: reasoning='drop')";

/** The policy an encoder was given: reasoning, or the deprecated reasoningAsText: true (which
 * is reasoning "text"); a ValueError for an unknown policy or a contradiction. */
export function reasoningPolicy(reasoning: string | null | undefined, asText: boolean): ReasoningPolicy {
  if (reasoning === undefined || reasoning === null) return asText ? "text" : "keep";
  if (!(POLICIES as readonly string[]).includes(reasoning)) {
    throw new ValueError(`unknown reasoning policy ${pyRepr(reasoning)}; known: ${POLICIES.join(", ")}`);
  }
  if (asText && reasoning !== "text") {
    throw new ValueError(`reasoning_as_text=True is reasoning='text', not reasoning=${pyRepr(reasoning)}`);
  }
  return reasoning as ReasoningPolicy;
}

/** The loss of a reasoning part reasoning "drop" removed (recorded even in strict mode). */
export function droppedAsAsked(losses: Loss[], dialect: string, at: string): void {
  losses.push(new Loss("reasoning.dropped", at, dialect, ASKED));
}

/** A relay's loss of the stream's reasoning reasoning "drop" removed: once, at /reasoning. */
export function droppedOnce(reported: Set<string>, losses: Loss[], dialect: string): void {
  if (reported.has(ASKED)) return;
  reported.add(ASKED);
  droppedAsAsked(losses, dialect, "/reasoning");
}
