// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A relay's reasoning events written as the target's (RelayWriter.write hands them here).
 *
 * Reasoning text goes wherever the target has reasoning events (else it is text when the
 * policy says text, or a loss). An opaque artifact (a signature, redacted or encrypted data) is
 * bound to the model that produced it: it is replayed only by the dialect it came from, or by
 * another of its signing family (Anthropic and Bedrock carry the same signatures and redacted
 * blocks: _reasoning_claude), and is a loss elsewhere. Redacted data is a block of its own.
 * A Chat target written under a reasoning profile takes reasoning as the profile's deltas.
 */

import type { Profile } from "../_chat_reasoning.js";
import { deltaOut } from "../_chat_reasoning_stream.js";
import { getOwn, isObject, type JsonObject } from "../_errors.js";
import { FOREIGN, base64Ok, opaque, replays, type Signing } from "../_reasoning_claude.js";
import { type Block, put, pyStr } from "./_relay_blocks.js";

/** What of a RelayWriter its reasoning is written with (the writer's own state and helpers). */
export interface ReasoningHost {
  readonly dialect: string;
  readonly reasoning: string;
  readonly profile: Profile | null; // a Chat target's reasoning profile
  readonly signing: Signing; // every dialect's signed_reasoning: whose signatures it replays
  readonly writes: ReadonlyMap<string, readonly unknown[]>;
  block(): Block | null;
  hasSlot(slot: string): boolean;
  loss(code: string, pointer: string, what: string): void;
  late(kind: string): boolean;
  text(kind: string, text: string, out: JsonObject[]): void;
  open(kind: string, out: JsonObject[], values?: JsonObject): Block;
  write(kind: string, values: JsonObject, out: JsonObject[]): void;
}

function fieldsOf(extension: unknown): JsonObject {
  const fields = isObject(extension) ? getOwn(extension, "fields") : undefined;
  return isObject(fields) ? fields : {};
}

const has = (w: ReasoningHost, kind: string): boolean => Boolean(w.writes.get(kind)?.length);

function dropped(w: ReasoningHost, event: JsonObject): void {
  w.loss("reasoning.dropped", "/reasoning/extensions", `a reasoning signature of ${pyStr(getOwn(event, "dialect") ?? null)} (${FOREIGN})`);
}

/** One reasoning_delta event as the target's events (or its losses). */
export function writeReasoning(w: ReasoningHost, event: JsonObject, out: JsonObject[]): void {
  const source = getOwn(event, "dialect");
  const given = getOwn(event, "extensions");
  const extensions = isObject(given) ? given : {};
  const foreign = Object.entries(extensions).some(
    ([d, e]) => (d !== source || !replays(d, w.dialect, w.signing)) && opaque(fieldsOf(e)),
  );
  const own = replays(source, w.dialect, w.signing) ? fieldsOf(getOwn(extensions, source as string)) : {};
  if (w.profile !== null) {
    chat(w, event, own, foreign, out);
    return;
  }
  const text = getOwn(event, "text");
  const said = typeof text === "string" && text.length > 0;
  if (!has(w, "reasoning")) {
    if (w.reasoning === "text" && said) {
      w.text("text", text, out); // the caller asked for it: no loss
    } else if (said || w.reasoning !== "text") {
      w.loss("reasoning.dropped", "/reasoning", "reasoning (the stream's reasoning deltas)");
    }
    if (foreign || opaque(own)) dropped(w, event);
    return;
  }
  if (said) w.text("reasoning", text, out);
  if (foreign) dropped(w, event);
  if (Object.hasOwn(own, "/data")) redacted(w, own["/data"], out);
  const signature = getOwn(own, "/signature");
  if (typeof signature !== "string") return;
  if (!has(w, "signature") && !w.hasSlot("signature")) {
    w.loss("reasoning.dropped", "/reasoning/extensions", "a reasoning signature");
    return;
  }
  let block = w.block();
  if (block === null || block.kind !== "reasoning") {
    if (w.late("reasoning")) return;
    block = w.open("reasoning", out);
  }
  block.signature = signature;
  w.write("signature", { signature }, out);
}

/** Redacted reasoning: a block of its own, where the target has one and can carry the data
 * (Bedrock's blob: base64 text). */
function redacted(w: ReasoningHost, data: unknown, out: JsonObject[]): void {
  if (!has(w, "redacted_open") && !has(w, "redacted")) {
    w.loss("reasoning.dropped", "/reasoning/extensions", "redacted reasoning (no redacted block in this dialect)");
    return;
  }
  if (typeof data !== "string" || (w.writes.has("redacted") && !base64Ok(data))) {
    w.loss("reasoning.dropped", "/reasoning/extensions", "redacted reasoning whose data is not base64");
    return;
  }
  if (w.late("reasoning")) return;
  w.open("redacted", out, { data });
  w.write("redacted", { data }, out);
}

/** Reasoning into a Chat stream under a profile: the profile's delta in a chunk of its own. */
function chat(w: ReasoningHost, event: JsonObject, own: JsonObject, foreign: boolean, out: JsonObject[]): void {
  if (foreign) dropped(w, event);
  const text = getOwn(event, "text");
  if (!(typeof text === "string" && text) && !opaque(own)) return;
  let block = w.block();
  if (block === null || block.kind !== "reasoning") block = w.open("reasoning", out);
  const [delta, lost] = deltaOut(w.profile as Profile, event, own, block.kindIndex);
  if (lost !== null) w.loss("extension.field_dropped", `/reasoning/extensions/${(w.profile as Profile).dialect}/fields`, lost);
  if (!Object.keys(delta).length) return;
  w.write("text", { text: null }, out); // the chunk's frame (id, model, choice), its delta ours
  for (const [key, value] of Object.entries(delta)) put(out[out.length - 1] as JsonObject, ["choices", "0", "delta", key], value);
}
