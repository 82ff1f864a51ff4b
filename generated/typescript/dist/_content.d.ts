/**
 * Content and results on wires that carry less than the canonical model: content as one
 * string, a result as one JSON object (Gemini functionResponse.response), images as data URLs.
 */
import { type JsonObject, type Loss } from "./_errors.js";
/** Whether value is a base64 data URL, data:<media type>;base64,<data>. */
export declare function isDataUrl(value: unknown): boolean;
/** [media type, base64 data] of a data URL. */
export declare function splitDataUrl(value: string): [string, string];
/** The document format (a file extension: pdf) of a media type, null when it has none. */
export declare function documentFormat(mediaType: unknown): string | null;
/** The media type of a document format; a value that is none is kept as it is. */
export declare function documentMediaType(value: unknown): unknown;
/** Whether value is an image's media type (image/...). */
/** Whether value is one of the media types a spelling takes ("text/*": any text type). */
export declare function mediaTypeIn(value: unknown, types: readonly string[]): boolean;
/** Whether a data URL's media type is one a spelling takes; any other value says none. */
export declare function dataUrlTypeIn(value: unknown, types: readonly string[]): boolean;
/**
 * The UTF-8 text base64 data holds; null when it is no padded base64 or no UTF-8 text
 * (a document a text source cannot take).
 */
export declare function base64Text(data: unknown): string | null;
/** Text as base64 of its UTF-8 bytes (a lone surrogate as the three bytes of its code). */
export declare function textBase64(text: string): string;
export declare function isImageType(value: unknown): boolean;
export declare function dataUrl(mediaType: string, data: string): string;
/** A json part's value as text (held to the depth limit: a TypeError when too deep). */
/**
 * Reports each key of a part its spelling does not write (part.field_dropped); what is the
 * part ("an image"); a spelling writing data URLs drops a URL's media type (a data URL carries
 * one, a plain URL none).
 */
export declare function reportDropped(part: JsonObject, carried: Iterable<string>, dataUrls: boolean, at: string, what: string, dialect: string, losses: Loss[], strict: boolean): void;
/** A part kind with its article: "an image", "a document". */
export declare function aPart(kind: string): string;
export declare function textOfJson(value: unknown, pointer: string): string;
/** Canonical content as an encoder reads it: objects, each with its type (else Invalid), as
 * Python's list() of it would give them. */
export declare function checkedParts(parts: unknown): JsonObject[];
/** Content for a wire that takes only a string: text joined, JSON as its text, the rest lost. */
export declare function contentAsString(parts: JsonObject[], losses: Loss[], strict: boolean, target: string): string;
/** {error: x} is an error result, {output: x} a plain one, any other object is the output. */
export declare function resultFromObject(value: JsonObject, outputKey: string, errorKey: string | null, forms: JsonObject, pointer: string): [JsonObject[], boolean];
/** A result's content as one object: {outputKey: ...} or {errorKey: ...}; one JSON object
 * part stands as it is unless the decoder saw it wrapped. */
export declare function resultToObject(parts: JsonObject[], isError: boolean, outputKey: string, errorKey: string | null, form: string | null | undefined, losses: Loss[], strict: boolean, target: string, carried?: readonly number[]): JsonObject;
