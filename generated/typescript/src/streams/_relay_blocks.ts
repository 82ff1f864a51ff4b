// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * The relay's small pieces: values read at paths of an event, an open block's state, values
 * put at pointers into a written event, wire values kept in extensions, the usage slots a target has.
 */

import type { JsonObject, Loss } from "../_errors.js";
import { encodeId, type IdMap, type IdPolicy } from "../_ids.js";
import { getOwn, hasOwn, isObject, putOwn } from "../_errors.js";
import { pyRepr } from "../_pytext.js";
import { loads, StrictJsonError } from "../_strict_json.js";
import { functionCall, PARAMETER } from "../_custom_tools.js";
import { Loss as LossClass } from "../_errors.js";
import { equal } from "./_events.js";

type Toks = readonly string[];

/** Write value at toks into event, making the objects on the way (list indexes grow the list). */
export function put(event: JsonObject, toks: readonly string[], value: unknown): void {
  let node: unknown = event;
  const last = toks.length - 1;
  for (let i = 0; i < last; i++) {
    const t = toks[i] as string;
    if (isObject(node)) {
      let nxt = getOwn(node, t);
      if (!isObject(nxt) && !Array.isArray(nxt)) {
        nxt = {};
        putOwn(node, t, nxt);
      }
      node = nxt;
    } else {
      const list = node as unknown[];
      const k = Number.parseInt(t, 10);
      while (list.length <= k) list.push({});
      node = list[k];
    }
  }
  const t = toks[last] as string;
  if (isObject(node)) {
    putOwn(node, t, value);
  } else {
    const list = node as unknown[];
    const k = Number.parseInt(t, 10);
    while (list.length <= k) list.push({});
    list[k] = value;
  }
}

export const MISSING: unique symbol = Symbol("MISSING"); // what a path finds where the event has nothing
const DIGITS = /^[0-9]+$/;

/** The value at a path of tokens (list indexes as digits), or MISSING. */
export function at(node: unknown, path: Toks): unknown {
  for (const t of path) {
    if (isObject(node)) {
      const value = getOwn(node, t);
      node = value === undefined ? MISSING : value;
    } else if (Array.isArray(node) && DIGITS.test(t) && Number(t) < node.length) {
      node = node[Number(t)];
    } else {
      return MISSING;
    }
    if (node === MISSING) return MISSING;
  }
  return node;
}

/** The items at a path whose * stands for every element of an array. */
export function walk(node: unknown, path: Toks): unknown[] {
  if (!path.includes("*")) {
    const value = at(node, path);
    return value === MISSING ? [] : [value];
  }
  let items: unknown[] = [node];
  for (const t of path) {
    if (t === "*") {
      items = items.flatMap((i) => (Array.isArray(i) ? i : []));
    } else {
      const next: unknown[] = [];
      for (const i of items) {
        const v = at(i, [t]);
        if (v !== MISSING) next.push(v);
      }
      items = next;
    }
  }
  return items;
}

// Python's str.isspace() characters: a text of only these is blank (str.strip() is empty)
const BLANK = /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/u;

/** Python's str() of a value in a message (a string as it is, None for null). */
export function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyRepr(value === undefined ? null : value);
}

/** Argument text by the strict reader (NaN, Infinity, 1e400 and lone surrogates are not
 * JSON), blank text as no arguments. */
export function loadsText(text: string): unknown {
  return BLANK.test(text) ? {} : loads(text);
}

/**
 * The canonical call a relayed call stands for: the source's complete one (its extensions ride
 * along, for a same-dialect relay), or one made of the argument text that came.
 */
export function canonicalOf(call: RelayCall): unknown {
  if (call.canonical !== undefined && call.canonical !== null) return call.canonical;
  const text = call.parts.join("");
  let args: unknown;
  try {
    args = loadsText(text);
  } catch (exc) {
    if (!(exc instanceof StrictJsonError)) throw exc;
    args = null;
  }
  const built: JsonObject = { id: call.sourceId, name: call.name, arguments: args };
  if (args === null) built["raw_arguments"] = text;
  return built;
}

