"""`toolwire config`: the configuration in force (cli/config.py resolves it)."""

from __future__ import annotations

import click

from toolwire.cli.config import resolve_or_exit


@click.command("config")
def show_config() -> None:
    """Print the configuration in force: each value and where it came from."""
    click.echo(resolve_or_exit().describe(), nl=False)
