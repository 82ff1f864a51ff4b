"""The fake provider of bench/serve_overhead.py, run as its own process: OpenAI Chat on
`/v1/chat/completions` and Anthropic Messages on `/v1/messages`, each answering from the
vectors (tests/test_serve_fakes.py reads and frames them as the load and matrix tests do): a
text answer for a plain request, a stream of two tool calls for `"stream": true` (one write
per event, as a provider sends them). Every answer is encoded once at start, so the fake
costs the same whoever calls it: the gateway, LiteLLM or the bench directly.

    python bench/serve_upstream.py [--port 0]     # prints "listening on PORT"
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

import uvicorn  # noqa: E402

from tests.test_serve_fakes import frame, response_vector, stream_vector  # noqa: E402
from toolwire.serve.command import listen  # noqa: E402  (Nagle off, as the gateway's)

PLAIN = {"openai_chat": "a text response", "anthropic_messages": "a text answer"}
STREAM = {"openai_chat": "two calls one after the other", "anthropic_messages": "two tool_use blocks, keyed by block"}
PATHS = {b"/v1/chat/completions": "openai_chat", b"/v1/messages": "anthropic_messages"}
JSON = [(b"content-type", b"application/json")]
SSE = [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")]


def answers() -> dict[tuple[str, bool], list[bytes]]:
    """(dialect, streamed) -> the body, or the stream's writes (OpenAI's ends with [DONE])."""
    import json

    out: dict[tuple[str, bool], list[bytes]] = {}
    for dialect in PATHS.values():
        out[dialect, False] = [json.dumps(response_vector(dialect, PLAIN[dialect], first=True)).encode()]
        writes = [frame(dialect, event) for event in stream_vector(dialect, STREAM[dialect])]
        out[dialect, True] = writes + ([b"data: [DONE]\n\n"] if dialect == "openai_chat" else [])
    return out


class Upstream:
    def __init__(self) -> None:
        self.answers = answers()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        dialect = PATHS.get(scope["path"].encode())
        if dialect is None:
            await send({"type": "http.response.start", "status": 404, "headers": JSON})
            await send({"type": "http.response.body", "body": b'{"error": {"message": "no such path"}}'})
            return
        streamed = b'"stream":true' in body.replace(b" ", b"")
        writes = self.answers[dialect, streamed]
        await send({"type": "http.response.start", "status": 200, "headers": SSE if streamed else JSON})
        for write in writes[:-1]:
            await send({"type": "http.response.body", "body": write, "more_body": True})
        await send({"type": "http.response.body", "body": writes[-1]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    port = parser.parse_args().port
    sock = listen("127.0.0.1", port)
    print(f"listening on {sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(Upstream(), log_level="error", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
