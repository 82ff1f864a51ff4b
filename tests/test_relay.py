"""convert_stream (issue 13, point 6): a stream relayed between every ordered pair of the eight
conversational dialects reassembles, in the target's own readers, to the same text, reasoning,
calls (ids, names, arguments) and finish reason, unless a loss says what differs; it is written
as the input arrives, in constant memory, and framed as the target frames its streams."""

from __future__ import annotations

import functools
import json
import operator
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from toolwire_dialects._errors import LossError
from toolwire_dialects.dialects import dialect_object
from toolwire_dialects.streams import Assembler, convert_stream, convert_stream_text, get_stream
from toolwire_dialects.streams._relay import frame
from toolwire_dialects.streams._relay_read import RelayReader
from toolwire_dialects.streams._relay_write import RelayWriter

REPO = Path(__file__).resolve().parents[1]
DIALECTS = (
    "openai_chat",
    "openai_responses",
    "anthropic_messages",
    "gemini",
    "bedrock_converse",
    "mistral",
    "cohere_v2",
    "ollama",
    "gemini_interactions",
)
CORPUS_FOLDERS = {
    "openai_chat": "openai-chat",
    "anthropic_messages": "anthropic",
    "gemini": "gemini",
    "cohere_v2": "cohere",
    "ollama": "ollama",
}
MORE = {"openai_chat": "openai-chat-compat", "anthropic_messages": "anthropic"}
PAIRS = [pytest.param(s, t, id=f"{s}->{t}") for s in DIALECTS for t in DIALECTS]


@pytest.fixture(scope="module")
def validate_schema() -> Any:
    """validate(schema_id, instance) against the generated package's schemas, offline."""
    import jsonschema
    import referencing
    import referencing.exceptions
    from referencing.jsonschema import DRAFT202012
    from toolwire_dialects._schemas import SCHEMAS

    def refuse(uri: str) -> referencing.Resource:
        raise referencing.exceptions.NoSuchResource(ref=uri)

    registry = referencing.Registry(retrieve=refuse).with_resources(
        (k, DRAFT202012.create_resource(v)) for k, v in SCHEMAS.items()
    )
    validators = {k: jsonschema.Draft202012Validator(v, registry=registry) for k, v in SCHEMAS.items()}

    def check(schema_id: str, instance: Any) -> None:
        errors = [
            f"{'/'.join(map(str, e.absolute_path)) or '/'}: {e.message}"
            for e in validators[schema_id].iter_errors(instance)
        ]
        assert not errors, f"{schema_id}: {instance}: " + "; ".join(errors)

    return check


def script(dialect: str) -> list[dict[str, Any]]:
    """A canonical stream with every kind of event: reasoning with a signature, text, two calls."""
    return [
        {"type": "message_start", "id": "msg_1", "model": "model-1"},
        {"type": "reasoning_delta", "dialect": dialect, "text": "The user wants "},
        {"type": "reasoning_delta", "dialect": dialect, "text": "the weather."},
        {"type": "reasoning_delta", "dialect": dialect, "extensions": {dialect: {"fields": {"/signature": "c2ln"}}}},
        {"type": "text_delta", "text": "Let me "},
        {"type": "text_delta", "text": "check."},
        {"type": "tool_call_start", "index": 0, "id": "call_42", "name": "get_weather"},
        {"type": "tool_call_delta", "index": 0, "arguments_delta": '{"city": '},
        {"type": "tool_call_delta", "index": 0, "arguments_delta": '"Paris"}'},
        {"type": "tool_call_stop", "index": 0},
        {"type": "tool_call_start", "index": 1, "id": "call_43", "name": "get_time"},
        {"type": "tool_call_delta", "index": 1, "arguments_delta": '{"tz": "CET"}'},
        {"type": "tool_call_stop", "index": 1},
        {"type": "finish", "finish_reason": "tool_calls"},
        {"type": "usage", "usage": {"input_tokens": 12, "output_tokens": 30}},
        {"type": "message_stop"},
    ]


