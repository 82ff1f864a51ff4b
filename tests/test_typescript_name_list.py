"""A name list item without its name (a Responses `allowed_tools` choice whose tool names
none): TypeScript refuses it naming the name, as Python does, not with another variant's
first check (the generated read of an absent name was a mismatch in TypeScript only). A Chat item
whose nested level is no object is refused at that level in both (Python named the choice's
first variant, TypeScript the name)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects import convert
from toolwire_dialects._errors import DecodeError

from tests.test_typescript_json import CONVERT_DRIVER

CASES: list[Any] = [
    (
        "openai_responses",
        {"type": "allowed_tools", "mode": "required", "tools": [{"type": "function"}]},
        "/tools/0/name: expected a non-empty string, got nothing",
    ),
    (
        "openai_responses",
        {
            "type": "allowed_tools",
            "mode": "auto",
            "tools": [{"type": "function", "name": "f"}, {"type": "function", "name": ""}],
        },
        '/tools/1/name: expected a non-empty string, got ""',
    ),
    (
        "openai_chat",
        {"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": [{"type": "function", "function": -3}]}},
        "/allowed_tools/tools/0/function: expected an object, got -3",
    ),
]


@pytest.mark.parametrize(("source", "choice", "error"), CASES)
def test_a_nameless_allowed_tool_is_refused_naming_its_name_in_both_languages(
    source: str, choice: Any, error: str
) -> None:
    from tests.test_typescript_json import run_node, ts_dist

    target = "anthropic_messages"
    options = {"source": source, "target": target, "shape": "tool_choice"}
    with pytest.raises(DecodeError) as caught:
        convert(copy.deepcopy(choice), **options)
    assert str(caught.value) == f"{source}/tool_choice: {error}"
    answers = run_node(CONVERT_DRIVER, [{"wire": choice, "options": options}], (ts_dist() / "index.js").as_uri())
    assert answers == [["error", "DecodeError", str(caught.value)]], json.dumps(answers)
