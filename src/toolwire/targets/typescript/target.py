"""The TypeScript target as a plugin (toolwire.targets.Target): generation renders it through
this object and nothing else."""

from __future__ import annotations

from pathlib import Path

from toolwire.spec.model import Spec
from toolwire.targets.typescript import render as typescript
from toolwire.targets.typescript.compile import TYPESCRIPT_VERSION, toolchain_problem
from toolwire.targets.typescript.names import header


class TypeScriptTarget:
    name = "typescript"
    default_package = typescript.PACKAGE
    marker = header(["x"]).split(" from ")[0].encode("utf-8") + b" from "
    # tsc keeps a module's leading comment, so the compiled dist/*.js and *.d.ts carry the
    # header too: a stale one (a dialect removed) is found and removed like its source.
    marked_suffixes = (".ts", ".mjs", ".js")

    def templates(self, root: Path | None) -> Path:
        return typescript.ts_templates(root)

    def dialect_name_problem(self, name: str, templates: Path) -> str | None:
        return typescript.dialect_name_problem(name, templates)

    def render(self, spec: Spec, templates: Path, package: str) -> dict[str, str]:
        return typescript.render(spec, templates, package)

    def format(self, files: dict[str, str]) -> dict[str, str]:
        """Nothing more: render() already broke the lines the templates made too long (format.py)."""
        return dict(files)

    def inputs(self, templates: Path) -> dict[str, Path]:
        return typescript.inputs(templates)

    def tool_versions(self) -> dict[str, str]:
        return {"typescript": TYPESCRIPT_VERSION}

    def toolchain_problem(self) -> str | None:
        return toolchain_problem()


TARGET = TypeScriptTarget()
