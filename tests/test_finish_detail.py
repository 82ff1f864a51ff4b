"""A finish reason one wire value spells for several reasons, told apart by a second field
(Responses: status `incomplete` with `incomplete_details.reason`, issue #23 point 8): read as
the reason the detail names, written with the detail, and carried across dialects without a
`finish_reason.changed` loss. The round trips of each form are the conversation vectors'."""

from __future__ import annotations

from typing import Any

import pytest
from toolwire_dialects import convert

RESPONSE: dict[str, Any] = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1,
    "model": "gpt-4.1",
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
    "output": [
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "incomplete",
            "content": [{"type": "output_text", "text": "Paris", "annotations": []}],
        }
    ],
}
CHAT: dict[str, Any] = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4.1",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Paris"}, "finish_reason": None}],
}


@pytest.mark.parametrize(
    ("detail", "chat_reason"), [("content_filter", "content_filter"), ("max_output_tokens", "length")]
)
def test_the_detail_names_the_reason_into_chat(detail: str, chat_reason: str) -> None:
    wire = {**RESPONSE, "status": "incomplete", "incomplete_details": {"reason": detail}}
    out = convert(wire, source="openai_responses", target="openai_chat", shape="response")
    assert out.value["choices"][0]["finish_reason"] == chat_reason
    assert not [loss for loss in out.losses if "incomplete_details" in loss.pointer or "finish" in loss.code]


@pytest.mark.parametrize(
    ("chat_reason", "detail"), [("content_filter", "content_filter"), ("length", "max_output_tokens")]
)
def test_a_reason_is_written_with_its_detail_from_chat(chat_reason: str, detail: str) -> None:
    wire = {**CHAT, "choices": [{**CHAT["choices"][0], "finish_reason": chat_reason}]}
    out = convert(wire, source="openai_chat", target="openai_responses", shape="response")
    assert (out.value["status"], out.value["incomplete_details"]) == ("incomplete", {"reason": detail})
    assert not [loss for loss in out.losses if loss.code.startswith("finish_reason")]


def test_a_detail_the_mapping_does_not_list_is_kept_and_reported_elsewhere() -> None:
    wire = {**RESPONSE, "status": "incomplete", "incomplete_details": {"reason": "a_new_reason"}}
    same = convert(wire, source="openai_responses", target="openai_responses", shape="response")
    assert same.value["incomplete_details"] == {"reason": "a_new_reason"} and not same.losses
    chat = convert(wire, source="openai_responses", target="openai_chat", shape="response")
    assert chat.value["choices"][0]["finish_reason"] == "length"  # the first reason status incomplete spells
    assert [loss.code for loss in chat.losses if "incomplete_details" in loss.pointer] == ["extension.field_dropped"]


def _stream(detail: dict[str, Any]) -> list[dict[str, Any]]:
    response = {"id": "resp_1", "object": "response", "model": "gpt-4.1", "output": []}
    return [
        {"type": "response.created", "response": {**response, "status": "in_progress"}},
        {"type": "response.output_text.delta", "item_id": "m", "output_index": 0, "content_index": 0, "delta": "Pa"},
        {"type": "response.incomplete", "response": {**response, "status": "incomplete", **detail}},
    ]


_DRIVER = """
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
const dist = process.argv[process.argv.length - 1];
const { convertStream } = await import(pathToFileURL(`${dist}/index.js`).href);
for await (const line of createInterface({ input: process.stdin })) {
  const { events, target } = JSON.parse(line);
  const relay = convertStream(events, { source: "openai_responses", target });
  const out = [];
  for await (const event of relay) out.push(event);
  console.log(JSON.stringify({ out, losses: relay.losses.map((l) => [l.code, l.pointer, l.what]) }));
}
"""
STREAMS = [
    ({"incomplete_details": {"reason": "content_filter"}}, "content_filter"),
    ({"incomplete_details": {"reason": "max_output_tokens"}}, "length"),
    ({}, "length"),  # no detail: the first reason status incomplete spells
]


@pytest.mark.parametrize(("detail", "chat_reason"), STREAMS)
def test_a_relayed_stream_reads_the_reason_its_detail_names(detail: dict[str, Any], chat_reason: str) -> None:
    from toolwire_dialects.streams import convert_stream

    out = list(convert_stream(_stream(detail), source="openai_responses", target="openai_chat"))
    assert [c["finish_reason"] for e in out for c in e["choices"] if c.get("finish_reason")] == [chat_reason]


def test_both_packages_relay_the_detail_alike() -> None:
    from toolwire_dialects.streams import convert_stream

    from tests.test_typescript_json import run_node, ts_dist

    jobs = [{"events": _stream(d), "target": t} for d, _r in STREAMS for t in ("openai_chat", "anthropic_messages")]
    answers = run_node(_DRIVER, jobs, str(ts_dist()))
    for job, answer in zip(jobs, answers, strict=True):
        relay = convert_stream(job["events"], source="openai_responses", target=job["target"])
        assert answer["out"] == list(relay), job
        assert answer["losses"] == [[loss.code, loss.pointer, loss.what] for loss in relay.losses], job
