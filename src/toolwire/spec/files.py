"""The files of a spec folder (the base or an overlay): its `*.json` files by relative path.

One listing for every reader of a spec (loader, overlays, `breaking`): a FIFO, socket or device
named `*.json` would block or never end a read, so it is refused by name, never opened; a
folder that cannot be listed is a problem too, not a traceback.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from toolwire.spec.model import SpecError


def spec_files(folder: Path) -> dict[str, Path]:
    """{relative path: file} of every `*.json` below folder (symlinks followed to their file);
    SpecError naming each entry that is not a regular file or a folder that cannot be read."""
    files: dict[str, Path] = {}
    problems: list[str] = []

    def unreadable(exc: OSError) -> None:
        problems.append(f"{exc.filename or folder}:1: /: cannot read the folder: {exc.strerror or exc}")

    for here, dirs, names in os.walk(folder, onerror=unreadable):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(".json"):
                continue
            path = Path(here) / name
            kind = _kind(path)
            if kind is None:
                files[path.relative_to(folder).as_posix()] = path
            else:
                problems.append(f"{path}:1: /: not a regular file ({kind}); a spec file must be one")
    if problems:
        raise SpecError(problems)
    return dict(sorted(files.items()))


def _kind(path: Path) -> str | None:
    """What a non-regular file is (None for a regular file, or one that is gone: its reader says)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # a dangling link: reading it reports "cannot read"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a folder" if stat.S_ISDIR(mode) else "not a file"
