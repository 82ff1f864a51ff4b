"""The shape IR (src/toolwire/ir/nodes.py) says what a mapping means and nothing about how
Python spells it; the converter templates lay out what the emitter gives them and never
search their own output."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from toolwire.ir import nodes
from toolwire.ir.shapes import dialect_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
TEMPLATES = ROOT / "src/toolwire/targets/python/templates/package/toolwire_dialects"
CONVERTER_TEMPLATES = [TEMPLATES / "{dialect}.py.j2", *sorted((TEMPLATES / "_macros").glob("*.j2"))]
# Python spellings that have no place in the IR: runtime calls, sentinels, subscripts, literals.
PYTHON = re.compile(r"_rt\.|_MISSING|_EMPTY|\.get\(|\[['\"]|\bis None\b|\bTrue\b|\bFalse\b")


def _walk(value: Any, at: str) -> list[tuple[str, Any]]:
    """Every (path, leaf) below an IR value; dataclass nodes must be frozen."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        assert type(value).__dataclass_params__.frozen, f"{at}: {type(value).__name__} is not frozen"  # type: ignore[attr-defined]
        out = []
        for f in dataclasses.fields(value):
            out += _walk(getattr(value, f.name), f"{at}.{f.name}")
        return out
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _walk(item, f"{at}[{key!r}]")]
    if isinstance(value, (list, tuple)):
        return [leaf for i, item in enumerate(value) for leaf in _walk(item, f"{at}[{i}]")]
    return [(at, value)]


@pytest.mark.parametrize("name", sorted(SPEC.dialects))
def test_the_ir_is_frozen_nodes_holding_no_python(name: str) -> None:
    ir = dialect_ir(SPEC, SPEC.dialects[name])
    assert isinstance(ir, nodes.DialectIR)
    leaves = _walk(ir, name)
    assert leaves
    # JSON values taken from the schemas are data, not spellings: only the IR's own strings count
    spelled = [(at, v) for at, v in leaves if isinstance(v, str) and PYTHON.search(v) and ".value" not in at]
    assert spelled == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        ir.name = "other"  # type: ignore[misc]


def test_variants_carry_their_implied_values_and_what_they_cannot_carry() -> None:
    choice = dialect_ir(SPEC, SPEC.dialects["anthropic_messages"]).shape("tool_choice")
    assert choice is not None and choice.multi
    modes = [v.canonical.get("mode") for v in choice.variants]
    assert "none" in modes and "required" in modes
    none = choice.variants[modes.index("none")]
    assert {u.name for u in none.uncarried} >= {"names"}


def test_the_templates_never_search_what_they_rendered() -> None:
    for path in CONVERTER_TEMPLATES:
        text = path.read_text(encoding="utf-8")
        captures = re.findall(r"\{%-?\s*set\s+\w+\s*-?%\}", text)  # {% set x %}...{% endset %}
        assert captures == [], f"{path.name}: captures rendered code {captures}"
        assert not re.search(r'"\w+\)?" in \w+_code', text), path.name
        assert 'selectattr("name"' not in text, f"{path.name}: a test on a field's name"


def test_no_converter_template_is_over_400_lines() -> None:
    for path in CONVERTER_TEMPLATES:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path.name
