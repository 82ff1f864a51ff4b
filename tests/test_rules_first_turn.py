"""Provider rules of kinds co_required and first_role (issue #23 point 8): Bedrock refuses a
history of toolUse/toolResult blocks without toolConfig, and a conversation whose first turn
is not the user's. A conversion synthesises the tool definitions from the calls' names (a
permissive input schema) and puts a bridge user turn first, each with a loss naming the rule;
strict refuses instead; validate reports a captured payload that breaks either rule."""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import LossError, RequiredValueError

from tests.test_rules_empty_order import ROOT, SPEC, TALKERS
from toolwire.ir.conversation import conversation_ir
from toolwire.ir.lower_rules import places
from toolwire.spec.model import SpecError
from toolwire.spec.rules import CoRequiredRule, FirstRoleRule, rules_of
from toolwire.validation.engine import validate_record
from toolwire.validation.rules import broken

BEDROCK = "bedrock_converse"
TOOLS_RULE = f"{BEDROCK}/tool-config-with-tool-blocks"
FIRST_RULE = f"{BEDROCK}/first-turn-user"
BRIDGE = {"role": "user", "content": [{"text": "Please continue."}]}
ANY_OBJECT = {"json": {"type": "object"}}


def _call(n: int, name: str, city: str) -> dict[str, Any]:
    return {"id": f"call_{n}", "type": "function", "function": {"name": name, "arguments": json.dumps({"city": city})}}


CHAT_TOOL_HISTORY = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "Weather and time in Paris, weather in Lyon?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                _call(1, "get_weather", "Paris"),
                _call(2, "get_time", "Paris"),
                _call(3, "get_weather", "Lyon"),
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "Sunny"},
        {"role": "tool", "tool_call_id": "call_2", "content": "14:00"},
        {"role": "tool", "tool_call_id": "call_3", "content": "Rain"},
        {"role": "user", "content": "Thanks"},
    ],
}
RESPONSES_TOOL_HISTORY = {
    "model": "m",
    "input": [
        {"role": "user", "content": "Weather?"},
        {"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "Sunny"},
    ],
}
CHAT_ASSISTANT_FIRST = {
    "model": "m",
    "messages": [
        {"role": "system", "content": "You are a travel assistant."},
        {"role": "assistant", "content": "Hello! Where to?"},
        {"role": "user", "content": "Paris"},
    ],
}
GEMINI_MODEL_FIRST = {
    "contents": [
        {"role": "model", "parts": [{"text": "Hello! Where to?"}]},
        {"role": "user", "parts": [{"text": "Paris"}]},
    ]
}
CHAT_EMPTY_THEN_ASSISTANT = {
    "model": "m",
    "messages": [
        {"role": "user", "content": ""},
        {"role": "assistant", "content": "Hello! Where to?"},
        {"role": "user", "content": "Paris"},
    ],
}


def _convert(wire: dict[str, Any], source: str, target: str = BEDROCK, strict: bool = False) -> Any:
    return convert(copy.deepcopy(wire), source=source, target=target, shape="request", model="m", strict=strict)


def _named(encoded: Any, rule: str) -> list[tuple[str, str, str]]:
    return [(loss.code, loss.pointer, loss.what) for loss in encoded.losses if f"rule {rule})" in loss.what]


def _findings(dialect: str, value: Any) -> list[tuple[str, str]]:
    return [found for rule in rules_of(SPEC.dialects[dialect]) for found in broken(rule, value)]


# --- co_required: toolConfig beside toolUse/toolResult -----------------------------------------


def test_a_tool_history_without_tools_gets_one_permissive_tool_per_call_name() -> None:
    encoded = _convert(CHAT_TOOL_HISTORY, "openai_chat")
    specs = [tool["toolSpec"] for tool in encoded.value["toolConfig"]["tools"]]
    assert specs == [
        {"name": "get_weather", "inputSchema": ANY_OBJECT},
        {"name": "get_time", "inputSchema": ANY_OBJECT},
    ]
    what = (
        "a history of tool calls without tool definitions (one synthesised per tool the calls use, "
        f'input schema {{"type": "object"}}; rule {TOOLS_RULE})'
    )
    assert _named(encoded, TOOLS_RULE) == [("tools.synthesised", "/tools", what)]
    assert not _findings(BEDROCK, encoded.value)


def test_a_responses_tool_history_gets_the_tools_too() -> None:
    encoded = _convert(RESPONSES_TOOL_HISTORY, "openai_responses")
    assert [t["toolSpec"]["name"] for t in encoded.value["toolConfig"]["tools"]] == ["lookup"]
    assert not _findings(BEDROCK, encoded.value)


def test_strict_refuses_a_tool_history_without_tools_naming_the_rule() -> None:
    with pytest.raises(LossError, match=f"rule {TOOLS_RULE}"):
        _convert(CHAT_TOOL_HISTORY, "openai_chat", strict=True)


def test_tools_given_are_kept_and_nothing_is_synthesised() -> None:
    request = copy.deepcopy(CHAT_TOOL_HISTORY)
    request["tools"] = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]
    encoded = _convert(request, "openai_chat")
    assert [t["toolSpec"]["name"] for t in encoded.value["toolConfig"]["tools"]] == ["get_weather"]
    assert _named(encoded, TOOLS_RULE) == []


