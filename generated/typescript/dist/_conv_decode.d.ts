/**
 * A response's wire turn -> its canonical message, as a dialect's layout says (requests are
 * read by the generated `turnsIn`).
 *
 * One wire unit (a message, an item) becomes one canonical message, never merged, so that the
 * same dialect writes it back exactly. The dialect's generated converters read the tool parts.
 */
import type { Codecs, Spelling, Turn, TurnField } from "./_conv_layout.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
/** Python's dict.setdefault(key, {}) of an object-valued key. */
export declare function objectAt(container: JsonObject, key: string): JsonObject;
/** The dialect's extension object of a canonical value, made on first use. */
export declare function ownExtension(container: JsonObject, dialect: string): JsonObject;
/** Mark a canonical value's own form (key "" of its dialect's forms), e.g. `separate`. */
export declare function markForm(container: JsonObject, dialect: string, form: string): void;
/** Keep the wire fields and spellings a layout does not read in value's extensions. */
export declare function keep(value: JsonObject, dialect: string, fields: JsonObject | null, forms: JsonObject): void;
/** One wire turn as a canonical message. (Internal: Python's parameters, positionally.) */
export declare function decodeTurn(unit: unknown, turn: Turn, parts: readonly Spelling[], codecs: Codecs, idMap: IdMap, dialect: string, shape: string, at: string, keepUnknown?: boolean): JsonObject;
/** Whether a turn field's element names a kind its shape does not read (a Chat custom tool
 * call): its kind key holds a string no variant has. A missing or non-string kind is the
 * field's own kind, malformed: its codec says what is wrong. */
export declare function otherKind(item: unknown, kinds: TurnField["kinds"]): boolean;
/** A wire unit that is one part on its own (a Chat tool message), as a canonical message. */
export declare function unitPart(unit: unknown, units: readonly Spelling[], codecs: Codecs, idMap: IdMap, dialect: string, shape: string, at: string): JsonObject | null;
