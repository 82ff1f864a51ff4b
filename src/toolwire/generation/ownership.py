"""What `toolwire generate` may replace in its output folder: only what toolwire wrote.

A file there is toolwire's when its head says DO NOT EDIT (every generated source and the
MANIFEST), or when its target's MANIFEST (itself toolwire's) lists it with the bytes it has (the
data files and compiled files that carry no header). Anything else at a path a run would write
or remove is someone else's: the run is refused and nothing is written. A symlink on the way to
a generated file is refused too, so a run never writes outside the output folder. Files that are
not regular (a FIFO, a device) are never opened: a read would block.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from toolwire.ir.errors import GenerateError
from toolwire.spec.fingerprint import sha256

MARK = b"DO NOT EDIT"
_HEAD = 512  # the marker stands in a file's first lines


def read_regular(path: Path, limit: int = -1) -> bytes | None:
    """A regular file's bytes (at most limit), or None: missing, unreadable, not a regular file.
    The file is opened without following a final symlink and checked before it is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a folder, a FIFO, a device: never read
        os.close(fd)
        return None
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit)


def listed_outputs(out: Path, manifest: str) -> dict[str, str]:
    """{path: sha256} a target's MANIFEST lists, when it is toolwire's (else nothing)."""
    data = read_regular(out / manifest)
    with contextlib.suppress(ValueError, AttributeError, TypeError):
        listed = json.loads(data or b"")
        if isinstance(listed, dict) and str(listed.get("_comment", "")).startswith("DO NOT EDIT"):
            return {str(k): str(v) for k, v in dict(listed.get("outputs", {})).items()}
    return {}


def says_generated(path: Path, marker: bytes = MARK) -> bool:
    """Whether a regular file's head holds marker (a target's header, or any DO NOT EDIT)."""
    head = read_regular(path, _HEAD)
    if head is None:
        return False
    return head.startswith(marker) if marker != MARK else MARK in b"\n".join(head.splitlines()[:3])


def refusals(out: Path, paths: Iterable[str], listed: dict[str, str]) -> list[str]:
    """`path: why` for every path below out a run would replace or remove but must not."""
    problems = []
    for rel in sorted(paths):
        why = _why_not_ours(out, rel, listed)
        if why:
            problems.append(f"{out / rel}: {why}")
    return problems


def _why_not_ours(out: Path, rel: str, listed: dict[str, str]) -> str | None:
    parts = rel.split("/")
    for depth in range(1, len(parts)):
        folder = out.joinpath(*parts[:depth])
        if folder.is_symlink():
            return f"{folder} is a symlink; toolwire writes only inside {out} (replace the link with a folder)"
    path = out / rel
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot check who wrote it: {exc.strerror or exc}"
    if stat.S_ISLNK(mode):
        return "a symlink, not a file toolwire wrote; remove it, then generate again"
    if not stat.S_ISREG(mode):
        return "not a regular file; remove it, then generate again"
    if says_generated(path):
        return None
    data = read_regular(path)
    if data is not None and listed.get(rel) == sha256(data):
        return None
    return "not written by toolwire (no DO NOT EDIT header, not as its MANIFEST lists it); move it away, then generate again"


def refuse_special_files(folder: Path) -> None:
    """GenerateError naming each file below an input folder (templates) that is not a regular
    file: a FIFO would block the template loader's read forever."""
    special = [
        f"{Path(here) / name}: not a regular file; a templates folder holds files and folders only"
        for here, _dirs, names in os.walk(folder)
        for name in sorted(names)
        if _special(Path(here) / name)
    ]
    if special:
        raise GenerateError(f"{folder}: {len(special)} file(s) that are not regular files", special)


def _special(path: Path) -> bool:
    try:
        mode = path.stat().st_mode
    except OSError:
        return False  # gone, or a dangling link: the loader says so
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)
