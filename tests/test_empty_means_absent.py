"""The mapping term empty_means_absent (issue 11, item 4): Gemini accepts
`allowedFunctionNames: []`, which restricts nothing, the same as leaving the field out.
Decoding gives the choice without names and keeps the empty list as a form, so that the
request goes back to Gemini unchanged and other dialects get nothing extra. (The shape-level
cases are vectors in schemas/vectors/gemini/tool_choice.json.)
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from toolwire_dialects import IdMap, convert, get_dialect

GEMINI = get_dialect("gemini")
META = Path(__file__).resolve().parents[1] / "schemas" / "meta" / "dialect.schema.json"


def _request(config: dict[str, Any], snake: bool = False) -> dict[str, Any]:
    if snake:
        return {
            "contents": [{"role": "user", "parts": [{"text": "Weather in Rome?"}]}],
            "tools": [{"function_declarations": [{"name": "get_weather"}]}],
            "tool_config": {"function_calling_config": config},
        }
    return {
        "contents": [{"role": "user", "parts": [{"text": "Weather in Rome?"}]}],
        "tools": [{"functionDeclarations": [{"name": "get_weather"}]}],
        "toolConfig": {"functionCallingConfig": config},
    }


REQUESTS = [
    (_request({"mode": "ANY", "allowedFunctionNames": []}), "required"),
    (_request({"mode": "VALIDATED", "allowedFunctionNames": []}), "auto"),
    (_request({"mode": "ANY", "allowed_function_names": []}, snake=True), "required"),
]


@pytest.mark.parametrize(("request_", "mode"), REQUESTS, ids=["ANY", "VALIDATED", "snake_case ANY"])
def test_an_empty_list_round_trips_through_a_whole_request(request_: dict[str, Any], mode: str) -> None:
    before = copy.deepcopy(request_)
    parts = GEMINI.extract(request_, id_map=IdMap())
    choice = parts["tool_choice"]
    assert choice["mode"] == mode and "names" not in choice
    assert choice["extensions"]["gemini"]["forms"]["/allowedFunctionNames"] == "empty"
    del parts["finish_reason"]
    result = GEMINI.inject(request_, parts, strict=True, id_map=IdMap())
    assert json.dumps(result.value) == json.dumps(before), "the empty list or its place changed"
    assert result.losses == []


def test_other_dialects_get_nothing_extra_and_nothing_comes_back() -> None:
    wire = {"mode": "ANY", "allowedFunctionNames": []}
    to_openai = convert(wire, source="gemini", target="openai_chat", shape="tool_choice", strict=True)
    assert (to_openai.value, to_openai.losses) == ("required", [])
    to_anthropic = convert(wire, source="gemini", target="anthropic_messages", shape="tool_choice", strict=True)
    assert (to_anthropic.value, to_anthropic.losses) == ({"type": "any"}, [])
    # Without the form, Gemini's own spelling is the field left out.
    back = convert("required", source="openai_chat", target="gemini", shape="tool_choice", strict=True)
    assert (back.value, back.losses) == ({"mode": "ANY"}, [])


def test_names_still_restrict_and_an_empty_name_is_still_rejected() -> None:
    decode = GEMINI.decode_tool_choice
    assert decode({"mode": "ANY", "allowedFunctionNames": ["a", "b"]}) == {"mode": "required", "names": ["a", "b"]}
    with pytest.raises(Exception, match="/allowedFunctionNames/0"):
        decode({"mode": "ANY", "allowedFunctionNames": [""]})


def _field_errors(field: dict[str, Any]) -> list[str]:
    mapping = {
        "dialect": "x",
        "title": "X",
        "shapes": {"tool_choice": {"schema": "tool_choice.json", "variants": [{"fields": {"names": field}}]}},
    }
    validator = Draft202012Validator(json.loads(META.read_text(encoding="utf-8")))
    return [e.message for e in validator.iter_errors(mapping)]


def test_the_meta_schema_takes_the_term_only_on_an_optional_string_list() -> None:
    assert (
        _field_errors({"pointer": "/n", "encoding": "string_list", "optional": True, "empty_means_absent": True}) == []
    )
    assert _field_errors({"pointer": "/n", "encoding": "string_list", "empty_means_absent": True}), "not optional"
    assert _field_errors({"pointer": "/n", "encoding": "single_name", "optional": True, "empty_means_absent": True})
    assert _field_errors({"pointer": "/n", "optional": True, "empty_means_absent": True}), "value encoding"


def test_an_empty_string_a_target_refuses_is_a_loss_named_by_its_field() -> None:
    """Bedrock refuses an empty tool description: it is left out, and the loss names the field
    (the message once read `an empty /description" (left out)`)."""
    tool = {"name": "get_weather", "description": "", "parameters": {"type": "object"}}
    encoded = get_dialect("bedrock_converse").encode_tool_definition(tool)
    assert "description" not in encoded.value["toolSpec"]
    assert [(loss.pointer, loss.what) for loss in encoded.losses] == [
        ("/description", "an empty description (left out)")
    ]
