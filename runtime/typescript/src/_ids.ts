// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Ids: the map that rewrites ids a target cannot carry (collision-free, reversibly), mints
 * ids for calls that come without one, and links id-less results to their calls, reporting
 * every link the wire did not state; encodeId, the id an encoder sends. Re-exported by `_runtime`.
 *
 * Ids are strings on every wire, but a payload may carry another JSON value where an id
 * belongs: such a value is keyed by its type and Python str() (1 and "1" are different ids,
 * as in Python), and minted from its Python str().
 */

import { Invalid, Loss, describe, report, type JsonObject } from "./_errors.js";
import { pyRepr } from "./_pytext.js";
import { sha256, utf8 } from "./_sha256.js";

const ANCHORED = new WeakMap<RegExp, RegExp>();

/** Python's pattern.fullmatch(value) is not None: the whole string matches. */
export function fullmatch(pattern: RegExp, value: string): boolean {
  let whole = ANCHORED.get(pattern);
  if (whole === undefined) {
    whole = new RegExp(`^(?:${pattern.source})$`, pattern.flags.replace(/[gy]/g, ""));
    ANCHORED.set(pattern, whole);
  }
  return whole.test(value);
}

/** pattern's fullmatch that remembers matching ids in `known` (bounded): the same ids recur
 * across a conversation, and a set lookup is cheaper than a regex. */
export function idChecker(pattern: RegExp, known: Set<string>, limit = 4096): (value: string) => boolean {
  return (value: string): boolean => {
    if (!fullmatch(pattern, value)) return false;
    if (known.size >= limit) known.clear();
    known.add(value);
    return true;
  };
}

/** How a dialect's ids look, and how its rewrites are made (prefix + length alphanumerics). */
export class IdPolicy {
  readonly dialect: string;
  readonly pattern: RegExp;
  readonly prefix: string;
  readonly length: number;

  constructor(dialect: string, pattern: RegExp, prefix: string, length: number) {
    this.dialect = dialect;
    this.pattern = pattern;
    this.prefix = prefix;
    this.length = length;
  }
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function alnum(seed: string, length: number): string {
  let digest = 0n;
  for (const byte of sha256(utf8(seed))) digest = (digest << 8n) | BigInt(byte);
  let chars = "";
  for (let i = 0; i < length; i++) {
    chars += ALPHABET[Number(digest % 62n)]!;
    digest /= 62n;
  }
  return chars;
}

/** Python str() of an id value. */
function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyRepr(value);
}

/** A map key for an id value: its type and text (strings stay themselves). */
function idKey(value: unknown): string {
  return typeof value === "string" ? "s" + value : (value === null ? "null" : typeof value) + ":" + pyStr(value);
}

/**
 * Rewrites ids that a target cannot carry, collision-free and reversibly.
 *
 * The same original id always gets the same new id within one map, so a call and its result
 * stay linked; keep one map per conversation across turns, and use `original(newId)` to map
 * a provider's reply back. A rewrite is unique against every id the map has seen (rewritten,
 * passed through or decoded), in either order: an id that arrives literally equal to an
 * earlier rewrite is itself rewritten, never merged with it.
 *
 * A rewrite sent to another dialect than the one it was made for is a reply coming back
 * (dialect A -> B -> A through one map): it is sent as the id it stands for, so the round
 * trip restores the original id (or that id's rewrite when the target cannot carry it).
 */
export class IdMap {
  private readonly forward = new Map<string, string>(); // dialect \0 idKey -> id sent (itself if passed)
  private readonly backward = new Map<string, unknown>(); // rewritten id -> the id it stands for
  private readonly madeFor = new Map<string, string>(); // rewritten id -> the dialect it was made for
  private readonly seen = new Set<string>(); // idKey of every id this map has seen, in or out
  private minted = 0;
  private readonly names = new Map<string, string | null>(); // call id -> tool name
  private readonly unanswered: string[] = []; // call ids in order, until a result claims them
  private readonly byPosition = new Map<string, number>(); // call id claimed by position -> calls it was chosen among
  private readonly positional = new Set<string | null>(); // tools whose unanswered calls are being linked by position

