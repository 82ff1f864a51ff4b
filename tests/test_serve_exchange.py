"""`toolwire serve`, one exchange at a time, both legs in process: requests and responses
converted, the model mapped, losses reported or refused, upstream errors translated into the
client's error shape, limits, keys and headers."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

from tests.test_serve_fakes import Answer, FakeUpstream, gateway_config, in_process, response_vector, stream_vector
from toolwire.serve.config import ServeConfig

CHAT = {"model": "gpt-4o", "max_tokens": 100, "messages": [{"role": "user", "content": "Weather in Paris?"}]}
KEY = {"authorization": "Bearer sk-client-0123456789"}


def exchange(
    config: ServeConfig, fake: FakeUpstream, call: Callable[[httpx.AsyncClient], Awaitable[httpx.Response]]
) -> httpx.Response:
    async def run() -> httpx.Response:
        async with in_process(config, fake) as client:
            response = await call(client)
            await response.aread()
            return response

    return asyncio.run(run())


def chat(
    config: ServeConfig, fake: FakeUpstream, body: Any = CHAT, headers: Any = KEY, path: str = "/v1/chat/completions"
) -> httpx.Response:
    return exchange(config, fake, lambda c: c.post(path, json=body, headers=headers))


def test_a_chat_request_goes_to_anthropic_and_the_answer_comes_back_as_chat() -> None:
    fake = FakeUpstream(
        "anthropic_messages", Answer(body=response_vector("anthropic_messages", "text and two tool calls"))
    )
    config = gateway_config("openai_chat", "anthropic_messages", upstream={"models": {"gpt-4o": "claude-sonnet-4-5"}})
    response = chat(config, fake)
    assert response.status_code == 200
    sent = fake.received[0]
    assert sent["path"] == "/v1/messages"
    assert sent["body"]["model"] == "claude-sonnet-4-5" and sent["body"]["max_tokens"] == 100
    assert sent["body"]["messages"] == [{"role": "user", "content": "Weather in Paris?"}]
    assert sent["headers"]["x-api-key"] == "sk-client-0123456789" and "authorization" not in sent["headers"]
    assert sent["headers"]["anthropic-version"] == "2023-06-01"
    message = response.json()["choices"][0]["message"]
    assert [
        (c["id"], c["function"]["name"], json.loads(c["function"]["arguments"])) for c in message["tool_calls"]
    ] == [
        ("toolu_0167cfEnoQaPviGdVXA95zcu", "get_weather", {"city": "Paris"}),
        ("toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "get_weather", {"city": "Rome"}),
    ]
    assert response.json()["choices"][0]["finish_reason"] == "tool_calls"


def test_lenient_losses_are_counted_and_pointed_to_in_a_header() -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=response_vector("anthropic_messages", "a text answer")))
    response = chat(gateway_config("openai_chat", "anthropic_messages"), fake, {**CHAT, "seed": 7})
    count, listed = response.headers["toolwire-losses"].split("; ")
    assert response.status_code == 200 and "setting.dropped /settings/seed" in listed.split(", ")
    assert int(count) == len(listed.split(", ")) >= 1


def test_no_loss_says_zero() -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    response = chat(gateway_config("openai_chat", "openai_chat"), fake)
    assert response.status_code == 200 and response.headers["toolwire-losses"] == "0"
    assert response.json()["choices"][0]["message"]["content"] == "Canberra is the capital of Australia."


def test_strict_refuses_a_lossy_request_in_the_clients_shape_and_sends_nothing() -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=response_vector("anthropic_messages", "a text answer")))
    config = gateway_config("openai_chat", "anthropic_messages", losses="strict")
    response = chat(config, fake, {**CHAT, "seed": 7})
    assert response.status_code == 400 and fake.received == []
    error = response.json()["error"]
    assert error["type"] == "invalid_request_error"
    assert (
        "strict route" in error["message"]
        and "loss: /settings/seed: anthropic_messages cannot carry" in error["message"]
    )


def test_strict_passes_a_request_that_loses_nothing() -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=response_vector("anthropic_messages", "a text answer")))
    config = gateway_config("anthropic_messages", "anthropic_messages", losses="strict")
    body = {"model": "claude-sonnet-4-5", "max_tokens": 50, "messages": [{"role": "user", "content": "hi"}]}
    response = exchange(
        config, fake, lambda c: c.post("/v1/messages", json=body, headers={"x-api-key": "sk-a-0123456789"})
    )
    assert response.status_code == 200, response.text
    assert response.json()["content"] == [{"type": "text", "text": "Paris is sunny at 22C."}]


@pytest.mark.parametrize(
    ("inbound", "path", "upstream_status", "status", "read"),
    [
        ("openai_chat", "/v1/chat/completions", 429, 429, lambda b: b["error"]["type"] == "rate_limit_error"),
        ("anthropic_messages", "/v1/messages", 529, 529, lambda b: b["error"]["type"] == "overloaded_error"),
        ("openai_chat", "/v1/chat/completions", 529, 503, lambda b: b["error"]["type"] == "server_error"),
        (
            "gemini",
            "/v1beta/models/gemini-2.5-flash:generateContent",
            401,
            401,
            lambda b: b["error"]["status"] == "UNAUTHENTICATED",
        ),
        ("ollama", "/api/chat", 500, 500, lambda b: isinstance(b["error"], str)),
        ("cohere_v2", "/v2/chat", 400, 400, lambda b: isinstance(b["message"], str)),
    ],
)
def test_upstream_errors_reach_the_client_in_its_own_shape(
    inbound: str, path: str, upstream_status: int, status: int, read: Callable[[Any], bool]
) -> None:
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded right now"}}
    fake = FakeUpstream("anthropic_messages", Answer(status=upstream_status, body=error, headers={"retry-after": "3"}))
    body = (
        {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
        if inbound == "gemini"
        else {**CHAT, "stream": False}
    )
    if inbound == "anthropic_messages":
        body = {"model": "m", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]}
    response = exchange(
        gateway_config(inbound, "anthropic_messages"),
        fake,
        lambda c: c.post(path, json=body, headers={"x-api-key": "k0123456789", **KEY}),
    )
    assert response.status_code == status
    assert read(response.json()), response.json()
    assert f"upstream anthropic_messages answered {upstream_status}: Overloaded right now" in response.text
    assert response.headers["retry-after"] == "3"


def test_an_upstream_body_that_is_not_json_is_a_bad_gateway_never_a_completion() -> None:
    fake = FakeUpstream("openai_chat", Answer(text="<html>oops</html>"))
    response = chat(gateway_config("openai_chat", "openai_chat"), fake)
    assert response.status_code == 502 and "not JSON" in response.json()["error"]["message"]


def test_an_upstream_answer_of_another_shape_is_a_bad_gateway() -> None:
    head = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "m"}  # what ChatCompletion requires
    fake = FakeUpstream("openai_chat", Answer(body={**head, "choices": 5}))
    response = chat(gateway_config("openai_chat", "openai_chat"), fake)
    assert response.status_code == 502
    assert "openai_chat/response: /choices" in response.json()["error"]["message"]


def test_a_request_that_is_not_json_or_not_the_dialects_shape_is_a_400() -> None:
    fake = FakeUpstream("openai_chat", Answer(body={}))
    config = gateway_config("openai_chat", "openai_chat")
    bad = exchange(config, fake, lambda c: c.post("/v1/chat/completions", content=b"{nope", headers=KEY))
    assert bad.status_code == 400 and "not JSON" in bad.json()["error"]["message"]
    wrong = chat(config, fake, {"model": "m", "messages": 5})
    assert wrong.status_code == 400 and "openai_chat/request: /messages" in wrong.json()["error"]["message"]
    modelless = chat(config, fake, {"messages": [{"role": "user", "content": "hi"}]})  # Chat requires its model
    assert modelless.status_code == 400 and "openai_chat/request: /model" in modelless.json()["error"]["message"]
    assert fake.received == []


def test_the_gemini_model_comes_from_the_url_and_goes_into_it_escaped() -> None:
    fake = FakeUpstream("gemini", Answer(body=response_vector("gemini", "a text answer", first=True)))
    config = gateway_config("openai_chat", "gemini", upstream={"models": {"*": "../../evil?x=1"}})
    response = chat(config, fake, {**CHAT, "stream": False})
    assert response.status_code == 200, response.text
    assert fake.received[0]["path"] == "/v1beta/models/..%2F..%2Fevil%3Fx%3D1:generateContent"
    assert "model" not in fake.received[0]["body"] and fake.received[0]["headers"]["x-goog-api-key"]
    fake2 = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    gemini_in = exchange(
        gateway_config("gemini", "openai_chat"),
        fake2,
        lambda c: c.post(
            "/v1beta/models/gemini-2.5-pro:generateContent?key=sk-g-0123456789",
            json={"contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
        ),
    )
    assert gemini_in.status_code == 200, gemini_in.text
    assert fake2.received[0]["body"]["model"] == "gemini-2.5-pro"
    assert fake2.received[0]["headers"]["authorization"] == "Bearer sk-g-0123456789"
    assert gemini_in.json()["candidates"][0]["content"]["parts"] == [{"text": "Canberra is the capital of Australia."}]


def test_the_upstream_host_is_the_configured_one_whatever_the_request_says() -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    config = gateway_config("openai_chat", "openai_chat", base_url="http://configured.test")

    async def run() -> None:
        async with in_process(config, fake) as client:
            for headers in ({"host": "evil.test"}, {"x-forwarded-host": "evil.test"}):
                await client.post("http://evil.test/v1/chat/completions", json=CHAT, headers={**KEY, **headers})

    asyncio.run(run())
    assert [r["headers"]["host"] for r in fake.received] == ["configured.test", "configured.test"]


def test_only_allow_listed_client_headers_go_upstream() -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    config = gateway_config("openai_chat", "openai_chat", forward_headers=["OpenAI-Organization"])
    headers = {**KEY, "openai-organization": "org-1", "x-secret-internal": "s", "cookie": "c=1"}
    assert chat(config, fake, headers=headers).status_code == 200
    sent = fake.received[0]["headers"]
    assert sent["openai-organization"] == "org-1" and "x-secret-internal" not in sent and "cookie" not in sent


def test_the_credential_comes_from_the_configured_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    config = gateway_config("openai_chat", "openai_chat", upstream={"credential": "env:TW_TEST_UPSTREAM_KEY"})
    missing = chat(config, fake)
    assert missing.status_code == 401 and "TW_TEST_UPSTREAM_KEY is not set" in missing.json()["error"]["message"]
    monkeypatch.setenv("TW_TEST_UPSTREAM_KEY", "sk-upstream-0123456789")
    assert chat(config, fake).status_code == 200
    assert fake.received[-1]["headers"]["authorization"] == "Bearer sk-upstream-0123456789"


def test_a_passthrough_route_without_a_client_key_is_401() -> None:
    fake = FakeUpstream("openai_chat", Answer(body={}))
    response = chat(gateway_config("openai_chat", "openai_chat"), fake, headers={})
    assert response.status_code == 401 and fake.received == []


def test_the_inbound_key_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TW_TEST_GATEWAY_KEY", "gw-key-0123456789")
    monkeypatch.setenv("TW_TEST_UPSTREAM_KEY", "sk-upstream-0123456789")
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    config = gateway_config(
        "openai_chat",
        "openai_chat",
        inbound_key_env="TW_TEST_GATEWAY_KEY",
        upstream={"credential": "env:TW_TEST_UPSTREAM_KEY"},
    )
    assert chat(config, fake, headers={"authorization": "Bearer wrong"}).status_code == 401
    assert chat(config, fake, headers={}).status_code == 401
    assert fake.received == []
    assert chat(config, fake, headers={"authorization": "Bearer gw-key-0123456789"}).status_code == 200
    assert fake.received[0]["headers"]["authorization"] == "Bearer sk-upstream-0123456789"


def test_size_limits() -> None:
    fake = FakeUpstream("openai_chat", Answer(body={"x": "y" * 5000}))
    config = gateway_config("openai_chat", "openai_chat")
    limited = ServeConfig(config.routes, limits=type(config.limits)(request_bytes=2000, response_bytes=3000))
    big = chat(limited, fake, {**CHAT, "messages": [{"role": "user", "content": "x" * 3000}]})
    assert big.status_code == 413 and "larger than the limit of 2000 bytes" in big.json()["error"]["message"]
    assert fake.received == []
    too_long = chat(limited, fake)
    assert too_long.status_code == 502 and "upstream response is larger" in too_long.json()["error"]["message"]


def test_an_unreachable_upstream_is_a_502_and_a_stalled_one_a_504() -> None:
    async def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    async def stall(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("stalled", request=request)

    from toolwire.serve.app import build

    for handler, status, what in ((refuse, 502, "could not be reached"), (stall, 504, "did not answer in time")):

        async def run(handler: Any = handler) -> httpx.Response:
            app = build(gateway_config("anthropic_messages", "openai_chat"), transport=httpx.MockTransport(handler))
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://g") as client:
                body = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}
                return await client.post("/v1/messages", json=body, headers={"x-api-key": "k-0123456789"})

        response = asyncio.run(run())
        assert response.status_code == status
        assert response.json()["type"] == "error" and what in response.json()["error"]["message"]


def test_a_streamed_chat_answer_from_anthropic_events(caplog: pytest.LogCaptureFixture) -> None:
    events = stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")
    fake = FakeUpstream("anthropic_messages", Answer(events=events))
    caplog.set_level(logging.INFO, logger="toolwire.serve")
    response = chat(gateway_config("openai_chat", "anthropic_messages"), fake, {**CHAT, "stream": True})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    assert fake.received[0]["body"]["stream"] is True
    lines = [line[6:] for line in response.text.splitlines() if line.startswith("data: ")]
    assert lines[-1] == "[DONE]"
    chunks = [json.loads(line) for line in lines[:-1]]
    calls: dict[int, dict[str, str]] = {}
    for chunk in chunks:
        for choice in chunk["choices"]:
            for call in choice["delta"].get("tool_calls", []):
                entry = calls.setdefault(call["index"], {"id": "", "name": "", "arguments": ""})
                entry["id"] += call.get("id", "")
                entry["name"] += call.get("function", {}).get("name", "")
                entry["arguments"] += call.get("function", {}).get("arguments", "")
    assert [(c["id"], c["name"], json.loads(c["arguments"])) for c in calls.values()] == [
        ("toolu_01A", "f", {"a": 1}),
        ("toolu_02B", "g", {"b": 2}),
    ]
    logged = [json.loads(r.message) for r in caplog.records if r.name == "toolwire.serve"]
    assert len(logged) == 1 and logged[0]["event"] == "exchange" and logged[0]["stream"] is True  # one line each
    assert "sk-client-0123456789" not in caplog.text


def test_healthz_and_metrics() -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    config = gateway_config("openai_chat", "openai_chat")

    async def run() -> tuple[httpx.Response, httpx.Response]:
        async with in_process(config, fake) as client:
            await client.post("/v1/chat/completions", json=CHAT, headers=KEY)
            await client.post("/v1/chat/completions", json={"messages": 5}, headers=KEY)
            return await client.get("/healthz"), await client.get("/metrics")

    health, metrics = asyncio.run(run())
    assert health.json() == {"status": "ok", "routes": 1}
    text = metrics.text
    assert 'toolwire_serve_exchanges_total{outcome="ok",route="/v1/chat/completions",status="200"} 1.0' in text
    assert 'toolwire_serve_exchanges_total{outcome="bad_request",route="/v1/chat/completions",status="400"} 1.0' in text
    assert "toolwire_serve_in_flight 0.0" in text


def test_a_gemini_upstream_streams_on_its_own_url_and_ollama_streams_unless_told_not_to() -> None:
    fake = FakeUpstream("gemini", Answer(events=stream_vector("gemini", "two parallel calls in one chunk")))
    body = {"model": "llama3", "messages": [{"role": "user", "content": "hi"}]}  # no `stream`: Ollama streams
    config = gateway_config("ollama", "gemini", upstream={"models": {"*": "gemini-2.5-flash"}})
    response = exchange(config, fake, lambda c: c.post("/api/chat", json=body, headers=KEY))
    assert response.status_code == 200 and response.headers["content-type"] == "application/x-ndjson"
    sent = fake.received[0]
    assert sent["path"] == "/v1beta/models/gemini-2.5-flash:streamGenerateContent" and sent["query"] == "alt=sse"
    assert "stream" not in sent["body"] and "model" not in sent["body"]
    chunks = [json.loads(line) for line in response.text.splitlines()]
    calls = [c["function"]["name"] for chunk in chunks for c in chunk["message"].get("tool_calls", [])]
    assert calls == ["get_weather", "get_time"] and chunks[-1]["done"] is True


def test_strict_refuses_a_lossy_response_as_a_bad_gateway_listing_the_losses() -> None:
    # the request was fine (400 would blame the client): what the upstream answered cannot be carried
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a refusal response")))
    body = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}
    config = gateway_config("anthropic_messages", "openai_chat", losses="strict")
    response = exchange(
        config, fake, lambda c: c.post("/v1/messages", json=body, headers={"x-api-key": "k-0123456789"})
    )
    assert response.status_code == 502 and len(fake.received) == 1
    message = response.json()["error"]["message"]
    assert "the response would lose" in message
    assert "anthropic_messages cannot carry a refusal part in an assistant turn" in message


def test_a_path_or_method_not_served_says_what_is() -> None:
    fake = FakeUpstream("openai_chat", Answer(body={}))
    config = gateway_config("openai_chat", "openai_chat")
    missing = exchange(config, fake, lambda c: c.post("/v1/nope", json={}))
    assert missing.status_code == 404
    assert missing.json()["error"]["message"] == (
        "toolwire serve has no POST /v1/nope; it serves: /healthz, /metrics, /v1/chat/completions"
    )
    wrong = exchange(config, fake, lambda c: c.get("/v1/chat/completions"))
    assert wrong.status_code == 405 and "no GET /v1/chat/completions" in wrong.json()["error"]["message"]
    assert fake.received == []


def test_an_upstream_redirect_is_not_followed() -> None:
    fake = FakeUpstream(
        "openai_chat", Answer(status=307, body={"moved": True}, headers={"location": "http://evil.test/"})
    )
    for body in (CHAT, {**CHAT, "stream": True}):
        response = chat(gateway_config("openai_chat", "openai_chat"), fake, body)
        assert response.status_code == 502
        assert response.json()["error"]["message"].startswith("upstream openai_chat answered 307: ")
        assert "location" not in response.headers
    assert len(fake.received) == 2
