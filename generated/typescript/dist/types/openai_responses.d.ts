/**
 * An error response's body (the SDK's ErrorObject under `error`, as Chat Completions sends it). The
 * HTTP status is on the status line. (A response object's own `error` {code, message}, of a failed
 * background response, is part of the response, not this body.)
 * From `schemas/dialects/openai_responses/error.json#`.
 */
export type OpenAIResponsesError = {
    error: {
        message: string;
        type: string;
        param?: string | null;
        code?: string | null;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A Responses API request body (POST /v1/responses): tools, tool choice, and the function_call /
 * function_call_output items that sit flat in `input` among messages. Every other parameter of the
 * API reference (openai-python 3.57 ResponseCreateParams) is named too, so that --strict reports
 * only fields the reference does not document. Open to every other field.
 * From `schemas/dialects/openai_responses/request.json#`.
 */
export type OpenAIResponsesRequest = {
    model?: string;
    input?: string | OpenAIResponsesInputItem[];
    instructions?: string | null;
    tools?: OpenAIResponsesRequestTool[];
    tool_choice?: OpenAIResponsesRequestToolChoice;
    parallel_tool_calls?: boolean | null;
    stream?: boolean | null;
    stream_options?: {
        include_obfuscation?: boolean;
        [key: string]: unknown;
    } | null;
    /**
     * Extra output to include, e.g. "reasoning.encrypted_content", "message.output_text.logprobs",
     * "file_search_call.results".
     */
    include?: string[] | null;
    /** Access programs to run the request under. */
    access_programs?: {
        [key: string]: unknown;
    } | null;
    background?: boolean | null;
    /** Options of background mode (completion_window, continuation_id). */
    background_options?: {
        [key: string]: unknown;
    } | null;
    /** Context management entries ({type, compact_threshold}). */
    context_management?: {
        [key: string]: unknown;
    }[] | null;
    /** The conversation this response belongs to: its id, or {id}. */
    conversation?: string | {
        [key: string]: unknown;
    } | null;
    /** Image input options (context_compression). */
    image?: {
        [key: string]: unknown;
    } | null;
    max_output_tokens?: number | null;
    max_tool_calls?: number | null;
    /** Up to 16 string key-value pairs. */
    metadata?: {
        [key: string]: unknown;
    } | null;
    /** Moderation of the input and output. */
    moderation?: {
        [key: string]: unknown;
    } | null;
    previous_response_id?: string | null;
    /** A prompt template reference ({id, variables, version}). */
    prompt?: {
        [key: string]: unknown;
    } | null;
    prompt_cache_key?: string | null;
    /** Prompt caching options (mode, ttl, prewarm, comparison_response_id). */
    prompt_cache_options?: {
        [key: string]: unknown;
    } | null;
    prompt_cache_retention?: string | null;
    /** Reasoning configuration (effort, summary, generate_summary, context, mode). */
    reasoning?: {
        [key: string]: unknown;
    } | null;
    safety_identifier?: string | null;
    service_tier?: string | null;
    store?: boolean | null;
    temperature?: number | null;
    /** Text output configuration (format: text / json_object / json_schema, verbosity). */
    text?: {
        [key: string]: unknown;
    } | null;
    top_logprobs?: number | null;
    top_p?: number | null;
    truncation?: string | null;
    user?: string | null;
    [key: string]: unknown;
} & ({
    model: unknown;
    input: unknown;
} | {
    prompt: {
        [key: string]: unknown;
    };
} | {
    previous_response_id: string;
    model: unknown;
});
/**
 * A Response object: calls are `function_call` items of `output` (after any reasoning items). There
 * is no finish reason: `status` says how the turn ended (completed, incomplete with
 * incomplete_details.reason, failed, ...). The request's tools and tool choice are echoed. Every
 * other field of the API reference (openai-python 3.57 Response) is named too, and so are the
 * fields of every output item type.
 * From `schemas/dialects/openai_responses/response.json#`.
 */
export type OpenAIResponsesResponse = ({
    id: unknown;
    object: unknown;
    created_at: unknown;
    model: unknown;
    output: unknown;
    parallel_tool_calls: unknown;
    tool_choice: unknown;
    tools: unknown;
    [key: string]: unknown;
} | unknown[] | string | number | boolean | null) & ResponseFields;
/**
 * One server-sent event of a streamed response (the JSON of one `data:` line; its `type` repeats
 * the SSE event name). A function call arrives as response.output_item.added (item with call_id,
 * name and empty arguments), response.function_call_arguments.delta fragments keyed by item_id (the
 * item's fc_ id, not call_id), response.function_call_arguments.done and response.output_item.done.
 * The fields of every other event type of the API reference (openai-python 3.57
 * ResponseStreamEvent) are named too.
 * From `schemas/dialects/openai_responses/stream_event.json#`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesStreamEvent = {
    type: string;
    sequence_number?: number;
    [key: string]: unknown;
};
/**
 * A `function_call` (or `custom_tool_call`, whose `input` is plain text) item of the response's
 * `output` (or replayed in a request's `input`). `call_id` is what results answer; `id` is the
 * item's own id (fc_...), required on output and optional on input. `arguments` is JSON text that
 * may be invalid; it is kept as the model wrote it.
 * From `schemas/dialects/openai_responses/tool_call.json#`.
 * Not expressed: if/then/else, not.
 */
export type OpenAIResponsesFunctionCall = {
    type: "function_call" | "custom_tool_call";
    id?: string | null;
    call_id: string;
    name: string;
    arguments?: string;
    /**
     * Set on items the API returns; null on a replayed input item is accepted (openai-python's model
     * dump of ResponseFunctionToolCall, whose status is Optional).
     */
    status?: "in_progress" | "completed" | "incomplete" | null;
    async?: boolean | null;
    namespace?: string | null;
    caller?: OpenAIResponsesCaller;
    /** A custom_tool_call's plain-text input (openai-python ResponseCustomToolCall). */
    input?: string;
    [key: string]: unknown;
} & ({
    arguments: string;
} | {
    input: string;
});
/**
 * The request's `tool_choice` as far as function and custom tools go: a mode, one named function or
 * custom tool, or a restricted set of allowed tools. Choices of hosted tools (file_search,
 * web_search_preview, mcp, ...) are not read.
 * From `schemas/dialects/openai_responses/tool_choice.json#`.
 */
export type OpenAIResponsesToolChoice = OpenAIResponsesToolChoiceMode | OpenAIResponsesFunctionToolChoice | OpenAIResponsesCustomToolChoice | OpenAIResponsesAllowedToolsChoice;
/**
 * A function tool in the request's `tools` list (flat: no nested `function` object), or a custom
 * (freeform) tool, whose call's input is plain text, optionally constrained by a grammar
 * (openai-python CustomToolParam, CustomToolInputFormat). A function's `strict` false is
 * best-effort calling, true is strict mode, and left out or null makes the API use strict mode
 * wherever it can normalize the schema to it.
 * From `schemas/dialects/openai_responses/tool_definition.json#`.
 * Not expressed: if/then/else, not.
 */
export type OpenAIResponsesFunctionTool = {
    type: "function" | "custom";
    name: string;
    description?: string | null;
    parameters?: {
        [key: string]: unknown;
    } | null;
    strict?: boolean | null;
    /**
     * A custom tool's input: text (unconstrained), or a grammar it must match.
     * Not expressed: if/then/else.
     */
    format?: {
        type: "text" | "grammar";
        syntax?: "lark" | "regex";
        definition?: string;
        [key: string]: unknown;
    };
    /** Who may call it: direct (the model), programmatic (code the model runs). */
    allowed_callers?: ("direct" | "programmatic")[] | null;
    defer_loading?: boolean | null;
    /** A JSON Schema of the function's output. */
    output_schema?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
} & ({
    parameters?: {
        [key: string]: unknown;
    } | null;
} | {
    /** Not expressed: if/then/else. */
    format?: {
        type: "text" | "grammar";
        syntax?: "lark" | "regex";
        definition?: string;
        [key: string]: unknown;
    };
});
/**
 * A `function_call_output` (or `custom_tool_call_output`) item of the request's `input`: the output
 * of the call with this `call_id`, as a string or a list of input_text / input_image / input_file
 * items. There is no error flag.
 * From `schemas/dialects/openai_responses/tool_result.json#`.
 */
export type OpenAIResponsesFunctionCallOutput = {
    /**
     * custom_tool_call_output answers a custom_tool_call (openai-python
     * ResponseCustomToolCallOutput), function_call_output a function_call.
     */
    type: "function_call_output" | "custom_tool_call_output";
    call_id: string;
    output: string | OpenAIResponsesFunctionCallOutputItem[];
    id?: string | null;
    status?: "in_progress" | "completed" | "incomplete" | null;
    name?: string | null;
    namespace?: string | null;
    caller?: OpenAIResponsesCaller;
    [key: string]: unknown;
};
/**
 * A message ({role, content}, `type` optional), a function_call, a function_call_output, or another
 * item (reasoning, hosted tool calls, item_reference, ...). The fields of every item type are named
 * in response.json#/$defs/Item.
 * From `schemas/dialects/openai_responses/request.json#/$defs/InputItem`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesInputItem = {
    [key: string]: unknown;
} & OpenAIResponsesItem;
/**
 * A function tool, or a hosted tool (web_search, file_search, mcp, custom, ...) that toolwire does
 * not convert. The fields of each hosted tool type are named (openai-python 3.57 ToolParam and
 * Tool).
 * From `schemas/dialects/openai_responses/request.json#/$defs/Tool`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesRequestTool = {
    type: string;
    [key: string]: unknown;
};
/**
 * A function tool choice, or the choice of a hosted tool.
 * From `schemas/dialects/openai_responses/request.json#/$defs/ToolChoice`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesRequestToolChoice = OpenAIResponsesToolChoice | {
    /** Not expressed: not. */
    type: string;
    [key: string]: unknown;
} | {
    type: "allowed_tools";
    mode: "auto" | "required";
    tools: {
        type: string;
        [key: string]: unknown;
    }[];
    [key: string]: unknown;
};
/**
 * The Response object's fields, with none required: what a stream's events carry (response.created,
 * response.completed) may be partial.
 * From `schemas/dialects/openai_responses/response.json#/$defs/ResponseFields`.
 */
export type ResponseFields = {
    id?: string;
    object?: "response";
    created_at?: number;
    completed_at?: number | null;
    status?: string;
    /** Why the response failed (code, message), or null. */
    error?: {
        code?: string | null;
        message?: string | null;
        param?: string | null;
        misalignment?: unknown;
        [key: string]: unknown;
    } | null;
    incomplete_details?: {
        reason?: string | null;
        [key: string]: unknown;
    } | null;
    model?: string;
    output?: OpenAIResponsesOutputItem[];
    usage?: OpenAIResponsesUsage;
    tools?: OpenAIResponsesRequestTool[];
    tool_choice?: OpenAIResponsesRequestToolChoice;
    parallel_tool_calls?: boolean | null;
    /** Access programs the request ran under. */
    access_programs?: {
        [key: string]: unknown;
    } | null;
    background?: boolean | null;
    /**
     * Who is billed for the response ({payer}). Sent by the API (live captures; also in
     * async-openai's Response), not in openai-python's Response model.
     */
    billing?: {
        [key: string]: unknown;
    } | null;
    /** The conversation this response belongs to ({id}). */
    conversation?: {
        [key: string]: unknown;
    } | null;
    /**
     * Echoed sampling parameter. Sent by the API (live captures), not in openai-python's Response
     * model.
     */
    frequency_penalty?: number | null;
    /** Image input options echoed from the request. */
    image?: {
        [key: string]: unknown;
    } | null;
    /** Transformations applied to the input. */
    input_transformations?: unknown[] | null;
    /** The request's instructions: text or input items. */
    instructions?: string | unknown[] | null;
    max_output_tokens?: number | null;
    max_tool_calls?: number | null;
    /** Up to 16 string key-value pairs. */
    metadata?: {
        [key: string]: unknown;
    } | null;
    /** Moderation results of the input and output, when requested. */
    moderation?: {
        [key: string]: unknown;
    } | null;
    /**
     * Echoed sampling parameter. Sent by the API (live captures), not in openai-python's Response
     * model.
     */
    presence_penalty?: number | null;
    previous_response_id?: string | null;
    /** The prompt template used ({id, variables, version}). */
    prompt?: {
        [key: string]: unknown;
    } | null;
    /**
     * Why the prompt cache was or was not reused (with prompt_cache_options.comparison_response_id).
     */
    prompt_cache_diagnostics?: {
        [key: string]: unknown;
    } | null;
    prompt_cache_key?: string | null;
    /** Prompt caching options echoed from the request. */
    prompt_cache_options?: {
        [key: string]: unknown;
    } | null;
    prompt_cache_retention?: string | null;
    /** Reasoning configuration echoed from the request (effort, summary, ...). */
    reasoning?: {
        [key: string]: unknown;
    } | null;
    safety_identifier?: string | null;
    service_tier?: string | null;
    /**
     * The request's store flag, echoed. Sent by the API (live captures), not in openai-python's
     * Response model.
     */
    store?: boolean | null;
    temperature?: number | null;
    /** Text output configuration echoed from the request (format, verbosity). */
    text?: {
        [key: string]: unknown;
    } | null;
    /** Usage of hosted tools. */
    tool_usage?: {
        [key: string]: unknown;
    } | null;
    top_logprobs?: number | null;
    top_p?: number | null;
    truncation?: string | null;
    user?: string | null;
    [key: string]: unknown;
};
/**
 * A function_call item, or another output item (message, reasoning, hosted tool calls, a
 * function_call_output echoed back, ...).
 * From `schemas/dialects/openai_responses/response.json#/$defs/OutputItem`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesOutputItem = {
    type: string;
    [key: string]: unknown;
} & OpenAIResponsesItem;
/**
 * The fields of every item type other than function_call and function_call_output (whose shapes are
 * tool_call.json and tool_result.json), as in openai-python 3.57 ResponseOutputItem and
 * ResponseInputItemParam. Items of other types stay undescribed (opaque).
 * From `schemas/dialects/openai_responses/response.json#/$defs/Item`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesItem = unknown;
/**
 * A content part of a message or reasoning item: input_text, input_image, input_file (input
 * messages), output_text, refusal (assistant messages), summary_text, reasoning_text (reasoning
 * items).
 * From `schemas/dialects/openai_responses/response.json#/$defs/ContentPart`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesContentPart = {
    type?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_responses/response.json#/$defs/PromptCacheBreakpoint`. */
export type OpenAIResponsesPromptCacheBreakpoint = {
    mode?: string;
    ttl?: string;
    [key: string]: unknown;
};
/**
 * Token usage (ResponseUsage); the details objects break the counts down (cached_tokens,
 * cache_write_tokens, reasoning_tokens, ...).
 * From `schemas/dialects/openai_responses/response.json#/$defs/Usage`.
 */
export type OpenAIResponsesUsage = {
    input_tokens?: number;
    input_tokens_details?: {
        [key: string]: unknown;
    } | null;
    output_tokens?: number;
    output_tokens_details?: {
        [key: string]: unknown;
    } | null;
    total_tokens?: number;
    [key: string]: unknown;
} | null;
/**
 * Who made the call: the model (direct) or a program it ran (program, with caller_id). Source:
 * openai-python ResponseFunctionToolCall.caller.
 * From `schemas/dialects/openai_responses/tool_call.json#/$defs/Caller`.
 */
export type OpenAIResponsesCaller = {
    type?: "direct" | "program";
    caller_id?: string;
    [key: string]: unknown;
} | null;
/** From `schemas/dialects/openai_responses/tool_choice.json#/oneOf/0`. */
export type OpenAIResponsesToolChoiceMode = "none" | "auto" | "required";
/** From `schemas/dialects/openai_responses/tool_choice.json#/oneOf/1`. */
export type OpenAIResponsesFunctionToolChoice = {
    type: "function";
    name: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_responses/tool_choice.json#/oneOf/2`. */
export type OpenAIResponsesCustomToolChoice = {
    type: "custom";
    name: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_responses/tool_choice.json#/oneOf/3`. */
export type OpenAIResponsesAllowedToolsChoice = {
    type: "allowed_tools";
    mode: "auto" | "required";
    tools: {
        type: "function" | "custom";
        name: string;
        [key: string]: unknown;
    }[];
    [key: string]: unknown;
};
/**
 * input_text and input_image items are mapped; input_file items are kept verbatim. Source:
 * openai-python response_input_item_param.
 * From `schemas/dialects/openai_responses/tool_result.json#/$defs/OutputItem`.
 * Not expressed: if/then/else.
 */
export type OpenAIResponsesFunctionCallOutputItem = {
    type: string;
    /** Marks the end of a reusable prompt prefix ({mode: explicit, ttl?}). */
    prompt_cache_breakpoint?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
