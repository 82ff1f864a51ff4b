// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Signed reasoning is bound to the model that produced it: a provider replays only the
 * signatures (and redacted or encrypted reasoning) its own model made. Claude's are the one
 * artifact two dialects share: Anthropic's thinking {thinking, signature} and redacted_thinking
 * {data} are Bedrock's reasoningContent {reasoningText: {text, signature}} and
 * {redactedContent}, whose blob the JSON wire carries as the base64 text Anthropic's data is.
 * So a signed part of one replays exactly in the other (keep policy); into any other dialect
 * the signature is dropped, a loss saying why.
 */

import { getOwn, hasOwn, isObject, type JsonObject } from "./_errors.js";

const ANTHROPIC = "anthropic_messages";
const BEDROCK = "bedrock_converse";
const CLAUDE: readonly unknown[] = [ANTHROPIC, BEDROCK];
/** The loss of another dialect's reasoning (the compiled request writers say it too). */
export const FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model";
/** The loss of another dialect's signed reasoning sent as text (reasoning "text"): its text goes, its signature
 * cannot. */
export const AS_TEXT = `the signature of reasoning sent as text (${FOREIGN})`;
const SIGNED = "/reasoningContent/reasoningText/signature"; // Bedrock's signature, as its decoder keeps it
// an OpenRouter item's framing: which kind of item, which provider's format, its place; not the artifact
const FRAMING = new Set(["/type", "/format", "/index", "/id"]);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether target replays the signed reasoning source produced. */
export function replays(source: unknown, target: string): boolean {
  return source === target || (CLAUDE.includes(source) && CLAUDE.includes(target));
}

/** Whether data is base64 text (padded, the standard alphabet): a Bedrock blob on the JSON wire. */
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

/** The data of redacted reasoning kept as a wire part (Bedrock's redactedContent block), or null. */
function redactedData(part: JsonObject): string | null {
  if (getOwn(part, "type") !== "wire" || !CLAUDE.includes(getOwn(part, "dialect"))) return null;
  const value = getOwn(part, "value");
  const body = isObject(value) && Object.keys(value).length === 1 ? getOwn(value, "reasoningContent") : undefined;
  const data = isObject(body) && Object.keys(body).length === 1 ? getOwn(body, "redactedContent") : undefined;
  return typeof data === "string" ? data : null;
}

/** Whether a wire part is redacted reasoning (reasoning "drop" removes it as it removes a reasoning part). */
export function redacted(part: JsonObject): boolean {
  return redactedData(part) !== null;
}

/** The other Claude dialect's signed reasoning part as the target's own, or null when it is
 * not one (redacted data that is not base64 is not: no Bedrock blob carries it). */
export function asClaude(part: JsonObject, target: string): JsonObject | null {
  const source = getOwn(part, "dialect");
  if (source === target || !CLAUDE.includes(source) || !CLAUDE.includes(target)) return null;
  if (getOwn(part, "type") === "wire") { // Bedrock's redacted reasoning: a block the canonical model has no kind for
    const data = redactedData(part);
    if (data === null) return null;
    return { type: "reasoning", dialect: target, extensions: { [target]: { fields: { "/data": data } } } };
  }
  const fields = fieldsOf(part, source as string);
  if (getOwn(part, "type") !== "reasoning" || Object.keys(fields).length !== 1) return null;
  if (source === ANTHROPIC && hasOwn(fields, "/data")) {
    const data = fields["/data"];
    if (!base64Ok(data)) return null;
    return { type: "wire", dialect: target, value: { reasoningContent: { redactedContent: data } } };
  }
  const signature = getOwn(fields, source === ANTHROPIC ? "/signature" : SIGNED);
  if (typeof signature !== "string") return null;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(part)) if (k !== "extensions") out[k] = v; // its text and any other key stay
  out["dialect"] = target;
  out["extensions"] = { [target]: { fields: { [target === BEDROCK ? SIGNED : "/signature"]: signature } } };
  return out;
}

function partOut(part: unknown, target: string, dropping: boolean): unknown {
  if (!isObject(part)) return part;
  if (dropping) { // redacted reasoning as a reasoning part, which the writer drops as asked (at its place)
    return redacted(part) ? { type: "reasoning", dialect: getOwn(part, "dialect") ?? null } : part;
  }
  return asClaude(part, target) ?? part;
}

/** A canonical request whose messages hold the other Claude dialect's signed reasoning, with
 * those parts as the target's own (copied where changed; the same value otherwise); dropping
 * (reasoning "drop"): its redacted reasoning wire parts as reasoning parts instead. */
export function claudeOut(canonical: JsonObject, target: string, dropping = false): JsonObject {
  const messages = dropping || CLAUDE.includes(target) ? getOwn(canonical, "messages") : undefined;
  if (!Array.isArray(messages)) return canonical;
  let changed = false;
  const out = messages.map((message: unknown) => {
    const parts = isObject(message) ? getOwn(message, "parts") : undefined;
    if (!Array.isArray(parts)) return message;
    const kept = parts.map((p: unknown) => partOut(p, target, dropping));
    if (!kept.some((p, i) => p !== parts[i])) return message;
    changed = true;
    return { ...(message as JsonObject), parts: kept };
  });
  return changed ? { ...canonical, messages: out } : canonical;
}
