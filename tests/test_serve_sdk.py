"""Real clients pointed at `toolwire serve`: the official `openai` and `anthropic` SDKs talk to
the gateway over loopback HTTP (uvicorn on ephemeral ports), the gateway to a fake upstream of
another dialect serving vectors. What the client received is asserted: text, calls, ids,
arguments, finish reasons, and errors raised as the SDK's own exception classes."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import anthropic
import openai
import pytest

from tests.test_serve_fakes import (
    Answer,
    FakeUpstream,
    Serving,
    gateways,
    response_vector,
    stream_vector,
)

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
ANTHROPIC_TOOL = {
    "name": "get_weather",
    "description": "Current weather.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}


@pytest.fixture
def serving() -> Iterator[Serving]:
    with gateways() as start:
        yield start


def openai_client(base: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=base + "/v1", api_key="sk-test-0123456789", max_retries=0, timeout=20)


def anthropic_client(base: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=base, api_key="sk-ant-test-0123456789", max_retries=0, timeout=20)


def streamed_calls(stream: Iterable[Any]) -> tuple[list[tuple[str, str, Any]], str | None]:
    """The calls (id, name, parsed arguments) an openai SDK chat stream carried, joined from
    their fragments by index, and its finish reason."""
    calls: dict[int, list[str]] = {}
    finish = None
    for chunk in stream:
        for choice in chunk.choices:
            finish = choice.finish_reason or finish
            for call in choice.delta.tool_calls or []:
                entry = calls.setdefault(call.index, ["", "", ""])
                entry[0] += call.id or ""
                entry[1] += (call.function and call.function.name) or ""
                entry[2] += (call.function and call.function.arguments) or ""
    return [(i, n, json.loads(a)) for i, n, a in calls.values()], finish


# --- the openai SDK (Chat Completions) in front of an Anthropic upstream ---


def test_openai_sdk_plain_text_from_anthropic(serving: Serving) -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=response_vector("anthropic_messages", "a text answer")))
    base = serving(fake, "openai_chat")
    completion = openai_client(base).chat.completions.create(
        model="gpt-4o", max_tokens=64, messages=[{"role": "user", "content": "Weather in Paris?"}]
    )
    assert completion.choices[0].message.content == "Paris is sunny at 22C."
    assert completion.choices[0].finish_reason == "stop"
    assert completion.id == "msg_013Zva2CMHLNnXjNJJKqJ2EF"
    assert fake.received[0]["headers"]["x-api-key"] == "sk-test-0123456789"


def test_openai_sdk_parallel_tool_calls_from_anthropic(serving: Serving) -> None:
    fake = FakeUpstream(
        "anthropic_messages", Answer(body=response_vector("anthropic_messages", "text and two tool calls"))
    )
    base = serving(fake, "openai_chat")
    completion = openai_client(base).chat.completions.create(
        model="gpt-4o",
        max_tokens=64,
        messages=[{"role": "user", "content": "Weather in Paris and Rome?"}],
        tools=[WEATHER_TOOL],  # type: ignore[list-item]
    )
    message = completion.choices[0].message
    assert message.content == "I'll check both cities."
    assert [(c.id, c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls or []] == [  # type: ignore[union-attr]
        ("toolu_0167cfEnoQaPviGdVXA95zcu", "get_weather", {"city": "Paris"}),
        ("toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "get_weather", {"city": "Rome"}),
    ]
    assert completion.choices[0].finish_reason == "tool_calls"
    sent = fake.received[0]["body"]
    assert sent["tools"] == [ANTHROPIC_TOOL]


def test_openai_sdk_streamed_tool_calls_from_anthropic(serving: Serving) -> None:
    events = stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")
    fake = FakeUpstream("anthropic_messages", Answer(events=events))
    base = serving(fake, "openai_chat")
    stream = openai_client(base).chat.completions.create(
        model="gpt-4o",
        max_tokens=64,
        stream=True,
        messages=[{"role": "user", "content": "go"}],
        tools=[WEATHER_TOOL],  # type: ignore[list-item]
    )
    calls, finish = streamed_calls(stream)
    assert calls == [
        ("toolu_01A", "f", {"a": 1}),
        ("toolu_02B", "g", {"b": 2}),
    ]
    assert finish == "tool_calls"


@pytest.mark.parametrize(
    ("status", "error_class"),
    [(429, openai.RateLimitError), (529, openai.InternalServerError), (400, openai.BadRequestError)],
)
def test_openai_sdk_gets_upstream_errors_as_its_own(
    serving: Serving, status: int, error_class: type[Exception]
) -> None:
    body = {"type": "error", "error": {"type": "some_error", "message": "upstream says no"}}
    fake = FakeUpstream("anthropic_messages", Answer(status=status, body=body))
    base = serving(fake, "openai_chat")
    with pytest.raises(error_class) as raised:
        openai_client(base).chat.completions.create(
            model="gpt-4o", max_tokens=5, messages=[{"role": "user", "content": "x"}]
        )
    assert "upstream says no" in str(raised.value)
    assert raised.value.status_code == (503 if status == 529 else status)  # type: ignore[attr-defined]


# --- the anthropic SDK in front of an OpenAI Chat upstream ---


def test_anthropic_sdk_tool_call_from_openai_chat(serving: Serving) -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a response with one call")))
    base = serving(fake, "anthropic_messages")
    message = anthropic_client(base).messages.create(
        model="claude-sonnet-4-5",
        max_tokens=64,
        messages=[{"role": "user", "content": "Weather in Paris?"}],
        tools=[ANTHROPIC_TOOL],  # type: ignore[list-item]
    )
    blocks = [b for b in message.content if b.type == "tool_use"]
    assert [(b.id, b.name, b.input) for b in blocks] == [
        ("call_aDdJTteHrpMdhdkEkyxjxEHH", "get_weather", {"city": "Paris"})
    ]
    assert message.stop_reason == "tool_use"
    assert fake.received[0]["headers"]["authorization"] == "Bearer sk-ant-test-0123456789"
    assert fake.received[0]["body"]["tools"] == [WEATHER_TOOL]


def test_anthropic_sdk_plain_text_from_openai_chat(serving: Serving) -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    base = serving(fake, "anthropic_messages")
    message = anthropic_client(base).messages.create(
        model="claude-sonnet-4-5", max_tokens=64, messages=[{"role": "user", "content": "Capital of Australia?"}]
    )
    assert [b.text for b in message.content if b.type == "text"] == ["Canberra is the capital of Australia."]
    assert message.stop_reason == "end_turn"


def test_anthropic_sdk_streamed_parallel_calls_from_openai_chat(serving: Serving) -> None:
    fake = FakeUpstream("openai_chat", Answer(events=stream_vector("openai_chat", "two calls one after the other")))
    base = serving(fake, "anthropic_messages")
    with anthropic_client(base).messages.stream(
        model="claude-sonnet-4-5",
        max_tokens=64,
        messages=[{"role": "user", "content": "go"}],
        tools=[ANTHROPIC_TOOL],  # type: ignore[list-item]
    ) as stream:
        message = stream.get_final_message()
    calls = [(b.id, b.name, b.input) for b in message.content if b.type == "tool_use"]
    assert len(calls) == 2 and all(isinstance(args, dict) and args for _, _, args in calls)
    expected = stream_vector("openai_chat", "two calls one after the other")
    ids = [
        c["id"]
        for e in expected
        for ch in e.get("choices", [])
        for c in ch["delta"].get("tool_calls", [])
        if c.get("id")
    ]
    assert [c[0] for c in calls] == ids
    assert message.stop_reason == "tool_use"


def test_anthropic_sdk_gets_upstream_errors_as_its_own(serving: Serving) -> None:
    body = {"error": {"message": "slow down", "type": "rate_limit_error", "param": None, "code": None}}
    fake = FakeUpstream("openai_chat", Answer(status=429, body=body))
    base = serving(fake, "anthropic_messages")
    with pytest.raises(anthropic.RateLimitError) as raised:
        anthropic_client(base).messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}])
    assert "slow down" in str(raised.value) and raised.value.status_code == 429


# --- the openai SDK's Responses API in front of a Gemini upstream ---


def test_openai_responses_sdk_from_gemini(serving: Serving) -> None:
    fake = FakeUpstream("gemini", Answer(body=response_vector("gemini", "a text answer", first=True)))
    base = serving(fake, "openai_responses")
    response = openai_client(base).responses.create(model="gemini-2.5-flash", input="Say hi")
    assert (
        response.output_text
        == response_vector("gemini", "a text answer", first=True)["candidates"][0]["content"]["parts"][0]["text"]
    )
    assert fake.received[0]["path"] == "/v1beta/models/gemini-2.5-flash:generateContent"


def test_openai_responses_sdk_streams_a_call_from_anthropic(serving: Serving) -> None:
    events = stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")
    fake = FakeUpstream("anthropic_messages", Answer(events=events))
    base = serving(fake, "openai_responses")
    stream = openai_client(base).responses.create(model="m", input="go", max_output_tokens=50, stream=True)
    done = [event.item for event in stream if event.type == "response.output_item.done"]
    calls = [(item.call_id, item.name, json.loads(item.arguments)) for item in done if item.type == "function_call"]
    assert calls == [("toolu_01A", "f", {"a": 1}), ("toolu_02B", "g", {"b": 2})]


def test_anthropic_sdk_streams_parallel_calls_from_gemini(serving: Serving) -> None:
    fake = FakeUpstream("gemini", Answer(events=stream_vector("gemini", "two parallel calls in one chunk")))
    base = serving(fake, "anthropic_messages")
    with anthropic_client(base).messages.stream(
        model="gemini-2.5-flash", max_tokens=64, messages=[{"role": "user", "content": "go"}]
    ) as stream:
        message = stream.get_final_message()
    assert [(b.name, b.input) for b in message.content if b.type == "tool_use"] == [
        ("get_weather", {"city": "Paris"}),
        ("get_time", {"tz": "CET"}),
    ]
    assert fake.received[0]["path"] == "/v1beta/models/gemini-2.5-flash:streamGenerateContent"


# --- the google-genai SDK in front of an Anthropic upstream ---


def test_google_genai_sdk_calls_and_stream_from_anthropic(serving: Serving) -> None:
    from google import genai
    from google.genai import types

    fake = FakeUpstream(
        "anthropic_messages",
        Answer(body=response_vector("anthropic_messages", "text and two tool calls")),
        Answer(events=stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")),
    )
    base = serving(fake, "gemini")
    client = genai.Client(
        api_key="g-key-0123456789", http_options=types.HttpOptions(base_url=base, api_version="v1beta")
    )
    config = types.GenerateContentConfig(max_output_tokens=50)
    answer = client.models.generate_content(model="claude-sonnet-4-5", contents="Weather?", config=config)
    assert [(c.id, c.name, c.args) for c in answer.function_calls or []] == [
        ("toolu_0167cfEnoQaPviGdVXA95zcu", "get_weather", {"city": "Paris"}),
        ("toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "get_weather", {"city": "Rome"}),
    ]
    assert fake.received[0]["body"]["model"] == "claude-sonnet-4-5"
    assert fake.received[0]["headers"]["x-api-key"] == "g-key-0123456789"
    chunks = list(client.models.generate_content_stream(model="claude-sonnet-4-5", contents="go", config=config))
    calls = [(c.name, c.args) for chunk in chunks for c in chunk.function_calls or []]
    assert calls == [("f", {"a": 1}), ("g", {"b": 2})]
    assert fake.received[1]["body"]["stream"] is True


# --- the ollama and cohere SDKs in front of an Anthropic upstream ---


def test_ollama_and_cohere_sdks_get_parallel_calls_from_anthropic(serving: Serving) -> None:
    import cohere
    import ollama

    fake = FakeUpstream(
        "anthropic_messages", Answer(body=response_vector("anthropic_messages", "text and two tool calls"))
    )
    user = [{"role": "user", "content": "Weather in Paris and Rome?"}]
    reply = ollama.Client(host=serving(fake, "ollama"), headers={"authorization": "Bearer ol-0123456789"}).chat(
        model="llama3", messages=user, stream=False
    )
    assert reply.message.content == "I'll check both cities."
    assert [(t.function.name, t.function.arguments) for t in reply.message.tool_calls or []] == [
        ("get_weather", {"city": "Paris"}),
        ("get_weather", {"city": "Rome"}),
    ]
    answer = cohere.ClientV2(api_key="co-0123456789", base_url=serving(fake, "cohere_v2")).chat(
        model="command-a", messages=user, max_tokens=50
    )
    assert answer.message.tool_plan == "I'll check both cities."
    assert [(t.id, t.function.name, json.loads(t.function.arguments)) for t in answer.message.tool_calls or []] == [  # type: ignore[union-attr, arg-type]
        ("toolu_0167cfEnoQaPviGdVXA95zcu", "get_weather", {"city": "Paris"}),
        ("toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "get_weather", {"city": "Rome"}),
    ]
    assert [r["headers"]["x-api-key"] for r in fake.received] == ["ol-0123456789", "co-0123456789"]
