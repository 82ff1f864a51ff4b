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
import { type JsonObject } from "./_errors.js";
/** dialect -> [family, signature field, redacted field or null, redacted block tokens or null, base64] */
type Term = readonly [string, string, string | null, readonly string[] | null, boolean];
export type Signing = {
    readonly [dialect: string]: Term;
};
/** The loss of another dialect's reasoning (the compiled request writers say it too). */
export declare const FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model";
/** The loss of another dialect's signed reasoning sent as text (reasoning "text"): its text goes, its signature
 * cannot. */
export declare const AS_TEXT = "the signature of reasoning sent as text (only the model that produced it can replay it: a signature is only valid for that model)";
/** Whether target replays the signed reasoning source produced: its own, or its family's. */
export declare function replays(source: unknown, target: string, signing: Signing): boolean;
/** Whether data is base64 text (padded, the standard alphabet): a blob on the JSON wire. */
export declare function base64Ok(data: unknown): boolean;
/** Whether a reasoning part's or delta's fields hold an artifact (a signature, redacted or
 * encrypted data) rather than only its framing. */
export declare function opaque(fields: unknown): boolean;
/** Whether a reasoning part holds an artifact of its dialect (a signature, redacted or encrypted data). */
export declare function signed(part: JsonObject): boolean;
/** Whether a wire part is redacted reasoning (reasoning "drop" removes it as it removes a reasoning part). */
export declare function redacted(part: JsonObject, signing: Signing): boolean;
/** Another dialect of the target's family's signed reasoning part as the target's own, or null
 * when it is not one (redacted data that is not base64 is not, where the target's is a blob). */
export declare function asSigned(part: JsonObject, target: string, signing: Signing): JsonObject | null;
/** A canonical request whose messages hold signed reasoning of the target's family, with those
 * parts as the target's own (copied where changed; the same value otherwise); dropping
 * (reasoning "drop"): its redacted reasoning wire parts as reasoning parts instead. */
export declare function signedOut(canonical: JsonObject, target: string, dropping: boolean, signing: Signing): JsonObject;
export {};
