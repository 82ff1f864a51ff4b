// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Message parts: reading a wire block as the first spelling it matches, and writing a
 * canonical part in the first spelling that can carry it. Tool calls and results go through
 * the dialect's generated converters; text, images, reasoning and refusals through their
 * spelling's fields. Wire keys a spelling does not know stay in the part's extensions.
 */

import { citationsIn, citationsOut } from "./_citations.js";
import {
  aPart, base64Text, dataUrl, dataUrlTypeIn, documentFormat, documentMediaType, isDataUrl, isImageType, mediaTypeIn,
  reportDropped, splitDataUrl, textBase64
} from "./_content.js";
import type { Codecs, PartField, Spelling } from "./_conv_layout.js";
import {
  EMPTY, asObject, get, objectOf, pointer, put, putBack, putFresh, pyStr, truthy, unknownInto
} from "./_conv_paths.js";
import { DecodeError, Loss, describe, getKey, getOwn, hasOwn, isObject, putOwn, report } from "./_errors.js";
import type { Encoded, JsonObject } from "./_errors.js";
import { pyEqual } from "./_extract.js";
import { foreignExtensions } from "./_extensions.js";
import type { IdMap } from "./_ids.js";

/** Part kind -> the key holding its canonical value. */
export const SHAPES: { readonly [kind: string]: string } = { tool_call: "call", tool_result: "result" };
const MAGIC: readonly (readonly [string, string])[] = [
  ["iVBORw0KGgo", "image/png"],
  ["/9j/", "image/jpeg"],
  ["R0lGOD", "image/gif"],
  ["UklGR", "image/webp"],
];

/** The key holding a part kind's canonical value (call, result), or undefined for other kinds. */
export function shapeKey(kind: unknown): string | undefined {
  return kind === "tool_call" || kind === "tool_result" ? SHAPES[kind] : undefined;
}

/** The media type of base64 image data, from its first bytes (PNG, JPEG, GIF, WEBP). */
export function sniffMediaType(data: string): string | null {
  for (const [prefix, mediaType] of MAGIC) {
    if (data.startsWith(prefix)) return mediaType;
  }
  return null;
}

export function matches(block: unknown, spelling: Spelling): boolean {
  if (!isObject(block)) return false;
  for (const [toks, value] of spelling.when) {
    if (!pyEqual(get(block, toks), value)) return false;
  }
  if (!spelling.has.every((toks) => get(block, toks) !== undefined)) return false;
  return spelling.fields.every((f) => fits(get(block, f.toks), f));
}

/** A field's value (undefined: absent) is one the spelling is for: an image_type field's is
 * an image's media type (Gemini's inlineData holds images and documents alike), a field with
 * media types one of them (a data URL's own; Anthropic takes base64 PDFs only). */
function fits(value: unknown, f: PartField): boolean {
  if (value === undefined) return true;
  if (f.encoding === "image_type" && !isImageType(value)) return false;
  if (f.mediaTypes.length === 0) return true;
  if (f.encoding === "data_url") return dataUrlTypeIn(value, f.mediaTypes);
  return mediaTypeIn(value, f.mediaTypes);
}

/** The spelling takes the part's value of the field: fits, a data URL field's media type
 * being the part's (when it has inline data; a URL says none). */
function takes(part: JsonObject, f: PartField): boolean {
  if (f.encoding === "data_url") {
    const inline = f.mediaTypes.length > 0 && hasOwn(part, "data") && (f.name === "data" || !hasOwn(part, "url"));
    return !inline || mediaTypeIn(getOwn(part, "media_type"), f.mediaTypes);
  }
  return fits(getOwn(part, f.name), f);
}

function fieldIn(part: JsonObject, f: PartField, value: unknown): void {
  if (f.encoding === "data_url") {
    if (isDataUrl(value)) {
      const [mediaType, data] = splitDataUrl(value as string);
      part["media_type"] = mediaType;
      part["data"] = data;
    } else {
      part["url"] = value;
    }
  } else if (f.encoding === "media_format") {
    putOwn(part, f.name, typeof value === "string" ? "image/" + value : value);
  } else if (f.encoding === "document_format") {
    putOwn(part, f.name, documentMediaType(value));
  } else if (f.encoding === "base64_text") {
    putOwn(part, f.name, textBase64(value as string)); // a string: spelledPart checked it
  } else {
    putOwn(part, f.name, value);
  }
}

/** A canonical part for one wire block; a block no spelling matches is kept verbatim. */
export function decodeBlock(
  block: unknown,
  spellings: readonly Spelling[],
  codecs: Codecs,
  idMap: IdMap,
  dialect: string,
  shape: string,
  at: string,
): JsonObject {
  for (const sp of spellings) {
    if (!matches(block, sp)) continue;
    const key = shapeKey(sp.part);
    if (key !== undefined) {
      let value: unknown;
      try {
        value = (codecs.decode[sp.part] as NonNullable<Codecs["decode"][string]>)(block, { idMap });
      } catch (exc) {
        if (exc instanceof DecodeError) throw exc.at(at);
        throw exc;
      }
      const part: JsonObject = { type: sp.part };
      part[key] = value;
      return part;
    }
    return spelledPart(block as JsonObject, sp, dialect, shape, at);
  }
  return { type: "wire", dialect, value: block };
}

export function spelledPart(block: JsonObject, sp: Spelling, dialect: string, shape: string, at: string): JsonObject {
  const part: JsonObject = { type: sp.part };
  if (sp.part === "reasoning") part["dialect"] = dialect;
  for (const f of sp.fields) {
    const value = get(block, f.toks);
    if (value === undefined) {
      if (f.optional) continue;
      throw new DecodeError(dialect, shape, at + pointer(f.toks), "expected a value, got nothing");
    }
    if (f.name === "text" && typeof value !== "string") {
      // every text is a string (a null one too)
      throw new DecodeError(dialect, shape, at + pointer(f.toks), `expected a string, got ${describe(value)}`);
    }
    if (f.encoding === "base64_text" && typeof value !== "string") {
      throw new DecodeError(dialect, shape, at + pointer(f.toks), `expected a string, got ${describe(value)}`);
    }
    if (f.encoding === "data_url" && f.name === "data" && !isDataUrl(value)) {
      // a field of inline data only (Chat's file_data): no URL
      throw new DecodeError(dialect, shape, at + pointer(f.toks), `expected a data: URL, got ${describe(value)}`);
    }
    if (f.citations !== undefined) {
      const citations = citationsIn(value, f.citations, dialect, shape, at + pointer(f.toks));
      if (citations !== undefined) putOwn(part, f.name, citations);
      continue;
    }
    fieldIn(part, f, value);
  }
  let forms: JsonObject | null = null;
  for (const [toks] of sp.defaults) {
    if (get(block, toks) === undefined) {
      forms = forms ?? {};
      putOwn(forms, pointer(toks), "absent");
    }
  }
  const unknown = unknownInto(block, sp.known, "", null);
  if (unknown !== null) {
    for (const [toks, value] of sp.defaults) {
      // a default value written out says nothing
      const key = pointer(toks);
      if (hasOwn(unknown, key) && pyEqual(getOwn(unknown, key), value)) delete unknown[key];
    }
  }
  if (truthy(unknown) || truthy(forms)) {
    const own: JsonObject = {};
    if (truthy(unknown)) own["fields"] = unknown;
    if (truthy(forms)) own["forms"] = forms;
    const extensions: JsonObject = {};
    putOwn(extensions, dialect, own);
    part["extensions"] = extensions;
  }
  return part;
}

/** A part a turn holds in a field of its own, written as one value (Chat refusal). */
export function fieldPart(kind: string, valueKey: string | null, value: unknown, dialect: string): JsonObject {
  const part: JsonObject = { type: kind };
  if (kind === "reasoning") part["dialect"] = dialect;
  if (valueKey !== null) {
    putOwn(part, valueKey, value);
    if (kind === "image" && valueKey === "data" && typeof value === "string") {
      const mediaType = sniffMediaType(value);
      if (mediaType !== null) part["media_type"] = mediaType;
    }
  }
  return part;
}

/** The part's own extension fields (the dialect's) hold the key at where: a signature the
 * provider made, which only its own payload can supply. */
export function holds(part: JsonObject, dialect: string, where: string): boolean {
  const extensions = getOwn(part, "extensions");
  const own = isObject(extensions) ? getOwn(extensions, dialect) : undefined;
  const fields = isObject(own) ? getOwn(own, "fields") : undefined;
  return isObject(fields) && hasOwn(fields, where);
}

/** The first spelling of the part's kind, for its role, whose fields the part has (and its own
 * extension fields the key the spelling is signed with). */
export function spellingFor(
  part: JsonObject, role: string, spellings: readonly Spelling[], dialect: string
): Spelling | null {
  const kind = getOwn(part, "type");
  for (const sp of spellings) {
    if (sp.part !== kind || (sp.roles.length > 0 && !sp.roles.includes(role))) continue;
    if (carries(part, sp, dialect)) return sp;
  }
  return null;
}

/**
 * The spelling can write the part: it holds what the spelling must sign (its own extension
 * fields), and is a shape's part or has every field the spelling requires (a unit is chosen by
 * the same rule as a part, so that a reasoning part without text is not written by a spelling
 * that needs one).
 */
export function carries(part: JsonObject, sp: Spelling, dialect: string): boolean {
  if (sp.signed !== null && !holds(part, dialect, sp.signed)) return false;
  if (shapeKey(getOwn(part, "type")) !== undefined) return true;
  return sp.fields.every((f) => (f.optional || has(part, f)) && takes(part, f));
}

/** A part of a kind the dialect writes only signed, without what any spelling needs: unsigned
 * (another dialect's reasoning part, or one built by hand). */
export function unsigned(part: JsonObject, role: string, spellings: readonly Spelling[], dialect: string): boolean {
  const kind = getOwn(part, "type");
  return spellings.some((sp) => sp.part === kind && sp.signed !== null) &&
    spellingFor(part, role, spellings, dialect) === null;
}

function has(part: JsonObject, f: PartField): boolean {
  if (f.encoding === "data_url") {
    const inline = hasOwn(part, "data") && hasOwn(part, "media_type");
    return f.name === "data" ? inline : hasOwn(part, "url") || inline;
  }
  if (f.encoding === "document_format") return documentFormat(getOwn(part, f.name)) !== null; // a format for it
  if (f.encoding === "base64_text") return base64Text(getOwn(part, f.name)) !== null; // data that is UTF-8 text
  return hasOwn(part, f.name);
}

function fieldOut(part: JsonObject, f: PartField): unknown {
  if (f.encoding === "data_url") {
    if (hasOwn(part, "url") && f.name !== "data") return part["url"];
    return dataUrl(pyStr(getKey(part, "media_type")), pyStr(getKey(part, "data"))); // Python's f-string: str() of each
  }
  const value = getOwn(part, f.name);
  if (f.encoding === "media_format" && typeof value === "string") {
    return value.startsWith("image/") ? value.slice(6) : value;
  }
  if (f.encoding === "document_format" && value !== undefined) return documentFormat(value);
  if (f.encoding === "base64_text" && value !== undefined) return base64Text(value);
  return value;
}

const CARRIED = new WeakMap<Spelling, ReadonlySet<string>>();

/** The canonical keys a spelling writes (a data URL writes the media type and data; one
 * named url a URL too). */
function carriedNames(sp: Spelling): ReadonlySet<string> {
  const names = new Set(["type", "extensions", "dialect", ...sp.fields.map((f) => f.name)]);
  for (const f of sp.fields) {
    if (f.encoding === "data_url") for (const name of ["media_type", "data", f.name]) names.add(name);
  }
  return names;
}

/**
 * The wire block of one canonical part in spelling sp; losses point into the part.
 * (Internal: Python's parameters, positionally.)
 */
export function encodePart(
  part: JsonObject,
  sp: Spelling,
  codecs: Codecs,
  idMap: IdMap,
  dialect: string,
  losses: Loss[],
  strict: boolean,
  at: string,
): unknown {
  const key = shapeKey(sp.part);
  if (key !== undefined) {
    const encode = codecs.encode[sp.part] as NonNullable<Codecs["encode"][string]>;
    const result: Encoded = encode(getKey(part, key), { strict, idMap });
    for (const loss of result.losses) losses.push(loss.at(`${at}/${key}`));
    return result.value;
  }
  const block: JsonObject = {};
  for (const [toks, value] of sp.when) putFresh(block, toks, value);
  for (const f of sp.fields) {
    let value = fieldOut(part, f);
    if (f.citations !== undefined && value !== undefined) {
      value = citationsOut(value, f.citations, dialect, `${at}/${f.name}`, losses, strict);
    }
    if (value !== undefined) put(block, f.toks, value);
  }
  let carried = CARRIED.get(sp);
  if (carried === undefined) {
    carried = carriedNames(sp);
    CARRIED.set(sp, carried);
  }
  const dataUrls = sp.fields.some((f) => f.encoding === "data_url");
  reportDropped(part, carried, dataUrls, at, aPart(sp.part), dialect, losses, strict);
  const extensions = getOwn(part, "extensions");
  let own = EMPTY;
  if (truthy(extensions)) {
    asObject(extensions, "extensions"); // Python: sorted() or a subscript of it fails
    const before = losses.length;
    own = foreignExtensions(extensions, dialect, losses, strict) as JsonObject;
    for (let i = before; i < losses.length; i++) {
      losses[i] = (losses[i] as Loss).at(at);
    }
  }
  const forms = objectOf(own, "forms");
  const fields = objectOf(own, "fields");
  for (const where of Object.keys(fields)) {
    if (!putBack(block, where, getOwn(fields, where))) {
      report(
        losses,
        strict,
        "extension.field_moved",
        `${at}/extensions/${dialect}/fields`,
        dialect,
        `field ${where} (its place changed)`,
      );
    }
  }
  for (const [toks, value] of sp.defaults) {
    if (getOwn(forms, pointer(toks)) !== "absent" && get(block, toks) === undefined) putFresh(block, toks, value);
  }
  return block;
}
