"""The fenced examples of README.md and docs/*.md, read and run as a reader would paste them.

A fence's language says what it is:
- `python`, `js`, `sh` and `console` are examples: each one runs. A `console` block holds
  `$ command` lines, each followed by the output it prints (stdout and stderr as a terminal
  shows them); `sh` blocks are commands whose output the docs do not show.
- `text`, `json`, `toml` and `yaml` are data or output, never run. A `text` block right after
  the line `<!-- output -->` is the printed output of the nearest python or js block above it.
- An example that cannot run here says so on the line before its fence:
  `<!-- not run: why -->` (the reason is required).

The shell blocks of one document run in order in one bash process, in a scratch folder of
their own, so a file one block writes is there for the next.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RUN = {"python", "js", "sh", "console"}
DATA = {"text", "json", "toml", "yaml"}
NOT_RUN = re.compile(r"^<!-- not run: (\S.*) -->$")
OUTPUT = "<!-- output -->"
# Another engineer's plan document: its sketches are designs, not examples.
SKIPPED_DOCS = {"docs/compiled-conversations.md"}


@dataclass(frozen=True)
class Block:
    doc: str  # path relative to the repository
    line: int  # 1-based line of the opening fence
    lang: str
    code: str
    not_run: str | None  # the reason given, when the block is marked
    output_of: int | None = None  # for an output block: the line of the block it shows

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"


def documents() -> list[Path]:
    docs = sorted((REPO / "docs").glob("*.md"))
    return [REPO / "README.md", *(d for d in docs if d.relative_to(REPO).as_posix() not in SKIPPED_DOCS)]


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, with its marker and the example an output shows."""
    lines = path.read_text(encoding="utf-8").splitlines()
    doc = path.relative_to(REPO).as_posix()
    found: list[Block] = []
    last_example: int | None = None
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\S*)\s*$", lines[i])
        if not fence:
            if lines[i].startswith("```"):
                raise AssertionError(f"{doc}:{i + 1}: a fence's info string is one word, its language")
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), None)
        if end is None:
            raise AssertionError(f"{doc}:{i + 1}: a fence that never closes")
        before = lines[i - 1] if i else ""
        marker = NOT_RUN.match(before)
        lang = fence.group(1)
        output_of = last_example if before == OUTPUT else None
        if before == OUTPUT and (lang != "text" or last_example is None):
            raise AssertionError(f"{doc}:{i + 1}: an output block is a text fence after a python or js example")
        found.append(
            Block(doc, i + 1, lang, "\n".join(lines[i + 1 : end]) + "\n", marker and marker.group(1), output_of)
        )
        if lang in ("python", "js") and not marker:
            last_example = i + 1
        i = end + 1
    return found


def all_blocks() -> list[Block]:
    return [b for path in documents() for b in blocks(path)]


def outputs(found: list[Block]) -> dict[tuple[str, int], str]:
    """{(doc, line of an example): the output the docs show for it}."""
    return {(b.doc, b.output_of): b.code for b in found if b.output_of is not None}


# --- python: every block in one interpreter, each in a fresh namespace ------------------------

_PY_RUNNER = textwrap.dedent(
    """
    import contextlib, io, json, os, sys, traceback
    results = []
    for source, folder in json.load(sys.stdin):
        os.chdir(folder)
        out = io.StringIO()
        error = None
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(source, "<example>", "exec"), {"__name__": "__main__"})
        except BaseException:
            error = traceback.format_exc()
        results.append({"out": out.getvalue(), "error": error})
    sys.__stdout__.write(json.dumps(results))
    """
)


