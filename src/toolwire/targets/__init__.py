"""Layer 3, the targets: one plugin folder per output language renders the IR. Imports the IR
and spec layers only.

A target is an object with the `Target` interface below, named in `TARGETS` by the module
that holds it (as `TARGET`); `load(name)` imports it on first use, so importing this package
(or a target's helpers, such as `targets.python.names`) loads no renderer.

Adding a target `<lang>`:
  1. `src/toolwire/targets/<lang>/`: the emitter (IR -> expressions of the language), its
     templates in `templates/`, and a module defining `TARGET` (see targets/python/target.py).
  2. `runtime/<lang>/`: the hand-written runtime, copied byte for byte into generated/<lang>/.
  3. An entry in `TARGETS`; the configuration's `targets` list then selects it.

generation/ then renders it into `generated/<lang>/` with its own `<lang>/MANIFEST.json`,
and writes, checks and diffs that folder like any other: it knows nothing of the language.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from toolwire.spec.model import Spec

REGENERATE = "toolwire generate"  # the command every generated file's header names

TARGETS: dict[str, str] = {
    "python": "toolwire.targets.python.target",
    "typescript": "toolwire.targets.typescript.target",
}


class Target(Protocol):
    """What generation needs of a target language."""

    @property
    def name(self) -> str:
        """The output's top folder below `out/` (generated/<name>/) and the config's name."""
        ...

    @property
    def default_package(self) -> str:
        """The name of the generated package when the configuration names none."""
        ...

    @property
    def marker(self) -> bytes:
        """How every generated file of this target starts (its DO NOT EDIT header up to the
        sources): a file that starts so is generated and may be removed when stale."""
        ...

    @property
    def marked_suffixes(self) -> tuple[str, ...]:
        """The file suffixes that carry the marker (a schema data file carries none)."""
        ...

    def templates(self, root: Path | None) -> Path:
        """The target's template folder: `root/<name>/` of a user's templates folder, or the
        built-in one when root is None (GenerateError when missing)."""
        ...

    def render(self, spec: Spec, templates: Path, package: str) -> dict[str, str]:
        """Every file of the target, finished (laid out, then formatted by the target's pinned
        formatter), by its path below the top folder; GenerateError (or SpecError) on failure,
        before anything is written."""
        ...

    def format(self, files: dict[str, str]) -> dict[str, str]:
        """Source files formatted in memory, deterministically (no user configuration near
        the working directory changes the bytes): the formatter `render` applies."""
        ...

    def inputs(self, templates: Path) -> dict[str, Path]:
        """The target's inputs besides the spec (templates, runtime), by the name MANIFEST gives."""
        ...

    def tool_versions(self) -> dict[str, str]:
        """Versions of the tools the output depends on (its formatter), listed in MANIFEST."""
        ...


def load(name: str) -> Target:
    """The target called name (KeyError naming the known ones when there is none)."""
    if name not in TARGETS:
        raise KeyError(f"unknown target {name!r}; known: {', '.join(sorted(TARGETS))}")
    target: Target = importlib.import_module(TARGETS[name]).TARGET
    return target
