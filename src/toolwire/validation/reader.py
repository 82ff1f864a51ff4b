"""Reading validation units as records: JSON documents, JSON lines, SSE events and the
elements of a top-level array, each with its file and line, within the size and depth limits.

A problem with one record (too large, empty file) becomes a Record carrying the problem, so the
rest of the input is still read. Memory stays bounded by the per-record size cap: lines are read
with a limit, and the remainder of an oversized line is skipped in blocks.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable, Iterator
from typing import BinaryIO

from toolwire.spec.json_input import BOM, ParseError
from toolwire.validation.backends import loads
from toolwire.validation.folders import display
from toolwire.validation.inputs import BLOCK, JSON, JSONL, SNIFF, SSE, SSE_FIELDS, STDIN, ReadProblem, Record, Unit


class Reader:
    """Yields the Records of one Unit; `pos` is the number of bytes consumed so far (progress).

    `accept`, when given, is asked about each plain JSON line first: a line it accepts is only
    counted (`accepted`), not yielded; that is the bulk path for large all-valid captures.
    `tick` is then called every 1024 accepted lines, as the records that carry progress are few."""

    def __init__(
        self,
        unit: Unit,
        *,
        max_bytes: int,
        split_arrays: bool,
        stdin: BinaryIO | None = None,
        accept: Callable[[bytes], bool] | None = None,
        tick: Callable[[], None] | None = None,
    ) -> None:
        self.unit = unit
        self.max_bytes = max_bytes
        self.split_arrays = split_arrays
        self.stdin = stdin
        self.accept = accept
        self.tick = tick
        self.pos = 0
        self.accepted = 0

    def __iter__(self) -> Iterator[Record]:
        unit = self.unit
        if unit.path == STDIN:
            if self.stdin is None:
                raise ValueError("a '-' unit is read from stdin, and none was given")
            yield from self._read(self.stdin, SNIFF, "<stdin>", 1, None)
            return
        shown = display(unit.path)
        try:
            f = open(unit.path, "rb")  # noqa: SIM115 - closed below, after a generator's lifetime
        except OSError as exc:
            if os.path.islink(unit.path) and exc.errno in (errno.ENOENT, errno.ELOOP):
                # Only folders yield broken links: a finding on that path, the rest is still read.
                target = display(os.readlink(unit.path))
                yield Record(shown, 1, problem=(f"broken symbolic link to {target}: {exc.strerror}", "link"))
                return
            raise ReadProblem(f"cannot read {shown}: {exc.strerror or exc}") from None
        with f:
            if unit.start:
                f.seek(unit.start)
            limit = None if unit.end is None else unit.end - unit.start
            try:
                yield from self._read(f, unit.fmt, shown, unit.line, limit)
            except OSError as exc:  # e.g. EISDIR, I/O error mid-file
                raise ReadProblem(f"cannot read {shown}: {exc.strerror or exc}") from None

    # -- dispatch -----------------------------------------------------------------------------

    def _read(self, f: BinaryIO, fmt: str, path: str, line: int, limit: int | None) -> Iterator[Record]:
        if fmt == JSONL and hasattr(f, "peek") and not f.peek(64).lstrip().startswith(SSE_FIELDS):
            yield from self._jsonl_fast(f, path, line, limit)
            return
        lines = self._lines(f, limit)
        if fmt in (SNIFF, JSONL):
            fmt, lines = self._sniff(fmt, lines)
        if fmt == JSON:
            yield from self._json(lines, path)
        elif fmt == SSE:
            yield from self._sse(lines, path, line)
        else:
            yield from self._jsonl(lines, path, line)

    def _lines(self, f: BinaryIO, limit: int | None) -> Iterator[bytes | int]:
        """Physical lines; an oversized line is replaced by its length (an int), its bytes skipped."""
        cap = self.max_bytes + 1
        remaining = limit
        while remaining is None or remaining > 0:
            line = f.readline(cap if remaining is None else min(cap, remaining))
            if not line:
                return
            size = len(line)
            if size >= cap and not line.endswith(b"\n"):
                while not line.endswith(b"\n"):
                    line = f.readline(BLOCK if remaining is None else min(BLOCK, remaining - size))
                    if not line:
                        break
                    size += len(line)
                self.pos += size
                if remaining is not None:
                    remaining -= size
                yield size
                continue
            self.pos += size
            if remaining is not None:
                remaining -= size
            yield line

    def _sniff(self, fmt: str, lines: Iterator[bytes | int]) -> tuple[str, Iterator[bytes | int]]:
        """SSE when the first non-blank line is an SSE field; for other unknown inputs, JSON lines
        when that line is a JSON value by itself, else one (pretty-printed) JSON document."""
        head: list[bytes | int] = []
        for item in lines:
            head.append(item)
            if isinstance(item, int) or item.strip():
                break
        first = head[-1] if head else b""
        chained = _chain(head, lines)
        if isinstance(first, bytes) and first.lstrip().startswith(SSE_FIELDS):
            return SSE, chained
        if fmt == JSONL or isinstance(first, int) or not first.strip():
            return JSONL, chained
        try:
            loads(first)
        except ParseError:
            return JSON, chained
        return JSONL, chained

    # -- formats ------------------------------------------------------------------------------

    def _too_large(self, path: str, line: int, size: int) -> Record:
        return Record(path, line, problem=(f"payload is {size} bytes, over the limit of {self.max_bytes}", "size"))

    def _jsonl_fast(self, f: BinaryIO, path: str, line: int, limit: int | None) -> Iterator[Record]:
        """The bulk path: the same records as _lines + _jsonl, in one loop (no generator chain)."""
        cap = self.max_bytes + 1
        readline = f.readline
        remaining = limit if limit is not None else 1 << 62
        start = line
        seen = False  # a non-blank line: whitespace-only input is empty, as from any reader
        accept, tick = self.accept, self.tick
        while remaining > 0:
            raw = readline(cap if remaining > cap else remaining)
            if not raw:
                break
            size = len(raw)
            record = None
            if size >= cap and raw[-1:] != b"\n":
                while raw and raw[-1:] != b"\n":
                    raw = readline(min(BLOCK, remaining - size))
                    size += len(raw)
                record = self._too_large(path, line, size)
            elif accept is not None and accept(raw):
                seen = True
                self.accepted += 1
                if tick is not None and not self.accepted & 1023:
                    tick()
            elif not raw.isspace():
                seen = True
                if line == 1 and raw.startswith(BOM):
                    raw = raw[3:]  # a byte order mark some editors write
                record = Record(path, line, raw)
            self.pos += size
            remaining -= size
            line += 1
            if record is not None:
                yield record
        if not seen and start == 1 and limit is None:
            yield Record(path, 1, problem=("empty input: no payload", "empty"))

    def _jsonl(self, lines: Iterator[bytes | int], path: str, line: int) -> Iterator[Record]:
        first = line == 1
        empty = first  # no non-blank line yet: whitespace-only input is empty, as from any reader
        for item in lines:
            if isinstance(item, int):
                empty = False
                yield self._too_large(path, line, item)
            elif item.strip():
                if first and item.startswith(BOM):
                    item = item[3:]  # a byte order mark some editors write
                empty = False
                yield Record(path, line, item)
            first = False
            line += 1
        if empty:
            yield Record(path, 1, problem=("empty input: no payload", "empty"))

    def _sse(self, lines: Iterator[bytes | int], path: str, line: int) -> Iterator[Record]:
        data: list[bytes] = []
        size = 0
        start = line
        oversized = False
        seen = False

        def flush() -> Iterator[Record]:
            payload = b"\n".join(data)
            if oversized or size > self.max_bytes:
                yield self._too_large(path, start, size)
            elif payload.strip() and payload.strip() != b"[DONE]":  # OpenAI's end-of-stream sentinel
                yield Record(path, start, payload)

        for item in lines:
            if isinstance(item, int):
                if not data:
                    start = line
                oversized, size = True, size + item
            else:
                text = item.rstrip(b"\r\n")
                if not text:  # a blank line ends the event
                    if data or oversized:
                        seen = True
                        yield from flush()
                    data, size, oversized = [], 0, False
                elif text.startswith(b"data:"):
                    if not data and not oversized:
                        start = line
                    value = text[5:]
                    value = value[1:] if value.startswith(b" ") else value
                    data.append(value)
                    size += len(value)
                # other fields (event:, id:, retry:) and comments carry no payload
            line += 1
        if data or oversized:
            seen = True
            yield from flush()
        if not seen:
            yield Record(path, 1, problem=("empty input: no SSE data lines", "empty"))

    def _json(self, lines: Iterator[bytes | int], path: str) -> Iterator[Record]:
        parts: list[bytes] = []
        size = 0
        for item in lines:
            size += item if isinstance(item, int) else len(item)
            if size > self.max_bytes or isinstance(item, int):  # an int is a line past the cap
                for rest in lines:  # count what is left without keeping it
                    size += rest if isinstance(rest, int) else len(rest)
                yield self._too_large(path, 1, size)
                return
            parts.append(item)
        doc = b"".join(parts)
        if doc.startswith(BOM):
            doc = doc[3:]
        stripped = doc.lstrip()
        if not stripped:
            yield Record(path, 1, problem=("empty input: no payload", "empty"))
            return
        line = doc.count(b"\n", 0, len(doc) - len(stripped)) + 1
        if self.split_arrays and stripped.startswith(b"["):
            try:
                value = loads(doc)
            except ParseError:
                value = None  # the engine reports the parse error on the whole document
            if isinstance(value, list):
                if not value:
                    yield Record(path, line, problem=("empty array: no payload", "empty"))
                for index, (element, element_line) in enumerate(zip(value, element_lines(doc), strict=False)):
                    yield Record(path, element_line, value=element, doc=doc, prefix=f"/{index}")
                return
        yield Record(path, line, doc, doc=doc)


def _chain(head: list[bytes | int], rest: Iterator[bytes | int]) -> Iterator[bytes | int]:
    yield from head
    yield from rest


_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{},]', re.DOTALL)
_SPACE = re.compile(rb"[ \t\r\n]*")


def element_lines(doc: bytes) -> Iterator[int]:
    """The line on which each element of a top-level JSON array starts, in one linear scan
    (strings are skipped whole, so brackets inside them do not count)."""
    line = 1
    level = 0
    expect = False  # the next value starts an element
    pos = 0
    while True:
        if expect:
            space = _SPACE.match(doc, pos)
            assert space is not None
            line += doc.count(b"\n", pos, space.end())
            pos = space.end()
            if pos < len(doc) and doc[pos : pos + 1] != b"]":
                yield line
            expect = False
        match = _TOKEN.search(doc, pos)
        if match is None:
            return
        token = match.group()
        line += doc.count(b"\n", pos, match.start())
        pos = match.end()
        if token[:1] == b'"':
            line += token.count(b"\n")
        elif token in (b"[", b"{"):
            level += 1
            expect = level == 1 and token == b"["
        elif token in (b"]", b"}"):
            level -= 1
        elif token == b"," and level == 1:
            expect = True
