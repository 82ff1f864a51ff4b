"""A stream's error event relayed as the target's error event (issue #25 point 7, docs/errors.md):
the kind mapped through the dialects' error tables, what the target lacks reported under /error,
the target's stream ended there (no finish invented), a same-dialect relay exact, and the
TypeScript relay alike."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects._errors import LossError
from toolwire_dialects.streams import assembler, convert_stream

from tests.test_typescript_json import run_node, ts_dist

ROOT = Path(__file__).resolve().parents[1]

# Each dialect's error event mid-stream (facts: the providers' SDK stream types) and the
# canonical category its error table reads from it (None: the event names no kind).
ERRORS: dict[str, tuple[dict[str, Any], str | None]] = {
    "anthropic_messages": (
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
        "overloaded",
    ),
    "openai_chat": (
        {
            "error": {
                "message": "Rate limit reached",
                "type": "rate_limit_error",
                "param": None,
                "code": "rate_limit_exceeded",
            }
        },
        "rate_limit",
    ),
    "openai_responses": (
        {
            "type": "error",
            "code": "server_error",
            "message": "The server had an error",
            "param": None,
            "sequence_number": 3,
        },
        "server",
    ),
    "gemini": ({"error": {"code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"}}, "overloaded"),
    "gemini_interactions": (
        {"event_type": "error", "error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}},
        "rate_limit",
    ),
    "bedrock_converse": ({"throttlingException": {"message": "Too many requests"}}, "rate_limit"),
    "mistral": ({"error": {"message": "Service unavailable", "code": "3505"}}, None),
    "cohere_v2": ({"type": "message-end", "delta": {"error": "internal error"}}, None),
    "ollama": ({"error": "model crashed"}, None),
}
DIALECTS = sorted(ERRORS)
PAIRS = [(s, t) for s in DIALECTS for t in DIALECTS]


MESSAGES = {
    "anthropic_messages": "Overloaded",
    "openai_chat": "Rate limit reached",
    "openai_responses": "The server had an error",
    "gemini": "The model is overloaded.",
    "gemini_interactions": "Quota exceeded",
    "bedrock_converse": "Too many requests",
    "mistral": "Service unavailable",
    "cohere_v2": "internal error",
    "ollama": "model crashed",
}


def _categories(dialect: str) -> set[str]:
    spec = json.loads((ROOT / "schemas/dialects" / dialect / "dialect.json").read_text())["shapes"]["error"]
    field = spec["variants"][0]["fields"].get("category")
    return {c for c, _wire in field["values"]} if field else set()


def _relay(source: str, target: str) -> Any:
    return convert_stream([copy.deepcopy(ERRORS[source][0])], source=source, target=target)


def _ends_in_error(target: str, events: list[dict[str, Any]], message: str) -> None:
    """The target's own Assembler reads the last event as its stream's error, with the message,
    and no finish."""
    reader = assembler(target)
    for event in events:
        reader.feed(event)
    said = [f["message"] for f in reader.findings if "ended with an error" in f["message"]]
    assert said and message in said[0], (target, events, reader.findings)
    assert reader.finish_reason is None


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_error_event_relayed_as_the_targets(source: str, target: str) -> None:
    relay = _relay(source, target)
    events = list(relay)
    message = MESSAGES[source]
    _ends_in_error(target, events, message)
    assert relay.cut  # ended at the error: no finish, no end, no [DONE]
    codes = {loss.code for loss in relay.losses}
    assert "error.message_dropped" not in codes
    assert codes <= {"error.category_dropped", "error.detail_dropped", "response.defaulted"}, relay.losses
    assert all(x.pointer.startswith("/error") for x in relay.losses if x.code.startswith("error."))
    category = ERRORS[source][1]
    carried = category is not None and category in _categories(target)
    if source != target and _categories(target):
        # a kind the target's table has is mapped; one it lacks (or none) is its catch-all, reported
        assert ("error.category_dropped" in codes) is not carried, relay.losses


def test_same_dialect_error_event_is_exact() -> None:
    for dialect in DIALECTS:
        relay = _relay(dialect, dialect)
        events = list(relay)
        assert events[-1] == ERRORS[dialect][0], dialect
        assert [x for x in relay.losses if x.code.startswith("error.")] == []


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        (
            "anthropic_messages",
            "openai_responses",
            {
                "type": "error",
                "code": "service_unavailable_error",
                "param": None,
                "message": "Overloaded",
                "sequence_number": 1,
            },
        ),
        (
            "anthropic_messages",
            "openai_chat",
            {"error": {"type": "service_unavailable_error", "message": "Overloaded"}},
        ),
        ("anthropic_messages", "gemini", {"error": {"status": "UNAVAILABLE", "message": "Overloaded"}}),
        ("anthropic_messages", "bedrock_converse", {"serviceUnavailableException": {"message": "Overloaded"}}),
        (
            "bedrock_converse",
            "anthropic_messages",
            {"type": "error", "error": {"type": "rate_limit_error", "message": "Too many requests"}},
        ),
        (
            "gemini",
            "anthropic_messages",
            {"type": "error", "error": {"type": "overloaded_error", "message": "The model is overloaded."}},
        ),
        ("openai_chat", "bedrock_converse", {"throttlingException": {"message": "Rate limit reached"}}),
        (
            "openai_responses",
            "anthropic_messages",
            {"type": "error", "error": {"type": "api_error", "message": "The server had an error"}},
        ),
        ("ollama", "anthropic_messages", {"type": "error", "error": {"type": "api_error", "message": "model crashed"}}),
        ("anthropic_messages", "ollama", {"error": "Overloaded"}),
        ("anthropic_messages", "cohere_v2", {"type": "message-end", "delta": {"error": "Overloaded"}}),
    ],
)
def test_kind_mapped(source: str, target: str, expected: dict[str, Any]) -> None:
    assert list(_relay(source, target))[-1] == expected


def test_what_the_target_lacks_is_a_loss() -> None:
    # Chat's code has no place in Responses' error event (its code holds the kind)
    relay = _relay("openai_chat", "openai_responses")
    list(relay)
    assert [(x.code, x.pointer) for x in relay.losses if x.code.startswith("error.")] == [
        ("error.detail_dropped", "/error/error/code")
    ]
    # a kind with no Bedrock stream event: its catch-all exception, reported
    relay = convert_stream(
        [{"type": "error", "error": {"type": "permission_error", "message": "no"}}],
        source="anthropic_messages",
        target="bedrock_converse",
    )
    assert list(relay)[-1] == {"internalServerException": {"message": "no"}}
    assert [(x.code, x.pointer) for x in relay.losses if x.code.startswith("error.")] == [
        ("error.category_dropped", "/error/category")
    ]
    # refused before the error event goes out, where the caller allows no such loss
    relay = convert_stream(
        [ERRORS["ollama"][0]], source="ollama", target="anthropic_messages", allow=["response.defaulted"]
    )
    with pytest.raises(LossError, match=r"error\.category_dropped"):
        list(relay)


def test_bedrock_exception_fields_are_kept_or_reported() -> None:
    # a model stream error: no kind the other tables know, its original status a reported detail
    event = {"modelStreamErrorException": {"message": "boom", "originalStatusCode": 500, "originalMessage": "x"}}
    relay = convert_stream([copy.deepcopy(event)], source="bedrock_converse", target="anthropic_messages")
    assert list(relay)[-1] == {"type": "error", "error": {"type": "api_error", "message": "boom"}}
    lost = {(x.code, x.pointer) for x in relay.losses}
    assert ("error.category_dropped", "/error/category") in lost
    assert {p for _c, p in lost if "originalStatusCode" in p or "originalMessage" in p}, relay.losses
    relay = convert_stream([copy.deepcopy(event)], source="bedrock_converse", target="bedrock_converse")
    assert list(relay)[-1] == event
    # an exception whose body is no object: only what the stream said, no kind
    relay = convert_stream([{"throttlingException": "slow down"}], source="bedrock_converse", target="openai_chat")
    assert list(relay)[-1]["error"]["message"].endswith("slow down")


# error events of odd shape: each relayed (its message as the stream said it, where its body
# does not decode), never a traceback, the same in both languages
ODD = [
    ("bedrock_converse", {"modelStreamErrorException": {"message": "boom", "originalStatusCode": 500}}),
    ("bedrock_converse", {"throttlingException": "slow down"}),
    ("bedrock_converse", {"internalServerException": {"message": "m", "a~b/c": 1}}),
    ("anthropic_messages", {"type": "error", "error": {"type": "overloaded_error", "message": 123}}),
    ("anthropic_messages", {"type": "error", "error": {"type": 7, "message": "m"}}),
    ("openai_chat", {"error": {"message": "m", "code": 42, "param": "p"}}),
    ("openai_responses", {"type": "error", "message": None, "code": None, "param": None, "sequence_number": 1}),
    ("gemini", {"error": {"code": "NaN", "message": "m", "status": 5}}),
    ("cohere_v2", {"type": "message-end", "delta": {"error": {"message": "obj"}}}),
    ("ollama", {"error": ""}),
]


def test_typescript_relays_odd_error_events_alike() -> None:
    jobs = [{"source": s, "target": t, "events": [e]} for s, e in ODD for t in DIALECTS]
    answers = run_node(_DRIVER, jobs, str(ts_dist() / "index.js"))
    for job, answer in zip(jobs, answers, strict=True):
        relay = convert_stream(copy.deepcopy(job["events"]), source=job["source"], target=job["target"])
        assert answer["events"] == list(relay), job
        assert answer["losses"] == [[x.code, x.pointer, x.what] for x in relay.losses], job


def test_a_failed_response_relays_as_an_error_event() -> None:
    failed = {
        "type": "response.failed",
        "sequence_number": 2,
        "response": {"id": "resp_1", "status": "failed", "error": {"code": "server_error", "message": "It broke"}},
    }
    relay = convert_stream([copy.deepcopy(failed)], source="openai_responses", target="gemini")
    assert list(relay)[-1] == {"error": {"status": "INTERNAL", "message": "It broke"}}
    relay = convert_stream([copy.deepcopy(failed)], source="openai_responses", target="openai_responses")
    assert list(relay)[-1] == failed


def test_error_after_text_ends_the_stream_there() -> None:
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
        ERRORS["anthropic_messages"][0],
    ]
    relay = convert_stream(copy.deepcopy(events), source="anthropic_messages", target="openai_chat")
    out = list(relay)
    assert out[-1] == {"error": {"type": "service_unavailable_error", "message": "Overloaded"}}
    assert not any(c.get("finish_reason") for e in out for c in e.get("choices", []))
    text = "".join(convert_stream(copy.deepcopy(events), source="anthropic_messages", target="openai_chat").text())
    assert "[DONE]" not in text and "service_unavailable_error" in text


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
  process.stdout.write(JSON.stringify({ events, losses, cut: relay.cut }) + "\n");
}
"""


