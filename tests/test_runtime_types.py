"""The runtime type-checks strict (issue 12, point 9): mypy --strict over runtime/python, the
files the generated package ships verbatim. No pyproject config is needed: the runtime folder
has no __init__.py (the generated package's is rendered), so its modules are named from the
folder (--explicit-package-bases)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ["-m", "mypy", "--strict", "--explicit-package-bases", "runtime/python/toolwire_dialects"]


def test_the_runtime_is_clean_under_mypy_strict(tmp_path: Path) -> None:
    # The cache goes to tmp_path: the checkout stays clean (.mypy_cache is not ignored).
    command = [sys.executable, *COMMAND, "--cache-dir", str(tmp_path / "mypy")]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_runtime_has_no_blanket_type_ignore() -> None:
    """A type: ignore must name its error code (and say why beside it)."""
    for path in (ROOT / "runtime" / "python").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "type: ignore" in line:
                assert "type: ignore[" in line, f"{path}:{number}: a blanket type: ignore"
