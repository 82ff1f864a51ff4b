"""`toolwire generate` is atomic: a real `toolwire generate` process killed (SIGKILL) at any
step of its write leaves the old tree or the new one, never a mix; the next run repairs what
it left; `--check` tells the truth about the tree on disk whatever the manifest says; and
the folders a killed run leaves are ignored by git and removed by the next run.

One snapshot of the sources gives the old tree; a changed template and a removed vector
file give the new one (a changed file, and a stale file to remove). Each kill runs in its
own copy of the old tree."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from toolwire.generation import generate as gen
from toolwire.generation import tree_swap
from toolwire.spec.loader import load_spec
from toolwire.targets.python.names import header

Tree = dict[str, bytes]
CHANGED_TEMPLATE = "python/package/toolwire_dialects/convert.py.j2"
CHANGED_OUTPUT = "python/toolwire_dialects/convert.py"
REMOVED_VECTORS = "vectors/openai_chat/tool_choice.json"
STALE_OUTPUT = "python/tests/vectors/openai_chat/tool_choice.json"
# A module an older toolwire generated per vector file, before the suite became data and runners.
OLD_MODULE = "python/tests/test_openai_chat_tool_choice.py"
FOREIGN = {"python/NOTES.md": b"hand-written\n", "python/tests/test_mine.py": b"def test_mine():\n    pass\n"}

# Runs the real CLI, with tree_swap.checkpoint replaced to SIGKILL the process at one step.
KILLER = """
import os, signal, sys
from toolwire.generation import tree_swap
step, exchange = sys.argv[1], sys.argv[2]

def checkpoint(label):
    if label == step or (step == "first write" and label.startswith("wrote ")):
        os.kill(os.getpid(), signal.SIGKILL)

tree_swap.checkpoint = checkpoint
if exchange == "rename":  # a system without RENAME_EXCHANGE: the two-rename fallback
    tree_swap._exchange = lambda a, b: False
