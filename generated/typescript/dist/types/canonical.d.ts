/**
 * A prompt-cache breakpoint: the prompt up to and including the value holding it (a part, a tool
 * definition; on a request, the whole prompt) is cached for reuse. Anthropic marks the block ending
 * the prefix (cache_control), Bedrock puts a cachePoint block after it; a dialect without either
 * reports it as a loss (cache.dropped).
 * From `schemas/canonical/cache.json#`.
 */
export type CacheBreakpoint = {
    /** How long the cached prefix lives; the provider's default (5m) when absent. */
    ttl?: "5m" | "1h";
};
/**
 * One part of a tool result's content.
 * From `schemas/canonical/content_part.json#`.
 */
export type ContentPart = TextPart | JsonPart | ImagePart | DocumentPart | WirePart;
/**
 * An error response's body (issue #25 point 7): what went wrong, as a small closed category each
 * dialect maps to its own error type in a table (dialect.json, shapes.error). The HTTP status
 * travels on the response's status line; `status` holds it where the body repeats it (Gemini's
 * error.code), so a conversion into such a body can write it.
 * From `schemas/canonical/error.json#`.
 */
export type ApiError = {
    /**
     * What kind of error. Absent when the body does not say (Ollama's and Cohere's bodies carry only
     * a message); the HTTP status then tells it.
     */
    category?: "invalid_request" | "authentication" | "permission" | "not_found" | "request_too_large" | "billing" | "rate_limit" | "server" | "overloaded" | "timeout";
    /** The human-readable message. */
    message: string;
    /** The HTTP status, where the body carries it. */
    status?: number;
    /** The request parameter the error is about (OpenAI's error.param). */
    param?: string;
    /**
     * The provider's machine-readable error code beside its type (OpenAI's error.code:
     * invalid_api_key, context_length_exceeded).
     */
    code?: string;
    extensions?: Extensions;
};
/**
 * Per-dialect wire details the canonical model has no field for, kept so that a round trip through
 * that dialect loses nothing. Keys are dialect names.
 * From `schemas/canonical/extensions.json#`.
 * Not expressed: propertyNames.
 */
export type Extensions = {
    [key: string]: {
        /**
         * Wire values the mapping does not describe, by JSON Pointer into the wire shape.
         * Not expressed: propertyNames.
         */
        fields?: {
            [key: string]: unknown;
        };
        /**
         * How a mapped value was spelled when the dialect allows several spellings (blocks: a list
         * where a string would do; string: an empty string where the field could be left out; present:
         * a default value written out; null: an optional field sent as null; empty: an empty list sent
         * where it means the field left out (empty_means_absent); absent: an optional constant left
         * out; minted: an id toolwire made up; object: arguments sent as an object; wrapped: a result
         * inside its output key; alias:N: the Nth other spelling of the field, alias:N:lower with
         * lower-case type names in an OpenAPI-subset schema; variant:N: the Nth spelling of the shape;
         * snake_case: a proto JSON field spelled in snake_case, single: a repeated field given as one
         * value, snake_case:single: both; separate: a turn the wire kept apart from the turn before it
         * of the same role; value:N: the Nth other wire spelling of a setting's value; turn: a system
         * turn sent as a turn where the dialect also has a system field; apart: a structured value no
         * text block repeats (structured); these by JSON Pointer as the input spelled it), by JSON
         * Pointer.
         * Not expressed: propertyNames.
         */
        forms?: {
            [key: string]: string;
        };
        /**
         * What the wire said beyond the canonical values (a provider-specific mode, ...); other
         * dialects report each as a loss.
         */
        notes?: string[];
    };
};
/**
 * One turn of a conversation: who speaks and the ordered parts they say. System instructions are
 * system turns (a dialect with a top-level field reads and writes the leading ones there); tool
 * results are parts of a user turn.
 * From `schemas/canonical/message.json#`.
 */
export type Message = {
    role: "system" | "user" | "assistant";
    parts: MessagePart[];
    extensions?: Extensions;
};
/**
 * One part of a conversation turn, in the order the turn carries it: text, an image, a document, a
 * tool call, a tool result, reasoning, a refusal, or a block the canonical model has no kind for.
 * From `schemas/canonical/message_part.json#`.
 */
export type MessagePart = TextMessagePart | ImageMessagePart | DocumentMessagePart | ToolCallPart | ToolResultPart | ReasoningPart | RefusalPart | WireMessagePart;
/**
 * A whole request: the conversation so far, the tools the model may call, how it may choose them,
 * and the generation settings.
 * From `schemas/canonical/request.json#`.
 */
