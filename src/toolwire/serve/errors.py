"""Each dialect's error shape and status vocabulary, as data: an error the gateway answers (its
own, or an upstream's translated) is written the way the client's SDK reads errors, with the
status mapped to one the client's provider uses."""

from __future__ import annotations

import json
from typing import Any

from toolwire.serve import eventstream
from toolwire.serve.wire import WIRES

# Anthropic's error types by status (its API reference, "Errors").
ANTHROPIC_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    502: "api_error",
    503: "overloaded_error",
    504: "api_error",
    529: "overloaded_error",
}
# Google's canonical status names by HTTP status (google.rpc.Code).
GOOGLE_STATUS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    413: "INVALID_ARGUMENT",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    502: "UNAVAILABLE",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}
# OpenAI's `type` values by status, shared by the OpenAI-shaped dialects.
OPENAI_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "invalid_request_error",
    429: "rate_limit_error",
}
# Bedrock's error names by status (its API reference, "Common Errors" and Converse's errors); a
# stream's exception events use the same names, lowerCamel (those ConverseStream models).
BEDROCK_ERRORS = {
    400: "ValidationException",
    401: "UnrecognizedClientException",
    403: "AccessDeniedException",
    404: "ResourceNotFoundException",
    408: "ModelTimeoutException",
    413: "ValidationException",
    424: "ModelErrorException",
    429: "ThrottlingException",
    503: "ServiceUnavailableException",
}
BEDROCK_STREAM_ERRORS = {
    400: "validationException",
    413: "validationException",
    429: "throttlingException",
    502: "modelStreamErrorException",
    503: "serviceUnavailableException",
}


def bedrock_error_type(status: int) -> str:
    return BEDROCK_ERRORS.get(status, "InternalServerException")


def client_status(dialect: str, status: int) -> int:
    """An upstream's error status as the client's provider would send it: Anthropic's own 529
    (overloaded) is 503 elsewhere; anything that is no error status becomes 502."""
    if status == 529 and dialect != "anthropic_messages":
        return 503
    return status if 400 <= status <= 599 else 502


def error_body(dialect: str, status: int, message: str) -> dict[str, Any]:
    """The error document the client's dialect answers with."""
    if dialect == "anthropic_messages":
        return {"type": "error", "error": {"type": ANTHROPIC_TYPES.get(status, "api_error"), "message": message}}
    if dialect == "gemini":
        return {"error": {"code": status, "message": message, "status": GOOGLE_STATUS.get(status, "UNKNOWN")}}
    if dialect == "ollama":
        return {"error": message}
    if dialect in ("cohere_v2", "bedrock_converse"):  # Bedrock names the error in a header (error_headers)
        return {"message": message}
    kind = OPENAI_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
    if dialect == "mistral":
        return {"object": "error", "message": message, "type": kind, "param": None, "code": str(status)}
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


def stream_error_event(dialect: str, status: int, message: str) -> dict[str, Any]:
    """The error event that ends a stream already under way: the SDKs raise on it, so a cut
    stream never reads as a completed one."""
    if dialect == "openai_responses":
        return {"type": "error", "code": str(status), "message": message, "param": None}
    if dialect == "bedrock_converse":
        return {BEDROCK_STREAM_ERRORS.get(status, "internalServerException"): {"message": message}}
    return error_body(dialect, status, message)


def error_headers(dialect: str, status: int) -> dict[str, str]:
    """Headers an error answer carries in the client's dialect: Bedrock's SDKs read the error's
    name from x-amzn-errortype."""
    name = WIRES[dialect].error_type_header
    return {name: bedrock_error_type(status)} if name else {}


def stream_said(payload: Any) -> str | None:
    """The message of an error event an upstream sent in its stream (an `error` object, a
    `type: error` event, or a Bedrock exception event), None for any other event."""
    if not isinstance(payload, dict):
        return None
    exceptions = [value for key, value in payload.items() if isinstance(key, str) and key.endswith("Exception")]
    if payload.get("error") or payload.get("type") == "error" or exceptions:  # `"error": null` is none
        return upstream_message(json.dumps(exceptions[0] if exceptions else payload).encode())
    return None


def frame_event(dialect: str, framing: str, event: dict[str, Any]) -> str | bytes:
    """An event the gateway writes itself, framed as the dialect frames its stream."""
    if framing == "eventstream":
        return eventstream.encode(event)
    data = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    if framing == "ndjson":
        return data + "\n"
    # the dialects whose SSE streams name each event on an `event:` line
    named = dialect in ("anthropic_messages", "openai_responses", "cohere_v2")
    return ("event: error\n" if named else "") + f"data: {data}\n\n"


def upstream_message(body: bytes) -> str:
    """The message of an upstream's error body, whatever its dialect's shape (the raw text,
    shortened, when it is no JSON document with one)."""
    try:
        document = json.loads(body)
    except (ValueError, RecursionError):
        document = None
    for path in (("error", "message"), ("message",), ("Message",), ("error",), ("detail",)):
        found: Any = document
        for key in path:
            found = found.get(key) if isinstance(found, dict) else None
        if isinstance(found, str) and found:
            return found[:1000]
    text = body.decode("utf-8", "replace").strip()
    return (text[:1000] or "no error message") if document is None else json.dumps(document)[:1000]
