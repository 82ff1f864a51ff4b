"""Issue #25 point 1: OpenAI custom (freeform) tools. A custom tool's definition (its format:
text or a lark/regex grammar), its call (a plain-text input, no arguments object) and its
result map exactly between Chat and Responses, round-trip within each, and into every other
dialect are a tool.custom_dropped loss each: the definition, the call and the call's result
(never a result left answering no call). Tool choices naming custom tools (a forced one,
allowed_tools lists mixing custom and function entries) are read, exact between Chat and
Responses; elsewhere the choice keeps only its functions (a forced custom tool: no choice).
TypeScript converts as Python does."""

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
CHAT, RESPONSES = "openai_chat", "openai_responses"
OPENAI = (CHAT, RESPONSES)
OTHERS = sorted(n for n, d in SPEC.dialects.items() if n not in OPENAI and conversation_ir(d) is not None)
GRAMMAR = 'start: "SELECT " /[a-z_, ]+/ " FROM " /[a-z_]+/'
PARAMETERS = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}

CHAT_REQUEST: dict[str, Any] = {
    "model": "gpt-5",
    "messages": [
        {"role": "user", "content": "Count the users, then the weather in Paris."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_c1", "type": "custom", "custom": {"name": "run_sql", "input": "SELECT id FROM users"}},
                {"id": "call_f2", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}},
            ],
        },
        {"role": "tool", "tool_call_id": "call_c1", "content": "42 rows"},
        {"role": "tool", "tool_call_id": "call_f2", "content": "Sunny"},
    ],
    "tools": [
        {
            "type": "custom",
            "custom": {
                "name": "run_sql",
                "description": "Runs one SQL query.",
                "format": {"type": "grammar", "grammar": {"syntax": "lark", "definition": GRAMMAR}},
            },
        },
        {"type": "custom", "custom": {"name": "shell"}},
        {"type": "function", "function": {"name": "get_weather", "parameters": PARAMETERS}},
    ],
}
RESPONSES_REQUEST: dict[str, Any] = {
    "model": "gpt-5",
    "input": [
        {"role": "user", "content": "Count the users, then the weather in Paris."},
        {"type": "custom_tool_call", "call_id": "call_c1", "name": "run_sql", "input": "SELECT id FROM users"},
        {"type": "function_call", "call_id": "call_f2", "name": "get_weather", "arguments": "{}"},
        {"type": "custom_tool_call_output", "call_id": "call_c1", "output": "42 rows"},
        {"type": "function_call_output", "call_id": "call_f2", "output": "Sunny"},
    ],
    "tools": [
        {
            "type": "custom",
            "name": "run_sql",
            "description": "Runs one SQL query.",
            "format": {"type": "grammar", "syntax": "lark", "definition": GRAMMAR},
        },
        {"type": "custom", "name": "shell"},
        {"type": "function", "name": "get_weather", "parameters": PARAMETERS, "strict": False},
    ],
}
CHAT_RESPONSE: dict[str, Any] = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-5",
    "choices": [
        {
            "index": 0,
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "call_c1", "type": "custom", "custom": {"name": "run_sql", "input": "SELECT 1"}}],
            },
            "finish_reason": "tool_calls",
        }
    ],
}
REQUESTS = {CHAT: CHAT_REQUEST, RESPONSES: RESPONSES_REQUEST}
# Choices naming custom tools, {dialect: spelling}: one forced, allowed lists in either mode.
CHOICES: dict[str, dict[str, Any]] = {
    "forced": {
        CHAT: {"type": "custom", "custom": {"name": "run_sql"}},
        RESPONSES: {"type": "custom", "name": "run_sql"},
    },
    "allowed": {
        CHAT: {
            "type": "allowed_tools",
            "allowed_tools": {
                "mode": "auto",
                "tools": [
                    {"type": "custom", "custom": {"name": "run_sql"}},
                    {"type": "function", "function": {"name": "get_weather"}},
                ],
            },
        },
        RESPONSES: {
            "type": "allowed_tools",
            "mode": "auto",
            "tools": [{"type": "custom", "name": "run_sql"}, {"type": "function", "name": "get_weather"}],
        },
    },
    "required": {
        CHAT: {
            "type": "allowed_tools",
            "allowed_tools": {
                "mode": "required",
                "tools": [
                    {"type": "function", "function": {"name": "get_weather"}},
                    {"type": "custom", "custom": {"name": "shell"}},
                    {"type": "custom", "custom": {"name": "run_sql"}},
                ],
            },
        },
        RESPONSES: {
            "type": "allowed_tools",
            "mode": "required",
            "tools": [
                {"type": "function", "name": "get_weather"},
                {"type": "custom", "name": "shell"},
                {"type": "custom", "name": "run_sql"},
            ],
        },
    },
}
# What each choice leaves in a dialect without custom tools: the choice of its functions alone
# (as the source spells it), or none, and the losses that adds.
LEFT: dict[str, tuple[dict[str, Any] | None, list[tuple[str, str]]]] = {
    "forced": (None, [("tool_choice.dropped", "/tool_choice")]),
    "allowed": (
        {
            CHAT: {
                "type": "allowed_tools",
                "allowed_tools": {"mode": "auto", "tools": [CHOICES["allowed"][CHAT]["allowed_tools"]["tools"][1]]},
            },
            RESPONSES: {
                "type": "allowed_tools",
                "mode": "auto",
                "tools": [{"type": "function", "name": "get_weather"}],
            },
        },
        [("tool.custom_dropped", "/tool_choice/names/0")],
    ),
    "required": (
        {
            CHAT: {"type": "function", "function": {"name": "get_weather"}},
            RESPONSES: {"type": "function", "name": "get_weather"},
        },
        [("tool.custom_dropped", "/tool_choice/names/1"), ("tool.custom_dropped", "/tool_choice/names/2")],
    ),
}


