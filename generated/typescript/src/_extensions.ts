// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Extensions: the wire fields a mapping does not describe, kept for a lossless round trip.
 *
 * Decoding collects them under JSON Pointers into the wire value; encoding into the same
 * dialect puts them back, and encoding into another reports each one as a loss.
 */

import { escape, getOwn, hasOwn, isObject, putOwn, report, unescape, type JsonObject, type Loss } from "./_errors.js";
import { pySorted } from "./_pytext.js";

/** Adds obj's fields outside `known` to `into` (made when the first one turns up). */
export function unknownFields(
  obj: JsonObject,
  known: ReadonlySet<string>,
  base: string,
  into: JsonObject | null,
): JsonObject | null {
  const extra: string[] = [];
  for (const key of Object.keys(obj)) if (!known.has(key) && obj[key] !== undefined) extra.push(key);
  if (extra.length === 0) return into;
  for (const key of pySorted(extra)) {
    if (into === null) into = {};
    putOwn(into, `${base}/${escape(key)}`, obj[key]);
  }
  return into;
}

/** A dialect's extension object: its fields, the spellings (forms) it used, and a note. */
export function extension(
  fields: JsonObject | null | undefined, forms: JsonObject, meaning: string | null = null
): JsonObject {
  const out: JsonObject = {};
  if (fields && Object.keys(fields).length > 0) out["fields"] = fields;
  if (forms && Object.keys(forms).length > 0) out["forms"] = forms;
  if (meaning) out["notes"] = [meaning];
  return out;
}

const DIGITS = /^[0-9]+$/u;

/** Put extension fields back; one whose place no longer exists is a loss. */
export function applyFields(wire: unknown, fields: JsonObject, target: string, losses: Loss[], strict: boolean): void {
  for (const pointer of Object.keys(fields)) {
    const value = fields[pointer];
    if (value === undefined) continue;
    const tokens = pointer.slice(1).split("/").map(unescape);
    const last = tokens.pop()!;
    let node: unknown = wire;
    for (const token of tokens) {
      if (isObject(node)) node = getOwn(node, token);
      else if (Array.isArray(node) && DIGITS.test(token) && Number(token) < node.length) node = node[Number(token)];
      else node = null;
      if (node == null) break;
    }
    if (isObject(node) && !hasOwn(node, last)) putOwn(node, last, value);
    else if (isObject(node) && (typeof value === "string" || Number.isInteger(value)) && getOwn(node, last) === value) {
      // the writer took it from these fields already (a value its table does not list)
    } else {
      const what = "this field any more (its place changed)";
      report(
        losses, strict, "extension.field_moved", "/extensions/" + target + "/fields/" + escape(pointer), target, what
      );
    }
  }
}

/** Report other dialects' extensions as losses; return the target's own. */
export function foreignExtensions(value: unknown, target: string, losses: Loss[], strict: boolean): JsonObject {
  const extensions = value as JsonObject;
  let own: JsonObject = {};
  for (const dialect of pySorted(Object.keys(extensions).filter((k) => extensions[k] !== undefined))) {
    const ext = extensions[dialect] as JsonObject;
    if (dialect === target) {
      own = ext;
      continue;
    }
    const fields = getOwn(ext, "fields");
    for (
      const pointer of pySorted(isObject(fields) ? Object.keys(fields).filter((k) => fields[k] !== undefined) : [])
    ) {
      report(
        losses,
        strict,
        "extension.field_dropped",
        `/extensions/${dialect}/fields/${escape(pointer)}`,
        target,
        `${dialect} field ${pointer}`,
      );
    }
    const notes = getOwn(ext, "notes");
    ((notes ?? []) as unknown[]).forEach((note, i) => {
      report(losses, strict, "extension.note_dropped", `/extensions/${dialect}/notes/${i}`, target, note as string);
    });
  }
  return own;
}
