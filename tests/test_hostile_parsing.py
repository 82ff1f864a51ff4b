"""Hostile JSON text, read the same way by every command and by the generated package
(issue 10, items 2, 7, 9 and 15).

- Not-JSON numbers (NaN, Infinity, -Infinity, 1e400) and lone surrogate escapes are invalid
  argument text wherever argument text is parsed, and invalid input wherever a command reads.
- Duplicate keys: the last one wins, everywhere (json, orjson and JSON.parse agree).
- Nesting deeper than MAX_DEPTH (512) is a finding with its position, never RecursionError.
- convert, extract and assemble read at most --max-record-bytes, like validate.
- One reader: a BOM, whitespace-only input and invalid UTF-8 get the same verdict and exit code
  in every command, from a file and from stdin; JSON lines split on \\n only; SSE also on a
  bare CR; a bad `data:` line followed by many `data:` lines takes linear time.
"""

from __future__ import annotations

import json
import os
import random
import re
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DecodeError, anthropic_messages, openai_chat
from toolwire_dialects._runtime import MAX_DEPTH, loads
from toolwire_dialects.streams import STREAMS, StreamError, assembler

from toolwire.spec import json_input
from toolwire.spec.loader import load_spec
from toolwire.spec.model import SpecError

REPO = Path(__file__).resolve().parents[1]
GENERATED = REPO / "generated"

NOT_JSON_ARGUMENTS = {
    "nan": '{"x": NaN}',
    "infinity": '{"x": Infinity}',
    "minus_infinity": '{"x": -Infinity}',
    "overflow": '{"x": 1e400}',
    "overflow_digits": '{"x": 1' + "0" * 400 + ".0}",
    "lone_high_surrogate": '{"x": "\\ud800"}',
    "lone_low_surrogate": '{"x": "\\udc00 end"}',
    "lone_surrogate_key": '{"\\ud800": 1}',
    "deep_3000": '{"x": ' + "[" * 3000 + "]" * 3000 + "}",
    "deep_limit_plus_one": '{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),
}


# the fields a chat.completion requires besides its choices (openai-python ChatCompletion)
CHAT_HEAD = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "m"}


def _openai_call(arguments: str) -> dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


# --- the generated package -------------------------------------------------------------------


