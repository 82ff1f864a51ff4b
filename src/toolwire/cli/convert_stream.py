"""`toolwire convert --shape stream`: relay a stream from one dialect to another as it is read.

The input (SSE, JSON lines or a JSON array of events, from a file or stdin) is read in chunks
and fed to the generated relay; the target's events go to stdout, framed as the target frames
them, as soon as they are written, so memory stays constant whatever the stream's length.
Losses go to stderr as they happen; a source event that is not the dialect's is a finding
(`file:line: dialect/stream_event: /pointer: message`, exit 1), as is the first loss under
--strict.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any, BinaryIO

import click

from toolwire.cli.report import ExitStatus, echo, fail, located, report

CHUNK = 1 << 16
STDIN = "-"


def _chunks(source: str) -> Iterator[bytes]:
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


def _loss(loss: Any) -> str:
    return f"loss: {loss.pointer or '/'}: {loss.target} cannot carry {loss.what}"


def relay(pkg: ModuleType, source: str, target: str, file: str, strict: bool, reasoning_as_text: bool) -> None:
    """Relay the file's stream to stdout; returns when it ended, exits on a finding."""
    options: dict[str, Any] = {"reasoning_as_text": True} if reasoning_as_text else {}
    streams = importlib.import_module(f"{pkg.__name__}.streams")
    try:
        chunks = streams.convert_stream_text(
            _chunks(file),
            source=source,
            target=target,
            strict=strict,
            on_loss=lambda loss: echo(_loss(loss)),
            **options,
        )
        for text in chunks:
            click.echo(text, nl=False)
            sys.stdout.flush()
    except streams.StreamError as exc:
        report([located(file, exc.line, exc.pointer, exc.message, f"{exc.dialect}/{exc.shape}")], ExitStatus.FINDINGS)
    except pkg.LossError as exc:
        report([_loss(exc.loss)], ExitStatus.FINDINGS)
    except pkg.ConversionError as exc:
        fail(str(exc), ExitStatus.FINDINGS)
    except ValueError as exc:  # a dialect without a stream mapping
        fail(str(exc))
