"""The `toolwire` command line. Status goes to stderr, results to stdout.

Exit codes: 0 success, 1 findings (stale output, invalid payload, a loss under --strict),
2 usage, configuration or internal error.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from toolwire.config import OVERLAY_HELP, SCHEMAS_HELP, Config, resolve_or_exit
from toolwire.spec import SpecError

EXIT_FINDINGS = 1
EXIT_USAGE = 2


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(code)


class _Group(click.Group):
    """Turns anything unexpected into a one-line error and exit 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except Exception as exc:
            fail(f"toolwire: internal error: {type(exc).__name__}: {exc}")


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="toolwire")
def main() -> None:
    """toolwire: one spec for LLM tool calls across provider dialects."""


def _load(config: Config) -> Any:
    from toolwire.overlay import load_layered

    try:
        return load_layered(config.schemas, config.overlays)
    except SpecError as exc:
        for problem in exc.problems:
            click.echo(problem, err=True)
        where = " + ".join(map(str, (config.schemas, *config.overlays)))
        fail(f"toolwire: {len(exc.problems)} problem(s) in {where}; nothing was generated")


overlay_option = click.option(
    "--overlay", "overlays", multiple=True, type=click.Path(path_type=Path, file_okay=False), help=OVERLAY_HELP
)


@main.command()
@click.option("--schemas", type=click.Path(path_type=Path, file_okay=False), help=SCHEMAS_HELP)
@overlay_option
@click.option(
    "--templates",
    type=click.Path(path_type=Path, file_okay=False),
    help="Templates folder (default: as configured, else built-in).",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    help="Output folder (default: as configured, else ./generated).",
)
@click.option("--check", is_flag=True, help="Exit 1 with a diff when the output is stale; write nothing.")
@click.option("--diff", "show_diff", is_flag=True, help="Print the diff the run would make; write nothing.")
def generate(
    schemas: Path | None,
    overlays: tuple[Path, ...],
    templates: Path | None,
    out: Path | None,
    check: bool,
    show_diff: bool,
) -> None:
    """Generate models, converters and the conformance suite from the schemas."""
    from toolwire import generate as gen  # jinja2 and the planner: only this command needs them

    config = resolve_or_exit(schemas=schemas, templates=templates, out=out, overlays=overlays)
    templates, out = config.templates, config.out
    spec = _load(config)
    try:
        rendered = gen.render(spec, templates)
    except gen.GenerateError as exc:
        fail(f"toolwire: {exc}; nothing was generated")
    if check or show_diff:
        diff = gen.unified_diff(rendered, out)
        if diff:
            click.echo(diff, nl=False)
        if check and diff:
            fail(f"toolwire: {out} is stale; run `{gen.REGENERATE}`", EXIT_FINDINGS)
        click.echo(f"toolwire: {out} is {'stale' if diff else 'up to date'}", err=True)
        return
    written, removed = gen.write(rendered, out)
    click.echo(f"toolwire: wrote {written} file(s), removed {removed} stale file(s) in {out}", err=True)


@main.command()
@click.option("--schemas", type=click.Path(path_type=Path, file_okay=False), help=SCHEMAS_HELP)
@overlay_option
def losses(schemas: Path | None, overlays: tuple[Path, ...]) -> None:
    """Print the Markdown table of what each dialect can carry (the README's loss table)."""
    from toolwire.capabilities import loss_table

    click.echo(loss_table(_load(resolve_or_exit(schemas=schemas, overlays=overlays))), nl=False)


@main.command("config")
def show_config() -> None:
    """Print the configuration in force: each value and where it came from."""
    click.echo(resolve_or_exit().describe(), nl=False)


from toolwire.assemble_cmd import assemble  # noqa: E402 - commands register on main
from toolwire.breaking_cmd import breaking  # noqa: E402
from toolwire.convert_cmd import convert, extract  # noqa: E402
from toolwire.init_cmd import init_group  # noqa: E402
from toolwire.tools_codegen import tools_group  # noqa: E402
from toolwire.validation.command import validate  # noqa: E402

main.add_command(assemble)
main.add_command(breaking)
main.add_command(convert)
main.add_command(extract)
main.add_command(init_group)
main.add_command(tools_group)
main.add_command(validate)
