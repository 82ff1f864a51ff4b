"""The generated Python is laid out by the pinned ruff, in memory, before it is hashed: the same
bytes every run and from any working directory (whatever configuration sits there), every
module the templates make reads formatted, the runtime copies keep their bytes, and a file the
formatter refuses is a GenerateError naming it."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest
from ruff import find_ruff_bin  # type: ignore[import-untyped]

from toolwire.generation import generate as gen
from toolwire.ir.errors import GenerateError
from toolwire.spec.loader import load_spec
from toolwire.targets.python import format as python_format
from toolwire.targets.python import target as python_target
from toolwire.targets.python.render import RUNTIME

REPO = Path(__file__).resolve().parents[1]
GENERATED = REPO / "generated" / "python"
LONG_CALL = "result = compute(" + ", ".join(f"argument_{i}" for i in range(8)) + ")\n"  # 111 columns
SAMPLE = {"pkg/sample.py": f"x = {{ 'a':1,'b' :[1,2,3] }}\nif x :\n\tpass\n{LONG_CALL}"}
FORMATTED = f'x = {{"a": 1, "b": [1, 2, 3]}}\nif x:\n    pass\n{LONG_CALL}'

# A configuration that would change every byte were ruff to read it.
HOSTILE_RUFF = '[format]\nquote-style = "single"\nindent-style = "tab"\n'
HOSTILE_PYPROJECT = '[tool.ruff]\nline-length = 40\n[tool.ruff.format]\nquote-style = "single"\nindent-style = "tab"\n'


def _hostile_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "hostile"
    folder.mkdir()
    (folder / "pyproject.toml").write_text(HOSTILE_PYPROJECT, encoding="utf-8")
    (folder / "ruff.toml").write_text("line-length = 40\n" + HOSTILE_RUFF, encoding="utf-8")
    (folder / ".ruff.toml").write_text("line-length = 40\n" + HOSTILE_RUFF, encoding="utf-8")
    return folder


def test_the_formatter_lays_out_with_its_own_settings_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert python_format.format_python(SAMPLE) == {"pkg/sample.py": FORMATTED}
    monkeypatch.chdir(_hostile_folder(tmp_path))
    monkeypatch.setenv("RUFF_LINE_LENGTH", "40")
    assert python_format.format_python(SAMPLE) == {"pkg/sample.py": FORMATTED}


def test_the_formatter_is_the_pinned_ruff() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = [dep for dep in project["dependencies"] if dep.startswith("ruff")]
    assert pins == [f"ruff=={python_format.ruff_version()}"], "pin ruff exactly: its version decides the bytes"
    shown = subprocess.run([find_ruff_bin(), "--version"], capture_output=True, text=True, check=True).stdout
    assert shown.split() == ["ruff", python_format.ruff_version()], "the binary is the ruff package's own"


def test_a_file_the_formatter_refuses_is_a_generate_error_naming_it() -> None:
    with pytest.raises(GenerateError) as caught:
        python_format.format_python({"pkg/fine.py": "x = 1\n", "pkg/broken.py": "def f(:\n"})
    message = str(caught.value)
    assert "python/pkg/broken.py" in message and "pkg/fine.py" not in message
    assert "m0000" not in message  # the scratch file's name is not what the user sees


def test_a_formatter_failure_stops_the_render_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(files: dict[str, str]) -> dict[str, str]:
        raise GenerateError("ruff cannot format python/toolwire_dialects/convert.py: boom")

    monkeypatch.setattr(python_target, "format_python", refuse)
    with pytest.raises(GenerateError, match=r"convert\.py"):
        gen.render(load_spec(REPO / "schemas"))


def test_two_renders_are_the_same_bytes_wherever_they_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = load_spec(REPO / "schemas")
    first = gen.render(spec).files
    monkeypatch.chdir(_hostile_folder(tmp_path))
    second = gen.render(spec).files
    assert sorted(first) == sorted(second)
    assert [path for path in first if first[path] != second[path]] == []
    runtime = {f"python/toolwire_dialects/{p.relative_to(RUNTIME).as_posix()}": p for p in RUNTIME.rglob("*.py")}
    assert runtime, "the runtime has modules"
    changed = [path for path, source in runtime.items() if first[path] != source.read_bytes()]
    assert changed == [], "the runtime is copied byte for byte, never reformatted"


def test_the_generated_modules_read_formatted() -> None:
    """Every module the templates made (not the runtime copies, not the pydantic models, laid
    out by datamodel-code-generator's own formatter) is what `ruff format` would leave."""
    package = GENERATED / "toolwire_dialects"
    copies = {package / p.relative_to(RUNTIME) for p in RUNTIME.rglob("*.py")}
    modules = [
        p
        for p in sorted(GENERATED.rglob("*.py"))
        if p not in copies and (package / "models") not in p.parents and "__pycache__" not in p.parts
    ]
    assert len(modules) > 20 and package / "convert.py" in modules
    check = [find_ruff_bin(), "format", "--check", "--isolated", "--no-cache", "--line-length=120"]
    run = subprocess.run([*check, "--target-version=py311", *map(str, modules)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