def written(dialect: str, canonical: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The canonical stream as this dialect's events (a stream the dialect could send)."""
    writer = RelayWriter(dialect_object(dialect))
    return [event for c in canonical for event in writer.write(c)]


def recorded(dialect: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The dialect's complete stream vectors, its corpus streams, and the written script."""
    out = []
    vectors = json.loads((REPO / "schemas/vectors" / dialect / "stream.json").read_text(encoding="utf-8"))
    for number, case in enumerate(vectors["cases"]):
        if case.get("finish_reason") and not any(case.get("incomplete") or []) and not case.get("findings"):
            out.append((f"vector {number}", case["events"]))
    shared = REPO.parent / "shared"
    folders = [shared / "corpus" / CORPUS_FOLDERS.get(dialect, "-"), shared / "corpus-more" / MORE.get(dialect, "-")]
    for path in sorted(p for folder in folders if folder.is_dir() for p in folder.glob("*.stream.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        events = [json.loads(line) for line in lines if line.strip()]
        if not outcome(dialect, events)["findings"]:  # a stream that ended in an error is not relayed whole
            out.append((path.name, events))
    out.append(("script", written(dialect, script(dialect))))
    return out


def outcome(dialect: str, events: list[Any], validate: Any = None) -> dict[str, Any]:
    """What the dialect's own readers make of a stream: text, reasoning, calls, finish."""
    reader = RelayReader(dialect_object(dialect))
    canonical = [c for event in events for c in reader.feed(event)] + reader.end()
    if validate is not None:
        for event in canonical:
            validate("canonical/stream_event.json", event)
    calls = reader.assembler.finish()
    finish = [c["finish_reason"] for c in canonical if c["type"] == "finish"]
    return {
        "text": "".join(c["text"] for c in canonical if c["type"] == "text_delta"),
        "reasoning": "".join(c.get("text", "") for c in canonical if c["type"] == "reasoning_delta"),
        "refusal": "".join(c["text"] for c in canonical if c["type"] == "refusal_delta"),
        "calls": calls,
        "finish": finish[-1] if finish else None,
        "findings": reader.assembler.findings,
    }


def lost(relay: Any, pointer: str) -> bool:
    return any(loss.pointer == pointer or loss.pointer.startswith(pointer + "/") for loss in relay.losses)


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_a_relayed_stream_reassembles_in_the_target(source: str, target: str, validate_schema: Any) -> None:
    target_module = get_stream(target)
    id_optional = get_stream(source).Assembler.ID_OPTIONAL
    for name, events in recorded(source):
        want = outcome(source, events, validate_schema)
        relay = convert_stream(events, source=source, target=target)
        out = list(relay)
        for event in out:
            validate_schema(target_module.EVENT_SCHEMA, event)
        got = outcome(target, out)
        where = f"{name}: {[str(loss) for loss in relay.losses]}"
        assert got["findings"] == [], where
        assert got["text"] == want["text"], where
        if want["reasoning"]:
            assert got["reasoning"] == want["reasoning"] or lost(relay, "/reasoning"), where
        assert got["refusal"] == want["refusal"] or lost(relay, "/refusal"), where
        if want["finish"] in ("stop", "length", "tool_calls", None) or not lost(relay, "/finish_reason"):
            assert got["finish"] == want["finish"], where  # every dialect has these three
        assert [c["name"] for c in got["calls"]] == [c["name"] for c in want["calls"]], where
        for index, (w, g) in enumerate(zip(want["calls"], got["calls"], strict=True)):
            told = any(loss.pointer in ("/calls", f"/calls/{index}") for loss in relay.losses)  # read otherwise
            if not (lost(relay, f"/calls/{index}/arguments") or told):
                assert (g["arguments"], g.get("incomplete")) == (w["arguments"], w.get("incomplete")), where
            if not id_optional:  # an id-less source's calls get ids minted on each side
                assert relay.id_map.original(g["id"]) == w["id"], where


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_the_relay_writes_as_the_input_arrives(source: str, target: str) -> None:
    events = written(source, script(source))
    consumed = []

    def arriving() -> Iterator[dict[str, Any]]:
        for number, event in enumerate(events):
            consumed.append(number)
            yield event

    first_text = next(n for n, e in enumerate(events) if outcome(source, events[: n + 1])["text"])
    reader = RelayReader(dialect_object(target))
    for event in convert_stream(arriving(), source=source, target=target):
        if any(c["type"] == "text_delta" for c in reader.feed(event)):
            # the text is written when the event carrying it has arrived, not at the end
            assert len(consumed) == first_text + 1
            break
    else:
        pytest.fail("no text came out")


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_framed_text_relays_and_parses_in_the_target(source: str, target: str) -> None:
    events = written(source, script(source))
    module = get_stream(source)
    text = "".join(frame(module, event) for event in events)
    if module.FRAMING == "sse" and module.DONE_SENTINEL:
        text += f"data: {module.DONE_SENTINEL}\n\n"
    chunks = [text[i : i + 7] for i in range(0, len(text), 7)]  # split anywhere
    out = "".join(convert_stream_text(chunks, source=source, target=target))
    direct = convert_stream(events, source=source, target=target)
    expected = list(direct)
    assembler: Assembler = get_stream(target).Assembler()
    for i in range(0, len(out), 5):
        assembler.feed_text(out[i : i + 5])
    assert assembler.finish() == get_stream(target).assemble(expected)["tool_calls"]
    target_module = get_stream(target)
    if target_module.FRAMING == "ndjson":
        assert [json.loads(line) for line in out.splitlines()] == expected
    else:
        blocks = out.split("\n\n")[:-1]
        if target_module.DONE_SENTINEL:
            assert blocks.pop() == f"data: {target_module.DONE_SENTINEL}"
        assert [json.loads(b.split("data: ", 1)[1]) for b in blocks] == expected
        if target_module.EVENT_NAME:  # the member path of the `event:` name (Interactions: event_type)
            names = [functools.reduce(operator.getitem, target_module.EVENT_NAME, e) for e in expected]
            assert all(b.startswith(f"event: {n}\ndata: ") for b, n in zip(blocks, names, strict=True))
        else:
            assert all(b.startswith("data: ") for b in blocks)


def test_bedrock_lines_are_event_type_payload_objects() -> None:
    events = written("anthropic_messages", script("anthropic_messages"))
    out = list(convert_stream(events, source="anthropic_messages", target="bedrock_converse"))
    assert all(len(e) == 1 for e in out)
    assert [next(iter(e)) for e in out] == [
        "messageStart",
        *["contentBlockDelta"] * 3,  # reasoning and Anthropic's signature (Bedrock replays Claude's)
        "contentBlockStop",
        *["contentBlockDelta"] * 2,  # text
        "contentBlockStop",
        "contentBlockStart",
        *["contentBlockDelta"] * 2,
        "contentBlockStop",
        "contentBlockStart",
        "contentBlockDelta",
        "contentBlockStop",
        "messageStop",
        "metadata",
    ]
    assert [e["contentBlockStop"]["contentBlockIndex"] for e in out if "contentBlockStop" in e] == [0, 1, 2, 3]
    assert out[-2] == {"messageStop": {"stopReason": "tool_use"}}
    assert out[-1]["metadata"]["usage"] == {"inputTokens": 12, "outputTokens": 30, "totalTokens": 42}


def test_reasoning_into_a_dialect_without_it_is_a_loss_and_strict_raises() -> None:
    events = written("anthropic_messages", script("anthropic_messages"))
    relay = convert_stream(events, source="anthropic_messages", target="openai_chat")
    list(relay)
    assert [loss.what for loss in relay.losses] == [
        "reasoning (the stream's reasoning deltas)",
        "a reasoning signature of anthropic_messages (only the model that produced it can replay it: a signature is only valid for that model)",
    ]
    strict = convert_stream(events, source="anthropic_messages", target="openai_chat", strict=True)
    with pytest.raises(LossError, match="reasoning"):
        list(strict)
    assert list(convert_stream(events, source="anthropic_messages", target="anthropic_messages", strict=True))


def test_a_signature_relays_within_its_models_dialects_only() -> None:
    events = written("anthropic_messages", script("anthropic_messages"))
    same = list(convert_stream(events, source="anthropic_messages", target="anthropic_messages"))
    assert {"type": "signature_delta", "signature": "c2ln"} in [e.get("delta") for e in same]
    claude = list(convert_stream(events, source="anthropic_messages", target="bedrock_converse"))
    assert {"signature": "c2ln"} in [
        e.get("contentBlockDelta", {}).get("delta", {}).get("reasoningContent") for e in claude
    ]
    other = convert_stream(events, source="anthropic_messages", target="openai_responses")
    assert "c2ln" not in json.dumps(list(other))
    assert [loss.what for loss in other.losses] == [
        "a reasoning signature of anthropic_messages (only the model that produced it can replay it: a signature is only valid for that model)"
    ]
    responses = written("openai_responses", script("openai_responses"))
    again = list(convert_stream(responses, source="openai_responses", target="openai_responses"))
    done = [e["item"] for e in again if e["type"] == "response.output_item.done" and e["item"]["type"] == "reasoning"]
    assert done[0]["encrypted_content"] == "c2ln"


def test_a_same_dialect_relay_keeps_the_wire_finish_value() -> None:
    events = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "m",
                "content": [],
                "usage": {"input_tokens": 1, "output_tokens": 0},
            },
        },
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": "stop_sequence", "stop_sequence": "END"},
            "usage": {"output_tokens": 2},
        },
        {"type": "message_stop"},
    ]
    same = list(convert_stream(events, source="anthropic_messages", target="anthropic_messages"))
    assert same[-2]["delta"]["stop_reason"] == "stop_sequence"
    chat = list(convert_stream(events, source="anthropic_messages", target="openai_chat"))
    assert [c["choices"][0]["finish_reason"] for c in chat if c["choices"]][-1] == "stop"


