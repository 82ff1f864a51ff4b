"""Provider rules of kind ordered: Anthropic and Bedrock take cache breakpoints of both
lifetimes in one request only when every "1h" one comes before every "5m" one (a breakpoint
without ttl is 5m), the prompt read in the order tools, system, messages. A conversion removes
the ttl of each "1h" breakpoint after a shorter one (so it is sent as 5m) with a
cache.ttl_shortened loss naming the rule; strict refuses; validate reports a captured payload
that breaks it; TypeScript repairs as Python does."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import convert
from toolwire_dialects._errors import LossError

from toolwire.spec.loader import load_spec
from toolwire.spec.rules import OrderedRule, rules_of
from toolwire.tools.rules_table import render
from toolwire.validation.engine import validate_record
from toolwire.validation.rules import broken

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
ANTHROPIC, BEDROCK = "anthropic_messages", "bedrock_converse"
RULE = {d: f"{d}/cache-ttl-longer-first" for d in (ANTHROPIC, BEDROCK)}
ORDERED = {d: next(r for r in rules_of(SPEC.dialects[d]) if isinstance(r, OrderedRule)) for d in RULE}


def _mark(ttl: str | None) -> dict[str, Any]:
    return {"type": "ephemeral"} if ttl is None else {"type": "ephemeral", "ttl": ttl}


def _anthropic(tool: str | None, system: str | None, texts: list[str | None]) -> dict[str, Any]:
    """An Anthropic request with a breakpoint of each given ttl (None: no ttl) on its tool, its
    system block and one user text each."""
    content = [{"type": "text", "text": f"t{n}", "cache_control": _mark(ttl)} for n, ttl in enumerate(texts)]
    return {
        "model": "m",
        "max_tokens": 64,
        "tools": [{"name": "f", "input_schema": {"type": "object"}, "cache_control": _mark(tool)}],
        "system": [{"type": "text", "text": "s", "cache_control": _mark(system)}],
        "messages": [{"role": "user", "content": content}],
    }


def _ttls(request: dict[str, Any], dialect: str) -> list[str]:
    """Each breakpoint's lifetime in the order the rule reads them (absent: 5m)."""
    if dialect == ANTHROPIC:
        blocks = [*request.get("tools", []), *request.get("system", [])]
        blocks += [b for m in request["messages"] for b in m["content"]]
        return [b["cache_control"].get("ttl", "5m") for b in blocks if "cache_control" in b]
    blocks = [*request.get("toolConfig", {}).get("tools", []), *request.get("system", [])]
    blocks += [b for m in request["messages"] for b in m["content"]]
    return [b["cachePoint"].get("ttl", "5m") for b in blocks if "cachePoint" in b]


def _named(encoded: Any, dialect: str) -> list[tuple[str, str]]:
    return [(loss.code, loss.pointer) for loss in encoded.losses if f"rule {RULE[dialect]})" in loss.what]


CASES = [  # tool, system, texts -> the ttls as sent
    ((None, None, [None]), ["5m", "5m", "5m"]),
    (("1h", "1h", ["5m", None]), ["1h", "1h", "5m", "5m"]),
    (("1h", None, ["1h"]), ["1h", "5m", "5m"]),
    ((None, "1h", ["5m", "1h"]), ["5m", "5m", "5m", "5m"]),
]


@pytest.mark.parametrize("target", [ANTHROPIC, BEDROCK])
@pytest.mark.parametrize(("marks", "sent"), CASES)
def test_each_longer_lifetime_after_a_shorter_one_is_shortened_with_a_loss(
    target: str, marks: tuple[Any, ...], sent: list[str]
) -> None:
    wire = _anthropic(*marks)
    encoded = convert(copy.deepcopy(wire), source=ANTHROPIC, target=target, shape="request")
    assert _ttls(encoded.value, target) == sent
    assert len(_named(encoded, target)) == sum(a != b for a, b in zip(_ttls(wire, ANTHROPIC), sent, strict=True))
    assert all(code == "cache.ttl_shortened" and at.endswith("/ttl") for code, at in _named(encoded, target))
    assert broken(ORDERED[target], encoded.value) == []


def test_a_bedrock_history_keeps_its_order_and_its_shortened_pointer_is_the_marker_block() -> None:
    point = {"cachePoint": {"type": "default"}}
    wire = {
        "modelId": "m",
        "system": [{"text": "s"}, point],
        "messages": [{"role": "user", "content": [{"text": "x"}, {"cachePoint": {"type": "default", "ttl": "1h"}}]}],
    }
    encoded = convert(copy.deepcopy(wire), source=BEDROCK, target=BEDROCK, shape="request")
    assert _named(encoded, BEDROCK) == [("cache.ttl_shortened", "/messages/0/content/1/cachePoint/ttl")]
    assert encoded.value["messages"][0]["content"][1] == point
    kept = convert(copy.deepcopy(wire), source=BEDROCK, target=ANTHROPIC, shape="request")
    assert _named(kept, ANTHROPIC) == [("cache.ttl_shortened", "/messages/0/content/0/cache_control/ttl")]


def test_strict_refuses_naming_the_rule() -> None:
    with pytest.raises(LossError, match=RULE[BEDROCK]):
        convert(_anthropic(None, "1h", [None]), source=ANTHROPIC, target=BEDROCK, shape="request", strict=True)
    assert convert(_anthropic("1h", None, [None]), source=ANTHROPIC, target=BEDROCK, shape="request", strict=True)


@pytest.mark.parametrize(
    ("marks", "found"),
    [
        (("1h", None, ["5m"]), []),
        ((None, None, ["1h"]), ["/messages/0/content/0/cache_control/ttl"]),
        (("5m", "1h", ["10m"]), ["/system/0/cache_control/ttl"]),
    ],
)
def test_validate_reports_each_value_out_of_order(marks: tuple[Any, ...], found: list[str]) -> None:
    payload = _anthropic(*marks)
    rule_found = [at for at, _ in broken(ORDERED[ANTHROPIC], payload)]
    assert rule_found == found
    result = validate_record(json.dumps(payload), schemas=ROOT / "schemas", dialect=ANTHROPIC, shape="request")
    named = [e for e in result.errors if f"(rule {RULE[ANTHROPIC]})" in e.message]
    assert [e.pointer for e in named] == found
    assert all('"1h" after a later value' in e.message for e in named)


def test_the_rules_render_in_the_rules_table() -> None:
    for dialect in RULE:
        row = next(line for line in render(ROOT / "schemas").splitlines() if f"`{RULE[dialect]}`" in line)
        assert '"1h", then "5m" (absent: "5m") in order at' in row
        assert "each value out of order removed" in row


def _rule_errors(rule: dict[str, Any]) -> list[str]:
    from jsonschema import Draft202012Validator

    meta = json.loads((ROOT / "schemas" / "meta" / "dialect.schema.json").read_text(encoding="utf-8"))
    mapping = {**SPEC.dialects[ANTHROPIC].mapping, "rules": [rule]}
    return [e.message for e in Draft202012Validator(meta).iter_errors(mapping)]


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        ({}, False),
        ({"loss": None}, True),  # ordered names the loss it reports
        ({"order": None}, True),
        ({"order": ["1h"]}, True),  # an order of one value orders nothing
        ({"maximum": 4}, True),
        ({"kind": "at_most", "maximum": 4}, True),  # order on another kind
    ],
)
def test_the_meta_schema_checks_ordered_rules(change: dict[str, Any], refused: bool) -> None:
    (rule,) = [r for r in SPEC.dialects[ANTHROPIC].mapping["rules"] if r["kind"] == "ordered"]
    changed = {k: v for k, v in {**rule, **change}.items() if v is not None}
    assert bool(_rule_errors(changed)) == refused, _rule_errors(changed)


def test_typescript_repairs_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for marks, _ in CASES:
        for target in RULE:
            for strict in (False, True):
                options = {"source": ANTHROPIC, "target": target, "shape": "request", "strict": strict}
                wire = _anthropic(*marks)
                jobs.append({"wire": wire, "options": options})
                expected.append(answer(convert, wire, options, LossError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum("cache-ttl-longer-first" in json.dumps(a) for a in answers) == 8  # two cases, two targets, both modes
