"""Installed anywhere: both wheels built, installed into a fresh venv, every command run from
an empty folder with no checkout in sight.

The wheels are built offline from a copy of the sources (no build isolation, so no package
is fetched); the fresh venv sees the test environment's dependencies through a .pth file and
nothing of this checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", ".pytest_cache", "node_modules")
# The pinned tsc the TypeScript target compiles with (README command 1 installs it here).
NODE_MODULES = REPO / "generated" / "typescript" / "node_modules"
CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh venv holding the two wheels."""
    root = tmp_path_factory.mktemp("install")
    sources = root / "sources"
    sources.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(REPO / name, sources / name)
    for folder in ("src", "schemas", "runtime", "generated/python"):
        shutil.copytree(REPO / folder, sources / folder, ignore=IGNORE)
    wheels = root / "wheels"
    pip = [sys.executable, "-m", "pip"]
    build = [*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(wheels)]
    subprocess.run([*build, str(sources), str(sources / "generated" / "python")], check=True, capture_output=True)
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    install = [
        *pip,
        "--python",
        str(venv / "bin" / "python"),
        "install",
        "-q",
        "--no-deps",
        "--no-index",
        "--force-reinstall",
    ]
    wheel_files = [str(w) for w in sorted(wheels.glob("*.whl"))]
    subprocess.run([*install, *wheel_files], check=True, capture_output=True, env=_clean_env())
    # Only now the dependencies: pip would take the checkout's editable toolwire for installed.
    site = next((venv / "lib").glob("python*/site-packages"))
    (site / "_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv / "bin"


@pytest.fixture
def empty(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    return folder


def _clean_env() -> dict[str, str]:
    """The environment without what would show the fresh venv this checkout."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


def run(
    bin_dir: Path, cwd: Path, *args: str, input: str | None = None, **extra: str
) -> subprocess.CompletedProcess[str]:
    env = _clean_env() | extra
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    proc = subprocess.run(
        [str(bin_dir / "toolwire"), *args], cwd=cwd, env=env, input=input, capture_output=True, text=True, timeout=300
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_the_installed_packages_are_not_this_checkout(installed: Path, empty: Path) -> None:
    code = "import toolwire, toolwire_dialects; print(toolwire.__file__); print(toolwire_dialects.__file__)"
    proc = subprocess.run([str(installed / "python"), "-c", code], cwd=empty, capture_output=True, text=True, env={})
    assert proc.returncode == 0, proc.stderr
    assert all(str(REPO) not in line and "site-packages" in line for line in proc.stdout.splitlines())


def test_config_says_the_spec_is_built_in(installed: Path, empty: Path) -> None:
    proc = run(installed, empty, "config")
    assert proc.returncode == 0, proc.stderr
    assert "configuration file: none" in proc.stdout
    schemas = next(line for line in proc.stdout.splitlines() if line.startswith("schemas = "))
    assert schemas.endswith("(built-in)") and "_builtin" in schemas


def test_validate_extract_convert_assemble_and_losses_from_an_empty_folder(installed: Path, empty: Path) -> None:
    (empty / "capture.jsonl").write_text(json.dumps(CALL) + "\n" + json.dumps({**CALL, "id": 5}) + "\n")
    validate = run(installed, empty, "validate", "--dialect", "openai_chat", "--shape", "tool_call", "capture.jsonl")
    assert validate.returncode == 1, validate.stderr
    assert "1 valid, 1 invalid" in validate.stderr and "capture.jsonl:2:" in validate.stdout

    response = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4.1",
        "choices": [
            {"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "tool_calls": [CALL]}}
        ],
    }
    extract = run(installed, empty, "extract", "--dialect", "openai_chat", "-", input=json.dumps(response))
    assert extract.returncode == 0, extract.stderr
    assert json.loads(extract.stdout)["tool_calls"][0]["arguments"] == {"city": "Paris"}

    convert = run(
        installed,
        empty,
        "convert",
        "--from",
        "openai_chat",
        "--to",
        "anthropic_messages",
        "--shape",
        "tool_call",
        "-",
        input=json.dumps(CALL),
    )
    assert convert.returncode == 0, convert.stderr
    assert json.loads(convert.stdout) == {
        "type": "tool_use",
        "id": "call_1",
        "name": "get_weather",
        "input": {"city": "Paris"},
    }

    chunk = {
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, **CALL}]}, "finish_reason": "tool_calls"}],
    }
    assemble = run(installed, empty, "assemble", "--dialect", "openai_chat", "-", input=json.dumps(chunk) + "\n")
    assert assemble.returncode == 0, assemble.stderr
    assert json.loads(assemble.stdout)["tool_calls"][0]["id"] == "call_1"

    losses = run(installed, empty, "losses")
    assert losses.returncode == 0 and losses.stdout.startswith("| | `anthropic_messages`")
    assert list(empty.iterdir()) == [empty / "capture.jsonl"]  # nothing written beside the capture


def test_generate_and_breaking_on_the_built_in_spec(installed: Path, empty: Path) -> None:
    no_tsc = {"TOOLWIRE_NODE_MODULES": str(empty.parent / "none" / "node_modules")}
    asked = run(installed, empty, "generate", "--target", "typescript", **no_tsc)
    assert asked.returncode == 2 and "--target python" in asked.stderr, asked.stderr
    assert list(empty.iterdir()) == [], "a failed run wrote something"
    # by default, what this machine can build, and one line naming what was left out
    nowhere = run(installed, empty, "generate", **no_tsc)
    assert nowhere.returncode == 0, nowhere.stderr
    assert "left out the typescript target (not generated)" in nowhere.stderr
    assert (empty / "generated" / "python" / "MANIFEST.json").is_file()
    assert not (empty / "generated" / "typescript").exists()
    if not (NODE_MODULES / "typescript").is_dir():
        pytest.fail(f"no tsc in {NODE_MODULES}: run README command 1 (npm ci --prefix generated/typescript)")
    tsc = {"TOOLWIRE_NODE_MODULES": str(NODE_MODULES)}
    generate = run(installed, empty, "generate", **tsc)
    assert generate.returncode == 0, generate.stderr
    assert (empty / "generated" / "python" / "toolwire_dialects" / "openai_chat.py").is_file()
    assert (empty / "generated" / "typescript" / "dist" / "openai_chat.js").is_file()
    check = run(installed, empty, "generate", "--check", **tsc)
    assert check.returncode == 0 and "up to date" in check.stderr
    builtin = run(installed, empty, "config").stdout.split("schemas = ", 1)[1].split("  (", 1)[0]
    breaking = run(installed, empty, "breaking", "--against", builtin)
    assert breaking.returncode == 0, breaking.stdout + breaking.stderr


def test_a_project_configuration_is_found_from_a_subfolder(installed: Path, empty: Path) -> None:
    (empty / "pyproject.toml").write_text('[project]\nname = "app"\n\n[tool.toolwire]\nout = "build/gen"\n')
    sub = empty / "src" / "deep"
    sub.mkdir(parents=True)
    proc = run(installed, sub, "config")
    assert f"configuration file: {empty / 'pyproject.toml'}" in proc.stdout
    assert f"out = {empty / 'build' / 'gen'}  (pyproject.toml [tool.toolwire])" in proc.stdout
    (empty / "toolwire.toml").write_text('outt = "x"\n')
    bad = run(installed, sub, "config")
    assert bad.returncode == 2
    assert bad.stderr.startswith(f"toolwire: {empty / 'toolwire.toml'}:1: unknown key 'outt'")


def test_a_scaffolded_overlay_from_the_installed_wheel(installed: Path, empty: Path) -> None:
    (empty / "pyproject.toml").write_text('[project]\nname = "app"\n\n[tool.toolwire]\noverlays = ["my-spec"]\n')
    init = run(installed, empty, "init", "dialect", "acme_chat", "--like", "openai_chat")
    assert init.returncode == 0, init.stderr
    assert (empty / "my-spec" / "dialects" / "acme_chat" / "dialect.json").is_file()
    (empty / "call.json").write_text(json.dumps(CALL))
    validate = run(installed, empty, "validate", "--dialect", "acme_chat", "call.json")
    assert validate.returncode == 0, validate.stdout + validate.stderr
    losses = run(installed, empty, "losses")
    assert losses.returncode == 0 and "`acme_chat`" in losses.stdout.splitlines()[0]
