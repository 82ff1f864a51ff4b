/**
 * An error response's body: {message}, the exception's name (ValidationException,
 * ThrottlingException, ...) in the x-amzn-ErrorType header. toolwire's wire form puts that name in
 * the body as `__type`, as AWS JSON protocols spell it, so one JSON value holds the whole error.
 * From `schemas/dialects/bedrock_converse/error.json#`.
 */
export type BedrockConverseError = {
    __type: string;
    message: string;
    [key: string]: unknown;
};
/**
 * A Converse / ConverseStream request body (modelId travels in the URI): the parts that carry
 * tools, tool choice, calls and results, and the other documented members. Open to every other
 * field. Source: botocore bedrock-runtime ConverseRequest / ConverseStreamRequest (service-2.json,
 * botocore 1.44).
 * From `schemas/dialects/bedrock_converse/request.json#`.
 */
export type BedrockConverseRequest = {
    /** Travels in the URI (POST /model/{modelId}/converse); SDK-level request objects carry it. */
    modelId?: string;
    messages: BedrockMessage[];
    system?: BedrockSystemContentBlock[];
    inferenceConfig?: {
        maxTokens?: number;
        temperature?: number;
        topP?: number;
        stopSequences?: string[];
        [key: string]: unknown;
    };
    /**
     * tools (at least one) and toolChoice. It must be present whenever messages hold toolUse or
     * toolResult blocks.
     */
    toolConfig?: BedrockToolConfiguration;
    /** GuardrailConfiguration; ConverseStream adds streamProcessingMode. */
    guardrailConfig?: BedrockGuardrailConfiguration;
    /** Model-specific parameters (a free-form document). */
    additionalModelRequestFields?: {
        [key: string]: unknown;
    };
    additionalModelResponseFieldPaths?: string[];
    /** A map from variable name to a PromptVariableValues union. */
    promptVariables?: {
        [key: string]: unknown;
    };
    /** A map of caller-chosen string keys and values. */
    requestMetadata?: {
        [key: string]: unknown;
    };
    performanceConfig?: BedrockPerformanceConfiguration;
    serviceTier?: BedrockServiceTier;
    outputConfig?: BedrockOutputConfig;
    projectIdentifier?: string;
    [key: string]: unknown;
};
/**
 * A Converse response body: toolUse blocks in output.message.content, and stopReason (tool_use when
 * calls were made). Source: botocore bedrock-runtime ConverseResponse; usage also carries fields
 * botocore does not list (cacheReadInputTokenCount, serverToolUsage: corpus).
 * From `schemas/dialects/bedrock_converse/response.json#`.
 */
export type BedrockConverseResponse = {
    output: BedrockConverseOutput;
    stopReason: string;
    usage: ({
        inputTokens: unknown;
        outputTokens: unknown;
        totalTokens: unknown;
        [key: string]: unknown;
    } | unknown[] | string | number | boolean | null) & BedrockTokenUsage;
    metrics: {
        latencyMs: number;
        [key: string]: unknown;
    };
    additionalModelResponseFields?: unknown;
    trace?: BedrockConverseTrace;
    performanceConfig?: BedrockPerformanceConfiguration;
    serviceTier?: BedrockServiceTier;
    [key: string]: unknown;
};
/**
 * One ConverseStream event as the AWS SDKs decode a binary event-stream frame: {"<:event-type
 * header>": payload}. Payloads may carry the AWS padding field p. Tool calls stream as
 * contentBlockStart.start.toolUse {toolUseId, name} then contentBlockDelta.delta.toolUse.input
 * JSON-text fragments. Source: botocore bedrock-runtime ConverseStreamOutput.
 * From `schemas/dialects/bedrock_converse/stream_event.json#`.
 */
