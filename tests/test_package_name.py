"""The generated package's name is the project's to choose (`package` in [tool.toolwire])."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path


def test_a_package_generated_under_another_name_works_and_passes_a_suite_file(workspace, toolwire) -> None:
    project = workspace.root
    (project / "pyproject.toml").write_text(
        '[tool.toolwire]\nschemas = "schemas"\ntemplates = "templates"\nout = "out"\npackage = "acme_tools"\n'
    )
    generate = toolwire("generate", cwd=project)
    assert generate.returncode == 0, generate.stderr
    python = project / "out" / "python"
    assert (python / "acme_tools" / "openai_chat.py").is_file() and not (python / "toolwire_dialects").exists()
    assert 'name = "acme-tools"' in (python / "pyproject.toml").read_text()
    code = (
        "import acme_tools, json\n"
        "call = {'id': 'call_1', 'type': 'function', 'function': {'name': 'f', 'arguments': '{}'}}\n"
        "print(json.dumps(acme_tools.convert(call, source='openai_chat', target='anthropic_messages', shape='tool_call').value))"
    )
    env = {"PYTHONPATH": str(python), "PATH": ""}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"type": "tool_use", "id": "call_1", "name": "f", "input": {}}
    suite = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        str(python / "tests" / "test_parts.py"),
        "-k",
        "openai_chat/tool_call.json",
    ]
    passed = subprocess.run(suite, capture_output=True, text=True, env=env, cwd=python, check=False)
    assert passed.returncode == 0, passed.stdout[-2000:] + passed.stderr[-2000:]
    convert = toolwire(
        "convert",
        "--from",
        "openai_chat",
        "--to",
        "mistral",
        "--shape",
        "tool_choice",
        "-",
        input='"none"',
        cwd=project,
    )
    assert convert.returncode == 0 and json.loads(convert.stdout) == "none", convert.stderr


def test_the_package_name_must_be_an_identifier(tmp_path: Path, toolwire) -> None:
    (tmp_path / "toolwire.toml").write_text('package = "acme-tools"\n')
    proc = toolwire("config", cwd=tmp_path)
    assert proc.returncode == 2 and "toolwire.toml:1: package must be a Python identifier" in proc.stderr


def test_a_renamed_package_relays_a_stream_without_its_default_name(tmp_path: Path) -> None:
    """The relay finds its dialect modules inside its own package: with the default name
    blocked, a copy under another name still relays (an absolute import failed here)."""
    generated = Path(__file__).resolve().parents[1] / "generated" / "python" / "toolwire_dialects"
    shutil.copytree(generated, tmp_path / "acme_tools", ignore=shutil.ignore_patterns("__pycache__"))
    events = [
        {"type": "message_start", "message": {"id": "m", "model": "c", "usage": {"input_tokens": 1}}},
        {
            "type": "content_block_start",
            "index": 0,
            "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
        },
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": "{}"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 2}},
        {"type": "message_stop"},
    ]
    code = (
        "import json, sys\n"
        "sys.modules['toolwire_dialects'] = None  # any import by the default name fails\n"
        "from acme_tools.convert import convert_stream\n"
        f"chunks = list(convert_stream({events!r}, source='anthropic_messages', target='openai_chat'))\n"
        "print(json.dumps([c['choices'][0]['delta'].get('tool_calls') for c in chunks if c.get('choices')]))"
    )
    env = {"PYTHONPATH": str(tmp_path), "PATH": ""}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 0, run.stderr
    calls = [c for c in json.loads(run.stdout) if c]
    assert calls[0][0]["id"] == "toolu_1" and calls[0][0]["function"]["name"] == "f"
