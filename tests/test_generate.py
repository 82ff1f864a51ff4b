"""`toolwire generate`: deterministic, marked DO NOT EDIT, listed in MANIFEST.json, --check and
--diff sharing the real run's rendering, stale outputs removed and foreign files kept, no
half-written tree on a template error, and a generated conformance suite that passes.

Generation takes seconds, so the module works from one snapshot of schemas/ and templates/
(others may be editing the real ones): it is generated twice, in parallel subprocesses under
different hash seeds, and the first tree is the module's read-only "fresh" generation. The
runs that compare against it (--check, --diff, stale removal, another working directory, the
committed tree) each get their own copy of it and are started together in `runs`; the tests
then assert on one run each.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from toolwire.generation import generate as gen

REPO = Path(__file__).resolve().parents[1]
MANIFEST = "python/MANIFEST.json"
CHANGED_LINE = "# toolwire-test: a template change\n"
CHANGED_TEMPLATE = "python/package/toolwire_dialects/convert.py.j2"
CHANGED_OUTPUT = "python/toolwire_dialects/convert.py"
REMOVED_VECTORS = "vectors/openai_chat/tool_choice.json"
STALE_OUTPUT = "python/tests/vectors/openai_chat/tool_choice.json"
FOREIGN = {
    "python/NOTES.md": b"hand-written notes\n",
    "python/tests/test_handwritten.py": b"def test_mine():\n    assert True\n",
    "python/toolwire_dialects/local_helpers.py": b"X = 1\n",
    "README.txt": b"next to python/\n",
}

Tree = dict[str, bytes]


def _mtimes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in sorted(folder.rglob("*")) if p.is_file()}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory, copy_sources: Any) -> Any:
    return copy_sources(tmp_path_factory.mktemp("sources"))


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory, sources: Any, toolwire: Any) -> dict[str, Path]:
    """The snapshot generated under PYTHONHASHSEED=1 and =2, in parallel: seed -> out folder."""
    outs = {seed: tmp_path_factory.mktemp(f"seed{seed}") / "generated" for seed in ("1", "2")}
    procs = toolwire.many(
        {
            seed: {
                "args": ["generate", "--schemas", sources.schemas, "--templates", sources.templates, "--out", out],
                "cwd": sources.root,
                "env": toolwire.env(PYTHONHASHSEED=seed),
            }
            for seed, out in outs.items()
        }
    )
    for seed, proc in procs.items():
        assert proc.returncode == 0, f"generate (PYTHONHASHSEED={seed}) exited {proc.returncode}:\n{proc.stderr}"
        assert proc.stdout == ""
    return outs


@pytest.fixture(scope="module")
def fresh(seeded: dict[str, Path]) -> Path:
    """A fresh generation of the snapshot. Read-only: copy it before changing anything."""
    return seeded["1"]


@pytest.fixture(scope="module")
def fresh_tree(fresh: Path, read_tree: Callable[[Path], Tree]) -> Tree:
    tree = read_tree(fresh)
    assert MANIFEST in tree
    return tree


@dataclass
class Run:
    proc: subprocess.CompletedProcess[str]
    out: Path  # the output folder it ran on
    before: dict[str, int]  # file times in out before the run


@pytest.fixture(scope="module")
def runs(
    tmp_path_factory: pytest.TempPathFactory, sources: Any, fresh: Path, repo_root: Path, toolwire: Any
) -> dict[str, Run]:
    """Each run on its own copy of the fresh generation (file times kept), all started together.

    check            --check, same inputs                      -> 0, up to date
    check_changed    --check, one template changed             -> 1 with a diff
    diff_changed     --diff, one template changed              -> 0 with a diff
    stale            generate without one vector file, foreign files in the output folder
    from_repo_root   generate into a new folder, run from the repo root (which has a pyproject.toml)
    committed        --check of the repo's own generated/, from the repo root
    """
    base = tmp_path_factory.mktemp("runs")
    changed = base / "changed_templates"
    shutil.copytree(sources.templates, changed)
    with (changed / CHANGED_TEMPLATE).open("a", encoding="utf-8") as handle:
        handle.write(CHANGED_LINE)
    stale_schemas = base / "stale_schemas"
    shutil.copytree(sources.schemas, stale_schemas)
    (stale_schemas / REMOVED_VECTORS).unlink()

    outs = {}
    for name in ("check", "check_changed", "diff_changed", "stale"):
        outs[name] = base / name / "generated"
        shutil.copytree(fresh, outs[name])
    for path, data in FOREIGN.items():
        (outs["stale"] / path).write_bytes(data)
    outs["from_repo_root"] = base / "from_repo_root" / "generated"
    outs["committed"] = repo_root / "generated"

    schemas, templates = ["--schemas", sources.schemas], ["--templates", sources.templates]
    jobs = {
        "check": ["--check", *schemas, *templates],
        "check_changed": ["--check", *schemas, "--templates", changed],
        "diff_changed": ["--diff", *schemas, "--templates", changed],
        "stale": ["--schemas", stale_schemas, *templates],
        "from_repo_root": [*schemas, *templates],
        "committed": ["--check"],
    }
    befores = {name: _mtimes(out) if out.exists() else {} for name, out in outs.items()}
    procs = toolwire.many(
        {
            name: {
                "args": ["generate", *args] + (["--out", outs[name]] if name != "committed" else []),
                "cwd": repo_root if name in ("from_repo_root", "committed") else sources.root,
            }
            for name, args in jobs.items()
        }
    )
    return {name: Run(procs[name], outs[name], befores[name]) for name in jobs}


# --- determinism -----------------------------------------------------------------------


def test_generation_is_byte_identical_across_hash_seeds(
    seeded: dict[str, Path], read_tree: Callable[[Path], Tree]
) -> None:
    first, second = read_tree(seeded["1"]), read_tree(seeded["2"])
    assert sorted(first) == sorted(second)
    different = [path for path in first if first[path] != second[path]]
    assert not different, f"differ between PYTHONHASHSEED=1 and =2: {different}"
    assert "python/toolwire_dialects/__init__.py" in first
    assert any(path.startswith("python/tests/test_") for path in first)


def test_output_does_not_depend_on_the_working_directory(
    runs: dict[str, Run], fresh_tree: Tree, read_tree: Callable[[Path], Tree]
) -> None:
    """Same inputs, run from the repo root instead of the snapshot's folder: same bytes."""
    run = runs["from_repo_root"]
    assert run.proc.returncode == 0, run.proc.stderr
    tree = read_tree(run.out)
    assert sorted(tree) == sorted(fresh_tree)
    different = [path for path in tree if tree[path] != fresh_tree[path]]
    assert not different, f"differ when generated from another working directory: {different}"


