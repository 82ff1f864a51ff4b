"""A newcomer follows the README: the wheels built as its Quick start says, installed into a
fresh venv, and every quick-start command run in an empty folder, printing what the README
shows; the README's Python example runs on the installed package, and its JavaScript example on
the npm package as `npm pack` ships it.

Kept cheap: one build and one venv for the module. The build is offline (no build isolation,
no index: nothing is fetched), and the venv sees the test environment's dependencies through a
.pth file rather than installing them (pip would otherwise download them), the way
tests/test_install.py does.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import pytest

from tests.doc_blocks import REPO, Block, blocks, commands, outputs, run_js, run_python, run_shell

IGNORE = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist", ".pytest_cache", "node_modules")


def _quick_start() -> list[Block]:
    text = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    start = text.index("## Quick start") + 1
    end = next(n for n in range(start, len(text)) if text[n].startswith("## ")) + 1
    return [b for b in blocks(REPO / "README.md") if start < b.line < end]


def _install_commands() -> list[list[str]]:
    marked = [b for b in _quick_start() if b.not_run]
    assert len(marked) == 1 and marked[0].lang == "sh", "the quick start's one unrun block is its install"
    return [shlex.split(line) for line in marked[0].code.splitlines() if line.strip()]


def _clean_env(bin_dir: Path) -> dict[str, str]:
    """Nothing of this checkout: no PYTHONPATH, no active venv; the fresh venv first on PATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.fixture(scope="module")
def venv_bin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh venv holding the wheels the README's commands build."""
    wheel, install = _install_commands()
    assert wheel[:2] == ["pip", "wheel"] and install[:2] == ["pip", "install"], "README: pip wheel, then pip install"
    root = tmp_path_factory.mktemp("newcomer")
    clone = root / "clone"  # the sources a clone has, without this checkout's build leftovers
    clone.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(REPO / name, clone / name)
    for folder in ("src", "schemas", "runtime", "generated/python"):
        shutil.copytree(REPO / folder, clone / folder, ignore=IGNORE)
    offline = ["--no-build-isolation", "--no-index", "-q"]
    pip = [sys.executable, "-m", "pip"]
    subprocess.run([*pip, *wheel[1:], *offline], cwd=clone, check=True, capture_output=True)
    wheels = sorted(str(w) for w in (clone / "dist").glob("*.whl"))
    assert [Path(w).name.split("-")[0] for w in wheels] == ["toolwire", "toolwire_dialects"], wheels
    assert install[2] == "dist/*.whl", "README installs the wheels it built"
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    target = ["--python", str(venv / "bin" / "python")]
    subprocess.run(
        [*pip, *target, "install", "--no-deps", "--no-index", "-q", *wheels], check=True, capture_output=True
    )
    # Only now the dependencies the README's install would fetch (pydantic, click, jsonschema-rs,
    # ...): installing first would let pip take this checkout's editable toolwire for installed.
    site = next((venv / "lib").glob("python*/site-packages"))
    (site / "_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return venv / "bin"


def test_the_quick_start_is_three_commands_on_the_first_screen() -> None:
    found = _quick_start()
    console = [c.command for c in commands(found) if c.expected is not None]
    assert [c.split()[:2] for c in console] == [["toolwire", "convert"], ["toolwire", "validate"]]
    assert all(b.line < 100 for b in found), "the quick start fits the first screens"


def test_quick_start_commands_print_what_the_readme_shows(venv_bin: Path, tmp_path: Path) -> None:
    steps = list(commands(_quick_start()))
    env = _clean_env(venv_bin)
    failures = []
    for step, (code, out) in zip(steps, run_shell(steps, tmp_path, env), strict=True):
        if step.expected is None and code != 0:
            failures.append(f"{step.block.where}: exit {code}:\n{out}")
        elif step.expected is not None and out != step.expected:
            failures.append(
                f"{step.block.where}: `{step.command}` prints\n{out}\nbut the README shows\n{step.expected}"
            )
    assert not failures, "\n\n".join(failures)
    where = subprocess.run(["toolwire", "config"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert str(REPO) not in where.stdout and "(built-in)" in where.stdout, where.stdout + where.stderr


def test_the_readme_python_example_runs_on_the_installed_package(venv_bin: Path, tmp_path: Path) -> None:
    found = blocks(REPO / "README.md")
    examples = [b for b in found if b.lang == "python" and not b.not_run]
    shown = outputs(found)
    results = run_python(examples, tmp_path, _clean_env(venv_bin), python=str(venv_bin / "python"))
    for block, result in zip(examples, results, strict=True):
        assert result["error"] is None, f"{block.where}:\n{result['error']}"
        assert result["out"] == shown[block.doc, block.line], block.where


def test_the_readme_javascript_example_runs_on_the_packed_npm_package(tmp_path: Path) -> None:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.fail("Node.js and npm are needed: the TypeScript package cannot be packed")
    pack = subprocess.run(
        [npm, "pack", "--silent", "--pack-destination", str(tmp_path), str(REPO / "generated" / "typescript")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert pack.returncode == 0, pack.stderr
    unpacked = tmp_path / "unpacked"
    with tarfile.open(tmp_path / pack.stdout.strip().splitlines()[-1]) as tar:
        tar.extractall(unpacked, filter="data")
    found = blocks(REPO / "README.md")
    examples = [b for b in found if b.lang == "js" and not b.not_run]
    shown = outputs(found)
    results = run_js(node, examples, tmp_path / "project", unpacked / "package")
    for block, result in zip(examples, results, strict=True):
        assert result["error"] is None, f"{block.where}:\n{result['error']}"
        assert result["out"] == shown[block.doc, block.line], block.where


def test_generate_works_with_its_default_in_an_empty_folder(venv_bin: Path, tmp_path: Path) -> None:
    """Outside a checkout, with no TypeScript compiler anywhere it looks: the Python target is
    generated, the TypeScript one left out with one line saying how to get it, and --check
    then finds the tree up to date (what it did not check, it says)."""
    env = _clean_env(venv_bin)
    env.pop("TOOLWIRE_NODE_MODULES", None)
    env["XDG_CACHE_HOME"] = str(tmp_path / "empty-cache")  # no pinned tsc cached here
    work = tmp_path / "work"
    work.mkdir()
    toolwire = str(venv_bin / "toolwire")
    done = subprocess.run([toolwire, "generate"], cwd=work, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert (work / "generated" / "python" / "toolwire_dialects" / "convert.py").is_file()
    assert not (work / "generated" / "typescript").exists()
    assert "typescript" in done.stderr and "npm install" in done.stderr, done.stderr
    check = subprocess.run([toolwire, "generate", "--check"], cwd=work, env=env, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
