"""Provider rules of kind at_most: Anthropic takes at most four cache_control breakpoints in a
request (tools, system, messages, then the top-level form, in that order). A conversion that
would write more (a Bedrock history with a cachePoint after every block) keeps the first four
and removes each later one with a cache.dropped loss naming the rule; strict refuses; validate
reports a captured payload that breaks it; TypeScript repairs as Python does."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import convert
from toolwire_dialects._errors import LossError

from toolwire.spec.loader import load_spec
from toolwire.spec.rules import AtMostRule, rules_of
from toolwire.tools.rules_table import render
from toolwire.validation.engine import validate_record
from toolwire.validation.rules import broken

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
RULE = "anthropic_messages/cache-breakpoints-at-most-four"
(AT_MOST,) = [r for r in rules_of(SPEC.dialects["anthropic_messages"]) if isinstance(r, AtMostRule)]
POINT = {"cachePoint": {"type": "default"}}


def _bedrock(marked_texts: int) -> dict[str, Any]:
    """A Bedrock request: a cached tool, a cached system block, then marked_texts cached user texts."""
    content: list[Any] = []
    for n in range(marked_texts):
        content += [{"text": f"part {n}"}, POINT]
    return {
        "modelId": "m",
        "inferenceConfig": {"maxTokens": 64},
        "system": [{"text": "Be brief."}, POINT],
        "messages": [{"role": "user", "content": content}],
        "toolConfig": {"tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}, POINT]},
    }


def _anthropic(marked_texts: int, strict: bool = False) -> Any:
    wire = _bedrock(marked_texts)
    return convert(wire, source="bedrock_converse", target="anthropic_messages", shape="request", strict=strict)


def _marked(request: dict[str, Any]) -> list[str]:
    """Where the request carries cache_control, in the order the rule counts."""
    places = [f"/tools/{i}" for i, t in enumerate(request.get("tools", [])) if "cache_control" in t]
    places += [f"/system/{i}" for i, b in enumerate(request.get("system", [])) if "cache_control" in b]
    for m, message in enumerate(request["messages"]):
        content = message["content"] if isinstance(message["content"], list) else []
        places += [f"/messages/{m}/content/{i}" for i, b in enumerate(content) if "cache_control" in b]
    return places + (["/"] if "cache_control" in request else [])


def _named(encoded: Any) -> list[tuple[str, str]]:
    return [(loss.code, loss.pointer) for loss in encoded.losses if f"rule {RULE})" in loss.what]


@pytest.mark.parametrize("marked_texts", [1, 2, 3, 5])
def test_the_first_four_breakpoints_are_kept_and_each_later_one_removed_with_a_loss(marked_texts: int) -> None:
    encoded = _anthropic(marked_texts)
    every = ["/tools/0", "/system/0", *(f"/messages/0/content/{i}" for i in range(marked_texts))]
    assert _marked(encoded.value) == every[:4]
    assert _named(encoded) == [("cache.dropped", f"{at}/cache_control") for at in every[4:]]
    assert broken(AT_MOST, encoded.value) == []
    assert [block["text"] for block in encoded.value["messages"][0]["content"]] == [
        f"part {n}" for n in range(marked_texts)
    ]  # only the markers go: every block stays


def test_the_top_level_breakpoint_counts_last() -> None:
    wire = {
        "model": "m",
        "max_tokens": 64,
        "cache_control": {"type": "ephemeral"},
        "system": [{"type": "text", "text": t, "cache_control": {"type": "ephemeral"}} for t in "abcd"],
        "messages": [{"role": "user", "content": "hi"}],
    }
    again = convert(copy.deepcopy(wire), source="anthropic_messages", target="anthropic_messages", shape="request")
    assert "cache_control" not in again.value and _marked(again.value) == [f"/system/{i}" for i in range(4)]
    assert _named(again) == [("cache.dropped", "/cache_control")]


def test_strict_refuses_naming_the_rule() -> None:
    with pytest.raises(LossError, match=RULE):
        _anthropic(3, strict=True)
    assert _anthropic(2, strict=True).losses == []


@pytest.mark.parametrize(("marked_texts", "found"), [(2, []), (3, ["/messages/0/content/5/cache_control"])])
def test_validate_reports_each_breakpoint_past_the_fourth(marked_texts: int, found: list[str]) -> None:
    content: list[Any] = []
    for n in range(marked_texts):
        content += [
            {"type": "text", "text": "x"},
            {"type": "text", "text": f"{n}", "cache_control": {"type": "ephemeral"}},
        ]
    payload = {
        "model": "m",
        "max_tokens": 64,
        "system": [{"type": "text", "text": "s", "cache_control": {"type": "ephemeral"}}],
        "tools": [{"name": "f", "input_schema": {"type": "object"}, "cache_control": {"type": "ephemeral"}}],
        "messages": [{"role": "user", "content": content}],
    }
    result = validate_record(
        json.dumps(payload), schemas=ROOT / "schemas", dialect="anthropic_messages", shape="request"
    )
    assert [e.pointer for e in result.errors] == found, result
    assert all(f"(rule {RULE})" in e.message and "value 5 of 5" in e.message for e in result.errors)


def test_the_rule_renders_in_the_rules_table() -> None:
    row = next(line for line in render(ROOT / "schemas").splitlines() if f"`{RULE}`" in line)
    assert "at most 4 in all at /tools/*/cache_control, /system/*/cache_control" in row
    assert "the first ones kept, each later one removed" in row


def _rule_errors(rule: dict[str, Any]) -> list[str]:
    from jsonschema import Draft202012Validator

    meta = json.loads((ROOT / "schemas" / "meta" / "dialect.schema.json").read_text(encoding="utf-8"))
    mapping = {**SPEC.dialects["anthropic_messages"].mapping, "rules": [rule]}
    return [e.message for e in Draft202012Validator(meta).iter_errors(mapping)]


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        ({}, False),
        ({"loss": None}, True),  # at_most names the loss it reports
        ({"maximum": None}, True),
        ({"maximum": 1.5}, True),
        ({"minimum": 1}, True),
        ({"kind": "range"}, True),  # also and loss on another kind
    ],
)
def test_the_meta_schema_checks_at_most_rules(change: dict[str, Any], refused: bool) -> None:
    (rule,) = [r for r in SPEC.dialects["anthropic_messages"].mapping["rules"] if r["kind"] == "at_most"]
    changed = {k: v for k, v in {**rule, **change}.items() if v is not None}
    assert bool(_rule_errors(changed)) == refused, _rule_errors(changed)


def test_typescript_repairs_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for marked_texts in (1, 2, 5):
        for strict in (False, True):
            options = {"source": "bedrock_converse", "target": "anthropic_messages", "shape": "request"}
            options["strict"] = strict
            wire = _bedrock(marked_texts)
            jobs.append({"wire": wire, "options": options})
            expected.append(answer(convert, wire, options, LossError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum(RULE in json.dumps(a) for a in answers) == 2  # five texts: repaired, and refused under strict
