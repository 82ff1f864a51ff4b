/**
 * Arguments carried as JSON text: read by the strict reader and never repaired, written
 * compactly, and sent in their original spelling while it still says the same thing.
 */
import { type JsonObject } from "./_errors.js";
/** Parse argument text; never repair it. Returns [object, null] or [null, why]. */
export declare function parseArguments(text: unknown, dialect: string, shape: string, pointer: string): [
    JsonObject | null,
    string | null
];
export declare function notAnObject(value: unknown): string;
export declare function dumpArguments(args: unknown): string;
/** The argument text to send: the original spelling while it still says the same thing. */
export declare function argumentsText(call: JsonObject, noArgumentsText: readonly string[]): string;
/** raw while it still parses to these arguments (a round trip keeps its spelling), else the
 * arguments written afresh. */
export declare function spelledAs(raw: string, args: unknown): string;
