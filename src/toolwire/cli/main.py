"""The `toolwire` command line. Status goes to stderr, results to stdout.

Exit codes: 0 success, 1 findings (stale output, invalid payload, a loss under --strict),
2 usage, configuration or internal error.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from toolwire.cli.config import OVERLAY_HELP, SCHEMAS_HELP, Config, resolve_or_exit

EXIT_FINDINGS = 1
EXIT_USAGE = 2


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(code)


# Commands imported only when run, so `toolwire --help` and each command load no more than
# they need (jsonschema, jinja2 and the generated package are slow to import): import path and
# the short help --help lists (a test keeps it equal to the command's own).
LAZY_COMMANDS = {
    "assemble": ("toolwire.cli.assemble:assemble", "Assemble the tool calls of a stream (JSON lines, SSE text or a JSON array of events)."),
    "breaking": ("toolwire.cli.breaking:breaking", "Report changes since REF|DIR that break generated code or captured payloads."),
    "convert": ("toolwire.cli.convert:convert", "Convert a payload of SHAPE from one dialect to another; losses go to stderr."),
    "extract": ("toolwire.cli.convert:extract", "Print the canonical tools, tool choice, calls and results of a whole request or response."),
    "init": ("toolwire.cli.init:init_group", "Scaffold things in your own spec folder."),
    "tools": ("toolwire.tools.codegen:tools_group", "Work with tool definitions."),
    "validate": ("toolwire.cli.validate:validate", "Check captured payloads (PATH: files, folders, - for stdin) against the schemas."),
}


class _Group(click.Group):
    """Loads commands lazily; turns anything unexpected into a one-line error and exit 2, never a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY_COMMANDS and name not in self.commands:
            module, attribute = LAZY_COMMANDS[name][0].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        limit = formatter.width - 6 - max(len(name) for name in self.list_commands(ctx))
        rows = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            text = command.get_short_help_str(limit) if command else _shorten(LAZY_COMMANDS[name][1], limit)
            rows.append((name, text))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

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


def _shorten(text: str, limit: int) -> str:
    """What click's short help makes of a long first sentence."""
    return text if len(text) <= limit else text[: limit - 3].rsplit(" ", 1)[0] + "..."


def _load(config: Config) -> Any:
    from toolwire.spec.model import SpecError
    from toolwire.spec.overlay import load_layered

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
    from toolwire.generation import generate as gen  # jinja2 and the planner: only this command needs them
    from toolwire.spec.model import SpecError

    config = resolve_or_exit(schemas=schemas, templates=templates, out=out, overlays=overlays)
    templates, out = config.templates, config.out
    spec = _load(config)
    try:
        rendered = gen.render(spec, templates, config.package)
    except SpecError as exc:
        for problem in exc.problems:
            click.echo(problem, err=True)
        fail(f"toolwire: {len(exc.problems)} problem(s) in {config.schemas}; nothing was generated")
    except gen.GenerateError as exc:
        for problem in exc.problems:
            click.echo(problem, err=True)
        fail(f"toolwire: {exc}; nothing was generated")
    if check or show_diff:
        diff = gen.unified_diff(rendered, out)
        if diff:
            click.echo(diff, nl=False)
        if check and diff:
            fail(f"toolwire: {out} is stale; run `{gen.REGENERATE}`", EXIT_FINDINGS)
        click.echo(f"toolwire: {out} is {'stale' if diff else 'up to date'}", err=True)
        return
    try:
        written, removed = gen.write(rendered, out)
    except OSError as exc:
        fail(f"toolwire: cannot write {out}: {exc}")
    click.echo(f"toolwire: wrote {written} file(s), removed {removed} stale file(s) in {out}", err=True)


@main.command()
@click.option("--schemas", type=click.Path(path_type=Path, file_okay=False), help=SCHEMAS_HELP)
@overlay_option
def losses(schemas: Path | None, overlays: tuple[Path, ...]) -> None:
    """Print the Markdown table of what each dialect can carry (the README's loss table)."""
    from toolwire.ir.capabilities import loss_table

    click.echo(loss_table(_load(resolve_or_exit(schemas=schemas, overlays=overlays))), nl=False)


@main.command("config")
def show_config() -> None:
    """Print the configuration in force: each value and where it came from."""
    click.echo(resolve_or_exit().describe(), nl=False)