from toolwire.cli.main import main
main(sys.argv[3:], prog_name="toolwire")
"""
KILLS = {
    "after_the_first_file": ("first write", "exchange"),
    "after_the_exchange": ("swapped", "exchange"),
    "fallback_between_the_renames": ("moved the old tree aside", "rename"),
    "fallback_after_the_renames": ("swapped", "rename"),
}


@dataclass
class Snapshot:
    root: Path
    old_out: Path  # the old tree, with foreign files: copy it before changing anything
    old: Tree
    new: Tree
    new_schemas: Path
    new_templates: Path
    rendered: gen.Rendered  # the new render


def _tree(folder: Path, read_tree: Callable[[Path], Tree]) -> Tree:
    """The tree without what an interrupted run leaves beside python/."""
    return {p: d for p, d in read_tree(folder).items() if not p.startswith(".toolwire-")} if folder.is_dir() else {}


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory, copy_sources: Any, read_tree: Any) -> Snapshot:
    base = tmp_path_factory.mktemp("atomic")
    sources = copy_sources(base / "sources")
    old_out = base / "old" / "generated"
    gen.write(gen.render(load_spec(sources.schemas), sources.templates), old_out)
    for path, data in FOREIGN.items():
        (old_out / path).write_bytes(data)
    new_schemas, new_templates = base / "new_schemas", base / "new_templates"
    shutil.copytree(sources.schemas, new_schemas)
    shutil.copytree(sources.templates, new_templates)
    (new_schemas / REMOVED_VECTORS).unlink()
    with (new_templates / CHANGED_TEMPLATE).open("a", encoding="utf-8") as handle:
        handle.write("# a template change\n")
    rendered = gen.render(load_spec(new_schemas), new_templates)
    new_out = base / "new" / "generated"
    shutil.copytree(old_out, new_out)
    gen.write(rendered, new_out)
    old, new = _tree(old_out, read_tree), _tree(new_out, read_tree)
    assert STALE_OUTPUT in old and STALE_OUTPUT not in new
    assert old[CHANGED_OUTPUT] != new[CHANGED_OUTPUT]
    assert all(new[p] == d for p, d in FOREIGN.items())
    return Snapshot(base, old_out, old, new, new_schemas, new_templates, rendered)


@pytest.fixture(scope="module")
def killed(snapshot: Snapshot) -> dict[str, tuple[subprocess.CompletedProcess[str], Path]]:
    """Every kill of KILLS, each on its own copy of the old tree, run together."""

    def run(name: str) -> tuple[subprocess.CompletedProcess[str], Path]:
        step, exchange = KILLS[name]
        out = snapshot.root / "killed" / name / "generated"
        shutil.copytree(snapshot.old_out, out)
        # One target: the swap is the same for each top folder, and the snapshot renders python/ only.
        args = ["generate", "--target", "python", "--schemas", snapshot.new_schemas]
        args += ["--templates", snapshot.new_templates, "--out", out]
        proc = subprocess.run(
            [sys.executable, "-c", KILLER, step, exchange, *map(str, args)],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        shutil.copytree(out, out.parent / "as_killed", symlinks=True)  # kept for the CLI's repair
        return proc, out

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(KILLS, pool.map(run, KILLS), strict=True))


@pytest.mark.parametrize("name", list(KILLS))
def test_a_killed_run_leaves_the_old_or_the_new_tree_and_the_next_run_repairs_it(
    name: str, killed: dict[str, Any], snapshot: Snapshot, read_tree: Callable[[Path], Tree]
) -> None:
    proc, out = killed[name]
    assert proc.returncode == -signal.SIGKILL, f"the process was not killed at {KILLS[name]}:\n{proc.stderr}"
    tree = _tree(out, read_tree)
    if name == "fallback_between_the_renames":
        # The one step no rename can make atomic: python/ is aside, whole, for the next run.
        assert tree == {}
        assert _tree(out / (tree_swap.PREVIOUS + "python"), read_tree) == {
            p.removeprefix("python/"): d for p, d in snapshot.old.items()
        }
    else:
        assert tree in (snapshot.old, snapshot.new), "a mix of the old and the new tree"
        assert tree == (snapshot.new if KILLS[name][0] == "swapped" else snapshot.old)
        # --check (the same comparison, in-process) tells the truth about what is on disk
        assert (gen.unified_diff(snapshot.rendered, out) == "") == (tree == snapshot.new)

    gen.write(snapshot.rendered, out)  # the next run
    assert read_tree(out) == snapshot.new  # repaired, and nothing left behind
    assert gen.unified_diff(snapshot.rendered, out) == ""


def test_the_next_cli_run_repairs_a_tree_left_between_the_renames(
    killed: dict[str, Any], snapshot: Snapshot, tmp_path: Path, toolwire: Any, read_tree: Callable[[Path], Tree]
) -> None:
    out = tmp_path / "generated"
    shutil.copytree(killed["fallback_between_the_renames"][1].parent / "as_killed", out, symlinks=True)
    assert not (out / "python").exists()
    args = [
        "--target",
        "python",
        "--schemas",
        snapshot.new_schemas,
        "--templates",
        snapshot.new_templates,
        "--out",
        out,
    ]
    assert toolwire("generate", "--check", *args).returncode == 1  # no python/: stale, not "up to date"
    proc = toolwire("generate", *args)
    assert proc.returncode == 0, proc.stderr
    assert read_tree(out) == snapshot.new
    assert gen.unified_diff(snapshot.rendered, out) == ""


def test_check_does_not_trust_the_manifest(snapshot: Snapshot, tmp_path: Path, read_tree: Any) -> None:
    """What an older toolwire left when killed: the new manifest, with a stale generated file
    it does not list (a per-vector test module, saying it was generated), and a generated file
    edited since."""
    out = tmp_path / "generated"
    out.mkdir()
    for path, data in snapshot.new.items():
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        (out / path).write_bytes(data)
    old_module = header(
        ["schemas/vectors/openai_chat/tool_choice.json", "templates/python/tests/test_{dialect}_{shape}.py.j2"]
    )
    (out / OLD_MODULE).write_text(old_module + "\n\ndef test_old() -> None:\n    pass\n", encoding="utf-8")
    assert OLD_MODULE not in snapshot.new
    diff = gen.unified_diff(snapshot.rendered, out)
    assert f"--- a/{OLD_MODULE}\n+++ /dev/null" in diff
    (out / CHANGED_OUTPUT).write_bytes(snapshot.new[CHANGED_OUTPUT] + b"# edited by hand\n")
    assert f"+++ b/{CHANGED_OUTPUT}" in gen.unified_diff(snapshot.rendered, out)
    assert gen.write(snapshot.rendered, out) == (1, 1)
    assert read_tree(out) == snapshot.new
    for path in FOREIGN:  # a hand-written file is never taken for a generated one
        assert path in snapshot.new


def test_nothing_changed_touches_nothing(snapshot: Snapshot, tmp_path: Path) -> None:
    out = tmp_path / "generated"
    shutil.copytree(snapshot.old_out, out)
    gen.write(snapshot.rendered, out)
    inode = (out / "python").stat().st_ino
    assert gen.write(snapshot.rendered, out) == (0, 0)
    assert (out / "python").stat().st_ino == inode
    assert sorted(p.name for p in out.iterdir()) == ["python"]


@pytest.mark.parametrize(
    "path",
    ["generated/.toolwire-staging-python/x.py", "generated/.toolwire-previous-python/x.py", ".toolwire-staging-x1/y"],
)
def test_leftover_folders_are_ignored_by_git(repo_root: Path, path: str) -> None:
    proc = subprocess.run(["git", "check-ignore", "-q", path], cwd=repo_root, check=False)
    assert proc.returncode == 0, f"{path} is not ignored"


def test_a_symlinked_tree_is_refused(snapshot: Snapshot, tmp_path: Path, read_tree: Any) -> None:
    """toolwire writes only inside the output folder (issue #21): a link out of it is refused."""
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(snapshot.old_out / "python", elsewhere / "python")
    out = tmp_path / "generated"
    out.mkdir()
    (out / "python").symlink_to(elsewhere / "python", target_is_directory=True)
    with pytest.raises(gen.GenerateError, match="toolwire does not own"):
        gen.write(snapshot.rendered, out)
    assert (out / "python").is_symlink()
    assert {f"python/{p}": d for p, d in read_tree(elsewhere / "python").items()} == snapshot.old
    assert sorted(p.name for p in elsewhere.iterdir()) == ["python"]
