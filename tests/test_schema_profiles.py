"""Parameter schemas adapted per target (issue 11, item 8).

Gemini's OpenAPI subset: local `$ref`s inlined (a recursive one cut and reported), null
branches and type unions made `nullable`, `const` a one-value enum; only what the subset
cannot say is dropped, each with its pointer. OpenAI strict mode: an opt-in adaptation
(`strict_schema=True`, `--strict-schema`) whose every change is reported.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import LossError, convert, get_dialect
from toolwire_dialects._runtime import schema_from_openapi, schema_to_openapi, strict_mode_problem, to_strict_schema

PLACE = {
    "type": "object",
    "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}},
    "required": ["lat", "lon"],
}
OPENAPI_PLACE = {
    "type": "OBJECT",
    "properties": {"lat": {"type": "NUMBER"}, "lon": {"type": "NUMBER"}},
    "required": ["lat", "lon"],
}


def _openapi(schema: Any, strict: bool = False) -> tuple[Any, list[tuple[str, str]]]:
    losses: list[Any] = []
    out = schema_to_openapi(schema, losses, strict, "gemini", "/parameters")
    return out, [(loss.pointer, loss.what) for loss in losses]


def test_public_names_stay_importable_from_runtime() -> None:
    from toolwire_dialects import _runtime, _schema_profiles

    for name in _schema_profiles.__all__:
        assert getattr(_runtime, name) is getattr(_schema_profiles, name)


def test_a_nested_ref_is_inlined_not_emptied() -> None:
    """The reported bug: `origin` was {} and $defs a loss."""
    schema = {"type": "object", "properties": {"origin": {"$ref": "#/$defs/Place"}}, "$defs": {"Place": PLACE}}
    out, losses = _openapi(schema)
    assert out == {"type": "OBJECT", "properties": {"origin": OPENAPI_PLACE}}
    assert losses == []


@pytest.mark.parametrize(
    ("ref_site", "defs"),
    [
        ({"$ref": "#/definitions/Place"}, {"definitions": {"Place": PLACE}}),  # draft-07 spelling
        ({"allOf": [{"$ref": "#/$defs/Place"}]}, {"$defs": {"Place": PLACE}}),  # pydantic v1
        ({"anyOf": [{"$ref": "#/$defs/Place"}, {"type": "null"}]}, {"$defs": {"Place": PLACE}}),  # Optional[...]
        ({"$ref": "#/properties/home"}, {}),  # any local pointer, not only into $defs
    ],
)
def test_every_kind_of_local_ref_is_inlined(ref_site: dict[str, Any], defs: dict[str, Any]) -> None:
    schema = {"type": "object", "properties": {"home": PLACE, "origin": ref_site}, **defs}
    out, losses = _openapi(schema)
    assert losses == []
    origin = out["properties"]["origin"]
    assert {k: v for k, v in origin.items() if k != "nullable"} == OPENAPI_PLACE
    assert origin.get("nullable", False) is ("anyOf" in ref_site)


def test_a_definition_used_twice_reports_its_loss_once_at_its_own_pointer() -> None:
    defs = {"N": {"type": "integer", "exclusiveMinimum": 0}}
    schema = {"type": "object", "properties": {"a": {"$ref": "#/$defs/N"}, "b": {"$ref": "#/$defs/N"}}, "$defs": defs}
    out, losses = _openapi(schema)
    assert out["properties"]["a"] == out["properties"]["b"] == {"type": "INTEGER"}
    assert losses == [("/parameters/$defs/N/exclusiveMinimum", "the schema keyword exclusiveMinimum")]


@pytest.mark.parametrize(
    "defs",
    [
        {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}},  # direct
        {"Node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
        {  # mutual recursion
            "Node": {"type": "object", "properties": {"edge": {"$ref": "#/$defs/Edge"}}},
            "Edge": {"type": "object", "properties": {"to": {"$ref": "#/$defs/Node"}}},
        },
    ],
)
def test_recursion_is_cut_and_reported(defs: dict[str, Any]) -> None:
    out, losses = _openapi({"type": "object", "properties": {"root": {"$ref": "#/$defs/Node"}}, "$defs": defs})
    assert out["type"] == "OBJECT" and "$ref" not in json.dumps(out)
    assert len(losses) == 1
    pointer, what = losses[0]
    assert pointer.startswith("/parameters/$defs/") and pointer.endswith("/$ref")
    assert "a recursive $ref to #/$defs/Node" in what


def test_refs_that_cannot_be_inlined_are_reported() -> None:
    schema = {"type": "object", "properties": {"a": {"$ref": "https://x.test/a.json"}, "b": {"$ref": "#/$defs/Gone"}}}
    out, losses = _openapi(schema)
    assert out["properties"] == {"a": {}, "b": {}}
    assert [p for p, _ in losses] == ["/parameters/properties/a/$ref", "/parameters/properties/b/$ref"]
    assert "not local" in losses[0][1] and "does not resolve" in losses[1][1]


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"anyOf": [{"type": "string"}, {"type": "null"}]}, {"type": "STRING", "nullable": True}),
        ({"type": ["integer", "null"]}, {"type": "INTEGER", "nullable": True}),
        ({"oneOf": [{"type": "null"}, {"type": "boolean"}]}, {"type": "BOOLEAN", "nullable": True}),
        ({"enum": ["a", "b", None]}, {"enum": ["a", "b"], "nullable": True}),
        ({"type": ["string", "integer"]}, {"anyOf": [{"type": "STRING"}, {"type": "INTEGER"}]}),
        ({"const": "x"}, {"enum": ["x"], "type": "STRING"}),
        ({"const": 3}, {"minimum": 3, "maximum": 3, "type": "INTEGER"}),
    ],
)
def test_what_the_subset_can_say_is_rewritten_without_loss(schema: dict[str, Any], expected: dict[str, Any]) -> None:
    out, losses = _openapi(schema)
    assert out == expected
    assert losses == []


def test_openapi_nullable_anyof_and_enum_read_back_as_json_schema() -> None:
    """The other direction: nullable beside anyOf or enum must accept null in JSON Schema too."""
    wire = {"anyOf": [{"type": "STRING"}, {"type": "INTEGER"}], "nullable": True}
    assert schema_from_openapi(wire) == {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}
    assert _openapi(schema_from_openapi(wire))[0] == wire
    enum = {"type": "STRING", "enum": ["a"], "nullable": True}
    assert schema_from_openapi(enum) == {"type": ["string", "null"], "enum": ["a", None]}
    assert _openapi(schema_from_openapi(enum))[0] == enum


def test_strict_raises_on_the_first_dropped_keyword() -> None:
    with pytest.raises(LossError, match="exclusiveMaximum"):
        _openapi({"type": "number", "exclusiveMaximum": 1}, strict=True)


def test_gemini_encoder_picks_the_openapi_spelling_on_request() -> None:
    tool = {
        "name": "f",
        "parameters": {"type": "object", "properties": {"p": {"$ref": "#/$defs/P"}}, "$defs": {"P": PLACE}},
    }
    gemini = get_dialect("gemini")
    assert "parametersJsonSchema" in gemini.encode_tool_definition(tool).value
    wire = gemini.encode_tool_definition(tool, schema_profile="openapi_subset").value
    assert wire["parameters"] == {"type": "OBJECT", "properties": {"p": OPENAPI_PLACE}}
    with pytest.raises(ValueError, match="unknown schema profile"):
        gemini.encode_tool_definition(tool, schema_profile="yaml")


# --- OpenAI strict mode ------------------------------------------------------------------

STRICT_CASES = [
    {"type": "object", "properties": {"a": {"type": "string"}}},
    {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]},
    {
        "type": "object",
        "properties": {"o": {"type": "object", "properties": {"x": {"enum": ["p", "q"], "type": "string"}}}},
    },
    {"type": "object", "properties": {"r": {"$ref": "#/$defs/R"}}, "$defs": {"R": PLACE}},
    {"type": "object", "properties": {"l": {"type": "array", "items": {"type": "object", "properties": {"k": {}}}}}},
    {"type": "object", "properties": {"u": {"anyOf": [PLACE, {"type": "string"}]}}, "additionalProperties": True},
    {"type": "object", "properties": {"c": {"const": "only"}}, "additionalProperties": {"type": "string"}},
]


@pytest.mark.parametrize("schema", STRICT_CASES)
def test_strict_adaptation_meets_strict_mode_and_reports_each_change(schema: dict[str, Any]) -> None:
    assert strict_mode_problem(schema) is not None
    losses: list[Any] = []
    out = to_strict_schema(schema, losses, False, "openai_chat", "/parameters")
    assert strict_mode_problem(out) is None
    assert losses, "a change was made without a report"
    assert all(loss.pointer.startswith("/parameters") for loss in losses)
    # every property that was optional now accepts null: "left out" has a spelling
    for name in schema["properties"]:
        if name not in schema.get("required", []):
            sub = out["properties"][name]
            assert "null" in json.dumps(sub), sub


def test_strict_adaptation_is_opt_in_and_changes_nothing_when_already_strict() -> None:
    tool = {"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}}
    for dialect in ("openai_chat", "openai_responses"):
        encode = get_dialect(dialect).encode_tool_definition
        plain = encode(tool)
        assert '"strict": true' not in json.dumps(plain.value) and plain.losses == []
        adapted = encode(tool, strict_schema=True)
        assert '"strict": true' in json.dumps(adapted.value)
        assert [loss.pointer for loss in adapted.losses] == [
            "/parameters/properties/a",
            "/parameters/additionalProperties",
        ]
        with pytest.raises(LossError):
            encode(tool, strict=True, strict_schema=True)
    done = {"name": "f", "parameters": to_strict_schema(tool["parameters"], [], False, "x", ""), "strict": True}
    assert get_dialect("openai_chat").encode_tool_definition(done, strict=True, strict_schema=True).losses == []


def test_convert_passes_encoder_options_and_names_unknown_ones() -> None:
    wire = {"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}
    out = convert(wire, source="openai_chat", target="openai_responses", shape="tool_definition", strict_schema=True)
    assert out.value["strict"] is True and out.value["parameters"]["additionalProperties"] is False
    with pytest.raises(ValueError, match="takes no option strict_schema"):
        convert(wire, source="openai_chat", target="gemini", shape="tool_definition", strict_schema=True)


@pytest.fixture
def run(cli_runner: Any, repo_root: Path) -> Any:
    def invoke(*args: str, payload: Any) -> subprocess.CompletedProcess[str]:
        argv = ["convert", "--generated", str(repo_root / "generated"), "--shape", "tool_definition", *args]
        result = cli_runner(argv, input=json.dumps(payload))
        return subprocess.CompletedProcess(argv, result.exit_code, result.stdout, result.stderr)

    return invoke


TOOL = {
    "type": "function",
    "function": {
        "name": "f",
        "parameters": {"type": "object", "properties": {"o": {"$ref": "#/$defs/O"}}, "$defs": {"O": PLACE}},
    },
}


def test_cli_strict_schema_flag(run: Any) -> None:
    proc = run("--from", "openai_chat", "--to", "openai_chat", "--strict-schema", payload=TOOL)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)["function"]
    assert out["strict"] is True and strict_mode_problem(out["parameters"]) is None
    assert "loss: /parameters/properties/o: openai_chat cannot carry an optional property in strict mode" in proc.stderr
    assert (
        run("--from", "openai_chat", "--to", "openai_chat", "--strict-schema", "--strict", payload=TOOL).returncode == 1
    )
    refused = run("--from", "openai_chat", "--to", "gemini", "--strict-schema", payload=TOOL)
    assert (
        refused.returncode == 2
        and "--strict-schema: gemini tool_definition encoding has no such option" in refused.stderr
    )


def test_cli_schema_profile_flag(run: Any) -> None:
    proc = run("--from", "openai_chat", "--to", "gemini", "--schema-profile", "openapi_subset", payload=TOOL)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["parameters"] == {"type": "OBJECT", "properties": {"o": OPENAPI_PLACE}}
    assert proc.stderr == ""
