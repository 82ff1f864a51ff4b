/**
 * Extensions: the wire fields a mapping does not describe, kept for a lossless round trip.
 *
 * Decoding collects them under JSON Pointers into the wire value; encoding into the same
 * dialect puts them back, and encoding into another reports each one as a loss.
 */
import { type JsonObject, type Loss } from "./_errors.js";
/** Adds obj's fields outside `known` to `into` (made when the first one turns up). */
export declare function unknownFields(obj: JsonObject, known: ReadonlySet<string>, base: string, into: JsonObject | null): JsonObject | null;
/** A dialect's extension object: its fields, the spellings (forms) it used, and a note. */
export declare function extension(fields: JsonObject | null | undefined, forms: JsonObject, meaning?: string | null): JsonObject;
/** Put extension fields back; one whose place no longer exists is a loss. */
export declare function applyFields(wire: unknown, fields: JsonObject, target: string, losses: Loss[], strict: boolean): void;
/** Report other dialects' extensions as losses; return the target's own. */
export declare function foreignExtensions(value: unknown, target: string, losses: Loss[], strict: boolean): JsonObject;
