"""`toolwire generate` by default builds the targets whose toolchain is installed and names the
others (issue #24, CLI point 1): from an empty folder it works without tsc, says in one line
what it left out and the one command that enables it; --target and a configured `targets`
stay strict; --check says what it did not check; in the checkout both targets are checked."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from toolwire.targets.typescript import compile as ts_compile

REPO = Path(__file__).resolve().parents[1]
TSC = REPO / "generated" / "typescript" / "node_modules" / "typescript"


def _no_tsc(tmp_path: Path) -> dict[str, str]:
    """An environment whose only place for tsc is an empty node_modules folder."""
    (tmp_path / "empty" / "node_modules").mkdir(parents=True, exist_ok=True)
    return {
        **os.environ,
        "TOOLWIRE_NODE_MODULES": str(tmp_path / "empty" / "node_modules"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }


def _stderr_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line]


def test_default_generates_what_it_can_and_names_the_left_out_target_in_one_line(toolwire, tmp_path: Path) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    env = _no_tsc(tmp_path)
    proc = toolwire("generate", cwd=folder, env=env)
    assert proc.returncode == 0, proc.stderr
    assert (folder / "generated" / "python" / "MANIFEST.json").is_file()
    assert not (folder / "generated" / "typescript").exists()
    left = [line for line in _stderr_lines(proc.stderr) if "typescript" in line]
    assert len(left) == 1, proc.stderr
    assert left[0].startswith("toolwire: left out the typescript target (not generated): ")
    expected = f"npm install --prefix {tmp_path / 'empty'} typescript@{ts_compile.TYPESCRIPT_VERSION}"
    assert expected in left[0]
    assert proc.stderr.rstrip().endswith("(python only)")

    check = toolwire("generate", "--check", cwd=folder, env=env)
    assert check.returncode == 0, check.stderr
    assert "left out the typescript target (not checked)" in check.stderr
    assert check.stderr.rstrip().endswith("generated is up to date (python only)")


def test_asking_for_typescript_without_tsc_is_an_error_that_writes_nothing(toolwire, tmp_path: Path) -> None:
    out = tmp_path / "generated"
    proc = toolwire("generate", "--target", "typescript", "--out", out, cwd=tmp_path, env=_no_tsc(tmp_path))
    assert proc.returncode == 2, proc.stderr
    assert "toolwire: target typescript: TOOLWIRE_NODE_MODULES=" in proc.stderr
    assert "asked for by --target; nothing was generated (the others alone: --target python)" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists()


def test_configured_targets_are_asked_for_and_stay_strict(toolwire, tmp_path: Path) -> None:
    (tmp_path / "toolwire.toml").write_text('targets = ["python", "typescript"]\n', encoding="utf-8")
    proc = toolwire("generate", cwd=tmp_path, env=_no_tsc(tmp_path))
    assert proc.returncode == 2, proc.stderr
    assert "cannot generate typescript, asked for by toolwire.toml; nothing was generated" in proc.stderr
    assert not (tmp_path / "generated").exists()


def test_in_the_checkout_check_covers_both_targets(toolwire) -> None:
    if not (TSC / "lib" / "tsc.js").is_file():
        pytest.fail("the pinned tsc is needed: run `npm ci --prefix generated/typescript`")
    proc = toolwire("generate", "--check", cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    assert "left out" not in proc.stderr and "only" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == "toolwire: generated is up to date"


def _fake_tsc(node_modules: Path, version: str) -> None:
    package = node_modules / "typescript"
    (package / "lib").mkdir(parents=True)
    (package / "lib" / "tsc.js").write_text("", encoding="utf-8")
    (package / "package.json").write_text(json.dumps({"version": version}), encoding="utf-8")


@pytest.fixture
def outside_a_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working directory and the package's own place hold no tsc; the per-user folder is below tmp."""
    monkeypatch.delenv("TOOLWIRE_NODE_MODULES", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(ts_compile, "_CHECKOUT", tmp_path / "site-packages")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_outside_a_checkout_the_fix_is_one_npm_install_into_the_per_user_folder(outside_a_checkout: Path) -> None:
    folder = outside_a_checkout / "cache" / "toolwire" / f"typescript-{ts_compile.TYPESCRIPT_VERSION}"
    assert ts_compile.setup_command() == f"npm install --prefix {folder} typescript@{ts_compile.TYPESCRIPT_VERSION}"
    problem = ts_compile.toolchain_problem()
    assert problem is not None and ts_compile.setup_command() in problem
    # what that command installs is where the next run looks
    _fake_tsc(folder / "node_modules", ts_compile.TYPESCRIPT_VERSION)
    assert ts_compile.toolchain_problem() is None
    assert ts_compile.tsc_script() == folder / "node_modules" / "typescript" / "lib" / "tsc.js"


def test_in_a_checkout_the_fix_is_npm_ci_from_the_lockfile(outside_a_checkout: Path) -> None:
    lock = outside_a_checkout / "generated" / "typescript" / "package-lock.json"
    lock.parent.mkdir(parents=True)
    lock.write_text("{}", encoding="utf-8")
    assert ts_compile.setup_command() == "npm ci --prefix generated/typescript"


def test_a_named_node_modules_without_tsc_says_how_to_fill_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLWIRE_NODE_MODULES", str(tmp_path / "tools" / "node_modules"))
    problem = ts_compile.toolchain_problem()
    assert problem is not None
    assert f"npm install --prefix {tmp_path / 'tools'} typescript@{ts_compile.TYPESCRIPT_VERSION}" in problem


def test_the_help_documents_toolwire_node_modules_and_the_pinned_version(cli_runner) -> None:
    result = cli_runner(["generate", "--help"])
    assert result.exit_code == 0
    assert "TOOLWIRE_NODE_MODULES" in result.output
    assert f"typescript@{ts_compile.TYPESCRIPT_VERSION}" in result.output


def test_a_named_node_modules_of_another_version_says_to_repoint_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_tsc(tmp_path / "node_modules", "4.0.0")
    monkeypatch.setenv("TOOLWIRE_NODE_MODULES", str(tmp_path / "node_modules"))
    problem = ts_compile.toolchain_problem()
    assert problem is not None and "is TypeScript 4.0.0" in problem
    assert "point TOOLWIRE_NODE_MODULES at a node_modules folder holding it, or unset it" in problem
    assert "npm ci" not in problem  # a checkout's node_modules would not be read while the variable is set
