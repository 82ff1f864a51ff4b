"""The benchmarks still run (issue #22): each script of bench/ with --quick exits 0 and prints a
row for every size, each with its ratio. Nothing is timed here (bench/ is for that), but each
script asserts before timing that its hand-written side gives toolwire's output at every size,
so a failure here is also a hand-written contender that no longer matches."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TURNS = [1, 10, 100, 1000]
EVENTS = [100, 1000, 10000]


def _run(*command: str) -> str:
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{' '.join(command[1:])} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


def _sizes(out: str, pattern: str) -> list[int]:
    """The sizes named by the row headers (a line starting with the size), in order."""
    return [int(size) for size in re.findall(pattern, out, flags=re.MULTILINE)]


def _ratios(out: str, label: str) -> int:
    return len(re.findall(rf"^  {re.escape(label)}: median \d+\.\d+x, range ", out, flags=re.MULTILINE))


def test_conversation_bench_prints_every_size_and_the_memory_row() -> None:
    out = _run(sys.executable, "bench/conversation.py", "--quick")
    assert _sizes(out, r"^(\d+) turns? \(\d+ messages\)") == TURNS
    assert re.search(r"^  toolwire +median .* us/message$", out, flags=re.MULTILINE)
    assert _ratios(out, "toolwire/hand-written") == len(TURNS)
    assert "Peak memory, one conversion of 1000 turns (4002 messages)" in out
    assert re.search(r"^  toolwire/hand-written peak: \d+\.\d+x", out, flags=re.MULTILINE)


def test_relay_bench_prints_every_size() -> None:
    out = _run(sys.executable, "bench/relay.py", "--quick")
    assert _sizes(out, r"^(\d+) events in, \d+ chunks out") == EVENTS
    assert _ratios(out, "toolwire/hand-written") == len(EVENTS)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_typescript_bench_prints_every_size() -> None:
    out = _run("node", "bench/typescript/bench.mjs", "--quick")
    assert _sizes(out, r"^(\d+) turns? \(\d+ messages\)") == TURNS
    assert _sizes(out, r"^(\d+) events in, \d+ chunks out") == EVENTS
    # the tool call, every request size and every relay size
    assert _ratios(out, "generated/hand-written") == 1 + len(TURNS) + len(EVENTS)
