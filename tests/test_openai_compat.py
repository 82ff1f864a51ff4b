"""OpenAI-compatible servers (issue 11, item 6): `--dialect openai_chat` keeps OpenAI's own rules;
the `compat` profile (schemas/dialects/openai_chat/profiles.json) accepts the documented quirks
and names each one it saw; extract/inject leave tools of unknown types alone; a tool call
without function.arguments is a call without arguments.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from toolwire_dialects import get_dialect

from toolwire.spec.loader import load_spec
from toolwire.spec.model import SpecError

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
CHAT = get_dialect("openai_chat")

FUNCTION_TOOL = {
    "type": "function",
    "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}},
}
SERVER_TOOL = {"type": "openrouter:web_search", "parameters": {"max_results": 3}}


def _rows(cli_runner: Callable[..., Result], payload: Any, *args: str) -> tuple[int, dict[str, Any]]:
    result = cli_runner(
        ["validate", "--schemas", SCHEMAS, "--dialect", "openai_chat", "--strict", "--format", "json", *args, "-"],
        input=json.dumps(payload),
    )
    (row,) = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return result.exit_code, row


def _notes(row: dict[str, Any]) -> list[tuple[str, str]]:
    return [(n["keyword"], n["pointer"]) for n in row.get("notes", [])]


# -- the captured payloads --------------------------------------------------------------------

CAPTURED = {
    "huggingface-router-empty-tools.request.json": (
        {
            ("null_tool_calls", "/messages/0/tool_calls"),
            ("null_tool_calls", "/messages/1/tool_calls"),
            ("no_function_tools", "/tools"),
        },
        "/tools",
    ),
    "openrouter-server-tools.request.json": (
        {("server_tool", "/tools/0"), ("no_function_tools", "/tools")},
        "/tools/0",
    ),
}


@pytest.mark.parametrize("name", sorted(CAPTURED))
def test_captured_compat_requests_validate_under_the_profile_and_say_which_quirks(
    name: str, corpus_more_dir: Path, cli_runner: Callable[..., Result]
) -> None:
    payload = json.loads((corpus_more_dir / "openai-chat-compat" / name).read_text(encoding="utf-8"))
    code, row = _rows(cli_runner, payload, "--profile", "compat")
    assert code == 0, row
    assert row["status"] == "valid" and not row["errors"], row
    assert set(_notes(row)) == CAPTURED[name][0]


@pytest.mark.parametrize("name", sorted(CAPTURED))
def test_captured_compat_requests_are_findings_under_openai_rules(
    name: str, corpus_more_dir: Path, cli_runner: Callable[..., Result]
) -> None:
    payload = json.loads((corpus_more_dir / "openai-chat-compat" / name).read_text(encoding="utf-8"))
    code, row = _rows(cli_runner, payload, "--shape", "request")
    assert code == 1
    assert row["status"] == "invalid" and CAPTURED[name][1] in [e["pointer"] for e in row["errors"]], row
    assert "notes" not in row


@pytest.mark.parametrize("name", sorted(CAPTURED))
def test_captured_compat_requests_extract_and_name_the_quirks(
    name: str, corpus_more_dir: Path, cli_runner: Callable[..., Result]
) -> None:
    path = corpus_more_dir / "openai-chat-compat" / name
    result = cli_runner(["extract", "--dialect", "openai_chat", "--profile", "compat", "--schemas", SCHEMAS, path])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["tools"] == []  # no function tool; the server tool is left alone
    for quirk, pointer in CAPTURED[name][0]:
        assert f"note: {pointer}: compat profile: " in result.stderr and f"[{quirk}]" in result.stderr


# -- hand-made payloads from the servers' documentation ----------------------------------------

MIXED_REQUEST = {
    "model": "openai/gpt-4o-mini",
    "messages": [
        {"role": "user", "content": "What time is it?", "tool_calls": None},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_time"}}],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "12:00"},
    ],
    "tools": [SERVER_TOOL, FUNCTION_TOOL, {"type": "openrouter:datetime"}],
}


def test_each_quirk_is_named_where_it_is(cli_runner: Callable[..., Result]) -> None:
    code, row = _rows(cli_runner, MIXED_REQUEST, "--profile", "compat")
    assert code == 0 and row["status"] == "valid", row
    assert _notes(row) == [
        ("null_tool_calls", "/messages/0/tool_calls"),
        ("no_arguments", "/messages/1/tool_calls/0/function"),
        ("server_tool", "/tools/0"),
        ("server_tool", "/tools/2"),
    ]


def test_findings_beside_an_accepted_quirk_point_into_the_original_payload(cli_runner: Callable[..., Result]) -> None:
    bad = json.loads(json.dumps(MIXED_REQUEST))
    bad["tools"][1]["function"]["name"] = 5  # after the dropped server tool: /tools/1, not /tools/0
    code, row = _rows(cli_runner, bad, "--profile", "compat", "--shape", "request")
    assert code == 1 and row["status"] == "invalid"
    assert [e["pointer"] for e in row["errors"]] == ["/tools/1/function/name"]
    assert ("server_tool", "/tools/0") in _notes(row)


@pytest.mark.parametrize(
    ("payload", "pointer"),
    [
        (
            {"model": "m", "messages": [], "tools": [{"type": "web_search", "parameters": {}}]},
            "/tools/0",
        ),  # not openrouter:*
        ({"model": "m", "messages": [], "tools": [{"type": "openrouter:x"}, {"type": "function"}]}, "/tools/1"),
        (
            {
                "messages": [
                    {
                        "role": "assistant",
                        "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": None}}],
                    }
                ]
            },
            "/messages/0/tool_calls/0/function/arguments",
        ),
    ],
    ids=["unknown tool type", "function tool without function", "arguments null"],
)
def test_the_profile_accepts_only_the_documented_quirks(
    cli_runner: Callable[..., Result], payload: Any, pointer: str
) -> None:
    code, row = _rows(cli_runner, payload, "--profile", "compat")
    assert code == 1 and row["status"] != "valid", row
    assert pointer in [e["pointer"] for e in row["errors"]], row["errors"]


def test_a_compat_response_validates_and_extracts(cli_runner: Callable[..., Result]) -> None:
    response = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1764000000,
        "model": "llama-3.3-70b",
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "now"}}],
                },
            },
            {
                "index": 1,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": "hi", "tool_calls": None},
            },
        ],
    }
    code, row = _rows(cli_runner, response, "--profile", "compat", "--shape", "response")
    assert code == 0, row
    assert _notes(row) == [
        ("no_arguments", "/choices/0/message/tool_calls/0/function"),
        ("null_tool_calls", "/choices/1/message/tool_calls"),
    ]
    code, row = _rows(cli_runner, response, "--shape", "response")
    assert code == 1
    (call,) = CHAT.extract(response)["tool_calls"]
    assert (call["name"], call["arguments"]) == ("now", {})


def test_extract_and_inject_leave_server_tools_alone() -> None:
    parts = CHAT.extract(MIXED_REQUEST)
    assert [t["name"] for t in parts["tools"]] == ["get_time"]
    (call,) = parts["tool_calls"]
    assert call["arguments"] == {} and call["extensions"]["openai_chat"]["forms"] == {"/function/arguments": "absent"}
    injected = CHAT.inject(MIXED_REQUEST, {"tools": parts["tools"]})
    value = injected.value if hasattr(injected, "value") else injected
    assert [t["type"] for t in value["tools"]] == ["openrouter:web_search", "openrouter:datetime", "function"]
    assert value["tools"][0] == SERVER_TOOL
    # a call without arguments goes back without them; with arguments, as JSON text
    assert CHAT.encode_tool_call(call).value["function"] == {"name": "get_time"}
    assert CHAT.encode_tool_call({**call, "arguments": {"a": 1}}).value["function"]["arguments"] == '{"a":1}'


def test_profile_usage_errors(cli_runner: Callable[..., Result]) -> None:
    for args in (
        ["--profile", "compat"],
        ["--dialect", "mistral", "--profile", "compat"],
        ["--dialect", "openai_chat", "--profile", "lax"],
    ):
        result = cli_runner(["validate", "--schemas", SCHEMAS, *args, "-"], input="{}")
        assert result.exit_code == 2 and "--profile" in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("quirk", "key", "value", "where"),
    [
        (0, "kinds", ["stream"], "/profiles/compat/quirks/0/kinds"),  # not an envelope kind
        (1, "match", {"type": "nothing"}, "/profiles/compat/quirks/1/match"),  # not a schema
        (2, "path", "tools", "/profiles/compat/quirks/2/path"),  # not a pointer
    ],
)
def test_a_broken_profile_is_a_spec_error(workspace: Any, quirk: int, key: str, value: Any, where: str) -> None:
    path = workspace.schemas / "dialects" / "openai_chat" / "profiles.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["profiles"]["compat"]["quirks"][quirk][key] = value
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(workspace.schemas)
    text = "\n".join(info.value.problems)
    assert "openai_chat/profiles.json:" in text and where in text, text
