"""`toolwire convert`: stdout JSON, one stderr line per loss, exit codes 0/1/2, never a traceback.

Exit codes: 0 converted (losses are reported, not fatal), 1 a finding (invalid or
wrong-dialect payload, a loss under --strict), 2 usage errors. Most cases run the command
in-process (click's CliRunner, for speed) against this checkout's generated package; the
`test_real_process_*` cases run `python -m toolwire convert` in a subprocess for each exit code.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

LOSS_LINE = re.compile(
    r"^loss: /\S*: [a-z][a-z0-9_]* cannot carry .+ \[[a-z_]+\.[a-z_]+\]$"
)  # loss: <pointer>: <target> cannot carry <what> [<code>]

OPENAI_CALL = {
    "id": "call_abc",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
}
ANTHROPIC_CALL = {"type": "tool_use", "id": "call_abc", "name": "get_weather", "input": {"city": "Paris"}}
ANTHROPIC_ERROR_RESULT = {"type": "tool_result", "tool_use_id": "toolu_01", "content": "boom", "is_error": True}
IS_ERROR_LOSS = "loss: /is_error: openai_chat cannot carry the error flag of a tool result [result.error_flag_dropped]"


def _stdin(payload: Any, text: str | None) -> str | None:
    return text if text is not None else json.dumps(payload) if payload is not None else None


@pytest.fixture
def convert(cli_runner: Any, repo_root: Path) -> Any:
    """`toolwire convert ARGS` in-process, on this checkout's generated package; payloads go to stdin."""

    def run(*args: str | Path, payload: Any = None, text: str | None = None) -> subprocess.CompletedProcess[str]:
        argv = ["convert", "--generated", repo_root / "generated", *args]
        result = cli_runner(argv, input=_stdin(payload, text))
        return subprocess.CompletedProcess(argv, result.exit_code, result.stdout, result.stderr)

    return run


@pytest.fixture
def convert_process(toolwire: Any, repo_root: Path) -> Any:
    """`python -m toolwire convert ARGS` in a subprocess, from the repo root."""

    def run(*args: str | Path, payload: Any = None, text: str | None = None) -> subprocess.CompletedProcess[str]:
        return toolwire(
            "convert", "--generated", repo_root / "generated", *args, input=_stdin(payload, text), cwd=repo_root
        )

    return run


def _lines(stream: str) -> list[str]:
    return stream.splitlines()


# --- exit 0 ----------------------------------------------------------------------------


def test_valid_conversion_prints_the_target_json(convert: Any) -> None:
    proc = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", payload=OPENAI_CALL)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == ANTHROPIC_CALL
    assert proc.stderr == ""


