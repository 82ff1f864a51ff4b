"""`toolwire extract`: the canonical parts of a whole request or response of a dialect."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from toolwire.cli.config import resolve_or_exit
from toolwire.cli.generated_package import as_value, decode_finding, known_dialects, load
from toolwire.cli.inputs import read_json_text_or_exit
from toolwire.cli.options import (
    complete_dialect,
    dialects_epilog,
    generated_option,
    max_bytes_option,
    schemas_option,
)
from toolwire.cli.profiles import load_profile_or_exit
from toolwire.cli.report import ExitStatus, echo, report


def _profile_notes(schemas: Path, dialect: str, name: str, payload: Any) -> list[str]:
    """The documented quirks of the profile that the payload has, as notes (exit 2: no such profile)."""
    profile = load_profile_or_exit(schemas, dialect, name)
    accepted = profile.accept(payload, {"request", "response"})
    return [f"note: {s.pointer or '/'}: {name} profile: {s.quirk.what} [{s.quirk.name}]" for s in accepted.seen]


@click.command(short_help="Print a payload's tools, calls and results.", epilog=dialects_epilog())
@click.option(
    "--dialect", required=True, metavar="DIALECT", shell_complete=complete_dialect, help="Dialect of the payload."
)
@click.option(
    "--profile",
    metavar="PROFILE",
    help="Name, on stderr, each documented server quirk of this profile the payload has (openai_chat: compat, azure).",
)
@generated_option()
@schemas_option()
@max_bytes_option()
@click.argument("file", default="-")
def extract(
    dialect: str, profile: str | None, generated: Path | None, schemas: Path | None, max_bytes: int, file: str
) -> None:
    """Print the canonical tools, tool choice, calls and results of a whole request or response.

    Tools and calls of types the dialect does not convert (custom tools, server tools such as
    OpenRouter's openrouter:*) are left alone, as inject() leaves them in place. FILE is a
    JSON file, or - for stdin (the default).

    \b
    Examples:
      toolwire extract --dialect openai_chat request.json
      toolwire extract --dialect openai_chat --profile compat response.json
    """
    config = resolve_or_exit(schemas=schemas, out=generated)
    pkg = load(config.out, config.package)
    module = pkg.DIALECTS.get(dialect)
    if module is None:
        raise click.BadParameter(
            f"unknown dialect {dialect!r}; known: {known_dialects(pkg, pkg.DIALECTS)}", param_hint="--dialect"
        )
    if not hasattr(module, "extract"):
        raise click.BadParameter(f"dialect {dialect} describes no request or response envelope", param_hint="--dialect")
    text, payload = read_json_text_or_exit(file, f"{dialect}/envelope", max_bytes)
    for note in _profile_notes(config.schemas, dialect, profile, payload) if profile else ():
        echo(note)
    try:
        out = module.extract(as_value(payload))
    except pkg.DecodeError as exc:  # not a request or response of the dialect, or a bad part in it
        report([decode_finding(file, text, exc)], ExitStatus.FINDINGS)
    for note in out.pop("notes", []):  # links the wire did not state, reported as losses are
        echo(str(note))
    click.echo(json.dumps(out, ensure_ascii=False, indent=2))
