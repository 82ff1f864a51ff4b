"""`toolwire validate` says what it detected each payload as, in text as in JSON (issue #24,
CLI point 3): a valid payload's text line is `path:line: dialect/shape: valid`, the same
dialect and shape its JSON object carries; with both --dialect and --shape nothing is detected
and valid payloads print nothing (the bulk path); -q prints findings only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ANTHROPIC_CALL = {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}}
GEMINI_CALL = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}


@pytest.fixture
def captures(tmp_path: Path) -> Path:
    (tmp_path / "a.json").write_text(json.dumps(ANTHROPIC_CALL), encoding="utf-8")
    lines = [json.dumps(GEMINI_CALL), json.dumps(ANTHROPIC_CALL)]
    (tmp_path / "b.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path


def _json_rows(cli_runner, *args: str) -> list[dict[str, object]]:
    result = cli_runner(["validate", "--format", "json", *args])
    assert result.exit_code == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_text_names_the_detected_dialect_of_each_payload_as_json_does(cli_runner, captures: Path) -> None:
    paths = [str(captures / "a.json"), str(captures / "b.jsonl")]
    result = cli_runner(["validate", *paths])
    assert result.exit_code == 0, result.stderr
    rows = _json_rows(cli_runner, *paths)
    assert [(r["path"], r["line"], r["dialect"], r["shape"], r["status"]) for r in rows] == [
        (paths[0], 1, "anthropic_messages", "tool_call", "valid"),
        (paths[1], 1, "gemini", "tool_call", "valid"),
        (paths[1], 2, "anthropic_messages", "tool_call", "valid"),
    ]
    assert result.stdout.splitlines() == [f"{r['path']}:{r['line']}: {r['dialect']}/{r['shape']}: valid" for r in rows]


def test_a_detected_dialect_is_named_when_only_the_shape_is_given(cli_runner, captures: Path) -> None:
    path = str(captures / "a.json")
    result = cli_runner(["validate", "--shape", "tool_call", path])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{path}:1: anthropic_messages/tool_call: valid\n"


def test_nothing_detected_or_quiet_prints_findings_only(cli_runner, captures: Path) -> None:
    path = str(captures / "b.jsonl")
    given = cli_runner(["validate", "--dialect", "anthropic_messages", "--shape", "tool_call", path])
    assert given.exit_code == 1  # line 1 is Gemini's
    assert given.stdout.startswith(f"{path}:1: anthropic_messages/tool_call: ")
    assert "valid\n" not in given.stdout and f"{path}:2:" not in given.stdout
    quiet = cli_runner(["validate", "-q", path])
    assert quiet.exit_code == 0 and quiet.stdout == "" and quiet.stderr == ""


def test_the_help_says_what_a_valid_payload_prints(cli_runner) -> None:
    assert "dialect/shape: valid" in cli_runner(["validate", "--help"]).output
