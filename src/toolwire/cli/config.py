"""Where toolwire finds its spec, templates and output: flags, then the project's configuration,
then the built-in defaults.

The configuration is a `[tool.toolwire]` table in the nearest `pyproject.toml`, or the top level
of the nearest `toolwire.toml` (which wins in the same folder), looked for from the working
directory upwards. Paths in it are relative to the file that names them. Without any, every
command works on the spec and templates the toolwire package carries (see `builtin`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolwire.spec.builtin import builtin_folder
from toolwire.targets import TARGETS as KNOWN_TARGETS
from toolwire.targets.python.names import package_name_problem

if TYPE_CHECKING:
    from toolwire.spec.model import Spec

TARGETS = tuple(KNOWN_TARGETS)  # the targets toolwire can generate (toolwire.targets)
DEFAULT_PACKAGE = "toolwire_dialects"
KEYS = ("schemas", "overlays", "templates", "out", "targets", "package")
SECTIONS = ("serve",)  # tables another command reads and checks itself (toolwire serve)
BUILT_IN = "built-in"
DEFAULT = "default"


class ConfigError(Exception):
    """The configuration file is unreadable or names something toolwire does not know."""


@dataclass(frozen=True)
class Config:
    schemas: Path
    templates: Path | None  # a folder of per-target template folders; None: the built-in ones
    out: Path
    targets: tuple[str, ...]
    package: str
    origin: dict[str, str] = field(default_factory=dict)  # key -> where its value came from
    file: Path | None = None
    overlays: tuple[Path, ...] = ()  # folders laid over schemas, file by file (see overlay.py)

    def describe(self) -> str:
        """Each resolved value and where it came from, one `key = value  (source)` line each."""
        lines = [f"# configuration file: {self.file or 'none'}"]
        for key in KEYS:
            value = getattr(self, key)
            shown = (", ".join(map(str, value)) or "none") if isinstance(value, tuple) else str(value or "built-in")
            lines.append(f"{key} = {shown}  ({self.origin[key]})")
        return "\n".join(lines) + "\n"

    def spec_source(self) -> str:
        """Where the spec comes from when it is not the built-in one alone, as dialect lists
        say it (` (spec from ./pyproject.toml)`), else "". A project's configuration, found from
        the working directory upwards, may add dialects: the lists then say so."""
        given = [
            self.origin[key]
            for key, differs in (
                ("schemas", self.schemas.resolve() != builtin_folder("schemas").resolve()),
                ("overlays", bool(self.overlays)),
            )
            if differs
        ]
        if not given:
            return ""
        names = [origin if origin.startswith("--") else _shown_file(self.file) for origin in given]
        return f" (spec from {', '.join(dict.fromkeys(names))})"


def find_file(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest configuration file at or above start, with its toolwire table."""
    for folder in (start.resolve(), *start.resolve().parents):
        dedicated = folder / "toolwire.toml"
        if dedicated.is_file():
            return dedicated, _read(dedicated)
        project = folder / "pyproject.toml"
        if project.is_file():
            table = _read(project).get("tool", {}).get("toolwire")
            if table is not None:
                return project, table
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}:1: cannot read: {exc}") from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise ConfigError(f"{path}:1: not valid TOML: nested too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"line (\d+)", str(exc))
        raise ConfigError(f"{path}:{line.group(1) if line else 1}: not valid TOML: {exc}") from None


def _usable_path(value: str) -> bool:
    """A path the system can take: no NUL (every call with one raises), not empty."""
    return bool(value) and "\x00" not in value