export type Request = {
    model?: string;
    messages: Message[];
    tools?: ToolDefinition[];
    tool_choice?: ToolChoice;
    settings?: Settings;
    /**
     * A breakpoint at the end of the whole prompt (Anthropic's top-level cache_control, automatic
     * caching).
     */
    cache?: CacheBreakpoint;
    extensions?: Extensions;
};
/**
 * A whole (non-streamed) response: the assistant turn, why generation stopped, and the token
 * counts.
 * From `schemas/canonical/response.json#`.
 */
export type Response = {
    id?: string;
    model?: string;
    message: Message;
    /**
     * stop: a natural end or a stop sequence; length: the token limit; tool_calls: the model called
     * tools; content_filter: withheld by a filter; refusal: the model refused; error: the provider
     * failed; other: a reason the canonical model has no name for (its wire value is kept in
     * extensions).
     */
    finish_reason?: "stop" | "length" | "tool_calls" | "content_filter" | "refusal" | "error" | "other";
    usage?: Usage;
    extensions?: Extensions;
};
/**
 * Generation settings of a request. Each is mapped where the target dialect has it; otherwise it is
 * a reported loss.
 * From `schemas/canonical/settings.json#`.
 */
export type Settings = {
    max_tokens?: number;
    temperature?: number;
    top_p?: number;
    top_k?: number;
    /** Stop sequences (a dialect that takes one string as well reads it as a list of one). */
    stop?: string[];
    seed?: number;
    presence_penalty?: number;
    frequency_penalty?: number;
    /** How many alternative answers to generate. */
    candidates?: number;
    response_format?: ResponseFormat;
    reasoning_effort?: "minimal" | "low" | "medium" | "high";
    /** Tokens the model may spend thinking (0 turns thinking off where the dialect allows it). */
    reasoning_budget?: number;
    /** An end-user identifier. */
    user?: string;
    stream?: boolean;
};
/**
 * One canonical stream event: what convert_stream reads a source stream into and writes a target's
 * events from. Order: message_start, then text, reasoning, refusal and tool call events as they
 * arrive, then finish and usage, then message_stop.
 * From `schemas/canonical/stream_event.json#`.
 */
export type StreamEvent = MessageStart | TextDelta | ReasoningDelta | CitationDelta | RefusalDelta | ToolCallStart | StreamEventToolCallDelta | ToolCallStop | Finish | UsageUpdate | MessageStop;
/**
 * One call of a tool by the model. When the wire's argument text is not a JSON object, arguments is
 * null, raw_arguments keeps the text and arguments_error says why: such a call is invalid and must
 * not be executed. A streamed call cut off early is marked incomplete, with the same rule.
 * From `schemas/canonical/tool_call.json#`.
 * Not expressed: if/then/else, not.
 */
export type ToolCall = {
    id: string | null;
    name: string;
    arguments: {
        [key: string]: unknown;
    } | null;
    /** The argument text exactly as the wire carried it, for dialects that send text. */
    raw_arguments?: string;
    /** Why the argument text is not a JSON object. */
    arguments_error?: string;
    /**
     * The plain-text input of a custom (freeform) tool's call (OpenAI custom tools); such a call has
     * no arguments object: arguments is null.
     */
    input?: string;
    /**
     * The stream ended (cut off, length limit) before this call did; arguments is null and
     * raw_arguments holds what arrived. Never executed, never repaired.
     */
    incomplete?: true;
    extensions?: Extensions;
};
/**
 * What one stream event added to one call: its position among the calls of the message, and the id,
 * name or argument text that arrived.
 * From `schemas/canonical/tool_call_delta.json#`.
 */
export type ToolCallDelta = {
    /** The call's position in order of first appearance, from 0. */
    index: number;
    id?: string;
    name?: string;
    /** A fragment of the argument JSON text, in order. */
    arguments_delta?: string;
};
/**
 * Whether and which tools the model may or must call. mode 'tool' names exactly one tool; 'auto'
 * and 'required' may restrict the allowed tools with names ('required' with a single name is
 * spelled 'tool').
 * From `schemas/canonical/tool_choice.json#`.
 * Not expressed: if/then/else.
 */
