"""Provider rules of kind less_than (issue #23): Anthropic requires thinking.budget_tokens below
max_tokens. A conversion that would send a budget not below max_tokens (Gemini's thinkingBudget
4096 beside maxOutputTokens 4096, or beside the defaulted max_tokens) lowers the budget to
max_tokens - 1 where that keeps its range (at least 1024), else raises max_tokens to the budget
+ 1, each with a setting.clamped loss naming the rule; strict refuses; validate reports a
captured payload that breaks it; TypeScript repairs as Python does."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import convert
from toolwire_dialects._errors import LossError

from toolwire.spec.loader import load_spec
from toolwire.spec.rules import LessThanRule, rules_of
from toolwire.tools.rules_table import render
from toolwire.validation.engine import validate_record
from toolwire.validation.rules import broken

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
RULE = "anthropic_messages/thinking-budget-below-max-tokens"
(LESS_THAN,) = [r for r in rules_of(SPEC.dialects["anthropic_messages"]) if isinstance(r, LessThanRule)]


def _gemini(budget: int, max_tokens: int | None) -> dict[str, Any]:
    config: dict[str, Any] = {"thinkingConfig": {"thinkingBudget": budget}}
    if max_tokens is not None:
        config["maxOutputTokens"] = max_tokens
    return {"contents": [{"role": "user", "parts": [{"text": "Think hard."}]}], "generationConfig": config}


def _anthropic(budget: int, max_tokens: int | None, strict: bool = False) -> Any:
    wire = _gemini(budget, max_tokens)
    return convert(wire, source="gemini", target="anthropic_messages", shape="request", model="m", strict=strict)


def _named(encoded: Any) -> list[tuple[str, str, str]]:
    return [(loss.code, loss.pointer, loss.what) for loss in encoded.losses if f"rule {RULE})" in loss.what]


@pytest.mark.parametrize(
    ("budget", "max_tokens", "sent", "changed", "what"),
    [
        (4096, 4096, (4095, 4096), "/settings/reasoning_budget", "reasoning_budget not below max_tokens (sent 4095"),
        (4096, None, (4095, 4096), "/settings/reasoning_budget", "reasoning_budget not below max_tokens (sent 4095"),
        (5000, 1500, (1499, 1500), "/settings/reasoning_budget", "reasoning_budget not below max_tokens (sent 1499"),
        (1024, 1024, (1024, 1025), "/settings/max_tokens", "max_tokens not above reasoning_budget (sent 1025"),
        (900, 1000, (1024, 1025), "/settings/max_tokens", "max_tokens not above reasoning_budget (sent 1025"),
    ],
)
def test_a_budget_not_below_max_tokens_is_repaired_with_a_loss_naming_the_rule(
    budget: int, max_tokens: int | None, sent: tuple[int, int], changed: str, what: str
) -> None:
    encoded = _anthropic(budget, max_tokens)
    assert (encoded.value["thinking"]["budget_tokens"], encoded.value["max_tokens"]) == sent
    ((code, pointer, said),) = _named(encoded)
    assert (code, pointer) == ("setting.clamped", changed) and said.startswith(what), said
    assert broken(LESS_THAN, encoded.value) == []
    with pytest.raises(LossError) as refused:  # the first loss: the rule's, or a default or range before it
        _anthropic(budget, max_tokens, strict=True)
    first = encoded.losses[0]
    assert str(refused.value).startswith(f"loss: {first.pointer}: anthropic_messages cannot carry {first.what}")


def test_strict_refuses_naming_the_rule() -> None:
    with pytest.raises(LossError, match=RULE):
        _anthropic(4096, 4096, strict=True)


def test_a_budget_below_max_tokens_is_sent_as_it_is() -> None:
    encoded = _anthropic(2000, 4096)
    assert (encoded.value["thinking"], encoded.value["max_tokens"]) == (
        {"type": "enabled", "budget_tokens": 2000},
        4096,
    )
    assert _named(encoded) == []


def test_an_anthropic_request_breaking_the_rule_is_repaired_in_a_round_trip_too() -> None:
    wire = {"model": "m", "max_tokens": 2048, "thinking": {"type": "enabled", "budget_tokens": 2048}, "messages": []}
    wire["messages"] = [{"role": "user", "content": "hi"}]
    again = convert(copy.deepcopy(wire), source="anthropic_messages", target="anthropic_messages", shape="request")
    assert again.value["thinking"]["budget_tokens"] == 2047 and [c for c, _p, _w in _named(again)] == [
        "setting.clamped"
    ]


@pytest.mark.parametrize(
    ("budget", "max_tokens", "found"), [(4096, 4096, True), (8000, 4096, True), (1024, 4096, False)]
)
def test_validate_reports_the_rule(budget: int, max_tokens: int, found: bool) -> None:
    payload = {"model": "m", "max_tokens": max_tokens, "messages": [{"role": "user", "content": "hi"}]}
    payload["thinking"] = {"type": "enabled", "budget_tokens": budget}
    result = validate_record(
        json.dumps(payload), schemas=ROOT / "schemas", dialect="anthropic_messages", shape="request"
    )
    if not found:
        assert result.status == "valid", result
        return
    assert result.status == "invalid", result
    (error,) = result.errors
    assert (error.pointer, error.keyword) == ("/thinking/budget_tokens", "rule")
    assert f"{budget} not below {max_tokens}" in error.message and f"(rule {RULE})" in error.message


def test_the_cli_reports_the_rule_and_exits_non_zero(tmp_path: Path) -> None:
    payload = {"model": "m", "max_tokens": 4096, "messages": [{"role": "user", "content": "hi"}]}
    payload["thinking"] = {"type": "enabled", "budget_tokens": 4096}
    path = tmp_path / "request.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    args = ["validate", str(path), "--dialect", "anthropic_messages", "--shape", "request"]
    done = subprocess.run([sys.executable, "-m", "toolwire", *args], capture_output=True, text=True, check=False)
    assert done.returncode != 0 and RULE in done.stdout + done.stderr, done


def test_the_rule_reads_its_floor_from_the_range_rule_and_renders() -> None:
    assert (LESS_THAN.than, LESS_THAN.floor) == (("max_tokens",), 1024)
    assert LESS_THAN.describe() == "less than /max_tokens"
    row = next(line for line in render(ROOT / "schemas").splitlines() if f"`{RULE}`" in line)
    assert "| less than /max_tokens | lowered to /max_tokens - 1 where that keeps it at least 1024" in row


def _rule_errors(rule: dict[str, Any]) -> list[str]:
    from jsonschema import Draft202012Validator

    meta = json.loads((ROOT / "schemas" / "meta" / "dialect.schema.json").read_text(encoding="utf-8"))
    mapping = {**SPEC.dialects["anthropic_messages"].mapping, "rules": [rule]}
    return [e.message for e in Draft202012Validator(meta).iter_errors(mapping)]


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        ({}, False),
        ({"than": None}, True),  # less_than needs than
        ({"pointer": "/messages/*/x"}, True),  # no * in either pointer
        ({"than": "/a/*"}, True),
        ({"minimum": 1}, True),
        ({"kind": "range", "minimum": 1}, True),  # than on another kind
    ],
)
def test_the_meta_schema_checks_less_than_rules(change: dict[str, Any], refused: bool) -> None:
    (rule,) = [r for r in SPEC.dialects["anthropic_messages"].mapping["rules"] if r["kind"] == "less_than"]
    changed = {k: v for k, v in {**rule, **change}.items() if v is not None}
    assert bool(_rule_errors(changed)) == refused, _rule_errors(changed)


def test_typescript_repairs_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for budget, max_tokens in ((4096, 4096), (4096, None), (1024, 1024), (900, 1000), (2000, 4096)):
        for strict in (False, True):
            options = {"source": "gemini", "target": "anthropic_messages", "shape": "request", "model": "m"}
            options["strict"] = strict
            wire = _gemini(budget, max_tokens)
            jobs.append({"wire": wire, "options": options})
            expected.append(answer(convert, wire, options, LossError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum(RULE in json.dumps(a) for a in answers) == 6  # strict: a default or range loss may come first