def test_reverse_conversion_keeps_the_argument_object(convert: Any) -> None:
    proc = convert(
        "--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_call", payload=ANTHROPIC_CALL
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["id"] == "call_abc" and out["type"] == "function" and out["function"]["name"] == "get_weather"
    assert json.loads(out["function"]["arguments"]) == {"city": "Paris"}
    assert proc.stderr == ""


def test_file_argument_and_explicit_stdin_are_read(convert: Any, tmp_path: Path) -> None:
    path = tmp_path / "call.json"
    path.write_text(json.dumps(OPENAI_CALL), encoding="utf-8")
    from_file = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", path)
    from_dash = convert(
        "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", "-", payload=OPENAI_CALL
    )
    from_default = convert(
        "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", payload=OPENAI_CALL
    )
    for proc in (from_file, from_dash, from_default):
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == ANTHROPIC_CALL


def test_loss_is_one_stderr_line_in_the_exact_format(convert: Any) -> None:
    proc = convert(
        "--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_result", payload=ANTHROPIC_ERROR_RESULT
    )
    assert proc.returncode == 0, proc.stderr
    assert _lines(proc.stderr) == [IS_ERROR_LOSS]
    assert json.loads(proc.stdout) == {"role": "tool", "tool_call_id": "toolu_01", "content": "boom"}


def test_every_loss_line_has_the_format(convert: Any) -> None:
    choice = {"type": "auto", "disable_parallel_tool_use": True}
    proc = convert("--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_choice", payload=choice)
    assert proc.returncode == 0, proc.stderr
    lines = _lines(proc.stderr)
    assert lines, "a parallel-tool-use setting openai_chat's tool_choice cannot hold must be reported"
    for line in lines:
        assert LOSS_LINE.match(line), line
    assert any(line.startswith("loss: /parallel: openai_chat cannot carry ") for line in lines), lines


# --- exit 1 ----------------------------------------------------------------------------


def test_strict_exits_1_on_a_loss_and_prints_no_output(convert: Any) -> None:
    proc = convert(
        "--from",
        "anthropic_messages",
        "--to",
        "openai_chat",
        "--shape",
        "tool_result",
        "--strict",
        payload=ANTHROPIC_ERROR_RESULT,
    )
    assert proc.returncode == 1
    assert _lines(proc.stderr) == [IS_ERROR_LOSS]
    assert proc.stdout == ""


def test_strict_without_a_loss_exits_0(convert: Any) -> None:
    proc = convert(
        "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", "--strict", payload=OPENAI_CALL
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == ANTHROPIC_CALL


@pytest.mark.parametrize(
    ("source", "shape", "payload", "error"),
    [
        (
            "openai_chat",
            "tool_call",
            ANTHROPIC_CALL,
            'openai_chat/tool_call: /type: expected "function", got "tool_use"',
        ),
        (
            "anthropic_messages",
            "tool_call",
            OPENAI_CALL,
            'anthropic_messages/tool_call: /type: expected "tool_use", got "function"',
        ),
        (
            "openai_chat",
            "tool_call",
            {"id": "call_1", "type": "function", "function": {"name": 5, "arguments": "{}"}},
            "openai_chat/tool_call: /function/name: expected a non-empty string, got 5",
        ),
        (
            "anthropic_messages",
            "tool_result",
            {"role": "tool", "tool_call_id": "call_1", "content": "x"},
            'anthropic_messages/tool_result: /type: expected "tool_result", got nothing',
        ),
    ],
    ids=["anthropic_call_as_openai", "openai_call_as_anthropic", "name_not_a_string", "openai_result_as_anthropic"],
)
def test_wrong_dialect_or_shape_exits_1_with_one_line_naming_dialect_shape_pointer(
    convert: Any, source: str, shape: str, payload: Any, error: str
) -> None:
    target = "anthropic_messages" if source == "openai_chat" else "openai_chat"
    proc = convert("--from", source, "--to", target, "--shape", shape, payload=payload)
    assert proc.returncode == 1
    assert _lines(proc.stderr) == [f"<stdin>:1: {error}"]  # the payload is one line of stdin
    assert proc.stdout == ""


def test_error_inside_an_array_names_the_element(convert: Any) -> None:
    proc = convert(
        "--from",
        "openai_chat",
        "--to",
        "anthropic_messages",
        "--shape",
        "tool_call",
        payload=[OPENAI_CALL, ANTHROPIC_CALL],
    )
    assert proc.returncode == 1
    assert _lines(proc.stderr) == ['<stdin>:1: openai_chat/tool_call: /1/type: expected "function", got "tool_use"']
    assert proc.stdout == ""


def test_malformed_json_on_stdin_exits_1_naming_the_line(convert: Any) -> None:
    proc = convert(
        "--from",
        "openai_chat",
        "--to",
        "anthropic_messages",
        "--shape",
        "tool_call",
        text='{\n  "id": "call_1",\n  "type": \n}\n',
    )
    assert proc.returncode == 1
    lines = _lines(proc.stderr)
    assert len(lines) == 1, lines
    assert lines[0].startswith("<stdin>:4: openai_chat/tool_call: /: not valid JSON"), lines[0]
    assert proc.stdout == ""


def test_malformed_json_file_exits_1_naming_file_and_line(convert: Any, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(
        '{"id": "call_1",\n "type": "function",\n "function": {"name": "f" "arguments": "{}"}}\n', encoding="utf-8"
    )
    proc = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", path)
    assert proc.returncode == 1
    lines = _lines(proc.stderr)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}:3: openai_chat/tool_call: /: not valid JSON"), lines[0]


@pytest.mark.parametrize("text", ["", "   \n", '{"a": 1}{"b": 2}'], ids=["empty", "blank", "two_documents"])
def test_input_that_is_not_one_json_document_exits_1(convert: Any, text: str) -> None:
    proc = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", text=text)
    assert proc.returncode == 1
    said = "not valid JSON" if text.strip() else "empty input: no payload"  # validate's words for blank input
    assert len(_lines(proc.stderr)) == 1 and said in proc.stderr, proc.stderr
    assert proc.stdout == ""


def test_file_that_is_not_utf8_is_malformed_input_exit_1(convert: Any, tmp_path: Path) -> None:
    """JSON text is UTF-8 (RFC 8259); undecodable bytes are a bad payload, not a usage error."""
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"id": "call_\xe9", "type": "function", "function": {"name": "f", "arguments": "{}"}}')
    proc = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", path)
    assert proc.returncode == 1, proc.stderr
    assert len(_lines(proc.stderr)) == 1, proc.stderr
    assert str(path) in proc.stderr


# --- exit 2 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "mentions"),
    [
        (["--from", "nope", "--to", "anthropic_messages", "--shape", "tool_call"], "nope"),
        (["--from", "openai_chat", "--to", "nope", "--shape", "tool_call"], "nope"),
        (["--from", "openai_chat", "--to", "anthropic_messages"], "--shape"),
        (["--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_cal"], "tool_cal"),
        (["--to", "anthropic_messages", "--shape", "tool_call"], "--from"),
        (
            ["--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", "/nonexistent/call.json"],
            "/nonexistent/call.json",
        ),
    ],
    ids=["unknown_source", "unknown_target", "missing_shape", "unknown_shape", "missing_from", "nonexistent_file"],
)
def test_usage_errors_exit_2(convert: Any, args: list[str], mentions: str) -> None:
    proc = convert(*args, payload=OPENAI_CALL)
    assert proc.returncode == 2, proc.stderr
    assert mentions in proc.stderr
    assert proc.stdout == ""


