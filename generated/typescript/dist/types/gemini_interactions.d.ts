/**
 * An error response's body: the Google API error (google.rpc.Status under `error`), as the
 * generateContent API sends it.
 * From `schemas/dialects/gemini_interactions/error.json#`.
 */
export type GeminiInteractionsError = {
    error: {
        code?: number;
        message: string;
        status: string;
        details?: unknown[];
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A CreateInteraction request body (POST /v1beta/interactions): google-genai 2.19 interactions
 * `CreateModelInteraction` (model and input required) or `CreateAgentInteraction` (agent and
 * input). `input` is a string, one content block, a list of content blocks, or a list of steps
 * (user_input, model_output, thought, function_call, function_result, hosted tool steps). Every
 * other parameter of the SDK type is named; open to every other field.
 * From `schemas/dialects/gemini_interactions/request.json#`.
 */
export type GeminiInteractionsRequest = {
    model?: string;
    agent?: string;
    agent_config?: {
        [key: string]: unknown;
    };
    input?: string | GeminiInteractionsContent | GeminiInteractionsStep[] | GeminiInteractionsContent[];
    system_instruction?: string;
    tools?: GeminiInteractionsTool[];
    generation_config?: GeminiInteractionsGenerationConfig;
    /** The interaction this one continues: the server holds its steps (store defaults to true). */
    previous_interaction_id?: string;
    store?: boolean;
    stream?: boolean;
    background?: boolean;
    environment?: {
        [key: string]: unknown;
    } | string;
    labels?: {
        [key: string]: string;
    };
    /** A ResponseFormat ({type: text, mime_type, schema}, image, audio, video) or a list of them. */
    response_format?: {
        [key: string]: unknown;
    } | unknown[];
    /** Deprecated by response_format. */
    response_mime_type?: string;
    response_modalities?: string[];
    safety_settings?: {
        [key: string]: unknown;
    }[];
    service_tier?: string;
    webhook_config?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
} & ({
    model: unknown;
    input: unknown;
} | {
    agent: unknown;
    input: unknown;
});
/**
 * An Interaction (the answer to POST /v1beta/interactions): google-genai 2.19 interactions
 * `Interaction`, whose only required field is `status`. POST returns only the output steps
 * (model_output, thought, function_call, hosted tool steps); GET /interactions/{id} also returns
 * the user_input step. Open to every other field.
 * From `schemas/dialects/gemini_interactions/response.json#`.
 */
export type GeminiInteractionsResponse = {
    id: string;
    model?: string;
    agent?: string;
    status: "in_progress" | "requires_action" | "completed" | "failed" | "cancelled" | "incomplete" | "budget_exceeded" | "queued";
    steps: GeminiInteractionsStep[];
    usage?: GeminiInteractionsUsage;
    created?: string;
    updated?: string;
    previous_interaction_id?: string;
    system_instruction?: string;
    tools?: GeminiInteractionsTool[];
    generation_config?: GeminiInteractionsGenerationConfig;
    errors?: {
        [key: string]: unknown;
    }[];
    /** Added by the SDK, not sent by the API. */
    output_text?: string;
    [key: string]: unknown;
};
/**
 * One server-sent event of a streamed interaction (CreateInteraction with stream: true; the JSON of
 * one `data:` line, whose `event_type` repeats the `event:` name): google-genai 2.19 interactions
 * `InteractionSSEEvent` with steps enabled. `interaction.created` carries the Interaction
 * (in_progress); each output step is `step.start` (the step shell: a function_call step has its id,
 * name and arguments {}), `step.delta` events (text, thought_summary, thought_signature,
 * arguments_delta with argument JSON text, hosted tool deltas) and `step.stop`, all keyed by the
 * step `index`; `interaction.status_update` reports a status change; `interaction.completed`
 * carries the Interaction (its status and usage, steps left empty); an `error` event carries the
 * API's error. Open to every other field.
 * From `schemas/dialects/gemini_interactions/stream_event.json#`.
 * Not expressed: if/then/else.
 */
export type GeminiInteractionsStreamEvent = {
    event_type: "interaction.created" | "interaction.status_update" | "step.start" | "step.delta" | "step.stop" | "interaction.completed" | "error";
    /** The token to resume the stream from this event (GET with last_event_id). */
    event_id?: string;
    metadata?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A `function_call` step of an Interaction's `steps` (or replayed in a request's `input`):
 * google-genai 2.19 interactions `FunctionCallStep`, whose id, name and arguments (an object) are
 * all required.
 * From `schemas/dialects/gemini_interactions/tool_call.json#`.
 */
export type GeminiInteractionsFunctionCallStep = {
    type: "function_call";
    id: string;
    name: string;
    arguments: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * `generation_config.tool_choice` (google-genai 2.19 interactions `ToolChoice`): a ToolChoiceType
 * string (auto, any, none, validated) or a ToolChoiceConfig {allowed_tools: {mode, tools}} naming
 * the functions the model may call.
 * From `schemas/dialects/gemini_interactions/tool_choice.json#`.
 */
export type GeminiInteractionsToolChoice = ("auto" | "any" | "none" | "validated") | {
    allowed_tools?: {
        mode?: "auto" | "any" | "none" | "validated";
        tools?: string[];
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A function tool of a CreateInteraction request's `tools` (google-genai 2.19 interactions
 * `Function`): {type: function, name, description, parameters}, parameters being a JSON Schema. The
 * SDK types every field but `type` as optional; the API needs a name to call the function by.
 * From `schemas/dialects/gemini_interactions/tool_definition.json#`.
 */
export type GeminiInteractionsFunction = {
    type: "function";
    name: string;
    description?: string;
    /** The JSON Schema for the function's parameters. */
    parameters?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A `function_result` step of a request's `input`: google-genai 2.19 interactions
 * `FunctionResultStep`. `call_id` matches the call's id; `result` is a string, a list of text /
 * image content, or an object; `name` and `is_error` are optional.
 * From `schemas/dialects/gemini_interactions/tool_result.json#`.
 */
export type GeminiInteractionsFunctionResultStep = {
    type: "function_result";
    call_id: string;
    name?: string;
    is_error?: boolean;
    result: string | {
        [key: string]: unknown;
    } | GeminiInteractionsFunctionResultContent[];
    [key: string]: unknown;
};
/**
 * One step of the interaction, told apart by `type`. function_call and function_result steps are
 * the tool parts; hosted tool steps (google_search_call, code_execution_result,
 * mcp_server_tool_call, ...) are kept verbatim.
 * From `schemas/dialects/gemini_interactions/request.json#/$defs/Step`.
 * Not expressed: if/then/else.
 */
export type GeminiInteractionsStep = {
    type: string;
    [key: string]: unknown;
};
/**
 * A user_input step (UserInputStep) or a model_output step (ModelOutputStep, which may carry an
 * error Status).
 * From `schemas/dialects/gemini_interactions/request.json#/$defs/ContentStep`.
 */
export type GeminiInteractionsContentStep = {
    type?: "user_input" | "model_output";
    content?: GeminiInteractionsContent[];
    error?: {
        code?: number;
        message?: string;
        details?: unknown[];
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A thought step: its signature (base64, for backend validation; replayed as it came) and an
 * optional summary of text / image blocks.
 * From `schemas/dialects/gemini_interactions/request.json#/$defs/ThoughtStep`.
 */
export type GeminiInteractionsThoughtStep = {
    type?: "thought";
    signature?: string;
    summary?: GeminiInteractionsFunctionResultContent[];
    [key: string]: unknown;
};
/**
 * A content block: text, image, audio, document or video.
 * From `schemas/dialects/gemini_interactions/request.json#/$defs/Content`.
 * Not expressed: if/then/else.
 */
export type GeminiInteractionsContent = {
    type: "text" | "image" | "audio" | "document" | "video";
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini_interactions/request.json#/$defs/TextContent`. */
export type GeminiInteractionsTextContent = {
    type: "text";
    text: string;
    annotations?: {
        [key: string]: unknown;
    }[];
    [key: string]: unknown;
};
/**
 * Base64 `data` with its `mime_type`, or a `uri`.
 * From `schemas/dialects/gemini_interactions/request.json#/$defs/ImageContent`.
 */
export type GeminiInteractionsImageContent = {
    type: "image";
    data?: string;
    mime_type?: "image/png" | "image/jpeg" | "image/webp" | "image/heic" | "image/heif" | "image/gif" | "image/bmp" | "image/tiff";
    uri?: string;
    resolution?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini_interactions/request.json#/$defs/MediaContent`. */
export type GeminiInteractionsMediaContent = {
    data?: string;
    mime_type?: string;
    uri?: string;
    [key: string]: unknown;
};
/**
 * A function tool, or a hosted one (code_execution, computer_use, file_search, google_maps,
 * google_search, mcp_server, retrieval, url_context) that toolwire does not convert.
 * From `schemas/dialects/gemini_interactions/request.json#/$defs/Tool`.
 * Not expressed: if/then/else.
 */
export type GeminiInteractionsTool = {
    type: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini_interactions/request.json#/$defs/GenerationConfig`. */
export type GeminiInteractionsGenerationConfig = {
    max_output_tokens?: number;
    seed?: number;
    stop_sequences?: string[];
    thinking_level?: "minimal" | "low" | "medium" | "high";
    thinking_summaries?: "auto" | "none";
    tool_choice?: GeminiInteractionsToolChoice;
    image_config?: {
        [key: string]: unknown;
    };
    speech_config?: {
        [key: string]: unknown;
    } | unknown[];
    transcription_config?: {
        [key: string]: unknown;
    };
    video_config?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini_interactions/response.json#/$defs/Usage`. */
export type GeminiInteractionsUsage = {
    total_input_tokens?: number;
    total_output_tokens?: number;
    total_cached_tokens?: number;
    total_thought_tokens?: number;
    total_tool_use_tokens?: number;
    total_tokens?: number;
    input_tokens_by_modality?: {
        [key: string]: unknown;
    }[];
    output_tokens_by_modality?: {
        [key: string]: unknown;
    }[];
    cached_tokens_by_modality?: {
        [key: string]: unknown;
    }[];
    tool_use_tokens_by_modality?: {
        [key: string]: unknown;
    }[];
    grounding_tool_count?: {
        [key: string]: unknown;
    }[];
    [key: string]: unknown;
};
/**
 * The step a step.start opens: its type and the fields known at its start (a function_call step:
 * id, name, arguments {} and its signature; a thought step: its signature). Its content arrives in
 * step.delta events.
 * From `schemas/dialects/gemini_interactions/stream_event.json#/$defs/StepShell`.
 */
export type GeminiInteractionsStepShell = {
    type: string;
    id?: string;
    name?: string;
    arguments?: {
        [key: string]: unknown;
    };
    signature?: string;
    [key: string]: unknown;
};
/**
 * A step.delta's delta, told apart by `type`: text ({text}), thought_summary ({content: a text or
 * image block}), thought_signature ({signature}), arguments_delta ({arguments: a piece of the
 * call's argument JSON text}), image / audio / document / video, text_annotation, and the hosted
 * tool call and result deltas (google_search_call, code_execution_result, ...).
 * From `schemas/dialects/gemini_interactions/stream_event.json#/$defs/StepDelta`.
 * Not expressed: if/then/else.
 */
export type GeminiInteractionsStepDelta = {
    type: string;
    [key: string]: unknown;
};
/**
 * FunctionResultSubcontent: a text or an image content block.
 * From `schemas/dialects/gemini_interactions/tool_result.json#/$defs/ResultContent`.
 * Not expressed: if/then/else.
 */
export type GeminiInteractionsFunctionResultContent = {
    type: "text" | "image";
    [key: string]: unknown;
};
