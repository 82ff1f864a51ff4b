// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Token counts between a dialect's meaning and the canonical one (schemas/canonical/usage.json),
 * for whole responses and stream relays alike. A dialect's counts are named by the canonical count
 * they stand for; its `usage_excludes` says which canonical parts a count leaves out (Anthropic's
 * input_tokens: cache reads and writes). Decode adds those parts back; encode subtracts them, and
 * computes a total the target has and the source lacks. A count that would come out negative (a
 * source whose parts exceed their whole) is left out and reported, never written.
 */
/** A dialect's counts in canonical meaning: each count that leaves parts out has the parts
 * the dialect gave added back (a part never leaves parts out itself: the meta-schema says so). */
export function usageIn(counts, excludes) {
    const usage = new Map(counts);
    for (const [name, parts] of excludes) {
        const value = usage.get(name);
        if (value === undefined)
            continue;
        const whole = value + parts.reduce((sum, part) => sum + (counts.get(part) ?? 0), 0);
        // past what both runtimes hold exactly: no count rather than a rounded one
        if (Number.isSafeInteger(whole))
            usage.set(name, whole);
        else
            usage.delete(name);
    }
    return usage;
}
/** Canonical counts as the target writes those it carries. A total it carries and the
 * source lacks is the sum of input and output; a count it has no place for is a loss unless
 * it is zero or the total that sum gives; a count whose parts exceed it is left out, reported. */
export function usageOut(given, carried, excludes, lose) {
    const usage = new Map(given);
    const input = usage.get("input_tokens");
    const output = usage.get("output_tokens");
    if (!usage.has("total_tokens") && input !== undefined && output !== undefined) {
        if (Number.isSafeInteger(input + output))
            usage.set("total_tokens", input + output);
    }
    const leavesOut = new Map(excludes);
    const out = new Map();
    for (const [name, value] of usage) {
        // in the source's order (a total made here comes last)
        if (!carried.has(name)) {
            if (value !== 0 && !sumTotal(name, usage))
                lose("usage.dropped", `/usage/${name}`, `the usage count ${name}`);
            continue;
        }
        const parts = (leavesOut.get(name) ?? []).filter((part) => usage.has(part));
        const rest = value - parts.reduce((sum, part) => sum + usage.get(part), 0);
        if (rest < 0) {
            const what = `the usage count ${name} (${value}, less than its parts ${parts.join(" + ")})`;
            lose("usage.inconsistent", `/usage/${name}`, what);
            continue;
        }
        out.set(name, rest);
    }
    return out;
}
/** A total that is the sum of the input and output counts loses nothing where it is left out. */
function sumTotal(name, usage) {
    return (name === "total_tokens" &&
        (usage.get("input_tokens") ?? -1) + (usage.get("output_tokens") ?? -1) === usage.get(name));
}