# --- what is generated -----------------------------------------------------------------


def test_every_generated_python_and_toml_file_says_do_not_edit(fresh_tree: Tree) -> None:
    checked, offenders = 0, []
    for path, data in fresh_tree.items():
        if not path.endswith((".py", ".toml")):
            continue
        checked += 1
        head = "".join(data.decode("utf-8").splitlines(keepends=True)[:3])
        if "DO NOT EDIT" not in head or gen.REGENERATE not in head:
            offenders.append(path)
    assert checked >= 10
    assert not offenders, f"no DO NOT EDIT header naming `{gen.REGENERATE}`: {offenders}"
    manifest = json.loads(fresh_tree[MANIFEST])
    assert "DO NOT EDIT" in manifest["_comment"] and gen.REGENERATE in manifest["_comment"]


# Each target's runtime: the files its MANIFEST lists as inputs (the runtime is always the built-in one).
RUNTIMES = {
    "python": (REPO / "runtime" / "python", ".py"),
    "typescript": (REPO / "runtime" / "typescript" / "src", ".ts"),
}


def test_every_generated_typescript_and_javascript_file_says_do_not_edit(fresh_tree: Tree) -> None:
    """Sources, compiled modules and the node suite; tsc leaves declarations (.d.ts) bare."""
    marked = [p for p in fresh_tree if p.startswith("typescript/") and p.endswith((".ts", ".js", ".mjs"))]
    marked = [p for p in marked if not p.endswith(".d.ts")]
    assert len(marked) > 100
    offenders = [p for p in marked if not fresh_tree[p].startswith(b"// DO NOT EDIT")]
    assert not offenders, f"no DO NOT EDIT header: {offenders}"


