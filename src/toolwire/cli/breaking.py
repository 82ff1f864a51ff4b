"""`toolwire breaking --against REF|DIR`: the spec's breaking changes since a git ref or a folder.

Exit codes: 0 nothing breaks; 1 breaking changes (one line each); 2 usage (no such folder or
ref, a file that is not JSON).

With overlays the layered spec is compared: at a REF, each layer as its git repository had it
(a layer outside git, or whose repository does not know REF, as it is; an overlay new since
then, empty); a DIR stands for the previous version of the top layer (the last overlay).
"""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import click

from toolwire.cli.config import resolve_or_exit
from toolwire.cli.options import overlay_option, schemas_option
from toolwire.cli.report import ExitStatus, fail, finish, say
from toolwire.spec.breaking import Finding, compare, read_spec
from toolwire.spec.text import escape_data, escape_property


def _checked_ref(ref: str) -> str:
    """A git ref as the user gave it, refused when git could read it as an option (`--output=FILE`
    truncates FILE, `--remote=URL` goes online) or cannot take it as an argument at all; the
    calls below also end git's options before it (`--end-of-options`)."""
    if not ref or ref.startswith("-") or any(ord(c) < 0x20 or c == "\x7f" for c in ref):
        fail(
            f"--against {ref!r}: expected a folder or a git ref (a ref never starts with '-' or holds a control character)"
        )
    return ref


def _git(folder: Path, *args: str) -> bytes:
    proc = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False)
    if proc.returncode != 0:
        fail(f"git {' '.join(args)}: {proc.stderr.decode('utf-8', 'replace').strip() or 'failed'}")
    return proc.stdout


def _spec_at_ref(schemas: Path, ref: str, into: Path) -> Path:
    """The schemas folder as it was at a git ref, unpacked into a temporary folder."""
    top = Path(_git(schemas, "rev-parse", "--show-toplevel").decode().strip())
    rel = schemas.resolve().relative_to(top.resolve()).as_posix()
    archive = _git(top, "archive", "--format=tar", "--end-of-options", ref, rel)
    try:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(into, filter="data")
    except (tarfile.TarError, OSError) as exc:
        fail(f"{ref}: git archive gave no readable tree of {rel}: {exc}")
    return into / rel


def _git_ok(folder: Path, *args: str) -> str | None:
    """git's answer, or None when it fails (not a work tree, no such ref or path)."""
    proc = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False)
    return proc.stdout.decode().strip() if proc.returncode == 0 else None


def _layer_at_ref(folder: Path, ref: str, into: Path) -> Path | None:
    """An overlay or base layer at REF: None when it did not exist then, itself when git cannot say."""
    top = _git_ok(folder, "rev-parse", "--show-toplevel")
    if (
        top is None
        or _git_ok(folder, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}") is None
    ):
        return folder
    rel = folder.resolve().relative_to(Path(top).resolve()).as_posix()
    if _git_ok(Path(top), "cat-file", "-e", "--end-of-options", f"{ref}:{'' if rel == '.' else rel}") is None:
        return None
    return _spec_at_ref(folder, ref, into)


def _previous(schemas: Path, overlays: tuple[Path, ...], against: str, tmp: Path) -> tuple[Path, tuple[Path, ...]]:
    """The previous spec as a base folder and its overlays (see the module's docstring)."""
    if Path(against).is_dir():
        return (schemas, (*overlays[:-1], Path(against))) if overlays else (Path(against), ())
    against = _checked_ref(against)
    if not overlays:
        return _spec_at_ref(schemas, against, tmp / "base"), ()
    layers = [_layer_at_ref(folder, against, tmp / str(i)) for i, folder in enumerate((schemas, *overlays))]
    if all(layer is folder for layer, folder in zip(layers, (schemas, *overlays), strict=True)):
        fail(f"{against}: no layer of the spec is in a git repository that knows this ref")
    return layers[0] or schemas, tuple(layer for layer in layers[1:] if layer is not None)


def _read(schemas: Path, overlays: tuple[Path, ...]) -> dict[str, Any]:
    from toolwire.spec.overlay import layered_files

    return read_spec(schemas, layered_files(schemas, overlays) if overlays else None)


def _render(finding: Finding, fmt: str, spec_name: str) -> str:
    if fmt == "json":
        return json.dumps(finding.as_json(), ensure_ascii=False)
    if fmt == "github":
        where = f"file={escape_property(spec_name + '/' + finding.file)},line={finding.line}"
        title = escape_property(f"toolwire breaking: {finding.rule}")
        message = escape_data(f"{finding.pointer or '/'}: {finding.message}")
        return f"::error {where},title={title}::{message}"
    return finding.text(spec_name)


def _shown(folder: Path) -> str:
    """The spec folder as findings name it: relative to the working directory when inside it."""
    try:
        return folder.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return folder.as_posix()


@click.command(short_help="List breaking changes since REF or DIR.")
@click.option("--against", required=True, metavar="REF|DIR", help="A git ref, or a folder holding the previous spec.")
@schemas_option()
@overlay_option()
@click.option("--format", "fmt", type=click.Choice(("text", "json", "github")), default="text", show_default=True)
def breaking(against: str, schemas: Path | None, overlays: tuple[Path, ...], fmt: str) -> None:
    """Report changes since REF|DIR that break generated code or captured payloads.

    REF is a git ref of the repository holding the spec; DIR a folder holding the previous
    spec. Exit 1 when there is a breaking change.

    \b
    Examples:
      toolwire breaking --against main
      toolwire breaking --against ../toolwire-1.0/schemas --format github
    """
    from toolwire.spec.model import SpecError
    from toolwire.spec.overlay import layer_of, layered_files  # jsonschema: only when this command runs

    config = resolve_or_exit(schemas=schemas, overlays=overlays)
    schemas, overlays = config.schemas, config.overlays
    if not schemas.is_dir():
        fail(f"{schemas}: schemas folder not found")
    with tempfile.TemporaryDirectory(prefix="toolwire-breaking-") as tmp:
        previous_folder, previous_overlays = _previous(schemas, overlays, against, Path(tmp))
        if not previous_folder.is_dir():
            fail(f"{against}: no schemas folder there")
        try:
            findings = compare(_read(previous_folder, previous_overlays), _read(schemas, overlays))
            current = layered_files(schemas, overlays) if overlays else {}
        except SpecError as exc:
            fail(exc.problems[0])
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            fail(str(exc))
    for finding in findings:
        path = current.get(finding.file)
        layer = layer_of(finding.file, path) if path and not path.is_relative_to(schemas.resolve()) else schemas
        click.echo(_render(finding, fmt, _shown(layer)))
    rules = sorted({f.rule for f in findings})
    summary = f"{len(findings)} breaking change(s)" + (f" ({', '.join(rules)})" if rules else "")
    say(f"{summary} since {against}")
    finish(ExitStatus.FINDINGS if findings else ExitStatus.OK)
