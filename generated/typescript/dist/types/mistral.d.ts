/**
 * An error response's body: {object: "error", message, type, param, code}. Its `type` is not a
 * documented enumeration, so it is kept as it came (an extension), not mapped to a category.
 * From `schemas/dialects/mistral/error.json#`.
 */
export type MistralError = {
    object: "error";
    message: string;
    type?: string | null;
    param?: string | null;
    code?: string | null;
    [key: string]: unknown;
};
/**
 * A chat completions request body (POST /v1/chat/completions). Tools, tool choice, calls and
 * results are described by the shape schemas; every other parameter and message field of the API
 * reference (client-python 3.7 ChatCompletionRequest / ChatCompletionStreamRequest) is named here,
 * so that --strict reports only fields the reference does not document. Open to every other field.
 * From `schemas/dialects/mistral/request.json#`.
 */
export type MistralChatRequest = {
    model: string;
    /** Not expressed: if/then/else. */
    messages: {
        role: string;
        content?: MistralMessageContent;
        [key: string]: unknown;
    }[];
    tools?: MistralRequestTool[] | null;
    tool_choice?: MistralToolChoice;
    parallel_tool_calls?: boolean;
    stream?: boolean | null;
    frequency_penalty?: number | null;
    /** Guardrail configurations (moderation_llm_v1 / moderation_llm_v2, block_on_error). */
    guardrails?: {
        [key: string]: unknown;
    }[] | null;
    logprobs?: boolean | null;
    max_tokens?: number | null;
    /** Free-form metadata attached to the request. */
    metadata?: {
        [key: string]: unknown;
    } | null;
    min_tokens?: number | null;
    n?: number | null;
    /** Predicted output: {type: "content", content}. */
    prediction?: {
        [key: string]: unknown;
    } | null;
    presence_penalty?: number | null;
    prompt_cache_key?: string | null;
    prompt_logprobs?: boolean | null;
    /** "reasoning" selects the reasoning system prompt of reasoning models. */
    prompt_mode?: string | null;
    /** The seed for random sampling (Mistral's name for seed). */
    random_seed?: number | null;
    reasoning_effort?: string | null;
    repetition_penalty?: number | null;
    /**
     * {type: "text"}, {type: "json_object"} or {type: "json_schema", json_schema: {name, description,
     * schema, strict}}.
     */
    response_format?: {
        [key: string]: unknown;
    } | null;
    /** Whether to inject a safety prompt before all conversations. */
    safe_prompt?: boolean | null;
    service_tier?: string | null;
    stop?: string | string[] | null;
    temperature?: number | null;
    top_k?: number | null;
    top_logprobs?: number | null;
    top_p?: number | null;
    top_prompt_logprobs?: number | null;
    [key: string]: unknown;
};
/**
 * A chat.completion response body: where the calls sit and why the turn ended (`tool_calls` when
 * the model called tools). Every other field of the API reference (client-python 3.7
 * ChatCompletionResponse) is named too.
 * From `schemas/dialects/mistral/response.json#`.
 */
export type MistralChatResponse = {
    id: string;
    object: "chat.completion";
    created: number;
    model: string;
    choices: {
        index: number;
        message: {
            role?: "assistant";
            content?: MistralMessageContent;
            tool_calls?: MistralToolCall[] | null;
            prefix?: boolean;
            [key: string]: unknown;
        };
        /**
         * Why the turn ended: the API reference enumerates these (client-python
         * ChatCompletionChoiceFinishReason).
         */
        finish_reason: "stop" | "length" | "model_length" | "error" | "tool_calls" | null;
        logprobs?: MistralChoiceLogprobs;
        prompt_logprobs?: MistralChoiceLogprobs;
        /**
         * Further messages of the choice (client-python ChatCompletionChoice.messages, DeltaMessage
         * objects).
         */
        messages?: {
            [key: string]: unknown;
        }[] | null;
        [key: string]: unknown;
    }[];
    usage: MistralUsage;
    [key: string]: unknown;
};
/**
 * One chunk of a streamed chat completion (one `data:` line of the SSE body; the closing `data:
 * [DONE]` is not a chunk). Mistral sends each tool call whole in one delta, but the fields are
 * typed for fragments, which compatible servers send. Tool call ids are 9 ASCII letters or digits,
 * as in tool_call.json. Every other field of the API reference (client-python 3.7 CompletionChunk)
 * is named too. An error event: the server ends the stream with {"error": {...}} in a data line
 * (the SDKs raise an APIError on it; OpenAI-compatible servers such as Groq send it too); every
 * other chunk has choices.
 * From `schemas/dialects/mistral/stream_event.json#`.
 * Not expressed: if/then/else.
 */
export type MistralCompletionChunk = {
    id?: string;
    object?: "chat.completion.chunk";
    created?: number;
    model?: string;
    choices?: {
        index?: number;
        delta: {
            role?: string | null;
            content?: MistralMessageContent;
            tool_calls?: MistralToolCallDelta[] | null;
            tool_call_id?: string | null;
            index?: number | null;
            metadata?: {
                [key: string]: unknown;
            } | null;
            [key: string]: unknown;
        };
        finish_reason?: string | null;
        logprobs?: MistralChoiceLogprobs;
        prompt_logprobs?: MistralChoiceLogprobs;
        [key: string]: unknown;
    }[];
    /** The error that ends the stream (an error event). */
    error?: {
        message?: string;
        type?: string | null;
        code?: string | number | null;
        param?: string | null;
        [key: string]: unknown;
    };
    usage?: MistralUsage;
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
 * An element of an assistant message's `tool_calls` list. Responses leave out `type` and may add
 * `index`; `arguments` is JSON text (as the API sends it) or an object (accepted in requests). Ids
 * are 9 ASCII letters or digits.
 * From `schemas/dialects/mistral/tool_call.json#`.
 */
export type MistralToolCall = {
    id: string;
    type?: "function";
    index?: number;
    function: {
        name: string;
        arguments: string | {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * The request's `tool_choice`: a mode (`any` and `required` both mean the model must call a tool)
 * or one named function (`type` may be left out).
 * From `schemas/dialects/mistral/tool_choice.json#`.
 */
export type MistralToolChoice = MistralToolChoiceMode | MistralNamedToolChoice;
/**
 * An element of the request's `tools` list: a function tool. `type` may be left out (client-python
 * `Tool.type` is optional; the corpus request omits it). `parameters` is required and checked as a
 * Draft-7 schema by mistral-common.
 * From `schemas/dialects/mistral/tool_definition.json#`.
 */
export type MistralToolDefinition = {
    type?: "function";
    function: {
        name: string;
        description?: string;
        parameters: {
            [key: string]: unknown;
        };
        strict?: boolean;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A `role: tool` message answering one tool call; `name` (the tool's name) is optional. There is no
 * error flag.
 * From `schemas/dialects/mistral/tool_result.json#`.
 */
export type MistralToolMessage = {
    role: "tool";
    tool_call_id: string;
    name?: string | null;
    content: string | MistralContentChunk[];
    [key: string]: unknown;
};
/**
 * A function tool, or a built-in tool (web_search, code_interpreter, image_generation,
 * document_library, ...) that has no `function` and that toolwire does not convert.
 * From `schemas/dialects/mistral/request.json#/$defs/Tool`.
 * Not expressed: if/then/else.
 */
export type MistralRequestTool = MistralToolDefinition | {
    type: unknown;
    [key: string]: unknown;
};
/**
 * A message's content: text, an array of content chunks, or null.
 * From `schemas/dialects/mistral/request.json#/$defs/MessageContent`.
 */
export type MistralMessageContent = string | null | MistralMessageContentChunk[];
/**
 * A content chunk (client-python ContentChunk). `type` may be left out of text, image_url,
 * document_url, reference, file and thinking chunks, so those conditions also hold when it is
 * missing; the API refuses any other type.
 * From `schemas/dialects/mistral/request.json#/$defs/ContentChunk`.
 * Not expressed: if/then/else.
 */
export type MistralMessageContentChunk = {
    type?: "text" | "image_url" | "document_url" | "reference" | "file" | "thinking" | "input_audio" | "resource" | "resource_link";
    [key: string]: unknown;
};
/**
 * Token usage (client-python UsageInfo, which keeps any further key). `num_cached_tokens` is not in
 * UsageInfo, but the API sends it (live captures): the prompt tokens served from the prompt cache.
 * From `schemas/dialects/mistral/response.json#/$defs/Usage`.
 */
export type MistralUsage = {
    prompt_tokens?: number;
    completion_tokens?: number;
    total_tokens?: number;
    prompt_audio_seconds?: number | null;
    service_tier?: string | null;
    num_cached_tokens?: number | null;
    /**
     * Prompt token breakdown (api.mistral.ai since 2025): cached_tokens served from the prompt cache.
     */
    prompt_tokens_details?: {
        cached_tokens?: number | null;
        [key: string]: unknown;
    } | null;
    [key: string]: unknown;
} | null;
/**
 * Log probabilities: {content: [{token, logprob, bytes, token_id, top_logprobs}]}.
 * From `schemas/dialects/mistral/response.json#/$defs/ChoiceLogprobs`.
 */
export type MistralChoiceLogprobs = {
    content?: unknown[];
    [key: string]: unknown;
} | null;
/**
 * A tool call, or a fragment of one, in a chunk's delta.
 * From `schemas/dialects/mistral/stream_event.json#/$defs/ToolCallDelta`.
 */
export type MistralToolCallDelta = {
    id?: string | null;
    type?: string | null;
    index?: number;
    function?: {
        name?: string | null;
        arguments?: string | {
            [key: string]: unknown;
        } | null;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/mistral/tool_choice.json#/oneOf/0`. */
export type MistralToolChoiceMode = "auto" | "none" | "any" | "required";
/** From `schemas/dialects/mistral/tool_choice.json#/oneOf/1`. */
export type MistralNamedToolChoice = {
    type?: "function";
    function: {
        name: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * text chunks are mapped; other chunk types (image_url, document_url, reference, file, ...) are
 * kept verbatim.
 * From `schemas/dialects/mistral/tool_result.json#/$defs/ContentChunk`.
 * Not expressed: if/then/else.
 */
export type MistralContentChunk = {
    type: string;
    [key: string]: unknown;
};
