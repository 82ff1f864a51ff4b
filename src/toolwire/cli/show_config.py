"""`toolwire config`: the configuration in force (cli/config.py resolves it)."""

from __future__ import annotations

import click

from toolwire.cli.config import resolve_or_exit


@click.command("config", short_help="Show the configuration in force.")
def show_config() -> None:
    """Print the configuration in force: each value and where it came from.

    The configuration is a [tool.toolwire] table in the nearest pyproject.toml, or the nearest
    toolwire.toml, looked for from the working directory upwards; flags win over it.

    \b
    Example:
      toolwire config
    """
    click.echo(resolve_or_exit().describe(), nl=False)