export type BedrockConverseStreamEvent = {
    messageStart?: BedrockMessageStartEvent;
    contentBlockStart?: BedrockContentBlockStartEvent;
    contentBlockDelta?: BedrockContentBlockDeltaEvent;
    contentBlockStop?: BedrockContentBlockStopEvent;
    messageStop?: BedrockMessageStopEvent;
    metadata?: BedrockStreamMetadataEvent;
    internalServerException?: BedrockStreamException;
    modelStreamErrorException?: BedrockStreamException;
    validationException?: BedrockStreamException;
    throttlingException?: BedrockStreamException;
    serviceUnavailableException?: BedrockStreamException;
    [key: string]: unknown;
} & ({
    messageStart: unknown;
} | {
    contentBlockStart: unknown;
} | {
    contentBlockDelta: unknown;
} | {
    contentBlockStop: unknown;
} | {
    messageStop: unknown;
} | {
    metadata: unknown;
} | {
    internalServerException: unknown;
} | {
    modelStreamErrorException: unknown;
} | {
    validationException: unknown;
} | {
    throttlingException: unknown;
} | {
    serviceUnavailableException: unknown;
});
/**
 * An element of an assistant message's `content`: the `toolUse` member of the ContentBlock union.
 * `input` is a JSON value (an object in practice), never text. Responses may add `type` ("tool_use"
 * from Claude, "server_tool_use" for server tools); requests leave it out. Source: botocore
 * bedrock-runtime ToolUseBlock; corpus bedrock/claude-sonnet45-tooluse.response.json.
 * From `schemas/dialects/bedrock_converse/tool_call.json#`.
 */
export type BedrockToolUseContentBlock = {
    toolUse: BedrockToolUseBlock;
    [key: string]: unknown;
};
/**
 * `toolConfig.toolChoice`: a union of auto (the default), any (must call some tool) and tool (must
 * call the named tool). There is no none: a request that must not call tools leaves toolConfig out.
 * Source: botocore bedrock-runtime ToolChoice.
 * From `schemas/dialects/bedrock_converse/tool_choice.json#`.
 */
