/**
 * A JSON-RPC 2.0 error object, the `error` of an error response ({jsonrpc, id, error}; the whole
 * response is the `response` envelope): `code` is a JSON-RPC code (-32602 invalid params, -32601
 * method not found, -32603 internal error), not an HTTP status; `data` is the sender's own.
 * From `schemas/dialects/mcp/error.json#`.
 */
export type McpError = {
    code: number;
    message: string;
    data?: unknown;
    [key: string]: unknown;
};
/**
 * A JSON-RPC 2.0 request or notification an MCP client or server sends (MCP 2026-07-28 schema.ts;
 * earlier revisions too). A tools/call request carries its call in `params`; sampling/createMessage
 * may list tools in `params.tools`. The params of tools/list and sampling/createMessage are
 * described here; the params of other methods are free-form. Open to every other method and field.
 * From `schemas/dialects/mcp/request.json#`.
 * Not expressed: if/then/else.
 */
export type McpJsonRpcRequest = {
    jsonrpc: "2.0";
    id?: string | number;
    method: string;
    params?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A JSON-RPC 2.0 response: a `result` (a tools/list result with its tools, a CallToolResult, or any
 * other result) or an `error` {code, message, data?}, which carries no tool parts. There is no
 * finish reason. Error responses may lack `id` (when the request's id could not be read).
 * From `schemas/dialects/mcp/response.json#`.
 * Not expressed: not.
 */
export type McpJsonRpcResponse = {
    jsonrpc: "2.0";
    id?: string | number | null;
    result?: McpResult;
    error?: McpJsonRpcError;
    [key: string]: unknown;
} & ({
    result: unknown;
    id: unknown;
} | {
    error: unknown;
});
/**
 * The `params` of a tools/call JSON-RPC request (CallToolRequestParams): the tool's name and its
 * arguments as an object. There is no call id: the request's JSON-RPC id is transport state that
 * the client's session assigns, and it is kept with the request, not here. `task` asks for
 * task-augmented execution; `_meta` may carry a progressToken.
 * From `schemas/dialects/mcp/tool_call.json#`.
 */
export type McpCallToolParams = {
    name: string;
    arguments?: {
        [key: string]: unknown;
    };
    task?: McpTaskMetadata;
    /**
     * MCP 2026-07-28: the client's answers (elicitation, sampling, roots results) to the
     * inputRequests of an input_required result, under the same keys.
     */
    inputResponses?: {
        [key: string]: {
            [key: string]: unknown;
        };
    };
    /** MCP 2026-07-28: opaque state from an input_required result, sent back unchanged. */
    requestState?: string;
    /**
     * RequestParams._meta (RequestMetaObject). MCP 2026-07-28 requires
     * io.modelcontextprotocol/protocolVersion (equal to the MCP-Protocol-Version header) and
     * io.modelcontextprotocol/clientCapabilities on every request; earlier revisions send none, so
     * neither is required here. Other keys are free-form.
     */
    _meta?: McpRequestMeta;
    [key: string]: unknown;
};
/**
 * A `Tool`, as an element of a tools/list result's `tools` list (MCP 2026-07-28; 2025-11-25 and
 * earlier too). Names SHOULD be 1-128 characters of A-Z a-z 0-9 _ - . (a SHOULD, so not enforced
 * here). `inputSchema` is a JSON Schema object whose root type is "object" (2020-12 unless
 * `$schema` says otherwise).
 * From `schemas/dialects/mcp/tool_definition.json#`.
 */
export type McpTool = {
    name: string;
    title?: string;
    description?: string;
    inputSchema: McpObjectSchema;
    outputSchema?: McpOutputSchema;
    annotations?: McpToolAnnotations;
    icons?: McpIcon[];
    execution?: McpToolExecution;
    /**
     * Tool._meta (MetaObject): free-form metadata; keys with an io.modelcontextprotocol/ or other
     * reserved prefix belong to MCP.
     */
    _meta?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * A CallToolResult, or (MCP 2026-07-28) an InputRequiredResult {resultType: input_required,
 * inputRequests?, requestState?} that asks for input before the call completes: the `result` of a
 * tools/call JSON-RPC response. `content` is a list of content blocks (text, image, audio,
 * resource_link, resource); `structuredContent` is an optional JSON value (an object up to revision
 * 2025-11-25; any JSON value, conforming to the tool's outputSchema, since 2026-07-28);
 * `resultType` (2026-07-28: required from servers of that revision, absent means complete) says how
 * to read the result; `isError: true` marks a tool execution error (protocol errors are JSON-RPC
 * errors instead). No call id: the response's JSON-RPC id links it to its request.
 * From `schemas/dialects/mcp/tool_result.json#`.
 * Not expressed: if/then/else, not.
 */
export type McpCallToolResult = {
    content?: McpContentBlock[];
    /**
     * Any JSON value: object, array, string, number, boolean or null (MCP 2026-07-28; an object in
     * earlier revisions, which this accepts too).
     */
    structuredContent?: unknown;
    /**
     * MCP 2026-07-28 Result.resultType: how to parse the result: complete (also when absent, for
     * servers of earlier revisions) or input_required (an InputRequiredResult). Other values the spec
     * leaves open are refused: toolwire cannot tell what they carry.
     */
    resultType?: "complete" | "input_required";
    isError?: boolean;
    /**
     * MCP 2026-07-28 InputRequiredResult.inputRequests: server-initiated requests
     * (elicitation/create, sampling/createMessage, roots/list) the client fulfils before retrying,
     * keyed by server-assigned ids.
     */
    inputRequests?: {
        [key: string]: {
            method: string;
            params?: {
                [key: string]: unknown;
            };
            [key: string]: unknown;
        };
    };
    /**
     * MCP 2026-07-28 InputRequiredResult.requestState: opaque state the client sends back unchanged
     * when it retries.
     */
    requestState?: string;
    /** Result._meta (ResultMetaObject): io.modelcontextprotocol/serverInfo and any other keys. */
    _meta?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
} & (({
    inputRequests: unknown;
} | {
    requestState: unknown;
}) | {
    content: unknown;
});
/** From `schemas/dialects/mcp/response.json#/properties/error`. */
export type McpJsonRpcError = {
    code: number;
    message: string;
    /** Additional information about the error, defined by the sender (any JSON value). */
    data?: unknown;
    [key: string]: unknown;
};
/**
 * From `schemas/dialects/mcp/response.json#/$defs/Result`.
 * Not expressed: if/then/else.
 */
export type McpResult = {
    [key: string]: unknown;
};
/** From `schemas/dialects/mcp/tool_call.json#/properties/task`. */
export type McpTaskMetadata = {
    ttl?: number;
    [key: string]: unknown;
};
/**
 * RequestParams._meta (RequestMetaObject). MCP 2026-07-28 requires
 * io.modelcontextprotocol/protocolVersion (equal to the MCP-Protocol-Version header) and
 * io.modelcontextprotocol/clientCapabilities on every request; earlier revisions send none, so
 * neither is required here. Other keys are free-form.
 * From `schemas/dialects/mcp/tool_call.json#/properties/_meta`.
 */
export type McpRequestMeta = {
    progressToken?: string | number;
    "io.modelcontextprotocol/protocolVersion"?: string;
    "io.modelcontextprotocol/clientInfo"?: {
        name: string;
        version: string;
        [key: string]: unknown;
    };
    "io.modelcontextprotocol/clientCapabilities"?: {
        [key: string]: unknown;
    };
    "io.modelcontextprotocol/logLevel"?: string;
    [key: string]: unknown;
};
/** From `schemas/dialects/mcp/tool_definition.json#/properties/annotations`. */
export type McpToolAnnotations = {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
    [key: string]: unknown;
};
/** From `schemas/dialects/mcp/tool_definition.json#/properties/icons/items`. */
export type McpIcon = {
    src: string;
    mimeType?: string;
    sizes?: string[];
    theme?: "light" | "dark";
    [key: string]: unknown;
};
/** From `schemas/dialects/mcp/tool_definition.json#/properties/execution`. */
export type McpToolExecution = {
    taskSupport?: "forbidden" | "optional" | "required";
    [key: string]: unknown;
};
/**
 * The JSON Schema of structuredContent: any JSON Schema 2020-12 object since MCP 2026-07-28 (its
 * root need not be an object schema, since structuredContent may be any JSON value); a root type
 * object in earlier revisions.
 * From `schemas/dialects/mcp/tool_definition.json#/$defs/OutputSchema`.
 */
export type McpOutputSchema = {
    $schema?: string;
    [key: string]: unknown;
};
/**
 * A JSON Schema whose root is an object schema (any keywords; its keys are the tool's, not wire
 * fields).
 * From `schemas/dialects/mcp/tool_definition.json#/$defs/ObjectSchema`.
 */
export type McpObjectSchema = {
    $schema?: string;
    type: "object";
    properties?: {
        [key: string]: unknown;
    };
    required?: string[];
    [key: string]: unknown;
};
/**
 * text and image blocks are mapped; audio, resource_link (a Resource: uri, name, title?,
 * description?, mimeType?, size?, icons?), resource (an embedded TextResourceContents or
 * BlobResourceContents) and unknown block types are kept verbatim as wire parts, which only MCP
 * carries.
 * From `schemas/dialects/mcp/tool_result.json#/$defs/ContentBlock`.
 * Not expressed: if/then/else.
 */
export type McpContentBlock = {
    type: string;
    annotations?: {
        [key: string]: unknown;
    };
    _meta?: {
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