@pytest.mark.parametrize("target", sorted(RUNTIMES))
def test_manifest_lists_every_output_and_input_with_its_sha256(target: str, fresh_tree: Tree, sources: Any) -> None:
    own = f"{target}/MANIFEST.json"
    manifest = json.loads(fresh_tree[own])
    outputs = manifest["outputs"]
    assert set(outputs) == {path for path in fresh_tree if path.startswith(f"{target}/")} - {own}
    wrong = [path for path in outputs if outputs[path] != _sha256(fresh_tree[path])]
    assert not wrong, f"MANIFEST sha256 does not match: {wrong}"
    templates = sources.templates / target
    expected_inputs = {
        f"schemas/{p.relative_to(sources.schemas).as_posix()}": _sha256(p.read_bytes())
        for p in sources.schemas.rglob("*")
        if p.is_file()
    }
    expected_inputs |= {
        f"templates/{p.relative_to(sources.templates).as_posix()}": _sha256(p.read_bytes())
        for p in templates.rglob("*")
        if p.is_file()
    }
    runtime, suffix = RUNTIMES[target]
    expected_inputs |= {
        f"runtime/{p.relative_to(REPO / 'runtime').as_posix()}": _sha256(p.read_bytes())
        for p in runtime.rglob(f"*{suffix}")
        if "__pycache__" not in p.parts
    }
    assert manifest["inputs"] == expected_inputs
    assert fresh_tree[own].endswith(b"\n")


# --- --check and --diff ----------------------------------------------------------------


def test_check_passes_on_a_fresh_generation(
    runs: dict[str, Run], fresh_tree: Tree, read_tree: Callable[[Path], Tree]
) -> None:
    """--check renders in memory and compares: up to date means the render is the written tree."""
    run = runs["check"]
    assert run.proc.returncode == 0, run.proc.stdout[:3000] + run.proc.stderr
    assert run.proc.stdout == ""
    assert "up to date" in run.proc.stderr
    assert read_tree(run.out) == fresh_tree
    assert _mtimes(run.out) == run.before


def test_check_passes_on_the_committed_tree(runs: dict[str, Run]) -> None:
    run = runs["committed"]
    changed = [line.removeprefix("+++ b/") for line in run.proc.stdout.splitlines() if line.startswith("+++ ")]
    assert run.proc.returncode == 0, f"generated/ is stale; files that differ: {changed}\n{run.proc.stderr}"
    assert run.proc.stdout == ""


def test_check_fails_with_a_unified_diff_after_a_template_change(
    runs: dict[str, Run], fresh_tree: Tree, read_tree: Callable[[Path], Tree]
) -> None:
    run = runs["check_changed"]
    assert run.proc.returncode == 1, run.proc.stderr
    assert f"--- a/{CHANGED_OUTPUT}\n+++ b/{CHANGED_OUTPUT}\n@@ " in run.proc.stdout
    assert "\n+" + CHANGED_LINE in run.proc.stdout
    assert f"--- a/{MANIFEST}\n+++ b/{MANIFEST}\n" in run.proc.stdout  # the template's hash changed
    changed = {line.removeprefix("+++ b/") for line in run.proc.stdout.splitlines() if line.startswith("+++ b/")}
    assert changed == {CHANGED_OUTPUT, MANIFEST}
    assert "stale" in run.proc.stderr and gen.REGENERATE in run.proc.stderr
    assert read_tree(run.out) == fresh_tree
    assert _mtimes(run.out) == run.before


def test_diff_prints_the_diff_and_writes_nothing(
    runs: dict[str, Run], fresh_tree: Tree, read_tree: Callable[[Path], Tree]
) -> None:
    run = runs["diff_changed"]
    assert run.proc.returncode == 0, run.proc.stderr
    assert f"--- a/{CHANGED_OUTPUT}\n+++ b/{CHANGED_OUTPUT}\n@@ " in run.proc.stdout
    assert "\n+" + CHANGED_LINE in run.proc.stdout
    assert run.proc.stdout == runs["check_changed"].proc.stdout  # one code path for both
    assert read_tree(run.out) == fresh_tree
    assert _mtimes(run.out) == run.before