def test_usage_a_target_lacks_is_a_loss() -> None:
    events = written(
        "openai_chat",
        [
            *script("openai_chat")[:-2],
            {"type": "usage", "usage": {"input_tokens": 5, "total_tokens": 9, "reasoning_tokens": 2}},
            {"type": "message_stop"},
        ],
    )
    relay = convert_stream(events, source="openai_chat", target="anthropic_messages")
    out = list(relay)
    assert out[-2]["usage"] == {"output_tokens": 0, "input_tokens": 5}
    assert sorted(loss.what for loss in relay.losses) == [
        "the usage count reasoning_tokens",
        "the usage count total_tokens",
    ]


def test_a_stop_after_calls_is_tool_calls_where_the_dialect_says_stop() -> None:
    events = written("gemini", script("gemini"))
    assert [e["candidates"][0].get("finishReason") for e in events if "candidates" in e][-1] == "STOP"
    chat = list(convert_stream(events, source="gemini", target="openai_chat"))
    assert [c["choices"][0]["finish_reason"] for c in chat if c["choices"]][-1] == "tool_calls"


def _peak(n: int) -> int:
    def events() -> Iterator[dict[str, Any]]:
        yield {
            "type": "message_start",
            "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "m", "content": []},
        }
        yield {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}
        for _ in range(n):
            yield {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "word "}}
        yield {"type": "content_block_stop", "index": 0}
        yield {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": n}}
        yield {"type": "message_stop"}

    tracemalloc.start()
    count = sum(1 for _ in convert_stream(events(), source="anthropic_messages", target="openai_chat"))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == n + 3  # start, n texts, finish, usage
    return peak


def test_memory_stays_constant_over_a_long_stream() -> None:
    small, large = _peak(2_000), _peak(20_000)
    assert large < small * 1.5 + 64_000


def test_usage_that_loses_nothing_is_no_loss() -> None:
    """A zero count and a total that is input + output carry nothing the target lacks."""
    usage = {"input_tokens": 5, "output_tokens": 4, "total_tokens": 9, "reasoning_tokens": 0}
    canonical = [*script("openai_chat")[:-2], {"type": "usage", "usage": usage}, {"type": "message_stop"}]
    relay = convert_stream(written("openai_chat", canonical), source="openai_chat", target="anthropic_messages")
    assert list(relay)[-2]["usage"] == {"output_tokens": 4, "input_tokens": 5}
    assert relay.losses == []


@pytest.mark.parametrize("dialect", DIALECTS)
def test_relay_vectors_replay_both_ways(dialect: str, validate_schema: Any) -> None:
    """vectors/<dialect>/relay.json: the canonical events write as its events, with its losses,
    and the events read back as its `read` (the data the generated suite can replay)."""
    import jsonschema

    path = REPO / "schemas/vectors" / dialect / "relay.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    meta = json.loads((REPO / "schemas/meta/relay_vectors.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(meta).validate(data)
    module = get_stream(dialect)
    for case in data["cases"]:
        writer = RelayWriter(dialect_object(dialect))
        assert [e for c in case["canonical"] for e in writer.write(c)] == case["events"], case["description"]
        assert [[loss.pointer, loss.what] for loss in writer.losses] == case["losses"], case["description"]
        reader = RelayReader(dialect_object(dialect))
        assert [c for e in case["events"] for c in reader.feed(e)] + reader.end() == case["read"], case["description"]
        for event in case["events"]:
            validate_schema(module.EVENT_SCHEMA, event)
        for event in case["canonical"] + case["read"]:
            validate_schema("canonical/stream_event.json", event)


def test_relay_vectors_are_current() -> None:
    from toolwire.tools.relay_vectors import main

    assert main([str(REPO / "schemas")]) == 0, "run python -m toolwire.tools.relay_vectors --update"


def test_server_side_tool_blocks_left_out_are_a_loss(corpus_more_dir: Path) -> None:
    path = corpus_more_dir / "anthropic" / "code-execution-server-tool.stream.jsonl"
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    relay = convert_stream(events, source="anthropic_messages", target="anthropic_messages")
    out = list(relay)
    assert "server_tool_use" not in json.dumps(out)
    # the server_tool_use and its result: each left out, each reported
    assert [loss.pointer for loss in relay.losses] == ["/server_tools/0", "/server_tools/1"]
    assert "bash_code_execution" in relay.losses[0].what
    assert "'bash_code_execution_tool_result'" in relay.losses[1].what
    with pytest.raises(LossError, match="server-side tool"):
        list(convert_stream(events, source="anthropic_messages", target="anthropic_messages", strict=True))


def test_a_source_error_ends_the_relay_with_the_targets_error_event(corpus_more_dir: Path) -> None:
    path = corpus_more_dir / "openai-chat-compat" / "groq-error-event.stream.jsonl"
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    relay = convert_stream(events, source="openai_chat", target="anthropic_messages")
    out = list(relay)
    assert relay.findings and relay.findings[0]["message"].startswith("the stream ended with an error")
    # the target's error event, its kind mapped, ends the stream: no finish is invented after it
    assert out[-1]["type"] == "error" and out[-1]["error"]["type"] == "invalid_request_error"
    assert relay.cut and not {"message_delta", "message_stop"} & {event["type"] for event in out}
    assert "error.message_dropped" not in {loss.code for loss in relay.losses}
    # Groq streams gpt-oss reasoning in delta.reasoning: read with a profile, else reported once
    unread = "/message/extensions/openai_chat/fields/~1reasoning"
    assert [loss.pointer for loss in relay.losses if not loss.pointer.startswith("/error")] == [unread]
    gemini = list(convert_stream(events, source="openai_chat", target="gemini"))
    assert gemini[-1]["error"]["status"] == "INVALID_ARGUMENT"
    assert not any(c.get("finishReason") for e in gemini for c in e.get("candidates", []))


def test_a_source_error_is_a_loss_where_the_target_has_no_error_event() -> None:
    from toolwire_dialects._dialect import stream_of
    from toolwire_dialects.streams import StreamRelay

    anthropic = dialect_object("anthropic_messages")
    module = stream_of(anthropic)
    without = {k: v for k, v in (module.RELAY or {}).items() if k != "error"}
    bare = anthropic._replace(stream=lambda: SimpleNamespace(**{**vars(module), "RELAY": without}))
    # a target whose stream.json has no relay.error: the message is a loss, the stream ends cut off
    events = [{"error": {"message": "Overloaded", "type": "service_unavailable_error"}}]
    relay = StreamRelay(events, source="openai_chat", target=bare)
    assert all(event.get("type") != "error" for event in relay)
    assert relay.cut
    assert [loss.code for loss in relay.losses if loss.code.startswith("error.")] == ["error.message_dropped"]


def test_reasoning_as_text_when_asked() -> None:
    events = written("anthropic_messages", script("anthropic_messages"))
    relay = convert_stream(events, source="anthropic_messages", target="openai_chat", reasoning_as_text=True)
    got = outcome("openai_chat", list(relay))
    assert got["text"] == "The user wants the weather.Let me check."
    assert [loss.what for loss in relay.losses] == [
        "a reasoning signature of anthropic_messages (only the model that produced it can replay it: a signature is only valid for that model)"
    ]


def test_a_refusal_relays_where_the_target_has_one_else_is_a_loss() -> None:
    canonical = [
        {"type": "message_start", "id": "chatcmpl-1", "model": "gpt-4o"},
        {"type": "refusal_delta", "text": "I can't "},
        {"type": "refusal_delta", "text": "help with that."},
        {"type": "finish", "finish_reason": "stop"},
        {"type": "message_stop"},
    ]
    events = written("openai_chat", canonical)
    assert [e["choices"][0]["delta"].get("refusal") for e in events[1:3]] == ["I can't ", "help with that."]
    responses = list(convert_stream(events, source="openai_chat", target="openai_responses"))
    assert outcome("openai_responses", responses)["refusal"] == "I can't help with that."
    done = [e for e in responses if e["type"] == "response.refusal.done"]
    assert done[0]["refusal"] == "I can't help with that."
    relay = convert_stream(events, source="openai_chat", target="anthropic_messages")
    assert outcome("anthropic_messages", list(relay))["text"] == ""
    assert [loss.pointer for loss in relay.losses] == ["/refusal"]


NAN_CALL = [
    {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "delta": {
                    "role": "assistant",
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "f", "arguments": '{"x": NaN}'},
                        }
                    ],
                },
                "finish_reason": None,
            }
        ],
    },
    {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}],
    },
]


@pytest.mark.parametrize("target", ["gemini", "ollama"])
def test_argument_text_with_nan_is_not_json_to_a_whole_call_target(target: str) -> None:
    """The relay reads whole-call argument text with the strict reader, as every converter does:
    NaN is no JSON, so it is a loss, never a NaN sent on (invalid JSON on the target's wire)."""
    relay = convert_stream(NAN_CALL, source="openai_chat", target=target)
    out = list(relay)
    assert "NaN" not in json.dumps(out)
    # (Gemini's call also gets the placeholder signature: tests/test_relay_rules.py)
    argument = [loss for loss in relay.losses if loss.code != "signature.placeholder"]
    assert [loss.pointer for loss in argument] == ["/calls/0/arguments"]
    assert "(not valid JSON: NaN is not valid JSON); sent as {}" in argument[0].what