def _relative_to_cwd(path: Path) -> Path:
    """A configured path as messages show it: relative to the working directory when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path.resolve()


def _shown_file(path: Path | None) -> str:
    """A configuration file as messages name it: `./pyproject.toml` in the working directory."""
    if path is None:
        return "the defaults"
    shown = _relative_to_cwd(path)
    return str(shown) if shown.is_absolute() else f"./{shown.as_posix()}"


def _line_of(path: Path | None, key: str) -> int:
    if path is None:  # no file: the message is about a flag or a default
        return 1
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(rf"\s*{re.escape(key)}\s*=", line):
            return number
    return 1


def resolve(
    schemas: Path | None = None,
    templates: Path | None = None,
    out: Path | None = None,
    start: Path | None = None,
    overlays: tuple[Path, ...] | None = None,
) -> Config:
    """The configuration in force: a flag given here wins over the file, the file over the defaults."""
    found = find_file(start or Path.cwd())
    path, table = found if found else (None, {})
    where = f"{path.name} [tool.toolwire]" if path and path.name == "pyproject.toml" else str(path and path.name)
    for key in table:
        if key not in KEYS and key not in SECTIONS:
            raise ConfigError(f"{path}:{_line_of(path, key)}: unknown key {key!r}; known: {', '.join(KEYS)}")
    origin: dict[str, str] = {}

    def folder(key: str, flag: Path | None, fallback: Path | None, fallback_origin: str) -> Path | None:
        if flag is not None:
            origin[key] = f"--{key}"
            return flag
        if key in table:
            value = table[key]
            if not isinstance(value, str) or not _usable_path(value):
                raise ConfigError(f"{path}:{_line_of(path, key)}: {key} must be a path (a string, no NUL)")
            assert path is not None  # a table came from a file
            origin[key] = where
            return _relative_to_cwd(path.parent / value)
        origin[key] = fallback_origin
        return fallback

    resolved_schemas = folder("schemas", schemas, builtin_folder("schemas"), BUILT_IN)
    assert resolved_schemas is not None
    resolved_templates = folder("templates", templates, None, BUILT_IN)
    resolved_out = folder(
        "out", out, _relative_to_cwd(path.parent / "generated") if path else Path("generated"), DEFAULT
    )
    assert resolved_out is not None
    targets = table.get("targets", list(TARGETS))
    if not isinstance(targets, list) or not targets or any(t not in TARGETS for t in targets):
        raise ConfigError(f"{path}:{_line_of(path, 'targets')}: targets must be a list of {', '.join(TARGETS)}")
    origin["targets"] = where if "targets" in table else DEFAULT
    package = table.get("package", DEFAULT_PACKAGE)
    if not isinstance(package, str) or not package.isidentifier():
        raise ConfigError(f"{path}:{_line_of(path, 'package')}: package must be a Python identifier")
    why = package_name_problem(package)
    if why:
        raise ConfigError(f"{path}:{_line_of(path, 'package')}: package {package!r}: {why}")
    origin["package"] = where if "package" in table else DEFAULT
    resolved_overlays = _overlays(overlays, table, path, where, origin)
    return Config(
        resolved_schemas, resolved_templates, resolved_out, tuple(targets), package, origin, path, resolved_overlays
    )


def _overlays(
    flags: tuple[Path, ...] | None, table: dict[str, Any], path: Path | None, where: str, origin: dict[str, str]
) -> tuple[Path, ...]:
    """The overlay folders: the --overlay flags (all of them, replacing the file's), else the file's list."""
    if flags:
        origin["overlays"] = "--overlay"
        return tuple(flags)
    if "overlays" not in table:
        origin["overlays"] = DEFAULT
        return ()
    value = table["overlays"]
    assert path is not None  # a table came from a file
    if not isinstance(value, list) or not all(isinstance(v, str) and _usable_path(v) for v in value):
        raise ConfigError(f"{path}:{_line_of(path, 'overlays')}: overlays must be a list of paths (strings, no NUL)")
    origin["overlays"] = where
    return tuple(_relative_to_cwd(path.parent / v) for v in value)


def resolve_or_exit(
    schemas: Path | None = None,
    templates: Path | None = None,
    out: Path | None = None,
    overlays: tuple[Path, ...] | None = None,
) -> Config:
    """resolve() for a command: a configuration error is a one-line message and exit 2."""
    from toolwire.cli.report import fail

    try:
        return resolve(schemas=schemas, templates=templates, out=out, overlays=overlays)
    except ConfigError as exc:
        fail(str(exc))


def load_spec_or_exit(config: Config, undone: str, escape: Callable[[str], str] = str) -> Spec:
    """The layered spec of a configuration; its problems, one line each, and a summary saying
    what was not done (exit 2). escape: how the lines are made printable (validate escapes)."""
    from toolwire.cli.report import ExitStatus, report
    from toolwire.spec.model import SpecError
    from toolwire.spec.overlay import load_layered

    try:
        return load_layered(config.schemas, config.overlays)
    except SpecError as exc:
        where = " + ".join(map(str, (config.schemas, *config.overlays)))
        summary = escape(f"{len(exc.problems)} problem(s) in {where}; {undone}")
        report(map(escape, exc.problems), ExitStatus.USAGE, summary)