# --- arrays: parallel calls ------------------------------------------------------------


def test_array_of_parallel_calls_keeps_order_and_ids(convert: Any) -> None:
    calls = [
        {"type": "tool_use", "id": f"toolu_0{i}", "name": name, "input": {"n": i}}
        for i, name in enumerate(["first", "second", "third"])
    ]
    proc = convert("--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_call", payload=calls)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [c["id"] for c in out] == ["toolu_00", "toolu_01", "toolu_02"]
    assert [c["function"]["name"] for c in out] == ["first", "second", "third"]
    assert [json.loads(c["function"]["arguments"]) for c in out] == [{"n": 0}, {"n": 1}, {"n": 2}]
    assert proc.stderr == ""


def test_array_with_rewritten_ids_reports_each_loss_at_its_element(convert: Any) -> None:
    calls = [
        {"id": f"call:{i}", "type": "function", "function": {"name": f"f{i}", "arguments": "{}"}} for i in range(3)
    ]
    proc = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", payload=calls)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [c["name"] for c in out] == ["f0", "f1", "f2"]
    ids = [c["id"] for c in out]
    assert len(set(ids)) == 3
    assert all(re.fullmatch(r"[a-zA-Z0-9_-]+", i) for i in ids), ids
    lines = _lines(proc.stderr)
    assert [line.split(":")[1].strip() for line in lines] == ["/0/id", "/1/id", "/2/id"], lines
    for line, original, new in zip(lines, ["call:0", "call:1", "call:2"], ids, strict=True):
        assert LOSS_LINE.match(line), line
        assert repr(original) in line and repr(new) in line, line


def test_array_shares_one_id_map(convert: Any) -> None:
    """Two results answering the same call id get the same rewritten id."""
    results = [{"role": "tool", "tool_call_id": "call:same", "content": text} for text in ("a", "b")]
    proc = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_result", payload=results)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out[0]["tool_use_id"] == out[1]["tool_use_id"] != "call:same"
    assert [r["content"] for r in out] == ["a", "b"]


def test_strict_array_names_the_element_with_the_loss(convert: Any) -> None:
    results = [
        {"type": "tool_result", "tool_use_id": "toolu_01", "content": "fine"},
        ANTHROPIC_ERROR_RESULT,
    ]
    proc = convert(
        "--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_result", "--strict", payload=results
    )
    assert proc.returncode == 1
    assert _lines(proc.stderr) == [IS_ERROR_LOSS.replace("loss: /is_error", "loss: /1/is_error")]
    assert proc.stdout == ""


# --- invalid argument text -------------------------------------------------------------

TWO_OBJECTS = '{"a":1}{"b":2}'
INVALID_ARGUMENTS_CALL = {"id": "call_abc", "type": "function", "function": {"name": "f", "arguments": TWO_OBJECTS}}


