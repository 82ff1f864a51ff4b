// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The reasoning fields of OpenAI-compatible Chat servers, read and written under a profile
 * (profiles.json `reasoning`, the generated Profiles table): DeepSeek's `reasoning_content` and
 * OpenRouter's `reasoning_details` (`reasoning.text`, `reasoning.summary`, `reasoning.encrypted`
 * items). As Python's _chat_reasoning: under a profile, convert() reads them as canonical
 * reasoning parts of the profile's dialect, first in the message, each item's other keys kept
 * as the part's extension fields; writing under a profile puts them back (a same-profile round
 * trip is exact). Anything else stays a field. This module names no dialect and no profile.
 */

import { Loss, isObject, report, type JsonObject } from "./_errors.js";
import { jsonCopy } from "./_conv_paths.js";
import { pyRepr } from "./_pytext.js";
import { ValueError } from "./streams/_events.js";

type ProfileTerm = readonly [string, Readonly<Record<string, string | null>> | null, string | null, string | null];
/** dialect -> profile -> [field, items (item type -> its text key, null: no text) or null, repeat, provider] */
export type Profiles = { readonly [dialect: string]: { readonly [profile: string]: ProfileTerm } };

/** One reasoning profile, as the table gives it. */
export interface Profile {
  readonly dialect: string; // the dialect whose servers send it
  readonly name: string;
  readonly field: string; // the message's (and a chunk delta's) field holding the reasoning
  readonly items: Readonly<Record<string, string | null>> | null; // type -> the key of its text; null: one string
  readonly repeat: string | null; // a delta's field repeating the items' text (read when the delta has no items)
  readonly provider: string | null; // who sends the items (named in losses)
  readonly itemProvider: string; // the provider of the dialect's items (a string-only profile's losses name it)
}

const own = (value: unknown, key: string): unknown =>
  isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? (value as JsonObject)[key] : undefined;

/** The profile of this name (checkProfiles has accepted it). */
export function profileOf(profiles: Profiles, dialect: string, name: string): Profile {
  const mine = profiles[dialect] as Profiles[string];
  const [field, items, repeat, provider] = mine[name] as ProfileTerm;
  const itemProvider = Object.values(mine).find((t) => t[1] !== null && t[3])?.[3] ?? "other";
  return { dialect, name, field, items, repeat, provider, itemProvider };
}

/** A ValueError for a profile no dialect reads, or one beside a dialect or shape it is not for. */
export function checkProfiles(
  source: string, target: string, shape: string, sourceProfile: string | null | undefined,
  targetProfile: string | null | undefined, profiles: Profiles,
): void {
  for (const [side, dialect, profile] of [["source", source, sourceProfile], ["target", target, targetProfile]]) {
    if (profile === undefined || profile === null) continue;
    const owners = Object.keys(profiles).filter((d) => Object.hasOwn(profiles[d] as object, profile));
    const first = Object.keys(profiles)[0] ?? (dialect as string);
    const owner = owners[0] ?? (Object.hasOwn(profiles, dialect as string) ? (dialect as string) : first);
    if (owners.length === 0) {
      const known = Object.keys(profiles[owner] ?? {}).join(", ");
      throw new ValueError(`unknown ${owner} reasoning profile ${pyRepr(profile)}; known: ${known}`);
    }
    if (!owners.includes(dialect as string) || !["request", "response", "stream"].includes(shape)) {
      throw new ValueError(`${side}_profile reads an ${owner} request, response or stream, not ${dialect} ${shape}`);
    }
  }
}

function messagesOf(canonical: JsonObject, shape: string): JsonObject[] {
  if (shape === "response") {
    const message = own(canonical, "message");
    return isObject(message) ? [message as JsonObject] : [];
  }
  const messages = own(canonical, "messages");
  return Array.isArray(messages) ? (messages.filter((m) => isObject(m)) as JsonObject[]) : [];
}

function fieldsOf(value: unknown, dialect: string): JsonObject {
  const fields = own(own(own(value, "extensions"), dialect), "fields");
  return isObject(fields) ? (fields as JsonObject) : {};
}

/** The message without an emptied fields object, extension or extensions. */
function prune(message: JsonObject, dialect: string): void {
  const extensions = message["extensions"] as JsonObject;
  const extension = extensions[dialect] as JsonObject;
  if (Object.keys(extension["fields"] as JsonObject).length === 0) delete extension["fields"];
  if (Object.keys(extension).length === 0) delete extensions[dialect];
  if (Object.keys(extensions).length === 0) delete message["extensions"];
}

/** The reasoning part of one item, or null for an item the profile does not know. */
export function partOf(item: unknown, p: Profile): JsonObject | null {
  const kind = own(item, "type");
  const items = p.items ?? {};
  if (!isObject(item) || typeof kind !== "string" || !Object.hasOwn(items, kind)) return null;
  const key = items[kind] ?? null;
  const part: JsonObject = { type: "reasoning", dialect: p.dialect };
  if (key !== null && typeof own(item, key) === "string") part["text"] = own(item, key) as string;
  const fields: JsonObject = {};
  for (const [k, v] of Object.entries(item as JsonObject)) if (k !== key || !("text" in part)) fields[`/${k}`] = v;
  part["extensions"] = { [p.dialect]: { fields } };
  return part;
}

