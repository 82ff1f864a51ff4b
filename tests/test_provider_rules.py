"""Provider rules as data (dialect.json `rules`): conversions keep them (a value outside a
range is sent as the nearer bound, with a loss naming the rule; strict refuses), validate
reports a payload that breaks one, and docs/provider-rules.md is what the data renders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import LossError

from toolwire.cli.validate import validate
from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec
from toolwire.spec.rules import RangeRule, rules_of
from toolwire.tools.rules_table import between, readme_table, render, source_section
from toolwire.validation.engine import validate_record

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
ALL_RULES = [rule for dialect in SPEC.dialects.values() for rule in rules_of(dialect)]
RULES = [rule for rule in ALL_RULES if isinstance(rule, RangeRule)]
CHAT = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}]}
ANTHROPIC = {"model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}


def test_every_range_rule_is_kept_by_the_setting_written_there() -> None:
    """The repair the docs promise needs a setting writer at the rule's pointer."""
    for rule in RULES:
        ir = conversation_ir(SPEC.dialects[rule.dialect])
        assert ir is not None, rule.name
        kept = [s for s in ir.request.settings if s.range == rule]
        assert len(kept) == 1, f"{rule.name}: no setting is written at {rule.tokens}"


@pytest.mark.parametrize("value, sent", [(1.7, 1), (-0.5, 0), (1, 1), (0, 0), (0.3, 0.3)])
def test_a_converted_value_outside_the_range_is_sent_as_the_bound_with_a_loss(value: float, sent: float) -> None:
    encoded = convert(
        {**CHAT, "temperature": value}, source="openai_chat", target="anthropic_messages", shape="request"
    )
    assert encoded.value["temperature"] == sent
    named = [loss for loss in encoded.losses if "anthropic_messages/temperature-range" in loss.what]
    if value == sent:
        assert not named
    else:
        assert [(loss.pointer, loss.target) for loss in named] == [("/settings/temperature", "anthropic_messages")]
        assert f"sent {sent}" in named[0].what and "allowed from 0 to 1" in named[0].what


def test_strict_refuses_a_value_outside_the_range_naming_the_rule() -> None:
    with pytest.raises(LossError, match="rule anthropic_messages/temperature-range"):
        convert(
            {**CHAT, "max_tokens": 5, "temperature": 1.7},
            source="openai_chat",
            target="anthropic_messages",
            shape="request",
            strict=True,
        )


def test_each_bound_of_every_rule_holds_in_conversion() -> None:
    """For each rule and each of its bounds: just past it is sent as the bound, naming the rule."""
    for rule in RULES:
        ir = conversation_ir(SPEC.dialects[rule.dialect])
        assert ir is not None
        setting = next(s for s in ir.request.settings if s.range == rule)
        step = 1 if setting.rule[0] == ("integer",) else 0.5  # past the bound, still of the setting's type
        for bound, past in ((rule.minimum, -step), (rule.maximum, step)):
            if bound is None:
                continue
            canonical: dict[str, Any] = {"messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]}
            if setting.off and bound + past == 0:  # 0 turns it off, no bound (tests/test_rules_thinking_off.py)
                continue
            canonical["settings"] = {setting.name[0]: bound + past}
            encoded = DIALECTS[rule.dialect].encode_request(canonical, model="m")
            node: Any = encoded.value
            for token in rule.tokens:
                node = node[token]
            assert node == bound, rule.name
            assert any(rule.name in loss.what for loss in encoded.losses), rule.name


def _validate(payload: dict[str, Any], **options: Any) -> Any:
    return validate_record(json.dumps(payload), schemas=ROOT / "schemas", **options)


@pytest.mark.parametrize(
    "options", [{"dialect": "anthropic_messages", "shape": "request"}, {"dialect": "anthropic_messages"}]
)
def test_validate_reports_a_broken_rule_with_its_name(options: dict[str, Any]) -> None:
    result = _validate({**ANTHROPIC, "temperature": 1.5}, **options)
    assert result.status == "invalid"
    assert [(f.pointer, f.keyword) for f in result.errors] == [("/temperature", "rule")]
    assert "anthropic_messages/temperature-range" in result.errors[0].message
    assert _validate({**ANTHROPIC, "temperature": 1}, **options).status == "valid"


def test_the_bulk_path_counts_a_payload_breaking_a_rule_as_invalid(tmp_path: Path) -> None:
    lines = [ANTHROPIC, {**ANTHROPIC, "temperature": 1.5}, {**ANTHROPIC, "temperature": 0.5}]
    capture = tmp_path / "capture.jsonl"
    capture.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    result = CliRunner().invoke(
        validate, ["--dialect", "anthropic_messages", "--shape", "request", "--format", "json", str(capture)]
    )
    assert result.exit_code == 1, result.output
    verdicts = [json.loads(line)["valid"] for line in result.stdout.splitlines() if line.startswith("{")]
    assert verdicts.count(False) == 1


def test_docs_provider_rules_is_what_the_data_renders() -> None:
    page = (ROOT / "docs" / "provider-rules.md").read_text(encoding="utf-8")
    assert page == render(ROOT / "schemas"), "run: python -m toolwire.tools.rules_table --write"
    assert all(f"`{rule.name}`" in page for rule in ALL_RULES)


def test_the_readme_and_each_source_md_list_the_rules_the_data_holds() -> None:
    """The README's per-dialect table and each dialect's SOURCE.md section are rendered from the
    rules: a rule added, removed or re-sourced without rendering them fails here."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert between(readme, readme_table(ROOT / "schemas")) == readme, (
        "run: python -m toolwire.tools.rules_table --write"
    )
    for rule in ALL_RULES:
        source = (ROOT / "schemas" / "dialects" / rule.dialect / "SOURCE.md").read_text(encoding="utf-8")
        assert between(source, source_section(ROOT / "schemas", rule.dialect)) == source, rule.dialect
        assert f"- `{rule.id}` ({rule.kind.value}): {rule.source}" in source
