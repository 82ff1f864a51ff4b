"""A relay whose source stream gives no id or model still writes the target's events whole: the
target's template sends its placeholder ("msg_toolwire", "toolwire"). That is a made-up value,
so it is reported once per value as response.defaulted, as a converted response reports the
defaults it fills; a source that gives them reports nothing. Both languages alike."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from toolwire_dialects.streams import convert_stream

from tests.test_relay_rules import _DRIVER
from tests.test_typescript_json import run_node, ts_dist

BARE = [  # a Gemini stream as some proxies send it: no responseId, no modelVersion
    {"candidates": [{"content": {"role": "model", "parts": [{"text": "Hello"}]}}]},
    {"candidates": [{"content": {"role": "model", "parts": [{"text": "!"}]}, "finishReason": "STOP"}]},
]
NAMED = [{**event, "responseId": "r-1", "modelVersion": "gemini-2.5-flash"} for event in BARE]
TARGETS = ("openai_chat", "openai_responses", "anthropic_messages", "mistral")


def _defaulted(relay: Any) -> list[tuple[str, str]]:
    return [(loss.pointer, loss.what) for loss in relay.losses if loss.code == "response.defaulted"]


@pytest.mark.parametrize("target", TARGETS)
def test_placeholders_are_reported_once_each(target: str) -> None:
    relay = convert_stream(copy.deepcopy(BARE), source="gemini", target=target)
    events = list(relay)
    said = _defaulted(relay)
    assert len(events) > 3 and len(said) == len(set(said))  # once each, though every chunk carries them
    assert ("/model", "a stream without its model (sent a placeholder)") in said
    assert {p for p, _w in said} <= {"/id", "/model"} and "toolwire" in str(events[0])


@pytest.mark.parametrize("target", TARGETS)
def test_a_source_giving_id_and_model_reports_none(target: str) -> None:
    relay = convert_stream(copy.deepcopy(NAMED), source="gemini", target=target)
    events = list(relay)
    assert _defaulted(relay) == [] and "gemini-2.5-flash" in str(events)


def test_typescript_reports_alike() -> None:
    jobs = [{"source": "gemini", "target": t, "events": e} for t in TARGETS for e in (BARE, NAMED)]
    answers = run_node(_DRIVER, jobs, str(ts_dist() / "index.js"))
    for job, answer in zip(jobs, answers, strict=True):
        relay = convert_stream(copy.deepcopy(job["events"]), source="gemini", target=job["target"])
        assert answer["events"] == list(relay), job["target"]
        assert answer["losses"] == [[x.code, x.pointer, x.what] for x in relay.losses], job["target"]
