"""`toolwire validate`: check captured payloads against the schemas.

Exit codes: 0 every payload valid, 1 findings, 2 usage error or unreadable input.
Results go to stdout, status (summary, drift report, progress) to stderr.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

import click

from toolwire.cli.config import Config, load_spec_or_exit, resolve_or_exit
from toolwire.cli.options import (
    ByteSize,
    complete_dialect,
    dialects_epilog,
    max_bytes_option,
    overlay_option,
    schemas_option,
)
from toolwire.cli.report import ExitStatus, echo, fail, finish, guard, say
from toolwire.spec.text import escape_text
from toolwire.validation.engine import MIB, Engine, EngineError, Options
from toolwire.validation.inputs import STDIN, expand, plan
from toolwire.validation.progress import Progress
from toolwire.validation.report import FORMATS, Tally
from toolwire.validation.runner import RunConfig, run

SEGMENT_BYTES = 4 * MIB

# Status lines quote file names and keys, so their control characters are escaped.


def _say(message: str) -> None:
    say(escape_text(message))


def _fail(message: str) -> NoReturn:
    fail(escape_text(message))


@click.command("validate", short_help="Check captured payloads against the schemas.", epilog=dialects_epilog())
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "--dialect",
    metavar="DIALECT",
    shell_complete=complete_dialect,
    help="Check against this dialect only (default: detect).",
)
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
    help="text: path:line: dialect/shape: /pointer: message [keyword] per finding, and `valid` for a payload whose dialect or shape was detected; json: one object per payload; github: workflow annotations.",
)
@click.option(
    "--profile",
    metavar="PROFILE",
    help="With --dialect: accept the documented quirks of servers speaking it (openai_chat: compat, azure), each named in a note.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Fields the schemas do not describe are findings; the summary counts each new field path.",
)
@click.option(
    "--suggest",
    metavar="FILE",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="With --strict: write the undescribed fields as a JSON Patch (RFC 6902) per schema file to FILE "
    "(- for stdout; the results then go to stderr): {file below the spec folder: [add operations]}, "
    "types inferred from the values seen. Review it, apply it to the spec, regenerate.",
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
@schemas_option()
@overlay_option()
@max_bytes_option("Larger payloads (lines, events, files) are findings, not read into memory.", "max_record_bytes")
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
    profile: str | None,
    strict: bool,
    suggest: str | None,
    jobs: int,
    fail_fast: bool,
    quiet: bool,
    schemas: Path | None,
    overlays: tuple[Path, ...],
    max_record_bytes: int,
    segment_bytes: int,
) -> None:
    """Check captured payloads (PATH: files, folders, - for stdin) against the schemas.

    Reads .json (one payload; with --shape, a top-level array is one payload per element),
    .jsonl/.ndjson (one per line) and SSE transcripts (data: lines). Without --dialect/--shape
    the dialect and kind of each payload are detected from the schemas. A valid payload
    prints what it was detected as, `path:line: dialect/shape: valid` (nothing when --dialect
    and --shape leave nothing to detect); each finding prints a line naming it the same way.

    \b
    Examples:
      toolwire validate captures/
      toolwire validate --dialect openai_chat --shape request requests.jsonl
      toolwire validate --strict --suggest patch.json captures/
      cat payload.json | toolwire validate -
    """
    if suggest is not None and not strict:
        raise click.UsageError("--suggest needs --strict (the patch describes the drift --strict finds)")
    config = resolve_or_exit(schemas=schemas, overlays=overlays)
    if suggest is not None and suggest != STDIN:
        _check_patch_target(Path(suggest), paths, config)
    with guard():  # also when the command runs on its own (tests, embedding), not under the group
        status = _validate(
            *(paths, dialect, shape, fmt, profile, strict, suggest, jobs, fail_fast, quiet),
            *(config, max_record_bytes, segment_bytes),
        )
    finish(status)


def _validate(
    paths: tuple[str, ...],
    dialect: str | None,
    shape: str | None,
    fmt: str,
    profile: str | None,
    strict: bool,
    suggest: str | None,
    jobs: int,
    fail_fast: bool,
    quiet: bool,
    config: Config,
    max_record_bytes: int,
    segment_bytes: int,
) -> ExitStatus:
    if list(paths).count(STDIN) > 1:
        raise click.UsageError("'-' (stdin) can be given once")
    schemas, overlays = config.schemas, config.overlays
    spec = load_spec_or_exit(config, "nothing was validated", escape=escape_text)
    options = Options(
        dialect=dialect,
        shape=shape,
        strict=strict,
        max_record_bytes=max_record_bytes,
        profile=profile,
        suggest=suggest is not None,
    )
    try:
        engine = Engine(spec, options)
    except EngineError as exc:
        hint, message = "--shape", str(exc)
        if dialect and dialect not in spec.dialects:
            hint, message = "--dialect", message + config.spec_source()
        elif "profile" in message:
            hint = "--profile"
        raise click.BadParameter(message, param_hint=hint) from None

    notes: list[str] = []
    files, problems = expand(list(paths), notes)
    for line in (*notes, *problems):
        _say(line)
    units = plan(files, segment_bytes)
    jobs = jobs or os.cpu_count() or 1
    progress = Progress(sum(u.size for u in units), enabled=None if not quiet else False)
    run_config = RunConfig(str(schemas), options, fmt, quiet, fail_fast, tuple(map(str, overlays)))
    try:
        outcome = run(
            run_config,
            engine,
            units,
            out=sys.stderr if suggest == STDIN else sys.stdout,  # stdout is the patch's
            stdin=_stdin() if STDIN in files else None,
            progress=progress,
            jobs=jobs,
        )
    finally:
        progress.close()
        sys.stdout.flush()
    for problem in outcome.problems:
        _say(problem)
    tally = outcome.tally
    if not quiet:
        stop = " (stopped at the first finding: --fail-fast)" if outcome.stopped else ""
        _say(f"{tally.summary()}{stop} [{engine.backend}]")
        for line in tally.drift_report():
            if line.startswith("  "):  # a detail of the line above
                echo(escape_text(line))
            else:
                _say(line)
    if suggest is not None:
        _write_patch(suggest, tally, spec.documents, quiet)
    if problems or outcome.problems:
        return ExitStatus.USAGE
    if tally.findings:
        return ExitStatus.FINDINGS
    if not tally.checked:
        say("no payload was checked")
        return ExitStatus.USAGE
    return ExitStatus.OK


def _write_patch(target: str, tally: Tally, documents: dict[str, Any], quiet: bool) -> None:
    """The --suggest document: {schema file: [RFC 6902 operations]}, to a file or stdout."""
    patch = tally.suggestions.patch(documents)
    text = json.dumps(patch, indent=2) + "\n"  # ASCII: a key may hold a lone surrogate
    if target == STDIN:
        sys.stdout.write(text)
    else:
        try:
            Path(target).write_text(text, encoding="utf-8")
        except OSError as exc:
            _fail(f"{target}: cannot write the patch: {exc.strerror or exc}")
    if not quiet:
        ops = sum(len(v) for v in patch.values())
        where = "stdout" if target == STDIN else target
        _say(f"suggested {ops} addition(s) to {len(patch)} schema file(s): {where}")
        for path in sorted(tally.suggestions.unplaced):
            echo(escape_text(f"  no schema object to add {path} to (only an `if` describes its object)"))


def _check_patch_target(target: Path, paths: tuple[str, ...], config: Config) -> None:
    """The patch never replaces an input (a capture, a file of a folder checked) and never lands
    in the spec, where every later command would read it as a schema."""
    real = target.resolve()
    for path in (p for p in paths if p != STDIN):
        given = Path(path).resolve()
        same = real == given or (target.exists() and Path(path).exists() and os.path.samefile(target, path))
        if same or real.is_relative_to(given):
            _fail(f"--suggest {target}: it is the input {path} or inside it; expected a file that is not checked")
    for folder in (config.schemas, *config.overlays):
        if real.is_relative_to(folder.resolve()):
            _fail(f"--suggest {target}: inside the spec folder {folder}; expected a file outside the spec")


def _stdin() -> BinaryIO:
    return sys.stdin.buffer  # bytes: payloads are decoded by the JSON parser
