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


def load(generated: Path = Path("generated"), package: str = "toolwire_dialects") -> ModuleType:
    folder = (generated / "python").resolve()
    if (folder / package / "__init__.py").is_file() and str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    return importlib.import_module(package)


def as_value(payload: Any) -> Any:
    """The converters read a str as JSON text: a JSON string document goes back to being one."""
    return json.dumps(payload) if isinstance(payload, str) else payload


def decode_finding(file: str, text: str, exc: DecodeFailure, prefix: str = "") -> str:
    """The finding for a payload the dialect does not read; prefix: the item's pointer in a list."""
    where = prefix + exc.pointer
    return located(file, pointer_line(text, where), where, exc.message, f"{exc.dialect}/{exc.shape}")
