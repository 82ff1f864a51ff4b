/**
 * Text the Python runtime builds with repr(), json.dumps, sorted, len and slicing, built the
 * same way here so that messages, losses and argument texts are byte-equal across targets.
 *
 * Numbers: an integer prints as an integer; any other number as Python's float repr does
 * (`1e-07`, `1.5e+16`, `0.1`). A Python float that is integral (`1.0`) cannot be told from
 * the integer `1` in JavaScript: it prints `1` (a documented difference). An integral number
 * of magnitude 1e16 or more prints as Python's float repr (`1e+16`): JavaScript cannot hold
 * such integers exactly, so they can only have come from a float-like text.
 *
 * Strings are sequences of code points, as in Python: pyLen and pySlice count a surrogate
 * pair as one character and a lone surrogate as one character.
 */
/** Options of pyDumps: json.dumps' keyword arguments of the same names. */
export interface DumpsOptions {
    ensureAscii?: boolean;
    sortKeys?: boolean;
    separators?: readonly [string, string];
}
/** Python's repr() of a JSON-like value: str, number, bool, null (None), array (list),
 * plain object (dict), Set (set). undefined prints as MISSING. */
export declare function pyRepr(value: unknown): string;
/** A string as json.dumps writes it (with ensure_ascii every UTF-16 unit outside printable
 * ASCII is a lowercase \uXXXX escape). Without it, a lone surrogate is written as its
 * lowercase \udXXX escape, never raw: the rule of both runtimes' JSON writers (Python's
 * json_text), which JSON.stringify follows; it escapes the rest as json.dumps does. */
export declare function jsonString(text: string, ensureAscii: boolean): string;
/** json.dumps(value, ensure_ascii=…, sort_keys=…, separators=…) with Python's defaults
 * (ensure_ascii true, separators ", " and ": "). A key whose value is undefined is absent. */
export declare function pyDumps(value: unknown, options?: DumpsOptions): string;
/** json.dumps(value, ensure_ascii=False, separators=(",", ":")). */
export declare function compactJson(value: unknown): string;
/** Code-point order, as Python compares str (JavaScript's default sort compares UTF-16 units,
 * which differs for characters above U+FFFF against U+E000..U+FFFF). */
export declare function comparePy(a: string, b: string): number;
/** sorted(strings): a new array in code-point order. */
export declare function pySorted(strings: Iterable<string>): string[];
/** len(s): the number of code points. */
export declare function pyLen(text: string): number;
/** s[start:end] counted in code points, with Python's negative and missing bounds. */
export declare function pySlice(text: string, start?: number | null, end?: number | null): string;
/** str(value): a string itself, anything else as pyRepr prints it (None, True, 1.5, ...). */
export declare function pyStr(value: unknown): string;
/** Python's truthiness of a JSON value (undefined = MISSING is false). */
export declare function pyTruthy(value: unknown): boolean;
/** Python's == on JSON values: dicts equal whatever their key order, True == 1, 1 == 1.0. A
 * key whose value is undefined is absent. */
export declare function pyEquals(a: unknown, b: unknown): boolean;
