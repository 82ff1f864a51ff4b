"""What the `toolwire serve` tests share: fake upstreams (ASGI apps answering from the vectors,
scripted per request), a uvicorn server on an ephemeral loopback port that stops by itself,
and the gateway built from a route table. The few tests here check the fakes themselves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from toolwire.serve import eventstream
from toolwire.serve.app import build
from toolwire.serve.config import Limits, ServeConfig, parse
from toolwire.serve.wire import WIRES

VECTORS = Path(__file__).resolve().parents[1] / "schemas" / "vectors"
NAMED_EVENTS = ("anthropic_messages", "openai_responses", "cohere_v2")  # SSE with `event:` lines
DONE = ("openai_chat", "mistral")  # streams ending in `data: [DONE]`


def response_vector(dialect: str, starts: str, first: bool = False) -> dict[str, Any]:
    """The wire response of the dialect's conversation vector whose description starts so (the
    only one, or the first with first=True)."""
    cases = json.loads((VECTORS / dialect / "conversation.json").read_text(encoding="utf-8"))["valid"]
    found = [c["wire"] for c in cases if c["shape"] == "response" and c["description"].startswith(starts)]
    assert found and (first or len(found) == 1), (dialect, starts)
    return dict(found[0])


def stream_vector(dialect: str, starts: str) -> list[dict[str, Any]]:
    """The events of the dialect's stream vector whose description starts so."""
    cases = json.loads((VECTORS / dialect / "stream.json").read_text(encoding="utf-8"))["cases"]
    found = [c["events"] for c in cases if c["description"].startswith(starts)]
    assert len(found) == 1, (dialect, starts)
    return list(found[0])


def frame(dialect: str, event: dict[str, Any]) -> bytes:
    """One event as the provider sends it (Bedrock's binary messages written by the gateway's
    encoder, which tests/test_serve_eventstream.py checks against botocore's parser)."""
    if dialect == "bedrock_converse":
        return eventstream.encode(event)
    data = json.dumps(event)
    if dialect == "ollama":
        return (data + "\n").encode()
    head = f"event: {event.get('type')}\n" if dialect in NAMED_EVENTS else ""
    return f"{head}data: {data}\n\n".encode()


@dataclass
class Answer:
    """One scripted upstream answer: a JSON body, raw text, or a stream of events that may be
    cut off (the connection dropped after `cut_after` events); `stall` waits before answering,
    `hang` after a stream's last event (a stream that does not end)."""

    status: int = 200
    body: Any = None
    text: str | None = None
    events: list[dict[str, Any]] | None = None
    cut_after: int | None = None
    stall: float = 0.0
    hang: float = 0.0
    delay: float = 0.0  # between a stream's events
    headers: dict[str, str] = field(default_factory=dict)


class FakeUpstream:
    """A provider: every POST gets the next scripted answer (the last one repeats); what it
    received is kept, and whether a stream it was sending was abandoned by the gateway."""

    def __init__(self, dialect: str, *answers: Answer) -> None:
        self.dialect = dialect
        self.answers = deque(answers)
        self.received: list[dict[str, Any]] = []
        self.abandoned = threading.Event()
        self.app = Starlette(routes=[Route("/{path:path}", self._handle, methods=["POST"])])

    def _next(self) -> Answer:
        return self.answers.popleft() if len(self.answers) > 1 else self.answers[0]

    async def _handle(self, request: Request) -> Response:
        raw = await request.body()
        self.received.append(
            {
                "path": request.scope["raw_path"].decode(),
                "query": str(request.url.query),
                "headers": dict(request.headers),
                "raw": raw,
                "body": json.loads(raw),
            }
        )
        answer = self._next()
        if answer.stall:
            await asyncio.sleep(answer.stall)
        if answer.events is not None:
            media = WIRES[self.dialect].media_type
            return StreamingResponse(self._stream(answer), status_code=answer.status, media_type=media)
        if answer.text is not None:
            return Response(answer.text, answer.status, headers=answer.headers, media_type="application/json")
        return JSONResponse(answer.body, answer.status, headers=answer.headers)

    async def _stream(self, answer: Answer) -> AsyncIterator[bytes]:
        assert answer.events is not None
        try:
            for number, event in enumerate(answer.events):
                if answer.cut_after is not None and number == answer.cut_after:
                    raise ConnectionAbortedError("the fake upstream drops the connection")
                yield frame(self.dialect, event)
                await asyncio.sleep(answer.delay)
            if self.dialect in DONE:
                yield b"data: [DONE]\n\n"
            if answer.hang:  # a stream that does not end, until the gateway goes away
                await asyncio.sleep(answer.hang)
        except asyncio.CancelledError:
            self.abandoned.set()
            raise


