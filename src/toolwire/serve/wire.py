"""Each dialect's HTTP facts, as data: where it is served, how it names its model, asks for a
stream, frames its stream and carries its API key. The gateway's other modules read these,
never a dialect name."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Wire:
    """One dialect on the wire. Paths are Starlette patterns; `{model}` is the model named in
    the URL (Gemini), where `stream_path` is the streaming variant."""

    path: str
    stream_path: str | None = None
    key_header: str = "authorization"
    key_prefix: str = "Bearer "
    key_query: str | None = None  # a query parameter that may carry the key instead (Gemini's `key`)
    stream_default: bool = False  # what an absent `stream` field means (Ollama streams by default)
    framing: str = "sse"  # "sse" or "ndjson": how its streams are framed
    upstream_query: str = ""  # added to the streaming URL (Gemini's `alt=sse`)
    fixed_headers: dict[str, str] = field(default_factory=dict)  # sent upstream on every request

    @property
    def model_in_path(self) -> bool:
        return "{model}" in self.path


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
}

# Not served yet, and why: said by the configuration check instead of failing later.
NOT_YET: dict[str, str] = {
    "bedrock_converse": "Bedrock needs SigV4 signing and its binary event stream (botocore), not in this version",
    "mcp": "MCP carries tools only, no conversations",
}

# Headers that carry credentials in any dialect: never forwarded from a client unless a route
# passes its key through, never logged, never recorded.
SECRET_HEADERS = frozenset({"authorization", "x-api-key", "x-goog-api-key", "api-key", "proxy-authorization", "cookie"})
