/**
 * Decode errors: the generated code checks its assumptions in straight-line code; only when
 * one fails does explain() walk the same checks, as data, to name the exact pointer.
 *
 * A check is [pointer, kind, argument]; a variant is the checks of one wire spelling, in the
 * order the decoder makes them. Python's MISSING is undefined.
 */
import { DecodeError } from "./_errors.js";
export type Check = readonly [string, string, unknown];
export type Variant = readonly Check[];
/** Name the first failed check of the variant that fits best: one whose constants all
 * matched, then the one that got furthest. */
export declare function explain(wire: unknown, variants: readonly Variant[], dialect: string, shape: string, fallback?: string): DecodeError;
/** A wire list of names (tool names in a choice), each a non-empty string. */
export declare function stringList(value: unknown, dialect: string, shape: string, pointer: string): string[];
