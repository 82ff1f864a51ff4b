/**
 * The reasoning fields of OpenAI-compatible Chat servers, read and written under a profile
 * (schemas/dialects/openai_chat/profiles.json): DeepSeek's `reasoning_content` and OpenRouter's
 * `reasoning_details` (`reasoning.text`, `reasoning.summary`, `reasoning.encrypted` items). As
 * Python's _chat_reasoning: under a profile, convert() reads them as canonical reasoning parts
 * of the openai_chat dialect, first in the message, each item's other keys kept as the part's
 * extension fields; writing into Chat under a profile puts them back (a same-profile round
 * trip is exact). Anything else stays a field.
 */
import { Loss, type JsonObject } from "./_errors.js";
export declare const CHAT = "openai_chat";
export declare const PROFILES: readonly ["deepseek", "openrouter"];
/** A ValueError for a profile this module does not read, or one beside a dialect or shape it is not for. */
export declare function checkProfiles(source: string, target: string, shape: string, sourceProfile?: string | null, targetProfile?: string | null): void;
/** The reasoning part of one OpenRouter item, or null for an item it does not know. */
export declare function partOf(item: unknown): JsonObject | null;
/** A copy of a decoded Chat request or response with the profile's reasoning fields read as reasoning parts. */
export declare function profileIn(canonical: JsonObject, shape: string, profile: string): JsonObject;
/** The OpenRouter item of a reasoning part (one read from reasoning_content: its text). */
export declare function itemOf(part: JsonObject): JsonObject;
/**
 * A copy of a canonical value with its openai_chat reasoning parts put back as the profile's
 * fields, and the pointers of the parts that moved (new -> original), so the encoder's losses
 * point into the value as given.
 */
export declare function profileOut(canonical: JsonObject, shape: string, profile: string, losses: Loss[], strict: boolean): [JsonObject, Map<string, string>];
/** The losses with each moved part's pointer as it was in the value given. */
export declare function movedBack(losses: Loss[], moved: ReadonlyMap<string, string>): Loss[];
