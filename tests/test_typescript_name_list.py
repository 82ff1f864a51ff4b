"""A name list item without its name (a Responses `allowed_tools` choice whose tool names
none): TypeScript refuses it naming the name, as Python does, not with another variant's
first check (the generated read of an absent name was a mismatch in TypeScript only)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects import convert
from toolwire_dialects._errors import DecodeError

from tests.test_typescript_json import CONVERT_DRIVER

CHOICES: list[Any] = [
    {"type": "allowed_tools", "mode": "required", "tools": [{"type": "function"}]},
    {
        "type": "allowed_tools",
        "mode": "auto",
        "tools": [{"type": "function", "name": "f"}, {"type": "function", "name": ""}],
    },
]


@pytest.mark.parametrize("choice", CHOICES)
def test_a_nameless_allowed_tool_is_refused_naming_its_name_in_both_languages(choice: Any) -> None:
    from tests.test_typescript_json import run_node, ts_dist

    options = {"source": "openai_responses", "target": "openai_chat", "shape": "tool_choice"}
    with pytest.raises(DecodeError) as caught:
        convert(copy.deepcopy(choice), **options)
    at = f"/tools/{len(choice['tools']) - 1}/name"
    assert str(caught.value) == f"openai_responses/tool_choice: {at}: expected a non-empty string"
    answers = run_node(CONVERT_DRIVER, [{"wire": choice, "options": options}], (ts_dist() / "index.js").as_uri())
    assert answers == [["error", "DecodeError", str(caught.value)]], json.dumps(answers)
