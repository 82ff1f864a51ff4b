"""Issue #23 for responses: each response schema requires what its provider SDK's response type
requires (the evidence in each dialect's SOURCE.md), and a response converted from a dialect
that lacks one of those fields gets it: the source's id and model when it has them, the
`model=` option, else the dialect's documented placeholder, with a `response.defaulted` loss
naming the field. Relayed streams' first events carry the same fields. Python and TypeScript
give the same values and losses."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import convert
from toolwire_dialects.streams import convert_stream

from toolwire.validation.engine import validate_record

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"

# the top-level fields each SDK response type requires (SOURCE.md, "Required response fields")
SDK_REQUIRED = {
    "openai_chat": ["id", "object", "created", "model", "choices"],
    "openai_responses": [
        "id",
        "object",
        "created_at",
        "model",
        "output",
        "parallel_tool_calls",
        "tool_choice",
        "tools",
    ],
    "anthropic_messages": ["id", "type", "role", "content", "model", "usage"],
    "bedrock_converse": ["output", "stopReason", "usage", "metrics"],
    "mistral": ["id", "object", "model", "usage", "created", "choices"],
    "cohere_v2": ["id", "finish_reason", "message"],
    "ollama": ["message"],  # the schema asks for model and done too (the server always writes them)
}

# what a Gemini response with no id, model or usage gets in each target, by pointer
DEFAULTED = {
    "openai_chat": {"/id": "chatcmpl-toolwire", "/model": "toolwire", "/created": 0},
    "openai_responses": {
        "/id": "resp_toolwire",
        "/created_at": 0,
        "/model": "toolwire",
        "/parallel_tool_calls": True,
        "/tool_choice": "auto",
        "/tools": [],
    },
    "anthropic_messages": {
        "/id": "msg_toolwire",
        "/model": "toolwire",
        "/usage/input_tokens": 0,
        "/usage/output_tokens": 0,
    },
    "bedrock_converse": {
        "/usage/inputTokens": 0,
        "/usage/outputTokens": 0,
        "/usage/totalTokens": 0,
        "/metrics/latencyMs": 0,
    },
    "mistral": {"/id": "toolwire", "/model": "toolwire", "/created": 0, "/usage": {}},
    "cohere_v2": {"/id": "toolwire"},
    "ollama": {"/model": "toolwire"},
}

BARE = {"candidates": [{"content": {"role": "model", "parts": [{"text": "Sunny."}]}, "finishReason": "STOP"}]}
NAMED = {**BARE, "responseId": "resp-9", "modelVersion": "gemini-2.5-flash"}
USAGE = {"usageMetadata": {"promptTokenCount": 7, "candidatesTokenCount": 2, "totalTokenCount": 9}}


def _at(value: Any, pointer: str) -> Any:
    for token in pointer[1:].split("/"):
        value = value[int(token)] if type(value) is list else value[token]
    return value


def _defaulted(losses: Any) -> list[str]:
    return [loss.pointer for loss in losses if loss.code == "response.defaulted"]


def _refusals(value: Any, target: str) -> list[str]:
    result = validate_record(json.dumps(value), schemas=SCHEMAS, dialect=target, shape="response")
    return [f"{e.pointer}: {e.message}" for e in result.errors]


@pytest.mark.parametrize("dialect", sorted(SDK_REQUIRED))
def test_each_response_schema_requires_what_its_sdk_type_requires(dialect: str) -> None:
    schema = json.loads((SCHEMAS / "dialects" / dialect / "response.json").read_text(encoding="utf-8"))
    branches = [branch.get("required", []) for branch in schema.get("anyOf", [])]  # Ollama: the answer or an error
    required = set(schema.get("required", [])) | set(branches[0] if branches else [])
    assert set(SDK_REQUIRED[dialect]) <= required, sorted(set(SDK_REQUIRED[dialect]) - required)


@pytest.mark.parametrize("target", sorted(DEFAULTED))
def test_a_response_lacking_them_gets_the_documented_defaults_with_a_loss_each(target: str) -> None:
    encoded = convert(copy.deepcopy(BARE), source="gemini", target=target, shape="response")
    assert _refusals(encoded.value, target) == []
    assert all(key in encoded.value for key in SDK_REQUIRED[target])
    assert {pointer: _at(encoded.value, pointer) for pointer in DEFAULTED[target]} == DEFAULTED[target]
    defaulted = [p for p in _defaulted(encoded.losses) if p != "/finish_reason"]
    assert defaulted == list(DEFAULTED[target])
    for loss in encoded.losses:
        if loss.code == "response.defaulted" and loss.pointer != "/finish_reason":
            assert loss.what.startswith(f"a response without {loss.pointer} (sent the default ")


@pytest.mark.parametrize("target", sorted(DEFAULTED))
def test_the_source_id_model_and_usage_carry_and_are_no_loss(target: str) -> None:
    encoded = convert({**copy.deepcopy(NAMED), **USAGE}, source="gemini", target=target, shape="response")
    assert _refusals(encoded.value, target) == []
    defaulted = _defaulted(encoded.losses)
    assert not {"/id", "/model"} & set(defaulted)
    assert not [p for p in defaulted if p.startswith("/usage/") and not p.endswith("Tokens")]
    if "/id" in DEFAULTED[target]:
        assert _at(encoded.value, "/id") == "resp-9"
    if "/model" in DEFAULTED[target]:
        assert _at(encoded.value, "/model") == "gemini-2.5-flash"


@pytest.mark.parametrize("target", sorted(t for t in DEFAULTED if "/model" in DEFAULTED[t]))
def test_the_model_option_names_a_missing_model_without_a_loss(target: str) -> None:
    encoded = convert(copy.deepcopy(BARE), source="gemini", target=target, shape="response", model="gpt-x")
    assert encoded.value["model"] == "gpt-x"
    assert "/model" not in _defaulted(encoded.losses)
    named = convert(copy.deepcopy(NAMED), source="gemini", target=target, shape="response", model="gpt-x")
    assert named.value["model"] == "gemini-2.5-flash"  # the source's own model wins


def test_a_default_written_is_a_fresh_value_each_time() -> None:
    """The layout's own list or object is never handed out: a caller changing one result does
    not change the next one (the echoed tools, an output_text's annotations)."""
    first = convert(copy.deepcopy(BARE), source="gemini", target="openai_responses", shape="response").value
    first["tools"].append({"type": "function", "name": "x"})
    first["output"][0]["content"][0]["annotations"].append({"type": "url_citation"})
    usage = convert(copy.deepcopy(BARE), source="gemini", target="mistral", shape="response").value["usage"]
    usage["prompt_tokens"] = 99
    second = convert(copy.deepcopy(BARE), source="gemini", target="openai_responses", shape="response").value
    assert second["tools"] == [] and second["output"][0]["content"][0]["annotations"] == []
    assert convert(copy.deepcopy(BARE), source="gemini", target="mistral", shape="response").value["usage"] == {}


STREAM = [
    {"candidates": [{"content": {"role": "model", "parts": [{"text": "Hi"}]}, "finishReason": "STOP", "index": 0}]}
]
FIRST_EVENT = {  # where a relayed stream's first event holds the response, and what its SDK type requires
    "openai_chat": ("", ["id", "object", "created", "model", "choices"]),
    "mistral": ("", ["id", "object", "created", "model", "choices"]),
    "openai_responses": ("/response", SDK_REQUIRED["openai_responses"]),
    "anthropic_messages": ("/message", SDK_REQUIRED["anthropic_messages"]),
    "cohere_v2": ("", ["type", "id"]),
    "ollama": ("", ["model", "created_at", "message", "done"]),
}


@pytest.mark.parametrize("target", sorted(FIRST_EVENT))
def test_a_relayed_streams_first_event_carries_what_the_target_sdk_requires(target: str) -> None:
    events = list(convert_stream(copy.deepcopy(STREAM), source="gemini", target=target))
    where, keys = FIRST_EVENT[target]
    first = _at(events[0], where) if where else events[0]
    assert [key for key in keys if key not in first] == []
    if target in ("openai_chat", "mistral"):  # every chunk is a ChatCompletionChunk
        assert all("id" in event and "model" in event for event in events)


_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const options = { source: "gemini", target: job.target, shape: "response" };
  if (job.model !== null) options.model = job.model;
  const first = pkg.convert(structuredClone(job.payload), options);
  const value = structuredClone(first.value);
  if (Array.isArray(first.value.tools)) first.value.tools.push("changed");
  if (first.value.usage && typeof first.value.usage === "object") first.value.usage.changed = 1;
  const text = Array.isArray(first.value.output) ? first.value.output[0]?.content?.[0] : undefined;
  if (Array.isArray(text?.annotations)) text.annotations.push("changed");
  const again = pkg.convert(structuredClone(job.payload), options).value;
  const losses = first.losses.map((l) => [l.code, l.pointer, l.target, l.what]);
  process.stdout.write(JSON.stringify([value, losses, JSON.stringify(again) === JSON.stringify(value)]) + "\n");
}
"""


def test_typescript_defaults_the_same_fields_with_the_same_losses() -> None:
    from tests.test_typescript_json import run_node, ts_dist

    jobs = [
        {"target": target, "payload": payload, "model": model}
        for target in sorted(DEFAULTED)
        for payload in (BARE, NAMED, {**BARE, **USAGE})
        for model in (None, "gpt-x")
    ]
    answers = run_node(_DRIVER, jobs, str(ts_dist() / "index.js"))
    for job, (value, losses, unchanged) in zip(jobs, answers, strict=True):
        options = {} if job["model"] is None else {"model": job["model"]}
        want = convert(
            copy.deepcopy(job["payload"]), source="gemini", target=job["target"], shape="response", **options
        )
        assert value == want.value, job
        assert losses == [list(loss) for loss in want.losses], job
        assert unchanged, job
