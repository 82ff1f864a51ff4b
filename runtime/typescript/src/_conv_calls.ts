// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The calls a conversation's encode has seen, so each result finds its call: the tool of the
 * latest call with an id (a reused id answers the nearest call, not the first), and which ids
 * are custom (freeform) tool calls, whose results a target spells apart or drops with them.
 */

import { getOwn, isObject } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { IdMap } from "./_ids.js";

export class Calls {
  readonly names = new Map<unknown, unknown>(); // call id -> the tool of the latest call with that id
  readonly custom = new Set<unknown>(); // the ids of the custom tool calls among them

  constructor(readonly idMap: IdMap) {}

  /** A tool call: its id noted, and the latest call with that id remembered. */
  called(call: JsonObject): void {
    const given = getOwn(call, "id");
    const name = getOwn(call, "name");
    if (Array.isArray(given) || isObject(given)) throw new TypeError("a call's id is unhashable");
    const id = given === undefined ? null : given;
    this.idMap.noteCall(id as string | null, (name === undefined ? null : name) as string);
    this.names.set(id, name === undefined ? null : name);
    if (typeof getOwn(call, "input") === "string") this.custom.add(id);
    else this.custom.delete(id);
  }

  /** The result as its call makes it: marked custom when it answers a custom call, and given
   * the call's name where the id map would find another call's. */
  answered(result: JsonObject): JsonObject {
    const callId = getOwn(result, "call_id");
    if (typeof callId !== "string") return result;
    let out = result;
    if (this.custom.has(callId) && (getOwn(out, "custom") ?? null) === null) out = { ...out, custom: true };
    const name = (getOwn(out, "name") ?? null) === null ? (this.names.get(callId) ?? null) : null;
    if (name !== null && this.idMap.nameFor(callId) !== name) out = { ...out, name };
    return out;
  }
}
