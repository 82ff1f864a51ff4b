/**
 * Allow-lists of loss codes: which losses a conversion lets through (convert's `allow`,
 * a relay's), the others raised as a LossError. The codes themselves are generated
 * (lossCodes.ts); this checks a list against them.
 */
import { type Loss } from "./_errors.js";
/**
 * An allow-list of loss codes as a set (null: no list); a code not in known is a
 * ValueError (a typo would otherwise let nothing through, silently), and so is a list beside
 * strict, which already lets no loss through.
 */
export declare function allowing(allow: Iterable<string> | null | undefined, known: Readonly<Record<string, string>>, strict?: boolean): ReadonlySet<string> | null;
/** Throw LossError for the first loss whose code allowed does not hold. */
export declare function refuseUnallowed(losses: Iterable<Loss>, allowed: ReadonlySet<string>): void;
