// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
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

import { CHAT, itemOf, partOf } from "./_chat_reasoning.js";
import { getOwn, isObject, type JsonObject } from "./_errors.js";
import { pyRepr } from "./_pytext.js";

// a chunk delta's reasoning field -> the profile that reads it
const READ_BY: Readonly<Record<string, string>> = {
  reasoning_content: "deepseek", reasoning_details: "openrouter", reasoning: "openrouter",
};

/** The loss of a reasoning field no profile read (as convert() reports the field). */
export function unreadWhat(field: string): string {
  return `${CHAT} field /${field} (read as reasoning with source_profile ${READ_BY[field]})`;
}

function deltasOf(event: unknown): JsonObject[] {
  const choices = isObject(event) ? getOwn(event, "choices") : undefined;
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((c: unknown) => {
    const delta = isObject(c) ? getOwn(c, "delta") : undefined;
    return isObject(delta) ? [delta] : [];
  });
}

const empty = (value: unknown): boolean =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** One Chat stream's reasoning read under a profile (null: only what is left unread). */
export class ChatReasoningIn {
  readonly profile: string | null;
  readonly unread: [string, string][] = []; // [pointer, what] of the fields not read, each once
  readonly #told = new Set<string>();

  constructor(profile: string | null) {
    this.profile = profile;
  }

  /** The canonical reasoning_delta events of one chunk. */
  read(event: unknown): JsonObject[] {
    const out: JsonObject[] = [];
    for (const delta of deltasOf(event)) {
      const details = getOwn(delta, "reasoning_details");
      for (const field of Object.keys(READ_BY)) {
        const value = getOwn(delta, field);
        if (empty(value)) continue;
        if (this.profile === "deepseek" && field === "reasoning_content" && typeof value === "string") {
          out.push({ type: "reasoning_delta", dialect: CHAT, text: value });
        } else if (this.profile === "openrouter" && field === "reasoning_details" && Array.isArray(value)) {
          out.push(...this.#items(value));
        } else if (this.profile === "openrouter" && field === "reasoning" && typeof value === "string") {
          const detailed = details !== undefined && details !== null; // the details say it already
          if (!detailed) out.push({ type: "reasoning_delta", dialect: CHAT, text: value });
        } else if (!this.#told.has(field)) {
          this.#told.add(field);
          this.unread.push([`/message/extensions/${CHAT}/fields/~1${field}`, unreadWhat(field)]);
        }
      }
    }
    return out;
  }

  #items(items: unknown[]): JsonObject[] {
    const out: JsonObject[] = [];
    for (const item of items) {
      const part = partOf(item);
      if (part === null) { // an item of a type the profile does not know
        const kind = isObject(item) ? (getOwn(item, "type") ?? null) : null;
        const what = `an OpenRouter reasoning_details item of type ${pyRepr(kind)} (the openrouter profile reads`
          + " reasoning.text, reasoning.summary and reasoning.encrypted)";
        if (!this.#told.has(what)) {
          this.#told.add(what);
          this.unread.push([`/message/extensions/${CHAT}/fields/~1reasoning_details`, what]);
        }
        continue;
      }
      const event: JsonObject = { type: "reasoning_delta", dialect: CHAT };
      if (typeof part["text"] === "string" && part["text"]) event["text"] = part["text"];
      const fields = ((part["extensions"] as JsonObject)[CHAT] as JsonObject)["fields"] as JsonObject;
      const keys = Object.keys(fields);
      if (keys.length) event["extensions"] = { [CHAT]: { fields } };
      if ("text" in event || keys.some((k) => !["/type", "/index", "/format", "/id"].includes(k))) out.push(event);
    }
    return out;
  }
}

/** A reasoning event as the profile's chunk delta, and what of it the profile cannot carry
 * (null: nothing). own: its openai_chat extension fields when it came from a Chat stream;
 * index: the reasoning item's place, when the event does not name its own. */
export function deltaOut(
  profile: string, event: JsonObject, own: JsonObject, index: number
): [JsonObject, string | null] {
  const text = getOwn(event, "text");
  if (profile === "deepseek") {
    const lost = "the fields of an OpenRouter reasoning item (the deepseek profile carries its text only)";
    const extra = Object.keys(own).some((k) => k !== "/type");
    return [typeof text === "string" && text ? { reasoning_content: text } : {}, extra ? lost : null];
  }
  const part: JsonObject = { extensions: { [CHAT]: { fields: own } } };
  if (typeof text === "string" && text) part["text"] = text;
  const item = itemOf(part);
  if (!Object.hasOwn(item, "index")) item["index"] = index;
  return [{ reasoning_details: [item] }, null];
}