def test_invalid_arguments_to_anthropic_report_the_loss(convert: Any) -> None:
    proc = convert(
        "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", payload=INVALID_ARGUMENTS_CALL
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    lines = _lines(proc.stderr)
    assert any(line.startswith("loss: /arguments: anthropic_messages cannot carry ") for line in lines), (
        f"arguments {TWO_OBJECTS!r} became {out.get('input')!r} without a loss line"
    )
    assert all(LOSS_LINE.match(line) for line in lines), lines
    assert out["name"] == "f" and out["id"] == "call_abc"


def test_invalid_arguments_with_strict_exit_1(convert: Any) -> None:
    proc = convert(
        "--from",
        "openai_chat",
        "--to",
        "anthropic_messages",
        "--shape",
        "tool_call",
        "--strict",
        payload=INVALID_ARGUMENTS_CALL,
    )
    assert proc.returncode == 1
    assert len(_lines(proc.stderr)) == 1
    assert proc.stderr.startswith("loss: /arguments: anthropic_messages cannot carry ")
    assert proc.stdout == ""


def test_invalid_arguments_within_openai_keep_their_text(convert: Any) -> None:
    proc = convert(
        "--from", "openai_chat", "--to", "openai_chat", "--shape", "tool_call", payload=INVALID_ARGUMENTS_CALL
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == INVALID_ARGUMENTS_CALL
    assert proc.stderr == ""


# --- the real process, one case per exit code ------------------------------------------


@pytest.mark.parametrize(
    ("args", "payload", "code", "stderr"),
    [
        (["--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call"], OPENAI_CALL, 0, ""),
        (
            ["--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_result"],
            ANTHROPIC_ERROR_RESULT,
            0,
            IS_ERROR_LOSS + "\n",
        ),
        (
            ["--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_result", "--strict"],
            ANTHROPIC_ERROR_RESULT,
            1,
            IS_ERROR_LOSS + "\n",
        ),
        (
            ["--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call"],
            ANTHROPIC_CALL,
            1,
            '<stdin>:1: openai_chat/tool_call: /type: expected "function", got "tool_use"\n',
        ),
        (["--from", "nope", "--to", "anthropic_messages", "--shape", "tool_call"], OPENAI_CALL, 2, None),
        (["--from", "openai_chat", "--to", "anthropic_messages"], OPENAI_CALL, 2, None),
    ],
    ids=["converted", "loss_reported", "strict_loss", "wrong_dialect", "unknown_dialect", "missing_shape"],
)
def test_real_process_exit_codes_and_streams(
    convert_process: Any, args: list[str], payload: Any, code: int, stderr: str | None
) -> None:
    proc = convert_process(*args, payload=payload)
    assert proc.returncode == code, proc.stderr
    if stderr is not None:
        assert proc.stderr == stderr
    else:
        assert proc.stderr.strip()
    if code == 0:
        json.loads(proc.stdout)
    else:
        assert proc.stdout == ""


def test_a_decode_error_names_the_line_of_its_pointer(convert: Any) -> None:
    text = json.dumps([OPENAI_CALL, ANTHROPIC_CALL], indent=2)
    proc = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", text=text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"tool_use"' in row)
    assert _lines(proc.stderr) == [
        f'<stdin>:{line}: openai_chat/tool_call: /1/type: expected "function", got "tool_use"'
    ]


_CUT_CALL = {
    "id": "c",
    "object": "chat.completion.chunk",
    "model": "gpt-x",
    "choices": [
        {
            "index": 0,
            "delta": {
                "tool_calls": [
                    {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a":'}}
                ]
            },
            "finish_reason": None,
        }
    ],
}
_FINISHED = {
    "id": "c",
    "object": "chat.completion.chunk",
    "model": "gpt-x",
    "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}],
}


@pytest.mark.parametrize("strict", [(), ("--strict",)], ids=["lenient", "strict"])
@pytest.mark.parametrize(
    ("events", "state"),
    [([_CUT_CALL], "incomplete"), ([_CUT_CALL, _FINISHED], "invalid")],
    ids=["cut_off", "invalid_arguments"],
)
def test_stream_with_a_bad_call_is_relayed_as_it_came_and_exits_1(
    convert: Any, events: list[dict[str, Any]], state: str, strict: tuple[str, ...]
) -> None:
    """What assemble reports about the input (a call cut off or invalid), the relay reports too,
    with exit 1, after relaying it as it came: a cut stream stays cut (no stop, no [DONE])."""
    text = "".join(f"data: {json.dumps(e)}\n\n" for e in events)
    done = convert("--from", "openai_chat", "--to", "anthropic_messages", "--shape", "stream", *strict, text=text)
    assert done.returncode == 1, done.stderr
    assert f"/tool_calls/0: {state} call 'f'" in done.stderr
    assert ("message_stop" in done.stdout) is (state == "invalid"), done.stdout
    assert "[DONE]" not in done.stdout


def test_model_names_the_model_a_url_carried(convert: Any) -> None:
    """A Gemini request names its model in the URL: --model puts it in the converted body."""
    gemini = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
    args = ("--from", "gemini", "--to", "cohere_v2", "--shape", "request")
    named = convert(*args, "--model", "command-a", payload=gemini)
    assert named.returncode == 0, named.stderr
    assert json.loads(named.stdout)["model"] == "command-a"
    assert named.stderr == ""
    unnamed = convert(*args, payload=gemini)  # Cohere requires a model: without one, no request
    assert unnamed.returncode == 1 and unnamed.stdout == ""
    assert "cohere_v2/request: /model: the dialect requires a model" in unnamed.stderr
    assert "--model" in unnamed.stderr


def test_model_is_no_stream_option(convert: Any) -> None:
    proc = convert("--from", "openai_chat", "--to", "gemini", "--shape", "stream", "--model", "m", text="")
    assert proc.returncode == 2 and "--model" in proc.stderr