@pytest.mark.parametrize("text", NOT_JSON_ARGUMENTS.values(), ids=NOT_JSON_ARGUMENTS.keys())
def test_not_json_argument_text_is_invalid_in_decoders_extract_and_assemblers(text: str) -> None:
    def invalid(call: dict[str, Any]) -> None:
        assert call["arguments"] is None and call["raw_arguments"] == text
        assert call["arguments_error"].startswith("not valid JSON")

    with pytest.raises(ValueError):
        loads(text)
    invalid(openai_chat.decode_tool_call(_openai_call(text)))
    envelope = {
        **CHAT_HEAD,
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {"role": "assistant", "tool_calls": [_openai_call(text)]},
            }
        ],
    }
    invalid(openai_chat.extract(envelope)["tool_calls"][0])

    stream = assembler("openai_chat")  # a dialect whose calls carry text
    half = len(text) // 2
    for piece in (text[:half], text[half:]):
        delta = {"index": 0, "function": {"arguments": piece}}
        if piece is not text[half:]:
            delta |= {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": piece}}
        stream.feed({"choices": [{"index": 0, "delta": {"tool_calls": [delta]}}]})
    stream.feed({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    invalid(stream.finish()[0])

    stream = assembler("anthropic_messages")  # a dialect whose calls carry objects
    block = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
    for event in (
        {"type": "content_block_start", "index": 0, "content_block": block},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": text}},
        {"type": "content_block_stop", "index": 0},
    ):
        stream.feed(event)
    invalid(stream.finish()[0])


def test_the_depth_limit_is_exact_and_valid_surrogate_pairs_and_large_numbers_still_parse() -> None:
    assert MAX_DEPTH == json_input.MAX_DEPTH == 512
    at_limit = '{"a": ' * MAX_DEPTH + "1" + "}" * MAX_DEPTH
    call = openai_chat.decode_tool_call(_openai_call(at_limit))
    assert call.get("arguments_error") is None and call["arguments"]["a"]["a"]
    assert json_input.parse_document(at_limit.encode())["a"]["a"]
    assert loads('{"x": "\\ud83d\\ude00", "y": 1.5e300, "z": 123456789012345678901234567890}') == {
        "x": "\U0001f600",
        "y": 1.5e300,
        "z": 123456789012345678901234567890,
    }
    with pytest.raises(ValueError, match="at character"):
        loads("[" * 600 + "]" * 600)


def _first_too_deep(text: str, limit: int) -> int | None:
    """The reference: walk every character, strings skipped (None when a string never ends)."""
    level, i = 0, 0
    while i < len(text):
        char = text[i]
        if char == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            if i >= len(text):
                return None
        elif char in "[{":
            level += 1
            if level > limit:
                return i
        elif char in "]}":
            level -= 1
        i += 1
    return None


def test_the_depth_scan_finds_the_first_bracket_past_the_limit_strings_skipped() -> None:
    # too_deep_at counts in C-level passes first and scans only a document that is too deep.
    rng = random.Random(5)
    for _ in range(5000):
        text = "".join(rng.choice('[]{}"\\a') for _ in range(rng.randint(0, 40)))
        for limit in (0, 1, 2, 4):
            if len(text) > limit and text.count("[") + text.count("{") > limit:
                assert json_input.too_deep_at(text, limit) == _first_too_deep(text, limit), (text, limit)


def test_duplicate_keys_keep_the_last_value_everywhere(tmp_path: Path) -> None:
    """The one rule for duplicate keys: the last wins (json, orjson and JSON.parse agree)."""
    text = '{"city": "Paris", "city": "Rome"}'
    assert loads(text) == {"city": "Rome"}
    assert json_input.parse_document(text.encode()) == {"city": "Rome"}
    from toolwire.validation.backends import loads as validate_loads

    assert validate_loads(text.encode()) == {"city": "Rome"}
    call = openai_chat.decode_tool_call(_openai_call(text))
    assert call["arguments"] == {"city": "Rome"} and call["raw_arguments"] == text
    payload = tmp_path / "dup.json"
    payload.write_text(
        '{"id": "call_1", "id": "call_2", "type": "function", "function": {"name": "f", "arguments": "{}"}}'
    )
    done = _run(
        [
            "convert",
            "--generated",
            GENERATED,
            "--from",
            "openai_chat",
            "--to",
            "anthropic_messages",
            "--shape",
            "tool_call",
            payload,
        ]
    )
    assert done.returncode == 0 and json.loads(done.stdout)["id"] == "call_2"


# --- every command, from a file and from stdin ---------------------------------------------

TOOLS = {"name": "f", "parameters": {"type": "object", "properties": {}}}
STREAM_EVENT = {"choices": [{"index": 0, "delta": {"role": "assistant"}}]}
COMMANDS: dict[str, list[str | Path]] = {
    "convert": [
        "convert",
        "--generated",
        GENERATED,
        "--from",
        "openai_chat",
        "--to",
        "anthropic_messages",
        "--shape",
        "tool_call",
    ],
    "extract": ["extract", "--generated", GENERATED, "--dialect", "openai_chat"],
    "assemble": ["assemble", "--generated", GENERATED, "--dialect", "openai_chat"],
    "validate": ["validate", "--dialect", "openai_chat"],
    "tools_generate": ["tools", "generate", "--out", "OUT"],
}


def _valid_input(command: str) -> dict[str, Any]:
    return {
        "convert": _openai_call("{}"),
        "extract": {
            **CHAT_HEAD,
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}],
        },
        "assemble": STREAM_EVENT,
        "validate": _openai_call("{}"),
        "tools_generate": TOOLS,
    }[command]


def _run(argv: list[str | Path], stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "toolwire", *map(str, argv)],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        cwd=REPO,
        timeout=300,
        check=False,
    )
    out = subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())
    assert "Traceback" not in out.stderr, out.stderr
    return out


def _every_command(
    tmp_path: Path, data: bytes, extra: tuple[str, ...] = ()
) -> dict[str, subprocess.CompletedProcess[str]]:
    """Every command on data, from a file and (but tools generate, which reads files) stdin."""
    jobs: dict[str, tuple[list[str | Path], bytes | None]] = {}
    for command, argv in COMMANDS.items():
        argv = [str(tmp_path / f"{command}.py") if a == "OUT" else a for a in argv]
        path = tmp_path / f"{command}.json"
        path.write_bytes(data)
        jobs[f"{command} file"] = ([*argv, *extra, path], None)
        if command != "tools_generate":
            jobs[f"{command} stdin"] = ([*argv, *extra, "-"], data)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = {name: pool.submit(_run, *job) for name, job in jobs.items()}
        return {name: future.result() for name, future in futures.items()}


