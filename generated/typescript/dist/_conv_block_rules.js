// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The target's signature and part_order rules on the blocks of one written turn (a response's:
 * a client replays the answer in its next request), kept as the compiled request writer keeps
 * them: the first block of a signature rule's kinds in a turn of the rule's, unsigned (and not
 * the target's own wire block, written as it came), gets the placeholder; a part_order rule's
 * earlier kind found after a later one moves before the first later one. Each repair is a loss naming the rule.
 */
import { get, pyStr } from "./_conv_paths.js";
import { getOwn, isObject } from "./_errors.js";
/** Equal and of one JSON type (as Python's type(a) is type(b) and a == b on the rules' constants). */
export function sameJson(a, b) {
    return typeof a === typeof b && JSON.stringify(a) === JSON.stringify(b);
}
/** block is of one of the kinds (its keys present, its constants). */
function isKind(kinds, block) {
    if (!isObject(block))
        return false;
    return kinds.some(([has, when]) => has.every((toks) => get(block, toks) !== undefined) &&
        when.every(([toks, value]) => sameJson(get(block, toks), value)));
}
/**
 * The blocks of made (each [block, its canonical part, the part's pointer]) as the rules keep
 * them, in the turn unit (its role already written).
 */
export function keptBlocks(unit, made, rules, run) {
    const [signatures, orders] = rules;
    const signed = signatures.map(() => false);
    const blocks = [];
    const moved = [];
    const later = [];
    let seen = false;
    for (const [block, part, at] of made) {
        signatures.forEach(([key, aliases, turn, kinds, placeholder, what], n) => {
            if (signed[n] || turn.some(([toks, value]) => !sameJson(get(unit, toks), value)))
                return;
            if (!isKind(kinds, block))
                return;
            signed[n] = true;
            const object = block;
            if ([key, ...aliases].every((k) => !Object.hasOwn(object, k)) && getOwn(part, "type") !== "wire") {
                object[key] = placeholder;
                run.lose("signature.placeholder", at, what);
            }
        });
        const order = orders[0];
        if (order === undefined) {
            blocks.push(block);
            continue;
        }
        const [first, then, said] = order;
        if (seen && isKind(first, block)) {
            run.lose("part.reordered", at, `the ${pyStr(getOwn(part, "type") ?? null)}${said}`);
            moved.push(block);
            continue;
        }
        seen = seen || isKind(then, block);
        (seen ? later : blocks).push(block);
    }
    return [...blocks, ...moved, ...later];
}