def _with_choice(dialect: str, choice: Any) -> dict[str, Any]:
    wire = copy.deepcopy(REQUESTS[dialect])
    if choice is not None:
        wire["tool_choice"] = copy.deepcopy(choice)
    return wire


def _losses(out: Any) -> list[tuple[str, str]]:
    return [(loss.code, loss.pointer) for loss in out.losses]


def _no_type(request: dict[str, Any]) -> dict[str, Any]:
    """Responses input as the converter writes it: a message item gets its type."""
    out = copy.deepcopy(request)
    for item in out.get("input", []):
        if "role" in item:
            item["type"] = "message"
    return out


@pytest.mark.parametrize(("source", "target"), [(CHAT, RESPONSES), (RESPONSES, CHAT)])
def test_chat_and_responses_map_custom_tools_calls_and_results_exactly(source: str, target: str) -> None:
    out = convert(copy.deepcopy(REQUESTS[source]), source=source, target=target, shape="request")
    assert out.losses == []
    assert out.value == _no_type(REQUESTS[target])


@pytest.mark.parametrize("dialect", OPENAI)
def test_a_custom_tool_round_trips_within_its_dialect(dialect: str) -> None:
    wire = _no_type(REQUESTS[dialect])
    out = convert(copy.deepcopy(wire), source=dialect, target=dialect, shape="request")
    assert (out.value, out.losses) == (wire, [])


def test_a_response_with_a_custom_call_maps_both_ways() -> None:
    there = convert(copy.deepcopy(CHAT_RESPONSE), source=CHAT, target=RESPONSES, shape="response")
    assert [p for _code, p in _losses(there) if p.startswith("/message")] == []  # (created, usage: the envelope's)
    (item,) = there.value["output"]
    assert {k: item[k] for k in ("type", "call_id", "name", "input")} == {
        "type": "custom_tool_call",
        "call_id": "call_c1",
        "name": "run_sql",
        "input": "SELECT 1",
    }
    back = convert(there.value, source=RESPONSES, target=CHAT, shape="response")
    assert back.value["choices"][0]["message"]["tool_calls"] == CHAT_RESPONSE["choices"][0]["message"]["tool_calls"]


@pytest.mark.parametrize("target", OTHERS)
@pytest.mark.parametrize("source", OPENAI)
def test_another_dialect_drops_each_custom_tool_call_and_result_with_a_loss(source: str, target: str) -> None:
    out = convert(copy.deepcopy(REQUESTS[source]), source=source, target=target, shape="request", model="m")
    custom = sorted(p for code, p in _losses(out) if code == "tool.custom_dropped")
    result = 2 if source == CHAT else 3  # Responses: the function call is an item (a message) of its own
    calls = ["/messages/1/parts/0/call/input", f"/messages/{result}/parts/0/result/custom"]
    assert custom == [*calls, "/tools/0/format", "/tools/1/format"]
    sent = json.dumps(out.value)
    for gone in ("run_sql", "shell", "call_c1", "SELECT id"):  # no custom tool, call or orphaned result
        assert gone not in sent, (target, gone)
    assert "get_weather" in sent and "Sunny" in sent  # the function tool, its call and result stay
    with pytest.raises(LossError, match=r"custom \(freeform\) tool"):
        convert(copy.deepcopy(REQUESTS[source]), source=source, target=target, shape="request", model="m", strict=True)