export type ToolChoice = {
    mode: "auto" | "none" | "required" | "tool";
    names?: string[];
    /**
     * Those of names that name custom (freeform) tools, which OpenAI spells apart from functions in a
     * choice.
     */
    custom_names?: string[];
    /** Whether several calls may be made in one turn; absent means the provider's default. */
    parallel?: boolean;
    extensions?: Extensions;
};
/**
 * A tool the model may call: a function (parameters, a JSON Schema of its arguments object) or a
 * custom tool (format: the model writes its input as plain text).
 * From `schemas/canonical/tool_definition.json#`.
 * Not expressed: if/then/else, not.
 */
export type ToolDefinition = {
    name: string;
    description?: string;
    /** JSON Schema of the arguments object. */
    parameters?: {
        [key: string]: unknown;
    };
    /** Ask the provider to enforce the parameters schema exactly. */
    strict?: boolean;
    /**
     * Leave the tool out of the model's initial context: a tool search tool finds and loads it when
     * needed.
     */
    defer_loading?: boolean;
    /**
     * A custom (freeform) tool (OpenAI custom tools): its call's input is plain text in this format,
     * not an arguments object; such a tool has no parameters.
     */
    format?: "text" | "grammar";
    /** The syntax of a custom tool's grammar (format 'grammar'). */
    syntax?: "lark" | "regex";
    /**
     * The definition of a custom tool's grammar (format 'grammar'): the text its input must match.
     */
    grammar?: string;
    extensions?: Extensions;
    /** A prompt-cache breakpoint after this tool (the tools up to it are cached). */
    cache?: CacheBreakpoint;
};
/**
 * What running a tool call produced, sent back to the model.
 * From `schemas/canonical/tool_result.json#`.
 */
export type ToolResult = {
    /** The id of the call this answers; null when only the transport links them (MCP). */
    call_id: string | null;
    /** The called tool's name (some dialects need it). */
    name?: string;
    content: ContentPart[];
    is_error: boolean;
    /**
     * Not a result yet: the call awaits the client's input first (MCP's input_required result). A
     * dialect without such a result sends nothing for it, and reports the loss.
     */
    pending?: true;
    /**
     * The result of a custom (freeform) tool's call (OpenAI custom tools): a dialect that spells such
     * results apart (Responses' custom_tool_call_output) does so, and one without custom tools drops
     * it with its call, reporting the loss.
     */
    custom?: true;
    extensions?: Extensions;
};
/**
 * Token counts of one response, each with one meaning whatever the dialect: the parts
 * (cached_input_tokens, cache_write_input_tokens, tool_input_tokens of input_tokens;
 * reasoning_tokens of output_tokens) are included in their whole, and total_tokens is input_tokens
 * + output_tokens. A dialect whose wire count leaves parts out says so (usage_excludes in its
 * dialect.json): decode adds them, encode subtracts them.
 * From `schemas/canonical/usage.json#`.
 */
export type Usage = {
    /**
     * Every input token of the request: cache reads, cache writes and tool-use prompts (Gemini)
     * included.
     */
    input_tokens?: number;
    /** Every generated token, reasoning (thinking) included. */
    output_tokens?: number;
    /**
     * input_tokens + output_tokens; written as that sum where the target has a total and the source
     * has none.
     */
    total_tokens?: number;
    /** The part of input_tokens read from a prompt cache. */
    cached_input_tokens?: number;
    /** The part of input_tokens written to a prompt cache. */
    cache_write_input_tokens?: number;
    /** The part of input_tokens that tool-use prompts took (Gemini's toolUsePromptTokenCount). */
    tool_input_tokens?: number;
    /** The part of output_tokens spent on reasoning (thinking). */
    reasoning_tokens?: number;
};
/** From `schemas/canonical/content_part.json#/$defs/TextPart`. */
export type TextPart = {
    type: "text";
    text: string;
};
/**
 * A structured value (any JSON).
 * From `schemas/canonical/content_part.json#/$defs/JsonPart`.
 */
export type JsonPart = {
    type: "json";
    value: unknown;
};
/**
 * An image, inline as base64 data or by URL.
 * From `schemas/canonical/content_part.json#/$defs/ImagePart`.
 */
export type ImagePart = {
    type: "image";
    media_type?: string;
    data?: string;
    url?: string;
} & ({
    data: unknown;
    media_type: unknown;
} | {
    url: unknown;
});
/**
 * A document (a PDF, a text file) a tool returned: inline as base64 data with its media type, by
 * URL, or as plain text; name is its title or file name.
 * From `schemas/canonical/content_part.json#/$defs/DocumentPart`.
 */
