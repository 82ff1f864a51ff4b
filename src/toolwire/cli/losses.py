"""`toolwire losses`: the Markdown table of what each dialect can carry (the README's copy)."""

from __future__ import annotations

from pathlib import Path

import click

from toolwire.cli.config import load_spec_or_exit, resolve_or_exit
from toolwire.cli.options import overlay_option, schemas_option


@click.command(short_help="Print what each dialect can carry.")
@schemas_option()
@overlay_option()
def losses(schemas: Path | None, overlays: tuple[Path, ...]) -> None:
    """Print the Markdown table of what each dialect can carry (docs/capabilities.md's loss table).

    \b
    Examples:
      toolwire losses
      toolwire losses --overlay my-dialects > losses.md
    """
    from toolwire.ir.capabilities import loss_table

    spec = load_spec_or_exit(resolve_or_exit(schemas=schemas, overlays=overlays), "no table was made")
    click.echo(loss_table(spec), nl=False)
