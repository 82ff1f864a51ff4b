"""The generated package's name is the project's to choose (`package` in [tool.toolwire])."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Toolwire, Workspace

# Any import by the default name fails in the subprocesses below: the renamed package must
# find its own modules inside itself (a pytest plugin, so the generated suite runs so too).
BLOCK_DEFAULT = "import sys\nsys.modules['toolwire_dialects'] = None\n"


@pytest.fixture(scope="module")
def renamed(
    tmp_path_factory: pytest.TempPathFactory, copy_sources: Callable[[Path], Workspace], toolwire: Toolwire
) -> Path:
    """A project generated with package = "acme_tools"; its Python output folder."""
    project = copy_sources(tmp_path_factory.mktemp("renamed") / "ws").root
    (project / "pyproject.toml").write_text(
        '[tool.toolwire]\nschemas = "schemas"\ntemplates = "templates"\nout = "out"\npackage = "acme_tools"\n'
    )
    generate = toolwire("generate", cwd=project)
    assert generate.returncode == 0, generate.stderr
    python = project / "out" / "python"
    (python / "block_default_name.py").write_text(BLOCK_DEFAULT)
    return python


def test_a_package_generated_under_another_name_works_and_passes_a_suite_file(
    renamed: Path, toolwire: Toolwire
) -> None:
    python = renamed
    project = python.parents[1]
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


def test_the_renamed_packages_own_suite_passes_with_the_default_name_blocked(renamed: Path) -> None:
    """The generated suite (parts, conversations, streams) run against acme_tools, every
    import by the default name failing."""
    env = {"PYTHONPATH": str(renamed), "PATH": ""}
    suite = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-p", "block_default_name", "tests"]
    passed = subprocess.run(suite, capture_output=True, text=True, env=env, cwd=renamed, check=False, timeout=900)
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr[-2000:]
    assert " passed" in passed.stdout and " failed" not in passed.stdout


RENAMED_SCRIPT = """
import json
from acme_tools import IdMap, convert
from acme_tools.convert import convert_stream
from acme_tools.dialects import REGISTRY
from acme_tools.streams import convert_stream_text
from acme_tools import anthropic_messages, gemini

events = EVENTS
relay = convert_stream(events, source="anthropic_messages", target="gemini")
chunks = list(relay)
text = "".join(convert_stream_text([json.dumps(e) + "\\n" for e in events], source="anthropic_messages", target="openai_chat"))
request = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "Weather?"},
        {"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
    ],
}
whole = convert(request, source="openai_chat", target="anthropic_messages", shape="request")
injected = anthropic_messages.inject(RESPONSE, {"tool_calls": [{"id": "call:2", "name": "g", "arguments": {"a": 1}}]}, id_map=IdMap())
print(json.dumps({
    "gemini_calls": [p["functionCall"] for c in chunks for p in c["candidates"][0]["content"]["parts"] if "functionCall" in p],
    "text_done": text.endswith("data: [DONE]\\n\\n"),
    "request_roles": [m["role"] for m in whole.value["messages"]],
    "request_blocks": [b["type"] for m in whole.value["messages"] for b in m["content"] if isinstance(m["content"], list)],
    "injected": injected.value["content"],
    "inject_losses": [loss.pointer for loss in injected.losses],
    "registry": [REGISTRY["gemini"].encoders is gemini.ENCODERS, REGISTRY["gemini"].id_policy is gemini.ID_POLICY],
}))
"""


def test_the_renamed_package_relays_injects_and_converts_conversations_with_the_default_name_blocked(
    renamed: Path,
) -> None:
    events = [
        {"type": "message_start", "message": {"id": "m", "model": "c", "usage": {"input_tokens": 1}}},
        {
            "type": "content_block_start",
            "index": 0,
            "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
        },
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"x": 1}'}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 2}},
        {"type": "message_stop"},
    ]
    response = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
    code = BLOCK_DEFAULT + RENAMED_SCRIPT.replace("EVENTS", repr(events)).replace("RESPONSE", repr(response))
    env = {"PYTHONPATH": str(renamed), "PATH": ""}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["gemini_calls"] == [{"name": "f", "id": "toolu_1", "args": {"x": 1}}] and out["text_done"]
    assert out["request_roles"] == ["user", "assistant", "user"]
    assert out["request_blocks"] == ["tool_use", "tool_result"]
    (block,) = out["injected"]
    assert block["type"] == "tool_use" and block["name"] == "g" and block["input"] == {"a": 1}
    assert block["id"].startswith("toolu_") and out["inject_losses"] == ["/tool_calls/0/id"]  # by the id policy
    assert out["registry"] == [True, True]
