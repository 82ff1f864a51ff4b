"""The mapping terms wire_type (a content part field) and strict_mode_field (a parameters
field): each is data in dialect.json, and a mapping without it behaves the way leaving it out
says. Each case renders one dialect's converter module from a changed mapping and runs it."""

from __future__ import annotations

import copy
import types
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DecodeError

from toolwire.ir.shapes import dialect_ir
from toolwire.spec.loader import load_spec
from toolwire.spec.model import Spec
from toolwire.targets.python.context import dialect_context
from toolwire.targets.python.render import PYTHON_TEMPLATES, _environment

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")


def _module(spec: Spec, name: str, mapping: dict[str, Any]) -> types.ModuleType:
    """The converter module of dialect `name` generated from `mapping`, imported."""
    dialect = copy.copy(spec.dialects[name])
    dialect.mapping = mapping
    template = _environment(PYTHON_TEMPLATES).get_template("package/toolwire_dialects/{dialect}.py.j2")
    text = template.render(dialects=[], d=dialect_context(spec, dialect), header="# test")
    module = types.ModuleType(f"toolwire_dialects._test_{name}")
    module.__package__ = "toolwire_dialects"
    exec(compile(text, f"<{name} without the term>", "exec"), module.__dict__)
    return module


def _without(mapping: dict[str, Any], term: str) -> dict[str, Any]:
    """A copy of a mapping with every use of a term left out."""
    out = copy.deepcopy(mapping)
    stack: list[Any] = [out]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            node.pop(term, None)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


MISTRAL = SPEC.dialects["mistral"].mapping
OPENAI = SPEC.dialects["openai_chat"].mapping
DETAILED_IMAGE = {
    "role": "tool",
    "tool_call_id": "abcDEF123",
    "content": [{"type": "image_url", "image_url": {"url": "https://example.com/a.png", "detail": "high"}}],
}


def test_the_terms_are_in_the_mappings_that_need_them() -> None:
    assert '"wire_type"' in (ROOT / "schemas/dialects/mistral/dialect.json").read_text(encoding="utf-8")
    assert '"strict_mode_field": "strict"' in (ROOT / "schemas/dialects/openai_chat/dialect.json").read_text(
        encoding="utf-8"
    )
    urls = [
        pf
        for s in dialect_ir(SPEC, SPEC.dialects["mistral"]).shapes
        for v in s.variants
        for f in v.obj.fields
        for p in f.parts
        for pf in p.fields
        if pf.name == "url"
    ]
    assert urls and all(pf.wire_type == ("string",) for pf in urls)


def test_wire_type_string_passes_an_object_on_to_the_next_spelling() -> None:
    module = _module(SPEC, "mistral", MISTRAL)
    result = module.decode_tool_result(DETAILED_IMAGE)
    assert result["content"][0] == {"type": "image", "url": "https://example.com/a.png"}
    assert module.encode_tool_result(result, strict=True).value == DETAILED_IMAGE


def test_without_wire_type_the_first_url_spelling_takes_the_object_and_refuses_it() -> None:
    module = _module(SPEC, "mistral", _without(MISTRAL, "wire_type"))
    with pytest.raises(DecodeError, match="/content/0/image_url"):
        module.decode_tool_result(DETAILED_IMAGE)
    # a plain URL string is still read by the first spelling
    plain = {**DETAILED_IMAGE, "content": [{"type": "image_url", "image_url": "https://example.com/a.png"}]}
    assert module.decode_tool_result(plain)["content"][0] == {"type": "image", "url": "https://example.com/a.png"}


LOOSE_TOOL = {
    "name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},  # not strict-ready
    "strict": True,
}


def test_strict_mode_field_leaves_the_switch_out_for_a_schema_strict_mode_refuses() -> None:
    module = _module(SPEC, "openai_chat", OPENAI)
    encoded = module.encode_tool_definition(LOOSE_TOOL)
    assert "strict" not in encoded.value["function"]
    assert [loss.pointer for loss in encoded.losses] == ["/strict"]


def test_without_strict_mode_field_the_switch_is_sent_as_given() -> None:
    module = _module(SPEC, "openai_chat", _without(OPENAI, "strict_mode_field"))
    encoded = module.encode_tool_definition(LOOSE_TOOL)
    assert encoded.value["function"]["strict"] is True
    assert encoded.losses == []


def test_strict_mode_field_must_name_a_field_of_its_variant() -> None:
    broken = copy.deepcopy(OPENAI)
    broken["shapes"]["tool_definition"]["variants"][0]["fields"]["parameters"]["strict_mode_field"] = "strictly"
    dialect = copy.copy(SPEC.dialects["openai_chat"])
    dialect.mapping = broken
    with pytest.raises(ValueError, match="strict_mode_field names 'strictly'"):
        dialect_ir(SPEC, dialect)