# --- stale and foreign files -----------------------------------------------------------


def test_stale_output_is_removed_and_foreign_files_are_kept(
    runs: dict[str, Run], fresh_tree: Tree, read_tree: Callable[[Path], Tree]
) -> None:
    run = runs["stale"]
    assert STALE_OUTPUT in fresh_tree
    assert run.proc.returncode == 0, run.proc.stderr
    after = read_tree(run.out)
    assert STALE_OUTPUT not in after
    for path, data in FOREIGN.items():
        assert after.get(path) == data, f"foreign file {path} was touched"
    assert STALE_OUTPUT not in json.loads(after[MANIFEST])["outputs"]
    # The package's metadata carries the spec's hash in its version: a vector fewer changes it.
    versioned = "python/pyproject.toml"
    assert after[versioned] != fresh_tree[versioned]
    assert after[versioned].split(b"+spec.")[0] == fresh_tree[versioned].split(b"+spec.")[0]
    # The TypeScript package copies the vectors too, and carries the version in package.json.
    assert STALE_OUTPUT.replace("python/tests/", "typescript/test/") not in after
    kept = (STALE_OUTPUT, MANIFEST, versioned)
    python = {p: d for p, d in fresh_tree.items() if p.startswith("python/") and p not in kept}
    expected = python | FOREIGN
    assert {p: d for p, d in after.items() if p in expected or (p.startswith("python/") and p not in kept)} == expected
    mtimes = _mtimes(run.out)
    rewritten = [p for p in expected if mtimes[p] != run.before[p]]
    assert not rewritten, f"unchanged files were rewritten: {rewritten}"


# --- errors leave the output alone -----------------------------------------------------


@pytest.fixture
def fresh_copy(fresh: Path, tmp_path: Path) -> Path:
    """A private copy of the fresh generation (file times kept)."""
    out = tmp_path / "generated"
    shutil.copytree(fresh, out)
    return out


@pytest.fixture
def own_templates(sources: Any, tmp_path: Path) -> Path:
    """A private copy of the snapshot's templates, free to change."""
    templates = tmp_path / "templates"
    shutil.copytree(sources.templates, templates)
    return templates


@pytest.mark.parametrize(
    "broken_line", ["{% if %}\n", "{{ no_such_variable_anywhere }}\n"], ids=["syntax_error", "undefined_variable"]
)
def test_template_error_exits_2_and_leaves_the_previous_output_byte_identical(
    broken_line: str,
    fresh_copy: Path,
    fresh_tree: Tree,
    sources: Any,
    own_templates: Path,
    toolwire: Any,
    read_tree: Callable[[Path], Tree],
) -> None:
    template = own_templates / CHANGED_TEMPLATE
    text = template.read_text(encoding="utf-8")
    text += ("" if text.endswith("\n") else "\n") + broken_line
    template.write_text(text, encoding="utf-8")
    line = text.count("\n")
    before = _mtimes(fresh_copy)

    proc = toolwire(
        "generate", "--schemas", sources.schemas, "--templates", own_templates, "--out", fresh_copy, cwd=sources.root
    )

    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert "nothing was generated" in proc.stderr
    where = f"{Path(CHANGED_TEMPLATE).name}:{line}"
    assert where in proc.stderr, f"the error does not name {where}:\n{proc.stderr}"
    assert read_tree(fresh_copy) == fresh_tree
    assert _mtimes(fresh_copy) == before
    assert not list(fresh_copy.parent.glob(".toolwire-staging-*"))


# --- the generated conformance suite ---------------------------------------------------


def test_generated_conformance_suite_passes_on_a_fresh_generation(fresh: Path, tmp_path: Path) -> None:
    package = fresh / "python"
    env = {**os.environ, "PYTHONPATH": str(package), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    where = subprocess.run(
        [sys.executable, "-c", "import toolwire_dialects; print(toolwire_dialects.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).resolve().is_relative_to(package.resolve()), where.stdout
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(package / "tests"),
            "-q",
            "-p",
            "no:cacheprovider",
            "--import-mode=importlib",
            "--rootdir",
            str(package),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout
