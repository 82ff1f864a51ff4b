// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The leaves compiled request writers call (the generated `requestOut` / `turnsOut`): what one
 * encode shares (its target, losses, strictness, id map, the calls seen so far) and the few
 * things a layout cannot fold: another dialect's extensions, fields put back, a converter's
 * losses moved under the part, the keys a spelling cannot carry. Where Python's dict and str
 * methods would fail on input that is no canonical data, these fail the same way.
 */

import { citationsOut } from "./_citations.js";
import { dataUrl, reportDropped } from "./_content.js";
import { Calls } from "./_conv_calls.js";
import { holds } from "./_conv_parts.js";
import { EMPTY, asObject, joinStrings, objectOf, putBack, pyIn, pyStr, truthy } from "./_conv_paths.js";
import { Encoded, Loss, getOwn, hasOwn, isObject, report } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { foreignExtensions } from "./_extensions.js";
import { IdMap } from "./_ids.js";
import { droppedAsAsked } from "./_reasoning.js";
import { AS_TEXT, signed } from "./_reasoning_claude.js";

export function article(word: string): string {
  return ("aeiou".includes(word.slice(0, 1)) ? "an " : "a ") + word;
}

/** The forms of a dialect's own extension ({} for none). */
export function formsOf(own: JsonObject): JsonObject {
  return objectOf(own, "forms");
}

/** A turn's texts as its one string (Python's str.join: TypeError for a text that is none). */
export function joinTexts(texts: readonly unknown[]): string {
  return joinStrings(texts, "\n\n");
}

/** A media type without its prefix (image/png as png). */
export function withoutPrefix(value: string, prefix: string): string {
  return value.startsWith(prefix) ? value.slice(prefix.length) : value;
}

/** The data URL of a part's media type and data (Python's f-string: str() of each). */
export function dataUrlOf(mediaType: unknown, data: unknown): string {
  return dataUrl(pyStr(mediaType), pyStr(data));
}

/** value's key as a message shows it (None when it has none). */
export function shown(value: JsonObject, key: string): string {
  return pyStr(getOwn(value, key));
}

/** What a loss says of another dialect's wire block: its dialect, and its type where the block
 * names one (a server_tool_use is not any block). */
/** A document's media type, as a loss names the part (" (application/zip)"): the type is
 * often why a target has no place for it. */
export function mediaOf(part: JsonObject): string {
  const mediaType = getOwn(part, "media_type");
  return getOwn(part, "type") === "document" && typeof mediaType === "string" ? ` (${mediaType})` : "";
}

export function wireWhat(part: JsonObject): string {
  const value = getOwn(part, "value");
  const kind = isObject(value) ? getOwn(value, "type") : undefined;
  const named = typeof kind === "string" ? ` (${kind})` : "";
  return `${article(shown(part, "dialect"))} block the canonical model has no kind for${named}`;
}

/** One encode's target, losses, strictness, id map and options; `calls` links each result to
 * its call. */
export class Out {
  readonly losses: Loss[] = [];
  readonly idMap: IdMap;
  readonly calls: Calls;

  constructor(
    readonly dialect: string,
    readonly strict: boolean,
    idMap: IdMap | null,
    reasoning: string,
  ) {
    this.idMap = idMap ?? new IdMap();
    this.asText = reasoning === "text"; // reasoning the target cannot replay is sent as text
    this.dropping = reasoning === "drop"; // every reasoning part is removed, as asked
    this.calls = new Calls(this.idMap);
  }

  readonly asText: boolean;
  readonly dropping: boolean;

  dropAsked(at: string): void {
    droppedAsAsked(this.losses, this.dialect, at);
  }

  /** Another dialect's reasoning sent as text: its signature is a loss. */
  textSigned(part: JsonObject, at: string): void {
    if (signed(part)) this.lose("reasoning.dropped", `${at}/extensions`, AS_TEXT);
  }

  readonly lose = (code: string, at: string, what: string): void => {
    report(this.losses, this.strict, code, at, this.dialect, what);
  };

  /** The target's own extension of value; every other dialect's is a loss under at. */
  own(value: unknown, at: string): JsonObject {
    const extensions = getOwn(asObject(value, "a part"), "extensions");
    if (!truthy(extensions)) return EMPTY;
    asObject(extensions, "extensions"); // Python: sorted() or a subscript of it fails
    const before = this.losses.length;
    const own = foreignExtensions(extensions, this.dialect, this.losses, this.strict) as JsonObject;
    for (let i = before; i < this.losses.length; i++) this.losses[i] = (this.losses[i] as Loss).at(at);
    return own;
  }

  /** The extension fields of own put back in wire; one whose place changed is a loss. */
  putFields(wire: unknown, own: JsonObject, at: string): void {
    const fields = objectOf(own, "fields");
    for (const where of Object.keys(fields)) {
      if (!putBack(wire, where, getOwn(fields, where))) {
        this.lose(
          "extension.field_moved", `${at}/extensions/${this.dialect}/fields`, `field ${where} (its place changed)`
        );
      }
    }
  }

  /** A part converter's value; its losses moved under at (null: not sent). */
  coded(result: Encoded, at: string): unknown {
    for (const loss of result.losses) this.losses.push(loss.at(at));
    return result.value;
  }

  /** Each key of part the spelling does not write, a loss (url: a data URL carries the media
   * type, a plain one does not). */
  extra(part: JsonObject, carried: readonly string[], url: boolean, at: string, what: string): void {
    reportDropped(part, carried, url, at, what, this.dialect, this.losses, this.strict);
  }

  /** A part written into a string: another dialect's extensions and its citations, losses. */
  said(part: JsonObject, at: string): void {
    this.own(part, at);
    if (hasOwn(part, "citations")) this.lose("part.field_dropped", `${at}/citations`, "the citations of a text part");
  }

  /** A part's citations (at: their pointer) in the target's spelling (_citations). */
  citations(value: unknown, table: unknown, at: string): unknown {
    return citationsOut(value, table, this.dialect, at, this.losses, this.strict);
  }

  /** A tool call: noted, so that its results find it. */
  called(part: JsonObject): void {
    const call = getOwn(part, "call");
    if (isObject(call)) this.calls.called(call);
  }

  /** A tool result as its call makes it (see Calls.answered). */
  answered(part: JsonObject): JsonObject {
    const result = getOwn(part, "result");
    if (!isObject(result)) return part;
    const answered = this.calls.answered(result);
    return answered === result ? part : { ...part, result: answered };
  }

  /** The part carries an extension of the target (a text kept as a block). */
  mine(part: JsonObject): boolean {
    const extensions = getOwn(part, "extensions");
    return pyIn(this.dialect, extensions === undefined ? EMPTY : extensions);
  }

  /** The part's own extension fields hold the key at where (its signature). */
  holds(part: JsonObject, where: string): boolean {
    return holds(part, this.dialect, where);
  }

  /** The form the target's own extension of value kept for at, nothing reported. */
  ownForm(value: JsonObject, at: string): unknown {
    const extensions = getOwn(value, "extensions");
    const own = getOwn(truthy(extensions) ? asObject(extensions, "extensions") : EMPTY, this.dialect);
    return getOwn(objectOf((truthy(own) ? own : EMPTY) as JsonObject, "forms"), at) ?? "";
  }

  encoded(wire: unknown): Encoded {
    return new Encoded(wire, this.losses);
  }
}
