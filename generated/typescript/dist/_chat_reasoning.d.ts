/**
 * The reasoning fields of OpenAI-compatible Chat servers, read and written under a profile
 * (profiles.json `reasoning`, the generated Profiles table): DeepSeek's `reasoning_content` and
 * OpenRouter's `reasoning_details` (`reasoning.text`, `reasoning.summary`, `reasoning.encrypted`
 * items). As Python's _chat_reasoning: under a profile, convert() reads them as canonical
 * reasoning parts of the profile's dialect, first in the message, each item's other keys kept
 * as the part's extension fields; writing under a profile puts them back (a same-profile round
 * trip is exact). Anything else stays a field. This module names no dialect and no profile.
 */
import { Loss, type JsonObject } from "./_errors.js";
type ProfileTerm = readonly [string, Readonly<Record<string, string | null>> | null, string | null, string | null];
/** dialect -> profile -> [field, items (item type -> its text key, null: no text) or null, repeat, provider] */
export type Profiles = {
    readonly [dialect: string]: {
        readonly [profile: string]: ProfileTerm;
    };
};
/** One reasoning profile, as the table gives it. */
export interface Profile {
    readonly dialect: string;
    readonly name: string;
    readonly field: string;
    readonly items: Readonly<Record<string, string | null>> | null;
    readonly repeat: string | null;
    readonly provider: string | null;
    readonly itemProvider: string;
}
/** The profile of this name (checkProfiles has accepted it). */
export declare function profileOf(profiles: Profiles, dialect: string, name: string): Profile;
/** A ValueError for a profile no dialect reads, or one beside a dialect or shape it is not for. */
export declare function checkProfiles(source: string, target: string, shape: string, sourceProfile: string | null | undefined, targetProfile: string | null | undefined, profiles: Profiles): void;
/** The reasoning part of one item, or null for an item the profile does not know. */
export declare function partOf(item: unknown, p: Profile): JsonObject | null;
/** A copy of a decoded request or response with the profile's reasoning fields read as reasoning parts. */
export declare function profileIn(canonical: JsonObject, shape: string, p: Profile): JsonObject;
/** The item of a reasoning part (one read from a string-only profile: its text, as the first kind). */
export declare function itemOf(part: JsonObject, p: Profile): JsonObject;
/** The loss of an item's fields a string-only profile cannot carry. */
export declare function itemFieldsWhat(p: Profile): string;
/**
 * A copy of a canonical value with its reasoning parts of the profile's dialect put back as the
 * profile's fields, and the pointers of the parts that moved (new -> original), so the
 * encoder's losses point into the value as given.
 */
export declare function profileOut(canonical: JsonObject, shape: string, p: Profile, losses: Loss[], strict: boolean): [JsonObject, Map<string, string>];
/** The losses with each moved part's pointer as it was in the value given. */
export declare function movedBack(losses: Loss[], moved: ReadonlyMap<string, string>): Loss[];
export {};
