"""The type checker is part of the suite (issue #12, point 9): mypy --strict, configured in
pyproject.toml ([tool.mypy]: the packages that are clean, one line each), must find nothing."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _config() -> dict[str, object]:
    mypy: dict[str, object] = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    return mypy


def _cache_dir() -> Path:
    """Outside the checkout (nothing to ignore or commit), one per checkout (worktrees don't
    thrash each other's cache), kept between runs (a warm run takes a second, a cold one ten)."""
    tag = hashlib.sha256(str(REPO).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"toolwire-mypy-{tag}"


def test_the_configuration_is_strict_and_names_existing_paths() -> None:
    config = _config()
    assert config["strict"] is True
    assert config["python_version"] == "3.11"
    files = config["files"]
    assert isinstance(files, list) and files
    missing = [path for path in files if not (REPO / str(path)).exists()]
    assert not missing, f"[tool.mypy] files names paths that do not exist: {missing}"


def test_mypy_strict_finds_nothing() -> None:
    # The configured files, from the checkout's root; MYPYPATH-free: mypy_path = "src" in the config.
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(_cache_dir())],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"mypy exited {run.returncode}:\n{run.stdout}{run.stderr}"
    assert run.stdout.startswith("Success: no issues found"), run.stdout
