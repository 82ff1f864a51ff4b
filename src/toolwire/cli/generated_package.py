"""Import the generated package (`toolwire_dialects` unless configured), preferring ./generated/python.

The CLI commands that convert run the generated converters, so they always use the code
generated from this checkout's schemas rather than an older installed copy.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType


def load(generated: Path = Path("generated"), package: str = "toolwire_dialects") -> ModuleType:
    folder = (generated / "python").resolve()
    if (folder / package / "__init__.py").is_file() and str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    return importlib.import_module(package)
