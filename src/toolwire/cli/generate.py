"""`toolwire generate`: render the generated packages from the spec and templates, atomically."""

from __future__ import annotations

from pathlib import Path

import click

from toolwire.cli.config import DEFAULT, TARGETS, Config, load_spec_or_exit, resolve_or_exit
from toolwire.cli.options import overlay_option, schemas_option
from toolwire.cli.report import PREFIX, ExitStatus, fail, report, say
from toolwire.cli.steps import Steps

NOTHING = "nothing was generated"


@click.command(short_help="Generate the packages from the schemas.")
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
    help="Render only this target (repeatable; default: the configured targets whose toolchain is installed).",
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
    """Generate models, converters and the conformance suite from the schemas.

    Writes OUT/python and OUT/typescript, each as a whole: a failed run leaves the old tree. By
    default a target whose toolchain is missing is left out and named in one stderr line with
    the command that installs it (--check says what it did not check); asked for by --target
    or the configuration, it is an error (exit 2, nothing written). On a terminal, a run
    longer than a moment shows its current step.

    \b
    The TypeScript target compiles with the pinned tsc 5.9.3, looked for in:
      $TOOLWIRE_NODE_MODULES (when set, there only): a node_modules folder holding it
      ./generated/typescript/node_modules: in a checkout, npm ci --prefix generated/typescript
      ~/.cache/toolwire/typescript-5.9.3/node_modules ($XDG_CACHE_HOME for ~/.cache):
        npm install --prefix ~/.cache/toolwire/typescript-5.9.3 typescript@5.9.3

    \b
    Examples:
      toolwire generate
      toolwire generate --check            # exit 1 with a diff when generated/ is stale
      toolwire generate --target python --out build/generated
      TOOLWIRE_NODE_MODULES=~/tsc/node_modules toolwire generate --target typescript
    """
    from toolwire.generation import generate as gen  # jinja2 and the planner: only this command needs them
    from toolwire.spec.model import SpecError
    from toolwire.targets import REGENERATE

    config = resolve_or_exit(schemas=schemas, templates=templates, out=out, overlays=overlays)
    _refuse_overlap(config)
    targets, left_out = _targets(config, only)
    spec = load_spec_or_exit(config, NOTHING)
    try:
        with Steps("generate", len(targets) + 1) as steps:
            rendered = gen.Rendered({})
            for name in targets:
                steps.step(f"rendering {name}")
                rendered.files |= gen.render(spec, config.templates, config.package, targets=[name]).files
            steps.step("comparing" if check or show_diff else "writing")
            diff = gen.unified_diff(rendered, config.out) if check or show_diff else ""
            written, removed = (0, 0) if check or show_diff else gen.write(rendered, config.out)
    except SpecError as exc:
        report(exc.problems, ExitStatus.USAGE, f"{len(exc.problems)} problem(s) in {config.schemas}; {NOTHING}")
    except gen.GenerateError as exc:
        report(exc.problems, ExitStatus.USAGE, f"{exc}; {NOTHING}")
    except OSError as exc:
        fail(f"cannot write {config.out}: {exc}")
    for name, why in left_out:
        say(f"left out the {name} target ({'not checked' if check or show_diff else 'not generated'}): {why}")
    only_some = f" ({', '.join(targets)} only)" if left_out else ""
    if check or show_diff:
        if diff:
            click.echo(diff, nl=False)
        if check and diff:
            fail(f"{config.out} is stale{only_some}; run `{REGENERATE}`", ExitStatus.FINDINGS)
        say(f"{config.out} is {'stale' if diff else 'up to date'}{only_some}")
        return
    say(f"wrote {written} file(s), removed {removed} stale file(s) in {config.out}{only_some}")


def _targets(config: Config, only: tuple[str, ...]) -> tuple[list[str], list[tuple[str, str]]]:
    """The targets to render, and those left out with why. Asked for by --target or the
    configuration, a target whose toolchain is missing is an error (exit 2, nothing written);
    by default, only the targets this machine can build are rendered and the others named."""
    from toolwire.targets import load

    problems = {name: load(name).toolchain_problem() for name in TARGETS}
    wanted = list(only or config.targets)
    missing = [(name, why) for name in wanted if (why := problems[name])]
    available = [name for name in wanted if not problems[name]]
    asked = "--target" if only else "" if config.origin["targets"] == DEFAULT else config.origin["targets"]
    if missing and (asked or not available):
        others = [name for name in TARGETS if not problems[name]]
        alone = f" (the others alone: --target {' --target '.join(others)})" if others else ""
        names = ", ".join(name for name, _ in missing)
        report(
            [f"{PREFIX}target {name}: {why}" for name, why in missing],
            ExitStatus.USAGE,
            f"cannot generate {names}{f', asked for by {asked}' if asked else ''}; {NOTHING}{alone}",
        )
    return available, missing


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