@contextlib.contextmanager
def running(app: Any, servers: list[uvicorn.Server] | None = None) -> Iterator[str]:
    """The app served by uvicorn on an ephemeral 127.0.0.1 port, in a thread; its base URL
    (the server is appended to `servers` when given). Stops on exit (bounded waits both ways)."""
    sock = socket.create_server(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_level="error", access_log=False, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    if servers is not None:
        servers.append(server)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def gateway_config(inbound: str, target: str, base_url: str = "http://upstream.test", **route: Any) -> ServeConfig:
    """One route, inbound -> target (the upstream's dialect), the key passed through unless the
    `upstream` table given says otherwise."""
    up = {"dialect": target, "base_url": base_url, "credential": "passthrough", **route.pop("upstream", {})}
    return parse({"routes": [{"inbound": inbound, "upstream": up, **route}]}, "test", "test")


@contextlib.asynccontextmanager
async def in_process(
    config: ServeConfig, fake: FakeUpstream, record: Path | None = None
) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the gateway, both legs in process (httpx's ASGI transport, no sockets)."""
    app = build(config, record, transport=httpx.ASGITransport(fake.app))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://gateway.test") as client:
        yield client
    await app.state.gateway.client.aclose()
    if app.state.gateway.recorder is not None:
        app.state.gateway.recorder.close()


Serving = Callable[..., str]


@contextlib.contextmanager
def gateways() -> Iterator[Serving]:
    """A function that starts a fake upstream (unless base_url names another) and a gateway
    route (inbound dialect, route keys, limits) in front of it over loopback, and gives the
    gateway's base URL; everything it started stops at the test's end."""
    with contextlib.ExitStack() as exits:

        def start(
            fake: FakeUpstream, inbound: str, base_url: str | None = None, limits: Limits | None = None, **route: Any
        ) -> str:
            url = base_url or exits.enter_context(running(fake.app))
            config = gateway_config(inbound, fake.dialect, base_url=url, **route)
            if limits is not None:
                config = ServeConfig(config.routes, limits=limits)
            return exits.enter_context(running(build(config)))

        yield start


def test_the_fake_frames_as_the_provider_does() -> None:
    assert frame("anthropic_messages", {"type": "ping"}) == b'event: ping\ndata: {"type": "ping"}\n\n'
    assert frame("openai_chat", {"a": 1}) == b'data: {"a": 1}\n\n'
    assert frame("ollama", {"a": 1}) == b'{"a": 1}\n'


def test_the_fake_serves_its_script_in_order_and_then_repeats() -> None:
    fake = FakeUpstream("openai_chat", Answer(body={"n": 1}), Answer(status=429, body={"n": 2}))

    async def run() -> list[tuple[int, Any]]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(fake.app), base_url="http://x") as client:
            return [((r := await client.post("/v1/chat/completions", json={})).status_code, r.json()) for _ in range(3)]

    assert asyncio.run(run()) == [(200, {"n": 1}), (429, {"n": 2}), (429, {"n": 2})]
    assert [r["path"] for r in fake.received] == ["/v1/chat/completions"] * 3


def test_vectors_are_found_by_description() -> None:
    assert response_vector("anthropic_messages", "a text answer")["type"] == "message"
    assert stream_vector("openai_chat", "two calls one after the other")
    with pytest.raises(AssertionError):
        response_vector("anthropic_messages", "no such vector")
