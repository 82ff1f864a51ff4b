"""Every user-controlled string is escaped in every output format of `validate`.

File names, keys and values come from the files being checked. In GitHub format a raw newline
would let a key start its own `::warning` command in the workflow log; in text a key could
carry terminal codes or break a line in two. JSON output is JSON and keeps them exactly.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from toolwire.cli.validate import validate

REPO = Path(__file__).resolve().parents[1]
CALL = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
KEYS = ["k\n::warning file=a.py::injected", "\x1b[2Jcleared", "cr\r::error::x", "lit%0A,:", "ls\u2028ps\u2029"]
NAME = "evil\n::warning file=x.py::pwned,%0A\x1b[31m.jsonl"
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\u2028\u2029]")  # anything but \n between lines


def run(*args: str) -> Result:
    result = CliRunner().invoke(validate, ["--schemas", str(REPO / "schemas"), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture
def capture(tmp_path: Path) -> Path:
    lines = [json.dumps({**CALL, key: 1}) for key in KEYS]
    lines.append(json.dumps({**CALL, "id": "x\n::error::bad"}))  # in a schema error's message
    (tmp_path / NAME).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path


def test_github_annotations_cannot_start_a_workflow_command(capture: Path) -> None:
    result = run("--strict", "--format", "github", str(capture))
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert len(out) == len(KEYS) + 1  # one annotation per finding: no line was split
    assert all(line.startswith("::error file=") for line in out)
    for line in [*out[1:], *result.stderr.splitlines()]:
        assert not line.lstrip().startswith("::") or line.startswith("::error file="), line
    assert not CONTROL.search(result.stdout + result.stderr)
    file = out[0].split("file=", 1)[1].split(",line=", 1)[0]
    assert file.endswith("evil%0A%3A%3Awarning file=x.py%3A%3Apwned%2C%250A\\x1b[31m.jsonl")
    assert "/lit%250A,:: field not described" in result.stdout  # a literal %0A stays literal
    assert "/k%0A::warning file=a.py::injected: field not described" in result.stdout
    assert "'x\\n::error::bad' does not match" in result.stdout


def test_text_lines_carry_no_control_characters(capture: Path) -> None:
    result = run("--strict", str(capture))
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert len(out) == len(KEYS) + 1
    shown = str(capture / "evil\\n::warning file=x.py::pwned,%0A\\x1b[31m.jsonl")
    assert all(line.startswith(f"{shown}:") for line in out), out
    assert f"{shown}:2: anthropic_messages/tool_call: /\\x1b[2Jcleared: field not described" in result.stdout
    assert not CONTROL.search(result.stdout + result.stderr)
    # The drift report on stderr quotes the keys too.
    assert "  anthropic_messages/tool_call /k\\n::warning file=a.py::injected: 1 (in 1 payload(s))" in result.stderr
    assert "/cr\\r::error::x" in result.stderr and "/ls\\u2028ps\\u2029" in result.stderr


def test_json_keeps_every_string_exactly(capture: Path) -> None:
    result = run("--strict", "--format", "json", str(capture))
    assert "\u2028" not in result.stdout  # written \\u2028: a JSON line splits where a line ends
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert {row["path"] for row in rows} == {str(capture / NAME)}
    assert [row["errors"][0]["pointer"] for row in rows[: len(KEYS)]] == ["/" + key for key in KEYS]
    assert not CONTROL.search(result.stderr)


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_stderr_problems_quote_paths_escaped(tmp_path: Path, fmt: str) -> None:
    missing = str(tmp_path / "gone\n::warning::x.json")
    result = run("--format", fmt, missing)
    assert result.exit_code == 2
    assert f"cannot read {tmp_path}/gone\\n::warning::x.json: no such file or folder" in result.stderr
    assert not any(line.startswith("::") for line in result.stderr.splitlines())


def test_escape_text() -> None:
    from toolwire.spec.text import escape_text

    assert escape_text("a\nb\rc\td\x00e\x7ff\x85g") == "a\\nb\\rc\\td\\x00e\\x7ff\\x85g"
    assert escape_text("\u2028\u202e\u2066 ok é 中") == "\\u2028\\u202e\\u2066 ok é 中"
