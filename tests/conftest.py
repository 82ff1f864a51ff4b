"""Shared fixtures of toolwire's own test suite.

- `repo_root`: the checkout; `generated/python` of it is put first on sys.path so that
  `import toolwire_dialects` is this checkout's generated package, not an installed copy.
- `corpus_dir`: the captured real payloads (env TOOLWIRE_CORPUS, else <repo>/../shared/corpus);
  tests that use it skip cleanly when it is absent.
- `corpus_more_dir`: `corpus-more/` beside the corpus (real traffic of kinds toolwire once
  mishandled); skipped cleanly when absent.
- `copy_sources` / `workspace`: schemas/ and templates/ copied into a temporary folder, for
  tests that mutate them (the real ones are never touched).
- `toolwire`: runs the CLI in a subprocess (`python -m toolwire ...`), for real exit codes
  and stderr; every run asserts that no traceback reached stderr.
- `cli_runner`: click's CliRunner on the same command group, where speed matters.
- `read_tree`: {relative path: bytes} of a folder, to compare generated trees.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

REPO = Path(__file__).resolve().parents[1]
GENERATED_PYTHON = REPO / "generated" / "python"
CORPUS_ENV = "TOOLWIRE_CORPUS"

if str(GENERATED_PYTHON) not in sys.path:
    sys.path.insert(0, str(GENERATED_PYTHON))


def corpus_location() -> Path:
    """Where the corpus should be: $TOOLWIRE_CORPUS, else <repo>/../shared/corpus."""
    configured = os.environ.get(CORPUS_ENV)
    return Path(configured) if configured else REPO.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    folder = corpus_location()
    if not folder.is_dir():
        pytest.skip(f"no payload corpus at {folder} (set {CORPUS_ENV} to the corpus folder)")
    return folder


@pytest.fixture(scope="session")
def corpus_more_dir() -> Path:
    folder = corpus_location().parent / "corpus-more"
    if not folder.is_dir():
        pytest.skip(f"no corpus-more at {folder} (it sits beside the folder {CORPUS_ENV} names)")
    return folder


@dataclass(frozen=True)
class Workspace:
    """A private copy of the toolkit's inputs; `out` is where generation should go."""

    root: Path
    schemas: Path
    templates: Path
    out: Path


def _copy_sources(dest: Path) -> Workspace:
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(REPO / "schemas", dest / "schemas")
    # --templates takes a folder of per-target template folders
    for target in ("python", "typescript"):
        shutil.copytree(REPO / f"src/toolwire/targets/{target}/templates", dest / "templates" / target)
    return Workspace(dest, dest / "schemas", dest / "templates", dest / "generated")


@pytest.fixture(scope="session")
def copy_sources() -> Callable[[Path], Workspace]:
    """Copy schemas/ and templates/ into a folder (for module-scoped fixtures)."""
    return _copy_sources


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    """schemas/ and templates/ copied into tmp_path, free to mutate."""
    return _copy_sources(tmp_path / "ws")


class Toolwire:
    """Runs `python -m toolwire ...` in a subprocess."""

    def argv(self, *args: str | os.PathLike[str]) -> list[str]:
        return [sys.executable, "-m", "toolwire", *map(str, args)]

    def env(self, **extra: str) -> dict[str, str]:
        return {**os.environ, **extra}

    def __call__(
        self,
        *args: str | os.PathLike[str],
        input: str | bytes | None = None,
        cwd: Path = REPO,
        env: dict[str, str] | None = None,
        timeout: float = 300,
    ) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            self.argv(*args),
            input=input.decode("utf-8") if isinstance(input, bytes) else input,
            capture_output=True,
            text=True,
            cwd=cwd,
            env=env or self.env(),
            timeout=timeout,
            check=False,
        )
        assert "Traceback" not in proc.stderr, f"toolwire {' '.join(map(str, args))} crashed:\n{proc.stderr}"
        return proc

    def many(self, jobs: dict[str, dict[str, Any]]) -> dict[str, subprocess.CompletedProcess[str]]:
        """Run several commands at once, as many at a time as there are CPUs.
        jobs: name -> keyword arguments of a call, with the command's arguments under "args"."""
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            futures = {
                name: pool.submit(lambda job: self(*job.pop("args"), **job), dict(job)) for name, job in jobs.items()
            }
            return {name: future.result() for name, future in futures.items()}


@pytest.fixture(scope="session")
def toolwire() -> Toolwire:
    return Toolwire()


@pytest.fixture
def cli_runner() -> Callable[..., Result]:
    """Invoke the `toolwire` command group in-process; stderr is kept apart from stdout."""
    from toolwire.cli.main import main

    runner = CliRunner()

    def invoke(args: Sequence[str | os.PathLike[str]], input: str | None = None) -> Result:
        result = runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=True)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
        assert "Traceback" not in result.stderr, result.stderr
        return result

    return invoke


def _read_tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


@pytest.fixture(scope="session")
def read_tree() -> Callable[[Path], dict[str, bytes]]:
    """{path relative to folder: bytes} of every file below folder (bytecode caches aside)."""
    return _read_tree
