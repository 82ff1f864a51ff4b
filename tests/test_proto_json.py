"""The proto_json mapping term (issue 11, item 5): Gemini's API parses proto3 JSON, so each
field name may be snake_case as well as lowerCamelCase, and a repeated field may be one
value. Both are read (never silently dropped: extract used to give `tools: []`), both
spellings at once are an error, and encoding spells the output the way the input did.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DecodeError, IdMap, get_dialect
from toolwire_dialects._proto_json import camel, decode_spelling, encode_spelling, snake

GEMINI = get_dialect("gemini")
DECLARATION = {
    "name": "find_hotels",
    "parameters_json_schema": {"type": "object", "properties": {"max_price": {"type": "number"}}},
}
CALL_PART = {"function_call": {"name": "find_hotels", "args": {"max_price": 300}}, "thought_signature": "CiwB"}
RESULT_PART = {"function_response": {"name": "find_hotels", "response": {"output": {"hotel_ids": [1]}}}}

# The same request spelled four ways: each must give the same parts.
CAMEL = {
    "contents": [
        {"role": "user", "parts": [{"text": "Hotels in Rome under 300?"}]},
        {
            "role": "model",
            "parts": [
                {"functionCall": {"name": "find_hotels", "args": {"max_price": 300}}, "thoughtSignature": "CiwB"}
            ],
        },
        {"role": "user", "parts": [{"functionResponse": RESULT_PART["function_response"]}]},
    ],
    "tools": [
        {
            "functionDeclarations": [
                {"name": "find_hotels", "parametersJsonSchema": DECLARATION["parameters_json_schema"]}
            ]
        }
    ],
    "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["find_hotels"]}},
    "systemInstruction": {"parts": [{"text": "Be brief."}]},
}
SNAKE = {
    "contents": [
        {"role": "user", "parts": [{"text": "Hotels in Rome under 300?"}]},
        {"role": "model", "parts": [CALL_PART]},
        {"role": "user", "parts": [RESULT_PART]},
    ],
    "tools": [{"function_declarations": [DECLARATION]}],
    "tool_config": {"function_calling_config": {"mode": "ANY", "allowed_function_names": ["find_hotels"]}},
    "system_instruction": {"parts": [{"text": "Be brief."}]},
}
SINGLE = {  # every repeated field on the way to a part given as one value
    "contents": {"role": "model", "parts": CALL_PART},
    "tools": {"function_declarations": DECLARATION},
    "tool_config": {"function_calling_config": {"mode": "ANY", "allowed_function_names": "find_hotels"}},
}
MIXED = {  # each level in its own spelling
    "contents": [{"role": "model", "parts": [CALL_PART]}],
    "tools": {"functionDeclarations": [DECLARATION]},
    "tool_config": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": "find_hotels"}},
}


def _plain(parts: dict[str, Any]) -> dict[str, Any]:
    """The parts without extensions (the spelling) and minted ids."""

    def strip(value: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in value.items() if k not in ("extensions", "id")}

    return {
        "tools": [strip(t) for t in parts["tools"]],
        "tool_choice": parts["tool_choice"] and strip(parts["tool_choice"]),
        "tool_calls": [strip(c) for c in parts["tool_calls"]],
        "tool_results": [strip(r) for r in parts["tool_results"]],
    }


@pytest.mark.parametrize("request_", [SNAKE, SINGLE, MIXED], ids=["snake_case", "single values", "mixed"])
def test_extract_reads_every_spelling_like_camel_case(request_: dict[str, Any]) -> None:
    expected = _plain(GEMINI.extract(CAMEL))
    got = _plain(GEMINI.extract(request_))
    assert got["tools"] == expected["tools"] and got["tools"], "the tools were dropped"
    assert got["tool_choice"] == expected["tool_choice"] == {"mode": "tool", "names": ["find_hotels"]}
    assert got["tool_calls"] == expected["tool_calls"]
    if request_ is SNAKE:
        assert got["tool_results"] == expected["tool_results"] and got["tool_results"]


@pytest.mark.parametrize(
    "request_", [CAMEL, SNAKE, SINGLE, MIXED], ids=["camelCase", "snake_case", "single values", "mixed"]
)
def test_inject_of_extracted_parts_gives_the_request_back_in_its_own_spelling(request_: dict[str, Any]) -> None:
    before = copy.deepcopy(request_)
    parts = GEMINI.extract(request_, id_map=IdMap())
    del parts["finish_reason"]
    result = GEMINI.inject(request_, parts, strict=True, id_map=IdMap())
    assert result.value == request_
    assert json.dumps(result.value) == json.dumps(request_), "the keys moved"
    assert result.losses == []
    assert request_ == before, "inject works on a copy"


def test_inject_of_new_parts_keeps_the_request_spelling() -> None:
    tools = get_dialect("openai_chat").extract(
        {"model": "m", "messages": [], "tools": [{"type": "function", "function": {"name": "get_time"}}]}
    )["tools"]
    out = GEMINI.inject(SINGLE, {"tools": tools, "tool_choice": {"mode": "none"}}).value
    assert out["tools"] == {"function_declarations": {"name": "get_time"}}
    assert out["tool_config"] == {"function_calling_config": {"mode": "NONE"}}


def test_snake_case_response_is_read() -> None:
    """A response recorded from an SDK object's snake_case fields: the call and finish reason."""
    response = {
        "candidates": [{"content": {"role": "model", "parts": [CALL_PART]}, "finish_reason": "STOP", "index": 0}]
    }
    parts = GEMINI.extract(response)
    assert [(c["name"], c["arguments"]) for c in parts["tool_calls"]] == [("find_hotels", {"max_price": 300})]
    assert parts["finish_reason"] == "STOP"


