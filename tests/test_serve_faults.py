"""Faults between `toolwire serve` and its upstream, over loopback HTTP: a refused connection, a
stall, a stream cut in the middle of a tool call, a stream that is no stream, an event too
large, a loss a strict route refuses mid-stream, and a client that leaves. The client always
gets a translated error or a stream that ends with an error event, never a made-up finish."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx
import openai
import pytest

from tests.test_serve_fakes import (
    VECTORS,
    Answer,
    FakeUpstream,
    Serving,
    gateway_config,
    gateways,
    response_vector,
    running,
    stream_vector,
)
from toolwire.serve.app import build
from toolwire.serve.config import Limits

CHAT_STREAM = {"model": "gpt-4o", "max_tokens": 50, "stream": True, "messages": [{"role": "user", "content": "go"}]}
KEY = {"authorization": "Bearer sk-test-0123456789"}
# An Anthropic stream whose second tool call is cut inside its arguments.
ANTHROPIC_TWO_CALLS = "two tool_use blocks, keyed by block index"


@pytest.fixture
def serving() -> Iterator[Serving]:
    with gateways() as start:
        yield start


def data_lines(text: str) -> list[str]:
    return [line[6:] for line in text.splitlines() if line.startswith("data: ")]


def test_a_stream_cut_inside_a_tool_call_ends_with_an_error_not_a_finish(serving: Serving) -> None:
    events = stream_vector("anthropic_messages", ANTHROPIC_TWO_CALLS)
    cut = next(i for i, e in enumerate(events) if e.get("delta", {}).get("partial_json") and e["index"] == 1)
    fake = FakeUpstream("anthropic_messages", Answer(events=events, cut_after=cut))
    base = serving(fake, "openai_chat")
    with httpx.Client(timeout=20) as client:
        text = client.post(base + "/v1/chat/completions", json=CHAT_STREAM, headers=KEY).text
    lines = data_lines(text)
    assert "[DONE]" not in lines
    chunks = [json.loads(line) for line in lines]
    assert not [c for c in chunks if any(ch.get("finish_reason") for ch in c.get("choices", []))]
    assert "error" in chunks[-1] and "stream" in chunks[-1]["error"]["message"]
    # the openai SDK raises on it rather than ending quietly
    sdk = openai.OpenAI(base_url=base + "/v1", api_key="sk-test-0123456789", max_retries=0, timeout=20)
    with pytest.raises(openai.APIError):
        for _ in sdk.chat.completions.create(
            model="gpt-4o", max_tokens=5, stream=True, messages=[{"role": "user", "content": "go"}]
        ):
            pass


def test_the_anthropic_sdk_raises_on_a_cut_openai_stream(serving: Serving) -> None:
    events = stream_vector("openai_chat", "two calls one after the other")
    fake = FakeUpstream("openai_chat", Answer(events=events, cut_after=len(events) - 2))
    base = serving(fake, "anthropic_messages")
    sdk = anthropic.Anthropic(base_url=base, api_key="sk-ant-0123456789", max_retries=0, timeout=20)
    with (
        pytest.raises(anthropic.APIStatusError, match="stream"),
        sdk.messages.stream(model="m", max_tokens=5, messages=[{"role": "user", "content": "go"}]) as stream,
    ):
        stream.get_final_message()


def test_a_refused_connection_is_a_502(serving: Serving) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    base = serving(FakeUpstream("anthropic_messages", Answer(body={})), "openai_chat", base_url=closed)
    sdk = openai.OpenAI(base_url=base + "/v1", api_key="sk-test-0123456789", max_retries=0, timeout=20)
    with pytest.raises(openai.InternalServerError) as raised:
        sdk.chat.completions.create(model="gpt-4o", max_tokens=5, messages=[{"role": "user", "content": "x"}])
    assert raised.value.status_code == 502 and "could not be reached" in str(raised.value)


def test_a_stalled_upstream_is_a_504_after_the_routes_timeout(serving: Serving) -> None:
    fake = FakeUpstream("openai_chat", Answer(body={}, stall=3))
    base = serving(fake, "anthropic_messages", upstream={"timeout": 0.5})
    started = time.monotonic()
    with httpx.Client(timeout=20) as client:
        body = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "x"}]}
        response = client.post(base + "/v1/messages", json=body, headers={"x-api-key": "k-0123456789"})
    assert response.status_code == 504 and response.json()["error"]["type"] == "api_error"
    assert time.monotonic() - started < 2.5


def test_a_json_answer_to_a_stream_request_is_no_completion(serving: Serving) -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=response_vector("anthropic_messages", "a text answer")))
    base = serving(fake, "openai_chat")
    with httpx.Client(timeout=20) as client:
        lines = data_lines(client.post(base + "/v1/chat/completions", json=CHAT_STREAM, headers=KEY).text)
    assert lines and "[DONE]" not in lines and "error" in json.loads(lines[-1])


def test_an_event_past_the_limit_ends_the_stream_with_an_error(serving: Serving) -> None:
    events = stream_vector("anthropic_messages", ANTHROPIC_TWO_CALLS)
    events.insert(1, {"type": "ping", "padding": "x" * 5000})
    fake = FakeUpstream("anthropic_messages", Answer(events=events))
    base = serving(fake, "openai_chat", limits=Limits(event_bytes=2000))
    with httpx.Client(timeout=20) as client:
        lines = data_lines(client.post(base + "/v1/chat/completions", json=CHAT_STREAM, headers=KEY).text)
    assert "[DONE]" not in lines and "larger than the limit of 2000 bytes" in json.loads(lines[-1])["error"]["message"]


def test_a_strict_route_ends_a_stream_at_the_first_loss(serving: Serving) -> None:
    # interleaved argument fragments cannot be carried by Anthropic's one-open-block stream
    events = stream_vector("openai_chat", "two calls interleaved fragment by fragment")
    fake = FakeUpstream("openai_chat", Answer(events=events))
    base = serving(fake, "anthropic_messages", losses="strict")
    sdk = anthropic.Anthropic(base_url=base, api_key="sk-ant-0123456789", max_retries=0, timeout=20)
    with (
        pytest.raises(anthropic.APIStatusError, match="strict route") as raised,
        sdk.messages.stream(model="m", max_tokens=5, messages=[{"role": "user", "content": "go"}]) as stream,
    ):
        stream.get_final_message()
    assert "argument text after the call's block was closed" in str(raised.value)


def test_a_client_that_leaves_cancels_the_upstream_stream(serving: Serving) -> None:
    events = stream_vector("anthropic_messages", ANTHROPIC_TWO_CALLS)[:3]
    fake = FakeUpstream("anthropic_messages", Answer(events=events, hang=30))  # then never ends
    base = serving(fake, "openai_chat")
    with (
        httpx.Client(timeout=20) as client,
        client.stream("POST", base + "/v1/chat/completions", json=CHAT_STREAM, headers=KEY) as response,
    ):
        first = next(response.iter_text())
        assert first.startswith("data: ")
    assert fake.abandoned.wait(10), "the upstream stream was not cancelled when the client left"
    deadline = time.monotonic() + 10
    while "toolwire_serve_in_flight 0.0" not in (metrics := httpx.get(base + "/metrics", timeout=5).text):
        assert time.monotonic() < deadline, "the exchange was never ended"
        time.sleep(0.05)
    assert 'outcome="client_gone",route="/v1/chat/completions",status="200"} 1.0' in metrics


def test_shutdown_lets_a_stream_in_flight_finish() -> None:
    events = stream_vector("anthropic_messages", ANTHROPIC_TWO_CALLS)
    fake = FakeUpstream("anthropic_messages", Answer(events=events, delay=0.05))
    servers: list[Any] = []
    with running(fake.app) as upstream_url:
        app = build(gateway_config("openai_chat", "anthropic_messages", base_url=upstream_url))
        with running(app, servers) as base, httpx.Client(timeout=20) as client:
            with client.stream("POST", base + "/v1/chat/completions", json=CHAT_STREAM, headers=KEY) as response:
                chunks = response.iter_text()
                first = next(chunks)
                servers[0].should_exit = True  # what SIGTERM does
                rest = "".join(chunks)
            with pytest.raises(httpx.TransportError):  # and once it finished, the server is gone
                for _ in range(50):
                    client.get(base + "/healthz")
                    time.sleep(0.05)
    lines = data_lines(first + rest)
    assert lines[-1] == "[DONE]" and len(lines) > 3


def test_an_error_event_from_the_upstream_reaches_the_client_with_its_message(serving: Serving) -> None:
    cases = json.loads((VECTORS / "anthropic_messages" / "stream.json").read_text(encoding="utf-8"))["cases"]
    (events,) = [c["events"] for c in cases if c["description"].startswith("an error event ends the stream")]
    base = serving(FakeUpstream("anthropic_messages", Answer(events=events)), "openai_chat")
    with httpx.Client(timeout=20) as client:
        lines = data_lines(client.post(base + "/v1/chat/completions", json=CHAT_STREAM, headers=KEY).text)
    assert "[DONE]" not in lines
    assert (
        json.loads(lines[-1])["error"]["message"]
        == "upstream anthropic_messages stream ended before it finished: Overloaded"
    )


def test_a_stream_that_stalls_midway_ends_with_a_timeout_error(serving: Serving) -> None:
    events = stream_vector("anthropic_messages", ANTHROPIC_TWO_CALLS)[:4]
    fake = FakeUpstream("anthropic_messages", Answer(events=events, hang=5))
    base = serving(fake, "openai_chat", upstream={"timeout": 0.5})
    with httpx.Client(timeout=20) as client:
        lines = data_lines(client.post(base + "/v1/chat/completions", json=CHAT_STREAM, headers=KEY).text)
    error = json.loads(lines[-1])["error"]
    assert "[DONE]" not in lines and error["type"] == "server_error"
    assert error["message"] == "upstream anthropic_messages stream broke off (ReadTimeout)"


def test_an_unexpected_error_midstream_ends_with_an_error_event_and_is_logged_as_such(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import asyncio
    import logging
    from collections.abc import AsyncIterator

    from tests.test_serve_fakes import frame

    events = stream_vector("anthropic_messages", ANTHROPIC_TWO_CALLS)

    async def body() -> AsyncIterator[bytes]:
        for event in events[:3]:
            yield frame("anthropic_messages", event)
        raise ValueError("a bug somewhere below the relay")

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=body(), headers={"content-type": "text/event-stream"})

    caplog.set_level(logging.INFO, logger="toolwire.serve")
    app = build(gateway_config("openai_chat", "anthropic_messages"), transport=httpx.MockTransport(handler))

    async def run() -> str:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://g") as client:
            return (await client.post("/v1/chat/completions", json=CHAT_STREAM, headers=KEY)).text

    lines = data_lines(asyncio.run(run()))
    assert len(lines) > 1 and "[DONE]" not in lines
    assert json.loads(lines[-1])["error"]["message"] == "toolwire gateway internal error: ValueError"
    (line,) = [json.loads(r.message) for r in caplog.records if r.message.startswith("{")]
    assert line["outcome"] == "internal_error" and line["status"] == 200


def test_concurrent_streams_are_not_mixed_up() -> None:
    """A small concurrency check (the 1,000-stream load test is not part of this round): 40
    streams at once, each upstream stream carrying its own request's number in its call."""
    import asyncio

    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import StreamingResponse
    from starlette.routing import Route

    from tests.test_serve_fakes import frame

    async def messages(request: Request) -> StreamingResponse:
        n = (await request.json())["messages"][0]["content"]
        events = [
            {
                "type": "message_start",
                "message": {
                    "id": f"msg_{n}",
                    "type": "message",
                    "role": "assistant",
                    "content": [],
                    "model": "m",
                    "usage": {"input_tokens": 1, "output_tokens": 0},
                },
            },
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "tool_use", "id": f"toolu_{n}", "name": "f", "input": {}},
            },
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "input_json_delta", "partial_json": '{"n": '},
            },
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "input_json_delta", "partial_json": f"{n}}}"},
            },
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 5}},
            {"type": "message_stop"},
        ]

        async def body() -> Any:
            for event in events:
                yield frame("anthropic_messages", event)
                await asyncio.sleep(0.01)

        return StreamingResponse(body(), media_type="text/event-stream")

    upstream = Starlette(routes=[Route("/v1/messages", messages, methods=["POST"])])
    with (
        running(upstream) as upstream_url,
        running(build(gateway_config("openai_chat", "anthropic_messages", base_url=upstream_url))) as base,
    ):

        async def one(client: httpx.AsyncClient, n: int) -> tuple[int, str, str]:
            body = {**CHAT_STREAM, "messages": [{"role": "user", "content": str(n)}]}
            text = (await client.post(base + "/v1/chat/completions", json=body, headers=KEY)).text
            calls = [
                c
                for line in data_lines(text)[:-1]
                for ch in json.loads(line)["choices"]
                for c in ch["delta"].get("tool_calls", [])
            ]
            return (
                n,
                "".join(c.get("id", "") for c in calls),
                "".join(c["function"].get("arguments", "") for c in calls),
            )

        async def run() -> list[tuple[int, str, str]]:
            async with httpx.AsyncClient(timeout=30, limits=httpx.Limits(max_connections=100)) as client:
                return await asyncio.gather(*(one(client, n) for n in range(40)))

        results = asyncio.run(run())
    assert [(n, call_id, json.loads(arguments)) for n, call_id, arguments in results] == [
        (n, f"toolu_{n}", {"n": n}) for n in range(40)
    ]
