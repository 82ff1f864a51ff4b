"""`toolwire breaking --against REF|DIR`: the spec's breaking changes since a git ref or a folder.

Exit codes: 0 nothing breaks; 1 breaking changes (one line each); 2 usage (no such folder or
ref, a file that is not JSON).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import click

from toolwire.breaking import Finding, compare, read_spec
from toolwire.config import SCHEMAS_HELP, resolve_or_exit
from toolwire.validation.report import _escape_data, _escape_property


def _fail(message: str) -> None:
    click.echo(f"toolwire: {message}", err=True)
    sys.exit(2)


def _git(folder: Path, *args: str) -> bytes:
    proc = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False)
    if proc.returncode != 0:
        _fail(f"git {' '.join(args)}: {proc.stderr.decode('utf-8', 'replace').strip() or 'failed'}")
    return proc.stdout


def _spec_at_ref(schemas: Path, ref: str, into: Path) -> Path:
    """The schemas folder as it was at a git ref, unpacked into a temporary folder."""
    top = Path(_git(schemas, "rev-parse", "--show-toplevel").decode().strip())
    rel = schemas.resolve().relative_to(top.resolve()).as_posix()
    archive = _git(top, "archive", "--format=tar", ref, "--", rel)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / rel


def _render(finding: Finding, fmt: str, spec_name: str) -> str:
    if fmt == "json":
        return json.dumps(finding.as_json(), ensure_ascii=False)
    if fmt == "github":
        where = f"file={_escape_property(spec_name + '/' + finding.file)},line={finding.line}"
        title = _escape_property(f"toolwire breaking: {finding.rule}")
        message = _escape_data(f"{finding.pointer or '/'}: {finding.message}")
        return f"::error {where},title={title}::{message}"
    return finding.text(spec_name)


def _shown(folder: Path) -> str:
    """The spec folder as findings name it: relative to the working directory when inside it."""
    try:
        return folder.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return folder.as_posix()


@click.command()
@click.option("--against", required=True, metavar="REF|DIR", help="A git ref, or a folder holding the previous spec.")
@click.option("--schemas", type=click.Path(path_type=Path, file_okay=False), help=SCHEMAS_HELP)
@click.option("--format", "fmt", type=click.Choice(("text", "json", "github")), default="text", show_default=True)
def breaking(against: str, schemas: Path | None, fmt: str) -> None:
    """Report changes since REF|DIR that break generated code or captured payloads."""
    schemas = resolve_or_exit(schemas=schemas).schemas
    if not schemas.is_dir():
        _fail(f"{schemas}: schemas folder not found")
    with tempfile.TemporaryDirectory(prefix="toolwire-breaking-") as tmp:
        previous_folder = Path(against) if Path(against).is_dir() else _spec_at_ref(schemas, against, Path(tmp))
        if not previous_folder.is_dir():
            _fail(f"{against}: no schemas folder there")
        try:
            findings = compare(read_spec(previous_folder), read_spec(schemas))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            _fail(str(exc))
    for finding in findings:
        click.echo(_render(finding, fmt, _shown(schemas)))
    rules = sorted({f.rule for f in findings})
    summary = f"{len(findings)} breaking change(s)" + (f" ({', '.join(rules)})" if rules else "")
    click.echo(f"toolwire: {summary} since {against}", err=True)
    sys.exit(1 if findings else 0)
