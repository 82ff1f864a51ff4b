"""The error shape (issue #25 point 7): each provider's error body converts into every other
dialect's, its kind (category) mapped through each dialect's table, and whatever the target's
body cannot state reported, never dropped silently; TypeScript gives the same values and losses
as Python; the `otherwise` term sends a required field's catch-all and says so."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from toolwire_dialects import DIALECTS, DecodeError, LossError, convert, decoder

from tests.test_typescript_json import CONVERT_DRIVER
from toolwire.ir.shapes import dialect_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")


def _valid_cases() -> list[tuple[str, str, Any]]:
    """(dialect, description, wire) of every valid error vector."""
    out = []
    for dialect in sorted(DIALECTS):
        doc = json.loads((ROOT / "schemas" / "vectors" / dialect / "error.json").read_text())
        out += [(dialect, c["description"], c["wire"]) for c in doc["cases"] if "canonical" in c]
    return out


CASES = _valid_cases()
PAIRS = [(source, target, desc, wire) for source, desc, wire in CASES for target in sorted(DIALECTS)]


def _wire_schema(dialect: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(SPEC.documents[f"dialects/{dialect}/error.json"], registry=SPEC.registry)


def test_every_dialect_maps_the_error_shape() -> None:
    assert all("error" in DIALECTS[name].SHAPES for name in DIALECTS)
    assert {source for source, _d, _w in CASES} == set(DIALECTS)


@pytest.mark.parametrize(("source", "target", "desc", "wire"), PAIRS, ids=[f"{s}->{t}:{d}" for s, t, d, _w in PAIRS])
def test_every_ordered_pair_carries_the_error_or_reports_the_loss(
    source: str, target: str, desc: str, wire: Any
) -> None:
    before = decoder(source, "error")(copy.deepcopy(wire))
    result = convert(copy.deepcopy(wire), source=source, target=target, shape="error")
    _wire_schema(target).validate(result.value)  # always a body the target accepts
    after = decoder(target, "error")(copy.deepcopy(result.value))
    assert after["message"] == before["message"]
    lost = {loss.pointer for loss in result.losses}
    for key in ("category", "param", "code"):
        if before.get(key) != after.get(key):
            assert f"/{key}" in lost, f"{key} changed silently: {before.get(key)!r} -> {after.get(key)!r}"
        else:
            assert f"/{key}" not in lost
    if target == source:
        assert result.value == wire and result.losses == []


def test_typescript_converts_every_pair_as_python_does() -> None:
    from tests.test_typescript_json import run_node, ts_dist

    index = ts_dist() / "index.js"
    if not index.exists():
        pytest.skip(f"{index} is not built: run toolwire generate")
    jobs = [{"wire": w, "options": {"source": s, "target": t, "shape": "error"}} for s, t, _d, w in PAIRS]
    expected = []
    for job in jobs:
        got = convert(copy.deepcopy(job["wire"]), **job["options"])
        expected.append([got.value, [[x.code, x.pointer, x.target, x.what] for x in got.losses]])
    assert run_node(CONVERT_DRIVER, jobs, index.as_uri()) == expected


def test_a_kind_the_target_lacks_is_sent_as_its_catch_all_with_a_loss() -> None:
    wire = {"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}}
    got = convert(wire, source="anthropic_messages", target="mcp", shape="error")
    assert got.value == {"code": -32603, "message": "invalid x-api-key"}
    assert [(x.code, x.pointer) for x in got.losses] == [("error.category_dropped", "/category")]
    assert "sent as -32603" in got.losses[0].what
    with pytest.raises(LossError):
        convert(wire, source="anthropic_messages", target="mcp", shape="error", strict=True)


def test_a_body_without_a_kind_gets_the_catch_all_where_the_target_needs_one() -> None:
    got = convert({"error": "model 'x' not found"}, source="ollama", target="anthropic_messages", shape="error")
    assert got.value == {"type": "error", "error": {"type": "api_error", "message": "model 'x' not found"}}
    assert [(x.code, x.pointer) for x in got.losses] == [("error.category_dropped", "/category")]
    # a target whose body has no kind at all reports nothing for a body that had none
    assert convert({"error": "x"}, source="ollama", target="cohere_v2", shape="error").losses == []


def test_the_status_is_written_where_the_body_carries_it_and_travels_beside_it_elsewhere() -> None:
    google = {"error": {"code": 429, "message": "quota", "status": "RESOURCE_EXHAUSTED"}}
    got = convert(google, source="gemini", target="gemini_interactions", shape="error")
    assert got.value == google and got.losses == []
    # the status line carries it beside an Anthropic body: derivable, no loss
    got = convert(google, source="gemini", target="anthropic_messages", shape="error")
    assert got.value["error"]["type"] == "rate_limit_error" and got.losses == []
    # an Anthropic body says no status: the Google body leaves its code out
    got = convert(got.value, source="anthropic_messages", target="gemini", shape="error")
    assert got.value == {"error": {"status": "RESOURCE_EXHAUSTED", "message": "quota"}}


@pytest.mark.parametrize("code", ["429", True, 429.5])
def test_a_status_that_is_not_an_integer_is_refused_in_both_languages(code: Any) -> None:
    from tests.test_typescript_json import run_node, ts_dist

    wire = {"error": {"code": code, "message": "quota", "status": "RESOURCE_EXHAUSTED"}}
    options = {"source": "gemini", "target": "anthropic_messages", "shape": "error"}
    with pytest.raises(DecodeError) as caught:
        convert(copy.deepcopy(wire), **options)
    assert str(caught.value).startswith("gemini/error: /error/code: expected an integer, got ")
    index = ts_dist() / "index.js"
    if not index.exists():
        pytest.skip(f"{index} is not built: run toolwire generate")
    answers = run_node(CONVERT_DRIVER, [{"wire": wire, "options": options}], index.as_uri())
    assert answers == [["error", "DecodeError", str(caught.value)]]


def test_an_otherwise_value_outside_its_table_is_a_mapping_error() -> None:
    dialect = copy.copy(SPEC.dialects["anthropic_messages"])
    dialect.mapping = copy.deepcopy(dialect.mapping)
    dialect.mapping["shapes"]["error"]["variants"][0]["fields"]["category"]["otherwise"] = "unknown_error"
    with pytest.raises(ValueError, match="otherwise 'unknown_error' is not a wire value of its values table"):
        dialect_ir(SPEC, dialect)


def test_otherwise_on_an_optional_field_is_a_mapping_error() -> None:
    dialect = copy.copy(SPEC.dialects["gemini"])
    dialect.mapping = copy.deepcopy(dialect.mapping)
    dialect.mapping["shapes"]["error"]["variants"][0]["fields"]["category"]["optional"] = True
    with pytest.raises(ValueError, match="otherwise is for a required field"):
        dialect_ir(SPEC, dialect)


def test_the_cli_converts_and_validates_error_bodies(tmp_path: Path, cli_runner: Any) -> None:
    good = tmp_path / "error.json"
    good.write_text(json.dumps({"type": "error", "error": {"type": "not_found_error", "message": "no model"}}))
    result = cli_runner(["convert", "--from", "anthropic_messages", "--to", "mcp", "--shape", "error", str(good)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"code": -32601, "message": "no model"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"type": "error", "error": {"type": 418, "message": "x"}}))  # a kind is a string
    result = cli_runner(["convert", "--from", "anthropic_messages", "--to", "gemini", "--shape", "error", str(bad)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "/error/type" in result.stderr
    result = cli_runner(["validate", "--dialect", "anthropic_messages", "--shape", "error", str(bad)])
    assert result.exit_code == 1 and f"{bad}:1: anthropic_messages/error: /error/type:" in result.stdout


UNLISTED = [  # kinds the providers send beside the documented ones: read, never refused
    ("openai_chat", {"error": {"message": "too many tokens", "type": "tokens", "param": None, "code": None}}),
    ("gemini", {"error": {"code": 409, "message": "not now", "status": "ABORTED"}}),  # 409: no kind by code either
    ("bedrock_converse", {"__type": "ModelNotReadyException", "message": "warming up"}),
    ("mcp", {"code": -32700, "message": "parse error"}),
]


@pytest.mark.parametrize(("dialect", "body"), UNLISTED)
def test_a_kind_the_table_does_not_list_is_kept_whole_and_reported_elsewhere(dialect: str, body: Any) -> None:
    canonical = decoder(dialect, "error")(copy.deepcopy(body))
    assert "category" not in canonical and canonical["message"] == body.get(
        "message", body.get("error", {}).get("message")
    )
    again = convert(copy.deepcopy(body), source=dialect, target=dialect, shape="error")
    assert (again.value, again.losses) == (body, [])
    other = "anthropic_messages" if dialect != "anthropic_messages" else "openai_chat"
    elsewhere = convert(copy.deepcopy(body), source=dialect, target=other, shape="error")
    codes = [loss.code for loss in elsewhere.losses]
    assert "error.category_dropped" in codes and "extension.field_dropped" in codes
    from tests.test_typescript_json import CONVERT_DRIVER, js_view, run_node, ts_dist

    jobs = [{"wire": body, "options": {"source": dialect, "target": t, "shape": "error"}} for t in (dialect, other)]
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    expected = [[r.value, [list(loss) for loss in r.losses]] for r in (again, elsewhere)]
    assert answers == js_view(json.loads(json.dumps(expected)))
