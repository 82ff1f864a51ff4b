"""`toolwire convert --shape stream`: relay a stream from one dialect to another as it is read.

The input (SSE, JSON lines or a JSON array of events, from a file or stdin) is read in chunks
and fed to the generated relay; the target's events go to stdout, framed as the target frames
them, as soon as they are written, so memory stays constant whatever the stream's length.
Losses go to stderr as they happen; a source event that is not the dialect's is a finding
(`file:line: dialect/stream_event: /pointer: message`, exit 1), as is the first loss under
--strict (or outside --allow's codes). When the input has ended, what `assemble` would report about it (a finding of the
stream, a call cut off or invalid) is reported the same way, with exit 1: the relayed stream
carries such a call as it came (cut off stays cut off), and the exit code says so.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any, BinaryIO, NoReturn

import click

from toolwire.cli.assemble import call_problems
from toolwire.cli.report import ExitStatus, echo, fail, located, loss_line, report
from toolwire.spec.json_input import BOM

CHUNK = 1 << 16
STDIN = "-"


def _raw_chunks(source: str) -> Iterator[bytes]:
    stream: BinaryIO
    if source == STDIN:
        stream = sys.stdin.buffer
        yield from iter(lambda: stream.read(CHUNK), b"")
        return
    try:
        with open(source, "rb") as stream:
            yield from iter(lambda: stream.read(CHUNK), b"")
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")


class _Checked:
    """The input's chunks, checked as they pass by the rules every reader keeps (json_input):
    UTF-8, and no record (line) over --max-record-bytes; a breach is a finding that names the
    line, as `assemble` reports it, before the relay sees the bytes."""

    def __init__(self, source: str, what: str, max_bytes: int) -> None:
        self.source, self.what, self.max_bytes = source, what, max_bytes
        self.line = 1  # the line the next byte is on
        self.offset = 0  # bytes before `pending`
        self.pending = b""  # an incomplete UTF-8 sequence at a chunk's end
        self.line_bytes = 0  # bytes of the current line so far
        self.bom = 0  # a leading byte order mark is not counted (json_input drops it)

    def __iter__(self) -> Iterator[bytes]:
        for chunk in _raw_chunks(self.source):
            yield self._checked(chunk)
        if self.pending:
            self._finding(self.line, f"invalid UTF-8 at byte {self.offset - self.bom}")

    def _checked(self, chunk: bytes) -> bytes:
        data = self.pending + chunk
        if self.offset == 0 and data.startswith(BOM):
            self.bom = len(BOM)
        try:
            data.decode("utf-8")
            self.pending = b""
        except UnicodeDecodeError as exc:
            if exc.reason != "unexpected end of data":
                line = self.line + data.count(b"\n", 0, exc.start)
                self._finding(line, f"invalid UTF-8 at byte {self.offset + exc.start - self.bom}")
            self.pending = data[exc.start :]
        self._count_lines(chunk)
        self.offset += len(data) - len(self.pending)
        return chunk

    def _count_lines(self, chunk: bytes) -> None:
        *ended, rest = chunk.split(b"\n")
        for piece in ended:
            self._limit(self.line_bytes + len(piece))
            self.line, self.line_bytes = self.line + 1, 0
        self.line_bytes += len(rest)
        self._limit(self.line_bytes)

    def _limit(self, size: int) -> None:
        if size > self.max_bytes:
            self._finding(self.line, f"a line is over the limit of {self.max_bytes} bytes (--max-record-bytes)")

    def _finding(self, line: int, message: str) -> NoReturn:
        sys.stdout.flush()
        report([located(self.source, line, "", message, self.what)], ExitStatus.FINDINGS)


def _send(text: str) -> None:
    if text:
        click.echo(text, nl=False)
        sys.stdout.flush()


def _input_findings(file: str, stream: Any) -> list[str]:
    """What `assemble` reports about the input once it ended: the stream's findings, and each
    call cut off or invalid (relayed as it came; the exit code says so)."""
    found = [located(file, None, f["pointer"], f["message"]) for f in stream.findings]
    return found + call_problems(file, stream.calls)


def relay(
    pkg: ModuleType,
    source: str,
    target: str,
    file: str,
    strict: bool,
    allow: list[str] | None,
    reasoning: str | None,
    max_bytes: int,
    profiles: tuple[str | None, str | None] = (None, None),
    custom_tools: str | None = None,
) -> None:
    """Relay the file's stream to stdout; returns when it ended, exits on a finding. profiles:
    the openai_chat reasoning profiles the source is read with and the target written with."""
    options: dict[str, Any] = {"reasoning": reasoning} if reasoning else {}
    if custom_tools:
        options["custom_tools"] = custom_tools
    for key, profile in zip(("source_profile", "target_profile"), profiles, strict=True):
        if profile:
            options[key] = profile
    streams = importlib.import_module(f"{pkg.__name__}.streams")
    try:
        stream = streams.StreamRelay(
            None,
            source=source,
            target=target,
            strict=strict,
            allow=allow,
            on_loss=lambda loss: echo(loss_line(loss)),
            **options,
        )
        for chunk in _Checked(file, f"{source}/stream_event", max_bytes):
            _send(stream.framed(stream.feed_text(chunk)))
        _send(stream.framed(stream.close()) + stream.done_text())
    except streams.StreamError as exc:
        report([located(file, exc.line, exc.pointer, exc.message, f"{exc.dialect}/{exc.shape}")], ExitStatus.FINDINGS)
    except pkg.LossError as exc:
        report([loss_line(exc.loss)], ExitStatus.FINDINGS)
    except pkg.ConversionError as exc:
        fail(str(exc), ExitStatus.FINDINGS)
    except ValueError as exc:  # a dialect without a stream mapping
        fail(str(exc))
    found = _input_findings(file, stream)
    if found:
        report(found, ExitStatus.FINDINGS)
