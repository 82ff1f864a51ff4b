"""The README says what the code does: its example is examples/dispatch.py, and it runs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_readme_example_is_the_example_file() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = (ROOT / "examples" / "dispatch.py").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    assert example in blocks, "README's dispatch example differs from examples/dispatch.py"


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


def test_readme_loss_table_is_the_one_the_mappings_give() -> None:
    from toolwire.ir.capabilities import loss_table
    from toolwire.spec.loader import load_spec

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- loss-table:start -->\n(.*?)<!-- loss-table:end -->", readme, flags=re.DOTALL)
    assert found, "README lost its loss-table markers"
    assert found.group(1) == loss_table(load_spec(ROOT / "schemas")), "README's table is stale: paste `toolwire losses`"


def test_readme_conversation_example_is_the_example_file_and_runs_as_shown() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = (ROOT / "examples" / "conversation.py").read_text(encoding="utf-8")
    assert example in re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "conversation.py")], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert '"tool_use_id": "call_42"' in run.stdout and '"id": "call_42"' in run.stdout
    assert "loss: /settings/seed: anthropic_messages cannot carry the seed setting" in run.stdout
    assert run.stdout.strip() in readme, "README shows other output than the example prints"


def test_readme_typescript_example_is_the_example_file_and_prints_what_python_prints() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: the TypeScript example cannot run")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = (ROOT / "examples" / "typescript.mjs").read_text(encoding="utf-8")
    assert example in re.findall(r"```js\n(.*?)```", readme, flags=re.DOTALL)
    run = subprocess.run([node, str(ROOT / "examples" / "typescript.mjs")], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    python = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "conversation.py")], capture_output=True, text=True, check=False
    )
    assert run.stdout == python.stdout, "the TypeScript package printed other bytes than the Python one"
    assert '"tool_use_id": "call_42"' in run.stdout
