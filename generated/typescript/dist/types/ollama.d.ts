/**
 * An error response's body, and a stream's error line: {error: "text"}; the kind of error is the
 * HTTP status alone.
 * From `schemas/dialects/ollama/error.json#`.
 */
export type OllamaError = {
    error: string;
    [key: string]: unknown;
};
/**
 * An /api/chat request body: the tools, and the messages that carry calls and results. Ollama has
 * no tool choice. The other documented fields (Ollama docs/openapi.yaml ChatRequest, Go
 * api.ChatRequest) are described loosely; open to every other field.
 * From `schemas/dialects/ollama/request.json#`.
 */
export type OllamaChatRequest = {
    model: string;
    messages: OllamaRequestMessage[];
    tools?: OllamaToolDefinition[] | null;
    stream?: boolean;
    /** Structured output: the string "json" or a JSON Schema object (Go json.RawMessage). */
    format?: string | {
        [key: string]: unknown;
    } | null;
    /**
     * Model options (Go api.Options, docs/openapi.yaml ModelOptions): the ones toolwire maps are
     * typed; num_ctx, min_p, repeat_penalty, ... are described loosely.
     */
    options?: {
        /** Most tokens to generate (-1: no limit). */
        num_predict?: number;
        temperature?: number;
        top_p?: number;
        top_k?: number;
        /** Stop sequences (Go []string; docs/openapi.yaml also allows one string). */
        stop?: string[] | string;
        seed?: number;
        presence_penalty?: number;
        frequency_penalty?: number;
        [key: string]: unknown;
    } | null;
    /** How long the model stays loaded: a duration string ("5m") or a number of seconds. */
    keep_alive?: string | number | null;
    /** Thinking: true/false, or "high" / "medium" / "low" for models that take a level. */
    think?: boolean | string | null;
    /** Truncate the chat history when the prompt exceeds the context length. */
    truncate?: boolean | null;
    /** Shift the chat history at the context length limit instead of failing. */
    shift?: boolean | null;
    /** Return log probabilities of the output tokens. */
    logprobs?: boolean | null;
    /** Most likely tokens to return per position when logprobs is set (0-20). */
    top_logprobs?: number | null;
    [key: string]: unknown;
};
/**
 * A non-streamed /api/chat response: the assistant message with its tool calls, and `done_reason`
 * ("stop" also when the turn ends in tool calls). An error body (only `error`, HTTP 4xx/5xx) is the
 * error shape (error.json), not a response.
 * From `schemas/dialects/ollama/response.json#`.
 */
export type OllamaChatResponse = {
    model: string;
    created_at?: string;
    message: OllamaAssistantMessage;
    done: boolean;
    done_reason?: string;
    /** Nanoseconds spent on the whole request. */
    total_duration?: number;
    /** Nanoseconds spent loading the model. */
    load_duration?: number;
    /** Tokens in the prompt. */
    prompt_eval_count?: number;
    /** Nanoseconds spent evaluating the prompt. */
    prompt_eval_duration?: number;
    /** Tokens generated. */
    eval_count?: number;
    /** Nanoseconds spent generating. */
    eval_duration?: number;
    /**
     * Per-token log probabilities ({token, logprob, bytes, top_logprobs}) when the request set
     * logprobs.
     */
    logprobs?: {
        [key: string]: unknown;
    }[] | null;
    /** The upstream model that answered, for a model served by a remote (cloud) Ollama host. */
    remote_model?: string;
    /** The URL of the upstream Ollama host, for a remote (cloud) model. */
    remote_host?: string;
    error?: string;
    [key: string]: unknown;
};
/**
 * One line of a streamed /api/chat response (NDJSON, no SSE framing): a partial assistant message.
 * Tool calls arrive whole (name and complete arguments object) in one chunk, never as fragments.
 * The last chunk has done: true, done_reason and the timings. An error mid-stream is a line with
 * only `error`.
 * From `schemas/dialects/ollama/stream_event.json#`.
 */
export type OllamaChatStreamChunk = {
    model?: string;
    created_at?: string;
    message?: OllamaAssistantMessage;
    done?: boolean;
    done_reason?: string;
    /** Nanoseconds spent on the whole request. */
    total_duration?: number;
    /** Nanoseconds spent loading the model. */
    load_duration?: number;
    /** Tokens in the prompt. */
    prompt_eval_count?: number;
    /** Nanoseconds spent evaluating the prompt. */
    prompt_eval_duration?: number;
    /** Tokens generated. */
    eval_count?: number;
    /** Nanoseconds spent generating. */
    eval_duration?: number;
    /**
     * Per-token log probabilities ({token, logprob, bytes, top_logprobs}) when the request set
     * logprobs.
     */
    logprobs?: {
        [key: string]: unknown;
    }[] | null;
    /** The upstream model that answered, for a model served by a remote (cloud) Ollama host. */
    remote_model?: string;
    /** The URL of the upstream Ollama host, for a remote (cloud) model. */
    remote_host?: string;
    error?: string;
    [key: string]: unknown;
} & ({
    model: unknown;
    done: unknown;
} | {
    error: unknown;
});
/**
 * An element of an assistant message's `tool_calls` list. `arguments` is a JSON object, not text.
 * Servers since v0.12.10 send an `id` (call_ + 8 characters); older servers send none.
 * `function.index` appears in streamed and replayed calls; `type` appears in replayed history only.
 * From `schemas/dialects/ollama/tool_call.json#`.
 */
export type OllamaToolCall = {
    id?: string;
    type?: "function";
    function: {
        index?: number;
        name: string;
        arguments: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * An element of the /api/chat request's `tools` list: a function tool. The server decodes
 * `parameters` into a fixed Go struct (type, required, properties, items, $defs, ...), so keywords
 * outside it may be ignored by the server; the wire carries them as sent.
 * From `schemas/dialects/ollama/tool_definition.json#`.
 */
export type OllamaToolDefinition = {
    type: "function";
    function: {
        name: string;
        description?: string;
        parameters: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A `role: tool` message carrying one tool's output. Content is a string only (Go `Content
 * string`). `tool_name` names the tool that ran (Ollama v0.9.6+ docs); `tool_call_id` links it to a
 * call id where the client has one; older clients send neither and results are matched to calls by
 * order.
 * From `schemas/dialects/ollama/tool_result.json#`.
 */
export type OllamaToolMessage = {
    role: "tool";
    content: string;
    tool_name?: string;
    tool_call_id?: string;
    images?: string[] | null;
    [key: string]: unknown;
};
/**
 * From `schemas/dialects/ollama/request.json#/properties/messages/items`.
 * Not expressed: if/then/else.
 */
export type OllamaRequestMessage = {
    role: string;
    content?: string;
    images?: string[] | null;
    thinking?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/ollama/response.json#/$defs/AssistantMessage`. */
export type OllamaAssistantMessage = {
    role: "assistant";
    content?: string;
    thinking?: string;
    images?: string[] | null;
    tool_calls?: OllamaToolCall[] | null;
    /** Go api.Message field; set on tool messages, not expected from the model. */
    tool_name?: string;
    /** Go api.Message field; set on tool messages, not expected from the model. */
    tool_call_id?: string;
    [key: string]: unknown;
};
