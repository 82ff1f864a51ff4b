"""`toolwire config`: the configuration in force (cli/config.py resolves it)."""

from __future__ import annotations

import re

import click

from toolwire.cli.config import BUILT_IN, Config, resolve_or_exit
from toolwire.cli.options import builtin_dialects


@click.command("config", short_help="Show the configuration in force.")
def show_config() -> None:
    """Print the configuration in force: each value and where it came from.

    The configuration is a [tool.toolwire] table in the nearest pyproject.toml, or the nearest
    toolwire.toml, looked for from the working directory upwards; flags win over it. The last
    line lists the dialects of the spec in force and where those beyond the built-in ones come
    from.

    \b
    Example:
      toolwire config
    """
    config = resolve_or_exit()
    click.echo(config.describe() + dialects_line(config))


def dialects_line(config: Config) -> str:
    """`dialects = a, b  (built-in)`, or what the configured spec adds or has instead."""
    from toolwire.spec.model import SpecError
    from toolwire.spec.overlay import layered_files

    try:
        files = layered_files(config.schemas, config.overlays)
    except SpecError as exc:
        return f"dialects = unknown  ({exc.problems[0]})"
    names = sorted({m.group(1) for rel in files if (m := re.fullmatch(r"dialects/([^/]+)/dialect\.json", rel))})
    source = config.spec_source().strip()[1:-1]  # "spec from X", or "" for the built-in spec
    builtin = builtin_dialects()
    added = [name for name in names if name not in builtin]
    if not source:
        where = "built-in"
    elif config.origin["schemas"] == BUILT_IN:  # overlays on the built-in spec: what they add
        where = f"built-in; {', '.join(added) or 'none added'} {source.removeprefix('spec ')}"
    else:
        where = source
    return f"dialects = {', '.join(names) or 'none'}  ({where})"
