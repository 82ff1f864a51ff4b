"""Detection does not call a malformed payload valid because some open shape accepts it.

A candidate that describes none of an object's keys is no match, and a match that leaves more
fields undescribed than another schema (describing them all) finds errors loses to that schema.
Run on the real schemas: the tool shapes of several dialects are alike on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolwire.spec.loader import load_spec
from toolwire.validation.detect import root_names, targets
from toolwire.validation.engine import Engine, Options, Result
from toolwire.validation.inputs import Record

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(load_spec(SCHEMAS), Options())


def check(engine: Engine, value: Any) -> Result:
    return engine.check(Record("p", 1, json.dumps(value).encode()))


def test_an_empty_object_is_no_match_for_a_shape_of_optional_fields(engine: Engine) -> None:
    result = check(engine, {})
    assert (result.status, result.valid) == ("undetected", False)
    # Asked for that shape, the empty config is still valid: only detection is stricter.
    single = Engine(engine.spec, Options(dialect="gemini", shape="tool_choice"))
    assert single.check(Record("p", 1, b"{}")).valid


CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}


@pytest.mark.parametrize(
    ("value", "label", "pointer", "keyword"),
    [
        # Valid as tool definitions / tool choices that ignore `id` and `arguments`.
        ({**CALL, "id": 5}, "openai_chat/tool_call", "/id", "type"),
        ({**CALL, "id": None}, "openai_chat/tool_call", "/id", "type"),
        # Valid as a Gemini function declaration or an MCP call that ignore the rest.
        ({"type": "tool_use", "id": 5, "name": "f", "input": {}}, "anthropic_messages/tool_call", "/id", "type"),
        ({"type": "tool_use", "name": "f", "input": {}}, "anthropic_messages/tool_call", "/", "required"),
        (
            {"type": "function_call", "call_id": 5, "name": "f", "arguments": "{}"},
            "openai_responses/tool_call",
            "/call_id",
            "type",
        ),
        ({"type": "function_call", "name": "f", "arguments": "{}"}, "openai_responses/tool_call", "/", "required"),
    ],
)
def test_a_broken_payload_is_reported_against_the_schema_that_describes_it(
    engine: Engine, value: Any, label: str, pointer: str, keyword: str
) -> None:
    result = check(engine, value)
    assert (result.status, result.valid) == ("invalid", False), result
    assert label in result.label.split("|")
    assert [(f.pointer or "/", f.keyword) for f in result.errors] == [(pointer, keyword)]


def test_several_equally_near_schemas_are_all_named(engine: Engine) -> None:
    result = check(engine, {**CALL, "id": 5})
    assert result.candidates and len(result.candidates) > 1  # Chat, Mistral, ... tool calls alike
    assert result.label == "|".join(result.candidates)
    assert (result.dialect, result.shape) == (None, "tool_call")


def test_drift_alone_never_turns_a_valid_payload_into_another_schema_s_finding(engine: Engine) -> None:
    # One undescribed field against one error elsewhere: the valid match keeps the payload.
    result = check(engine, {**CALL, "brand_new": 1})
    assert result.valid and "openai_chat/tool_call" in result.label.split("|")


def _vector_values() -> list[tuple[str, Any]]:
    return [
        (f"{path.relative_to(SCHEMAS)}#{i}", case["wire"])
        for path in sorted((SCHEMAS / "vectors").glob("*/*.json"))
        if path.name not in ("stream.json", "relay.json", "conversation.json")
        for i, case in enumerate(json.loads(path.read_text(encoding="utf-8"))["cases"])
        if "error" not in case
    ]


def test_every_valid_vector_is_still_detected_valid(engine: Engine) -> None:
    checked = 0
    for name, value in _vector_values():
        if value == {}:
            continue  # the one payload no schema constrains (above)
        result = check(engine, value)
        assert result.valid, (name, result)
        checked += 1
    assert checked > 150


def test_root_names_agree_with_the_drift_walk(engine: Engine) -> None:
    """The static key sets only rule candidates out: a key they call undescribed is one the
    walk finds undescribed, for every vector a schema accepts."""
    spec = engine.spec
    values = [value for _, value in _vector_values() if isinstance(value, dict)]
    pairs = 0
    for target in targets(spec):
        names = root_names(spec.documents, target.schema_id)
        is_valid = engine.validators.fast(target.schema_id).is_valid
        for value in values:
            if not is_valid(value):
                continue
            pairs += 1
            coverage = engine.walker.coverage(value, target.schema_id)
            root_unknown = {p for p, _ in coverage.unknown if p.count("/") == 1}
            if not names.describes_all(value.keys()):
                assert root_unknown, (target.label, value)
            if value and not names.describes_any(value.keys()):
                assert len(root_unknown) == len(value), (target.label, value)
    assert pairs > 200


# -- issue 11.7: ties between lookalike dialects, and framing ---------------------------------

GEMINI_TURN = {
    "candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP", "index": 0}],
    "usageMetadata": {"promptTokenCount": 1},
}


def test_a_document_by_itself_is_a_response_and_a_line_is_a_stream_event(engine: Engine) -> None:
    """A Gemini response and a Gemini stream chunk are the same object: the framing decides."""
    data = json.dumps(GEMINI_TURN).encode()
    document = engine.check(Record("r.json", 1, data, doc=data))
    line = engine.check(Record("s.jsonl", 1, data))
    assert (document.status, document.label) == ("valid", "gemini/response")
    assert (line.status, line.label) == ("valid", "gemini/stream_event")


def test_the_cli_reads_json_files_as_documents_and_jsonl_as_streams(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from toolwire.cli.validate import validate

    (tmp_path / "one.json").write_text(json.dumps(GEMINI_TURN, indent=2))
    (tmp_path / "many.jsonl").write_text(json.dumps(GEMINI_TURN) + "\n" + json.dumps(GEMINI_TURN) + "\n")
    result = CliRunner().invoke(validate, ["--schemas", str(SCHEMAS), "--format", "json", str(tmp_path)])
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(Path(r["path"]).name, r["status"], r["shape"]) for r in rows] == [
        ("many.jsonl", "valid", "stream_event"),
        ("many.jsonl", "valid", "stream_event"),
        ("one.json", "valid", "response"),
    ]


@pytest.mark.parametrize(
    ("value", "dialect"),
    [
        # Cohere's schema names the sub-fields of response_format, OpenAI's keeps it open.
        (
            {
                "model": "gpt-4o",
                "messages": [{"role": "user", "content": "hi"}],
                "response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}},
            },
            "openai_chat",
        ),
        # Cohere names thinking.type, Anthropic's text blocks fix `type: "text"`.
        (
            {
                "model": "claude-opus-4-6",
                "max_tokens": 4096,
                "messages": [{"role": "user", "content": [{"type": "text", "text": "What is 2+2?"}]}],
                "thinking": {"type": "adaptive"},
            },
            "anthropic_messages",
        ),
    ],
)
def test_naming_more_sub_fields_does_not_win_a_payload(engine: Engine, value: Any, dialect: str) -> None:
    result = check(engine, value)
    assert result.valid, result
    labels = result.candidates or [result.label]
    assert f"{dialect}/request" in labels, result  # never another dialect's alone


def test_a_fixed_value_settles_a_tie_in_description(engine: Engine) -> None:
    from toolwire.validation.drift import Coverage

    plain, fixing = Coverage(described=3), Coverage(described=3, fixed=1)
    assert fixing.score < plain.score
    # Keys inside an object another candidate keeps free-form are not counted.
    naming = Coverage(described=4, keys=["/model", "/thinking", "/thinking/type", "/messages"])
    assert naming.fair_score({"/thinking"}) == Coverage(described=3).score
    assert naming.fair_score(set()) == naming.score
