/**
 * Token counts between a dialect's meaning and the canonical one (schemas/canonical/usage.json),
 * for whole responses and stream relays alike. A dialect's counts are named by the canonical count
 * they stand for; its `usage_excludes` says which canonical parts a count leaves out (Anthropic's
 * input_tokens: cache reads and writes). Decode adds those parts back; encode subtracts them, and
 * computes a total the target has and the source lacks. A count that would come out negative (a
 * source whose parts exceed their whole) is left out and reported, never written.
 */
/** count -> the canonical parts its wire count leaves out. */
export type Excludes = readonly (readonly [string, readonly string[]])[];
/** (code, pointer, what) */
export type Lose = (code: string, at: string, what: string) => void;
/** A dialect's counts in canonical meaning: each count that leaves parts out has the parts
 * the dialect gave added back (a part never leaves parts out itself: the meta-schema says so). */
export declare function usageIn(counts: ReadonlyMap<string, number>, excludes: Excludes): Map<string, number>;
/** Canonical counts as the target writes those it carries. A total it carries and the
 * source lacks is the sum of input and output; a count it has no place for is a loss unless
 * it is zero or the total that sum gives; a count whose parts exceed it is left out, reported. */
export declare function usageOut(given: ReadonlyMap<string, number>, carried: ReadonlySet<string>, excludes: Excludes, lose: Lose): Map<string, number>;