FINDING = re.compile(r"^(?:toolwire: )?(?:<stdin>|\S+\.json):(\d+): ", re.MULTILINE)


def _line_of_finding(done: subprocess.CompletedProcess[str]) -> int | None:
    match = FINDING.search(done.stderr + done.stdout)
    return int(match.group(1)) if match else None


BAD_INPUTS = {
    "nan": (b'{"id": "call_1", "x": NaN}', 1, "NaN"),
    "infinity": (b'{\n "x": -Infinity}', 2, "Infinity"),
    "overflow": (b'{"x":\n\n 1e400}', 3, "1e400"),
    "lone_surrogate": (b'{"a": "\\ud83d\\ude00",\n "x": "\\ud800"}', 2, "surrogate"),
    "deep": (b"[" * 3000 + b"]" * 3000, 1, "deep"),
    "invalid_utf8": (b'{"id":\n "caf\xe9"}', 2, "UTF-8"),
    "whitespace_only": (b" \n\t\n", 1, "empty"),
}


@pytest.mark.parametrize("case", BAD_INPUTS, ids=BAD_INPUTS.keys())
def test_bad_input_is_a_finding_with_its_line_in_every_command(tmp_path: Path, case: str) -> None:
    data, line, words = BAD_INPUTS[case]
    for name, done in _every_command(tmp_path, data).items():
        assert done.returncode == 1, f"{name}: exit {done.returncode}\n{done.stderr}{done.stdout}"
        said = done.stderr + done.stdout
        assert words.lower() in said.lower(), f"{name}: {said}"
        if not name.startswith("tools"):
            assert _line_of_finding(done) == line, f"{name}: {said}"
        else:
            assert f"line {line}" in said, f"{name}: {said}"


def test_a_bom_is_accepted_the_same_in_every_command(tmp_path: Path) -> None:
    for command in COMMANDS:
        data = json_input.BOM + json.dumps(_valid_input(command)).encode()
        for name, done in _every_command(tmp_path, data).items():
            if name.startswith(command):
                assert done.returncode == 0, f"{name}: exit {done.returncode}\n{done.stderr}"


def test_input_over_the_byte_limit_is_a_finding_and_is_not_read_whole(tmp_path: Path) -> None:
    big = json.dumps({"pad": "x" * 5000}).encode()
    for name, done in _every_command(tmp_path, big, ("--max-record-bytes", "1K")).items():
        if name.startswith("tools"):
            continue  # reads definition files, not records
        assert done.returncode == 1, f"{name}: exit {done.returncode}\n{done.stderr}{done.stdout}"
        assert "limit" in done.stderr + done.stdout, name


@pytest.mark.parametrize("command", ["convert", "extract", "assemble"])
def test_endless_stdin_stops_at_the_limit_in_bounded_memory(command: str) -> None:
    def limit_memory() -> None:  # an unbounded read of /dev/zero would pass this in a second
        resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))

    argv = [sys.executable, "-m", "toolwire", *map(str, COMMANDS[command]), "--max-record-bytes", "4M"]
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            argv, stdin=zero, capture_output=True, cwd=REPO, timeout=120, check=False, preexec_fn=limit_memory
        )
    stderr = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in stderr and "over the limit of 4194304 bytes" in stderr, stderr


