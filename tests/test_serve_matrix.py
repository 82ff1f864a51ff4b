"""Every inbound dialect the gateway serves against every upstream dialect, in process: a plain
text answer comes back with the upstream's text, and a streamed answer with tool calls comes
back as a stream the client dialect's own assembler reads as the same calls (names, arguments,
complete), each from the vectors."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.test_serve_fakes import Answer, FakeUpstream, gateway_config, in_process, response_vector, stream_vector
from toolwire.serve.wire import WIRES

DIALECTS = sorted(WIRES)
TEXT_ANSWERS = {
    "openai_chat": "a text response",
    "openai_responses": "a text answer",
    "anthropic_messages": "a text answer",
    "gemini": "a text answer",
    "mistral": "a text response",
    "cohere_v2": "a text answer with citations",
    "ollama": "a text answer",
    "bedrock_converse": "a text answer",
}
CALL_STREAMS = {
    "openai_chat": "two calls one after the other",
    "openai_responses": "added, argument deltas by item_id",
    "anthropic_messages": "two tool_use blocks, keyed by block index",
    "gemini": "two parallel calls in one chunk",
    "mistral": "two calls in one delta",
    "cohere_v2": "two parallel calls",
    "ollama": "two calls in one chunk",
    "bedrock_converse": "two toolUse blocks in a row",
}
USER = [{"role": "user", "content": "Weather in Paris?"}]


def request(inbound: str, stream: bool) -> tuple[str, dict[str, Any]]:
    """A minimal request of the inbound dialect, and the path it is sent to."""
    if inbound == "gemini":
        body: dict[str, Any] = {"contents": [{"role": "user", "parts": [{"text": "Weather in Paris?"}]}]}
        return f"/v1beta/models/m:{'streamGenerateContent' if stream else 'generateContent'}", body
    if inbound == "bedrock_converse":
        body = {"messages": [{"role": "user", "content": [{"text": "Weather in Paris?"}]}]}
        return f"/model/m/{'converse-stream' if stream else 'converse'}", {**body, "inferenceConfig": {"maxTokens": 50}}
    if inbound == "openai_responses":
        body = {"model": "m", "max_output_tokens": 50, "input": "Weather in Paris?"}
    elif inbound == "ollama":
        body = {"model": "m", "messages": USER, "options": {"num_predict": 50}}
        return "/api/chat", body if stream else {**body, "stream": False}  # Ollama streams unless told not to
    else:
        body = {"model": "m", "max_tokens": 50, "messages": USER}
    return WIRES[inbound].path, {**body, "stream": True} if stream else body


def through(inbound: str, fake: FakeUpstream, stream: bool) -> Any:
    path, body = request(inbound, stream)

    async def run() -> Any:
        async with in_process(gateway_config(inbound, fake.dialect), fake) as client:
            return await client.post(path, json=body, headers={"authorization": "Bearer sk-0123456789"})

    return asyncio.run(run())


def as_text(dialect: str, content: bytes) -> str:
    """A streamed answer as its dialect's relay reads it: Bedrock's binary messages parsed by
    botocore into the `{"<event type>": payload}` JSON lines of the stream dialect."""
    if WIRES[dialect].framing != "eventstream":
        return content.decode()
    from botocore.eventstream import EventStreamBuffer

    buffer = EventStreamBuffer()
    buffer.add_data(content)
    lines = []
    for message in buffer:
        kind = message.headers[":message-type"]
        name = message.headers[":exception-type" if kind == "exception" else ":event-type"]
        lines.append(json.dumps({name: json.loads(message.payload)}) + "\n")
    return "".join(lines)


def _texts(canonical: dict[str, Any]) -> list[str]:
    return [p["text"] for p in canonical["message"]["parts"] if p["type"] == "text"]


@pytest.mark.parametrize("upstream", DIALECTS)
@pytest.mark.parametrize("inbound", DIALECTS)
def test_a_text_answer_through_every_pair(inbound: str, upstream: str) -> None:
    from toolwire_dialects import IdMap, get_dialect

    wire = response_vector(upstream, TEXT_ANSWERS[upstream], first=True)
    response = through(inbound, FakeUpstream(upstream, Answer(body=wire)), stream=False)
    assert response.status_code == 200, response.text
    expected = _texts(get_dialect(upstream).decode_response(wire, id_map=IdMap()))
    assert expected and _texts(get_dialect(inbound).decode_response(response.json(), id_map=IdMap())) == expected


@pytest.mark.parametrize("upstream", DIALECTS)
@pytest.mark.parametrize("inbound", DIALECTS)
def test_streamed_tool_calls_through_every_pair(inbound: str, upstream: str) -> None:
    from toolwire_dialects.streams import assembler

    events = stream_vector(upstream, CALL_STREAMS[upstream])
    response = through(inbound, FakeUpstream(upstream, Answer(events=events)), stream=True)
    assert response.status_code == 200, response.text
    source = assembler(upstream)
    for event in events:
        source.feed(event)
    client = assembler(inbound)
    client.feed_text(as_text(inbound, response.content))

    def shown(calls: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(c["name"], c.get("arguments"), c.get("incomplete", False)) for c in calls]

    expected = shown(source.finish())
    assert expected and shown(client.finish()) == expected
    assert not client.findings, client.findings


@pytest.mark.parametrize("inbound", DIALECTS)
def test_an_exception_in_bedrocks_stream_ends_every_clients_stream_in_error(inbound: str) -> None:
    # some dialects can only relay the upstream's error as a finish reason (Bedrock's
    # malformed_model_output, Gemini's MALFORMED_FUNCTION_CALL, Mistral's error): the gateway's
    # error event, with the upstream's message, follows all the same
    events = stream_vector("bedrock_converse", "a model stream error before the stop")
    response = through(inbound, FakeUpstream("bedrock_converse", Answer(events=events)), stream=True)
    assert response.status_code == 200, response.text
    text = as_text(inbound, response.content).strip()
    last = text.rsplit("\n\n" if WIRES[inbound].framing == "sse" else "\n", 1)[-1]
    assert "upstream bedrock_converse stream" in last and "boom" in last, last
    assert "[DONE]" not in text  # SDKs stop reading at the sentinel: none before the error event
