/**
 * How a finished call becomes canonical: decoded by the dialect's own decodeToolCall from
 * the wire call it amounts to, or kept invalid (arguments null, the text that arrived, why),
 * or incomplete when the stream ended first.
 */
import { type JsonObject } from "../_errors.js";
import { PathArgs } from "./_jsonpath.js";
import type { Call } from "./_state.js";
/** The canonical call a finished (or cut off) Call stands for. */
export declare abstract class CanonicalCalls extends PathArgs {
    _id(c: Call): string | null;
    /** A finished call, decoded by the dialect's own decodeToolCall. */
    _complete(c: Call): JsonObject;
    /**
     * The call rebuilt as the wire call, decoded; one that does not decode (no name, no id
     * where the dialect needs one) is kept invalid, with a finding.
     */
    _decoded(c: Call, value: unknown): JsonObject;
    /**
     * A call that must not run: argument text that is not a JSON object (in a dialect whose
     * calls carry objects), conflicting arguments, or a call that does not decode.
     */
    _invalid(c: Call, text: string, why: string): JsonObject;
    _incomplete(c: Call, why: string): JsonObject;
}
