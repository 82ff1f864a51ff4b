"""The Python target's formatter: ruff (pinned exactly in toolwire's dependencies), run once
over every file of a batch, in memory as far as the caller sees.

Every setting is on the command line and `--isolated` makes ruff read no configuration, so a
pyproject.toml or ruff.toml near the working directory (or a RUFF_* variable) cannot change
the bytes; the binary is the one the ruff package installed, not whatever `ruff` PATH finds.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from importlib import metadata
from pathlib import Path

from toolwire.ir.errors import GenerateError

LINE_LENGTH = 120
TARGET_VERSION = "py311"


def ruff_version() -> str:
    try:
        return metadata.version("ruff")
    except metadata.PackageNotFoundError:
        return "unknown"


def _ruff() -> str:
    try:
        from ruff import find_ruff_bin  # type: ignore[import-untyped]  # ruff ships no py.typed
    except ImportError as exc:
        raise GenerateError("cannot format the generated Python: the ruff package is not installed") from exc
    try:
        return str(find_ruff_bin())
    except FileNotFoundError as exc:
        raise GenerateError(f"cannot format the generated Python: {exc}") from exc


def format_python(files: dict[str, str]) -> dict[str, str]:
    """files (path -> source) formatted by ruff, in one run; GenerateError naming the files
    ruff could not format. The paths only name the files: each is written as a numbered file
    of a fresh temporary folder, so no folder name of the output (`build/`, say) is excluded."""
    if not files:
        return {}
    paths = sorted(files)
    with tempfile.TemporaryDirectory(prefix="toolwire-format-") as scratch:
        folder = Path(scratch)
        names = [f"m{index:05d}.py" for index in range(len(paths))]
        for name, path in zip(names, paths, strict=True):
            (folder / name).write_bytes(files[path].encode("utf-8"))
        command = [
            _ruff(),
            "format",
            "--isolated",
            "--no-cache",
            f"--line-length={LINE_LENGTH}",
            f"--target-version={TARGET_VERSION}",
            "--",
            *names,
        ]
        env = {key: value for key, value in os.environ.items() if not key.startswith("RUFF_")}
        try:
            run = subprocess.run(command, cwd=folder, env=env, capture_output=True, check=False)
        except OSError as exc:
            raise GenerateError(f"cannot run ruff to format the generated Python: {exc}") from exc
        if run.returncode != 0:
            raise GenerateError(_failure(run.stderr.decode("utf-8", "replace"), dict(zip(names, paths, strict=True))))
        return {path: (folder / name).read_bytes().decode("utf-8") for name, path in zip(names, paths, strict=True)}


def _failure(stderr: str, by_name: dict[str, str]) -> str:
    """ruff's complaint with each numbered file named by its generated path."""
    named = re.sub(r"m\d{5}\.py", lambda match: "python/" + by_name.get(match.group(0), match.group(0)), stderr)
    failed = sorted({by_name[name] for name in re.findall(r"m\d{5}\.py", stderr) if name in by_name})
    lines = [line for line in named.strip().splitlines() if line.strip()]
    which = ", ".join(f"python/{path}" for path in failed) or "the generated Python"
    return f"ruff cannot format {which}: " + (
        "; ".join(line.removeprefix("error: ") for line in lines[:3]) or "no message"
    )
