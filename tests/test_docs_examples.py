"""Every example in README.md and docs/ runs as pasted and prints what the docs show; every
relative link resolves; the figures the docs quote are the tree's (tests/doc_blocks.py says how
a fence is read)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.doc_blocks import (
    DATA,
    REPO,
    RUN,
    Block,
    all_blocks,
    blocks,
    commands,
    documents,
    outputs,
    run_js,
    run_python,
    run_shell,
    tool_env,
    toolwire_shim,
)

PACKAGE = REPO / "generated" / "typescript"


def _examples(lang: str) -> list[Block]:
    return [b for b in all_blocks() if b.lang == lang and not b.not_run]


def _check(found: list[Block], results: list[dict[str, str | None]]) -> None:
    shown = outputs(all_blocks())
    failures = []
    for block, result in zip(found, results, strict=True):
        if result["error"]:
            failures.append(f"{block.where}: the example fails:\n{result['error']}")
        elif (block.doc, block.line) in shown and result["out"] != shown[block.doc, block.line]:
            failures.append(
                f"{block.where}: prints\n{result['out']}\nbut the docs show\n{shown[block.doc, block.line]}"
            )
    assert not failures, "\n\n".join(failures)


def test_every_fence_says_what_it_is() -> None:
    problems = [
        f"{b.where}: fence language {b.lang!r}: use one of {sorted(RUN | DATA)}"
        for b in all_blocks()
        if b.lang not in RUN | DATA
    ]
    problems += [f"{b.where}: only an example is marked not run" for b in all_blocks() if b.not_run and b.lang in DATA]
    assert not problems, "\n".join(problems)


def test_the_docs_have_examples_of_every_kind_and_few_are_not_run() -> None:
    found = all_blocks()
    assert {b.lang for b in found if not b.not_run} >= {"python", "js", "sh", "console"}
    assert len(outputs(found)) >= 3, "examples whose output the docs show"
    assert len([b for b in found if b.not_run]) <= 6, "most examples run: mark only what cannot"


def test_python_examples_run_and_print_what_the_docs_show(tmp_path: Path) -> None:
    found = _examples("python")
    _check(found, run_python(found, tmp_path, tool_env(tmp_path / "bin")))


def test_javascript_examples_run_against_the_package_by_name(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (PACKAGE / "dist" / "index.js").is_file():
        pytest.fail("Node.js and the generated TypeScript package are needed: run README command 1")
    found = _examples("js")
    assert all('from "toolwire-dialects' in b.code for b in found), "examples import the package by its name"
    _check(found, run_js(node, found, tmp_path, PACKAGE))


@pytest.mark.parametrize("doc", [d.relative_to(REPO).as_posix() for d in documents() if list(commands(blocks(d)))])
def test_shell_examples_run_and_print_what_the_docs_show(doc: str, tmp_path: Path) -> None:
    steps = list(commands(blocks(REPO / doc)))
    toolwire_shim(tmp_path / "bin")
    work = tmp_path / "work"
    work.mkdir()
    failures = []
    for step, (code, out) in zip(steps, run_shell(steps, work, tool_env(tmp_path / "bin")), strict=True):
        if step.expected is None and code != 0:
            failures.append(f"{step.block.where}: exit {code}:\n{out}")
        elif step.expected is not None and out != step.expected:
            failures.append(f"{step.block.where}: `{step.command}` prints\n{out}\nbut the docs show\n{step.expected}")
    assert not failures, "\n\n".join(failures)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_relative_link_resolves() -> None:
    broken = []
    for doc in [REPO / "README.md", REPO / "CONTRIBUTING.md", *sorted((REPO / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        prose = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
        for target in re.findall(r"\]\(([^)\s]+)\)", prose):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            path = (doc.parent / file).resolve() if file else doc
            if not path.exists():
                broken.append(f"{doc.name}: {target}: no such file")
            elif anchor and path.suffix == ".md":
                slugs = {_slug(h) for h in re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)}
                if anchor not in slugs:
                    broken.append(f"{doc.name}: {target}: no such heading")
    assert not broken, "\n".join(broken)


def test_the_readme_is_short_and_keeps_ci_commands_verbatim() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 300, "the long reference belongs in docs/"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in ci.splitlines() if line.startswith("python -m")]
    # each ends with `|| exit 1`: set -e lets a failure inside an && list pass unnoticed
    assert commands and all(line.endswith(" || exit 1") for line in commands), commands
    commands = [line.removesuffix(" || exit 1") for line in commands]
    setup = next(line for line in commands if line.startswith("python -m pip install"))
    suite = next(line for line in commands if line.startswith("python -m pytest"))
    assert setup.replace(" -q", "") in readme.splitlines(), "README command 1 is .ci/run's (without -q)"
    assert suite in readme.splitlines(), "README command 2 is .ci/run's"
    first_screen = "\n".join(readme.splitlines()[:60])
    assert "## Quick start" in first_screen and "pip install" in first_screen


def _figure(name: str) -> float:
    """The number after `<!-- figure: name -->` in the docs."""
    for doc in documents():
        found = re.search(rf"<!-- figure: {name} -->\s*([\d,.]+)", doc.read_text(encoding="utf-8"))
        if found:
            return float(found.group(1).replace(",", ""))
    raise AssertionError(f"no figure {name!r} in the docs")


@pytest.mark.parametrize("target", ["python", "typescript"])
def test_tree_sizes_the_docs_quote_are_the_generated_trees(target: str) -> None:
    """Within 10%: a figure is rounded, but one this far off is stale."""
    manifest = json.loads((REPO / "generated" / target / "MANIFEST.json").read_text(encoding="utf-8"))
    files = [REPO / "generated" / name for name in manifest["outputs"]]
    size = sum(f.stat().st_size for f in files) / 1e6
    assert _figure(f"{target}-megabytes") == pytest.approx(size, rel=0.1)
    assert _figure(f"{target}-files") == pytest.approx(len(files), rel=0.1)


def test_python_examples_are_formatted_and_lint_clean(tmp_path: Path) -> None:
    """Examples read like the project's code: the repository's ruff configuration holds them too."""
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: install the dev extra (pip install -e '.[dev]')")
    names = {}
    for n, block in enumerate(b for b in all_blocks() if b.lang == "python"):
        (tmp_path / f"example_{n}.py").write_text(block.code, encoding="utf-8")
        names[f"example_{n}.py"] = block.where
    config = ["--no-cache", "--config", str(REPO / "pyproject.toml")]
    for command in (["format", "--check"], ["check"]):
        run = subprocess.run([ruff, *command, *config, "."], cwd=tmp_path, capture_output=True, text=True)
        report = run.stdout + run.stderr
        for name, where in names.items():
            report = report.replace(name, where)
        assert run.returncode == 0, report


def test_limits_the_docs_quote_are_the_code_limits() -> None:
    """Each limit the docs state is spelled from the constant that sets it."""
    from toolwire_dialects._tool_args import MAX_DEPTH as ARGUMENT_DEPTH

    from toolwire.cli.validate import SEGMENT_BYTES
    from toolwire.spec.json_input import MAX_DEPTH

    read = {doc: (REPO / "docs" / doc).read_text(encoding="utf-8") for doc in ("cli.md", "python.md")}
    scale = (REPO / "docs" / "validate-at-scale.md").read_text(encoding="utf-8")
    bench = (REPO / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert f"at most {MAX_DEPTH} levels of nesting (`MAX_DEPTH`)" in read["cli.md"]
    assert f"arguments nested more than {ARGUMENT_DEPTH} levels" in read["python.md"]
    assert f"{SEGMENT_BYTES // 2**20} MiB segments" in scale
    brackets = MAX_DEPTH + 1
    assert f"({2 * brackets:,} bytes: {brackets} brackets opened and closed)" in bench
    default = _click_default("validate", "max_record_bytes")
    assert f"at most `--max-record-bytes` ({default}) of input" in read["cli.md"]


def _click_default(command: str, option: str) -> object:
    import click

    from toolwire.cli.main import main

    with click.Context(main) as context:
        found = main.get_command(context, command)
    assert found is not None
    return next(p.default for p in found.params if p.name == option)
