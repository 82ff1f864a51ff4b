"""Thinking off crosses as off (issue #23): Gemini's thinkingBudget 0 turns thinking off, and its
-1 asks for dynamic thinking (the model decides; Gemini API, Thinking: ai.google.dev/gemini-api/
docs/thinking). Canonical reasoning_budget 0 means off: a setting's `off` constants (dialect.json)
are written instead of a budget, so Anthropic and Cohere get thinking {type: disabled}, never an
enabled budget clamped up to their least one, and read back as 0. Gemini's -1 is no budget: the
setting's `kept` values stay Gemini's own field (round trip exact), and another dialect reports
the field as a loss rather than sending a budget. Python and TypeScript alike."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import LossError

from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
OFF = {"type": "disabled"}


def _gemini(budget: int) -> dict[str, Any]:
    config = {"maxOutputTokens": 2048, "thinkingConfig": {"thinkingBudget": budget}}
    return {"contents": [{"role": "user", "parts": [{"text": "Name three colours."}]}], "generationConfig": config}


def _convert(wire: Any, source: str, target: str, strict: bool = False) -> Any:
    return convert(copy.deepcopy(wire), source=source, target=target, shape="request", model="m", strict=strict)


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("target", ["anthropic_messages", "cohere_v2"])
def test_gemini_thinking_off_is_sent_as_disabled_never_as_a_budget(target: str, strict: bool) -> None:
    encoded = _convert(_gemini(0), "gemini", target, strict)
    assert encoded.value["thinking"] == OFF
    assert encoded.losses == []  # no clamp: nothing was changed


@pytest.mark.parametrize("source", ["anthropic_messages", "cohere_v2"])
def test_thinking_disabled_reads_as_off_and_crosses_as_off(source: str) -> None:
    wire = {"model": "m", "thinking": OFF, "messages": [{"role": "user", "content": "hi"}]}
    if source == "anthropic_messages":
        wire["max_tokens"] = 512
    assert DIALECTS[source].decode_request(copy.deepcopy(wire))["settings"]["reasoning_budget"] == 0
    same = _convert(wire, source, source)
    assert (same.value, same.losses) == (wire, [])
    gemini = _convert(wire, source, "gemini")
    assert gemini.value["generationConfig"]["thinkingConfig"] == {"thinkingBudget": 0}
    other = "cohere_v2" if source == "anthropic_messages" else "anthropic_messages"
    assert _convert(wire, source, other).value["thinking"] == OFF


def test_a_canonical_budget_of_zero_is_off_and_a_small_one_still_clamps() -> None:
    def sent(budget: int) -> Any:
        canonical = {"messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]}
        canonical["settings"] = {"max_tokens": 4096, "reasoning_budget": budget}
        return DIALECTS["anthropic_messages"].encode_request(canonical, model="m")

    assert (sent(0).value["thinking"], [loss.code for loss in sent(0).losses]) == (OFF, [])
    small = sent(1)
    assert small.value["thinking"] == {"type": "enabled", "budget_tokens": 1024}
    assert [loss.code for loss in small.losses] == ["setting.clamped"]


@pytest.mark.parametrize("target", ["anthropic_messages", "cohere_v2"])
def test_gemini_dynamic_thinking_is_no_budget_elsewhere(target: str) -> None:
    encoded = _convert(_gemini(-1), "gemini", target)
    assert "thinking" not in encoded.value
    ((code, pointer),) = [(loss.code, loss.pointer) for loss in encoded.losses]
    assert (code, pointer) == (
        "extension.field_dropped",
        "/extensions/gemini/fields/~1generationConfig~1thinkingConfig~1thinkingBudget",
    )
    with pytest.raises(LossError, match="thinkingBudget"):
        _convert(_gemini(-1), "gemini", target, strict=True)


def test_gemini_dynamic_thinking_round_trips_as_its_own_field() -> None:
    decoded = DIALECTS["gemini"].decode_request(copy.deepcopy(_gemini(-1)))
    assert "reasoning_budget" not in decoded.get("settings", {})
    assert decoded["extensions"]["gemini"]["fields"] == {"/generationConfig/thinkingConfig/thinkingBudget": -1}
    again = _convert(_gemini(-1), "gemini", "gemini")
    assert (again.value, again.losses) == ({**_gemini(-1), "model": "m"}, [])


def test_off_and_kept_are_data_of_the_dialects() -> None:
    def budget(dialect: str) -> Any:
        layout = conversation_ir(SPEC.dialects[dialect]).request  # type: ignore[union-attr]
        return next(s for s in layout.settings if s.name == ("reasoning_budget",))

    for dialect in ("anthropic_messages", "cohere_v2"):
        assert budget(dialect).off == ((("thinking", "type"), "disabled"),)
    assert (budget("gemini").off, budget("gemini").kept) == ((), (-1,))


def test_typescript_converts_thinking_off_and_dynamic_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    anthropic = {"model": "m", "max_tokens": 512, "thinking": OFF, "messages": [{"role": "user", "content": "hi"}]}
    sources = [
        ("gemini", _gemini(0)),
        ("gemini", _gemini(-1)),
        ("gemini", _gemini(4096)),
        ("anthropic_messages", anthropic),
    ]
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for source, wire in sources:
        for target in ("anthropic_messages", "cohere_v2", "gemini"):
            for strict in (False, True):
                options = {"source": source, "target": target, "shape": "request", "model": "m", "strict": strict}
                jobs.append({"wire": wire, "options": options})
                expected.append(answer(convert, wire, options, LossError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum('"disabled"' in json.dumps(a) for a in answers) >= 8