@pytest.mark.parametrize(
    ("payload", "pointer"),
    [
        (
            {"contents": [], "tools": [{"functionDeclarations": [], "function_declarations": [DECLARATION]}]},
            "/tools/0/function_declarations",
        ),
        (
            {"contents": [], "tools": {"function_declarations": [], "functionDeclarations": []}},
            "/tools/function_declarations",
        ),
        (
            {"contents": [], "toolConfig": {}, "tool_config": {"function_calling_config": {"mode": "ANY"}}},
            "/tool_config",
        ),
    ],
)
def test_both_spellings_of_one_field_are_an_error(payload: dict[str, Any], pointer: str) -> None:
    with pytest.raises(DecodeError) as info:
        GEMINI.extract(payload)
    assert info.value.pointer == pointer
    assert "another spelling" in info.value.message


@pytest.mark.parametrize(
    ("shape", "wire"),
    [
        ("tool_call", CALL_PART),
        ("tool_result", RESULT_PART),
        ("tool_definition", DECLARATION),
        ("tool_choice", {"mode": "ANY", "allowed_function_names": "find_hotels"}),
        ("tool_choice", {"mode": "VALIDATED", "allowedFunctionNames": "find_hotels"}),
    ],
)
def test_parts_round_trip_in_their_own_spelling(shape: str, wire: dict[str, Any]) -> None:
    canonical = getattr(GEMINI, f"decode_{shape}")(wire)
    assert getattr(GEMINI, f"encode_{shape}")(canonical, strict=True).value == wire
    # and into another dialect and back, the canonical values are the same as camelCase's
    assert "function_call" not in json.dumps({k: v for k, v in canonical.items() if k != "extensions"})


def test_values_read_as_a_whole_keep_their_keys() -> None:
    """Argument objects, schemas and responses are user data: never re-spelled."""
    tree = {"functionCall": {"name": None, "args": None}}
    value = {"function_call": {"name": "f", "args": {"max_price": 1, "someKey": {"inner_key": 2}}}}
    out, forms = decode_spelling(value, tree, "gemini", "tool_call")
    assert out == {"functionCall": {"name": "f", "args": {"max_price": 1, "someKey": {"inner_key": 2}}}}
    assert forms == {"/function_call": "snake_case"}
    assert encode_spelling(copy.deepcopy(out), forms) == value
    same, none = decode_spelling(CAMEL["contents"][1]["parts"][0], tree, "gemini", "tool_call")
    assert none is None and same is CAMEL["contents"][1]["parts"][0], "no copy when nothing is re-spelled"


@pytest.mark.parametrize("name", ["functionCall", "parametersJsonSchema", "allowedFunctionNames", "mode", "urlContext"])
def test_snake_and_camel_are_inverse(name: str) -> None:
    assert camel(snake(name)) == name


def test_validate_accepts_the_snake_case_and_single_value_request(
    cli_runner: Any, repo_root: Path, tmp_path: Path
) -> None:
    for i, payload in enumerate((SNAKE, SINGLE, MIXED)):
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(payload), encoding="utf-8")
        result = cli_runner(["validate", "--schemas", repo_root / "schemas", "--format", "json", path])
        verdict = json.loads(result.stdout.splitlines()[0])
        assert (result.exit_code, verdict["dialect"], verdict["shape"], verdict["valid"]) == (
            0,
            "gemini",
            "request",
            True,
        ), result.stdout


def test_validate_accepts_a_snake_case_response(cli_runner: Any, repo_root: Path, tmp_path: Path) -> None:
    path = tmp_path / "response.json"
    path.write_text(
        json.dumps({"candidates": [{"content": {"role": "model", "parts": [CALL_PART]}, "finish_reason": "STOP"}]})
    )
    result = cli_runner(
        ["validate", "--schemas", repo_root / "schemas", "--dialect", "gemini", "--shape", "response", path]
    )
    assert result.exit_code == 0, result.stdout + result.stderr