export type DocumentPart = {
    type: "document";
    media_type?: string;
    data?: string;
    url?: string;
    text?: string;
    name?: string;
} & ({
    data: unknown;
    media_type: unknown;
} | {
    url: unknown;
} | {
    text: unknown;
});
/**
 * A block the canonical model has no kind for, kept verbatim; only its own dialect can carry it.
 * From `schemas/canonical/content_part.json#/$defs/WirePart`.
 */
export type WirePart = {
    type: "wire";
    dialect: string;
    value: {
        [key: string]: unknown;
    };
};
/** From `schemas/canonical/message_part.json#/$defs/TextMessagePart`. */
export type TextMessagePart = {
    type: "text";
    text: string;
    /** Where the text cites the request's documents (an answer grounded in them), in order. */
    citations?: Citation[];
    extensions?: Extensions;
    cache?: CacheBreakpoint;
};
/**
 * An image, inline as base64 data (with its media type) or by URL.
 * From `schemas/canonical/message_part.json#/$defs/ImageMessagePart`.
 */
export type ImageMessagePart = {
    type: "image";
    media_type?: string;
    data?: string;
    url?: string;
    extensions?: Extensions;
    cache?: CacheBreakpoint;
} & ({
    data: unknown;
} | {
    url: unknown;
});
/**
 * A document (a PDF, a text file): inline as base64 data with its media type, by URL, or as plain
 * text; name is its title or file name.
 * From `schemas/canonical/message_part.json#/$defs/DocumentMessagePart`.
 */
export type DocumentMessagePart = {
    type: "document";
    media_type?: string;
    data?: string;
    url?: string;
    text?: string;
    name?: string;
    /** The model may cite this document (Anthropic's and Bedrock's citations.enabled). */
    citations?: boolean;
    extensions?: Extensions;
    cache?: CacheBreakpoint;
} & ({
    data: unknown;
    media_type: unknown;
} | {
    url: unknown;
} | {
    text: unknown;
});
/**
 * A tool call the assistant made.
 * From `schemas/canonical/message_part.json#/$defs/ToolCallPart`.
 */
export type ToolCallPart = {
    type: "tool_call";
    call: ToolCall;
    cache?: CacheBreakpoint;
};
/**
 * The result of a tool call, sent back in a user turn.
 * From `schemas/canonical/message_part.json#/$defs/ToolResultPart`.
 */
export type ToolResultPart = {
    type: "tool_result";
    result: ToolResult;
    cache?: CacheBreakpoint;
};
/**
 * The model's reasoning (thinking) as its dialect carries it. Signatures, redacted and encrypted
 * reasoning are opaque and valid only for the dialect that produced them: they stay in extensions,
 * and another dialect reports the whole part as a loss (or carries its text as text when asked to).
 * From `schemas/canonical/message_part.json#/$defs/ReasoningPart`.
 */
export type ReasoningPart = {
    type: "reasoning";
    /** The dialect that produced this reasoning. */
    dialect: string;
    /** The readable reasoning text or summary, when the wire has one. */
    text?: string;
    extensions?: Extensions;
    cache?: CacheBreakpoint;
};
/**
 * The model declining to answer.
 * From `schemas/canonical/message_part.json#/$defs/RefusalPart`.
 */
export type RefusalPart = {
    type: "refusal";
    text: string;
    extensions?: Extensions;
    cache?: CacheBreakpoint;
};
/**
 * One citation of a text part: a range of a request document (char: characters, page: pages, block:
 * content blocks; the numbers as the provider gave them, its end index convention kept), or a
 * citation of a kind with no canonical fields, kept verbatim (wire): only its own dialect can carry
 * it.
 * From `schemas/canonical/message_part.json#/$defs/Citation`.
 */
export type Citation = DocumentCitation | WireCitation;
/** From `schemas/canonical/message_part.json#/$defs/DocumentCitation`. */
export type DocumentCitation = {
    kind: "char" | "page" | "block";
    cited_text?: string;
    document_index?: number;
    document_title?: string;
    start?: number;
    end?: number;
};
/**
 * A citation the canonical model has no kind for (a web search or search result location), kept
 * verbatim.
 * From `schemas/canonical/message_part.json#/$defs/WireCitation`.
 */
export type WireCitation = {
    kind: "wire";
    dialect: string;
    value: {
        [key: string]: unknown;
    };
};
/**
 * A block the canonical model has no kind for, kept verbatim; only its own dialect can carry it.
 * From `schemas/canonical/message_part.json#/$defs/WireMessagePart`.
 */
