/** Pick a dialect's converters by name, and convert between any two dialects. */
import type { EncodeOptions } from "./_dialect.js";
import { type DialectName, type DialectShapes } from "./dialects.js";
import { IdMap } from "./_runtime.js";
import { type LossCode } from "./lossCodes.js";
import type { Encoded } from "./_runtime.js";
import type { ApiError, Request, Response, ToolCall, ToolChoice, ToolDefinition, ToolResult } from "./types/canonical.js";
import { ValueError } from "./streams/_common.js";
import * as anthropic_messages from "./anthropic_messages.js";
import * as bedrock_converse from "./bedrock_converse.js";
import * as cohere_v2 from "./cohere_v2.js";
import * as gemini from "./gemini.js";
import * as gemini_interactions from "./gemini_interactions.js";
import * as mcp from "./mcp.js";
import * as mistral from "./mistral.js";
import * as ollama from "./ollama.js";
import * as openai_chat from "./openai_chat.js";
import * as openai_responses from "./openai_responses.js";
export { convertStream } from "./streams/index.js";
export { ValueError };
export type { Decoder, EncodeOptions, Encoder } from "./_dialect.js";
export type { DialectName, DialectShapes } from "./dialects.js";
/** What every dialect module exports (besides its decode<Shape> and encode<Shape> functions). */
export interface DialectModule {
    readonly DIALECT: string;
    readonly TITLE: string;
    readonly SHAPES: readonly string[];
}
/** Each dialect's converter module, by dialect name (typed module by module). */
export declare const DIALECTS: Readonly<{
    anthropic_messages: typeof anthropic_messages;
    bedrock_converse: typeof bedrock_converse;
    cohere_v2: typeof cohere_v2;
    gemini: typeof gemini;
    gemini_interactions: typeof gemini_interactions;
    mcp: typeof mcp;
    mistral: typeof mistral;
    ollama: typeof ollama;
    openai_chat: typeof openai_chat;
    openai_responses: typeof openai_responses;
}>;
export declare const SHAPES: readonly ["tool_definition", "tool_choice", "tool_call", "tool_result", "error"];
/** Whole payloads, for the dialects that map conversations. */
export declare const WHOLE: readonly ["request", "response"];
/** A shape convert(), decoder() and encoder() take: a tool part or a whole payload. */
export type Shape = (typeof SHAPES)[number] | (typeof WHOLE)[number];
/** The shapes a dialect converts (a misspelt shape, or one the dialect lacks, does not compile). */
export type ShapeOf<Name extends DialectName> = DialectShapes[Name];
/** The canonical type of each shape: what its decoders return and its encoders take. */
export interface CanonicalTypes {
    tool_definition: ToolDefinition;
    tool_choice: ToolChoice;
    tool_call: ToolCall;
    tool_result: ToolResult;
    error: ApiError;
    request: Request;
    response: Response;
}
/** A decode<Shape> function of one shape, typed. */
export type DecoderOf<S extends Shape> = (payload: unknown, options?: {
    idMap?: IdMap | null;
}) => CanonicalTypes[S];
/** An encode<Shape> function of one shape, typed. */
export type EncoderOf<S extends Shape> = (value: CanonicalTypes[S], options?: EncodeOptions) => Encoded;
/** The converter module of a dialect; an Error names the known ones. */
export declare function getDialect<Name extends DialectName>(name: Name): (typeof DIALECTS)[Name];
/** The decode<Shape> function of a dialect. */
export declare function decoder<Name extends DialectName, S extends ShapeOf<Name>>(dialect: Name, shape: S): DecoderOf<S>;
/** The encode<Shape> function of a dialect. */
export declare function encoder<Name extends DialectName, S extends ShapeOf<Name>>(dialect: Name, shape: S): EncoderOf<S>;
/** What convert() takes besides the payload: the shape must be one both dialects convert. */
export interface ConvertOptions<Source extends DialectName = DialectName, Target extends DialectName = DialectName> extends EncodeOptions {
    source: Source;
    target: Target;
    shape: ShapeOf<Source> & ShapeOf<Target>;
    /** Loss codes let through (lossCodes.ts LOSS_CODES): any other loss throws LossError. */
    allow?: Iterable<LossCode> | null;
    /** An OpenAI-compatible server's reasoning fields an openai_chat source is read with (deepseek, openrouter). */
    sourceProfile?: string | null;
    /** ... and an openai_chat target is written with. */
    targetProfile?: string | null;
}
/**
 * Decode payload as source's shape and encode it as target's; losses are listed. shape is a
 * tool part (tool_definition, tool_choice, tool_call, tool_result) or a whole `request` or
 * `response` (one IdMap links the conversation's calls and results when none is given). The
 * other options go to the target's encoder (e.g. `strictSchema: true` for OpenAI tool
 * definitions, `schemaProfile: "openapi_subset"` for Gemini's); a ValueError names an option it lacks.
 * `strict: true` throws LossError on the first loss; `allow: [codes]`, on the first loss
 * whose code the list does not hold.
 */
export declare function convert<Source extends DialectName, Target extends DialectName>(payload: unknown, options: ConvertOptions<Source, Target>): Encoded;
