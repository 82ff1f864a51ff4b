/**
 * The reasoning of OpenAI-compatible Chat streams under a profile (_chat_reasoning has the
 * whole messages'): DeepSeek's chunks carry choices[].delta.reasoning_content fragments,
 * OpenRouter's choices[].delta.reasoning_details items (reasoning.text fragments at one index,
 * its signature in a later fragment of that index; reasoning.summary; reasoning.encrypted
 * data), with delta.reasoning repeating their text.
 *
 * A relay read under sourceProfile gives them as canonical reasoning_delta events of
 * openai_chat (an item's other keys its extension fields, as convert() keeps a part's); one
 * written under targetProfile gives reasoning events back as the profile's deltas. Without the
 * profile nothing reads them: each field is reported once, naming the profile that would.
 */
import { type Profile, type Profiles } from "./_chat_reasoning.js";
import { type JsonObject } from "./_errors.js";
/** The loss of a reasoning field no profile read (as convert() reports the field). */
export declare function unreadWhat(dialect: string, field: string, profile: string): string;
/** One stream's reasoning read under a profile of its dialect (null: only what is left unread). */
export declare class ChatReasoningIn {
    #private;
    readonly dialect: string;
    readonly profile: string | null;
    readonly unread: [string, string][];
    constructor(dialect: string, profiles: Profiles, profile: string | null);
    /** The canonical reasoning_delta events of one chunk. */
    read(event: unknown): JsonObject[];
}
/** A reasoning event as the profile's chunk delta, and what of it the profile cannot carry
 * (null: nothing). own: its extension fields of the profile's dialect when it came from a
 * stream of that dialect; index: the reasoning item's place, when the event does not name its own. */
export declare function deltaOut(p: Profile, event: JsonObject, own: JsonObject, index: number): [JsonObject, string | null];
