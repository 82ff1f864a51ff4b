"""`toolwire validate`: check captured payloads against the schemas.

Exit codes: 0 every payload valid, 1 findings, 2 usage error or unreadable input.
Results go to stdout, status (summary, drift report, progress) to stderr.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from toolwire.json_input import ByteSize
from toolwire.spec import SpecError, load_spec
from toolwire.validation.engine import MIB, Engine, EngineError, Options
from toolwire.validation.inputs import STDIN, expand, plan
from toolwire.validation.progress import Progress
from toolwire.validation.report import FORMATS
from toolwire.validation.runner import RunConfig, run

EXIT_FINDINGS = 1
EXIT_USAGE = 2
SEGMENT_BYTES = 4 * MIB


def _fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    click.echo(f"toolwire: {message}", err=True)
    sys.exit(code)


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--dialect", metavar="DIALECT", help="Check against this dialect only (default: detect).")
@click.option(
    "--shape",
    metavar="SHAPE",
    help="Check as this shape or envelope kind only (tool_call, request, stream_event, ...); a .json array is then checked element by element.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text: path:line: dialect/shape: /pointer: message [keyword]; json: one object per payload; github: workflow annotations.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Fields the schemas do not describe are findings; the summary counts each new field path.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Worker processes for many or large files (0: one per CPU).",
)
@click.option("--fail-fast", is_flag=True, help="Stop at the first payload with a finding.")
@click.option(
    "--quiet", "-q", is_flag=True, help="Print findings only: no summary, no progress, no output for valid payloads."
)
@click.option("--schemas", type=click.Path(path_type=Path, file_okay=False), default=Path("schemas"), show_default=True)
@click.option(
    "--max-record-bytes",
    type=ByteSize(),
    default="16M",
    show_default=True,
    help="Larger payloads (lines, events, files) are findings, not read into memory.",
)
@click.option(
    "--segment-bytes",
    type=ByteSize(),
    default=SEGMENT_BYTES,
    hidden=True,
    help="Split JSON-lines files larger than this across --jobs.",
)
def validate(
    paths: tuple[str, ...],
    dialect: str | None,
    shape: str | None,
    fmt: str,
    strict: bool,
    jobs: int,
    fail_fast: bool,
    quiet: bool,
    schemas: Path,
    max_record_bytes: int,
    segment_bytes: int,
) -> None:
    """Check captured payloads (PATH: files, folders, - for stdin) against the schemas.

    Reads .json (one payload; with --shape, a top-level array is one payload per element),
    .jsonl/.ndjson (one per line) and SSE transcripts (data: lines). Without --dialect/--shape
    the dialect and kind of each payload are detected from the schemas.
    """
    try:
        code = _validate(
            paths, dialect, shape, fmt, strict, jobs, fail_fast, quiet, schemas, max_record_bytes, segment_bytes
        )
    except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, SystemExit):
        raise
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except BrokenPipeError:  # e.g. `| head`: the reader left; not an error of ours
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        sys.exit(EXIT_FINDINGS)
    except Exception as exc:  # a CLI reports, it does not print tracebacks
        _fail(f"internal error: {type(exc).__name__}: {exc}")
    sys.exit(code)


def _validate(
    paths: tuple[str, ...],
    dialect: str | None,
    shape: str | None,
    fmt: str,
    strict: bool,
    jobs: int,
    fail_fast: bool,
    quiet: bool,
    schemas: Path,
    max_record_bytes: int,
    segment_bytes: int,
) -> int:
    if list(paths).count(STDIN) > 1:
        raise click.UsageError("'-' (stdin) can be given once")
    try:
        spec = load_spec(schemas)
    except SpecError as exc:
        for problem in exc.problems:
            click.echo(problem, err=True)
        _fail(f"{len(exc.problems)} problem(s) in {schemas}; nothing was validated")
    options = Options(dialect=dialect, shape=shape, strict=strict, max_record_bytes=max_record_bytes)
    try:
        engine = Engine(spec, options)
    except EngineError as exc:
        raise click.BadParameter(
            str(exc), param_hint="--dialect" if dialect and dialect not in spec.dialects else "--shape"
        ) from None

    files, problems = expand(list(paths))
    for problem in problems:
        click.echo(f"toolwire: {problem}", err=True)
    units = plan(files, segment_bytes)
    jobs = jobs or os.cpu_count() or 1
    progress = Progress(sum(u.size for u in units), enabled=None if not quiet else False)
    config = RunConfig(str(schemas), options, fmt, quiet, fail_fast)
    try:
        outcome = run(
            config,
            engine,
            units,
            out=sys.stdout,
            stdin=_stdin() if STDIN in files else None,
            progress=progress,
            jobs=jobs,
        )
    finally:
        progress.close()
        sys.stdout.flush()
    for problem in outcome.problems:
        click.echo(f"toolwire: {problem}", err=True)
    tally = outcome.tally
    if not quiet:
        stop = " (stopped at the first finding: --fail-fast)" if outcome.stopped else ""
        click.echo(f"toolwire: {tally.summary()}{stop} [{engine.backend}]", err=True)
        for line in tally.drift_report():
            click.echo(f"toolwire: {line}" if not line.startswith("  ") else line, err=True)
    if problems or outcome.problems:
        return EXIT_USAGE
    if tally.findings:
        return EXIT_FINDINGS
    if not tally.checked:
        click.echo("toolwire: no payload was checked", err=True)
        return EXIT_USAGE
    return 0


def _stdin() -> Any:
    return getattr(sys.stdin, "buffer", sys.stdin)  # bytes: payloads are decoded by the JSON parser
