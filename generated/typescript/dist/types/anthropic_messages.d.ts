/**
 * An error response's body, and a stream's `error` event: {type: "error", error: {type, message},
 * request_id?}. The HTTP status is on the status line.
 * From `schemas/dialects/anthropic_messages/error.json#`.
 */
export type AnthropicError = {
    type: "error";
    error: {
        /**
         * The documented kinds are invalid_request_error, authentication_error, billing_error,
         * permission_error, not_found_error, request_too_large, rate_limit_error, api_error,
         * timeout_error, overloaded_error; a kind added later is still an error body (toolwire reads it
         * with no category).
         */
        type: string;
        message: string;
        [key: string]: unknown;
    };
    request_id?: string | null;
    [key: string]: unknown;
};
/**
 * A Messages API request body (POST /v1/messages): the parts that carry tools, tool choice, calls
 * and results, and the other documented parameters. Open to every other field. Source:
 * anthropic-sdk-python MessageCreateParams (beta: BetaMessageCreateParams), Anthropic Messages API
 * reference.
 * From `schemas/dialects/anthropic_messages/request.json#`.
 */
export type AnthropicMessagesRequest = {
    model: string;
    max_tokens: number;
    messages: {
        /**
         * system (beta, BetaMessageParam): system instructions or tool changes between turns
         * (mid_conv_system, tool_addition, tool_removal blocks).
         */
        role: "user" | "assistant" | "system";
        content: string | AnthropicContentBlock[];
        [key: string]: unknown;
    }[];
    tools?: AnthropicTool[];
    tool_choice?: AnthropicToolChoice;
    /** A string, or text blocks (with cache_control, citations). */
    system?: string | AnthropicContentBlock[];
    metadata?: {
        user_id?: string | null;
        [key: string]: unknown;
    };
    stop_sequences?: string[];
    stream?: boolean;
    temperature?: number;
    top_p?: number;
    top_k?: number;
    thinking?: AnthropicThinkingConfig;
    /** OutputConfig: output format (json_schema) and effort. */
    output_config?: {
        [key: string]: unknown;
    };
    /** auto or standard_only. */
    service_tier?: string;
    /** Container id (or, beta, container parameters with skills) for the code execution tool. */
    container?: string | {
        [key: string]: unknown;
    } | null;
    inference_geo?: string | null;
    /** standard or fast (high output-tokens-per-second inference). */
    speed?: "standard" | "fast" | null;
    /** The user profile a request is made on behalf of. */
    user_profile_id?: string | null;
    /** Top-level automatic cache breakpoint (on the last cacheable block). */
    cache_control?: AnthropicCacheControl;
    /** Beta: context editing strategies. */
    context_management?: {
        [key: string]: unknown;
    } | null;
    /** Beta: MCP connector server definitions. */
    mcp_servers?: unknown[];
    /** Beta (structured outputs), superseded by output_config.format. */
    output_format?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
/**
 * A Messages API response (a Message): tool_use blocks in content, and the stop reason. Source:
 * anthropic-sdk-python Message, Usage (beta: BetaMessage), Anthropic Messages API reference.
 * From `schemas/dialects/anthropic_messages/response.json#`.
 */
export type AnthropicMessagesResponse = {
    id: string;
    type: "message";
    role: "assistant";
    model: string;
    content: AnthropicContentBlock[];
    stop_reason?: string | null;
    stop_sequence?: string | null;
    stop_details?: AnthropicRefusalStopDetails;
    usage: ({
        input_tokens: unknown;
        output_tokens: unknown;
        [key: string]: unknown;
    } | unknown[] | string | number | boolean | null) & AnthropicUsage;
    container?: AnthropicContainer;
    /** Beta: the context management strategies applied. */
    context_management?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
/**
 * One server-sent event of a streamed Messages response (the JSON of one `data:` line; its `type`
 * repeats the `event:` name). A tool call is a content block: `content_block_start` with a tool_use
 * block (input {}), `content_block_delta` events with `input_json_delta.partial_json` text,
 * `content_block_stop`; all keyed by the block `index`, which counts text and thinking blocks too.
 * `message_delta` carries the stop reason; `ping` events are interleaved. The event types are the
 * documented ones (a new type fails validation here, while the assembler ignores it). Source:
 * anthropic-sdk-python RawMessageStreamEvent, Anthropic streaming reference. Open to every other
 * field.
 * From `schemas/dialects/anthropic_messages/stream_event.json#`.
 * Not expressed: if/then/else.
 */
export type AnthropicMessagesStreamEvent = {
    type: "message_start" | "content_block_start" | "content_block_delta" | "content_block_stop" | "message_delta" | "message_stop" | "ping" | "error";
    [key: string]: unknown;
};
/**
 * A `tool_use` content block of an assistant message.
 * From `schemas/dialects/anthropic_messages/tool_call.json#`.
 */
export type AnthropicToolUseBlock = {
    type: "tool_use";
    id: string;
    name: string;
    input: {
        [key: string]: unknown;
    };
    cache_control?: {
        [key: string]: unknown;
    } | null;
    /**
     * Who made the call: the model directly, or a server tool (code execution) on its behalf. Source:
     * anthropic-python ToolUseBlock.caller (DirectCaller {type} | ServerToolCaller {type, tool_id}:
     * type is required).
     */
    caller?: {
        type: string;
        tool_id?: string;
        [key: string]: unknown;
    } | null;
    toolset_name?: string | null;
    [key: string]: unknown;
};
/**
 * The request's `tool_choice`.
 * From `schemas/dialects/anthropic_messages/tool_choice.json#`.
 * Not expressed: if/then/else.
 */
export type AnthropicToolChoice = {
    type: "auto" | "any" | "tool" | "none";
    name?: string;
    disable_parallel_tool_use?: boolean;
    [key: string]: unknown;
};
/**
 * An element of the request's `tools` list: a custom (client) tool. Server tools such as web_search
 * carry a `type` and are not tool definitions toolwire converts.
 * From `schemas/dialects/anthropic_messages/tool_definition.json#`.
 */
export type AnthropicToolDefinition = {
    type?: "custom";
    name: string;
    description?: string;
    /**
     * A JSON Schema of the arguments (any keywords; its keys are the tool's, not wire fields),
     * top-level type object.
     */
    input_schema: {
        type: "object";
        [key: string]: unknown;
    };
    strict?: boolean;
    /**
     * Beta (tool search): the tool is left out of the initial prompt until a tool_reference or
     * tool_addition surfaces it.
     */
    defer_loading?: boolean;
    /**
     * Beta (programmatic tool calling): who may call the tool, direct or a code_execution tool
     * version.
     */
    allowed_callers?: string[];
    /** Beta: stream the input as it is generated (fine-grained tool streaming). */
    eager_input_streaming?: boolean | null;
    /** Beta: example inputs, each an object matching input_schema. */
    input_examples?: {
        [key: string]: unknown;
    }[];
    cache_control?: {
        type: "ephemeral";
        ttl?: "5m" | "1h";
    } | null;
    [key: string]: unknown;
};
/**
 * A `tool_result` content block of a user message.
 * From `schemas/dialects/anthropic_messages/tool_result.json#`.
 */
export type AnthropicToolResultBlock = {
    type: "tool_result";
    tool_use_id: string;
    content?: string | AnthropicToolResultContentBlock[];
    is_error?: boolean;
    cache_control?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
/**
 * A prompt-cache breakpoint (CacheControlEphemeralParam): the prompt up to and including this block
 * is cached; ttl defaults to 5m.
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/CacheControl`.
 */
export type AnthropicCacheControl = {
    type: "ephemeral";
    ttl?: "5m" | "1h";
} | null;
/**
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/Block`.
 * Not expressed: if/then/else.
 */
export type AnthropicContentBlock = {
    type: string;
    [key: string]: unknown;
} & AnthropicContentBlockFields & AnthropicContentBlockRequired;
/**
 * The fields each block type must have in a request or a response (Required in the SDK's
 * TextBlockParam, ImageBlockParam, DocumentBlockParam, ThinkingBlockParam,
 * RedactedThinkingBlockParam, ServerToolUseBlockParam, the server tool result block params,
 * BetaMCPToolUseBlockParam, BetaRequestMCPToolResultBlockParam, and in TextBlock, ThinkingBlock,
 * RedactedThinkingBlock): a thinking block without its signature is another dialect's (Cohere's),
 * not an Anthropic block. Not part of BlockFields, which stream events share.
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/BlockRequired`.
 * Not expressed: if/then/else.
 */
export type AnthropicContentBlockRequired = unknown;
/**
 * A citation on a text block (TextCitationParam, TextCitation; anthropic-sdk-python 2.16.0):
 * char_location (start_char_index, end_char_index), page_location (start_page_number,
 * end_page_number), content_block_location (start_block_index, end_block_index), each with
 * cited_text, document_index and document_title; web_search_result_location (url, title,
 * encrypted_index) and search_result_location (search_result_index, source, title,
 * start_block_index, end_block_index) with cited_text.
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/TextCitation`.
 */
export type AnthropicTextCitation = {
    type: string;
    cited_text?: string;
    document_index?: number;
    document_title?: string | null;
    start_char_index?: number;
    end_char_index?: number;
    start_page_number?: number;
    end_page_number?: number;
    start_block_index?: number;
    end_block_index?: number;
    [key: string]: unknown;
};
/**
 * The documented fields of each content block type other than tool_use and tool_result, by type: in
 * requests (ContentBlockParam), responses (ContentBlock) and content_block_start events. Server
 * tool blocks are described but not converted; their content and input are opaque.
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/BlockFields`.
 * Not expressed: if/then/else.
 */
export type AnthropicContentBlockFields = unknown;
/**
 * ThinkingConfigParam (BetaThinkingConfigParam): enabled with a token budget, disabled, or adaptive
 * (the model decides whether and how much to think); display says whether thinking text is returned
 * (summarized) or redacted (omitted).
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/Thinking`.
 * Not expressed: if/then/else.
 */
export type AnthropicThinkingConfig = {
    type: "enabled" | "disabled" | "adaptive";
    budget_tokens?: number;
    display?: "summarized" | "omitted" | null;
    /**
     * Beta (thinking binding controls): what happens when earlier thinking blocks no longer match the
     * conversation (prefix_mismatch_behavior: error or drop_block).
     */
    block_binding?: {
        prefix_mismatch_behavior?: string;
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
/**
 * The tool a tool_addition or tool_removal block names (beta): a tool_reference (name), an
 * mcp_tool_reference (server_name, name), an mcp_toolset_reference (server_name), or (inline-tools
 * beta) a tool_definition carrying a tools entry by value.
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/ToolChange`.
 */
export type AnthropicToolChange = {
    type: "tool_reference" | "mcp_tool_reference" | "mcp_toolset_reference" | "tool_definition";
    name?: string;
    server_name?: string;
    definition?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * An image or document source: base64 (media_type, data), url (url), file (file_id), text
 * (media_type, data) or content (content: a string or content blocks).
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/Source`.
 */
export type AnthropicContentSource = {
    type?: string;
    media_type?: string;
    data?: string;
    url?: string;
    file_id?: string;
    content?: unknown;
    [key: string]: unknown;
};
/**
 * A custom tool (no type, or type custom) or a server tool (any other type), which toolwire does
 * not convert.
 * From `schemas/dialects/anthropic_messages/request.json#/$defs/Tool`.
 * Not expressed: if/then/else.
 */
export type AnthropicTool = {
    type: unknown;
    name: unknown;
    [key: string]: unknown;
} | AnthropicToolDefinition;
/**
 * Billing and rate-limit usage (Usage). A message_delta event carries the cumulative
 * MessageDeltaUsage, a subset in which input_tokens may be null.
 * From `schemas/dialects/anthropic_messages/response.json#/$defs/Usage`.
 */
export type AnthropicUsage = {
    input_tokens?: number | null;
    output_tokens?: number;
    cache_creation_input_tokens?: number | null;
    cache_read_input_tokens?: number | null;
    cache_creation?: {
        ephemeral_5m_input_tokens?: number;
        ephemeral_1h_input_tokens?: number;
        [key: string]: unknown;
    } | null;
    /** Server tool request counts (web_search_requests, web_fetch_requests, ...). */
    server_tool_use?: {
        [key: string]: unknown;
    } | null;
    /** Breakdown of output tokens (thinking_tokens). */
    output_tokens_details?: {
        [key: string]: unknown;
    } | null;
    service_tier?: string | null;
    inference_geo?: string | null;
    /** The inference speed mode used: standard or fast. */
    speed?: string | null;
    /**
     * Beta: per-iteration usage (input/output tokens and cache statistics of each sampling iteration
     * of a server-side tool loop).
     */
    iterations?: {
        [key: string]: unknown;
    }[] | null;
    [key: string]: unknown;
};
/** From `schemas/dialects/anthropic_messages/response.json#/$defs/StopDetails`. */
export type AnthropicRefusalStopDetails = {
    type?: string;
    category?: string | null;
    explanation?: string | null;
    [key: string]: unknown;
} | null;
/**
 * The container used by the code execution tool.
 * From `schemas/dialects/anthropic_messages/response.json#/$defs/Container`.
 */
export type AnthropicContainer = {
    id?: string;
    expires_at?: string;
    skills?: unknown[] | null;
    [key: string]: unknown;
} | null;
/**
 * The content block's position in the message (text and thinking blocks count).
 * From `schemas/dialects/anthropic_messages/stream_event.json#/$defs/Index`.
 */
export type AnthropicStreamBlockIndex = number;
/**
 * The block a content_block_start opens (text with text "", thinking, redacted_thinking, server
 * tool blocks, ...); a tool_use block is the call without its input (input is {} here).
 * From `schemas/dialects/anthropic_messages/stream_event.json#/$defs/StartBlock`.
 * Not expressed: if/then/else.
 */
export type AnthropicStreamStartBlock = {
    type: string;
    [key: string]: unknown;
} & AnthropicContentBlockFields;
/**
 * A content_block_delta's delta: text_delta (text), input_json_delta (partial_json), thinking_delta
 * (thinking), signature_delta (signature) or citations_delta (citation).
 * From `schemas/dialects/anthropic_messages/stream_event.json#/$defs/BlockDelta`.
 * Not expressed: if/then/else.
 */
export type AnthropicStreamBlockDelta = {
    type: string;
    [key: string]: unknown;
};
/**
 * text and image blocks are mapped; other block types (document, search_result, ...) are kept
 * verbatim.
 * From `schemas/dialects/anthropic_messages/tool_result.json#/$defs/ContentBlock`.
 * Not expressed: if/then/else.
 */
export type AnthropicToolResultContentBlock = {
    type: string;
    [key: string]: unknown;
};
