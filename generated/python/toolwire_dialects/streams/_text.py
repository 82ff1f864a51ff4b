# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Stream text in: SSE (`data:` / `event:` lines, `[DONE]`), JSON lines, or one JSON array
of events streamed element by element, in chunks split anywhere (even inside a line or a
UTF-8 character); each event is fed as it completes, findings get the line it came from."""

from __future__ import annotations

import codecs
import json
import re
from typing import Any

from .._ids import IdMap
from .._strict_json import loads, raw_decode
from ._events import StreamError
from ._state import StreamState

__all__ = ["TextInput"]

_SSE_FIELDS = ("data:", "event:", "id:", "retry:", ":")
_SSE_LINES = re.compile(r"\r\n|\r|\n")  # SSE ends lines with CRLF, LF or a bare CR


class TextInput(StreamState):
    """feed_text() and what it holds between chunks (mixed into Assembler)."""

    __slots__ = ("_buf", "_decoder", "_line", "_mode", "_pending")

    def __init__(self, *, id_map: IdMap | None = None) -> None:
        super().__init__(id_map=id_map)
        self._buf = ""
        self._decoder: codecs.IncrementalDecoder | None = None
        self._line = 0
        self._pending: tuple[int, list[str]] | None = None
        self._mode: str | None = None  # "sse", "lines" (JSON lines) or "array"

    def feed_text(self, chunk: str | bytes) -> list[dict[str, Any]]:
        """Feed raw stream text in chunks split anywhere: SSE (`data:` / `event:` lines,
        `[DONE]`), JSON lines, or one JSON array of events streamed element by element
        (Gemini without alt=sse)."""
        if not isinstance(chunk, str):
            if self._decoder is None:
                self._decoder = codecs.getincrementaldecoder("utf-8")()
            chunk = self._decoder.decode(chunk)
        text = self._buf + chunk
        if self._mode is None:
            head = text.lstrip()
            if not head:
                self._buf = text
                return []
            if head[0] != "[" and len(head) < 6 and not _SSE_LINES.search(head):
                self._buf = text  # too short to tell "data:" from a JSON line yet
                return []
            # SSE also ends lines with a bare CR; JSON lines only with \n (U+2028 and
            # friends, even \r, may sit inside a JSON line).
            self._mode = "array" if head[0] == "[" else "sse" if head.startswith(_SSE_FIELDS) else "lines"
            if self._mode == "array":
                self._line += text.count("\n", 0, len(text) - len(head))
                text = head[1:]
        if self._mode == "array":
            if "}" not in chunk and "]" not in chunk:
                self._buf = text  # no element can have ended in this chunk
                return []
            return self._array_text(text, final=False)
        if self._mode == "sse":
            if "\n" not in chunk and "\r" not in chunk:
                self._buf = text  # no line ended in this chunk
                return []
            held = "\r" if text.endswith("\r") else ""  # may be the first half of a CRLF
            lines = _SSE_LINES.split(text[: len(text) - len(held)])
            self._buf = lines.pop() + held
        elif "\n" not in text:
            self._buf = text
            return []
        else:
            lines = text.split("\n")
            self._buf = lines.pop()
        out: list[dict[str, Any]] = []
        for line in lines:
            self._line += 1
            out.extend(self._text_line(line))
        return out

    def _array_text(self, text: str, final: bool) -> list[dict[str, Any]]:
        """Elements of a JSON array as they complete; text starts after the '['."""
        out: list[dict[str, Any]] = []
        decode = raw_decode
        pos = 0
        while True:
            while pos < len(text) and text[pos] in " \t\r\n,]":
                if text[pos] == "\n":
                    self._line += 1
                pos += 1
            if pos >= len(text):
                break
            try:
                event, end = decode(text, pos)
            except json.JSONDecodeError as exc:
                if final:
                    raise StreamError(self.DIALECT, "", f"not valid JSON: {exc}", self._line + 1) from None
                break  # the element is not complete yet
            except ValueError as exc:  # complete, but not JSON (NaN, 1e400, too deep): more text cannot help
                raise StreamError(self.DIALECT, "", f"not valid JSON: {exc}", self._line + 1) from None
            line = self._line + 1
            self._line += text.count("\n", pos, end)
            pos = end
            out.extend(self._feed_at(event, line))
        self._buf = text[pos:]
        return out

    def _text_line(self, line: str) -> list[dict[str, Any]]:
        line = line.removesuffix("\r")
        if not line.strip():
            return self._flush_pending()
        if line.startswith("data:"):
            data = line[6:] if line.startswith("data: ") else line[5:]
            if self._pending is not None:
                self._pending[1].append(data)  # parsed once, when the event ends: linear time
                return []
            if data.strip() == "[DONE]":
                return []
            try:
                event = loads(data)
            except ValueError:
                # SSE allows an event's data over several lines: it runs to the next blank line.
                self._pending = (self._line, [data])
                return []
        elif line.startswith(_SSE_FIELDS):
            return []
        else:
            out = self._flush_pending()
            try:
                event = loads(line)
            except ValueError as exc:
                raise StreamError(self.DIALECT, "", f"not valid JSON: {exc}", self._line) from None
            return out + self._feed_at(event, self._line)
        return self._feed_at(event, self._line)

    def _feed_at(self, event: Any, line: int) -> list[dict[str, Any]]:
        reported = len(self.findings) + len(self.notes)
        try:
            return self.feed(event)
        except StreamError as exc:
            exc.line = line
            raise
        finally:
            if len(self.findings) + len(self.notes) > reported:
                for report in (*self.findings, *self.notes):
                    report.setdefault("line", line)

    def _flush_pending(self) -> list[dict[str, Any]]:
        """The event whose data ran over several `data:` lines, now that it has ended."""
        if self._pending is None:
            return []
        line, data = self._pending
        self._pending = None
        try:
            event = loads("\n".join(data))
        except ValueError as exc:
            raise StreamError(self.DIALECT, "", f"not valid JSON: {exc}", line) from None
        return self._feed_at(event, line)

    def _end_text(self) -> None:
        """The text left when the stream ends: the last line, an unterminated data event."""
        if self._decoder is not None:
            self._buf += self._decoder.decode(b"", final=True)
        if self._mode == "array":
            self._array_text(self._buf, final=True)
        elif self._buf.strip():
            self._line += 1
            rest, self._buf = self._buf, ""
            self._text_line(rest)
        self._flush_pending()
