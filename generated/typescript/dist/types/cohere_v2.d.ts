/**
 * An error response's body: {message} (and an optional id); the kind of error is the HTTP status
 * alone.
 * From `schemas/dialects/cohere_v2/error.json#`.
 */
export type CohereV2Error = {
    id?: string;
    message: string;
    [key: string]: unknown;
};
/**
 * A v2 /chat request body: the parts that carry tools, tool choice, calls (assistant tool_calls,
 * beside tool_plan) and results (role tool messages). Open to every other field. Source:
 * cohere-python V2Client.chat / ChatMessageV2 (cohere 7.3), Cohere v2 chat API reference.
 * From `schemas/dialects/cohere_v2/request.json#`.
 */
export type CohereChatV2Request = {
    model: string;
    messages: CohereChatMessageV2[];
    stream?: boolean;
    tools?: CohereToolV2[];
    strict_tools?: boolean;
    tool_choice?: CohereToolChoice;
    documents?: (string | {
        id?: string;
        data?: unknown;
        [key: string]: unknown;
    })[];
    citation_options?: {
        mode?: string;
        [key: string]: unknown;
    };
    /** ResponseFormatV2: {type: text} or {type: json_object, json_schema}. */
    response_format?: {
        type?: string;
        json_schema?: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    safety_mode?: string;
    max_tokens?: number;
    stop_sequences?: string[];
    temperature?: number;
    seed?: number;
    frequency_penalty?: number;
    presence_penalty?: number;
    k?: number;
    p?: number;
    logprobs?: boolean;
    /**
     * Thinking (cohere-python Thinking): type enabled or disabled is required; token_budget optional.
     */
    thinking?: {
        type: "enabled" | "disabled";
        token_budget?: number;
        [key: string]: unknown;
    };
    priority?: number;
    [key: string]: unknown;
};
/**
 * A v2 /chat response body: message.tool_calls (with the model's tool_plan beside them) and
 * finish_reason (TOOL_CALL when calls were made). Source: cohere-python V2ChatResponse /
 * AssistantMessageResponse; corpus cohere/*.
 * From `schemas/dialects/cohere_v2/response.json#`.
 */
export type CohereChatV2Response = {
    id: string;
    finish_reason: string;
    message: CohereAssistantMessageResponse;
    usage?: CohereUsage;
    logprobs?: CohereLogprobItem[];
    [key: string]: unknown;
};
/**
 * One server-sent event of a v2 chat stream (StreamedChatResponseV2), discriminated by type. A call
 * streams as tool-call-start (delta.message.tool_calls is one object with id, name and the first
 * arguments text, possibly ""), tool-call-delta (argument fragments) and tool-call-end, all with
 * index; tool-plan-delta fragments precede them; message-end carries finish_reason. Source:
 * cohere-python streamed_chat_response_v2.py; corpus cohere/empty-arguments.stream.jsonl.
 * From `schemas/dialects/cohere_v2/stream_event.json#`.
 * Not expressed: if/then/else.
 */
export type CohereStreamedChatResponseV2 = {
    type: "message-start" | "content-start" | "content-delta" | "content-end" | "tool-plan-delta" | "tool-call-start" | "tool-call-delta" | "tool-call-end" | "citation-start" | "citation-end" | "message-end" | "debug";
    id?: string;
    index?: number;
    delta?: {
        [key: string]: unknown;
    };
    logprobs?: CohereLogprobItem;
    /** debug events only: the rendered prompt. */
    prompt?: string;
    [key: string]: unknown;
};
/**
 * An element of an assistant message's `tool_calls` (ToolCallV2). `arguments` is JSON text, kept as
 * the model wrote it; a call without arguments may say "null" (or "" when assembled from a stream).
 * The assistant's `tool_plan` sits beside `tool_calls`, on the message. Source: Cohere v2 chat API
 * reference ToolCallV2; corpus cohere/*.
 * From `schemas/dialects/cohere_v2/tool_call.json#`.
 */
export type CohereToolCallV2 = {
    id: string;
    type: "function";
    function: CohereToolCallV2Function;
    [key: string]: unknown;
};
/**
 * The request's `tool_choice`: REQUIRED (call at least one tool) or NONE (call no tool). Leaving it
 * out lets the model choose; there is no AUTO value and no way to name one tool. Source: Cohere v2
 * chat API reference / cohere-python V2ChatRequestToolChoice.
 * From `schemas/dialects/cohere_v2/tool_choice.json#`.
 */
export type CohereToolChoice = "REQUIRED" | "NONE";
/**
 * An element of the request's `tools` list (ToolV2): a function with a JSON Schema of parameters.
 * There is no per-tool strict flag (strict_tools is a request-level switch). Source: Cohere v2 chat
 * API reference ToolV2 / cohere-python ToolV2Function.
 * From `schemas/dialects/cohere_v2/tool_definition.json#`.
 */
export type CohereToolV2 = {
    type: "function";
    function: CohereToolV2Function;
    [key: string]: unknown;
};
/**
 * A `role: tool` message answering one tool call: content is a string or a list of text and
 * document blocks. A document carries data (an object; Cohere's own guides also send a string) and
 * an optional id used in citations. There is no error flag. Source: Cohere v2 chat API reference
 * ToolMessageV2 / ToolContent / Document.
 * From `schemas/dialects/cohere_v2/tool_result.json#`.
 */
export type CohereToolMessageV2 = {
    role: "tool";
    tool_call_id: string;
    content: string | CohereToolContent[];
    [key: string]: unknown;
};
/**
 * A message; role is system, user, assistant or tool.
 * From `schemas/dialects/cohere_v2/request.json#/$defs/Message`.
 * Not expressed: if/then/else.
 */
export type CohereChatMessageV2 = {
    role: "system" | "user" | "assistant" | "tool";
    /** A string or a list of content blocks. */
    content?: {
        [key: string]: unknown;
    } | CohereContentV2[] | string | number | boolean | null;
    [key: string]: unknown;
};
/**
 * A content block: text (text), image_url (image_url: url, detail; user messages), thinking
 * (thinking; assistant messages) or document (document: data, id; tool messages).
 * From `schemas/dialects/cohere_v2/request.json#/$defs/ContentItem`.
 */
export type CohereContentV2 = {
    type?: string;
    text?: string;
    image_url?: {
        url?: string;
        detail?: string;
        [key: string]: unknown;
    };
    thinking?: string;
    document?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/cohere_v2/response.json#/properties/message`. */
export type CohereAssistantMessageResponse = {
    role: "assistant";
    tool_plan?: string;
    tool_calls?: CohereToolCallV2[];
    content?: {
        type: string;
        text?: string;
        thinking?: string;
        [key: string]: unknown;
    }[];
    citations?: CohereCitation[];
    [key: string]: unknown;
};
/** From `schemas/dialects/cohere_v2/response.json#/$defs/Usage`. */
export type CohereUsage = {
    billed_units?: {
        input_tokens?: number;
        output_tokens?: number;
        search_units?: number;
        classifications?: number;
        [key: string]: unknown;
    };
    tokens?: {
        input_tokens?: number;
        output_tokens?: number;
        [key: string]: unknown;
    };
    cached_tokens?: number;
    [key: string]: unknown;
};
/**
 * An object: a chunk of generated text, its token ids and their log probabilities.
 * From `schemas/dialects/cohere_v2/response.json#/$defs/LogprobItem`.
 */
export type CohereLogprobItem = {
    text?: string;
    token_ids?: number[];
    logprobs?: number[];
    [key: string]: unknown;
} | unknown[] | string | number | boolean | null;
/**
 * A span of the answer and its sources; a tool source's id is <tool_call_id>:<n> unless the
 * result's document gave one.
 * From `schemas/dialects/cohere_v2/response.json#/$defs/Citation`.
 */
export type CohereCitation = {
    start?: number;
    end?: number;
    text?: string;
    type?: string;
    content_index?: number;
    sources?: {
        type: string;
        id?: string;
        tool_output?: {
            [key: string]: unknown;
        };
        document?: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    }[];
    [key: string]: unknown;
};
/** From `schemas/dialects/cohere_v2/tool_call.json#/properties/function`. */
export type CohereToolCallV2Function = {
    name: string;
    arguments: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/cohere_v2/tool_definition.json#/properties/function`. */
export type CohereToolV2Function = {
    name: string;
    description?: string;
    parameters: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * From `schemas/dialects/cohere_v2/tool_result.json#/$defs/ToolContent`.
 * Not expressed: if/then/else.
 */
export type CohereToolContent = {
    type: string;
    [key: string]: unknown;
};
