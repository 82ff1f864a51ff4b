"""The spec and runtime toolwire carries, wherever it is installed (the templates are package
data of their target, `toolwire/targets/<target>/templates/`).

A wheel holds them as package data (`toolwire/_builtin/`, copied there by setup.py's build
step); a checkout (an editable install, or `src/` on the path) uses the repository's own
top-level folders, which are the same files.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parents[1] / "_builtin"
_CHECKOUT = Path(__file__).resolve().parents[3]
FOLDERS = ("schemas", "runtime")


def builtin_folder(name: str) -> Path:
    """The built-in `schemas` or `runtime` folder."""
    if name not in FOLDERS:
        raise ValueError(f"no built-in folder {name!r}")
    packaged = _PACKAGED / name
    if packaged.is_dir():
        return packaged
    return _CHECKOUT / name  # may not exist: the commands then say "folder not found"