/** The usage counts a target's slots carry (usage.<name>). */
export function usageSlots(slots: Iterable<string>): Set<string> {
  return new Set([...slots].filter((s) => s.startsWith("usage.")).map((s) => s.slice(6)));
}

/** Where a dialect's call-start events hold a call's caller (its call_open templates' caller
 * slot), with the constants the event holds there: [pointer, tests]. */
export function callReads(
  writes: ReadonlyMap<string, readonly { build: () => JsonObject; set: readonly (readonly [Toks, string])[] }[]>,
): [Toks, [Toks, unknown][]][] {
  const found: [Toks, [Toks, unknown][]][] = [];
  for (const template of writes.get("call_open") ?? []) {
    for (const [toks, slot] of template.set) {
      if (slot !== "caller") continue;
      const event = template.build();
      const block = at(event, toks.slice(0, -1));
      const tests: [Toks, unknown][] = Object.entries(event).filter(([, v]) => typeof v === "string").map(([k, v]) => [[k], v]);
      if (isObject(block)) {
        for (const [k, v] of Object.entries(block)) if (typeof v === "string") tests.push([[...toks.slice(0, -1), k], v]);
      }
      found.push([toks, tests]);
    }
  }
  return found;
}

/** A call's extension fields: its caller kept for the target's caller slot when it is the
 * target's own; any other, a loss each call (as a conversation reports it). */
export function callFields(
  call: RelayCall, extensions: unknown, target: string, carried: boolean,
  lose: (code: string, pointer: string, what: string) => void,
): void {
  for (const [dialect, extension] of isObject(extensions) ? Object.entries(extensions) : []) {
    const fields = isObject(extension) ? getOwn(extension, "fields") : undefined;
    for (const [pointer, value] of isObject(fields) ? Object.entries(fields) : []) {
      if (dialect === target && pointer === "/caller" && carried) {
        call.caller = value;
      } else {
        const escaped = pointer.replaceAll("~", "~0").replaceAll("/", "~1");
        const where = `/calls/${call.index}/extensions/${dialect}/fields/${escaped}`;
        (call.told ??= new Set()).add(where); // a whole-call target's encoder says it again
        lose("extension.field_dropped", where, `${dialect} field ${pointer}`);
      }
    }
  }
}

/** A wire value kept in a dialect's extensions (extensions.<dialect>.fields.<pointer>); null when none. */
export function field(extension: unknown, pointer: string): unknown {
  const fields = isObject(extension) ? getOwn(extension, "fields") : undefined;
  if (!isObject(fields) || !hasOwn(fields, pointer)) return null;
  return getOwn(fields, pointer);
}

/** The state of one call the writer was told of (Python: a dict). */
export interface RelayCall {
  index: number;
  sourceId: string | null;
  name: string | null;
  parts: string[];
  sent: boolean;
  callId?: string | null;
  block?: number;
  kindIndex?: number;
  closed?: boolean;
  held?: boolean; // a whole-call target's call whose block closed before its stop: sent then
  stopped?: boolean;
  canonical?: unknown; // the source's complete canonical call (null: none came)
  custom?: boolean; // a custom tool's call: written by the custom_* templates
  dropped?: boolean; // a custom tool's call the target has no form for: left out
  asFunction?: boolean; // a custom tool's call sent as a function's (customTools "function")
  inputClosed?: boolean; // ... whose arguments' JSON string was closed
  caller?: unknown; // its caller, for the target's caller slot (Anthropic's programmatic calls)
  told?: Set<string>; // the pointers of its fields its start reported lost
}

/** One open block of the target: its kind, positions, call, and what it holds. */
export class Block {
  readonly kind: string;
  readonly index: number;
  readonly kindIndex: number;
  readonly call: RelayCall | null; // the call's state (call blocks)
  text: string[] = [];
  signature: unknown = null;