def test_typescript_relays_errors_alike() -> None:
    jobs = [{"source": s, "target": t, "events": [ERRORS[s][0]]} for s, t in PAIRS]
    answers = run_node(_DRIVER, jobs, str(ts_dist() / "index.js"))
    for job, answer in zip(jobs, answers, strict=True):
        relay = convert_stream(copy.deepcopy(job["events"]), source=job["source"], target=job["target"])
        events = list(relay)
        assert answer["events"] == events, job
        assert answer["losses"] == [[x.code, x.pointer, x.what] for x in relay.losses], job
        assert answer["cut"] is relay.cut


@pytest.mark.parametrize(
    ("where", "bad", "said"),
    [
        (("write", 0, "set", "/error"), "error", "/relay/error/write/0/set/~1error"),
        (("read", 0, "copy", ""), "no pointer", "/relay/error/read/0/copy/"),
        (("write", 0, "when"), ["/type"], "/relay/error/write/0/when"),
    ],
)
def test_a_bad_error_mapping_is_a_spec_error_at_its_pointer(
    tmp_path: Path, where: tuple[Any, ...], bad: Any, said: str
) -> None:
    from toolwire.spec.loader import load_spec
    from toolwire.spec.model import SpecError

    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    path = tmp_path / "schemas/dialects/gemini/stream.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    node = data["relay"]["error"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = bad
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SpecError, match=r"gemini/stream\.json") as raised:
        load_spec(tmp_path / "schemas")
    assert said in str(raised.value)
