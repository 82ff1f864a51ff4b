"""Provider rules in stream relays (issue #23): a stream relayed into Gemini carries a
thoughtSignature on its first functionCall (the documented placeholder, with the loss a
converted response reports), a Gemini signature relays as it came; a stream whose reasoning
comes after a call is relayed into Anthropic or Bedrock without that reasoning (a stream
cannot move it back), with a loss naming the rule. Strict refuses before the event; the
TypeScript package relays alike. The rules come from dialect.json (ir/stream_rules.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import convert
from toolwire_dialects._errors import LossError
from toolwire_dialects.streams import convert_stream

from tests.test_typescript_json import run_node, ts_dist
from toolwire.ir.stream_nodes import StreamPlanError
from toolwire.ir.stream_rules import relay_rules
from toolwire.ir.streams import stream_ir
from toolwire.spec.loader import load_spec
from toolwire.spec.rules import PartOrderRule, RuleKind

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = "skip_thought_signature_validator"
SIGNATURE_LOSS = (
    f'the first functionCall block of the turn without thoughtSignature (sent "{PLACEHOLDER}"; '
    "rule gemini/call-thought-signature)"
)


def _anthropic_calls() -> list[dict[str, Any]]:
    start = {"type": "message_start", "message": {"id": "m1", "type": "message", "role": "assistant"}}
    start["message"].update({"model": "claude", "content": [], "usage": {"input_tokens": 1, "output_tokens": 0}})
    events: list[dict[str, Any]] = [start]
    for i, name in enumerate(("weather", "taxi")):
        block = {"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": {}}
        events += [
            {"type": "content_block_start", "index": i, "content_block": block},
            {"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": "{}"}},
            {"type": "content_block_stop", "index": i},
        ]
    events += [
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 5}},
        {"type": "message_stop"},
    ]
    return events


def _chat_calls() -> list[dict[str, Any]]:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [choice]}

    calls = [
        {"index": i, "id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": "{}"}}
        for i, name in enumerate(("weather", "taxi"))
    ]
    return [chunk({"role": "assistant", "tool_calls": calls}), chunk({}, "tool_calls")]


def _gemini(parts: list[dict[str, Any]], finish: str | None = None) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    return {"candidates": [candidate], "responseId": "r1", "modelVersion": "gemini-3"}


# a call, then the reasoning (a thought part after it)
CALL_THEN_THOUGHT = [
    _gemini([{"functionCall": {"name": "weather", "args": {"city": "Paris"}}}]),
    _gemini([{"text": "I asked for the weather.", "thought": True}]),
    _gemini([{"text": ""}], "STOP"),
]
SOURCES = {"anthropic_messages": _anthropic_calls(), "openai_chat": _chat_calls()}


def _written_calls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        part
        for event in events
        for candidate in event.get("candidates", [])
        for part in candidate["content"]["parts"]
        if "functionCall" in part
    ]


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_a_stream_relayed_into_gemini_signs_its_first_call(source: str) -> None:
    relay = convert_stream(copy.deepcopy(SOURCES[source]), source=source, target="gemini")
    calls = _written_calls(list(relay))
    assert [c["functionCall"]["name"] for c in calls] == ["weather", "taxi"]
    # the first call of the turn only, as Gemini signs parallel calls
    assert [c.get("thoughtSignature") for c in calls] == [PLACEHOLDER, None]
    assert [(x.code, x.pointer, x.what) for x in relay.losses if x.code == "signature.placeholder"] == [
        ("signature.placeholder", "/calls/0", SIGNATURE_LOSS)
    ]


def test_the_relay_reports_what_a_converted_response_reports() -> None:
    """The same loss (code and words) the response path gives for the same answer."""
    response = {
        "id": "m1",
        "type": "message",
        "role": "assistant",
        "model": "claude",
        "content": [{"type": "tool_use", "id": "toolu_0", "name": "weather", "input": {}}],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 5},
    }
    converted = convert(response, source="anthropic_messages", target="gemini", shape="response")
    said = {(x.code, x.what) for x in converted.losses if x.code == "signature.placeholder"}
    relay = convert_stream(_anthropic_calls(), source="anthropic_messages", target="gemini")
    list(relay)
    assert said == {(x.code, x.what) for x in relay.losses if x.code == "signature.placeholder"} != set()


def test_a_gemini_signature_relays_as_it_came() -> None:
    signed = [
        _gemini([{"functionCall": {"name": "weather", "args": {}}, "thoughtSignature": "R2VtaW5p"}]),
        _gemini([{"text": ""}], "STOP"),
    ]
    relay = convert_stream(signed, source="gemini", target="gemini")
    assert [c.get("thoughtSignature") for c in _written_calls(list(relay))] == ["R2VtaW5p"]
    assert relay.losses == []


def test_strict_refuses_before_the_unsigned_call_is_written() -> None:
    relay = convert_stream(_anthropic_calls(), source="anthropic_messages", target="gemini", strict=True)
    written: list[dict[str, Any]] = []
    with pytest.raises(LossError, match="gemini/call-thought-signature"):
        for event in relay:
            written.append(event)
    assert _written_calls(written) == []


@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ("anthropic_messages", "anthropic_messages/thinking-before-tool-use"),
        ("bedrock_converse", "bedrock_converse/reasoning-before-tool-use"),
    ],
)
def test_reasoning_after_a_call_is_left_out_of_a_target_that_orders_them(target: str, rule: str) -> None:
    relay = convert_stream(copy.deepcopy(CALL_THEN_THOUGHT), source="gemini", target=target)
    text = json.dumps(list(relay))
    assert "I asked for the weather." not in text  # never a thinking block after the tool_use
    assert "weather" in text
    said = [(x.code, x.pointer, x.what) for x in relay.losses if f"rule {rule})" in x.what]
    assert said == [
        (
            "part.unsupported",
            "/reasoning",
            f"the reasoning block after a later one, left out (rule {rule})",
        )
    ]
    strict = convert_stream(copy.deepcopy(CALL_THEN_THOUGHT), source="gemini", target=target, strict=True)
    with pytest.raises(LossError, match=rule):
        list(strict)


def test_reasoning_before_a_call_relays_as_before() -> None:
    thought_first = [CALL_THEN_THOUGHT[1], CALL_THEN_THOUGHT[0], CALL_THEN_THOUGHT[2]]
    relay = convert_stream(copy.deepcopy(thought_first), source="gemini", target="anthropic_messages")
    starts = [e["content_block"]["type"] for e in relay if e.get("type") == "content_block_start"]
    assert starts == ["thinking", "tool_use"]
    assert not [x for x in relay.losses if "rule " in x.what]


def test_a_dialect_without_the_rules_relays_reasoning_after_a_call() -> None:
    """The rule is the target's, not the relay's: a target without it keeps the order."""
    relay = convert_stream(copy.deepcopy(CALL_THEN_THOUGHT), source="gemini", target="openai_responses")
    assert "I asked for the weather." in json.dumps(list(relay))
    assert not [x for x in relay.losses if "rule " in x.what]


def test_the_relay_rules_are_lowered_from_the_rules_data() -> None:
    spec = load_spec(ROOT / "schemas")
    kept = {}
    for name, dialect in spec.dialects.items():
        ir = stream_ir(spec, dialect)
        if ir is not None and ir.relay is not None:
            kept[name] = ir.relay.rules
    assert [(s.template, s.block, s.key) for s in kept["gemini"].signatures] == [
        ("call_close", ("candidates", "0", "content", "parts", "0"), "thoughtSignature")
    ]
    assert {n for n, r in kept.items() if r.first} == {"anthropic_messages", "bedrock_converse"}
    assert (kept["anthropic_messages"].first, kept["anthropic_messages"].then) == (("reasoning",), ("call",))
    # a rule that would have the relay leave calls out is refused when the package is generated
    gemini = spec.dialects["gemini"]
    ir = stream_ir(spec, gemini)
    assert ir is not None and ir.relay is not None
    backwards = PartOrderRule(
        dialect="gemini",
        id="calls-first",
        kind=RuleKind.PART_ORDER,
        envelope="request",
        tokens=("contents", "*", "parts"),
        source="test",
        first=(((("functionCall",),), ()),),
        then=(((("thought",),), ()),),
    )
    with pytest.raises(StreamPlanError, match="calls cannot be its earlier kind"):
        relay_rules(ir.relay.writes, (backwards,), ir.wire_call)


_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const relay = pkg.convertStream(job.events, { source: job.source, target: job.target });
  const events = [];
  for (const event of relay) events.push(event);
  const losses = relay.losses.map((l) => [l.code, l.pointer, l.what]);
  process.stdout.write(JSON.stringify({ events, losses }) + "\n");
}
"""


def test_typescript_relays_alike() -> None:
    jobs = [{"source": s, "target": "gemini", "events": e} for s, e in SOURCES.items()]
    jobs += [
        {"source": "gemini", "target": t, "events": CALL_THEN_THOUGHT}
        for t in ("anthropic_messages", "bedrock_converse")
    ]
    answers = run_node(_DRIVER, jobs, str(ts_dist() / "index.js"))
    for job, answer in zip(jobs, answers, strict=True):
        relay = convert_stream(copy.deepcopy(job["events"]), source=job["source"], target=job["target"])
        events = list(relay)
        assert answer["events"] == events, job["target"]
        assert answer["losses"] == [[x.code, x.pointer, x.what] for x in relay.losses], job["target"]
        assert any("rule " in what for _c, _p, what in answer["losses"])
