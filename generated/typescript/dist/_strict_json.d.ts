/**
 * The strict JSON reader every runtime module parses text with (the Python runtime's rules): RFC 8259 JSON only, so
 * NaN, Infinity, -Infinity, a number that overflows a double (1e400) and a lone surrogate escape are invalid text; a
 * duplicate key keeps its last value; arrays and objects nest at most MAX_DEPTH levels. Every failure is a
 * StrictJsonError (Python's ValueError) whose message is Python's: JSONDecodeError for what json's scanner rejects,
 * with positions counted in code points as Python counts them.
 *
 * JSON.parse reads every text Python's scanner reads (and rejects the others), so it is the fast way; this module's own
 * scanner, a port of CPython's _json.c, gives the error messages, raw_decode, and the texts whose numbers could
 * overflow. Differences JavaScript forces: an integer of 309 digits or more is out of range here (Python keeps it
 * exact), integers above 2**53 lose precision, and object keys that are array indices ("1") come first in a JavaScript
 * object's key order.
 */
export declare const MAX_DEPTH = 512;
/** Python's ValueError from the strict reader. */
export declare class StrictJsonError extends Error {
    constructor(message: string);
}
/** Python's json.JSONDecodeError: msg at pos (a UTF-16 index of doc; the message counts in
 * code points, as Python does). */
export declare class JSONDecodeError extends StrictJsonError {
    readonly msg: string;
    readonly doc: string;
    readonly pos: number;
    readonly lineno: number;
    readonly colno: number;
    constructor(msg: string, doc: string, pos: number);
}
/** Whether the arrays and objects of a JSON text nest deeper than `levels` (a text with too
 * few brackets for that is not scanned). */
export declare function deeperThan(text: string, levels: number): boolean;
/** The checks the scanner cannot make: depth and lone surrogate escapes, each skipped by a
 * cheap test on texts that cannot fail it. */
export declare function checked(text: string, value: unknown): unknown;
/** json.loads(text) by the rules above. */
export declare function loads(text: string): unknown;
/** One value of text from pos (UTF-16 indexes), by the rules above: [value, end]. */
export declare function rawDecode(text: string, pos: number): [unknown, number];