def run_python(
    examples: list[Block], folder: Path, env: dict[str, str], python: str = sys.executable
) -> list[dict[str, str | None]]:
    payload = json.dumps([(b.code, str(folder)) for b in examples])
    proc = subprocess.run(
        [python, "-c", _PY_RUNNER], input=payload, capture_output=True, text=True, env=env, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    results: list[dict[str, str | None]] = json.loads(proc.stdout)
    return results


# --- js: every block in one node process, imported in turn ------------------------------------

_JS_RUNNER = """
import { format } from "node:util";
import { pathToFileURL } from "node:url";
const results = [];
const log = console.log;
for (const file of process.argv.slice(2)) {
  const out = [];
  console.log = (...args) => out.push(format(...args) + "\\n");
  let error = null;
  try { await import(pathToFileURL(file).href); } catch (e) { error = String((e && e.stack) || e); }
  console.log = log;
  results.push({ out: out.join(""), error });
}
process.stdout.write(JSON.stringify(results));
"""


def run_js(node: str, examples: list[Block], folder: Path, package: Path) -> list[dict[str, str | None]]:
    """Each block as an ES module in a folder where `toolwire-dialects` is the given package."""
    (folder / "node_modules").mkdir(parents=True, exist_ok=True)  # `folder` may not exist yet
    link = folder / "node_modules" / "toolwire-dialects"
    if not link.exists():
        link.symlink_to(package, target_is_directory=True)
    (folder / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    files = []
    for n, block in enumerate(examples):
        file = folder / f"example_{n}.mjs"
        file.write_text(block.code, encoding="utf-8")
        files.append(str(file))
    (folder / "runner.mjs").write_text(_JS_RUNNER, encoding="utf-8")
    proc = subprocess.run(
        [node, str(folder / "runner.mjs"), *files], cwd=folder, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    results: list[dict[str, str | None]] = json.loads(proc.stdout)
    return results


# --- shell: one bash per document ---------------------------------------------------------------

_MARK = "\x1etoolwire-doc-example"


@dataclass(frozen=True)
class Command:
    block: Block
    command: str
    expected: str | None  # console: the output shown; sh: None (its exit code must be 0)


def commands(found: list[Block]) -> Iterator[Command]:
    for block in found:
        if block.not_run or block.lang not in ("sh", "console"):
            continue
        if block.lang == "sh":
            yield Command(block, block.code, None)
            continue
        command: str | None = None
        shown: list[str] = []
        for line in block.code.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    yield Command(block, command, "".join(shown))
                command, shown = line[2:], []
            elif command is None:
                raise AssertionError(f"{block.where}: a console block starts with a `$ ` command")
            else:
                shown.append(line + "\n")
        if command is not None:
            yield Command(block, command, "".join(shown))


def run_shell(steps: list[Command], folder: Path, env: dict[str, str]) -> list[tuple[int, str]]:
    """(exit code, stdout and stderr interleaved) of each step, run in order in `folder`."""
    script = []
    for step in steps:
        # A subshell per step: `set -e` within an sh block, and its exit code kept apart.
        flags = "set -e; " if step.expected is None else ""
        script.append(f"( {flags}\n{step.command}\n) 2>&1\nprintf '%s %s\\n' '{_MARK}' \"$?\"\n")
    proc = subprocess.run(
        ["bash", "-c", "".join(script)],
        cwd=folder,
        stdin=subprocess.DEVNULL,  # a command that waits for stdin ends at once, not at the timeout
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    results = []
    taken = 0
    for found in re.finditer(re.escape(_MARK) + r" (\d+)\n", proc.stdout):
        results.append((int(found.group(1)), proc.stdout[taken : found.start()]))
        taken = found.end()
    assert len(results) == len(steps), proc.stdout + proc.stderr
    return results


def tool_env(bin_dir: Path) -> dict[str, str]:
    """This checkout's toolwire and generated package, first on PATH and sys.path."""
    env = dict(os.environ)
    paths = [str(REPO / "src"), str(REPO / "generated" / "python")]
    env["PYTHONPATH"] = os.pathsep.join([*paths, env["PYTHONPATH"]] if env.get("PYTHONPATH") else paths)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONUNBUFFERED"] = "1"  # stdout and stderr interleaved as on a terminal
    return env


def toolwire_shim(bin_dir: Path) -> None:
    """A `toolwire` command that is this interpreter running this checkout's CLI."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    shim = bin_dir / "toolwire"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m toolwire "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
