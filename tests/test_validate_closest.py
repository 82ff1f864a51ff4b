"""if/then/else read by the closest branch (validation/closest.py): findings and the blame of
`tools generate` point at the field that is wrong, not at what the other branch lacks; the
verdict is the standard one. Synthetic schemas, so the class is held on any dialect's layout."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from toolwire.spec.loader import load_spec
from toolwire.validation.closest import ClosestValidator
from toolwire.validation.engine import Engine, Options
from toolwire.validation.explain import explain
from toolwire.validation.inputs import Record

# A part whose `kind` picks its branch: "a" needs an `a` object, anything else a `b` and no `a`.
PART: dict[str, Any] = {
    "type": "object",
    "properties": {
        "kind": {"enum": ["a", "b"]},
        "a": {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
        "b": {"type": "string"},
    },
    "required": ["kind"],
    "if": {"properties": {"kind": {"const": "a"}}},
    "then": {"required": ["a"]},
    "else": {"required": ["b"], "not": {"required": ["a"]}},
}

VALUES = [
    {"kind": "a", "a": {"x": 1}},
    {"kind": "b", "b": "s"},
    {"kind": "aa", "a": {"x": 1}},
    {"kind": "b", "a": {"x": 1}},
    {"kind": "a", "b": "s"},
    {"kind": "a", "a": {"x": "1"}},
    {"kind": "c"},
    {},
    [],
]


def _pointers(validator: Any, value: Any) -> list[str]:
    return [p for p, _m, _k in explain(validator, value, 20)[0]]


def test_a_misspelt_discriminator_is_blamed_where_it_is() -> None:
    # Standard if/then/else blames the object for lacking `b` (the else branch).
    assert "" in _pointers(jsonschema.Draft202012Validator(PART), {"kind": "aa", "a": {"x": 1}})
    assert _pointers(ClosestValidator(PART), {"kind": "aa", "a": {"x": 1}}) == ["/kind", "/kind"]


def test_the_branch_the_if_selects_is_kept_when_it_is_closer() -> None:
    # kind "c": neither branch fits better; the else branch's finding is kept.
    assert _pointers(ClosestValidator(PART), {"kind": "c", "b": "s"}) == ["/kind"]
    # kind "a" selects then: its finding inside `a`, as standard.
    assert _pointers(ClosestValidator(PART), {"kind": "a", "a": {"x": "1"}}) == ["/a/x"]


@pytest.mark.parametrize("value", VALUES, ids=[json.dumps(v) for v in VALUES])
def test_the_verdict_is_the_standard_one(value: Any) -> None:
    standard, closest = jsonschema.Draft202012Validator(PART), ClosestValidator(PART)
    assert closest.is_valid(value) == standard.is_valid(value)
    assert bool(list(closest.iter_errors(value))) == (not standard.is_valid(value))


def test_validate_findings_follow_the_closest_branch(workspace: Any) -> None:
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "dialects/openai_chat/tool_call.json"}
    path: Path = workspace.schemas / "dialects/openai_chat/tool_call.json"
    path.write_text(json.dumps({**schema, **PART}), encoding="utf-8")
    engine = Engine(load_spec(workspace.schemas), Options(dialect="openai_chat", shape="tool_call"))
    result = engine.check(Record("p", 1, json.dumps({"kind": "aa", "a": {"x": 1}}).encode()))
    assert [f.pointer for f in result.errors] == ["/kind", "/kind"], result.errors
