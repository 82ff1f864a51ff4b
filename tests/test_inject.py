"""extract() and inject(): the canonical parts of a whole request or response, and back."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, IdMap
from toolwire_dialects._runtime import DecodeError

FOLDERS = {
    "openai-chat": "openai_chat",
    "openai-responses": "openai_responses",
    "anthropic": "anthropic_messages",
    "gemini": "gemini",
    "bedrock": "bedrock_converse",
    "mistral": "mistral",
    "cohere": "cohere_v2",
    "ollama": "ollama",
    "mcp": "mcp",
}
REQUEST = {
    "model": "gpt-5-mini",
    "messages": [{"role": "user", "content": "Weather in Paris?"}],
    "tools": [
        {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {}}}}
    ],
    "tool_choice": "required",
}


def _corpus_files(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.glob("*/*.json"))


def test_every_corpus_payload_goes_back_unchanged(corpus_dir: Path) -> None:
    checked = 0
    for path in _corpus_files(corpus_dir):
        module = DIALECTS[FOLDERS[path.parent.name]]
        payload = json.loads(path.read_text(encoding="utf-8"))
        parts = module.extract(payload, id_map=IdMap())
        del parts["finish_reason"]
        result = module.inject(copy.deepcopy(payload), parts, strict=True, id_map=IdMap())
        assert result.value == payload, path.name
        assert result.losses == []
        checked += 1
    assert checked >= 20


def test_an_empty_tool_list_removes_tools_and_the_choice() -> None:
    result = DIALECTS["openai_chat"].inject(REQUEST, {"tools": []})
    assert "tools" not in result.value and "tool_choice" not in result.value
    assert REQUEST["tools"], "inject works on a copy"


def test_tools_from_another_dialect_replace_the_list_with_losses_reported() -> None:
    anthropic = {
        "model": "m",
        "max_tokens": 5,
        "messages": [],
        "tools": [{"name": "f", "input_schema": {"type": "object"}, "cache_control": {"type": "ephemeral"}}],
    }
    tools = DIALECTS["anthropic_messages"].extract(anthropic)["tools"]
    result = DIALECTS["openai_chat"].inject(REQUEST, {"tools": tools, "tool_choice": {"mode": "none"}})
    # OpenAI rejects an object schema without properties: an empty one is added, and reported.
    parameters = {"type": "object", "properties": {}}
    assert result.value["tools"] == [{"type": "function", "function": {"name": "f", "parameters": parameters}}]
    assert result.value["tool_choice"] == "none"
    assert [loss.pointer for loss in result.losses] == [
        "/tools/0/extensions/anthropic_messages/fields/~1cache_control",
        "/tools/0/parameters",
    ]


def test_bedrock_server_tool_calls_are_not_client_tool_calls() -> None:
    """A server tool's call (toolUse with type server_tool_use) ran on the provider's side:
    extract leaves it out, and inject leaves it in place."""
    client = {
        "toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": {"city": "Paris"}, "type": "tool_use"}
    }
    server = {
        "toolUse": {"toolUseId": "srvtoolu_1", "name": "web_search", "input": {"q": "x"}, "type": "server_tool_use"}
    }
    response = {
        "output": {"message": {"role": "assistant", "content": [server, client]}},
        "stopReason": "tool_use",
        "usage": {"inputTokens": 30, "outputTokens": 9, "totalTokens": 39},
        "metrics": {"latencyMs": 700},
    }
    bedrock = DIALECTS["bedrock_converse"]
    parts = bedrock.extract(response)
    assert [call["id"] for call in parts["tool_calls"]] == ["tooluse_1"]
    renamed = [{**parts["tool_calls"][0], "id": "tooluse_2"}]
    content = bedrock.inject(response, {"tool_calls": renamed}).value["output"]["message"]["content"]
    assert content[0] == server and content[1]["toolUse"]["toolUseId"] == "tooluse_2"


def test_calls_are_replaced_one_for_one_and_a_count_mismatch_is_an_error() -> None:
    response: dict[str, Any] = {
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
                },
            }
        ],
    }
    calls = [{"id": "call_9", "name": "g", "arguments": {"x": 1}}]
    result = DIALECTS["openai_chat"].inject(response, {"tool_calls": calls})
    assert result.value["choices"][0]["message"]["tool_calls"][0]["function"] == {"name": "g", "arguments": '{"x":1}'}
    with pytest.raises(ValueError, match="has 1 tool_calls, parts give 2"):
        DIALECTS["openai_chat"].inject(response, {"tool_calls": calls * 2})


def test_request_level_parallel_tool_calls_is_the_choices_parallel() -> None:
    """OpenAI says "one call per turn" beside the choice (parallel_tool_calls), Anthropic inside
    it (disable_parallel_tool_use): extract and inject carry it across, and it leaves with the tools."""
    openai_request = {**REQUEST, "parallel_tool_calls": False}
    parts = DIALECTS["openai_chat"].extract(openai_request)
    assert parts["tool_choice"] == {"mode": "required", "parallel": False}
    anthropic = {"model": "m", "max_tokens": 10, "messages": []}
    moved = DIALECTS["anthropic_messages"].inject(
        anthropic, {"tools": parts["tools"], "tool_choice": parts["tool_choice"]}
    )
    assert moved.value["tool_choice"] == {"type": "any", "disable_parallel_tool_use": True}
    assert not moved.losses
    back = DIALECTS["openai_chat"].inject(REQUEST, DIALECTS["anthropic_messages"].extract(moved.value))
    assert back.value["parallel_tool_calls"] is False and back.value["tool_choice"] == "required"
    assert not back.losses
    assert (
        "parallel_tool_calls"
        not in DIALECTS["openai_chat"].inject(openai_request, {"tool_choice": {"mode": "auto"}}).value
    )
    no_tools = DIALECTS["openai_chat"].inject(openai_request, {"tools": []}).value
    assert not {"tools", "tool_choice", "parallel_tool_calls"} & set(no_tools)  # OpenAI rejects it without tools
    assert (
        DIALECTS["openai_chat"].extract({"model": "m", "messages": [], "parallel_tool_calls": True})["tool_choice"]
        is None
    )
    with pytest.raises(DecodeError, match="/parallel_tool_calls"):
        DIALECTS["openai_chat"].extract({**REQUEST, "parallel_tool_calls": "no"})


def test_openai_custom_tools_are_valid_and_left_alone() -> None:
    """Custom (free-form input) tools and their calls are read in their place (issue #25,
    tests/test_custom_tools.py); so is a custom tool choice (its name one of custom_names), which
    inject keeps in place when given no choice."""
    custom_call = {"id": "call_1", "type": "custom", "custom": {"name": "code_exec", "input": "print(1)"}}
    custom_tool = {"type": "custom", "custom": {"name": "code_exec", "description": "Run code"}}
    request = {
        "model": "gpt-5",
        "messages": [
            {
                "role": "assistant",
                "tool_calls": [
                    custom_call,
                    {"id": "call_2", "type": "function", "function": {"name": "f", "arguments": "{}"}},
                ],
            }
        ],
        "tools": [
            custom_tool,
            {"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}},
        ],
        "tool_choice": {"type": "custom", "custom": {"name": "code_exec"}},
    }
    chat = DIALECTS["openai_chat"]
    parts = chat.extract(request)
    assert [t["name"] for t in parts["tools"]] == ["code_exec", "f"]
    assert [c["id"] for c in parts["tool_calls"]] == ["call_1", "call_2"]
    assert parts["tool_choice"] == {"mode": "tool", "names": ["code_exec"], "custom_names": ["code_exec"]}
    again = chat.inject(request, {"tools": [{"name": "g", "parameters": {"type": "object", "properties": {}}}]}).value
    assert [tool["function"]["name"] for tool in again["tools"]] == ["g"]  # the custom tool is a tool now
    assert again["tool_choice"] == request["tool_choice"]
    assert again["messages"][0]["tool_calls"][0] == custom_call


def test_cohere_strict_tools_is_every_tools_strict() -> None:
    """Cohere says strict once for all tools (strict_tools); canonical says it per tool."""
    closed = {
        "type": "object",
        "properties": {"q": {"type": "string"}},
        "required": ["q"],
        "additionalProperties": False,
    }
    cohere = {
        "model": "command-a",
        "messages": [],
        "strict_tools": True,
        "tools": [{"type": "function", "function": {"name": n, "parameters": closed}} for n in ("a", "b")],
    }
    parts = DIALECTS["cohere_v2"].extract(cohere)
    assert [t["strict"] for t in parts["tools"]] == [True, True]
    openai = DIALECTS["openai_chat"].inject(REQUEST, {"tools": parts["tools"]})
    assert [t["function"]["strict"] for t in openai.value["tools"]] == [True, True] and not openai.losses
    back = DIALECTS["cohere_v2"].inject(
        {**cohere, "strict_tools": False}, DIALECTS["openai_chat"].extract(openai.value)
    )
    assert back.value["strict_tools"] is True and not back.losses
    assert "strict" not in back.value["tools"][0]["function"]
    mixed = [{**parts["tools"][0], "strict": True}, {**parts["tools"][1], "strict": False}]
    split = DIALECTS["cohere_v2"].inject(cohere, {"tools": mixed})
    assert "strict_tools" not in split.value
    assert [loss.pointer for loss in split.losses] == ["/tools/0/strict", "/tools/1/strict"]
