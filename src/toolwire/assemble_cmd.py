"""`toolwire assemble`: a dialect's stream in, its canonical tool calls out.

The input is JSON lines, an SSE transcript (`data:` / `event:` lines, `[DONE]`) or a JSON
array of events, from a file or stdin. Every event is checked against the dialect's
stream_event schema, then fed to the generated assembler; the result is printed as
{"tool_calls": [...], "finish_reason": ...}.

Exit codes: 0 every call complete and valid; 1 a call is incomplete or invalid, the stream
reported a finding (an error event, argument text for no open call; the calls are printed
all the same), or the input is not that dialect's stream (one line each: file:line:
dialect/stream_event: /pointer: message); 2 usage (unknown dialect or profile, unreadable
file). Notes (a server-side tool block left out; with --profile, each documented server quirk
accepted before the schema check) are printed the same way and do not change the code.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import click

from toolwire.config import GENERATED_HELP, resolve_or_exit
from toolwire.generated_package import load
from toolwire.positions import pointer, pointer_line

if TYPE_CHECKING:
    from toolwire.validation.profiles import Profile

SHAPE = "stream_event"


def _read(source: str) -> tuple[str, str]:
    name = "<stdin>" if source == "-" else source
    try:
        if source == "-":
            return name, sys.stdin.read()
        return name, Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        click.echo(f"toolwire: cannot read {source}: {exc}", err=True)
        sys.exit(2)


def _finding(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(1)


def _events(name: str, text: str, dialect: str) -> Iterator[tuple[int, str, Any]]:
    """(line, pointer prefix, event) for every event of the input, in order."""
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            events = json.loads(text)
        except json.JSONDecodeError as exc:
            _finding(f"{name}:{exc.lineno}: {dialect}/{SHAPE}: /: not valid JSON: {exc.msg}")
        for i, event in enumerate(events):
            yield pointer_line(text, f"/{i}"), f"/{i}", event
        return
    pending: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.removesuffix("\r")
        if line.startswith("data:"):
            data = line[6:] if line.startswith("data: ") else line[5:]
            if pending is not None:
                data = pending[1] + "\n" + data
            elif data.strip() == "[DONE]":
                continue
            try:
                event = json.loads(data)
            except ValueError:
                pending = (pending[0] if pending else number, data)  # SSE data over several lines
                continue
            start = pending[0] if pending else number
            pending = None
            yield start, "", event
            continue
        if pending is not None:
            _bad_json(name, dialect, *pending)
        if not line.strip() or line.startswith((":", "event:", "id:", "retry:")):
            continue
        try:
            event = json.loads(line)
        except ValueError:
            _bad_json(name, dialect, number, line)
        yield number, "", event
    if pending is not None:
        _bad_json(name, dialect, *pending)


def _bad_json(name: str, dialect: str, line: int, data: str) -> None:
    try:
        json.loads(data)
    except json.JSONDecodeError as exc:
        _finding(f"{name}:{line}: {dialect}/{SHAPE}: /: not valid JSON: {exc.msg}")


def _profile(schemas: Path, dialect: str, name: str) -> Profile:
    from toolwire.validation.profiles import ProfileError, load_profile

    try:
        return load_profile(schemas, dialect, name)
    except ProfileError as exc:
        raise click.BadParameter(str(exc), param_hint="--profile") from None


def _validator(pkg: ModuleType, schema_id: str | None) -> Any:
    if schema_id is None:
        return None
    import jsonschema
    import referencing
    import referencing.exceptions
    from referencing.jsonschema import DRAFT202012

    schemas = importlib.import_module(f"{pkg.__name__}._schemas").SCHEMAS

    def refuse(uri: str) -> referencing.Resource:
        raise referencing.exceptions.NoSuchResource(ref=uri)

    registry = referencing.Registry(retrieve=refuse).with_resources(
        (sid, DRAFT202012.create_resource(schema)) for sid, schema in schemas.items()
    )
    return jsonschema.Draft202012Validator(schemas[schema_id], registry=registry)


@click.command()
@click.option("--dialect", required=True, metavar="DIALECT", help="Dialect of the stream.")
@click.option(
    "--profile",
    metavar="PROFILE",
    help="Accept the documented quirks of servers speaking the dialect (openai_chat: compat) before each "
    "event is checked; each quirk seen is a note.",
)
@click.option("--generated", type=click.Path(path_type=Path, file_okay=False), help=GENERATED_HELP)
@click.argument("file", default="-")
def assemble(dialect: str, profile: str | None, generated: Path | None, file: str) -> None:
    """Assemble the tool calls of a stream (JSON lines, SSE text or a JSON array of events)."""
    import jsonschema

    config = resolve_or_exit(out=generated)
    generated = config.out
    pkg = load(generated, config.package)
    try:
        streams = importlib.import_module(f"{pkg.__name__}.streams")
    except ImportError:
        raise click.UsageError(f"the generated package in {generated} has no stream assemblers; run `toolwire generate`") from None
    module = streams.STREAMS.get(dialect)
    if module is None:
        known = ", ".join(streams.STREAMS) or "none"
        why = "has no stream mapping" if dialect in pkg.DIALECTS else "is not a known dialect"
        raise click.BadParameter(f"{dialect!r} {why}; dialects with streams: {known}", param_hint="--dialect")
    quirks = _profile(config.schemas, dialect, profile) if profile else None
    name, text = _read(file)
    validator = _validator(pkg, module.EVENT_SCHEMA)
    assembler = module.Assembler()
    lines: list[tuple[int, str]] = []  # per event fed: its line and pointer prefix
    for line, prefix, event in _events(name, text, dialect):
        lines.append((line, prefix))
        where = f"{name}:{line}: {dialect}/{SHAPE}"
        checked, back = event, str
        if quirks is not None:  # the schema checks the rest; the assembler reads the event as it is
            accepted = quirks.accept(event, {SHAPE})
            checked, back = accepted.value, accepted.original_pointer
            for seen in accepted.seen:
                click.echo(f"{where}: {prefix}{seen.pointer or '/'}: note: {quirks.note(seen)}", err=True)
        if validator is not None:
            errors = list(validator.iter_errors(checked))
            if errors:
                best = jsonschema.exceptions.best_match(errors)
                at = back(pointer(best.absolute_path))
                _finding(f"{where}: {prefix}{at or '/'}: {best.message} [{best.validator}]")
        try:
            assembler.feed(event)
        except pkg.DecodeError as exc:
            _finding(f"{where}: {prefix}{exc.pointer or '/'}: {exc.message}")
    try:
        result = assembler.result()
    except pkg.DecodeError as exc:
        _finding(f"{name}: {dialect}/{SHAPE}: {exc.pointer or '/'}: {exc.message}")
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    for kind, reports in (("note", assembler.notes), ("finding", assembler.findings)):
        for report in reports:
            line, prefix = lines[report["event"]] if 0 <= report["event"] < len(lines) else (None, "")
            at = f"{name}:{line}" if line is not None else name
            label = "note: " if kind == "note" else ""
            click.echo(f"{at}: {dialect}/{SHAPE}: {prefix}{report['pointer'] or '/'}: {label}{report['message']}", err=True)
    bad = len(assembler.findings)
    for i, call in enumerate(result["tool_calls"]):
        if call.get("incomplete") or call.get("arguments") is None:
            bad += 1
            what = "incomplete" if call.get("incomplete") else "invalid"
            click.echo(f"{name}: /tool_calls/{i}: {what} call {call.get('name')!r}: {call.get('arguments_error')}", err=True)
    if bad:
        sys.exit(1)
