/**
 * The relay's check that it invents and launders nothing: the target's own Assembler reads
 * every event the relay writes, and at the end the calls it makes of them are held against the
 * calls the source's Assembler made of the input (name, arguments, complete, invalid or
 * incomplete). A call the target would read otherwise is a reported loss: a call cut off in the
 * source is never passed on as complete, an invalid one never as valid, none disappears.
 */
import type { RelayStreamModule } from "../_dialect.js";
import { type JsonObject, type Loss } from "../_errors.js";
/** The relay's whole_response term: [path tokens, whole key, delta key]. */
export type WholeResponse = readonly [readonly string[], string, string];
/** A non-streaming response body given as a stream is refused, not read as empty: wholeResponse
 * (the relay's term, or null) says where a response's items hold a message whole where a
 * stream event's hold a delta. */
export declare function refuseWholeResponse(dialect: string, wholeResponse: WholeResponse | null, event: JsonObject): void;
/** The target's reading of the written events; which source call each target call is. */
export declare class CallCheck {
    #private;
    constructor(module: RelayStreamModule);
    /**
     * One event written from a template of this kind; sourceIndex: the source call it was
     * written for, if any.
     */
    feed(kind: string, event: JsonObject, sourceIndex: number | null): void;
    /**
     * [source call index, what the target makes of it] for each call the target reads otherwise
     * than the source: another name, other arguments, another state.
     */
    differences(source: JsonObject[]): [number, string][];
    /** Each difference as a loss at its call, unless one was reported for the call already. */
    report(source: JsonObject[], losses: Loss[], loss: (code: string, pointer: string, what: string) => void): void;
}
