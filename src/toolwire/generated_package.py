"""Import the generated package `toolwire_dialects`, preferring ./generated/python.

The CLI commands that convert run the generated converters, so they always use the code
generated from this checkout's schemas rather than an older installed copy.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType


def load(generated: Path = Path("generated")) -> ModuleType:
    folder = (generated / "python").resolve()
    if (folder / "toolwire_dialects" / "__init__.py").is_file() and str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    return importlib.import_module("toolwire_dialects")
