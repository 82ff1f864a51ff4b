"""A one-line status of a long command's current step on stderr: `toolwire: generate:
rendering typescript (2/3), 4.2s`. Only on a terminal, and only once the run has lasted a
moment (a quick run shows nothing; piped stderr never sees it). The steps block (rendering,
compiling), so a background thread redraws the line."""

from __future__ import annotations

import sys
import threading
import time
from types import TracebackType
from typing import TextIO

from toolwire.cli.report import redraw

DELAY = 0.5  # seconds before the line appears
INTERVAL = 0.2  # seconds between redraws (the elapsed time moves)


class Steps:
    def __init__(self, command: str, total: int, *, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = _is_terminal(self.stream)
        self.command, self.total = command, total
        self.start = time.monotonic()
        self._label, self._number = "starting", 0
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._shown = False
        self._thread = threading.Thread(target=self._run, name="toolwire-steps", daemon=True)

    def step(self, label: str) -> None:
        """The step now under way (counted from 1)."""
        with self._lock:
            self._label, self._number = label, self._number + 1

    def __enter__(self) -> Steps:
        if self.enabled:
            self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        if self._shown:  # erase the line so what follows starts on a clean one
            redraw("", self.stream)

    def _run(self) -> None:
        if self._stop.wait(DELAY):
            return
        while not self._stop.is_set():
            with self._lock:
                now = time.monotonic() - self.start
                redraw(f"{self.command}: {self._label} ({self._number}/{self.total}), {now:.1f}s", self.stream)
                self._shown = True
            self._stop.wait(INTERVAL)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False
