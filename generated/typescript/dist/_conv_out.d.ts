/**
 * The leaves compiled request writers call (the generated `requestOut` / `turnsOut`): what one
 * encode shares (its target, losses, strictness, id map, the calls seen so far) and the few
 * things a layout cannot fold: another dialect's extensions, fields put back, a converter's
 * losses moved under the part, the keys a spelling cannot carry. Where Python's dict and str
 * methods would fail on input that is no canonical data, these fail the same way.
 */
import { Calls } from "./_conv_calls.js";
import { Encoded, Loss } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { IdMap } from "./_ids.js";
export declare function article(word: string): string;
/** The forms of a dialect's own extension ({} for none). */
export declare function formsOf(own: JsonObject): JsonObject;
/** A turn's texts as its one string (Python's str.join: TypeError for a text that is none). */
export declare function joinTexts(texts: readonly unknown[]): string;
/** A media type without its prefix (image/png as png). */
export declare function withoutPrefix(value: string, prefix: string): string;
/** The data URL of a part's media type and data (Python's f-string: str() of each). */
export declare function dataUrlOf(mediaType: unknown, data: unknown): string;
/** value's key as a message shows it (None when it has none). */
export declare function shown(value: JsonObject, key: string): string;
/** What a loss says of another dialect's wire block: its dialect, and its type where the block
 * names one (a server_tool_use is not any block). */
/** A document's media type, as a loss names the part (" (application/zip)"): the type is
 * often why a target has no place for it. */
export declare function mediaOf(part: JsonObject): string;
export declare function wireWhat(part: JsonObject): string;
/** One encode's target, losses, strictness, id map and options; `calls` links each result to
 * its call. */
export declare class Out {
    readonly dialect: string;
    readonly strict: boolean;
    readonly losses: Loss[];
    readonly idMap: IdMap;
    readonly calls: Calls;
    constructor(dialect: string, strict: boolean, idMap: IdMap | null, reasoning: string);
    readonly asText: boolean;
    readonly dropping: boolean;
    dropAsked(at: string): void;
    /** Another dialect's reasoning sent as text: its signature is a loss. */
    textSigned(part: JsonObject, at: string): void;
    readonly lose: (code: string, at: string, what: string) => void;
    /** The target's own extension of value; every other dialect's is a loss under at. */
    own(value: unknown, at: string): JsonObject;
    /** The extension fields of own put back in wire; one whose place changed is a loss. */
    putFields(wire: unknown, own: JsonObject, at: string): void;
    /** A part converter's value; its losses moved under at (null: not sent). */
    coded(result: Encoded, at: string): unknown;
    /** Each key of part the spelling does not write, a loss (url: a data URL carries the media
     * type, a plain one does not). */
    extra(part: JsonObject, carried: readonly string[], url: boolean, at: string, what: string): void;
    /** A part written into a string: another dialect's extensions and its citations, losses. */
    said(part: JsonObject, at: string): void;
    /** A part's citations (at: their pointer) in the target's spelling (_citations). */
    citations(value: unknown, table: unknown, at: string): unknown;
    /** A tool call: noted, so that its results find it. */
    called(part: JsonObject): void;
    /** A tool result as its call makes it (see Calls.answered). */
    answered(part: JsonObject): JsonObject;
    /** The part carries an extension of the target (a text kept as a block). */
    mine(part: JsonObject): boolean;
    /** The part's own extension fields hold the key at where (its signature). */
    holds(part: JsonObject, where: string): boolean;
    /** The form the target's own extension of value kept for at, nothing reported. */
    ownForm(value: JsonObject, at: string): unknown;
    encoded(wire: unknown): Encoded;
}
