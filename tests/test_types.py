"""The type checker is part of the suite (issue #12, point 9): mypy --strict, configured in
pyproject.toml ([tool.mypy]: all of src/toolwire), must find nothing, and no module turns it
off (the runtime has its own run: tests/test_runtime_types.py)."""

from __future__ import annotations

import hashlib
import re
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


def test_no_blanket_type_ignores() -> None:
    """Every `type: ignore` names its error code; no module turns the checker off."""
    offenders = []
    for root in (REPO / "src" / "toolwire", REPO / "runtime" / "python"):
        for path in sorted(root.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "ignore-errors" in text or re.search(r"type:\s*ignore(?!\[)", text):
                offenders.append(path.relative_to(REPO).as_posix())
    assert not offenders, f"blanket type ignores: {offenders}"
