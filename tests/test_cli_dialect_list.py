"""The dialect list does not change with the working directory unless a project says so
(issue #24, CLI point 5). The lists come from the spec in force (the built-in one, unless a
configuration found from the working directory upwards names a spec or overlays) and from the
generated package the converting commands import (./generated/python when present, else the
installed one): each list names its source whenever it is not the built-in one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from toolwire.cli.options import builtin_dialects

BUILT_IN = ", ".join(builtin_dialects())


def _dialects_line(toolwire, folder: Path) -> str:
    proc = toolwire("config", cwd=folder)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()[-1]


def _known(stderr: str) -> str:
    match = re.search(r"known: (.*?) \(see 'toolwire", stderr)
    assert match, stderr
    return match.group(1)


def test_two_plain_folders_give_the_same_built_in_list(toolwire, tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b" / "deeper"
    first.mkdir()
    second.mkdir(parents=True)
    # a project of another tool: its pyproject.toml has no [tool.toolwire] and changes nothing
    (tmp_path / "b" / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    lines = {_dialects_line(toolwire, folder) for folder in (first, second)}
    assert lines == {f"dialects = {BUILT_IN}  (built-in)"}
    for command in (["convert", "--from", "nope", "--to", "gemini", "--shape", "tool_call", "-"],):
        known = {_known(toolwire(*command, input="{}", cwd=folder).stderr) for folder in (first, second)}
        assert known == {BUILT_IN}
    validate = {
        _known(toolwire("validate", "--dialect", "nope", "-", input="{}", cwd=f).stderr) for f in (first, second)
    }
    assert validate == {BUILT_IN}


def test_a_project_configuration_adding_a_dialect_says_so(toolwire, tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[tool.toolwire]\noverlays = ["my-spec"]\n', encoding="utf-8")
    init = toolwire("init", "dialect", "acme_chat", "--like", "openai_chat", cwd=project)
    assert init.returncode == 0, init.stderr
    line = _dialects_line(toolwire, project)
    assert line == f"dialects = acme_chat, {BUILT_IN}  (built-in; acme_chat from ./pyproject.toml)"
    deeper = _dialects_line(toolwire, project / "src")
    assert deeper.endswith(f"(built-in; acme_chat from {project / 'pyproject.toml'})")
    validate = toolwire("validate", "--dialect", "nope", "-", input="{}", cwd=project)
    assert validate.returncode == 2
    assert _known(validate.stderr) == f"acme_chat, {BUILT_IN} (spec from ./pyproject.toml)"


def test_a_generated_package_in_the_folder_is_named_as_the_source(toolwire, tmp_path: Path) -> None:
    package = tmp_path / "generated" / "python" / "toolwire_dialects"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f"DIALECTS = {json.dumps({'only_mine': 1})}\n", encoding="utf-8")
    proc = toolwire(
        "convert", "--from", "nope", "--to", "gemini", "--shape", "tool_call", "-", input="{}", cwd=tmp_path
    )
    assert proc.returncode == 2, proc.stderr
    assert _known(proc.stderr) == "only_mine (package from ./generated/python)"
