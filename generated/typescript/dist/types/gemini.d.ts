/**
 * An error response's body, google.rpc.Status under `error`: `code` (the HTTP status), `message`,
 * `status` (the canonical code's name: INVALID_ARGUMENT, RESOURCE_EXHAUSTED, ...), `details`.
 * From `schemas/dialects/gemini/error.json#`.
 */
export type GeminiError = {
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
 * A generateContent / streamGenerateContent request body: the parts that carry tools, the function
 * calling config, calls and results; the other documented fields (GenerateContentRequest of the
 * Gemini API and Vertex AI, as google-genai sends them) are described loosely. Field names may be
 * lowerCamelCase or snake_case, and a repeated field may be given as one value (proto3 JSON, as the
 * API parses it). Open to every other field.
 * From `schemas/dialects/gemini/request.json#`.
 */
export type GeminiGenerateContentRequest = {
    /** models/{model}; normally given in the URL path instead. */
    model?: string;
    contents: GeminiContent[] | GeminiContent;
    tools?: GeminiTool[] | GeminiTool;
    toolConfig?: GeminiToolConfig;
    tool_config?: GeminiToolConfig;
    systemInstruction?: GeminiContent;
    system_instruction?: GeminiContent;
    generationConfig?: GeminiGenerationConfig;
    generation_config?: {
        [key: string]: unknown;
    };
    /** SafetySetting list: {category, threshold, method?}. */
    safetySettings?: {
        [key: string]: unknown;
    }[];
    safety_settings?: {
        [key: string]: unknown;
    }[];
    /** cachedContents/{id} to use as context. */
    cachedContent?: string;
    cached_content?: string;
    /** Vertex AI: user-defined metadata labels (string to string). */
    labels?: {
        [key: string]: unknown;
    };
    /** Vertex AI: Model Armor prompt and response templates. */
    modelArmorConfig?: {
        [key: string]: unknown;
    };
    model_armor_config?: {
        [key: string]: unknown;
    };
    /** Service tier, e.g. flex, standard, priority. */
    serviceTier?: string;
    service_tier?: string;
    /** Gemini API: request logging behaviour. */
    store?: boolean;
    /** Opaque token from a candidate that finished with CONTINUATION. */
    continuationToken?: string;
    continuation_token?: string;
    /** Vertex AI: where to persist output assets. */
    outputConfig?: {
        [key: string]: unknown;
    };
    output_config?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A generateContent response: function calls sit in candidates[].content.parts[] (the API sends
 * lowerCamelCase; records of SDK objects may be snake_case, which proto3 JSON parsers read too); a
 * turn that calls functions still finishes with STOP (tool failures: MALFORMED_FUNCTION_CALL,
 * UNEXPECTED_TOOL_CALL, TOO_MANY_TOOL_CALLS). A blocked prompt has promptFeedback and no
 * candidates.
 * From `schemas/dialects/gemini/response.json#`.
 */
export type GeminiGenerateContentResponse = {
    candidates?: GeminiCandidate[] | GeminiCandidate;
    /** {blockReason?, blockReasonMessage?, safetyRatings?}. */
    promptFeedback?: {
        [key: string]: unknown;
    };
    prompt_feedback?: {
        [key: string]: unknown;
    };
    /**
     * Token counts: promptTokenCount, candidatesTokenCount, totalTokenCount, thoughtsTokenCount,
     * cachedContentTokenCount, toolUsePromptTokenCount, *TokensDetails, trafficType, ...
     */
    usageMetadata?: {
        [key: string]: unknown;
    };
    usage_metadata?: {
        [key: string]: unknown;
    };
    modelVersion?: string;
    model_version?: string;
    responseId?: string;
    response_id?: string;
    /** Vertex AI: timestamp of the request. */
    createTime?: string;
    create_time?: string;
    /** Gemini API: the model's stage and retirement time. */
    modelStatus?: {
        [key: string]: unknown;
    };
    model_status?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
} & ({
    candidates: unknown;
} | {
    promptFeedback: unknown;
} | {
    prompt_feedback: unknown;
});
/**
 * One chunk of streamGenerateContent (one SSE data line with alt=sse, or one element of the JSON
 * array without it): a whole GenerateContentResponse. On the Gemini API each functionCall part
 * arrives whole in one chunk; the finish reason comes in a later chunk. An error chunk: a stream
 * that fails mid-way ends with the API's error object (google.rpc.Status: code, message, status);
 * every other chunk is a GenerateContentResponse.
 * From `schemas/dialects/gemini/stream_event.json#`.
 * Not expressed: if/then/else.
 */
export type GeminiStreamChunk = GeminiStreamError | GeminiGenerateContentResponse;
/**
 * A Part of a model Content that carries a `functionCall` (snake_case `function_call`), with the
 * part's `thoughtSignature` beside it (never inside) when the model thought first. The Gemini API
 * usually sends no id; args may be left out for a function without parameters.
 * From `schemas/dialects/gemini/tool_call.json#`.
 */
export type GeminiFunctionCallPart = {
    functionCall?: GeminiFunctionCall;
    function_call?: GeminiFunctionCall;
    thoughtSignature?: GeminiThoughtSignature;
    thought_signature?: GeminiThoughtSignature;
    thought?: boolean;
    [key: string]: unknown;
} & ({
    functionCall: unknown;
} | {
    function_call: unknown;
});
/**
 * The request's `toolConfig.functionCallingConfig` (snake_case
 * `tool_config.function_calling_config`). `allowedFunctionNames` (snake_case
 * `allowed_function_names`) is meant for ANY and VALIDATED. A config without mode leaves it
 * unspecified, which the API treats as AUTO.
 * From `schemas/dialects/gemini/tool_choice.json#`.
 * Not expressed: not.
 */
export type GeminiFunctionCallingConfig = {
    mode?: "MODE_UNSPECIFIED" | "AUTO" | "ANY" | "NONE" | "VALIDATED";
    allowedFunctionNames?: GeminiAllowedFunctionNames;
    allowed_function_names?: GeminiAllowedFunctionNames;
    /** Vertex AI only. */
    streamFunctionCallArguments?: boolean;
    /** Vertex AI only. */
    stream_function_call_arguments?: boolean;
    [key: string]: unknown;
};
/**
 * One element of a Tool's `functionDeclarations` (snake_case `function_declarations`). The
 * parameters are given at most once: `parametersJsonSchema` (JSON Schema; snake_case
 * `parameters_json_schema`) or `parameters` (Gemini's OpenAPI 3.0 subset); none for a function
 * without parameters.
 * From `schemas/dialects/gemini/tool_definition.json#`.
 * Not expressed: not.
 */
export type GeminiFunctionDeclaration = {
    /**
     * Starts with a letter or an underscore; letters, digits, underscores, dots, colons and dashes
     * (google-genai FunctionDeclaration.name; the Gemini API has answered 'maximum length of 64', the
     * SDK says 128).
     */
    name: string;
    description?: string;
    parametersJsonSchema?: GeminiParametersJsonSchema;
    parameters_json_schema?: GeminiParametersJsonSchema;
    parameters?: GeminiOpenApiSchema;
    response?: GeminiOpenApiSchema;
    responseJsonSchema?: unknown;
    response_json_schema?: unknown;
    behavior?: "UNSPECIFIED" | "BLOCKING" | "NON_BLOCKING";
    [key: string]: unknown;
};
/**
 * A Part of a user Content that carries a `functionResponse` (snake_case `function_response`).
 * `response` must be an object: its `output` key holds the output and its `error` key error
 * details; any other object is the output as a whole.
 * From `schemas/dialects/gemini/tool_result.json#`.
 */
export type GeminiFunctionResponsePart = {
    functionResponse?: GeminiFunctionResponse;
    function_response?: GeminiFunctionResponse;
    [key: string]: unknown;
} & ({
    functionResponse: unknown;
} | {
    function_response: unknown;
});
/**
 * GenerationConfig (google-genai types.GenerationConfig): the settings toolwire maps are typed;
 * speechConfig, imageConfig, mediaResolution, responseLogprobs, ... are described loosely.
 * From `schemas/dialects/gemini/request.json#/$defs/GenerationConfig`.
 */
export type GeminiGenerationConfig = {
    maxOutputTokens?: number;
    temperature?: number;
    topP?: number;
    topK?: number;
    candidateCount?: number;
    stopSequences?: string[];
    seed?: number;
    presencePenalty?: number;
    frequencyPenalty?: number;
    /** text/plain (default), application/json, text/x.enum. */
    responseMimeType?: string;
    /** The output schema in the API's OpenAPI 3.0 subset. */
    responseSchema?: {
        [key: string]: unknown;
    };
    /** The output schema as JSON Schema (exclusive with responseSchema). */
    responseJsonSchema?: unknown;
    responseModalities?: string[];
    thinkingConfig?: {
        /** Return thought summaries as parts with thought: true. */
        includeThoughts?: boolean;
        /** Thinking tokens: 0 turns thinking off, -1 lets the model decide (Gemini 2.5). */
        thinkingBudget?: number;
        /** Gemini 3: MINIMAL, LOW, MEDIUM or HIGH. */
        thinkingLevel?: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * One turn: role user (also function results) or model (also function calls); no role means user.
 * From `schemas/dialects/gemini/request.json#/$defs/Content`.
 */
export type GeminiContent = {
    role?: string;
    parts?: GeminiPart[] | GeminiPart;
    [key: string]: unknown;
};
/**
 * One part of a turn: text, inline data, a function call, a function response, ... Function calls
 * and responses are checked against their shapes (tool_call.json, tool_result.json), which describe
 * those keys. The other data and metadata fields are described loosely, in both spellings since
 * requests may use snake_case.
 * From `schemas/dialects/gemini/request.json#/$defs/Part`.
 * Not expressed: if/then/else.
 */
export type GeminiPart = {
    text?: string;
    /** The part is a thought summary. */
    thought?: boolean;
    /** Opaque base64 signature to send back with the part. */
    thoughtSignature?: string;
    thought_signature?: string;
    /** Blob: {mimeType, data (base64), displayName?}. */
    inlineData?: {
        [key: string]: unknown;
    };
    inline_data?: {
        [key: string]: unknown;
    };
    /** FileData: {mimeType?, fileUri, displayName?}. */
    fileData?: {
        [key: string]: unknown;
    };
    file_data?: {
        [key: string]: unknown;
    };
    /** Code the code execution tool ran: {language, code, id?}. */
    executableCode?: {
        [key: string]: unknown;
    };
    executable_code?: {
        [key: string]: unknown;
    };
    /** Result of executableCode: {outcome, output?, id?}. */
    codeExecutionResult?: {
        [key: string]: unknown;
    };
    code_execution_result?: {
        [key: string]: unknown;
    };
    /** {startOffset?, endOffset?, fps?} for video inlineData/fileData. */
    videoMetadata?: {
        [key: string]: unknown;
    };
    video_metadata?: {
        [key: string]: unknown;
    };
    /** Per-part media resolution: {level?, numTokens?}. */
    mediaResolution?: {
        [key: string]: unknown;
    };
    media_resolution?: {
        [key: string]: unknown;
    };
    /** How video media is processed, e.g. STATIC, AGENTIC. */
    mediaProcessing?: string;
    media_processing?: string;
    /**
     * Gemini API: a server-side (built-in) tool invocation {id?, toolType, args?}, echoed back by the
     * client; not a function call.
     */
    toolCall?: {
        [key: string]: unknown;
    };
    tool_call?: {
        [key: string]: unknown;
    };
    /** Gemini API: the output of a server-side toolCall {id?, toolType, response?}. */
    toolResponse?: {
        [key: string]: unknown;
    };
    tool_response?: {
        [key: string]: unknown;
    };
    /** Gemini API: custom metadata the client attaches to the part. */
    partMetadata?: {
        [key: string]: unknown;
    };
    part_metadata?: {
        [key: string]: unknown;
    };
    /** Output only: transcription of an audio part. */
    audioTranscription?: {
        [key: string]: unknown;
    };
    audio_transcription?: {
        [key: string]: unknown;
    };
    /** Speech synthesis metadata for a text part: {speaker?, style?}. */
    speechMetadata?: {
        [key: string]: unknown;
    };
    speech_metadata?: {
        [key: string]: unknown;
    };
    /** Document inlineData/fileData metadata: {startPage?, endPage?, contentLayers?}. */
    documentMetadata?: {
        [key: string]: unknown;
    };
    document_metadata?: {
        [key: string]: unknown;
    };
    /** Spreadsheet inlineData/fileData metadata: {visibleCells?, sheetIndex?, contentLayers?}. */
    spreadsheetMetadata?: {
        [key: string]: unknown;
    };
    spreadsheet_metadata?: {
        [key: string]: unknown;
    };
    /** Audio inlineData/fileData metadata: {startOffset?, endOffset?}. */
    audioMetadata?: {
        [key: string]: unknown;
    };
    audio_metadata?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * Function declarations, or a built-in tool (googleSearch, codeExecution, urlContext, ...) that
 * toolwire does not convert; the built-in tools' configs are described loosely.
 * From `schemas/dialects/gemini/request.json#/$defs/Tool`.
 */
export type GeminiTool = {
    functionDeclarations?: GeminiFunctionDeclarations;
    function_declarations?: GeminiFunctionDeclarations;
    googleSearch?: {
        [key: string]: unknown;
    };
    google_search?: {
        [key: string]: unknown;
    };
    googleSearchRetrieval?: {
        [key: string]: unknown;
    };
    google_search_retrieval?: {
        [key: string]: unknown;
    };
    codeExecution?: {
        [key: string]: unknown;
    };
    code_execution?: {
        [key: string]: unknown;
    };
    urlContext?: {
        [key: string]: unknown;
    };
    url_context?: {
        [key: string]: unknown;
    };
    computerUse?: {
        [key: string]: unknown;
    };
    computer_use?: {
        [key: string]: unknown;
    };
    googleMaps?: {
        [key: string]: unknown;
    };
    google_maps?: {
        [key: string]: unknown;
    };
    /** Gemini API only. */
    fileSearch?: {
        [key: string]: unknown;
    };
    file_search?: {
        [key: string]: unknown;
    };
    mcpServers?: {
        [key: string]: unknown;
    }[];
    mcp_servers?: {
        [key: string]: unknown;
    }[];
    /** Vertex AI only. */
    retrieval?: {
        [key: string]: unknown;
    };
    /** Vertex AI only. */
    enterpriseWebSearch?: {
        [key: string]: unknown;
    };
    enterprise_web_search?: {
        [key: string]: unknown;
    };
    /** Vertex AI only. */
    parallelAiSearch?: {
        [key: string]: unknown;
    };
    parallel_ai_search?: {
        [key: string]: unknown;
    };
    /** Vertex AI only. */
    exaAiSearch?: {
        [key: string]: unknown;
    };
    exa_ai_search?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini/request.json#/$defs/FunctionDeclarations`. */
export type GeminiFunctionDeclarations = GeminiFunctionDeclaration[] | GeminiFunctionDeclaration;
/** From `schemas/dialects/gemini/request.json#/$defs/ToolConfig`. */
export type GeminiToolConfig = {
    functionCallingConfig?: GeminiFunctionCallingConfig;
    function_calling_config?: GeminiFunctionCallingConfig;
    /** {latLng?, languageCode?} for the retrieval and maps tools. */
    retrievalConfig?: {
        [key: string]: unknown;
    };
    retrieval_config?: {
        [key: string]: unknown;
    };
    /** Gemini API: return built-in tool invocations as toolCall/toolResponse parts. */
    includeServerSideToolInvocations?: boolean;
    include_server_side_tool_invocations?: boolean;
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini/response.json#/$defs/Candidate`. */
export type GeminiCandidate = {
    content?: GeminiContent;
    finishReason?: string;
    finish_reason?: string;
    finishMessage?: string;
    finish_message?: string;
    index?: number;
    /** SafetyRating list: {category, probability, blocked?, ...}. */
    safetyRatings?: {
        [key: string]: unknown;
    }[];
    /** {citationSources (or citations on Vertex AI)}. */
    citationMetadata?: {
        [key: string]: unknown;
    };
    /**
     * Search/retrieval grounding: groundingChunks, groundingSupports, webSearchQueries,
     * searchEntryPoint, ...
     */
    groundingMetadata?: {
        [key: string]: unknown;
    };
    /** Gemini API: sources of a grounded answer (GenerateAnswer). */
    groundingAttributions?: {
        [key: string]: unknown;
    }[];
    /** {urlMetadata: [{retrievedUrl, urlRetrievalStatus}]} from the URL context tool. */
    urlContextMetadata?: {
        [key: string]: unknown;
    };
    tokenCount?: number;
    avgLogprobs?: number;
    /** Vertex AI: confidence score of the candidate. */
    score?: number;
    /** {topCandidates, chosenCandidates, logProbabilitySum?} when responseLogprobs is set. */
    logprobsResult?: {
        [key: string]: unknown;
    };
    /** Opaque token to resume a candidate that finished with CONTINUATION. */
    continuationToken?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini/stream_event.json#/then`. */
export type GeminiStreamError = {
    error?: {
        code?: number;
        message: string;
        status?: string;
        details?: unknown[];
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A whole call has a name. Vertex AI, asked to stream function call arguments, sends a call in
 * fragments instead: the name with willContinue, then partialArgs (typed values at JSONPaths), and
 * an empty functionCall (or one without willContinue) to end it; fragments carry no name.
 * toolwire's stream assembler puts them together; decoding one alone is an error.
 * From `schemas/dialects/gemini/tool_call.json#/$defs/FunctionCall`.
 */
export type GeminiFunctionCall = {
    id?: string;
    name?: string;
    args?: {
        [key: string]: unknown;
    };
    partialArgs?: GeminiPartialArgs;
    partial_args?: GeminiPartialArgs;
    willContinue?: boolean;
    will_continue?: boolean;
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini/tool_call.json#/$defs/PartialArgs`. */
export type GeminiPartialArgs = {
    jsonPath?: string;
    json_path?: string;
    stringValue?: string;
    string_value?: string;
    numberValue?: number;
    number_value?: number;
    boolValue?: boolean;
    bool_value?: boolean;
    nullValue?: "NULL_VALUE";
    null_value?: "NULL_VALUE";
    willContinue?: boolean;
    will_continue?: boolean;
    [key: string]: unknown;
}[];
/**
 * Opaque bytes as base64, standard or URL-safe alphabet (proto3 JSON accepts both, with or without
 * padding).
 * From `schemas/dialects/gemini/tool_call.json#/$defs/Base64`.
 */
export type GeminiThoughtSignature = string;
/**
 * The functions the model may call (google-genai FunctionCallingConfig.allowed_function_names). The
 * API accepts an empty list, which restricts nothing (the same as leaving the field out); proto3
 * JSON also takes one name for the list.
 * From `schemas/dialects/gemini/tool_choice.json#/$defs/Names`.
 */
export type GeminiAllowedFunctionNames = string[] | string;
/**
 * A JSON Schema describing the arguments object.
 * From `schemas/dialects/gemini/tool_definition.json#/$defs/JsonSchemaObject`.
 */
export type GeminiParametersJsonSchema = {
    [key: string]: unknown;
};
/**
 * Gemini's Schema: an OpenAPI 3.0 subset. One type, not a list (nullable says null); upper-case
 * type names are canonical, lower-case ones are accepted. Enum values are strings.
 * From `schemas/dialects/gemini/tool_definition.json#/$defs/OpenApiSchema`.
 */
export type GeminiOpenApiSchema = {
    type?: "TYPE_UNSPECIFIED" | "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL" | "string" | "number" | "integer" | "boolean" | "array" | "object" | "null";
    nullable?: boolean;
    enum?: string[];
    required?: string[];
    propertyOrdering?: string[];
    properties?: {
        [key: string]: GeminiOpenApiSchema;
    };
    items?: GeminiOpenApiSchema;
    anyOf?: GeminiOpenApiSchema[];
    [key: string]: unknown;
};
/** From `schemas/dialects/gemini/tool_result.json#/$defs/FunctionResponse`. */
export type GeminiFunctionResponse = {
    id?: string;
    name: string;
    response: {
        [key: string]: unknown;
    };
    parts?: {
        [key: string]: unknown;
    }[];
    willContinue?: boolean;
    will_continue?: boolean;
    scheduling?: "SCHEDULING_UNSPECIFIED" | "SILENT" | "WHEN_IDLE" | "INTERRUPT";
    [key: string]: unknown;
};
