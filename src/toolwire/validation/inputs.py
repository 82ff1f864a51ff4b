"""What validate reads: files, folders and stdin as units (a large JSON-lines file as several,
read in parallel), each file's format, and the records they yield (reader.py reads them)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolwire.validation.folders import display, walk

FOLDER_SUFFIXES = (".json", ".jsonl", ".ndjson", ".sse")
JSON, JSONL, SSE, SNIFF = "json", "jsonl", "sse", "sniff"
STDIN = "-"
SSE_FIELDS = (b"data:", b"event:", b"id:", b"retry:", b":")
BLOCK = 1 << 20
_NOTHING: Any = object()


class ReadProblem(Exception):
    """An input that cannot be read at all (missing, a permission error): exit 2, not a finding."""


@dataclass(slots=True)
class Record:
    """One payload to check. `data` is its JSON text; `value` is set instead when it was already
    parsed (elements of a JSON array). `doc` is the whole multi-line document it sits in, at JSON
    pointer `prefix`, so errors can name their own line."""

    path: str
    line: int
    data: bytes | None = None
    value: Any = _NOTHING
    doc: bytes | None = None
    prefix: str = ""
    problem: tuple[str, str] | None = None  # (message, keyword) found while reading

    @property
    def parsed(self) -> bool:
        return self.value is not _NOTHING


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece of work: one input, or a byte range of a large JSON-lines file starting at `line`."""

    path: str  # as shown in reports
    fmt: str
    start: int = 0
    end: int | None = None
    line: int = 1
    size: int = 0


def format_of(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        return JSON
    if suffix in (".jsonl", ".ndjson"):
        return JSONL  # still sniffed for SSE framing left in place
    return SNIFF


def expand(paths: list[str], notes: list[str] | None = None) -> tuple[list[str], list[str]]:
    """Files to read, in a stable order, and the problems (missing paths, empty folders).
    Entries of folders that are not regular files are skipped, each with a note in `notes`."""
    files: list[str] = []
    problems: list[str] = []
    notes = [] if notes is None else notes
    for raw in paths:
        if raw == STDIN:
            files.append(STDIN)
            continue
        path = Path(raw)
        if path.is_dir():
            found = sorted(walk(path, FOLDER_SUFFIXES, notes, problems))
            if not found:
                problems.append(f"no {'/'.join(FOLDER_SUFFIXES)} files in {display(raw)}")
            files.extend(found)
        elif path.exists():
            files.append(raw)
        else:
            problems.append(f"cannot read {display(raw)}: no such file or folder")
    return files, problems


def plan(files: list[str], segment_bytes: int) -> list[Unit]:
    """Units of work; JSON-lines files larger than segment_bytes are cut at line boundaries so
    worker processes can share one large file. Cutting never changes a result: each record is
    checked on its own."""
    units: list[Unit] = []
    for file in files:
        if file == STDIN:
            units.append(Unit(STDIN, SNIFF))
            continue
        fmt = format_of(file)
        try:
            size = os.path.getsize(file)
        except OSError:  # a broken link met in a folder: the Reader reports it
            size = 0
        if fmt == JSONL and size > segment_bytes and not _starts_like_sse(file):
            bounds = _segments(file, size, segment_bytes)
            for (start, line), (end, _) in zip(bounds, [*bounds[1:], (size, 0)], strict=True):
                units.append(Unit(file, JSONL, start, end, line, end - start))
        else:
            units.append(Unit(file, fmt, size=size))
    return units


def _starts_like_sse(file: str) -> bool:
    with open(file, "rb") as f:
        head = f.read(4096).lstrip()
    return head.startswith(SSE_FIELDS)


def _segments(file: str, size: int, segment: int) -> list[tuple[int, int]]:
    """(offset, line) of each segment start: a newline-aligned cut every ~segment bytes."""
    bounds = [(0, 1)]
    target = segment
    pos, line = 0, 1
    with open(file, "rb") as f:
        while block := f.read(BLOCK):
            while target < pos + len(block):
                newline = block.find(b"\n", max(0, target - pos))
                if newline < 0:
                    break
                cut = pos + newline + 1
                if cut < size:
                    bounds.append((cut, line + block.count(b"\n", 0, newline + 1)))
                target = cut + segment
            line += block.count(b"\n")
            pos += len(block)
    return bounds
