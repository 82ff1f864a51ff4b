/**
 * Canonical values as the converters handle them: one spelling for one meaning, and how a
 * value is named in a loss message.
 */
import { type JsonObject } from "./_errors.js";
/** Whether a canonical value is the one a dialect says by leaving the field out. */
export declare function isAbsent(value: JsonObject, absent: JsonObject): boolean;
/** 'required' limited to one tool is that tool: one canonical spelling for one meaning. */
export declare function normalizeChoice(choice: JsonObject): void;
/** A content part as a loss names it. */
export declare function describePart(part: JsonObject): string;
/** A tool choice as a loss names it (its fields, without extensions). */
export declare function describeChoice(value: JsonObject): string;
