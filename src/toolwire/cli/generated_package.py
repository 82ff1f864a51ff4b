"""The generated package (`toolwire_dialects` unless configured) as the commands use it.

The commands that convert run the generated converters, so they always use the code generated
from this checkout's schemas (./generated/python) rather than an older installed copy. Its
DecodeError becomes a finding here, `file:line: dialect/shape: /pointer: message`.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from toolwire.cli.report import located
from toolwire.spec.positions import pointer_line


class DecodeFailure(Protocol):
    """What the generated package's DecodeError carries (the package is imported at run time)."""

    dialect: str
    shape: str
    pointer: str
    message: str


_FOLDERS: set[str] = set()  # generated folders put on the path: packages imported from them are not installed


def load(generated: Path = Path("generated"), package: str = "toolwire_dialects") -> ModuleType:
    folder = (generated / "python").resolve()
    if (folder / package / "__init__.py").is_file():
        _FOLDERS.add(str(folder))
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    return importlib.import_module(package)


def known_dialects(pkg: ModuleType, names: Any) -> str:
    """A list of the package's dialect names for a message, naming the generated folder it
    was imported from when it is not the installed package (the working directory's
    ./generated or the configured `out` decides which package the commands use)."""
    listed = ", ".join(names) or "none"
    where = Path(pkg.__file__ or "").resolve().parent.parent
    installed = not any(where == Path(entry).resolve() for entry in _FOLDERS)
    return listed if installed else f"{listed} (package from {_shown(where)})"


def _shown(folder: Path) -> str:
    try:
        return f"./{folder.relative_to(Path.cwd().resolve()).as_posix()}"
    except ValueError:
        return str(folder)


def as_value(payload: Any) -> Any:
    """The converters read a str as JSON text: a JSON string document goes back to being one."""
    return json.dumps(payload) if isinstance(payload, str) else payload


def decode_finding(file: str, text: str, exc: DecodeFailure, prefix: str = "") -> str:
    """The finding for a payload the dialect does not read; prefix: the item's pointer in a list."""
    where = prefix + exc.pointer
    return located(file, pointer_line(text, where), where, exc.message, f"{exc.dialect}/{exc.shape}")
