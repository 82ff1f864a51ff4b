"""A one-line progress bar on stderr, only on a terminal and only once a run lasts a while
(small inputs finish before it would appear; piped output never sees it)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

DELAY = 0.5  # seconds before the bar appears
INTERVAL = 0.1  # seconds between redraws


class Progress:
    def __init__(self, total: int, *, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.total = total
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.start = time.monotonic()
        self._next = self.start + DELAY
        self._shown = False
        self.done = 0
        self.records = 0

    def update(self, done: int, records: int) -> None:
        """Absolute progress: bytes consumed and records checked so far."""
        self.done, self.records = done, records
        if not self.enabled:
            return
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + INTERVAL
        self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = max(now - self.start, 1e-9)
        rate = self.records / elapsed
        if self.total:
            fraction = min(1.0, self.done / self.total)
            bar = "#" * int(fraction * 30)
            text = f"\r[{bar:<30}] {fraction:6.1%} {self.records:,} payloads {rate:,.0f}/s"
        else:
            text = f"\r{self.records:,} payloads {rate:,.0f}/s"
        self.stream.write(text)
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        if self._shown:
            self.stream.write("\r\033[K")  # erase the bar so the summary starts on a clean line
            self.stream.flush()