export type WireMessagePart = {
    type: "wire";
    dialect: string;
    value: unknown;
    /**
     * The block is a wire turn of its own (an item of a list of items), not a block inside a turn.
     */
    unit?: true;
    /**
     * The JSON Pointer, from its wire turn, of the list field the block is an element of (an OpenAI
     * Chat custom tool call in /tool_calls): only its dialect carries it, back into that field in its
     * place.
     */
    field?: string;
    cache?: CacheBreakpoint;
};
/**
 * Plain text, any JSON object, or JSON matching a schema.
 * From `schemas/canonical/settings.json#/$defs/ResponseFormat`.
 */
export type ResponseFormat = {
    type: "text" | "json_object" | "json_schema";
    name?: string;
    description?: string;
    schema?: {
        [key: string]: unknown;
    };
    strict?: boolean;
};
/**
 * The message begins (first, once): its id and model where the source says them.
 * From `schemas/canonical/stream_event.json#/oneOf/0`.
 */
export type MessageStart = {
    type: "message_start";
    id?: string;
    model?: string;
};
/**
 * A piece of the assistant's text, in order.
 * From `schemas/canonical/stream_event.json#/oneOf/1`.
 */
export type TextDelta = {
    type: "text_delta";
    text: string;
};
/**
 * A piece of the model's reasoning (thinking, reasoning summary, tool plan) as the dialect that
 * produced it streams it; an opaque signature or encrypted content rides in
 * extensions.<dialect>.fields./signature, which only that dialect can replay.
 * From `schemas/canonical/stream_event.json#/oneOf/2`.
 */
export type ReasoningDelta = {
    type: "reasoning_delta";
    dialect: string;
    text?: string;
    extensions?: Extensions;
};
/**
 * A citation on the text, as its dialect's stream gave it (Anthropic's citations_delta citation,
 * Bedrock's delta citation): not relayed yet, a relay reports the stream's citations once.
 * From `schemas/canonical/stream_event.json#/oneOf/3`.
 */
export type CitationDelta = {
    type: "citation_delta";
    dialect: string;
    value: unknown;
};
/**
 * A piece of the model's refusal text (OpenAI's refusal), in order.
 * From `schemas/canonical/stream_event.json#/oneOf/4`.
 */
export type RefusalDelta = {
    type: "refusal_delta";
    text: string;
};
/**
 * A tool call begins: its position among the message's calls (from 0, in order of first
 * appearance), id, name and the dialect's own fields of the call; custom: true for an OpenAI custom
 * (freeform) tool's call, whose deltas carry its plain input text.
 * From `schemas/canonical/stream_event.json#/oneOf/5`.
 */
export type ToolCallStart = {
    type: "tool_call_start";
    index: number;
    id?: string | null;
    name?: string | null;
    custom?: true;
    /**
     * The call's wire fields that only its dialect carries (Anthropic's caller), as a conversation's
     * tool call keeps them.
     */
    extensions?: Extensions;
};
/**
 * A fragment of a call's argument JSON text (a custom tool's call: of its plain input text), in
 * order.
 * From `schemas/canonical/stream_event.json#/oneOf/6`.
 */
export type StreamEventToolCallDelta = {
    type: "tool_call_delta";
    index: number;
    arguments_delta: string;
};
/**
 * A call is complete; call is the canonical ToolCall the source's own reading gives (its extensions
 * ride along for a same-dialect relay). A call the stream cut off gets no stop.
 * From `schemas/canonical/stream_event.json#/oneOf/7`.
 */
export type ToolCallStop = {
    type: "tool_call_stop";
    index: number;
    call?: ToolCall;
};
/**
 * Why the message ended (schemas/canonical/response.json finish_reason); the wire value stays in
 * extensions.<dialect>.fields./finish_reason for a same-dialect relay.
 * From `schemas/canonical/stream_event.json#/oneOf/8`.
 */
export type Finish = {
    type: "finish";
    finish_reason: "stop" | "length" | "tool_calls" | "content_filter" | "refusal" | "error" | "other";
    extensions?: Extensions;
};
/**
 * Token counts so far: the fields given replace earlier values of the same fields (a provider may
 * send input and output counts in different events, or cumulative counts on every chunk).
 * From `schemas/canonical/stream_event.json#/oneOf/9`.
 */
export type UsageUpdate = {
    type: "usage";
    usage: Usage;
};
/**
 * The input ended (last, once): a writer closes the open block and writes the finish and usage.
 * Without a finish event the stream was cut off: a writer ends it there, its block open, with no
 * finish and no end of its own.
 * From `schemas/canonical/stream_event.json#/oneOf/10`.
 */
export type MessageStop = {
    type: "message_stop";
};
