/**
 * Message parts: reading a wire block as the first spelling it matches, and writing a
 * canonical part in the first spelling that can carry it. Tool calls and results go through
 * the dialect's generated converters; text, images, reasoning and refusals through their
 * spelling's fields. Wire keys a spelling does not know stay in the part's extensions.
 */
import type { Codecs, Spelling } from "./_conv_layout.js";
import { Loss } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
/** Part kind -> the key holding its canonical value. */
export declare const SHAPES: {
    readonly [kind: string]: string;
};
/** The key holding a part kind's canonical value (call, result), or undefined for other kinds. */
export declare function shapeKey(kind: unknown): string | undefined;
/** The media type of base64 image data, from its first bytes (PNG, JPEG, GIF, WEBP). */
export declare function sniffMediaType(data: string): string | null;
export declare function matches(block: unknown, spelling: Spelling): boolean;
/** A canonical part for one wire block; a block no spelling matches is kept verbatim. */
export declare function decodeBlock(block: unknown, spellings: readonly Spelling[], codecs: Codecs, idMap: IdMap, dialect: string, shape: string, at: string): JsonObject;
export declare function spelledPart(block: JsonObject, sp: Spelling, dialect: string, shape: string, at: string): JsonObject;
/** A part a turn holds in a field of its own, written as one value (Chat refusal). */
export declare function fieldPart(kind: string, valueKey: string | null, value: unknown, dialect: string): JsonObject;
/** The part's own extension fields (the dialect's) hold the key at where: a signature the
 * provider made, which only its own payload can supply. */
export declare function holds(part: JsonObject, dialect: string, where: string): boolean;
/** The first spelling of the part's kind, for its role, whose fields the part has (and its own
 * extension fields the key the spelling is signed with). */
export declare function spellingFor(part: JsonObject, role: string, spellings: readonly Spelling[], dialect: string): Spelling | null;
/**
 * The spelling can write the part: it holds what the spelling must sign (its own extension
 * fields), and is a shape's part or has every field the spelling requires (a unit is chosen by
 * the same rule as a part, so that a reasoning part without text is not written by a spelling
 * that needs one).
 */
export declare function carries(part: JsonObject, sp: Spelling, dialect: string): boolean;
/** A part of a kind the dialect writes only signed, without what any spelling needs: unsigned
 * (another dialect's reasoning part, or one built by hand). */
export declare function unsigned(part: JsonObject, role: string, spellings: readonly Spelling[], dialect: string): boolean;
/**
 * The wire block of one canonical part in spelling sp; losses point into the part.
 * (Internal: Python's parameters, positionally.)
 */
export declare function encodePart(part: JsonObject, sp: Spelling, codecs: Codecs, idMap: IdMap, dialect: string, losses: Loss[], strict: boolean, at: string): unknown;
