"""Hostile input: every CLI command over one corpus of bad inputs, generated here.

Each run is a real subprocess with a memory cap and a guard that records any attempt to
open a network connection. Whatever the input, every command must:
- never print a traceback, and exit with the README's code (1 for a finding about the input);
- say where the problem is (`path:line: ... /pointer: message`) on stderr;
- print strict JSON (no NaN, no Infinity) on stdout when it prints anything;
- give the same verdict from a file and from stdin;
- stay within bounded memory and never touch the network.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MEMORY_CAP = 1 << 30  # 1 GiB of address space more than enough for every command here
DEEP = 3000

GUARD = """
import os, socket
_log = os.environ["TOOLWIRE_TEST_NET_LOG"]
_connect = socket.socket.connect
def _refuse(self, address, *args):
    with open(_log, "a") as out:
        out.write(repr(address) + "\\n")
    raise OSError("network use refused by the hostile-input test")
socket.socket.connect = _refuse
socket.socket.connect_ex = _refuse
socket.create_connection = lambda address, *a, **k: _refuse(None, address)
"""


def _cap_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _tool_call(arguments: str) -> bytes:
    call = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}
    return json.dumps(call).encode()


def _chat_stream(*chunks: dict) -> bytes:
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


# name -> raw bytes. None of them is a valid payload of any command's input as given.
BAD_INPUTS: dict[str, bytes] = {
    "truncated_json": b'{"id": "call_1", "type": "function", "function": {"name": "f", "argu',
    "not_utf8": b'{"id": "\xff\xfe"}',
    "nan_payload": b'{"id": "call_1", "x": NaN}',
    "infinity_payload": b'{"id": "call_1", "x": -Infinity}',
    "deep_payload": b"[" * DEEP + b"]" * DEEP,
    "deep_object_payload": b'{"a":' * DEEP + b"1" + b"}" * DEEP,
    "scalar_payload": b"5",
    "string_payload": b'"hello"',
    "concatenated_objects": b'{"a": 1}{"b": 2}',
    "lone_surrogate_payload": b'{"id": "\\ud800"}',
    "overflowing_number_payload": b'{"id": "call_1", "x": 1e400}',
    "whitespace_only": b"  \n\t \n",
    "bom_then_garbage": b"\xef\xbb\xbf{oops",
    # Another dialect's payload: an Anthropic response (a stream event of no kind openai_chat sends).
    "another_dialects_payload": json.dumps(
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}],
        }
    ).encode(),
}

# The commands, each with how it takes one input file (or "-" for stdin).
COMMANDS: dict[str, Callable[[str, Path], list[str]]] = {
    "convert": lambda src, tmp: [
        "convert",
        "--from",
        "openai_chat",
        "--to",
        "anthropic_messages",
        "--shape",
        "tool_call",
        src,
    ],
    "extract": lambda src, tmp: ["extract", "--dialect", "openai_chat", src],
    "assemble": lambda src, tmp: ["assemble", "--dialect", "openai_chat", src],
    "validate": lambda src, tmp: ["validate", "--dialect", "openai_chat", src],
    "tools generate": lambda src, tmp: ["tools", "generate", src, "--out", str(tmp / "tools_out.py")],
}
FILE_ONLY = {"tools generate"}  # reads definition files, not stdin


# Commands whose stdout is JSON (validate prints findings in the chosen --format).
JSON_OUTPUT = {"convert", "extract", "assemble"}


@pytest.fixture(scope="module")
def guard_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("guard")
    (folder / "sitecustomize.py").write_text(GUARD)
    return folder


def run(
    args: list[str], guard_dir: Path, tmp: Path, stdin: bytes | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[bytes]:
    log = tmp / "network.log"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(guard_dir), os.environ.get("PYTHONPATH", "")]),
        "TOOLWIRE_TEST_NET_LOG": str(log),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "toolwire", *args],
        input=stdin,
        capture_output=True,
        cwd=REPO,
        env=env,
        timeout=timeout,
        preexec_fn=_cap_memory,
        check=False,
    )
    stderr = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, f"toolwire {' '.join(args)} crashed:\n{stderr}"
    assert "internal error" not in stderr, f"toolwire {' '.join(args)}:\n{stderr}"
    assert not log.exists(), f"toolwire {' '.join(args)} tried the network: {log.read_text()}"
    if proc.stdout.strip() and args[0] in JSON_OUTPUT:
        _assert_strict_json_output(proc.stdout.decode("utf-8"))
    return proc


def _refuse_constant(name: str) -> None:
    raise AssertionError(f"stdout holds {name}, which is not JSON")


def _assert_strict_json_output(text: str) -> None:
    text = text.strip()
    json.loads(text, parse_constant=_refuse_constant)


FINDING = re.compile(r"^.+:\d+: .*/\S*: ", re.MULTILINE)
# cli/report.py's convention: every stderr line is toolwire's own (`toolwire: `), a finding
# (`path[:line]: [what: ]/pointer: message`), a note or a loss.
STDERR_LINE = re.compile(
    r"^(?:toolwire: \S|note: \S|loss: \S|(?!toolwire: )[^\s:][^:]*(?::\d+)?: (?:[\w./-]+: )?/\S*: \S)"
)


def _odd_stderr_lines(proc: subprocess.CompletedProcess[bytes]) -> list[str]:
    return [line for line in proc.stderr.decode("utf-8", "replace").splitlines() if not STDERR_LINE.match(line)]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_is_a_finding_from_file_and_stdin(command: str, name: str, guard_dir: Path, tmp_path: Path) -> None:
    data = BAD_INPUTS[name]
    path = tmp_path / "input.json"
    path.write_bytes(data)
    from_file = run(COMMANDS[command](str(path), tmp_path), guard_dir, tmp_path)
    stderr = (from_file.stdout + from_file.stderr).decode("utf-8", "replace")
    assert from_file.returncode == 1, f"{command} on {name}: exit {from_file.returncode}\n{stderr}"
    assert FINDING.search(stderr), f"{command} on {name}: no `path:line: .../pointer:` finding:\n{stderr}"
    assert str(path) in stderr or path.name in stderr, stderr
    assert _odd_stderr_lines(from_file) == [], stderr
    assert not (tmp_path / "tools_out.py").exists(), "a finding must not write output"
    if command in FILE_ONLY:
        return
    from_stdin = run(COMMANDS[command]("-", tmp_path), guard_dir, tmp_path, stdin=data)
    assert from_stdin.returncode == from_file.returncode, (
        f"{command} on {name}: exit {from_stdin.returncode} from stdin, {from_file.returncode} from a file"
    )
    assert b"<stdin>:" in from_stdin.stdout + from_stdin.stderr
    assert _odd_stderr_lines(from_stdin) == []


# Argument text a model may send that is not a JSON object: kept raw, never repaired.
BAD_ARGUMENTS = {
    "nan": '{"x": NaN}',
    "infinity": '{"x": -Infinity}',
    "overflow": '{"x": 1e400}',
    "lone_surrogate": '{"x": "\\udc00"}',
    "concatenated": '{"a": 1}{"b": 2}',
    "truncated": '{"city": "Par',
    "deep": "[" * DEEP + "]" * DEEP,
    "not_an_object": "[1, 2]",
}


@pytest.mark.parametrize("name", sorted(BAD_ARGUMENTS))
def test_bad_argument_text_is_kept_raw_and_never_repaired(name: str, guard_dir: Path, tmp_path: Path) -> None:
    text = BAD_ARGUMENTS[name]
    call = _tool_call(text)
    same = run(
        ["convert", "--from", "openai_chat", "--to", "openai_chat", "--shape", "tool_call", "-"],
        guard_dir,
        tmp_path,
        stdin=call,
    )
    assert same.returncode == 0, same.stderr
    assert json.loads(same.stdout)["function"]["arguments"] == text  # verbatim, within the dialect
    response = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4.1",
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {"role": "assistant", "tool_calls": [json.loads(call)]},
            }
        ],
    }
    parts = run(["extract", "--dialect", "openai_chat", "-"], guard_dir, tmp_path, stdin=json.dumps(response).encode())
    assert parts.returncode == 0, parts.stderr
    (decoded,) = json.loads(parts.stdout)["tool_calls"]
    assert decoded["arguments"] is None and decoded["arguments_error"] and decoded["raw_arguments"] == text
    lossy = ["convert", "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call", "-"]
    reported = run(lossy, guard_dir, tmp_path, stdin=call)
    assert reported.returncode == 0 and b"loss: " in reported.stderr  # Anthropic cannot carry it: said so
    assert run([*lossy[:-1], "--strict", "-"], guard_dir, tmp_path, stdin=call).returncode == 1


@pytest.mark.parametrize("command", sorted(set(COMMANDS) - FILE_ONLY))
def test_endless_stdin_is_a_finding_in_bounded_memory(command: str, guard_dir: Path, tmp_path: Path) -> None:
    argv = [*COMMANDS[command]("-", tmp_path)[:-1], "--max-record-bytes", "1M", "-"]
    log = tmp_path / "network.log"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(guard_dir), os.environ.get("PYTHONPATH", "")]),
        "TOOLWIRE_TEST_NET_LOG": str(log),
    }
    # validate reads on past a record over the limit (the rest of a capture is still checked), so
    # it gets an end: more zeros than its memory cap; the others stop at the limit.
    source = (
        ["head", "-c", str(MEMORY_CAP + (MEMORY_CAP >> 1)), "/dev/zero"]
        if command == "validate"
        else ["cat", "/dev/zero"]
    )
    with subprocess.Popen(source, stdout=subprocess.PIPE) as zeros:
        proc = subprocess.run(
            [sys.executable, "-m", "toolwire", *argv], stdin=zeros.stdout, capture_output=True, cwd=REPO, env=env,
            timeout=120, preexec_fn=_cap_memory, check=False,
        )  # fmt: skip
        zeros.kill()
    stderr = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr and "MemoryError" not in stderr, stderr
    assert proc.returncode == 1, f"{command}: exit {proc.returncode}\n{stderr}"
    assert "<stdin>" in stderr + proc.stdout.decode("utf-8", "replace")
