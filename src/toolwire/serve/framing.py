"""An upstream stream cut into its events as the bytes arrive (SSE blocks, or JSON lines), so
each event is relayed, recorded and size-checked whole: an event that grows past the limit is
refused before it fills memory."""

from __future__ import annotations

import json
from typing import Any


class EventTooLarge(Exception):
    """An upstream event longer than the configured limit."""


class EventSplitter:
    """Bytes in, complete event texts out. SSE events end at a blank line (LF or CRLF line endings); JSON-lines events at a newline."""

    def __init__(self, framing: str, limit: int) -> None:
        self._sse = framing == "sse"
        self._limit = limit
        self._pending = b""

    def feed(self, chunk: bytes) -> list[str]:
        self._pending += chunk
        if self._sse:
            # CRLF endings read as LF (a CR alone stays: it may be half of a CRLF split across chunks)
            self._pending = self._pending.replace(b"\r\n", b"\n")
            *done, self._pending = self._pending.split(b"\n\n")
            texts = [block + b"\n\n" for block in done if block.strip()]
        else:
            *done, self._pending = self._pending.split(b"\n")
            texts = [line + b"\n" for line in done if line.strip()]
        if len(self._pending) > self._limit or any(len(t) > self._limit for t in texts):
            raise EventTooLarge(f"an upstream stream event is larger than the limit of {self._limit} bytes")
        return [t.decode("utf-8", "replace") for t in texts]

    def close(self) -> list[str]:
        """What is left when the upstream ended (an event without its final blank line)."""
        rest, self._pending = self._pending, b""
        return [rest.decode("utf-8", "replace") + ("\n\n" if self._sse else "\n")] if rest.strip() else []


def event_payload(text: str) -> Any:
    """The JSON payload of one event's text (its `data:` lines joined, or the JSON line), for
    the recording; None for events without one (`[DONE]`, comments, text that is not JSON)."""
    if text.lstrip().startswith(("{", "[")):
        data = text.strip()
    else:
        lines = [line[5:].removeprefix(" ") for line in text.split("\n") if line.startswith("data:")]
        data = "\n".join(lines)
    try:
        return json.loads(data) if data and data != "[DONE]" else None
    except (ValueError, RecursionError):
        return None
