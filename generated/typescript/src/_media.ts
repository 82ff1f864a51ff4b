// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A tool result's media beside its result object (Gemini's functionResponse.parts): a list of
 * blocks, each spelled by the field's content part spellings (plain fields, no constants).
 * Decoding, they follow the object's parts in the content; encoding, the content's parts a
 * spelling carries are written there (and the dialect's own wire blocks go back as they came).
 */
import { held } from "./_coercion.js";
import { aPart, checkedParts, isImageType, reportDropped } from "./_content.js";
import { DecodeError, describe, getOwn, hasOwn, isObject, putOwn, type JsonObject, type Loss } from "./_errors.js";
import { pyEquals } from "./_pytext.js";
import { MAX_DEPTH } from "./_strict_json.js";

/** (canonical kind, [[canonical field, wire tokens], ...]) for each spelling, in order. */
export type Spellings = readonly (readonly [string, readonly (readonly [string, readonly string[]])[]])[];

function at(value: unknown, toks: readonly string[]): unknown {
  for (const token of toks) {
    if (!isObject(value) || !hasOwn(value, token)) return undefined;
    value = getOwn(value, token);
  }
  return value;
}

/** The block spelling a part of its kind, when the part has each field as a string (its other
 * keys are mediaOut's to report). */
function blockOf(spelling: Spellings[number], part: JsonObject): JsonObject | null {
  const [kind, fields] = spelling;
  if (getOwn(part, "type") !== kind || !fields.every(([name]) => hasOwn(part, name))) return null;
  const block: JsonObject = {};
  for (const [name, toks] of fields) {
    const value = getOwn(part, name);
    if (typeof value !== "string") return null;
    let into = block;
    for (const token of toks.slice(0, -1)) {
      if (!hasOwn(into, token)) putOwn(into, token, {});
      into = getOwn(into, token) as JsonObject;
    }
    putOwn(into, toks[toks.length - 1]!, value);
  }
  return block;
}

/** The part a block is: the first spelling that writes it back exactly, else a wire part. */
function partOf(block: JsonObject, spellings: Spellings, dialect: string): JsonObject {
  for (const [kind, fields] of spellings) {
    const part: JsonObject = { type: kind };
    for (const [name, toks] of fields) {
      const value = at(block, toks);
      if (value !== undefined) putOwn(part, name, value);
    }
    // an image part's media type is an image's (a PDF is a document)
    if (kind === "image" && hasOwn(part, "media_type") && !isImageType(part["media_type"])) continue;
    const back = blockOf([kind, fields], part);
    if (back !== null && pyEquals(back, block)) return part;
  }
  return { type: "wire", dialect, value: block };
}

/** Appends the media blocks at where (when present) to the decoded content parts. */
export function mediaIn(
  wire: JsonObject, where: readonly string[], spellings: Spellings, parts: JsonObject[], dialect: string, shape: string,
): void {
  const blocks = at(wire, where);
  if (blocks === undefined) return;
  const pointer = where.map((t) => "/" + t).join("");
  if (!Array.isArray(blocks)) {
    throw new DecodeError(dialect, shape, pointer, `expected an array of blocks, got ${describe(blocks)}`);
  }
  blocks.forEach((block: unknown, i) => {
    if (!isObject(block)) {
      throw new DecodeError(dialect, shape, `${pointer}/${i}`, `expected an object, got ${describe(block)}`);
    }
    held(block, MAX_DEPTH - where.length - 1, dialect, shape, `${pointer}/${i}`);
    parts.push(partOf(block, spellings, dialect));
  });
}

/** [the media blocks, the positions of the parts they carry]: each part a spelling writes, and
 * each wire part of the dialect's own, in order. */
export function mediaOut(
  parts: unknown, spellings: Spellings, dialect: string, losses: Loss[], strict: boolean
): [unknown[], number[]] {
  const blocks: unknown[] = [];
  const carried: number[] = [];
  checkedParts(parts).forEach((part, i) => {
    const value = getOwn(part, "value");
    if (getOwn(part, "type") === "wire" && getOwn(part, "dialect") === dialect && isObject(value)) {
      blocks.push(value);
      carried.push(i);
      return;
    }
    for (const spelling of spellings) {
      const block = blockOf(spelling, part);
      if (block !== null) {
        const names = ["type", ...spelling[1].map(([name]) => name)];
        reportDropped(part, names, false, `/content/${i}`, aPart(spelling[0]), dialect, losses, strict);
        blocks.push(block);
        carried.push(i);
        return;
      }
    }
  });
  return [blocks, carried];
}

/** The media blocks at where, when there are any. */
export function putMedia(wire: JsonObject, where: readonly string[], blocks: readonly unknown[]): void {
  if (blocks.length === 0) return;
  let into = wire;
  for (const token of where.slice(0, -1)) {
    if (!hasOwn(into, token)) putOwn(into, token, {});
    into = getOwn(into, token) as JsonObject;
  }
  putOwn(into, where[where.length - 1]!, [...blocks]);
}
