/**
 * The dialects as typed objects: one Dialect per dialect (its name, title, converters by
 * shape, id policy, conversation functions, extract/inject and stream module), made the first
 * time it is asked for.
 *
 *     import { REGISTRY, dialectObject } from "toolwire-dialects";
 *     const anthropic = REGISTRY.get("anthropic_messages");   // Dialect<"anthropic_messages">
 *     anthropic.encoders["tool_call"]!(canonicalCall).value;
 *     anthropic.idPolicy;                                      // null: ids pass as they are
 *
 * The package's own modules pass these objects, never a dialect's name.
 */
import { Registry, type Dialect } from "./_dialect.js";
export type { Conversation, Decoder, Dialect, EncodeOptions, Encoder, Injector, RelayStreamModule } from "./_dialect.js";
export { Registry } from "./_dialect.js";
/** The name of a dialect this package converts. */
export type DialectName = "anthropic_messages" | "bedrock_converse" | "cohere_v2" | "gemini" | "gemini_interactions" | "mcp" | "mistral" | "ollama" | "openai_chat" | "openai_responses";
/** The shapes each dialect converts: its tool parts, and `request`/`response` where it maps conversations. */
export interface DialectShapes {
    anthropic_messages: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
    bedrock_converse: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
    cohere_v2: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
    gemini: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
    gemini_interactions: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
    mcp: "error" | "tool_definition" | "tool_call" | "tool_result";
    mistral: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
    ollama: "error" | "tool_definition" | "tool_call" | "tool_result" | "request" | "response";
    openai_chat: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
    openai_responses: "error" | "tool_definition" | "tool_choice" | "tool_call" | "tool_result" | "request" | "response";
}
export declare const NAMES: readonly DialectName[];
/** Every dialect by name, each object made when first asked for. */
export declare const REGISTRY: Registry<DialectName>;
/** The dialect object of this name; a ValueError names the known ones. */
export declare function dialectObject<Name extends DialectName>(name: Name): Dialect<Name>;
export declare function dialectObject(name: string): Dialect;
