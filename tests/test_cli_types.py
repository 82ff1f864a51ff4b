"""The command line type-checks under mypy --strict, with no blanket ignores.

--follow-imports=silent: the modules cli/ imports are read for their types, but their own
findings are theirs to fix (their layers have type checks of their own)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CLI = REPO / "src" / "toolwire" / "cli"


def test_mypy_strict_on_the_cli(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path)]
    proc = subprocess.run([*command, str(CLI)], capture_output=True, text=True, cwd=REPO, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success: no issues found" in proc.stdout


def test_no_blanket_type_ignores() -> None:
    """Every `type: ignore` names its error code; no module turns the checker off."""
    for path in sorted(CLI.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "mypy: ignore-errors" not in text and "type: ignore-errors" not in text, path
        assert not re.search(r"type:\s*ignore(?!\[)", text), path
