"""The Vercel AI SDK (under node) as a real client of `toolwire serve`: its OpenAI Chat,
OpenAI Responses and Anthropic providers pointed at the gateway over loopback, the gateway in
front of a fake upstream of another dialect. What the SDK handed the application is asserted:
text, tool calls (ids, names, arguments), the finish reason, and errors as its own APICallError.

The SDK is installed by the README's set-up command (`npm ci --prefix tests/clients`, versions
pinned in tests/clients/package-lock.json)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_serve_fakes import Answer, FakeUpstream, Serving, gateways, response_vector, stream_vector

CLIENTS = Path(__file__).resolve().parent / "clients"


@pytest.fixture
def serving() -> Iterator[Serving]:
    with gateways() as start:
        yield start


def ai_sdk(base: str, provider: str, prompt: str = "Weather in Paris?", **job: Any) -> dict[str, Any]:
    """One job through tests/clients/ai_sdk_client.mjs: what the SDK gave back."""
    node = shutil.which("node")
    if node is None or not (CLIENTS / "node_modules" / "ai").is_dir():
        pytest.fail("the AI SDK is not installed: npm ci --prefix tests/clients (the README's set-up does it)")
    line = json.dumps({"base": base, "provider": provider, "prompt": prompt, **job})
    done = subprocess.run(
        [node, str(CLIENTS / "ai_sdk_client.mjs")],
        input=line + "\n",
        cwd=CLIENTS,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "NODE_OPTIONS": ""},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def test_chat_provider_gets_parallel_calls_from_anthropic(serving: Serving) -> None:
    fake = FakeUpstream(
        "anthropic_messages", Answer(body=response_vector("anthropic_messages", "text and two tool calls"))
    )
    got = ai_sdk(serving(fake, "openai_chat"), "openai-chat", tools=True)
    assert got["calls"] == [
        ["toolu_0167cfEnoQaPviGdVXA95zcu", "get_weather", {"city": "Paris"}],
        ["toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "get_weather", {"city": "Rome"}],
    ], got
    assert got["text"] == "I'll check both cities." and got["finish"] == "tool-calls"
    assert fake.received[0]["body"]["tools"][0]["name"] == "get_weather"


def test_chat_provider_streams_two_calls_from_anthropic_events(serving: Serving) -> None:
    events = stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")
    fake = FakeUpstream("anthropic_messages", Answer(events=events))
    got = ai_sdk(serving(fake, "openai_chat"), "openai-chat", tools=True, stream=True)
    assert got["calls"] == [["toolu_01A", "f", {"a": 1}], ["toolu_02B", "g", {"b": 2}]], got
    assert got["finish"] == "tool-calls"


def test_anthropic_provider_gets_a_call_from_openai_chat(serving: Serving) -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a response with one call")))
    got = ai_sdk(serving(fake, "anthropic_messages"), "anthropic", tools=True)
    assert got["calls"] == [["call_aDdJTteHrpMdhdkEkyxjxEHH", "get_weather", {"city": "Paris"}]], got
    assert got["finish"] == "tool-calls"


def test_anthropic_provider_streams_parallel_calls_from_openai_chat(serving: Serving) -> None:
    events = stream_vector("openai_chat", "two calls one after the other")
    fake = FakeUpstream("openai_chat", Answer(events=events))
    got = ai_sdk(serving(fake, "anthropic_messages"), "anthropic", tools=True, stream=True)
    ids = [
        c["id"] for e in events for ch in e.get("choices", []) for c in ch["delta"].get("tool_calls", []) if c.get("id")
    ]
    assert [call[0] for call in got["calls"]] == ids and all(call[2] for call in got["calls"]), got
    assert got["finish"] == "tool-calls"


def test_responses_provider_gets_text_from_anthropic(serving: Serving) -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=response_vector("anthropic_messages", "a text answer")))
    got = ai_sdk(serving(fake, "openai_responses"), "openai-responses")
    assert got == {"text": "Paris is sunny at 22C.", "calls": [], "finish": "stop"}, got


def test_responses_provider_gets_parallel_calls_from_anthropic(serving: Serving) -> None:
    # the AI SDK's schema wants an id on every output item: toolwire gives each one (item_ids)
    fake = FakeUpstream(
        "anthropic_messages", Answer(body=response_vector("anthropic_messages", "text and two tool calls"))
    )
    got = ai_sdk(serving(fake, "openai_responses"), "openai-responses", tools=True)
    assert got["calls"] == [
        ["toolu_0167cfEnoQaPviGdVXA95zcu", "get_weather", {"city": "Paris"}],
        ["toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "get_weather", {"city": "Rome"}],
    ], got
    assert got["finish"] == "tool-calls"


@pytest.mark.parametrize("stream", [False, True])
def test_upstream_errors_reach_the_sdk_as_its_own_api_call_error(serving: Serving, stream: bool) -> None:
    body = {"type": "error", "error": {"type": "rate_limit_error", "message": "upstream says slow down"}}
    fake = FakeUpstream("anthropic_messages", Answer(status=429, body=body))
    got = ai_sdk(serving(fake, "openai_chat"), "openai-chat", stream=stream)
    assert got["error"]["status"] == 429 and "upstream says slow down" in got["error"]["message"], got
