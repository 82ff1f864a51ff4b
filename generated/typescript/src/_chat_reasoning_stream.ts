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

import { itemFieldsWhat, itemOf, partOf, profileOf, type Profile, type Profiles } from "./_chat_reasoning.js";
import { getOwn, isObject, type JsonObject } from "./_errors.js";
import { pyRepr } from "./_pytext.js";

const FRAMING = ["/type", "/index", "/format", "/id"]; // an item's framing: not worth an event of its own

/** A chunk delta's reasoning field -> the profile that reads it (its field, then its repeat). */
function readBy(profiles: Profiles, dialect: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, [field, , repeat]] of Object.entries(profiles[dialect] ?? {})) {
    if (!out.has(field)) out.set(field, name);
    if (repeat !== null && !out.has(repeat)) out.set(repeat, name);
  }
  return out;
}

/** The loss of a reasoning field no profile read (as convert() reports the field). */
export function unreadWhat(dialect: string, field: string, profile: string): string {
  return `${dialect} field /${field} (read as reasoning with source_profile ${profile})`;
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

const and = (names: string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");

/** One stream's reasoning read under a profile of its dialect (null: only what is left unread). */
export class ChatReasoningIn {
  readonly profile: string | null;
  readonly unread: [string, string][] = []; // [pointer, what] of the fields not read, each once
  readonly #told = new Set<string>();
  readonly #p: Profile | null;
  readonly #readBy: Map<string, string>;

  constructor(readonly dialect: string, profiles: Profiles, profile: string | null) {
    this.profile = profile;
    this.#p = profile !== null ? profileOf(profiles, dialect, profile) : null;
    this.#readBy = readBy(profiles, dialect);
  }

  /** The canonical reasoning_delta events of one chunk. */
  read(event: unknown): JsonObject[] {
    const out: JsonObject[] = [];
    const p = this.#p;
    for (const delta of deltasOf(event)) {
      const details = p !== null && p.items !== null ? getOwn(delta, p.field) : undefined;
      for (const [field, name] of this.#readBy) {
        const value = getOwn(delta, field);
        if (empty(value)) continue;
        if (p !== null && field === p.field && p.items === null && typeof value === "string") {
          out.push({ type: "reasoning_delta", dialect: this.dialect, text: value });
        } else if (p !== null && field === p.field && p.items !== null && Array.isArray(value)) {
          out.push(...this.#items(value, p));
        } else if (p !== null && field === p.repeat && typeof value === "string") {
          const detailed = details !== undefined && details !== null; // the items say it already
          if (!detailed) out.push({ type: "reasoning_delta", dialect: this.dialect, text: value });
        } else if (!this.#told.has(field)) {
          this.#told.add(field);
          const where = `/message/extensions/${this.dialect}/fields/~1${field}`;
          this.unread.push([where, unreadWhat(this.dialect, field, name)]);
        }
      }
    }
    return out;
  }

  #items(items: unknown[], p: Profile): JsonObject[] {
    const out: JsonObject[] = [];
    for (const item of items) {
      const part = partOf(item, p);
      if (part === null) { // an item of a type the profile does not know
        const kind = isObject(item) ? (getOwn(item, "type") ?? null) : null;
        const reads = and(Object.keys(p.items ?? {}));
        const what = `an ${p.provider} ${p.field} item of type ${pyRepr(kind)} (the ${p.name} profile reads ${reads})`;
        if (!this.#told.has(what)) {
          this.#told.add(what);
          this.unread.push([`/message/extensions/${this.dialect}/fields/~1${p.field}`, what]);
        }
        continue;
      }
      const event: JsonObject = { type: "reasoning_delta", dialect: this.dialect };
      if (typeof part["text"] === "string" && part["text"]) event["text"] = part["text"];
      const fields = ((part["extensions"] as JsonObject)[this.dialect] as JsonObject)["fields"] as JsonObject;
      const keys = Object.keys(fields);
      if (keys.length) event["extensions"] = { [this.dialect]: { fields } };
      if ("text" in event || keys.some((k) => !FRAMING.includes(k))) out.push(event);
    }
    return out;
  }
}

/** A reasoning event as the profile's chunk delta, and what of it the profile cannot carry
 * (null: nothing). own: its extension fields of the profile's dialect when it came from a
 * stream of that dialect; index: the reasoning item's place, when the event does not name its own. */
export function deltaOut(
  p: Profile, event: JsonObject, own: JsonObject, index: number
): [JsonObject, string | null] {
  const text = getOwn(event, "text");
  if (p.items === null) {
    const extra = Object.keys(own).some((k) => k !== "/type");
    return [typeof text === "string" && text ? { [p.field]: text } : {}, extra ? itemFieldsWhat(p) : null];
  }
  const part: JsonObject = { extensions: { [p.dialect]: { fields: own } } };
  if (typeof text === "string" && text) part["text"] = text;
  const item = itemOf(part, p);
  if (!Object.hasOwn(item, "index")) item["index"] = index;
  return [{ [p.field]: [item] }, null];
}
