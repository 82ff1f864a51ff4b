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
export declare function isImageType(value: unknown): boolean;
export declare function dataUrl(mediaType: string, data: string): string;
/** A json part's value as text (held to the depth limit: a TypeError when too deep). */
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