  /** The id a rewritten id stands for (the id itself when it was never rewritten). */
  original(newId: string): string {
    return this.backward.has(newId) ? (this.backward.get(newId) as string) : newId;
  }

  /** The id to send for value: value itself when the target can carry it and no other id
   * was rewritten to it; else its rewrite. An array or object is no id (Invalid: an
   * encoder's CanonicalError), as in the Python runtime. */
  carry(value: unknown, policy: IdPolicy): string {
    if (typeof value === "object" && value !== null) throw new Invalid(
      `id: expected a string, got ${describe(value)}`
    );
    const key = policy.dialect + "\x00" + idKey(value);
    const known = this.forward.get(key);
    if (known !== undefined) return known;
    const madeFor = typeof value === "string" ? this.madeFor.get(value) : undefined;
    if (madeFor !== undefined && madeFor !== policy.dialect) {
      return this.carry(this.backward.get(value as string), policy); // a rewrite coming back: its original
    }
    if (typeof value === "string" && !this.backward.has(value) && fullmatch(policy.pattern, value)) {
      this.forward.set(key, value);
      this.seen.add(idKey(value));
      return value;
    }
    return this.rewrite(value, policy);
  }

  rewrite(original: unknown, policy: IdPolicy): string {
    const key = policy.dialect + "\x00" + idKey(original);
    const known = this.forward.get(key);
    if (known !== undefined && known !== original) return known;
    this.seen.add(idKey(original));
    let salt = 0;
    let candidate: string;
    for (;;) {
      candidate = policy.prefix + alnum(`${pyStr(original)}\x00${salt}`, policy.length);
      if (!this.seen.has(idKey(candidate)) && fullmatch(policy.pattern, candidate)) break;
      salt += 1;
    }
    this.forward.set(key, candidate);
    this.backward.set(candidate, original);
    this.madeFor.set(candidate, policy.dialect);
    this.seen.add(idKey(candidate));
    return candidate;
  }

  /** A fresh id for a call that has none: deterministic, unique within this map. It stands
   * for no other id, so it is no rewrite (original() answers it as it is). */
  mint(policy: IdPolicy): string {
    this.minted += 1;
    for (let salt = 0; ; salt++) {
      const candidate = policy.prefix + alnum(`\x00minted:${this.minted}\x00${salt}`, policy.length);
      if (!this.seen.has(idKey(candidate)) && fullmatch(policy.pattern, candidate)) {
        this.seen.add(idKey(candidate));
        return candidate;
      }
    }
  }

  /** A canonical id for a decoded call that came without one. */
  mintCall(): string {
    return this.mint(CANONICAL_IDS);
  }

  /** Remember a call so that results can find its name, and id-less results its id. An array
   * or object is no id: Invalid (an encoder's CanonicalError). */
  noteCall(callId: string | null | undefined, name: string | null): void {
    if (typeof callId === "object" && callId !== null) {
      throw new Invalid(`unhashable type: '${Array.isArray(callId) ? "list" : "dict"}'`);
    }
    if (callId == null || this.names.has(callId)) return;
    this.seen.add(idKey(callId));
    this.names.set(callId, name);
    const original = this.original(callId);
    if (!this.names.has(original)) this.names.set(original, name);
    this.unanswered.push(callId);
  }

  /** The tool name of a call seen through this map. */
  nameFor(callId: string | null | undefined): string | null {
    if (callId == null) return null;
    const name = this.names.get(callId);
    if (name) return name;
    return this.names.get(this.original(callId)) ?? null;
  }

  /** The id of the oldest unanswered call of this tool: how a result without an id (Gemini,
   * Ollama) is linked to its call. null when there is no such call. */
  claim(name: string | null): string | null {
    const waiting: number[] = [];
    this.unanswered.forEach((callId, i) => {
      if ((this.names.get(callId) ?? null) === name) waiting.push(i);
    });
    if (waiting.length === 0) return null;
    const callId = this.unanswered.splice(waiting[0]!, 1)[0]!;
    // the order of the results is all that links them: say so, for the rest of the group too
    if (waiting.length > 1 || this.positional.has(name)) {
      this.byPosition.set(callId, waiting.length);
      if (waiting.length > 1) this.positional.add(name);
      else this.positional.delete(name);
    }
    return callId;
  }

