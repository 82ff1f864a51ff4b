"""Which entries of a folder `validate` reads, and how a path is shown.

A folder is whatever is on disk, not what its names promise: a FIFO named `x.json` would block
the reader forever, a device would stream without end, so entries that are not regular files
are skipped with a note. A broken symbolic link is kept: opening it is a finding on that path
(see inputs.Reader), and the rest of the folder is still checked. A subfolder that cannot be
listed is a problem (exit 2), like an unreadable file, rather than silently left out.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def display(path: str) -> str:
    """A path as reports show it: a file name that is not UTF-8 (os gives it to us with lone
    surrogates, which no UTF-8 output can carry) has its stray bytes written as \\xNN."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return path


def walk(folder: Path, suffixes: tuple[str, ...], notes: list[str], problems: list[str]) -> Iterator[str]:
    """Payload files below folder (hidden entries and other suffixes left out); os.walk does not
    follow symlinked folders, so a link loop cannot make it run forever."""

    def unlistable(exc: OSError) -> None:
        problems.append(f"cannot read folder {display(str(exc.filename))}: {exc.strerror or exc}")

    for root, dirs, names in os.walk(folder, onerror=unlistable):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if name.startswith(".") or not name.lower().endswith(suffixes):
                continue
            path = os.path.join(root, name)
            try:
                mode = os.stat(path).st_mode  # follows links: what reading would open
            except OSError:
                yield path  # a broken link (or a loop of links): reading it reports it
                continue
            if stat.S_ISREG(mode):
                yield path
            else:
                kind = next((what for test, what in _KINDS if test(mode)), "a special file")
                notes.append(f"note: skipped {display(path)}: {kind}, not a regular file")
