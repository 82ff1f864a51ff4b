/** Pick a dialect's converters by name, and convert between any two dialects. */
import type { Decoder, EncodeOptions, Encoder } from "./_dialect.js";
import { type DialectName } from "./dialects.js";
import type { Encoded } from "./_runtime.js";
import { ValueError } from "./streams/_common.js";
import * as anthropic_messages from "./anthropic_messages.js";
import * as bedrock_converse from "./bedrock_converse.js";
import * as cohere_v2 from "./cohere_v2.js";
import * as gemini from "./gemini.js";
import * as mcp from "./mcp.js";
import * as mistral from "./mistral.js";
import * as ollama from "./ollama.js";
import * as openai_chat from "./openai_chat.js";
import * as openai_responses from "./openai_responses.js";
export { convertStream } from "./streams/index.js";
export { ValueError };
export type { Decoder, EncodeOptions, Encoder } from "./_dialect.js";
export type { DialectName } from "./dialects.js";
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
    mcp: typeof mcp;
    mistral: typeof mistral;
    ollama: typeof ollama;
    openai_chat: typeof openai_chat;
    openai_responses: typeof openai_responses;
}>;
export declare const SHAPES: readonly ["tool_definition", "tool_choice", "tool_call", "tool_result"];
/** Whole payloads, for the dialects that map conversations. */
export declare const WHOLE: readonly ["request", "response"];
/** The converter module of a dialect; an Error names the known ones. */
export declare function getDialect<Name extends DialectName>(name: Name): (typeof DIALECTS)[Name];
export declare function getDialect(name: string): DialectModule;
/** The decode<Shape> function of a dialect. */
export declare function decoder(dialect: string, shape: string): Decoder;
/** The encode<Shape> function of a dialect. */
export declare function encoder(dialect: string, shape: string): Encoder;
/** What convert() takes besides the payload. */
export interface ConvertOptions extends EncodeOptions {
    source: string;
    target: string;
    shape: string;
}
/**
 * Decode payload as source's shape and encode it as target's; losses are listed. shape is a
 * tool part (tool_definition, tool_choice, tool_call, tool_result) or a whole `request` or
 * `response` (one IdMap links the conversation's calls and results when none is given). The
 * other options go to the target's encoder (e.g. `strictSchema: true` for OpenAI tool
 * definitions, `schemaProfile: "openapi_subset"` for Gemini's); a ValueError names an option it lacks.
 */
export declare function convert(payload: unknown, options: ConvertOptions): Encoded;