  /** A result that names its call's id answers that call: id-less results that follow are
   * linked only among the calls still unanswered. */
  noteResult(callId: string | null | undefined): void {
    if (callId == null) return;
    for (const candidate of [callId, this.original(callId)]) {
      const at = this.unanswered.indexOf(candidate);
      if (at >= 0) {
        this.unanswered.splice(at, 1);
        return;
      }
    }
    for (let i = 0; i < this.unanswered.length; i++) {
      // the result names the call's rewrite
      if (this.original(this.unanswered[i]!) === callId) {
        this.unanswered.splice(i, 1);
        return;
      }
    }
  }

  /** How many unanswered calls of its tool a claimed call id was chosen among by position
   * (0: linked by its id, or the only candidate); answered once. */
  linkedByPosition(callId: string | null | undefined): number {
    if (callId == null) return 0;
    const among = this.byPosition.get(callId);
    if (among === undefined) return 0;
    this.byPosition.delete(callId);
    return among;
  }
}

export const CANONICAL_IDS = new IdPolicy("canonical", /^call_[0-9A-Za-z]{24}$/u, "call_", 24);

/** A link the wire did not state and a decoder made (a result without an id, linked to a
 * call by position); pointer is into the extract() result. Reported, never silent. */
export class Note {
  readonly pointer: string;
  readonly dialect: string;
  readonly what: string;

  constructor(pointer: string, dialect: string, what: string) {
    this.pointer = pointer;
    this.dialect = dialect;
    this.what = what;
  }

  toString(): string {
    return `note: ${this.pointer || "/"}: ${this.dialect} ${this.what}`;
  }
}

/** extract(): note the last result when its call was chosen by position among several. */
export function notePosition(out: JsonObject, idMap: IdMap, at: string, dialect: string): void {
  const results = out["tool_results"] as JsonObject[];
  const index = results.length - 1;
  const result = results[index]!;
  const among = idMap.linkedByPosition(result["call_id"] as string | null | undefined);
  if (among) {
    const left = among > 1 ? `the oldest of ${among} unanswered calls` : "the one call left unanswered";
    const what =
      `result at ${at} names no call id: linked by position to ${left}` +
      ` of ${pyRepr(result["name"] ?? null)} (${pyRepr(result["call_id"])})`;
    (out["notes"] as Note[]).push(new Note(`/tool_results/${index}/call_id`, dialect, what));
  }
}

/** The id to send; with an id map every id goes through it, so that no rewrite can ever
 * equal an id sent as it is (the map remembers both). Internal: positional parameters. */
export function encodeId(
  value: unknown,
  policy: IdPolicy,
  idMap: IdMap | null | undefined,
  losses: Loss[],
  strict: boolean,
  pointer: string,
): string {
  let fits: boolean;
  if (typeof value === "string" && fullmatch(policy.pattern, value)) {
    if (idMap == null) return value;
    fits = true;
  } else {
    fits = false;
    if (idMap == null) idMap = new IdMap();
  }
  if (value == null) {
    const minted = idMap.mint(policy);
    report(losses, strict, "id.minted", pointer, policy.dialect, `a missing id (minted ${pyRepr(minted)})`);
    return minted;
  }
  const sent = idMap.carry(value, policy);
  // as it was, or a rewrite restored to the id it stands for: nothing lost
  if (sent === value || (typeof value === "string" && sent === idMap.original(value))) return sent;
  const why = fits
    ? `id ${pyRepr(value)} (rewritten to ${pyRepr(sent)}: the id map gave ${pyRepr(value)} ` +
      `to id ${pyRepr(idMap.original(value as string))})`
    : `id ${pyRepr(value)} (rewritten to ${pyRepr(sent)} in the id map)`;
  report(losses, strict, "id.rewritten", pointer, policy.dialect, why);
  return sent;
}