export type BedrockToolChoice = {
    auto?: {
        [key: string]: unknown;
    };
    any?: {
        [key: string]: unknown;
    };
    tool?: {
        name: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
} & ({
    auto: unknown;
} | {
    any: unknown;
} | {
    tool: unknown;
});
/**
 * An element of `toolConfig.tools`: the `toolSpec` member of the Tool union (the other members,
 * systemTool and cachePoint, are not tool definitions toolwire converts). Source: botocore
 * bedrock-runtime ToolSpecification.
 * From `schemas/dialects/bedrock_converse/tool_definition.json#`.
 */
export type BedrockToolSpecTool = {
    toolSpec: BedrockToolSpecification;
    [key: string]: unknown;
};
/**
 * An element of a user message's `content`: the `toolResult` member of the ContentBlock union.
 * `status` (success or error) is optional and only honoured by some models. Source: botocore
 * bedrock-runtime ToolResultBlock.
 * From `schemas/dialects/bedrock_converse/tool_result.json#`.
 */
export type BedrockToolResultContentBlock = {
    /**
     * With status error, content must not be empty (Bedrock: "The content field ... cannot be empty
     * when status value is error", quoted in
     * aws-samples/sample-multi-agent-orchestration-chat-on-agentcore#15).
     */
    toolResult: BedrockToolResultBlock;
    [key: string]: unknown;
};
/**
 * tools (at least one) and toolChoice. It must be present whenever messages hold toolUse or
 * toolResult blocks.
 * From `schemas/dialects/bedrock_converse/request.json#/properties/toolConfig`.
 */
export type BedrockToolConfiguration = {
    tools: BedrockTool[];
    toolChoice?: BedrockToolChoice;
    [key: string]: unknown;
};
/**
 * GuardrailConfiguration; ConverseStream adds streamProcessingMode.
 * From `schemas/dialects/bedrock_converse/request.json#/properties/guardrailConfig`.
 */
export type BedrockGuardrailConfiguration = {
    guardrailIdentifier?: string;
    guardrailVersion?: string;
    trace?: string;
    streamProcessingMode?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/request.json#/properties/outputConfig`. */
export type BedrockOutputConfig = {
    /** OutputFormat: type and structure (jsonSchema). */
    textFormat?: {
        [key: string]: unknown;
    };
    effort?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/request.json#/$defs/Message`. */
export type BedrockMessage = {
    role: "user" | "assistant";
    content: BedrockContentBlock[];
    [key: string]: unknown;
};
/**
 * An image, document, video or audio source, a union: bytes (base64 on the JSON wire), s3Location
 * {uri, bucketOwner}, and for documents text or content blocks.
 * From `schemas/dialects/bedrock_converse/request.json#/$defs/Source`.
 */
export type BedrockContentSource = {
    bytes?: string;
    s3Location?: {
        uri: string;
        bucketOwner?: string;
        [key: string]: unknown;
    };
    text?: string;
    content?: unknown[];
    [key: string]: unknown;
};
/**
 * Citation (botocore 1.43.11): title, source, sourceContent (CitationSourceContent {text}) and
 * location, a CitationLocation union: web {url, domain}, documentChar, documentPage, documentChunk
 * {documentIndex, start, end}, searchResultLocation {searchResultIndex, start, end}.
 * From `schemas/dialects/bedrock_converse/request.json#/$defs/Citation`.
 */
export type BedrockCitation = {
    title?: string;
    source?: string;
    sourceContent?: {
        text?: string;
        [key: string]: unknown;
    }[];
    location?: {
        web?: {
            url?: string;
            domain?: string;
            [key: string]: unknown;
        };
        documentChar?: BedrockDocumentRange;
        documentPage?: BedrockDocumentRange;
        documentChunk?: BedrockDocumentRange;
        searchResultLocation?: {
            searchResultIndex?: number;
            start?: number;
            end?: number;
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * DocumentCharLocation, DocumentPageLocation, DocumentChunkLocation: documentIndex, start, end
 * (integers, none required).
 * From `schemas/dialects/bedrock_converse/request.json#/$defs/DocumentRange`.
 */
export type BedrockDocumentRange = {
    documentIndex?: number;
    start?: number;
    end?: number;
    [key: string]: unknown;
};
/**
 * A ContentBlock union (text, image, document, video, audio, toolUse, toolResult, guardContent,
 * cachePoint, reasoningContent, citationsContent, searchResult, toolAddition, toolRemoval): no type
 * constant, the member's key says what it is. Sources, citations and nested content stay opaque.
 * From `schemas/dialects/bedrock_converse/request.json#/$defs/ContentBlock`.
 * Not expressed: if/then/else.
 */
export type BedrockContentBlock = {
    text?: string;
    image?: {
        format?: string;
        source?: BedrockContentSource;
        error?: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    document?: {
        format?: string;
        name?: string;
        source?: BedrockContentSource;
        context?: string;
        citations?: {
            enabled: boolean;
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    video?: {
        format?: string;
        source?: BedrockContentSource;
        [key: string]: unknown;
    };
    audio?: {
        format?: string;
        source?: BedrockContentSource;
        error?: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    toolUse?: {
        [key: string]: unknown;
    };
    toolResult?: {
        [key: string]: unknown;
    };
    /** GuardrailConverseContentBlock union: text {text, qualifiers} or image {format, source}. */
    guardContent?: {
        text?: {
            text: string;
            qualifiers?: string[];
            [key: string]: unknown;
        };
        image?: {
            format?: string;
            source?: {
                [key: string]: unknown;
            };
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    cachePoint?: BedrockCachePointBlock;
    /** A union: reasoningText {text, signature} or redactedContent (base64 bytes). */
    reasoningContent?: BedrockReasoningContentBlock;
    /**
     * CitationsContentBlock: content (CitationGeneratedContent {text}) and citations (botocore
     * 1.43.11).
     */
    citationsContent?: BedrockCitationsContentBlock;
    searchResult?: {
        source?: string;
        title?: string;
        content?: unknown[];
        citations?: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    /** ToolAdditionBlock: tool (a ToolReference). */
    toolAddition?: {
        [key: string]: unknown;
    };
    /** ToolRemovalBlock: tool (a ToolReference). */
    toolRemoval?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A union: reasoningText {text, signature} or redactedContent (base64 bytes).
 * From
 * `schemas/dialects/bedrock_converse/request.json#/$defs/ContentBlock/properties/reasoningContent`.
 */
export type BedrockReasoningContentBlock = {
    reasoningText?: {
        text: string;
        signature?: string;
        [key: string]: unknown;
    };
    redactedContent?: string;
    [key: string]: unknown;
};
/**
 * CitationsContentBlock: content (CitationGeneratedContent {text}) and citations (botocore
 * 1.43.11).
 * From
 * `schemas/dialects/bedrock_converse/request.json#/$defs/ContentBlock/properties/citationsContent`.
 */
export type BedrockCitationsContentBlock = {
    content?: {
        text?: string;
        [key: string]: unknown;
    }[];
    citations?: BedrockCitation[];
    [key: string]: unknown;
};
/**
 * A SystemContentBlock union: text, guardContent or cachePoint.
 * From `schemas/dialects/bedrock_converse/request.json#/$defs/SystemContentBlock`.
 */
export type BedrockSystemContentBlock = {
    text?: string;
    /** GuardrailConverseContentBlock union: text {text, qualifiers} or image {format, source}. */
    guardContent?: {
        text?: {
            text: string;
            qualifiers?: string[];
            [key: string]: unknown;
        };
        image?: {
            format?: string;
            source?: {
                [key: string]: unknown;
            };
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    cachePoint?: BedrockCachePointBlock;
    [key: string]: unknown;
};
/**
 * A cache point: the content before it is cached (CachePointBlock: type default, ttl 5m or 1h).
 * From `schemas/dialects/bedrock_converse/request.json#/$defs/CachePoint`.
 */
export type BedrockCachePointBlock = {
    type: "default";
    ttl?: "5m" | "1h";
};
/** From `schemas/dialects/bedrock_converse/request.json#/$defs/PerformanceConfiguration`. */
export type BedrockPerformanceConfiguration = {
    latency?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/request.json#/$defs/ServiceTier`. */
export type BedrockServiceTier = {
    type?: string;
    [key: string]: unknown;
};
/**
 * A Tool union: toolSpec (a tool definition), systemTool (a provider tool, by name) or cachePoint.
 * From `schemas/dialects/bedrock_converse/request.json#/$defs/Tool`.
 */
export type BedrockTool = {
    systemTool?: {
        name: string;
        [key: string]: unknown;
    };
    cachePoint?: BedrockCachePointBlock;
    [key: string]: unknown;
} & ({
    toolSpec: unknown;
} & BedrockToolSpecTool | {
    systemTool: unknown;
} | {
    cachePoint: unknown;
});
/** From `schemas/dialects/bedrock_converse/response.json#/properties/output`. */
export type BedrockConverseOutput = {
    message?: BedrockMessage;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/response.json#/$defs/TokenUsage`. */
export type BedrockTokenUsage = {
    inputTokens?: number;
    outputTokens?: number;
    totalTokens?: number;
    cacheReadInputTokens?: number;
    cacheWriteInputTokens?: number;
    cacheReadInputTokenCount?: number;
    cacheWriteInputTokenCount?: number;
    cacheDetails?: unknown[];
    serverToolUsage?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * ConverseTrace / ConverseStreamTrace: the guardrail assessment and the prompt router's choice.
 * From `schemas/dialects/bedrock_converse/response.json#/$defs/Trace`.
 */
export type BedrockConverseTrace = {
    /** GuardrailTraceAssessment: modelOutput, inputAssessment, outputAssessments, actionReason. */
    guardrail?: {
        [key: string]: unknown;
    };
    promptRouter?: {
        invokedModelId?: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/stream_event.json#/properties/messageStart`. */
export type BedrockMessageStartEvent = {
    role: "user" | "assistant";
    p?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockStart`. */
export type BedrockContentBlockStartEvent = {
    contentBlockIndex: number;
    start: BedrockContentBlockStart;
    p?: string;
    [key: string]: unknown;
};
/**
 * From
 * `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockStart/properties/start`.
 */
export type BedrockContentBlockStart = {
    toolUse?: BedrockToolUseBlockStart;
    toolResult?: {
        toolUseId: string;
        type?: string;
        status?: string;
        [key: string]: unknown;
    };
    image?: {
        format?: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * From
 * `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockStart/properties/start/properties/
 * toolUse`.
 */
export type BedrockToolUseBlockStart = {
    toolUseId: string;
    name: string;
    type?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockDelta`. */
export type BedrockContentBlockDeltaEvent = {
    contentBlockIndex: number;
    delta: BedrockContentBlockDelta;
    p?: string;
    [key: string]: unknown;
};
/**
 * From
 * `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockDelta/properties/delta`.
 */
export type BedrockContentBlockDelta = {
    text?: string;
    /** input is a fragment of the arguments' JSON text; the fragments concatenate. */
    toolUse?: BedrockToolUseBlockDelta;
    toolResult?: unknown[];
    /** A union: text, redactedContent (base64 bytes) or signature. */
    reasoningContent?: BedrockReasoningContentBlockDelta;
    citation?: BedrockCitationsDelta;
    image?: {
        source?: {
            [key: string]: unknown;
        };
        error?: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * input is a fragment of the arguments' JSON text; the fragments concatenate.
 * From
 * `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockDelta/properties/delta/properties/
 * toolUse`.
 */
export type BedrockToolUseBlockDelta = {
    input: string;
    [key: string]: unknown;
};
/**
 * A union: text, redactedContent (base64 bytes) or signature.
 * From
 * `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockDelta/properties/delta/properties/
 * reasoningContent`.
 */
export type BedrockReasoningContentBlockDelta = {
    text?: string;
    redactedContent?: string;
    signature?: string;
    [key: string]: unknown;
};
/**
 * From
 * `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockDelta/properties/delta/properties/
 * citation`.
 */
export type BedrockCitationsDelta = {
    title?: string;
    source?: string;
    sourceContent?: unknown[];
    location?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/stream_event.json#/properties/contentBlockStop`. */
export type BedrockContentBlockStopEvent = {
    contentBlockIndex: number;
    p?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/stream_event.json#/properties/messageStop`. */
export type BedrockMessageStopEvent = {
    stopReason: string;
    additionalModelResponseFields?: unknown;
    p?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/stream_event.json#/properties/metadata`. */
export type BedrockStreamMetadataEvent = {
    usage: BedrockTokenUsage;
    metrics: {
        latencyMs?: number;
        [key: string]: unknown;
    };
    trace?: BedrockConverseTrace;
    performanceConfig?: BedrockPerformanceConfiguration;
    serviceTier?: BedrockServiceTier;
    p?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/stream_event.json#/$defs/StreamException`. */
export type BedrockStreamException = {
    message?: string;
    originalStatusCode?: number;
    originalMessage?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/tool_call.json#/properties/toolUse`. */
export type BedrockToolUseBlock = {
    toolUseId: string;
    name: string;
    input: {
        [key: string]: unknown;
    };
    type?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/bedrock_converse/tool_definition.json#/properties/toolSpec`. */
export type BedrockToolSpecification = {
    name: string;
    description?: string;
    /**
     * A union with one member, json: the JSON Schema of the arguments, whose top-level type must be
     * object.
     */
    inputSchema: BedrockToolInputSchema;
    strict?: boolean;
    [key: string]: unknown;
};
/**
 * A union with one member, json: the JSON Schema of the arguments, whose top-level type must be
 * object.
 * From
 * `schemas/dialects/bedrock_converse/tool_definition.json#/properties/toolSpec/properties/inputSchema`.
 */
export type BedrockToolInputSchema = {
    /** A JSON Schema: any keywords, top-level type object. */
    json: {
        type: "object";
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * With status error, content must not be empty (Bedrock: "The content field ... cannot be empty
 * when status value is error", quoted in
 * aws-samples/sample-multi-agent-orchestration-chat-on-agentcore#15).
 * From `schemas/dialects/bedrock_converse/tool_result.json#/properties/toolResult`.
 * Not expressed: if/then/else.
 */
export type BedrockToolResultBlock = {
    toolUseId: string;
    content: BedrockToolResultContent[];
    status?: "success" | "error";
    type?: string;
    [key: string]: unknown;
};
/**
 * A ToolResultContentBlock union: exactly one of text, json, image, document, video, searchResult.
 * text, json and inline (bytes) images are mapped; the others are kept verbatim.
 * From `schemas/dialects/bedrock_converse/tool_result.json#/$defs/ToolResultContent`.
 */
export type BedrockToolResultContent = {
    text?: string;
    json?: unknown;
    image?: BedrockImageBlock;
    document?: {
        name: string;
        source: {
            [key: string]: unknown;
        };
        format?: string;
        [key: string]: unknown;
    };
    video?: {
        format: string;
        source: {
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    searchResult?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * From
 * `schemas/dialects/bedrock_converse/tool_result.json#/$defs/ToolResultContent/properties/image`.
 */
export type BedrockImageBlock = {
    format: "png" | "jpeg" | "gif" | "webp";
    source: BedrockImageSource;
    [key: string]: unknown;
};
/**
 * From
 * `schemas/dialects/bedrock_converse/tool_result.json#/$defs/ToolResultContent/properties/image/properties/source`.
 */
export type BedrockImageSource = {
    bytes?: string;
    s3Location?: {
        uri: string;
        bucketOwner?: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
