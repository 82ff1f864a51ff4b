"""Replace a generated folder as a whole, so that a run killed at any point leaves the old
tree or the new one, never a mix.

The new tree is built beside the old one in `<out>/.toolwire-staging-<top>`: every file of
the old tree that stays (foreign files included) is hard-linked in, so nothing is copied and
file times are kept; new and changed files are written; stale generated files are left out.
Then the two folders trade places in one step (renameat2 RENAME_EXCHANGE on Linux). Where
the system cannot exchange, the old tree is renamed to `<out>/.toolwire-previous-<top>` and
the new one into place; a run killed between those two renames leaves the old tree there,
and the next run puts it back. Each run holds a lock on the output folder and first removes
what an interrupted run left behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

STAGING = ".toolwire-staging-"  # the tree being built; after the exchange, the old tree
PREVIOUS = ".toolwire-previous-"  # the old tree, between the two renames of the fallback
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def checkpoint(label: str) -> None:
    """Called after each step of a write (the tests replace it to kill the process there)."""


@contextlib.contextmanager
def locked(out: Path) -> Iterator[None]:
    """One writer at a time per output folder (the lock dies with the process)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    fd = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def recover(out: Path) -> list[str]:
    """Undo what an interrupted run left in out; the names of what it found."""
    found = []
    for entry in sorted(out.iterdir()) if out.is_dir() else ():
        if entry.name.startswith(PREVIOUS):
            found.append(entry.name)
            top = out / entry.name.removeprefix(PREVIOUS)
            if not top.exists():  # killed between the two renames: the old tree goes back
                entry.rename(top)
                continue
            shutil.rmtree(entry)
        elif entry.name.startswith(STAGING):
            found.append(entry.name)
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
    return found


def replace_tree(out: Path, top: str, changed: dict[str, bytes], stale: set[str]) -> None:
    """Make out/top the old tree with changed written and stale removed (paths relative to
    out/top), in one step."""
    target, staging = out / top, out / (STAGING + top)
    if target.is_dir():
        _carry_over(target, staging, set(changed) | stale)
    else:
        staging.mkdir()
    checkpoint("carried over")
    for rel in stale:
        _remove_empty_parents(staging / rel, staging)
    for rel, data in sorted(changed.items()):
        path = staging / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        checkpoint("wrote " + rel)
    if not target.is_dir():
        staging.rename(target)
        checkpoint("swapped")
        return
    if _exchange(staging, target):
        checkpoint("swapped")
        shutil.rmtree(staging)  # now the old tree
        return
    previous = out / (PREVIOUS + top)
    target.rename(previous)
    checkpoint("moved the old tree aside")
    staging.rename(target)
    checkpoint("swapped")
    shutil.rmtree(previous)


def _carry_over(source: Path, dest: Path, skip: set[str], rel: str = "") -> None:
    """dest as a hard-linked copy of source, without the files in skip."""
    dest.mkdir()
    with os.scandir(source) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            path, into = f"{rel}{entry.name}", dest / entry.name
            if path in skip:
                continue
            if entry.is_dir(follow_symlinks=False):
                _carry_over(Path(entry.path), into, skip, path + "/")
            elif entry.is_symlink():
                os.symlink(os.readlink(entry.path), into)
            else:
                try:
                    os.link(entry.path, into, follow_symlinks=False)
                except OSError:  # no hard links here (or not ours to link): a copy
                    if not entry.is_file(follow_symlinks=False):
                        raise
                    shutil.copy2(entry.path, into)


def _remove_empty_parents(path: Path, stop: Path) -> None:
    folder = path.parent
    while folder != stop and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically; False where the system cannot."""
    rename2 = getattr(_libc(), "renameat2", None)
    if rename2 is None:
        return False
    if rename2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM):
        return False
    raise OSError(code, os.strerror(code), str(b))


_LIBC: list[ctypes.CDLL | None] = []


def _libc() -> ctypes.CDLL | None:
    if not _LIBC:
        try:
            _LIBC.append(ctypes.CDLL(None, use_errno=True))
        except OSError:
            _LIBC.append(None)
    return _LIBC[0]
