/**
 * The calls a conversation's encode has seen, so each result finds its call: the tool of the
 * latest call with an id (a reused id answers the nearest call, not the first), and which ids
 * are custom (freeform) tool calls, whose results a target spells apart or drops with them.
 */
import type { JsonObject } from "./_errors.js";
import { IdMap } from "./_ids.js";
export declare class Calls {
    readonly idMap: IdMap;
    readonly names: Map<unknown, unknown>;
    readonly custom: Set<unknown>;
    constructor(idMap: IdMap);
    /** A tool call: its id noted, and the latest call with that id remembered. */
    called(call: JsonObject): void;
    /** The result as its call makes it: marked custom when it answers a custom call, and given
     * the call's name where the id map would find another call's. */
    answered(result: JsonObject): JsonObject;
}