def test_no_tool_blocks_no_tool_config() -> None:
    encoded = _convert({"model": "m", "messages": [{"role": "user", "content": "hi"}]}, "openai_chat")
    assert "toolConfig" not in encoded.value and _named(encoded, TOOLS_RULE) == []


CHAT_ORPHAN_RESULT = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "x1", "content": "Sunny"},
    ],
}


def test_tool_blocks_no_call_names_are_an_error_not_an_invalid_request() -> None:
    """A result answering no call leaves no name to make a tool of: the required toolConfig
    cannot be filled, so the conversion refuses (lenient too) rather than send what Bedrock rejects."""
    said = (
        "bedrock_converse/request: /toolConfig: tool blocks whose tool no call in the history names "
        f"(the target requires tool definitions beside them, and has no name to make one from; rule {TOOLS_RULE})"
    )
    with pytest.raises(RequiredValueError) as caught:
        _convert(CHAT_ORPHAN_RESULT, "openai_chat")
    assert str(caught.value) == said


def test_a_tool_choice_without_tools_is_dropped_as_before_beside_the_synthesised_tools() -> None:
    canonical = DIALECTS["openai_chat"].decode_request(copy.deepcopy(CHAT_TOOL_HISTORY))
    canonical["tool_choice"] = {"mode": "required"}
    encoded = DIALECTS[BEDROCK].encode_request(canonical)
    assert set(encoded.value["toolConfig"]) == {"tools"}
    codes = [loss.code for loss in encoded.losses]
    assert codes == ["tool_choice.dropped", "tools.synthesised"], encoded.losses


# --- first_role: a user turn first ---------------------------------------------------------------


@pytest.mark.parametrize(
    "wire, source, at",
    [(CHAT_ASSISTANT_FIRST, "openai_chat", "/messages/1"), (GEMINI_MODEL_FIRST, "gemini", "/messages/0")],
)
def test_an_assistant_first_turn_gets_a_user_bridge_turn_before_it(wire: dict[str, Any], source: str, at: str) -> None:
    encoded = _convert(wire, source)
    turns = encoded.value["messages"]
    assert turns[0] == BRIDGE and [t["role"] for t in turns] == ["user", "assistant", "user"]
    what = (
        f"a conversation starting with an assistant turn (the turn {json.dumps(BRIDGE)} put first; rule {FIRST_RULE})"
    )
    assert _named(encoded, FIRST_RULE) == [("turn.inserted", at, what)]
    assert not _findings(BEDROCK, encoded.value)


def test_a_user_first_turn_gets_no_bridge() -> None:
    encoded = _convert(CHAT_TOOL_HISTORY, "openai_chat")
    assert encoded.value["messages"][0]["content"] == [{"text": "Weather and time in Paris, weather in Lyon?"}]
    assert _named(encoded, FIRST_RULE) == []


def test_the_bridge_comes_before_the_first_turn_left_after_an_empty_one_is_dropped() -> None:
    encoded = _convert(CHAT_EMPTY_THEN_ASSISTANT, "openai_chat")
    assert [t["role"] for t in encoded.value["messages"]] == ["user", "assistant", "user"]
    assert encoded.value["messages"][0] == BRIDGE
    assert _named(encoded, FIRST_RULE) and not _findings(BEDROCK, encoded.value)


def test_strict_refuses_an_assistant_first_turn_naming_the_rule() -> None:
    with pytest.raises(LossError, match=f"rule {FIRST_RULE}"):
        _convert(CHAT_ASSISTANT_FIRST, "openai_chat", strict=True)


# --- validate --------------------------------------------------------------------------------------

