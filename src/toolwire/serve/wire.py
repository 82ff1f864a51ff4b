"""Each dialect's HTTP facts, as data: where it is served, how it names its model, asks for a
stream, frames its stream and carries its API key. The gateway's other modules read these,
never a dialect name."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Wire:
    """One dialect on the wire. Paths are Starlette patterns; `{model}` is the model named in
    the URL (Gemini; `{model:path}` where a model id may hold a `/`, as Bedrock's ARNs), where
    `stream_path` is the streaming variant."""

    path: str
    stream_path: str | None = None
    key_header: str = "authorization"
    key_prefix: str = "Bearer "
    key_query: str | None = None  # a query parameter that may carry the key instead (Gemini's `key`)
    stream_default: bool = False  # what an absent `stream` field means (Ollama streams by default)
    framing: str = "sse"  # "sse", "ndjson" or "eventstream" (AWS's binary one): how its streams are framed
    upstream_query: str = ""  # added to the streaming URL (Gemini's `alt=sse`)
    fixed_headers: dict[str, str] = field(default_factory=dict)  # sent upstream on every request
    signing: str | None = None  # the SigV4 service name where the provider takes AWS signatures
    # the header naming an error's type, the way the provider's SDK reads it (Bedrock's x-amzn-errortype)
    error_type_header: str | None = None

    @property
    def model_in_path(self) -> bool:
        return "{model" in self.path

    @property
    def media_type(self) -> str:
        """The content type of its streams."""
        return MEDIA_TYPES[self.framing]


MEDIA_TYPES = {
    "sse": "text/event-stream",
    "ndjson": "application/x-ndjson",
    "eventstream": "application/vnd.amazon.eventstream",
}


WIRES: dict[str, Wire] = {
    "openai_chat": Wire("/v1/chat/completions"),
    "openai_responses": Wire("/v1/responses"),
    "anthropic_messages": Wire(
        "/v1/messages", key_header="x-api-key", key_prefix="", fixed_headers={"anthropic-version": "2023-06-01"}
    ),
    "gemini": Wire(
        "/v1beta/models/{model}:generateContent",
        stream_path="/v1beta/models/{model}:streamGenerateContent",
        key_header="x-goog-api-key",
        key_prefix="",
        key_query="key",
        upstream_query="alt=sse",
    ),
    # Mistral's path is OpenAI's: a route serving both gives one of them a prefix.
    "mistral": Wire("/v1/chat/completions"),
    "cohere_v2": Wire("/v2/chat"),
    "ollama": Wire("/api/chat", stream_default=True, framing="ndjson"),
    # Bedrock API keys are bearer tokens; AWS credentials sign instead (credential = "aws")
    "bedrock_converse": Wire(
        "/model/{model:path}/converse",
        stream_path="/model/{model:path}/converse-stream",
        framing="eventstream",
        signing="bedrock",
        error_type_header="x-amzn-errortype",
    ),
}

# Not served yet, and why: said by the configuration check instead of failing later.
NOT_YET: dict[str, str] = {
    "mcp": "MCP carries tools only, no conversations",
}

# Headers that carry credentials in any dialect: never forwarded from a client unless a route
# passes its key through, never logged, never recorded.
SECRET_HEADERS = frozenset(
    {
        "authorization",
        "x-api-key",
        "x-goog-api-key",
        "api-key",
        "proxy-authorization",
        "cookie",
        "x-amz-security-token",  # an AWS session token, sent beside a SigV4 signature
    }
)
