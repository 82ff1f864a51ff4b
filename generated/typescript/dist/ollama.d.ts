/**
 * Ollama native chat API (/api/chat) (`ollama`) <-> canonical converters.
 *
 * `decode<Shape>` reads one wire value (an object or JSON text) and returns the canonical
 * object; it throws DecodeError naming the dialect, shape and JSON Pointer when the value is
 * not that shape. `encode<Shape>` turns a canonical value into the wire value and lists every
 * loss; with `strict: true` the first loss throws LossError. Pass one IdMap per conversation
 * as `idMap`: it mints ids for calls that have none, links results to their calls, and
 * rewrites ids the target cannot carry, reversibly.
 */
import type { Decoder, Encoder } from "./_dialect.js";
import type { JsonObject } from "./_errors.js";
import * as rt from "./_runtime.js";
import type { ApiError, Request, Response, ToolCall, ToolDefinition, ToolResult } from "./types/canonical.js";
export declare const DIALECT = "ollama";
export declare const TITLE = "Ollama native chat API (/api/chat)";
export declare const SHAPES: readonly ["error", "tool_definition", "tool_call", "tool_result"];
/** Canonical fields this dialect leaves out because the other side can derive them. */
export declare const DERIVABLE: {
    readonly [shape: string]: readonly string[];
};
/** Canonical values a variant carries without a field (they decode as the field left out). */
export declare const EQUIVALENT: {
    readonly [shape: string]: JsonObject;
};
/** Canonical values this dialect says by leaving the shape out (no value, no loss). */
export declare const ABSENT: {
    readonly [shape: string]: JsonObject;
};
/** Where each variant spells each canonical field: its pointer, then its other spellings. */
export declare const POINTERS: {
    readonly [shape: string]: readonly {
        readonly [field: string]: readonly string[];
    }[];
};
export declare const ID_PATTERN = "^[\\s\\S]+$";
/** How its call ids look and are minted (the dialect object's idPolicy; IDS in the encoders). */
export declare const ID_POLICY: rt.IdPolicy;
/** Decode one Ollama native chat API (/api/chat) error into the canonical object. */
export declare function decodeError(payload: unknown, options?: {
    idMap?: rt.IdMap | null;
}): ApiError;
/**
 * Encode a canonical error as Ollama native chat API (/api/chat); lists what it cannot carry.
 */
export declare function encodeError(value: ApiError, options?: {
    strict?: boolean;
    idMap?: rt.IdMap | null;
}): rt.Encoded;
/** Decode one Ollama native chat API (/api/chat) tool_definition into the canonical object. */
export declare function decodeToolDefinition(payload: unknown, options?: {
    idMap?: rt.IdMap | null;
}): ToolDefinition;
/**
 * Encode a canonical tool_definition as Ollama native chat API (/api/chat); lists what it cannot carry.
 */
export declare function encodeToolDefinition(value: ToolDefinition, options?: {
    strict?: boolean;
    idMap?: rt.IdMap | null;
}): rt.Encoded;
/** Decode one Ollama native chat API (/api/chat) tool_call into the canonical object. */
export declare function decodeToolCall(payload: unknown, options?: {
    idMap?: rt.IdMap | null;
}): ToolCall;
/**
 * Encode a canonical tool_call as Ollama native chat API (/api/chat); lists what it cannot carry.
 */
export declare function encodeToolCall(value: ToolCall, options?: {
    strict?: boolean;
    idMap?: rt.IdMap | null;
}): rt.Encoded;
/** Decode one Ollama native chat API (/api/chat) tool_result into the canonical object. */
export declare function decodeToolResult(payload: unknown, options?: {
    idMap?: rt.IdMap | null;
}): ToolResult;
/**
 * Encode a canonical tool_result as Ollama native chat API (/api/chat); lists what it cannot carry.
 */
export declare function encodeToolResult(value: ToolResult, options?: {
    strict?: boolean;
    idMap?: rt.IdMap | null;
}): rt.Encoded;
export declare const ENVELOPES: readonly ["request", "response", "stream_event"];
/**
 * The canonical tools, tool choice, calls and results of a whole Ollama native chat API (/api/chat) request
 * or response, in order; decode errors name the pointer inside the payload. `notes` lists
 * the links the wire did not state (a result without an id linked to a call by position).
 */
export declare function extract(payload: unknown, options?: {
    idMap?: rt.IdMap | null;
}): JsonObject;
/**
 * Put canonical parts (as extract() gives them) back into a copy of a whole Ollama native chat API (/api/chat)
 * request or response. Keys left out of parts are left alone. A tools list is rebuilt (an
 * empty one removes the field and the tool choice: never `tools: []`); calls and results
 * replace the payload's own, one for one. Losses of every encoded part are listed.
 */
export declare function inject(payload: unknown, parts: JsonObject, options?: {
    strict?: boolean;
    idMap?: rt.IdMap | null;
}): rt.Encoded;
/** A whole Ollama native chat API (/api/chat) request as a canonical Request; DecodeError names the pointer. */
export declare function decodeRequest(payload: unknown, options?: {
    idMap?: rt.IdMap | null;
}): Request;
/**
 * A canonical Request as a whole Ollama native chat API (/api/chat) request; lists what it cannot carry.
 * `model` names the model when the request names none (a Gemini or Bedrock request names it
 * in its URL); `reasoning` is the reasoning policy (keep, the default: replayed where the
 * target can; text: what it cannot replay as text; drop: every reasoning part removed, a loss
 * each, never refused), `reasoningAsText: true` its deprecated spelling of text; `customTools`
 * "function" sends OpenAI custom tools as functions of one string parameter (docs/conversations.md).
 */
export declare function encodeRequest(value: Request, options?: {
    strict?: boolean;
    idMap?: rt.IdMap | null;
    reasoning?: "keep" | "text" | "drop" | null;
    reasoningAsText?: boolean;
    model?: string | null;
    customTools?: "drop" | "function" | null;
}): rt.Encoded;
/** A whole Ollama native chat API (/api/chat) response as a canonical Response; DecodeError names the pointer. */
export declare function decodeResponse(payload: unknown, options?: {
    idMap?: rt.IdMap | null;
}): Response;
/**
 * A canonical Response as a whole Ollama native chat API (/api/chat) response; lists what it cannot carry.
 * `model` names the model when the response names none; `reasoning` and `customTools` as
 * encodeRequest takes them.
 */
export declare function encodeResponse(value: Response, options?: {
    strict?: boolean;
    idMap?: rt.IdMap | null;
    reasoning?: "keep" | "text" | "drop" | null;
    reasoningAsText?: boolean;
    model?: string | null;
    customTools?: "drop" | "function" | null;
}): rt.Encoded;
/**
 * A wire finish reason as the canonical one (`other` for one the mapping does not list),
 * told apart by its detail (a stream's) where the dialect has one.
 */
export declare function finishReasonIn(wire: unknown, detail?: unknown): string;
/** The wire finish reason of a canonical one (null when the dialect has no spelling). */
export declare function finishReasonOut(canonical: string): unknown;
export declare const DECODERS: {
    readonly [shape: string]: Decoder;
};
export declare const ENCODERS: {
    readonly [shape: string]: Encoder;
};
