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

import { hasOwn, isObject, putOwn, type JsonObject } from "../_errors.js";
import { at } from "./_relay_blocks.js";

type Lose = (code: string, pointer: string, what: string) => void;
type Sign = readonly [number, readonly string[], string, readonly string[], string, string];

/** The rules one relay keeps, with their state (signed yet; a later kind opened). */
export class KeptRules {
  readonly signs = new Map<string, Sign[]>();
  readonly #signed = new Set<number>();
  readonly #first: ReadonlySet<string>;
  readonly #then: ReadonlySet<string>;
  readonly #dropped: { readonly [kind: string]: string };
  #seen = false;

  constructor(rules: JsonObject | null | undefined) {
    const given = rules ?? {};
    const signatures = (given["signatures"] ?? []) as [string, number, string[], string, string[], string, string][];
    signatures.forEach(([template, index, block, key, aliases, placeholder, what], n) => {
      const k = `${template}/${index}`;
      const list = this.signs.get(k) ?? [];
      list.push([n, block, key, aliases, placeholder, what]);
      this.signs.set(k, list);
    });
    this.#first = new Set((given["first"] ?? []) as string[]);
    this.#then = new Set((given["then"] ?? []) as string[]);
    this.#dropped = (given["dropped"] ?? {}) as { [kind: string]: string };
  }

  /** The placeholder on the event's block, when it is the first of a signature rule's kinds
   * in the stream and came unsigned. */
  sign(template: string, index: number, event: JsonObject, lose: Lose, pointer: string): void {
    for (const [n, toks, key, aliases, placeholder, what] of this.signs.get(`${template}/${index}`) ?? []) {
      const block = at(event, toks);
      if (this.#signed.has(n) || !isObject(block)) continue;
      this.#signed.add(n);
      if ([key, ...aliases].every((k) => !hasOwn(block, k))) {
        lose("signature.placeholder", pointer, what); // first: strict raises before it is written
        putOwn(block, key, placeholder);
      }
    }
  }

  /** A block of this kind was opened. */
  opened(kind: string): void {
    this.#seen = this.#seen || this.#then.has(kind);
  }

  /** Whether a block of this kind, about to open, breaks the part_order rule: then it is
   * left out (a loss, once). */
  late(kind: string, lose: Lose): boolean {
    if (!this.#seen || !this.#first.has(kind)) return false;
    lose("part.unsupported", `/${kind}`, this.#dropped[kind] as string);
    return true;
  }
}
