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
