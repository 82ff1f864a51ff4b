"""The spec and templates toolwire carries, wherever it is installed.

A wheel holds them as package data (`toolwire/_builtin/`, copied there by setup.py's build
step); a checkout (an editable install, or `src/` on the path) uses the repository's own
top-level folders, which are the same files.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "_builtin"
_CHECKOUT = Path(__file__).resolve().parents[2]
FOLDERS = ("schemas", "templates")


def builtin_folder(name: str) -> Path:
    """The built-in `schemas` or `templates` folder."""
    if name not in FOLDERS:
        raise ValueError(f"no built-in folder {name!r}")
    packaged = _PACKAGED / name
    if packaged.is_dir():
        return packaged
    return _CHECKOUT / name  # may not exist: the commands then say "folder not found"
