"""The code, generated code included, passes the project's ruff configuration."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: install the dev extra (pip install -e '.[dev]')")
    run = subprocess.run(
        [ruff, "check", "--no-cache", "src", "tests", "bench", "examples", "generated"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_format_finds_nothing_to_change() -> None:
    """The repository is formatted (the generated tree by the generator's pinned ruff, the same style)."""
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: install the dev extra (pip install -e '.[dev]')")
    folders = ["src", "tests", "bench", "examples", "runtime", "generated"]
    run = subprocess.run(
        [ruff, "format", "--check", "--no-cache", *folders], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr
