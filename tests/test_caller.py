"""Anthropic's programmatic tool calling (issue #25 point 10): a tool_use block may carry
`caller` ({"type": "direct"} or {"type": "code_execution_20250825", "tool_id": ...}, the
anthropic SDK's ToolUseBlock.caller). A conversation keeps it within Anthropic and reports it
elsewhere; a relay carries it within Anthropic (its content_block_start) and reports it into
any other dialect, once per call, as the conversation does. TypeScript does the same."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects.convert import convert
from toolwire_dialects.streams import convert_stream

from tests.test_reasoning_policy import _RELAY_DRIVER
from tests.test_relay import outcome
from tests.test_typescript_json import CONVERT_DRIVER, run_node, ts_dist

ANTHROPIC = "anthropic_messages"
CODE = {"type": "code_execution_20250825", "tool_id": "srvtoolu_1"}
DIRECT = {"type": "direct"}
OTHERS = ("openai_chat", "bedrock_converse", "gemini", "openai_responses", "cohere_v2")


def call_events(index: int, call_id: str, caller: dict[str, Any] | None) -> list[dict[str, Any]]:
    block: dict[str, Any] = {"type": "tool_use", "id": call_id, "name": "f", "input": {}}
    if caller is not None:
        block["caller"] = caller
    return [
        {"type": "content_block_start", "index": index, "content_block": block},
        {
            "type": "content_block_delta",
            "index": index,
            "delta": {"type": "input_json_delta", "partial_json": '{"a": 1}'},
        },
        {"type": "content_block_stop", "index": index},
    ]


def stream(*callers: dict[str, Any] | None) -> list[dict[str, Any]]:
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        },
    }
    calls = [e for i, caller in enumerate(callers) for e in call_events(i, f"toolu_{i}", caller)]
    end = {
        "type": "message_delta",
        "delta": {"stop_reason": "tool_use", "stop_sequence": None},
        "usage": {"output_tokens": 5},
    }
    return [start, *calls, end, {"type": "message_stop"}]


def starts(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["content_block"] for e in events if e["type"] == "content_block_start"]


def test_a_relay_within_anthropic_carries_the_caller() -> None:
    events = stream(CODE, DIRECT, None)
    relay = convert_stream(copy.deepcopy(events), source=ANTHROPIC, target=ANTHROPIC)
    out = list(relay)
    assert [b.get("caller") for b in starts(out)] == [CODE, DIRECT, None]
    assert relay.losses == []


@pytest.mark.parametrize("target", OTHERS)
def test_a_relay_elsewhere_reports_the_caller_once_per_call(target: str) -> None:
    relay = convert_stream(stream(CODE, None, DIRECT), source=ANTHROPIC, target=target)
    got = outcome(target, list(relay))
    assert [c["arguments"] for c in got["calls"]] == [{"a": 1}] * 3
    callers = [loss for loss in relay.losses if "caller" in loss.pointer]
    assert [(loss.code, loss.pointer, loss.what) for loss in callers] == [
        ("extension.field_dropped", f"/calls/{i}/extensions/{ANTHROPIC}/fields/~1caller", f"{ANTHROPIC} field /caller")
        for i in (0, 2)
    ]


def test_a_conversation_keeps_the_caller_within_anthropic_and_reports_it_elsewhere() -> None:
    response = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "caller": CODE}],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 2},
    }
    same = convert(response, source=ANTHROPIC, target=ANTHROPIC, shape="response")
    assert same.value["content"][0]["caller"] == CODE and same.losses == []
    for target in OTHERS:
        other = convert(response, source=ANTHROPIC, target=target, shape="response")
        dropped = [loss for loss in other.losses if loss.what == f"{ANTHROPIC} field /caller"]
        assert [loss.code for loss in dropped] == ["extension.field_dropped"], target


def test_typescript_carries_the_caller_as_python_does() -> None:
    jobs, want = [], []
    for target in (ANTHROPIC, *OTHERS):
        events = stream(CODE, None, DIRECT)
        relay = convert_stream(copy.deepcopy(events), source=ANTHROPIC, target=target)
        jobs.append({"events": events, "options": {"source": ANTHROPIC, "target": target}})
        want.append([list(relay), [list(loss) for loss in relay.losses]])
    answers = run_node(_RELAY_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == json.loads(json.dumps(want))
    request = {
        "model": "claude",
        "max_tokens": 100,
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "caller": CODE}],
            },
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]},
        ],
    }
    cases = [(ANTHROPIC, ANTHROPIC), (ANTHROPIC, "openai_chat")]
    wants = []
    for source, target in cases:
        got = convert(request, source=source, target=target, shape="request")
        wants.append([got.value, [list(loss) for loss in got.losses]])
    jobs = [{"wire": request, "options": {"source": s, "target": t, "shape": "request"}} for s, t in cases]
    assert run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri()) == json.loads(json.dumps(wants))
