"""Issue #25 point 1, the opt-in: custom_tools="function" (TypeScript customTools, `toolwire
convert --custom-tools function`) sends every OpenAI custom tool as a function of one required
string parameter `input`, into any target: its description names the format (a grammar's text
included), each call's input text becomes arguments {"input": ...}, each result answers a
function call, and each tool and call so sent is a tool.custom_as_function loss that strict
mode and an allow-list let through (asked for). Reading back, a function stays a function.
convert_stream takes the option too (tests/test_custom_tools_stream.py); so does the command
line, for requests, responses and streams."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert

from tests.test_custom_tools import CHAT, CHAT_REQUEST, CHAT_RESPONSE, CHOICES, GRAMMAR, OPENAI, OTHERS, REQUESTS

ASKED = [
    ("tool.custom_as_function", "/tools/0"),
    ("tool.custom_as_function", "/tools/1"),
    ("tool.custom_as_function", "/messages/1/parts/0/call"),
]
INPUT = {"type": "object", "properties": {"input": {"type": "string"}}, "required": ["input"]}


def _calls(canonical: dict[str, Any]) -> list[dict[str, Any]]:
    messages = canonical["messages"] if "messages" in canonical else [canonical["message"]]
    return [p["call"] for m in messages for p in m["parts"] if p["type"] == "tool_call"]


def _results(canonical: dict[str, Any]) -> list[dict[str, Any]]:
    return [p["result"] for m in canonical["messages"] for p in m["parts"] if p["type"] == "tool_result"]


@pytest.mark.parametrize("target", [*OPENAI, *OTHERS])
@pytest.mark.parametrize("source", OPENAI)
def test_every_target_gets_each_custom_tool_as_a_function_of_one_string(source: str, target: str) -> None:
    wire = copy.deepcopy(REQUESTS[source])
    out = convert(wire, source=source, target=target, shape="request", model="m", custom_tools="function")
    codes = [(loss.code, loss.pointer) for loss in out.losses]
    assert [c for c in codes if c[0].startswith("tool.custom")] == ASKED
    back = DIALECTS[target].decode_request(out.value)
    tools = {tool["name"]: tool for tool in back["tools"]}
    assert set(tools) == {"run_sql", "shell", "get_weather"} and not any("format" in t for t in tools.values())
    for name in ("run_sql", "shell"):
        schema = tools[name]["parameters"]
        assert {k: schema[k] for k in INPUT} == {**INPUT, "properties": schema["properties"]}
        assert schema["properties"]["input"]["type"] == "string"
    assert tools["run_sql"]["description"].startswith("Runs one SQL query.\n\n")
    assert "lark grammar" in tools["run_sql"]["description"] and GRAMMAR in tools["run_sql"]["description"]
    assert tools["shell"]["description"] == "Its input is plain text, passed whole as the string parameter input."
    call = next(c for c in _calls(back) if c["name"] == "run_sql")
    assert call["arguments"] == {"input": "SELECT id FROM users"} and "input" not in call
    contents = [json.dumps(r["content"]) for r in _results(back)]
    assert len(contents) == 2 and "42 rows" in contents[0]  # the result answers the function call
    assert not any(r.get("custom") for r in _results(back))


@pytest.mark.parametrize("target", [*OPENAI, *OTHERS])
def test_a_response_s_custom_call_becomes_a_function_call(target: str) -> None:
    out = convert(copy.deepcopy(CHAT_RESPONSE), source=CHAT, target=target, shape="response", custom_tools="function")
    assert ("tool.custom_as_function", "/message/parts/0/call") in [(x.code, x.pointer) for x in out.losses]
    assert "tool.custom_dropped" not in [x.code for x in out.losses]
    (call,) = _calls(DIALECTS[target].decode_response(out.value))
    assert (call["name"], call["arguments"]) == ("run_sql", {"input": "SELECT 1"})


def test_strict_mode_and_an_allow_list_let_the_asked_losses_through() -> None:
    wire = REQUESTS[CHAT]
    out = convert(
        copy.deepcopy(wire),
        source=CHAT,
        target="openai_responses",
        shape="request",
        strict=True,
        custom_tools="function",
    )
    assert [(x.code, x.pointer) for x in out.losses] == ASKED
    allowed = convert(
        copy.deepcopy(wire),
        source=CHAT,
        target="anthropic_messages",
        shape="request",
        allow=["setting.defaulted"],
        custom_tools="function",
    )
    assert {x.code for x in allowed.losses} == {"tool.custom_as_function", "setting.defaulted"}


def test_a_choice_forcing_a_custom_tool_forces_the_function() -> None:
    wire = copy.deepcopy(CHAT_REQUEST)
    wire["tool_choice"] = CHOICES["forced"][CHAT]
    out = convert(wire, source=CHAT, target="anthropic_messages", shape="request", model="m", custom_tools="function")
    assert out.value["tool_choice"] == {"type": "tool", "name": "run_sql"}
    assert "tool_choice.dropped" not in [x.code for x in out.losses]


def test_a_round_trip_through_a_dialect_without_custom_tools_gives_a_function() -> None:
    """Anthropic has no custom tools: nothing there says the function was one."""
    there = convert(
        copy.deepcopy(CHAT_REQUEST), source=CHAT, target="anthropic_messages", shape="request", custom_tools="function"
    )
    back = convert(there.value, source="anthropic_messages", target=CHAT, shape="request")
    assert [t["type"] for t in back.value["tools"]] == ["function", "function", "function"]
    call = back.value["messages"][1]["tool_calls"][0]
    assert call["type"] == "function" and json.loads(call["function"]["arguments"]) == {"input": "SELECT id FROM users"}


def test_drop_is_the_default_and_another_value_is_refused() -> None:
    wire = REQUESTS[CHAT]
    default = convert(copy.deepcopy(wire), source=CHAT, target="anthropic_messages", shape="request")
    dropped = convert(
        copy.deepcopy(wire), source=CHAT, target="anthropic_messages", shape="request", custom_tools="drop"
    )
    assert (default.value, default.losses) == (dropped.value, dropped.losses)
    assert "tool.custom_dropped" in [x.code for x in default.losses]
    with pytest.raises(ValueError, match="unknown custom_tools option 'functions'; known: drop, function"):
        convert(
            copy.deepcopy(wire), source=CHAT, target="anthropic_messages", shape="request", custom_tools="functions"
        )


def test_typescript_sends_them_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    cases = [(s, t, REQUESTS[s], "request") for s in OPENAI for t in (*OPENAI, *OTHERS)]
    cases += [(CHAT, t, CHAT_RESPONSE, "response") for t in (*OPENAI, *OTHERS)]
    for source, target, wire, shape in cases:
        for value in ("function", "drop", "functions"):
            options = {"source": source, "target": target, "shape": shape, "model": "m"}
            jobs.append({"wire": wire, "options": {**options, "customTools": value}})
            expected.append(answer(convert, wire, {**options, "custom_tools": value}, ValueError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum("tool.custom_as_function" in json.dumps(a) for a in answers) == len(cases)


def test_the_command_line_takes_custom_tools(cli_runner: Any, repo_root: Any) -> None:
    base = ["convert", "--generated", repo_root / "generated", "--from", CHAT, "--to", "anthropic_messages"]
    text = json.dumps(REQUESTS[CHAT])
    done = cli_runner([*base, "--shape", "request", "--model", "m", "--custom-tools", "function"], input=text)
    assert done.exit_code == 0, done.stderr
    assert done.stderr.count("[tool.custom_as_function]") == 3 and "[tool.custom_dropped]" not in done.stderr
    assert json.loads(done.stdout)["tools"][0]["input_schema"]["required"] == ["input"]
    from tests.test_custom_tools_stream import _chat

    lines = "".join(f"data: {json.dumps(e)}\n\n" for e in _chat(function=False)) + "data: [DONE]\n\n"
    stream = cli_runner([*base, "--shape", "stream", "--custom-tools", "function"], input=lines)
    assert stream.exit_code == 0, stream.stderr
    assert "[tool.custom_as_function]" in stream.stderr and '"name":"run_sql"' in stream.stdout
    dropped = cli_runner([*base, "--shape", "stream"], input=lines)
    assert dropped.exit_code == 0 and "[tool.custom_dropped]" in dropped.stderr and "run_sql" not in dropped.stdout
    bad = cli_runner([*base, "--shape", "request", "--custom-tools", "functions"], input=text)
    assert bad.exit_code == 2 and "'functions' is not one of 'drop', 'function'" in bad.stderr
