// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The relay's check that it invents and launders nothing: the target's own Assembler reads
 * every event the relay writes, and at the end the calls it makes of them are held against the
 * calls the source's Assembler made of the input (name, arguments, complete, invalid or
 * incomplete). A call the target would read otherwise is a reported loss: a call cut off in the
 * source is never passed on as complete, an invalid one never as valid, none disappears.
 */

import type { RelayStreamModule } from "../_dialect.js";
import { hasOwn, isObject, type JsonObject, type Loss } from "../_errors.js";
import { pyRepr } from "../_pytext.js";
import type { Assembler } from "./_assembler.js";
import { equal, get, StreamError } from "./_events.js";
import { walk } from "./_relay_blocks.js";

/** The relay's whole_response term: [path tokens, whole key, delta key]. */
export type WholeResponse = readonly [readonly string[], string, string];

/** A non-streaming response body given as a stream is refused, not read as empty: wholeResponse
 * (the relay's term, or null) says where a response's items hold a message whole where a
 * stream event's hold a delta. */
export function refuseWholeResponse(dialect: string, wholeResponse: WholeResponse | null, event: JsonObject): void {
  if (wholeResponse === null) return;
  const [path, whole, delta] = wholeResponse;
  walk(event, path).forEach((item, n) => {
    if (isObject(item) && hasOwn(item, whole) && !hasOwn(item, delta)) {
      const at = "/" + path.slice(0, -1).join("/") + `/${n}/${whole}`;
      throw new StreamError(
        dialect, at, "a whole (non-streaming) response, not a stream event: convert it as a response"
      );
    }
  });
}

// The writes that carry no call and no finish: the target's readers need not see them.
const UNREAD = new Set([
  ...["text", "reasoning", "refusal"].flatMap((block) => ["", "_open", "_close"].map((part) => block + part)),
  "signature",
]);

function state(call: JsonObject | undefined): string {
  if (call === undefined) return "absent";
  if (get(call, "incomplete") === true) return "incomplete";
  const args = get(call, "arguments");
  // a custom tool's call has input instead
  return (args === null || args === undefined) && typeof get(call, "input") !== "string" ? "invalid" : "complete";
}

/** What a complete call says: its arguments, or a custom tool's input. */
function said(call: JsonObject): unknown[] {
  return [get(call, "arguments") ?? null, get(call, "input") ?? null];
}

/** The target's reading of the written events; which source call each target call is. */
export class CallCheck {
  #assembler: Assembler;
  #sourceOf = new Map<number, number>(); // target call index -> source call index

  constructor(module: RelayStreamModule) {
    this.#assembler = new module.Assembler();
  }

  /**
   * One event written from a template of this kind; sourceIndex: the source call it was
   * written for, if any.
   */
  feed(kind: string, event: JsonObject, sourceIndex: number | null): void {
    if (UNREAD.has(kind)) return;
    for (const delta of this.#assembler.feed(event)) {
      const index = delta["index"] as number;
      if (sourceIndex !== null && !this.#sourceOf.has(index)) this.#sourceOf.set(index, sourceIndex);
    }
  }

  /**
   * [source call index, what the target makes of it] for each call the target reads otherwise
   * than the source: another name, other arguments, another state.
   */
  differences(source: JsonObject[]): [number, string][] {
    const read = this.#assembler.finish();
    const target = new Map<number, JsonObject>();
    for (const [t, s] of this.#sourceOf) {
      if (t < read.length) target.set(s, read[t] as JsonObject);
    }
    const out: [number, string][] = [];
    source.forEach((call, index) => {
      const got = target.get(index);
      const was = state(call);
      const now = state(got);
      const name = get(call, "name") ?? null;
      const what = `call ${index} (${pyRepr(name)}) as ${was}`;
      if (was !== now) {
        out.push([index, `${what} (its readers would take it as ${now})`]);
      } else if (got !== undefined && !equal(get(got, "name") ?? null, name)) {
        out.push([index, `${what} (its readers would take it as named ${pyRepr(get(got, "name") ?? null)})`]);
      } else if (was === "complete" && got !== undefined && !equal(said(got), said(call))) {
        out.push([index, `${what} (its readers would take it with other arguments)`]);
      }
    });
    return out;
  }

  /** Each difference as a loss at its call, unless one was reported for the call already. */
  report(source: JsonObject[], losses: Loss[], loss: (code: string, pointer: string, what: string) => void): void {
    for (const [index, what] of this.differences(source)) {
      const told = new Set(["/calls", `/calls/${index}`, `/calls/${index}/arguments`]);
      if (!losses.some((found) => told.has(found.pointer))) loss("stream.call_misread", `/calls/${index}`, what);
    }
  }
}
