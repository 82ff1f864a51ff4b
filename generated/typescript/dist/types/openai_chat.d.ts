/**
 * An error response's body (the SDK's ErrorObject under `error`; Chat Completions and Responses
 * share it): `type` says what kind, `param` the parameter concerned, `code` a machine-readable
 * code. The HTTP status is on the status line.
 * From `schemas/dialects/openai_chat/error.json#`.
 */
export type OpenAIChatError = {
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
 * A Chat Completions request body (POST /v1/chat/completions). Tools, tool choice, calls and
 * results are described by the shape schemas; every other parameter and message field of the API
 * reference (openai-python 3.57 CompletionCreateParams) is named here, so that --strict reports
 * only fields the reference does not document. Open to every other field.
 * From `schemas/dialects/openai_chat/request.json#`.
 */
export type OpenAIChatRequest = {
    model: string;
    /** Not expressed: if/then/else. */
    messages: {
        role: string;
        content?: OpenAIChatMessageContent;
        /** An optional name for the participant (required for the deprecated function role). */
        name?: string | null;
        [key: string]: unknown;
    }[];
    tools?: Tool[];
    tool_choice?: OpenAIChatToolChoice;
    parallel_tool_calls?: boolean;
    stream?: boolean | null;
    stream_options?: {
        include_usage?: boolean;
        include_obfuscation?: boolean;
        [key: string]: unknown;
    } | null;
    /** Audio output parameters (format, voice); required with modalities ["audio"]. */
    audio?: {
        [key: string]: unknown;
    } | null;
    frequency_penalty?: number | null;
    /** Deprecated in favor of tool_choice: "none", "auto" or {"name": ...}. */
    function_call?: string | {
        [key: string]: unknown;
    } | null;
    /** Deprecated in favor of tools: a list of {name, description, parameters}. */
    functions?: {
        [key: string]: unknown;
    }[] | null;
    /** Token id -> bias from -100 to 100. */
    logit_bias?: {
        [key: string]: unknown;
    } | null;
    logprobs?: boolean | null;
    max_completion_tokens?: number | null;
    max_tokens?: number | null;
    /** Up to 16 string key-value pairs stored with the completion. */
    metadata?: {
        [key: string]: unknown;
    } | null;
    modalities?: string[] | null;
    /** Moderation of the input and output (model, policy). */
    moderation?: {
        [key: string]: unknown;
    } | null;
    n?: number | null;
    /** Predicted output: {type: "content", content}. */
    prediction?: {
        [key: string]: unknown;
    } | null;
    presence_penalty?: number | null;
    prompt_cache_key?: string | null;
    /** Prompt caching options (mode, ttl). */
    prompt_cache_options?: {
        [key: string]: unknown;
    } | null;
    prompt_cache_retention?: string | null;
    reasoning_effort?: string | null;
    /**
     * {type: "text"}, {type: "json_object"} or {type: "json_schema", json_schema: {name, description,
     * schema, strict}}.
     */
    response_format?: {
        [key: string]: unknown;
    } | null;
    safety_identifier?: string | null;
    seed?: number | null;
    service_tier?: string | null;
    stop?: string | string[] | null;
    store?: boolean | null;
    temperature?: number | null;
    top_logprobs?: number | null;
    top_p?: number | null;
    user?: string | null;
    verbosity?: string | null;
    /** Web search tool options (search_context_size, user_location). */
    web_search_options?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
/**
 * A chat.completion response body: where the calls sit and why the turn ended. Every other field of
 * the API reference (openai-python 3.57 ChatCompletion) is named too.
 * From `schemas/dialects/openai_chat/response.json#`.
 */
export type OpenAIChatResponse = {
    id: string;
    object: "chat.completion";
    created: number;
    model: string;
    choices: {
        index: number;
        message: {
            role: "assistant";
            content?: string | null;
            refusal?: string | null;
            tool_calls?: ToolCall[] | null;
            /** URL citations when the web search tool was used. */
            annotations?: {
                type?: string;
                url_citation?: {
                    start_index?: number;
                    end_index?: number;
                    title?: string;
                    url?: string;
                    [key: string]: unknown;
                };
                [key: string]: unknown;
            }[] | null;
            /** The audio response (id, data, expires_at, transcript) when audio output was requested. */
            audio?: {
                [key: string]: unknown;
            } | null;
            /** Deprecated in favor of tool_calls. */
            function_call?: {
                name?: string;
                arguments?: string;
                [key: string]: unknown;
            } | null;
            [key: string]: unknown;
        };
        finish_reason: string | null;
        logprobs?: OpenAIChatChoiceLogprobs;
        [key: string]: unknown;
    }[];
    usage?: OpenAIChatUsage;
    service_tier?: string | null;
    system_fingerprint?: string | null;
    /** The request's metadata, echoed. */
    metadata?: {
        [key: string]: unknown;
    } | null;
    /** Moderation results of the input and output, when requested. */
    moderation?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
/**
 * One chat.completion.chunk of a streamed Chat Completion (one SSE `data:` line; the `[DONE]`
 * sentinel is not an event). Tool calls arrive as `delta.tool_calls[]` fragments keyed by `index`:
 * the first fragment of a call carries id, type and function.name, later ones only index and
 * function.arguments text. The last chunk with `stream_options.include_usage` has `choices: []` and
 * the usage. Compatible servers omit fields (index, id, object), so only `choices` is required.
 * Every other field of the API reference (openai-python 3.57 ChatCompletionChunk) is named too;
 * `obfuscation` is the random padding the API adds to streamed chunks unless
 * stream_options.include_obfuscation is false. Open to every other field. An error event: the
 * server ends the stream with {"error": {...}} in a data line (the SDKs raise an APIError on it;
 * OpenAI-compatible servers such as Groq send it too); every other chunk has choices.
 * From `schemas/dialects/openai_chat/stream_event.json#`.
 * Not expressed: if/then/else.
 */
export type OpenAIChatStreamEvent = {
    id?: string;
    object?: "chat.completion.chunk";
    created?: number;
    model?: string;
    choices?: OpenAIChatStreamChoice[];
    /** The error that ends the stream (an error event). */
    error?: {
        message?: string;
        type?: string | null;
        code?: string | number | null;
        param?: string | null;
        [key: string]: unknown;
    };
    usage?: OpenAIChatUsage;
    service_tier?: string | null;
    system_fingerprint?: string | null;
    obfuscation?: string | null;
    /** Moderation results, when requested. */
    moderation?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
} & ({
    error?: {
        message: unknown;
        [key: string]: unknown;
    } | unknown[] | string | number | boolean | null;
} | {
    choices: unknown;
});
/**
 * An element of an assistant message's `tool_calls` list: a function call, whose `arguments` is
 * JSON text that may be invalid (kept as the model wrote it), or a custom tool's call, whose
 * `input` is plain text (openai-python ChatCompletionMessageCustomToolCall).
 * From `schemas/dialects/openai_chat/tool_call.json#`.
 * Not expressed: if/then/else, not.
 */
export type OpenAIChatToolCall = {
    id: string;
    type: "function" | "custom";
    function?: {
        name: string;
        arguments: string;
        [key: string]: unknown;
    };
    custom?: {
        name: string;
        input: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
} & ({
    function: {
        name: string;
        arguments: string;
        [key: string]: unknown;
    };
} | {
    custom: {
        name: string;
        input: string;
        [key: string]: unknown;
    };
});
/**
 * The request's `tool_choice`.
 * From `schemas/dialects/openai_chat/tool_choice.json#`.
 */
export type OpenAIChatToolChoice = OpenAIChatToolChoiceMode | OpenAIChatNamedToolChoice | OpenAIChatNamedCustomToolChoice | OpenAIChatAllowedToolsChoice;
/**
 * An element of the request's `tools` list: a function tool, or a custom (freeform) tool whose
 * call's input is plain text, optionally constrained by a grammar (openai-python
 * ChatCompletionCustomToolParam).
 * From `schemas/dialects/openai_chat/tool_definition.json#`.
 * Not expressed: if/then/else, not.
 */
export type OpenAIChatToolDefinition = {
    type: "function" | "custom";
    function?: {
        name: string;
        description?: string;
        parameters?: {
            [key: string]: unknown;
        };
        strict?: boolean | null;
        [key: string]: unknown;
    };
    custom?: {
        name: string;
        description?: string;
        /**
         * text (unconstrained), or a grammar the input must match.
         * Not expressed: if/then/else.
         */
        format?: {
            type: "text" | "grammar";
            grammar?: {
                syntax: "lark" | "regex";
                definition: string;
                [key: string]: unknown;
            };
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    [key: string]: unknown;
} & ({
    function: {
        name: string;
        description?: string;
        parameters?: {
            [key: string]: unknown;
        };
        strict?: boolean | null;
        [key: string]: unknown;
    };
} | {
    custom: {
        name: string;
        description?: string;
        /**
         * text (unconstrained), or a grammar the input must match.
         * Not expressed: if/then/else.
         */
        format?: {
            type: "text" | "grammar";
            grammar?: {
                syntax: "lark" | "regex";
                definition: string;
                [key: string]: unknown;
            };
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
});
/**
 * A `role: tool` message answering one tool call.
 * From `schemas/dialects/openai_chat/tool_result.json#`.
 */
export type OpenAIChatToolMessage = {
    role: "tool";
    tool_call_id: string;
    content: string | OpenAIChatTextPart[];
    [key: string]: unknown;
};
/**
 * A function or custom tool: validation holds every tool to tool_definition.json (OpenAI refuses
 * other types; OpenRouter's server tools are a quirk of the compat profile), while extract and
 * inject leave a tool of another type alone (the decoders' envelope checks do not read
 * if/then/else).
 * From `schemas/dialects/openai_chat/request.json#/$defs/Tool`.
 * Not expressed: if/then/else.
 */
export type Tool = OpenAIChatToolDefinition;
/**
 * A function call or a custom tool call (each checked by tool_call.json, its type included).
 * From `schemas/dialects/openai_chat/request.json#/$defs/ToolCall`.
 * Not expressed: if/then/else.
 */
export type ToolCall = OpenAIChatToolCall;
/**
 * A message's content: text, an array of content parts, or null (assistant messages with
 * tool_calls).
 * From `schemas/dialects/openai_chat/request.json#/$defs/MessageContent`.
 */
export type OpenAIChatMessageContent = string | null | OpenAIChatContentPart[];
/**
 * A content part: text (every role), image_url, input_audio and file (user), refusal (assistant);
 * its type is required, and the API refuses any other type (openai-python
 * ChatCompletionContentPart*Param).
 * From `schemas/dialects/openai_chat/request.json#/$defs/ContentPart`.
 * Not expressed: if/then/else.
 */
export type OpenAIChatContentPart = {
    type: "text" | "image_url" | "input_audio" | "file" | "refusal";
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_chat/request.json#/$defs/PromptCacheBreakpoint`. */
export type OpenAIChatPromptCacheBreakpoint = {
    mode?: string;
    ttl?: string;
    [key: string]: unknown;
};
/**
 * Token usage (CompletionUsage); the details objects break the counts down (cached, audio,
 * reasoning, prediction tokens, ...).
 * From `schemas/dialects/openai_chat/response.json#/$defs/Usage`.
 */
export type OpenAIChatUsage = {
    prompt_tokens?: number;
    completion_tokens?: number;
    total_tokens?: number;
    prompt_tokens_details?: {
        [key: string]: unknown;
    } | null;
    completion_tokens_details?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
} | null;
/**
 * Log probability information for the choice: content and refusal token lists.
 * From `schemas/dialects/openai_chat/response.json#/$defs/ChoiceLogprobs`.
 */
export type OpenAIChatChoiceLogprobs = {
    content?: unknown[] | null;
    refusal?: unknown[] | null;
    [key: string]: unknown;
} | null;
/** From `schemas/dialects/openai_chat/stream_event.json#/$defs/Choice`. */
export type OpenAIChatStreamChoice = {
    index?: number;
    delta?: OpenAIChatStreamDelta;
    finish_reason?: string | null;
    logprobs?: OpenAIChatChoiceLogprobs;
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_chat/stream_event.json#/$defs/Delta`. */
export type OpenAIChatStreamDelta = {
    role?: string | null;
    content?: string | null;
    refusal?: string | null;
    tool_calls?: OpenAIChatStreamToolCallDelta[] | null;
    /** Deprecated in favor of tool_calls: a fragment of a function call. */
    function_call?: {
        name?: string | null;
        arguments?: string | null;
        [key: string]: unknown;
    } | null;
    /** A fragment of the audio response (id, data, expires_at, transcript). */
    audio?: {
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
};
/**
 * A fragment of one tool call; index says which call (the SDK requires it, compatible servers omit
 * it). A custom (freeform) tool's call carries custom {name, input} instead of function
 * (openai-python ChoiceDeltaToolCallCustom), its input text in pieces.
 * From `schemas/dialects/openai_chat/stream_event.json#/$defs/ToolCallDelta`.
 */
export type OpenAIChatStreamToolCallDelta = {
    index?: number;
    id?: string | null;
    type?: "function" | "custom";
    function?: OpenAIChatStreamFunctionDelta;
    custom?: OpenAIChatStreamCustomDelta;
    [key: string]: unknown;
};
/**
 * From `schemas/dialects/openai_chat/stream_event.json#/$defs/ToolCallDelta/properties/function`.
 */
export type OpenAIChatStreamFunctionDelta = {
    name?: string | null;
    arguments?: string | null;
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_chat/stream_event.json#/$defs/ToolCallDelta/properties/custom`. */
export type OpenAIChatStreamCustomDelta = {
    name?: string | null;
    input?: string | null;
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_chat/tool_choice.json#/oneOf/0`. */
export type OpenAIChatToolChoiceMode = "none" | "auto" | "required";
/** From `schemas/dialects/openai_chat/tool_choice.json#/oneOf/1`. */
export type OpenAIChatNamedToolChoice = {
    type: "function";
    function: {
        name: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_chat/tool_choice.json#/oneOf/2`. */
export type OpenAIChatNamedCustomToolChoice = {
    type: "custom";
    custom: {
        name: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_chat/tool_choice.json#/oneOf/3`. */
export type OpenAIChatAllowedToolsChoice = {
    type: "allowed_tools";
    allowed_tools: {
        mode: "auto" | "required";
        /** Not expressed: if/then/else. */
        tools: ({
            type: "function" | "custom";
            function?: {
                name: string;
                [key: string]: unknown;
            };
            custom?: {
                name: string;
                [key: string]: unknown;
            };
            [key: string]: unknown;
        } & ({
            custom: unknown;
        } | {
            function: unknown;
        }))[];
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/openai_chat/tool_result.json#/properties/content/oneOf/1/items`. */
export type OpenAIChatTextPart = {
    type: "text";
    text: string;
    [key: string]: unknown;
};
