/**
 * Tool calls across LLM provider dialects: decode any dialect's wire shapes into one
 * canonical model, encode them into any other, and know exactly what could not be carried.
 *
 *     import { convert } from "toolwire-dialects";
 *     const result = convert(toolCall, { source: "openai_chat", target: "anthropic_messages", shape: "tool_call" });
 *     result.value;  // the Anthropic tool_use block
 *     result.losses; // what Anthropic could not carry (empty here)
 *
 * Whole requests and responses convert the same way (shape "request" or "response"), and
 * streams with convertStream (or assembler() and emit() of "toolwire-dialects/streams").
 */
export { CanonicalError, ConversionError, DecodeError, IdMap, Loss, LossError, Note, RequiredValueError, } from "./_runtime.js";
export { LOSS_CODES, type LossCode } from "./lossCodes.js";
export type { Encoded } from "./_runtime.js";
export { DIALECTS, SHAPES, ValueError, convert, convertStream, decoder, encoder, getDialect } from "./convert.js";
export type { CanonicalTypes, ConvertOptions, Decoder, DecoderOf, DialectModule, EncodeOptions, Encoder, EncoderOf, Shape, ShapeOf, } from "./convert.js";
export { NAMES, REGISTRY, dialectObject } from "./dialects.js";
export type { Conversation, Dialect, DialectName, DialectShapes, Injector, RelayStreamModule } from "./dialects.js";
export { conversationView } from "./_conv_view.js";
export { StreamError, assembler, emit } from "./streams/index.js";
export type { StreamDialectName } from "./streams/index.js";
export type { ContentPart, Message, MessagePart, Request, Response, Settings, ToolCall, ToolChoice, ToolDefinition, ToolResult, } from "./types/canonical.js";
export type * as types from "./types/index.js";
