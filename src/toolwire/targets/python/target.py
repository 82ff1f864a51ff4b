"""The Python target as a plugin (toolwire.targets.Target): generation renders it through this
object and nothing else."""

from __future__ import annotations

from pathlib import Path

from toolwire.spec.model import Spec
from toolwire.targets.python import render as python
from toolwire.targets.python.format import format_python, ruff_version
from toolwire.targets.python.names import header


class PythonTarget:
    name = "python"
    default_package = python.PACKAGE
    marker = header(["x"]).split(" from ")[0].encode("utf-8") + b" from "
    marked_suffixes = (".py", ".toml")

    def templates(self, root: Path | None) -> Path:
        return python.python_templates(root)

    def dialect_name_problem(self, name: str, templates: Path) -> str | None:
        return python.dialect_name_problem(name, templates)

    def render(self, spec: Spec, templates: Path, package: str) -> dict[str, str]:
        return python.render(spec, templates, package, formatter=self.format)

    def format(self, files: dict[str, str]) -> dict[str, str]:
        return format_python(files)

    def inputs(self, templates: Path) -> dict[str, Path]:
        return python.inputs(templates)

    def tool_versions(self) -> dict[str, str]:
        return {"ruff": ruff_version()}

    def toolchain_problem(self) -> str | None:
        return None  # ruff, its formatter, is a dependency of toolwire itself


TARGET = PythonTarget()
