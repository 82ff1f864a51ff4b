import { type JsonObject, type Loss } from "./_errors.js";
/** (canonical kind, [[canonical field, wire tokens], ...]) for each spelling, in order. */
export type Spellings = readonly (readonly [string, readonly (readonly [string, readonly string[]])[]])[];
/** Appends the media blocks at where (when present) to the decoded content parts. */
export declare function mediaIn(wire: JsonObject, where: readonly string[], spellings: Spellings, parts: JsonObject[], dialect: string, shape: string): void;
/** [the media blocks, the positions of the parts they carry]: each part a spelling writes, and
 * each wire part of the dialect's own, in order. */
export declare function mediaOut(parts: unknown, spellings: Spellings, dialect: string, losses: Loss[], strict: boolean): [unknown[], number[]];
/** The media blocks at where, when there are any. */
export declare function putMedia(wire: JsonObject, where: readonly string[], blocks: readonly unknown[]): void;