/** A copy of a decoded request or response with the profile's reasoning fields read as reasoning parts. */
export function profileIn(canonical: JsonObject, shape: string, p: Profile): JsonObject {
  const out = jsonCopy(canonical) as JsonObject;
  const field = `/${p.field}`;
  for (const message of messagesOf(out, shape)) {
    const value = own(fieldsOf(message, p.dialect), field);
    let parts: JsonObject[] | null = null;
    if (p.items === null) {
      parts = typeof value === "string" ? [{ type: "reasoning", dialect: p.dialect, text: value }] : null;
    } else {
      const read = Array.isArray(value) ? value.map((item) => partOf(item, p)) : [null];
      parts = read.includes(null) ? null : (read as JsonObject[]); // one unknown item: the field stays
    }
    if (parts === null || !Array.isArray(message["parts"])) continue;
    delete fieldsOf(message, p.dialect)[field];
    prune(message, p.dialect);
    message["parts"] = [...parts, ...message["parts"]];
  }
  return out;
}

/** The item of a reasoning part (one read from a string-only profile: its text, as the first kind). */
export function itemOf(part: JsonObject, p: Profile): JsonObject {
  const fields = fieldsOf(part, p.dialect);
  const items = p.items ?? {};
  const kind = own(fields, "/type") ?? Object.keys(items)[0] ?? null;
  const item: JsonObject = { type: kind };
  const key = typeof kind === "string" && Object.hasOwn(items, kind) ? (items[kind] ?? null) : null;
  if (key !== null && Object.hasOwn(part, "text")) item[key] = part["text"] as string;
  for (const [k, v] of Object.entries(fields)) if (k !== "/type") item[k.slice(1)] = v;
  return item;
}

/** The loss of an item's fields a string-only profile cannot carry. */
export function itemFieldsWhat(p: Profile): string {
  return `the fields of an ${p.itemProvider} reasoning item (the ${p.name} profile carries its text only)`;
}

const ours = (part: unknown, dialect: string): boolean =>
  own(part, "type") === "reasoning" && own(part, "dialect") === dialect;

/**
 * A copy of a canonical value with its reasoning parts of the profile's dialect put back as the
 * profile's fields, and the pointers of the parts that moved (new -> original), so the
 * encoder's losses point into the value as given.
 */
export function profileOut(
  canonical: JsonObject, shape: string, p: Profile, losses: Loss[], strict: boolean,
): [JsonObject, Map<string, string>] {
  const out = jsonCopy(canonical) as JsonObject;
  const moved = new Map<string, string>();
  const dialect = p.dialect;
  messagesOf(out, shape).forEach((message, i) => {
    const at = shape === "response" ? "/message" : `/messages/${i}`;
    if (!Array.isArray(message["parts"])) return;
    const all = (message["parts"] as unknown[]).map((q, j) => [j, q] as [number, JsonObject]);
    const kept = all.filter(([, q]) => !ours(q, dialect));
    const mine = all.filter(([, q]) => ours(q, dialect));
    if (mine.length === 0) return;
    let value: unknown;
    if (p.items === null) { // one string: a part without text, or an item's fields, is lost
      for (const [j, part] of mine) {
        if (typeof part["text"] !== "string") {
          const what = `reasoning without text (the ${p.name} profile carries ${p.field} text only)`;
          report(losses, strict, "reasoning.dropped", `${at}/parts/${j}`, dialect, what);
        } else if (Object.keys(fieldsOf(part, dialect)).some((k) => k !== "/type")) {
          const where = `${at}/parts/${j}/extensions/${dialect}/fields`;
          report(losses, strict, "extension.field_dropped", where, dialect, itemFieldsWhat(p));
        }
      }
      value = mine.map(([, q]) => q["text"]).filter((t) => typeof t === "string").join("");
    } else {
      value = mine.map(([, q]) => itemOf(q, p));
    }
    const extensions = (message["extensions"] ??= {}) as JsonObject;
    const extension = (extensions[dialect] ??= {}) as JsonObject;
    ((extension["fields"] ??= {}) as JsonObject)[`/${p.field}`] = value as JsonObject;
    message["parts"] = kept.map(([, q]) => q);
    kept.forEach(([j], n) => {
      if (n !== j) moved.set(`${at}/parts/${n}`, `${at}/parts/${j}`);
    });
  });
  return [out, moved];
}

/** The losses with each moved part's pointer as it was in the value given. */
export function movedBack(losses: Loss[], moved: ReadonlyMap<string, string>): Loss[] {
  if (moved.size === 0) return losses;
  return losses.map((loss) => {
    const head = loss.pointer.split("/").slice(0, loss.pointer.startsWith("/messages/") ? 5 : 4).join("/");
    const back = moved.get(head);
    if (back === undefined) return loss;
    return new Loss(loss.code, back + loss.pointer.slice(head.length), loss.target, loss.what);
  });
}