@pytest.mark.parametrize("source", OPENAI)
def test_a_request_of_custom_tools_only_sends_no_tools_list(source: str) -> None:
    wire = copy.deepcopy(REQUESTS[source])
    wire["tools"] = wire["tools"][:2]
    for target in ("gemini", "anthropic_messages"):
        out = convert(copy.deepcopy(wire), source=source, target=target, shape="request", model="m")
        assert "tools" not in out.value and "functionDeclarations" not in json.dumps(out.value)


def test_a_result_of_a_custom_call_built_by_hand_is_spelled_apart_in_responses() -> None:
    """Encode marks a result answering a custom call, whichever dialect it came from."""
    canonical = {
        "messages": [
            {
                "role": "assistant",
                "parts": [{"type": "tool_call", "call": {"id": "c", "name": "t", "arguments": None, "input": "x"}}],
            },
            {
                "role": "user",
                "parts": [{"type": "tool_result", "result": {"call_id": "c", "content": [], "is_error": False}}],
            },
        ]
    }
    out = DIALECTS[RESPONSES].encode_request(canonical, model="m")
    assert [item["type"] for item in out.value["input"]] == ["custom_tool_call", "custom_tool_call_output"]


def test_typescript_converts_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    cases = [(s, t, REQUESTS[s], "request") for s in OPENAI for t in (*OPENAI, *OTHERS)]
    cases += [(CHAT, t, CHAT_RESPONSE, "response") for t in (*OPENAI, *OTHERS)]
    cases += [
        (s, t, _with_choice(s, c[s]), "request") for s in OPENAI for t in (*OPENAI, *OTHERS) for c in CHOICES.values()
    ]
    for source, target, wire, shape in cases:
        for strict in (False, True):
            options = {"source": source, "target": target, "shape": shape, "model": "m", "strict": strict}
            jobs.append({"wire": wire, "options": options})
            expected.append(answer(convert, wire, options, LossError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum("tool.custom_dropped" in json.dumps(a) for a in answers) >= 3 * len(OTHERS)


def test_extract_keeps_the_wire_order_and_inject_puts_each_back_in_its_place() -> None:
    """Two locations share /tools/* and /input/* (function and custom): one walk reads both."""
    module = DIALECTS[RESPONSES]
    wire = _no_type(RESPONSES_REQUEST)
    wire["tools"].insert(0, {"type": "web_search"})  # a hosted tool: kept where it is, never read
    found = module.extract(copy.deepcopy(wire))
    assert [t["name"] for t in found["tools"]] == ["run_sql", "shell", "get_weather"]
    assert [c["id"] for c in found["tool_calls"]] == ["call_c1", "call_f2"]
    assert [r.get("custom") for r in found["tool_results"]] == [True, None]
    back = module.inject(copy.deepcopy(wire), found)
    assert (back.value, back.losses) == (wire, [])


@pytest.mark.parametrize("kind", CHOICES)
@pytest.mark.parametrize("target", OPENAI)
@pytest.mark.parametrize("source", OPENAI)
def test_a_choice_naming_custom_tools_maps_exactly_between_chat_and_responses(
    source: str, target: str, kind: str
) -> None:
    """Chat's and Responses' custom choices (forced, allowed_tools) are read, not refused."""
    wire = _no_type(_with_choice(source, CHOICES[kind][source]))
    out = convert(wire, source=source, target=target, shape="request")
    assert out.losses == []
    assert out.value == _no_type(_with_choice(target, CHOICES[kind][target]))


@pytest.mark.parametrize("kind", CHOICES)
@pytest.mark.parametrize("target", OTHERS)
@pytest.mark.parametrize("source", OPENAI)
def test_another_dialect_gets_the_choice_without_its_custom_tools(source: str, target: str, kind: str) -> None:
    """A custom tool the choice names leaves it with a loss: a forced one drops the choice (the
    model chooses freely), allowed lists keep their functions, as if only those were named."""
    out = convert(_with_choice(source, CHOICES[kind][source]), source=source, target=target, shape="request", model="m")
    left, added = LEFT[kind]
    functions_only = convert(
        _with_choice(source, None if left is None else left[source]),
        source=source,
        target=target,
        shape="request",
        model="m",
    )
    assert out.value == functions_only.value
    if "tool_choice" not in SPEC.dialects[target].mapping["shapes"]:  # no choice at all: dropped whole
        added = [] if kind != "forced" else added
    assert sorted(_losses(out)) == sorted([*_losses(functions_only), *added])
    assert "run_sql" not in json.dumps(out.value) and "shell" not in json.dumps(out.value)
