// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
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
import { hasOwn, isObject, putOwn } from "../_errors.js";
import { at } from "./_relay_blocks.js";
/** The rules one relay keeps, with their state (signed yet; a later kind opened). */
export class KeptRules {
    signs = new Map();
    #signed = new Set();
    #first;
    #then;
    #dropped;
    #seen = false;
    constructor(rules) {
        const given = rules ?? {};
        const signatures = (given["signatures"] ?? []);
        signatures.forEach(([template, index, block, key, aliases, placeholder, what], n) => {
            const k = `${template}/${index}`;
            const list = this.signs.get(k) ?? [];
            list.push([n, block, key, aliases, placeholder, what]);
            this.signs.set(k, list);
        });
        this.#first = new Set((given["first"] ?? []));
        this.#then = new Set((given["then"] ?? []));
        this.#dropped = (given["dropped"] ?? {});
    }
    /** The placeholder on the event's block, when it is the first of a signature rule's kinds
     * in the stream and came unsigned. */
    sign(template, index, event, lose, pointer) {
        for (const [n, toks, key, aliases, placeholder, what] of this.signs.get(`${template}/${index}`) ?? []) {
            const block = at(event, toks);
            if (this.#signed.has(n) || !isObject(block))
                continue;
            this.#signed.add(n);
            if ([key, ...aliases].every((k) => !hasOwn(block, k))) {
                lose("signature.placeholder", pointer, what); // first: strict raises before it is written
                putOwn(block, key, placeholder);
            }
        }
    }
    /** A block of this kind was opened. */
    opened(kind) {
        this.#seen = this.#seen || this.#then.has(kind);
    }
    /** Whether a block of this kind, about to open, breaks the part_order rule: then it is
     * left out (a loss, once). */
    late(kind, lose) {
        if (!this.#seen || !this.#first.has(kind))
            return false;
        lose("part.unsupported", `/${kind}`, this.#dropped[kind]);
        return true;
    }
}
