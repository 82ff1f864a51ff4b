"""The envelope schemas keep up with the providers' SDK types and spec revisions (issue 11, item 4).

Hand-made payloads from the API references (not only the captured ones): each new field or
value validates under `--strict` with no drift, and a value the reference does not allow is
still a finding. Every corpus-more request and response validates as its own dialect.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

REPO = Path(__file__).resolve().parents[1]
FOLDERS = {
    "anthropic": "anthropic_messages",
    "mistral": "mistral",
    "openai-responses": "openai_responses",
    "openai-chat-compat": "openai_chat",
}
KINDS = {".request.json": "request", ".response.json": "response"}

ANTHROPIC_USER = {"role": "user", "content": [{"type": "text", "text": "Hi"}]}

# (dialect, kind, payload, why) that the current SDK types / spec revision allow
VALID: list[tuple[str, str, Any, str]] = [
    (
        "anthropic_messages",
        "request",
        {
            "model": "claude-opus-4-6",
            "max_tokens": 1024,
            "messages": [
                ANTHROPIC_USER,
                {"role": "assistant", "content": "Hello"},
                {
                    "role": "system",
                    "content": [{"type": "mid_conv_system", "content": [{"type": "text", "text": "Be brief."}]}],
                },
                ANTHROPIC_USER,
            ],
        },
        "a role system message between turns (BetaMessageParam) with a mid_conv_system block",
    ),
    (
        "anthropic_messages",
        "request",
        {
            "model": "claude-opus-4-6",
            "max_tokens": 1024,
            "messages": [
                ANTHROPIC_USER,
                {
                    "role": "system",
                    "content": [
                        {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "lookup"}},
                        {"type": "tool_removal", "tool": {"type": "mcp_toolset_reference", "server_name": "crm"}},
                        {
                            "type": "tool_addition",
                            "tool": {"type": "mcp_tool_reference", "server_name": "crm", "name": "find"},
                        },
                    ],
                },
            ],
            "tools": [{"name": "lookup", "input_schema": {"type": "object"}, "defer_loading": True}],
        },
        "tool_addition / tool_removal blocks in a system message, and a deferred tool",
    ),
    (
        "anthropic_messages",
        "request",
        {
            "model": "claude-opus-4-6",
            "max_tokens": 2048,
            "messages": [ANTHROPIC_USER],
            "thinking": {"type": "adaptive", "display": "omitted"},
        },
        "adaptive thinking with display omitted",
    ),
    (
        "anthropic_messages",
        "request",
        {
            "model": "claude-opus-4-6",
            "max_tokens": 4096,
            "messages": [ANTHROPIC_USER],
            "thinking": {"type": "enabled", "budget_tokens": 1024, "display": "summarized"},
        },
        "enabled thinking with a budget and display",
    ),
    (
        "anthropic_messages",
        "request",
        {"model": "claude-opus-4-6", "max_tokens": 16, "messages": [ANTHROPIC_USER], "thinking": {"type": "disabled"}},
        "disabled thinking",
    ),
    (
        "anthropic_messages",
        "request",
        {
            "model": "claude-opus-4-6",
            "max_tokens": 16,
            "messages": [ANTHROPIC_USER],
            "speed": "fast",
            "user_profile_id": "up_1",
            "thinking": {"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "drop_block"}},
        },
        "speed, user_profile_id and thinking block_binding",
    ),
    (
        "anthropic_messages",
        "response",
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-opus-4-6",
            "content": [{"type": "text", "text": "4"}],
            "usage": {
                "input_tokens": 3,
                "output_tokens": 1,
                "speed": "fast",
                "iterations": [{"input_tokens": 3, "output_tokens": 1}],
            },
        },
        "usage speed and iterations",
    ),
    (
        "mistral",
        "response",
        {
            "id": "x",
            "object": "chat.completion",
            "model": "mistral-small-latest",
            "created": 1,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "4"}, "finish_reason": "stop"}],
            "usage": {
                "prompt_tokens": 4,
                "completion_tokens": 1,
                "total_tokens": 5,
                "prompt_tokens_details": {"cached_tokens": 2},
            },
        },
        "usage.prompt_tokens_details.cached_tokens",
    ),
    (
        "openai_responses",
        "request",
        {
            "model": "gpt-4o",
            "input": [
                {"role": "user", "content": "Capital?"},
                {
                    "type": "function_call",
                    "call_id": "call_1",
                    "name": "get_capital",
                    "arguments": "{}",
                    "status": None,
                    "id": None,
                },
                {"type": "function_call_output", "call_id": "call_1", "output": "Potato City"},
            ],
        },
        "a replayed function_call input item with status and id null (the SDK model dumped)",
    ),
    (
        "gemini",
        "request",
        {
            "contents": [{"role": "user", "parts": [{"text": "Hi"}]}],
            "tools": [{"functionDeclarations": [{"name": "f", "description": "d"}]}],
            "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": []}},
        },
        "allowedFunctionNames: [] (no restriction)",
    ),
    (
        "gemini",
        "request",
        {
            "contents": [{"role": "user", "parts": [{"text": "Hi"}]}],
            "tool_config": {"function_calling_config": {"mode": "AUTO", "allowed_function_names": []}},
        },
        "allowed_function_names: [] in the snake_case spelling",
    ),
    (
        "mcp",
        "response",
        {
            "jsonrpc": "2.0",
            "id": 3,
            "result": {"content": [], "structuredContent": [1, 2, 3], "resultType": "complete"},
        },
        "structuredContent an array, with resultType (MCP 2026-07-28)",
    ),
    (
        "mcp",
        "response",
        {"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "42"}], "structuredContent": 42}},
        "structuredContent a number (MCP 2026-07-28)",
    ),
    (
        "mcp",
        "response",
        {
            "jsonrpc": "2.0",
            "id": 1,
            "result": {
                "tools": [
                    {
                        "name": "ids",
                        "inputSchema": {"type": "object"},
                        "outputSchema": {"type": "array", "items": {"type": "string"}},
                    }
                ],
                "resultType": "complete",
                "ttlMs": 60000,
                "cacheScope": "public",
            },
        },
        "a cacheable tools/list result whose tool's outputSchema is an array schema (MCP 2026-07-28)",
    ),
    (
        "mcp",
        "request",
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "ids", "arguments": {}, "inputResponses": {}, "requestState": "opaque", "_meta": {}},
        },
        "tools/call params with inputResponses and requestState (MCP 2026-07-28)",
    ),
]

# (dialect, kind, payload, pointer of the finding) the references do not allow
INVALID: list[tuple[str, str, Any, str]] = [
    ("anthropic_messages", "request", {"messages": [{"role": "tool", "content": "x"}]}, "/messages/0/role"),
    (
        "anthropic_messages",
        "request",
        {"messages": [ANTHROPIC_USER], "thinking": {"type": "sometimes"}},
        "/thinking/type",
    ),
    ("anthropic_messages", "request", {"messages": [ANTHROPIC_USER], "thinking": {"type": "enabled"}}, "/thinking"),
    (
        "anthropic_messages",
        "request",
        {"messages": [ANTHROPIC_USER], "thinking": {"type": "adaptive", "display": "full"}},
        "/thinking/display",
    ),
    (
        "anthropic_messages",
        "request",
        {"messages": [{"role": "system", "content": [{"type": "tool_addition", "tool": {"name": "x"}}]}]},
        "/messages/0/content/0/tool",
    ),
    (
        "openai_responses",
        "request",
        {"input": [{"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}", "status": "done"}]},
        "/input/0/status",
    ),
    (
        "gemini",
        "request",
        {"contents": [], "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": [""]}}},
        "/toolConfig/functionCallingConfig/allowedFunctionNames/0",
    ),
    (
        "mistral",
        "response",
        {"choices": [], "usage": {"prompt_tokens_details": {"cached_tokens": "many"}}},
        "/usage/prompt_tokens_details/cached_tokens",
    ),
]


def _validate(cli_runner: Callable[..., Result], dialect: str, kind: str, payload: Any) -> list[dict[str, Any]]:
    result = cli_runner(
        [
            "validate",
            "--schemas",
            REPO / "schemas",
            "--dialect",
            dialect,
            "--shape",
            kind,
            "--strict",
            "--format",
            "json",
            "-",
        ],
        input=json.dumps(payload),
    )
    assert result.exit_code in (0, 1), result.output
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert len(rows) == 1, result.stdout
    return rows


@pytest.mark.parametrize(("dialect", "kind", "payload", "why"), VALID, ids=[v[3] for v in VALID])
def test_current_fields_validate_without_drift(
    cli_runner: Callable[..., Result], dialect: str, kind: str, payload: Any, why: str
) -> None:
    (row,) = _validate(cli_runner, dialect, kind, payload)
    assert row["status"] == "valid", row
    assert not row.get("errors"), row  # --strict: no undescribed field either


@pytest.mark.parametrize(("dialect", "kind", "payload", "pointer"), INVALID, ids=[f"{v[0]}{v[3]}" for v in INVALID])
def test_values_the_reference_forbids_are_findings(
    cli_runner: Callable[..., Result], dialect: str, kind: str, payload: Any, pointer: str
) -> None:
    (row,) = _validate(cli_runner, dialect, kind, payload)
    assert row["status"] == "invalid", row
    assert pointer in [e["pointer"] for e in row["errors"]], row["errors"]


def _corpus_more_files(folder: Path) -> list[tuple[Path, str, str]]:
    out = []
    for path in sorted(folder.rglob("*")):
        kind = next((k for suffix, k in KINDS.items() if path.name.endswith(suffix)), None)
        if kind and path.parent.name in FOLDERS and path.parent.name != "openai-chat-compat":
            out.append((path, FOLDERS[path.parent.name], kind))
    return out


def test_corpus_more_first_party_payloads_validate_as_their_dialect(
    corpus_more_dir: Path, cli_runner: Callable[..., Result]
) -> None:
    files = _corpus_more_files(corpus_more_dir)
    assert len(files) >= 4
    for path, dialect, kind in files:
        result = cli_runner(
            ["validate", "--schemas", REPO / "schemas", "--dialect", dialect, "--shape", kind, "--strict", "-q", path]
        )
        assert result.exit_code == 0, f"{path}: {result.stdout}{result.stderr}"


def test_every_dialect_folder_says_what_it_follows() -> None:
    for folder in sorted((REPO / "schemas" / "dialects").iterdir()):
        if not (folder / "dialect.json").is_file():
            continue
        note = folder / "SOURCE.md"
        assert note.is_file(), f"{folder.name}: no SOURCE.md"
        text = note.read_text(encoding="utf-8")
        assert text.startswith(f"# {folder.name}:"), note
        assert any(ch.isdigit() for ch in text), f"{note}: names no SDK version, API or spec revision"