  constructor(kind: string, index: number, kindIndex: number, call: RelayCall | null) {
    this.kind = kind;
    this.index = index;
    this.kindIndex = kindIndex;
    this.call = call;
  }
}

/**
 * What a relay loses of a custom tool's call (tool_call_start) into a target without custom_*
 * writes (null: the call is no custom tool's, or the target writes it).
 */
export function customDropped(event: JsonObject, writes: ReadonlyMap<string, readonly unknown[]>): string | null {
  if (event["custom"] !== true || (writes.get("custom_open")?.length ?? 0) > 0) return null;
  return `the call of custom (freeform) tool ${pyRepr(event["name"] ?? null)} (call ${String(event["index"])}), ` +
    "whose input is plain text";
}

/** The write kinds' prefix of a call's block: a custom tool's call has its own. */
export function callKind(call: RelayCall): string {
  return call.custom === true ? "custom" : "call";
}

/** Whether the stream's calls were all left out (custom tools the target lacks). */
export function everyCallDropped(calls: ReadonlyMap<number, RelayCall>): boolean {
  return calls.size > 0 && [...calls.values()].every((c) => c.dropped === true);
}

/**
 * The id a relayed call is written with: minted where the source had none, rewritten where the
 * target's pattern refuses it (its losses reported), dropped (a loss) where the target has no
 * place for ids.
 */
export function targetId(
  sourceId: string | null, index: number, slots: ReadonlySet<string>, policy: IdPolicy | null, idMap: IdMap,
  strict: boolean, loss: (code: string, pointer: string, what: string) => void,
): string | null {
  if (sourceId !== null && !slots.has("call_id") && !slots.has("call")) {
    loss("id.dropped", `/calls/${index}/id`, "call ids");
  }
  if (!slots.has("call_id") || policy === null) return sourceId;
  if (sourceId === null) return idMap.mint(policy); // the source had no id: nothing is lost
  const losses: Loss[] = [];
  const id = encodeId(sourceId, policy, idMap, losses, strict, `/calls/${index}/id`);
  for (const found of losses) loss(found.code, found.pointer, found.what);
  return id;
}

/** Whether argument text says these arguments (text that is no JSON says none). */
export function sameArguments(sent: string, args: unknown): boolean {
  try {
    return equal(loadsText(sent), args);
  } catch (exc) {
    if (!(exc instanceof StrictJsonError)) throw exc;
    return false;
  }
}

// customTools "function": a custom tool's input text goes out as the JSON string of its
// function's one argument, opened before the first piece and closed at the call's stop
export const INPUT_OPEN = `{"${PARAMETER}":"`;
export const INPUT_CLOSE = '"}';

/** A tool_call_delta's piece of a custom tool's input as a piece of that JSON string. */
export function inputPiece(event: JsonObject): string {
  return JSON.stringify(event["arguments_delta"]).slice(1, -1);
}

/** A source call as customTools "function" writes it: a custom tool's as a function's. */
export function sentAsFunction(call: unknown): unknown {
  const custom = isObject(call) && (call["arguments"] ?? null) === null && typeof call["input"] === "string";
  return custom ? functionCall(call as JsonObject) : call;
}

/** The loss (asked for) of relaying a custom tool's call as a function's. */
export function asFunctionLoss(name: unknown, index: number, dialect: string): Loss {
  const what = `the call of custom tool ${pyRepr(name ?? null)} (call ${index}), sent as a function call` +
    " (its input as arguments.input)";
  return new LossClass("tool.custom_as_function", `/calls/${index}`, dialect, what);
}

/** The source's calls as the relay wrote them (custom tools' as functions' when asked). */
export function asWritten(calls: JsonObject[], asFunction: boolean): JsonObject[] {
  return asFunction ? calls.map((c) => sentAsFunction(c) as JsonObject) : calls;
}
