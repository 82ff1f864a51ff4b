"""`toolwire generate` shows its current step on a terminal once a run lasts a moment, and
nothing extra when stderr is piped (issue #24, CLI point 4)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from toolwire.cli import steps

REPO = Path(__file__).resolve().parents[1]
ARGS = ("generate", "--check", "--target", "python")
SUMMARY = "toolwire: generated is up to date"


def _on_a_terminal(*args: str) -> tuple[int, str]:
    """Run toolwire with stderr on a pseudo-terminal; its exit status and what the terminal showed."""
    pty = pytest.importorskip("pty")  # POSIX only: Windows has no pty module
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "toolwire", *args], cwd=REPO, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal's other end closed: the process is done with it
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    proc.communicate(timeout=300)
    return proc.returncode, shown.decode("utf-8", "replace")


def test_a_terminal_sees_the_current_step_then_a_clean_summary() -> None:
    status, shown = _on_a_terminal(*ARGS)
    assert status == 0, shown
    assert "toolwire: generate: rendering python (1/2), " in shown
    before, _, after = shown.rpartition("\r\x1b[K")  # the last redraw is erased before the summary
    assert "rendering python" in before
    assert after.strip() == SUMMARY


def test_piped_stderr_gets_the_summary_only(toolwire) -> None:
    proc = toolwire(*ARGS)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == SUMMARY + "\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_quick_run_shows_nothing_even_on_a_terminal() -> None:
    stream = _Terminal()
    with steps.Steps("generate", 2, stream=stream) as progress:
        progress.step("rendering python")
    assert stream.getvalue() == ""


def test_a_long_step_is_redrawn_with_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(steps, "DELAY", 0.0)
    stream = _Terminal()
    with steps.Steps("generate", 2, stream=stream) as progress:
        progress.step("rendering typescript")
        deadline = time.monotonic() + 10
        while "rendering typescript" not in stream.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
    shown = stream.getvalue()
    assert "\x1b[Ktoolwire: generate: rendering typescript (1/2), " in shown
    assert shown.endswith("\r\x1b[K")
