/**
 * What a whole conversation must be before it is converted, whichever way: texts that are
 * strings, and settings of their canonical type (each setting's rule is data, from
 * schemas/canonical/settings.json). Depth is held at the entry points (_coercion).
 */
import type { Rule } from "./_conv_layout.js";
import type { JsonObject } from "./_errors.js";
/**
 * A canonical request or response an encoder may read: CanonicalError (naming the pointer)
 * for a part whose text is no string. (Depth was checked where the value came in: _coercion.)
 */
export declare function checkCanonical(canonical: JsonObject, shape: string): void;
/** What is wrong with a setting's canonical value by its rule (null: nothing). */
export declare function settingProblem(value: unknown, rule: Rule): string | null;
/** A less_than rule's repair of a written request: null when value is below than (or either is
 * no number); else [true, than - 1] where that keeps value at least floor, or [false, value + 1],
 * what than becomes. */
export declare function below(value: unknown, than: unknown, floor: number | null): [boolean, number] | null;
