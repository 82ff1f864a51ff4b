// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Signed reasoning is bound to the model that produced it: a provider replays only the
 * signatures (and redacted or encrypted reasoning) its own model made. Dialects of one signing
 * family carry one model's signatures (dialect.json `conversation.signed_reasoning`: Anthropic's
 * thinking {thinking, signature} and redacted_thinking {data} are Bedrock's reasoningContent
 * {reasoningText: {text, signature}} and {redactedContent}, whose blob the JSON wire carries as
 * the base64 text Anthropic's data is: Claude's). So a signed part of one replays exactly in
 * another of its family (keep policy), its signature and redacted data moved to that dialect's
 * places; into any other dialect the signature is dropped, a loss saying why.
 *
 * The generated code hands every dialect's term over as one table (`Signing`: dialect ->
 * [family, signature field, redacted field, redacted block tokens, base64]); this module names
 * no dialect.
 */

import { getOwn, isObject, type JsonObject } from "./_errors.js";

/** dialect -> [family, signature field, redacted field or null, redacted block tokens or null, base64] */
type Term = readonly [string, string, string | null, readonly string[] | null, boolean];
export type Signing = { readonly [dialect: string]: Term };
/** The loss of another dialect's reasoning (the compiled request writers say it too). */
export const FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model";
/** The loss of another dialect's signed reasoning sent as text (reasoning "text"): its text goes, its signature
 * cannot. */
export const AS_TEXT = `the signature of reasoning sent as text (${FOREIGN})`;
// an OpenRouter item's framing: which kind of item, which provider's format, its place; not the artifact
const FRAMING = new Set(["/type", "/format", "/index", "/id"]);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function termOf(signing: Signing, dialect: unknown): Term | undefined {
  return typeof dialect === "string" && Object.hasOwn(signing, dialect) ? signing[dialect] : undefined;
}

/** Whether target replays the signed reasoning source produced: its own, or its family's. */
export function replays(source: unknown, target: string, signing: Signing): boolean {
  const family = termOf(signing, source)?.[0];
  return source === target || (family !== undefined && family === termOf(signing, target)?.[0]);
}

/** Whether data is base64 text (padded, the standard alphabet): a blob on the JSON wire. */
export function base64Ok(data: unknown): boolean {
  return typeof data === "string" && BASE64.test(data);
}

/** Whether a reasoning part's or delta's fields hold an artifact (a signature, redacted or
 * encrypted data) rather than only its framing. */
export function opaque(fields: unknown): boolean {
  return isObject(fields) && Object.keys(fields).some((k) => !FRAMING.has(k));
}

/** Whether a reasoning part holds an artifact of its dialect (a signature, redacted or encrypted data). */
export function signed(part: JsonObject): boolean {
  const extensions = getOwn(part, "extensions");
  const dialect = getOwn(part, "dialect");
  const own = isObject(extensions) && typeof dialect === "string" ? getOwn(extensions, dialect) : undefined;
  return opaque(isObject(own) ? getOwn(own, "fields") : undefined);
}

function fieldsOf(part: JsonObject, dialect: string): JsonObject {
  const extensions = getOwn(part, "extensions");
  if (!isObject(extensions) || Object.keys(extensions).length !== 1) return {};
  const own = getOwn(extensions, dialect);
  const fields = isObject(own) ? getOwn(own, "fields") : undefined;
  return isObject(fields) ? fields : {};
}

/** The data of redacted reasoning kept as a wire part (a block its dialect's term names), or null. */
function redactedData(part: JsonObject, signing: Signing): string | null {
  const block = termOf(signing, getOwn(part, "dialect"))?.[3];
  if (getOwn(part, "type") !== "wire" || block === undefined || block === null) return null;
  let value: unknown = getOwn(part, "value");
  for (const key of block) { // the block holds nothing else at any level
    value = isObject(value) && Object.keys(value).length === 1 ? getOwn(value, key) : undefined;
  }
  return typeof value === "string" ? value : null;
}

/** Whether a wire part is redacted reasoning (reasoning "drop" removes it as it removes a reasoning part). */
export function redacted(part: JsonObject, signing: Signing): boolean {
  return redactedData(part, signing) !== null;
}

/** Redacted data as the target keeps it: a reasoning part's field, or a wire block. */
function redactedAs(data: string, target: string, term: Term): JsonObject | null {
  if (term[2] !== null) {
    return { type: "reasoning", dialect: target, extensions: { [target]: { fields: { [term[2]]: data } } } };
  }
  if (term[3] === null || (term[4] && !base64Ok(data))) return null; // no place, or not a blob it can carry
  let value: JsonObject | string = data;
  for (const key of [...term[3]].reverse()) value = { [key]: value };
  return { type: "wire", dialect: target, value };
}

/** Another dialect of the target's family's signed reasoning part as the target's own, or null
 * when it is not one (redacted data that is not base64 is not, where the target's is a blob). */
export function asSigned(part: JsonObject, target: string, signing: Signing): JsonObject | null {
  const source = getOwn(part, "dialect");
  if (source === target || !replays(source, target, signing)) return null;
  const mine = signing[target] as Term;
  const theirs = signing[source as string] as Term;
  if (getOwn(part, "type") === "wire") { // redacted reasoning as a block: the canonical model has no kind for it
    const data = redactedData(part, signing);
    return data !== null ? redactedAs(data, target, mine) : null;
  }
  const fields = fieldsOf(part, source as string);
  if (getOwn(part, "type") !== "reasoning" || Object.keys(fields).length !== 1) return null;
  if (theirs[2] !== null && Object.hasOwn(fields, theirs[2])) {
    const data = fields[theirs[2]];
    return typeof data === "string" ? redactedAs(data, target, mine) : null;
  }
  const signature = getOwn(fields, theirs[1]);
  if (typeof signature !== "string") return null;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(part)) if (k !== "extensions") out[k] = v; // its text and any other key stay
  out["dialect"] = target;
  out["extensions"] = { [target]: { fields: { [mine[1]]: signature } } };
  return out;
}

function partOut(part: unknown, target: string, dropping: boolean, signing: Signing): unknown {
  if (!isObject(part)) return part;
  if (dropping) { // redacted reasoning as a reasoning part, which the writer drops as asked (at its place)
    return redacted(part, signing) ? { type: "reasoning", dialect: getOwn(part, "dialect") ?? null } : part;
  }
  return asSigned(part, target, signing) ?? part;
}

/** A canonical request whose messages hold signed reasoning of the target's family, with those
 * parts as the target's own (copied where changed; the same value otherwise); dropping
 * (reasoning "drop"): its redacted reasoning wire parts as reasoning parts instead. */
export function signedOut(canonical: JsonObject, target: string, dropping: boolean, signing: Signing): JsonObject {
  const messages = dropping || Object.hasOwn(signing, target) ? getOwn(canonical, "messages") : undefined;
  if (!Array.isArray(messages)) return canonical;
  let changed = false;
  const out = messages.map((message: unknown) => {
    const parts = isObject(message) ? getOwn(message, "parts") : undefined;
    if (!Array.isArray(parts)) return message;
    const kept = parts.map((p: unknown) => partOut(p, target, dropping, signing));
    if (!kept.some((p, i) => p !== parts[i])) return message;
    changed = true;
    return { ...(message as JsonObject), parts: kept };
  });
  return changed ? { ...canonical, messages: out } : canonical;
}