TOOL_USE = {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}
TOOL_RESULT = {"toolResult": {"toolUseId": "t1", "content": [{"text": "ok"}]}}


@pytest.mark.parametrize(
    "payload, pointer, rule",
    [
        (
            {"modelId": "x", "messages": [{"role": "user", "content": [{"text": "a"}]}, {"role": "assistant", "content": [TOOL_USE]}, {"role": "user", "content": [TOOL_RESULT]}]},
            "/toolConfig",
            TOOLS_RULE,
        ),
        (
            {"modelId": "x", "messages": [{"role": "assistant", "content": [{"text": "Hello"}]}, {"role": "user", "content": [{"text": "hi"}]}]},
            "/messages/0/role",
            FIRST_RULE,
        ),
    ],
)  # fmt: skip
def test_validate_reports_a_missing_tool_config_or_an_assistant_first_turn(
    payload: dict[str, Any], pointer: str, rule: str
) -> None:
    result = validate_record(json.dumps(payload), schemas=ROOT / "schemas", dialect=BEDROCK, shape="request")
    assert result.status == "invalid", result
    assert [(f.pointer, f.keyword) for f in result.errors] == [(pointer, "rule")]
    assert f"(rule {rule})" in result.errors[0].message


def test_validate_accepts_a_tool_history_with_tool_config_and_a_user_first_turn() -> None:
    payload = {
        "modelId": "x",
        "messages": [
            {"role": "user", "content": [{"text": "a"}]},
            {"role": "assistant", "content": [TOOL_USE]},
            {"role": "user", "content": [TOOL_RESULT]},
        ],
        "toolConfig": {"tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}]},
    }
    result = validate_record(json.dumps(payload), schemas=ROOT / "schemas", dialect=BEDROCK, shape="request")
    assert result.status == "valid", result


# --- the rules as data ---------------------------------------------------------------------------


def test_bedrocks_rules_are_read_as_data() -> None:
    rules = {r.id: r for r in rules_of(SPEC.dialects[BEDROCK])}
    tools, first = rules["tool-config-with-tool-blocks"], rules["first-turn-user"]
    assert isinstance(tools, CoRequiredRule) and tools.fill == "calls" and tools.tokens == ("toolConfig",)
    assert tools.blocks == (
        ("messages", "*", "content", "*", "toolUse"),
        ("messages", "*", "content", "*", "toolResult"),
    )
    assert isinstance(first, FirstRoleRule) and first.first == "user" and first.turn == BRIDGE


def test_a_first_role_rule_away_from_the_turns_is_a_clear_spec_error() -> None:
    ir = conversation_ir(SPEC.dialects[BEDROCK])
    assert ir is not None
    first = next(r for r in ir.request.rules if isinstance(r, FirstRoleRule))
    odd = dataclasses.replace(first, tokens=("system",))
    with pytest.raises(
        SpecError, match=r"rule bedrock_converse/first-turn-user: pointer '/system' is not the request's"
    ):
        places(dataclasses.replace(ir.request, rules=(odd,)))


PROTO_NAMES = json.loads(
    json.dumps(CHAT_TOOL_HISTORY).replace('"get_weather"', '"constructor"').replace('"get_time"', '"__proto__"')
)


def test_names_an_object_prototype_has_are_tools_like_any_other() -> None:
    encoded = _convert(PROTO_NAMES, "openai_chat")
    assert [t["toolSpec"]["name"] for t in encoded.value["toolConfig"]["tools"]] == ["constructor", "__proto__"]


def test_typescript_repairs_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    sources = [
        ("openai_chat", CHAT_TOOL_HISTORY),
        ("openai_responses", RESPONSES_TOOL_HISTORY),
        ("openai_chat", CHAT_ASSISTANT_FIRST),
        ("gemini", GEMINI_MODEL_FIRST),
        ("openai_chat", CHAT_EMPTY_THEN_ASSISTANT),
        ("openai_chat", CHAT_ORPHAN_RESULT),
        ("openai_chat", PROTO_NAMES),  # names an object's prototype has: the distinct set is of own keys
    ]
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for source, wire in sources:
        for target in TALKERS:
            for strict in (False, True):
                options = {"source": source, "target": target, "shape": "request", "model": "m", "strict": strict}
                jobs.append({"wire": wire, "options": options})
                expected.append(answer(convert, wire, options, LossError, RequiredValueError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    said = json.dumps(answers)
    assert said.count(f"rule {TOOLS_RULE})") >= 2 and said.count(f"rule {FIRST_RULE})") >= 3
