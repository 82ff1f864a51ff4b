"""Gemini's proto-JSON snake_case spelling in whole conversations (issue #23, point 1).

A snake_case (or mixed) Gemini request or response converts to every dialect exactly as its
lowerCamelCase twin does (same wire, same losses up to the spelling of the fields kept
verbatim); converted back to Gemini it keeps its spelling byte for byte; both spellings of one
field is a DecodeError naming the input's pointer; TypeScript answers as Python does.

The twins are made by a key transform over the Gemini vectors and corpus, independent of the
trees the code reads by: every key is respelled except inside values that are user data
(call arguments, function responses, schemas, labels).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS
from toolwire_dialects import gemini as g
from toolwire_dialects._errors import DecodeError
from toolwire_dialects.convert import convert

from tests.conftest import corpus_location
from tests.hostile_strategies import run_node_lines
from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
TARGETS = sorted(n for n, d in SPEC.dialects.items() if conversation_ir(d) is not None and n != "gemini")
FREE = frozenset({"args", "response", "parameters", "parametersJsonSchema", "responseJsonSchema", "responseSchema"})
_UPPER = re.compile(r"(?<=[a-z0-9])([A-Z])")


def snake(name: str) -> str:
    return _UPPER.sub(r"_\1", name).lower()


FREE |= {"labels", *map(snake, FREE)}  # in either spelling


def respell(value: Any, pick: Any = None) -> Any:
    """value with its keys in snake_case (each key where pick(key) says so; all without pick),
    user data left alone."""
    if isinstance(value, list):
        return [respell(item, pick) for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        name = snake(key) if pick is None or pick(key) else key
        out[name] = item if key in FREE else respell(item, pick)
    return out


def _cases() -> list[tuple[str, str, Any]]:
    """(name, shape, camelCase wire) of every Gemini vector and corpus request and response."""
    out: list[tuple[str, str, Any]] = []
    vectors = json.loads((ROOT / "schemas" / "vectors" / "gemini" / "conversation.json").read_text())
    for case in vectors["valid"]:
        out.append((case["description"], case["shape"], case["wire"]))
    folder = corpus_location() / "gemini"
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        shape = "request" if path.name.endswith(".request.json") else "response"
        out.append((path.name, shape, json.loads(path.read_text())))
    return out


CASES = _cases()
IDS = [name for name, _s, _w in CASES]


def _outcome(wire: Any, shape: str, target: str) -> Any:
    try:
        encoded = convert(copy.deepcopy(wire), source="gemini", target=target, shape=shape, model="m")
    except Exception as exc:  # the error kind must match too
        return ("error", type(exc).__name__)
    # a field kept verbatim is named as the input spelled it: compare such names spelling-blind
    return encoded.value, [f"{loss.pointer}: {loss.what}".replace("_", "").lower() for loss in encoded.losses]


def test_the_cases_cover_requests_and_responses_with_snake_keys() -> None:
    shapes = {shape for _n, shape, _w in CASES}
    assert shapes == {"request", "response"}
    assert len(CASES) > 20
    assert any("function_call" in json.dumps(respell(w)) for _n, _s, w in CASES)


@pytest.mark.parametrize(("name", "shape", "wire"), CASES, ids=IDS)
def test_snake_case_converts_as_camel_case_does(name: str, shape: str, wire: Any) -> None:
    snaked = respell(wire)
    for target in TARGETS:
        assert _outcome(snaked, shape, target) == _outcome(wire, shape, target), (name, target)


@pytest.mark.parametrize(("name", "shape", "wire"), CASES, ids=IDS)
def test_snake_case_round_trips_byte_exact(name: str, shape: str, wire: Any) -> None:
    snaked = respell(wire)
    decode, encode = (
        (g.decode_request, g.encode_request) if shape == "request" else (g.decode_response, g.encode_response)
    )
    try:
        canonical = decode(copy.deepcopy(snaked))
    except DecodeError:
        with pytest.raises(DecodeError):
            decode(copy.deepcopy(wire))
        return
    back = encode(canonical)
    camel_back = encode(decode(copy.deepcopy(wire)))
    assert back.losses == camel_back.losses
    # byte exact: what the camelCase twin gives back, respelled (the writer's key order)
    assert json.dumps(back.value) == json.dumps(respell(camel_back.value))
    assert back.value == snaked


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.randoms(use_true_random=False))
def test_mixed_spellings_convert_as_camel_case_does(case: tuple[str, str, Any], rnd: Any) -> None:
    """Proto JSON parsers take either spelling field by field: any mix reads the same."""
    name, shape, wire = case
    chosen: dict[str, bool] = {}
    mixed = respell(wire, lambda key: chosen.setdefault(key, rnd.random() < 0.5))
    target = rnd.choice(TARGETS)
    assert _outcome(mixed, shape, target) == _outcome(wire, shape, target), (name, target, mixed)
    decode, encode = (
        (g.decode_request, g.encode_request) if shape == "request" else (g.decode_response, g.encode_response)
    )
    try:
        canonical = decode(copy.deepcopy(mixed))
    except DecodeError:
        return
    assert encode(canonical).value == mixed


def test_issue_example_loses_nothing_it_did() -> None:
    """The issue's case: calls, results, images, tools, tool choice and settings were lost as
    'a block the canonical model has no kind for'."""
    wire = next(w for n, _s, w in CASES if n.startswith("snake_case (proto JSON) request"))
    canonical = g.decode_request(copy.deepcopy(wire))
    kinds = [part["type"] for message in canonical["messages"] for part in message["parts"]]
    assert "wire" not in kinds
    assert {"tool_call", "tool_result", "image", "text"} <= set(kinds)
    assert canonical["tool_choice"] == {"mode": "tool", "names": ["get_weather"]}
    assert canonical["tools"][0]["name"] == "get_weather"
    assert canonical["settings"]["max_tokens"] == 256 and canonical["settings"]["stop"] == ["END"]
    for target in ("openai_chat", "anthropic_messages"):
        encoded = convert(copy.deepcopy(wire), source="gemini", target=target, shape="request", model="m")
        assert not any("no kind for" in loss.what for loss in encoded.losses)


@pytest.mark.parametrize(
    ("shape", "wire", "pointer", "other"),
    [
        (
            "request",
            {"contents": [{"parts": [{"text": "a"}]}], "generationConfig": {}, "generation_config": {}},
            "/generation_config",
            "/generationConfig",
        ),
        (
            "request",
            {"contents": [{"parts": [{"text": "a"}]}], "generationConfig": {"topP": 1, "top_p": 1}},
            "/generationConfig/top_p",
            "/generationConfig/topP",
        ),
        (
            "request",
            {"contents": [{"parts": [{"text": "a", "thoughtSignature": "s", "thought_signature": "s"}]}]},
            "/contents/0/parts/0/thought_signature",
            "/contents/0/parts/0/thoughtSignature",
        ),
        (
            "response",
            {"candidates": [{"content": {"parts": []}}], "usageMetadata": {}, "usage_metadata": {}},
            "/usage_metadata",
            "/usageMetadata",
        ),
    ],
)
def test_both_spellings_of_one_field_is_an_error(shape: str, wire: Any, pointer: str, other: str) -> None:
    decode = g.decode_request if shape == "request" else g.decode_response
    with pytest.raises(DecodeError) as caught:
        decode(wire)
    assert caught.value.pointer == pointer
    assert f"another spelling of {other}, which is given too" in str(caught.value)


# (wire, the pointer its decode error names: the fields as the input spelled them)
NAMED_AS_SPELLED = [
    (
        {"contents": [{"role": "model", "parts": [{"function_call": {"args": {}}}]}]},
        "/contents/0/parts/0/function_call/name",
    ),
    # single values for repeated fields: no element index the input does not have
    ({"contents": {"role": "model", "parts": {"function_call": {"args": {}}}}}, "/contents/parts/function_call/name"),
    (
        {"contents": [{"parts": [{"inline_data": {"data": "AAAA"}}]}]},
        "/contents/0/parts/0/inline_data/mimeType",
    ),  # absent: named as the mapping spells it
]


@pytest.mark.parametrize(("wire", "pointer"), NAMED_AS_SPELLED)
def test_an_error_inside_a_snake_case_field_names_the_input_spelling(wire: Any, pointer: str) -> None:
    with pytest.raises(DecodeError) as caught:
        g.decode_request(wire)
    assert caught.value.pointer == pointer


def test_single_values_for_repeated_fields_read_and_round_trip() -> None:
    """proto JSON: a repeated field may be one value; it is read as a list of one and sent
    back as the one value."""
    wire = {"contents": {"parts": {"text": "hi"}}, "generation_config": {"stop_sequences": "END"}}
    canonical = g.decode_request(copy.deepcopy(wire))
    assert canonical["messages"][0]["parts"] == [{"type": "text", "text": "hi"}]
    assert canonical["settings"]["stop"] == ["END"]
    assert g.encode_request(canonical).value == wire
    response = {"candidates": {"content": {"role": "model", "parts": {"text": "hi"}}, "finish_reason": "STOP"}}
    decoded = g.decode_response(copy.deepcopy(response))
    assert decoded["message"]["parts"] == [{"type": "text", "text": "hi"}] and decoded["finish_reason"] == "stop"
    assert g.encode_response(decoded).value == response


def test_other_dialects_do_not_take_the_spelling() -> None:
    """The forms are Gemini's: another dialect's output is as from the camelCase body."""
    wire = next(w for n, _s, w in CASES if n.startswith("snake_case (proto JSON) request"))
    canonical = g.decode_request(copy.deepcopy(wire))
    assert any(v == "snake_case" for v in canonical["extensions"]["gemini"]["forms"].values())
    assert "function_call" not in json.dumps(DIALECTS["openai_chat"].encode_request(canonical, model="m").value)


_DRIVER = """
import { createInterface } from "node:readline";
const pkg = await import(process.argv[1]);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const d = pkg.getDialect("gemini");
  try {
    const canonical = job.shape === "request" ? d.decodeRequest(job.wire) : d.decodeResponse(job.wire);
    const back = job.shape === "request" ? d.encodeRequest(canonical) : d.encodeResponse(canonical);
    const out = pkg.convert(job.wire, { source: "gemini", target: job.target, shape: job.shape, model: "m" });
    console.log(JSON.stringify([canonical, back.value, out.value, out.losses.map((l) => [l.pointer, l.what])]));
  } catch (exc) {
    console.log(JSON.stringify(["error", exc.pointer ?? null, exc.detail ?? String(exc)]));
  }
}
"""


def _python(job: dict[str, Any]) -> Any:
    decode, encode = (
        (g.decode_request, g.encode_request) if job["shape"] == "request" else (g.decode_response, g.encode_response)
    )
    try:
        canonical = decode(copy.deepcopy(job["wire"]))
        back = encode(copy.deepcopy(canonical))
        out = convert(copy.deepcopy(job["wire"]), source="gemini", target=job["target"], shape=job["shape"], model="m")
    except DecodeError as exc:
        return ["error", exc.pointer, exc.message]
    return [canonical, back.value, out.value, [[loss.pointer, loss.what] for loss in out.losses]]


def test_typescript_reads_and_writes_snake_case_as_python_does() -> None:
    from tests.test_typescript_json import ts_dist

    vectors = json.loads((ROOT / "schemas" / "vectors" / "gemini" / "conversation.json").read_text())
    jobs = [{"shape": s, "wire": respell(w), "target": TARGETS[i % len(TARGETS)]} for i, (_n, s, w) in enumerate(CASES)]
    jobs += [{"shape": c["shape"], "wire": c["wire"], "target": "openai_chat"} for c in vectors["invalid"]]
    jobs += [{"shape": "request", "wire": wire, "target": "openai_chat"} for wire, _p in NAMED_AS_SPELLED]
    answers = run_node_lines(_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    for job, got in zip(jobs, answers, strict=True):
        assert got == json.loads(json.dumps(_python(job))), job


def test_encoding_leaves_the_canonical_value_as_it_was() -> None:
    """A part kept whole (a wire part) goes into the encoded request by reference: respelling the
    output as the input was spelled must not rename the keys of the caller's canonical value."""
    wire = {"contents": [{"role": "user", "parts": [{"executable_code": {"language": "PYTHON", "code": "x"}}]}]}
    canonical = g.decode_request(copy.deepcopy(wire))
    before = copy.deepcopy(canonical)
    assert g.encode_request(canonical).value == wire
    assert canonical == before
    assert g.encode_request(canonical).value == wire  # and so a second encode is the same
