/**
 * Signed reasoning is bound to the model that produced it: a provider replays only the
 * signatures (and redacted or encrypted reasoning) its own model made. Claude's are the one
 * artifact two dialects share: Anthropic's thinking {thinking, signature} and redacted_thinking
 * {data} are Bedrock's reasoningContent {reasoningText: {text, signature}} and
 * {redactedContent}, whose blob the JSON wire carries as the base64 text Anthropic's data is.
 * So a signed part of one replays exactly in the other (keep policy); into any other dialect
 * the signature is dropped, a loss saying why.
 */
import { type JsonObject } from "./_errors.js";
/** The loss of another dialect's reasoning (the compiled request writers say it too). */
export declare const FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model";
/** The loss of another dialect's signed reasoning sent as text (reasoning "text"): its text goes, its signature
 * cannot. */
export declare const AS_TEXT = "the signature of reasoning sent as text (only the model that produced it can replay it: a signature is only valid for that model)";
/** Whether target replays the signed reasoning source produced. */
export declare function replays(source: unknown, target: string): boolean;
/** Whether data is base64 text (padded, the standard alphabet): a Bedrock blob on the JSON wire. */
export declare function base64Ok(data: unknown): boolean;
/** Whether a reasoning part's or delta's fields hold an artifact (a signature, redacted or
 * encrypted data) rather than only its framing. */
export declare function opaque(fields: unknown): boolean;
/** Whether a reasoning part holds an artifact of its dialect (a signature, redacted or encrypted data). */
export declare function signed(part: JsonObject): boolean;
/** Whether a wire part is redacted reasoning (reasoning "drop" removes it as it removes a reasoning part). */
export declare function redacted(part: JsonObject): boolean;
/** The other Claude dialect's signed reasoning part as the target's own, or null when it is
 * not one (redacted data that is not base64 is not: no Bedrock blob carries it). */
export declare function asClaude(part: JsonObject, target: string): JsonObject | null;
/** A canonical request whose messages hold the other Claude dialect's signed reasoning, with
 * those parts as the target's own (copied where changed; the same value otherwise); dropping
 * (reasoning "drop"): its redacted reasoning wire parts as reasoning parts instead. */
export declare function claudeOut(canonical: JsonObject, target: string, dropping?: boolean): JsonObject;
