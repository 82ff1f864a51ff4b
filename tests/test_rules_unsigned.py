"""Unsigned reasoning (issue #23): Anthropic replays a thinking block only with the signature it
made (a redacted_thinking block only with its data). A reasoning part without them (a canonical request built by hand, or one whose signature was
lost) is not written as such a block: the spelling's `signed` key says which key only the
part's own extension fields can supply. The part is dropped with a reasoning.dropped loss (sent
as text when asked for), or refused under strict, in the compiled request writer and the
interpreted response writer, in Python and TypeScript alike. Gemini's thought parts carry no
required signature (only its calls do: the signature rule), and Bedrock's reasoningText needs
one only for some models (Claude's; DeepSeek's on Bedrock has none), so both are written as
before."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import LossError

from tests.hostile_strategies import schema_checker

UNSIGNED = "unsigned reasoning (the provider replays only the reasoning blocks it signed)"
SIGNED_KEYS = {"anthropic_messages": "/signature", "bedrock_converse": "/reasoningContent/reasoningText/signature"}


def _reasoning(dialect: str, text: str | None = "hm", fields: dict[str, Any] | None = None) -> dict[str, Any]:
    part: dict[str, Any] = {"type": "reasoning", "dialect": dialect}
    if text is not None:
        part["text"] = text
    if fields:
        part["extensions"] = {dialect: {"fields": fields}}
    return part


def _request(*parts: dict[str, Any]) -> dict[str, Any]:
    return {
        "messages": [
            {"role": "user", "parts": [{"type": "text", "text": "Weather?"}]},
            {"role": "assistant", "parts": [*parts, {"type": "text", "text": "Sunny."}]},
            {"role": "user", "parts": [{"type": "text", "text": "Thanks"}]},
        ]
    }


def _response(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"message": {"role": "assistant", "parts": [*parts, {"type": "text", "text": "Sunny."}]}}


def _reasons(encoded: Any) -> list[tuple[str, str, str]]:
    return [(loss.code, loss.pointer, loss.what) for loss in encoded.losses if loss.code == "reasoning.dropped"]


@pytest.fixture(scope="module")
def schema_errors() -> Any:
    return schema_checker()


UNSIGNED_PARTS = [
    ("anthropic_messages", _reasoning("anthropic_messages")),  # was a thinking block without signature
    ("anthropic_messages", _reasoning("anthropic_messages", None)),  # was a redacted_thinking block without data
]
REDACTED = _reasoning("anthropic_messages", "hm", {"/data": "ZGF0YQ=="})  # text and data: redacted


@pytest.mark.parametrize(("dialect", "part"), UNSIGNED_PARTS)
def test_unsigned_reasoning_is_dropped_with_a_loss(dialect: str, part: dict[str, Any], schema_errors: Any) -> None:
    encoded = DIALECTS[dialect].encode_request(_request(part), model="m")
    assert _reasons(encoded) == [("reasoning.dropped", "/messages/1/parts/0", UNSIGNED)]
    said = json.dumps(encoded.value["messages"][1])
    assert "Sunny." in said and not any(k in said for k in ("thinking", "reasoningContent", '"hm"'))
    assert not schema_errors(f"dialects/{dialect}/request.json", encoded.value)


@pytest.mark.parametrize(("dialect", "part"), UNSIGNED_PARTS)
def test_strict_refuses_unsigned_reasoning(dialect: str, part: dict[str, Any]) -> None:
    with pytest.raises(LossError, match="unsigned reasoning"):
        DIALECTS[dialect].encode_request(_request(part), model="m", strict=True)


@pytest.mark.parametrize(("dialect", "part"), UNSIGNED_PARTS)
def test_a_response_a_client_replays_drops_it_too(dialect: str, part: dict[str, Any], schema_errors: Any) -> None:
    encoded = DIALECTS[dialect].encode_response(_response(part))
    assert _reasons(encoded) == [("reasoning.dropped", "/message/parts/0", UNSIGNED)]
    with pytest.raises(LossError, match="unsigned reasoning"):
        DIALECTS[dialect].encode_response(_response(part), strict=True)


def test_a_signed_part_is_written_and_a_redacted_one_with_its_data() -> None:
    signed = _reasoning("anthropic_messages", "hm", {"/signature": "c2ln"})
    encoded = DIALECTS["anthropic_messages"].encode_request(_request(signed, REDACTED), model="m")
    blocks = encoded.value["messages"][1]["content"]
    assert blocks[:2] == [
        {"type": "thinking", "thinking": "hm", "signature": "c2ln"},
        {"type": "redacted_thinking", "data": "ZGF0YQ=="},
    ]
    assert not _reasons(encoded)  # the redacted part's text is a part.field_dropped loss, not this one
    bedrock = _reasoning("bedrock_converse", "hm", {SIGNED_KEYS["bedrock_converse"]: "c2ln"})
    encoded = DIALECTS["bedrock_converse"].encode_request(_request(bedrock), model="m")
    assert encoded.value["messages"][1]["content"][0] == {
        "reasoningContent": {"reasoningText": {"text": "hm", "signature": "c2ln"}}
    }
    assert not encoded.losses


def test_bedrock_reasoning_without_a_signature_round_trips() -> None:
    # a model that signs nothing (DeepSeek on Bedrock) gets its reasoning back as it gave it
    bedrock = {
        "modelId": "m",
        "messages": [
            {"role": "user", "content": [{"text": "Weather?"}]},
            {
                "role": "assistant",
                "content": [{"reasoningContent": {"reasoningText": {"text": "hm"}}}, {"text": "Sunny."}],
            },
        ],
    }
    again = convert(copy.deepcopy(bedrock), source="bedrock_converse", target="bedrock_converse", shape="request")
    assert (again.value, again.losses) == (bedrock, [])


def test_signed_histories_round_trip_unchanged() -> None:
    anthropic = {
        "model": "m",
        "max_tokens": 64,
        "messages": [
            {"role": "user", "content": "Weather?"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "hm", "signature": "c2ln"},
                    {"type": "redacted_thinking", "data": "ZGF0YQ=="},
                    {"type": "text", "text": "Sunny."},
                ],
            },
        ],
    }
    again = convert(copy.deepcopy(anthropic), source="anthropic_messages", target="anthropic_messages", shape="request")
    assert (again.value, again.losses) == (anthropic, [])


def test_unsigned_reasoning_is_sent_as_text_when_asked() -> None:
    encoded = DIALECTS["anthropic_messages"].encode_request(
        _request(_reasoning("anthropic_messages")), model="m", reasoning_as_text=True
    )
    assert encoded.value["messages"][1]["content"] == [
        {"type": "text", "text": "hm"},
        {"type": "text", "text": "Sunny."},
    ]
    assert not _reasons(encoded)


def test_gemini_thought_parts_need_no_signature() -> None:
    encoded = DIALECTS["gemini"].encode_request(_request(_reasoning("gemini")), model="m")
    assert encoded.value["contents"][1]["parts"][0] == {"text": "hm", "thought": True}
    assert not _reasons(encoded)


_DRIVER = r"""
import { createInterface } from "node:readline";
const pkg = await import(process.argv[process.argv.length - 1]);
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  try {
    const dialect = pkg.getDialect(job.dialect);
    const got = job.shape === "request"
      ? dialect.encodeRequest(job.canonical, job.options)
      : dialect.encodeResponse(job.canonical, job.options);
    console.log(JSON.stringify([got.value, got.losses.map((l) => [l.code, l.pointer, l.target, l.what])]));
  } catch (exc) {
    console.log(JSON.stringify(["error", exc.name, exc.message]));
  }
}
"""


def test_typescript_drops_unsigned_reasoning_as_python_does() -> None:
    from tests.test_typescript_json import answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for dialect, part in UNSIGNED_PARTS:
        for shape, canonical in (("request", _request(part)), ("response", _response(part))):
            for options in ({"strict": False}, {"strict": True}, {"reasoning_as_text": True}):
                encode = getattr(DIALECTS[dialect], f"encode_{shape}")
                given = {**options, "model": "m"} if shape == "request" else options
                expected.append(answer(encode, canonical, given, LossError))
                ts_options = {
                    "strict" if k == "strict" else "reasoningAsText": v for k, v in given.items() if k != "model"
                }
                if shape == "request":
                    ts_options["model"] = "m"
                jobs.append({"dialect": dialect, "shape": shape, "canonical": canonical, "options": ts_options})
    answers = run_node(_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum(UNSIGNED in json.dumps(a) for a in answers) >= 9