# --- spec and definition files ---------------------------------------------------------------


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e400", '"\\udfff"'])
def test_not_json_constants_in_dialect_json_are_spec_errors(workspace: Any, constant: str) -> None:
    path = workspace.schemas / "dialects" / "openai_chat" / "dialect.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("{", '{"x": ' + constant + ",", 1), encoding="utf-8")
    with pytest.raises(SpecError) as error:
        load_spec(workspace.schemas)
    assert any(p.startswith("schemas/dialects/openai_chat/dialect.json:1: /: ") for p in error.value.problems), (
        error.value.problems
    )


# --- framing ------------------------------------------------------------------------------

SEPARATORS = ["\u2028", "\u2029", "\u0085"]  # str.splitlines() breaks lines there; JSON strings hold them raw


def _openai_stream_events(arguments: str) -> list[dict[str, Any]]:
    first = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}
    return [
        {"choices": [{"index": 0, "delta": {"tool_calls": [first]}}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    ]


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(c):04X}" for c in SEPARATORS])
def test_json_lines_split_on_newline_only(tmp_path: Path, separator: str) -> None:
    arguments = json.dumps({"note": f"a{separator}b"}, ensure_ascii=False)
    text = "\n".join(json.dumps(e, ensure_ascii=False) for e in _openai_stream_events(arguments)) + "\n"
    stream = assembler("openai_chat")
    stream.feed_text(text.encode())
    assert stream.finish()[0]["arguments"] == {"note": f"a{separator}b"}
    path = tmp_path / "s.jsonl"
    path.write_text(text, encoding="utf-8")
    for source, stdin in ((path, None), ("-", text.encode())):
        done = _run(["assemble", "--generated", GENERATED, "--dialect", "openai_chat", source], stdin)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["tool_calls"][0]["arguments"] == {"note": f"a{separator}b"}


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
def test_sse_lines_may_end_with_a_bare_cr(tmp_path: Path, ending: str) -> None:
    events = _openai_stream_events('{"a": 1}')
    text = "".join(f"event: x{ending}data: {json.dumps(e)}{ending}{ending}" for e in events) + f"data: [DONE]{ending}"
    for size in (1, 2, 7, len(text)):  # chunks split anywhere, even between CR and LF
        stream = assembler("openai_chat")
        for start in range(0, len(text), size):
            stream.feed_text(text[start : start + size])
        assert stream.finish()[0]["arguments"] == {"a": 1}, size
    path = tmp_path / "s.sse"
    path.write_bytes(text.encode())
    done = _run(["assemble", "--generated", GENERATED, "--dialect", "openai_chat", path])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tool_calls"][0]["arguments"] == {"a": 1}


def test_an_event_over_several_data_lines_is_one_event() -> None:
    event = json.dumps(_openai_stream_events('{"a": 1}')[0], indent=1)
    text = "".join(f"data: {line}\n" for line in event.splitlines()) + "\n"
    text += f"data: {json.dumps(_openai_stream_events('')[1])}\n\n"
    stream = assembler("openai_chat")
    stream.feed_text(text)
    assert stream.finish()[0]["arguments"] == {"a": 1}


@pytest.mark.parametrize("first", ["data: {bad", "data: ["], ids=["fails_at_once", "fails_at_the_end"])
def test_a_bad_data_line_followed_by_many_data_lines_takes_linear_time(tmp_path: Path, first: str) -> None:
    """Re-parsing the growing event at every line is quadratic: minutes for 40,000 lines."""
    text = first + "\n" + "data: 1,\n" * 40000 + "\n"
    started = time.perf_counter()
    stream = assembler("openai_chat")
    with pytest.raises(StreamError) as error:
        stream.feed_text(text)
    assert error.value.line == 1 and "not valid JSON" in str(error.value)
    assert time.perf_counter() - started < 5
    path = tmp_path / "bad.sse"
    path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    done = _run(["assemble", "--generated", GENERATED, "--dialect", "openai_chat", path])
    assert done.returncode == 1 and re.match(
        r"^\S+bad\.sse:1: openai_chat/stream_event: /: not valid JSON", done.stderr
    )
    assert time.perf_counter() - started < 30  # a process start and the imports, on a shared machine


def test_every_stream_dialect_rejects_not_json_text_lines() -> None:
    for dialect in STREAMS:
        stream = assembler(dialect)
        with pytest.raises(StreamError, match="NaN"):
            stream.feed_text('{"a": NaN}\n')
        stream = assembler(dialect)
        with pytest.raises(StreamError, match="out of range"):
            stream.feed_text('[{"a": 1e400}]')
            stream.finish()


def test_deep_parameters_within_the_reader_limit_are_a_finding_in_tools_generate(tmp_path: Path) -> None:
    node: dict[str, Any] = {"type": "string"}
    for _ in range(250):  # 501 levels: the reader accepts it, the model generator recurses
        node = {"type": "object", "properties": {"a": node}}
    path = tmp_path / "deep.json"
    path.write_text(json.dumps({"name": "f", "parameters": node}), encoding="utf-8")
    done = _run(["tools", "generate", path, "--out", tmp_path / "out.py"])
    assert done.returncode in (0, 1), done.stderr
    if done.returncode == 1:
        assert done.stderr.startswith(f"{path}: /: parameters nest too deeply"), done.stderr


def test_anthropic_dict_input_and_a_deep_payload_do_not_recurse() -> None:
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(3000):
        node["a"] = {}
        node = node["a"]
    # a value handed in is held to the reader's depth limit (issue 21): a clean error, no recursion
    with pytest.raises(DecodeError, match="nested more than 512 levels deep"):
        anthropic_messages.decode_tool_call({"type": "tool_use", "id": "toolu_1", "name": "f", "input": deep})
