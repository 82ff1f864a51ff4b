/**
 * Leaves of the compiled turns readers: how a conversation's results found their calls
 * (`Links`), and the wire keys a layout does not read below a value (`keptFields`).
 */
import type { Tree } from "./_conv_layout.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
/** Every value below value that tree (a module constant) does not know, by JSON Pointer. */
export declare function keptFields(value: unknown, tree: Tree): JsonObject;
/**
 * How a conversation's results found their calls. A result naming no id (Gemini, Ollama)
 * answers the nearest call of its tool: a later turn that calls a tool again leaves its
 * earlier unanswered calls abandoned. A link made by position among several calls is noted
 * on the result (its dialect's extension notes: a loss in any other dialect), as extract()
 * notes it. So is a result whose call id no call before it has (its call an element the
 * canonical model has no kind for, a Chat custom tool call, which only its dialect carries).
 */
export declare class Links {
    private readonly idMap;
    private readonly dialect;
    private waiting;
    private readonly abandoned;
    private readonly called;
    constructor(idMap: IdMap, dialect: string);
    turn(message: JsonObject, where: string): void;
    private result;
    private note;
}
