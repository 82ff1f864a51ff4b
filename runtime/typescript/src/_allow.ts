// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Allow-lists of loss codes: which losses a conversion lets through (convert's `allow`,
 * a relay's), the others raised as a LossError. The codes themselves are generated
 * (lossCodes.ts); this checks a list against them.
 */

import { type Loss, LossError } from "./_errors.js";
import { pyRepr } from "./_pytext.js";
import { ValueError } from "./streams/_events.js";

/**
 * An allow-list of loss codes as a set (null: no list); a code not in known is a
 * ValueError (a typo would otherwise let nothing through, silently), and so is a list beside
 * strict, which already lets no loss through.
 */
export function allowing(
  allow: Iterable<string> | null | undefined,
  known: Readonly<Record<string, string>>,
  strict = false,
): ReadonlySet<string> | null {
  if (allow === null || allow === undefined) return null;
  if (strict) throw new ValueError("strict=True and allow exclude each other (allow=[] is strict)");
  if (typeof allow === "string") throw new TypeError("allow takes a list of loss codes, not one string");
  const codes = new Set(allow);
  const unknown = [...codes].filter((code) => !Object.hasOwn(known, code)).sort();
  if (unknown.length > 0) {
    const listed = unknown.map((code) => pyRepr(code)).join(", ");
    throw new ValueError(`unknown loss code ${listed}; known: ${Object.keys(known).sort().join(", ")}`);
  }
  return codes;
}

/** Throw LossError for the first loss whose code allowed does not hold. */
export function refuseUnallowed(losses: Iterable<Loss>, allowed: ReadonlySet<string>): void {
  for (const loss of losses) if (!allowed.has(loss.code)) throw new LossError(loss);
}
