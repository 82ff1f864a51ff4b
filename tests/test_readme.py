"""The docs say what the code does: the example files are the docs' examples, they run, the
TypeScript one prints what the Python one prints, and the loss table is the mappings' own."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _fenced(doc: Path, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_dispatch_example_is_the_example_file() -> None:
    example = (ROOT / "examples" / "dispatch.py").read_text(encoding="utf-8")
    assert example in _fenced(DOCS / "python.md", "python"), "docs/python.md's dispatch example differs from the file"


def test_example_runs_and_answers_every_call_in_both_dialects() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "dispatch.py")], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    anthropic = [line for line in lines if line.startswith("anthropic_messages ")]
    openai = [line for line in lines if line.startswith("openai_chat ")]
    assert len(anthropic) == 2 and len(openai) == 2
    assert "'tool_use_id': 'toolu_01'" in anthropic[0] and "sunny for 2 day(s)" in anthropic[0]  # "2" coerced
    assert "'is_error': True" in anthropic[1] and "unknown tool 'get_time'" in anthropic[1]
    assert "'tool_call_id': 'call_2'" in openai[1] and "not valid JSON" in openai[1]  # never run
    assert "loss: /is_error: openai_chat cannot carry the error flag" in run.stdout


def test_docs_loss_table_is_the_one_the_mappings_give() -> None:
    from toolwire.ir.capabilities import loss_table
    from toolwire.spec.loader import load_spec

    doc = (DOCS / "capabilities.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- loss-table:start -->\n(.*?)<!-- loss-table:end -->", doc, flags=re.DOTALL)
    assert found, "docs/capabilities.md lost its loss-table markers"
    assert found.group(1) == loss_table(load_spec(ROOT / "schemas")), "the table is stale: paste `toolwire losses`"


def test_docs_breaking_rules_are_the_rules() -> None:
    from toolwire.spec.breaking import RULES

    doc = (DOCS / "breaking.md").read_text(encoding="utf-8")
    assert re.findall(r"^\| `([A-Z_]+)` \|", doc, flags=re.MULTILINE) == list(RULES)
    assert sorted(RULES) == sorted(
        p.name for p in (ROOT / "tests" / "fixtures" / "breaking").iterdir() if p.name.isupper()
    )


def test_docs_name_the_pinned_typescript() -> None:
    from toolwire.targets.typescript.compile import TYPESCRIPT_VERSION

    assert f"TypeScript {TYPESCRIPT_VERSION}, pinned exactly" in (DOCS / "architecture.md").read_text(encoding="utf-8")


def test_conversation_example_is_the_example_file_and_runs_as_shown() -> None:
    doc = (DOCS / "conversations.md").read_text(encoding="utf-8")
    example = (ROOT / "examples" / "conversation.py").read_text(encoding="utf-8")
    assert example in _fenced(DOCS / "conversations.md", "python")
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "conversation.py")], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert '"tool_use_id": "call_42"' in run.stdout and '"id": "call_42"' in run.stdout
    assert "loss: /settings/seed: anthropic_messages cannot carry the seed setting" in run.stdout
    assert run.stdout.strip() in doc, "docs/conversations.md shows other output than the example prints"


def test_typescript_example_is_the_example_file_and_prints_what_python_prints(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed: the TypeScript example cannot run")
    example = (ROOT / "examples" / "typescript.mjs").read_text(encoding="utf-8")
    assert example in _fenced(DOCS / "typescript.md", "js")
    assert 'from "toolwire-dialects"' in example, "the example imports the package by its name"
    # Where the package is installed under its name, as a user's project has it.
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "toolwire-dialects").symlink_to(ROOT / "generated" / "typescript")
    shutil.copy(ROOT / "examples" / "typescript.mjs", tmp_path / "example.mjs")
    run = subprocess.run([node, "example.mjs"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    python = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "conversation.py")], capture_output=True, text=True, check=False
    )
    assert run.stdout == python.stdout, "the TypeScript package printed other bytes than the Python one"
    assert '"tool_use_id": "call_42"' in run.stdout
