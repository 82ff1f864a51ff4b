"""`toolwire generate`: render the generated packages from the spec and templates, atomically."""

from __future__ import annotations

from pathlib import Path

import click

from toolwire.cli.config import TARGETS, Config, load_spec_or_exit, resolve_or_exit
from toolwire.cli.options import overlay_option, schemas_option
from toolwire.cli.report import ExitStatus, fail, report, say

NOTHING = "nothing was generated"


@click.command()
@schemas_option()
@overlay_option()
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
@click.option(
    "--target",
    "only",
    multiple=True,
    type=click.Choice(TARGETS),
    help="Render only this target (repeatable; default: every configured target).",
)
@click.option("--check", is_flag=True, help="Exit 1 with a diff when the output is stale; write nothing.")
@click.option("--diff", "show_diff", is_flag=True, help="Print the diff the run would make; write nothing.")
def generate(
    schemas: Path | None,
    overlays: tuple[Path, ...],
    templates: Path | None,
    out: Path | None,
    only: tuple[str, ...],
    check: bool,
    show_diff: bool,
) -> None:
    """Generate models, converters and the conformance suite from the schemas."""
    from toolwire.generation import generate as gen  # jinja2 and the planner: only this command needs them
    from toolwire.spec.model import SpecError
    from toolwire.targets import REGENERATE

    config = resolve_or_exit(schemas=schemas, templates=templates, out=out, overlays=overlays)
    _refuse_overlap(config)
    spec = load_spec_or_exit(config, NOTHING)
    try:
        rendered = gen.render(spec, config.templates, config.package, targets=only or config.targets)
    except SpecError as exc:
        report(exc.problems, ExitStatus.USAGE, f"{len(exc.problems)} problem(s) in {config.schemas}; {NOTHING}")
    except gen.GenerateError as exc:
        report(exc.problems, ExitStatus.USAGE, f"{exc}; {NOTHING}")
    if check or show_diff:
        diff = gen.unified_diff(rendered, config.out)
        if diff:
            click.echo(diff, nl=False)
        if check and diff:
            fail(f"{config.out} is stale; run `{REGENERATE}`", ExitStatus.FINDINGS)
        say(f"{config.out} is {'stale' if diff else 'up to date'}")
        return
    try:
        written, removed = gen.write(rendered, config.out)
    except gen.GenerateError as exc:
        report(exc.problems, ExitStatus.USAGE, f"{exc}; {NOTHING}")
    except OSError as exc:
        fail(f"cannot write {config.out}: {exc}")
    say(f"wrote {written} file(s), removed {removed} stale file(s) in {config.out}")


def _refuse_overlap(config: Config) -> None:
    """The output folder must be apart from every input folder: generated files written into
    the spec would be read as spec files by every later run, and an input holding the output
    would be replaced by the run."""
    out = config.out.resolve()
    inputs = [("the schemas folder", config.schemas)] + [("the overlay", o) for o in config.overlays]
    inputs += [("the templates folder", config.templates)] if config.templates else []
    for what, folder in inputs:
        real = folder.resolve()
        if out.is_relative_to(real) or real.is_relative_to(out):
            fail(f"output folder {config.out} overlaps {what} {folder}: expected one outside every input folder")
