"""`toolwire assemble`: a dialect's stream in, its canonical tool calls out.

The input is JSON lines, an SSE transcript (`data:` / `event:` lines, `[DONE]`), a JSON
array of events or one JSON event, from a file or stdin (read by toolwire.spec.json_input, at most
--max-record-bytes). Every event is checked against the dialect's
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
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

import click

from toolwire.cli.config import GENERATED_HELP, resolve_or_exit
from toolwire.cli.generated_package import load
from toolwire.spec.json_input import ParseError, display_name, finding, loads_text, max_bytes_option, read_text_or_exit
from toolwire.spec.positions import pointer, pointer_line

if TYPE_CHECKING:
    from toolwire.validation.profiles import Profile

SHAPE = "stream_event"
SSE_FIELDS = ("data:", "event:", "id:", "retry:", ":")


def _finding(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(1)


_SSE_LINES = re.compile(r"\r\n|\r|\n")  # SSE ends lines with CRLF, LF or a bare CR


def _parse(name: str, dialect: str, line: int, text: str) -> Any:
    try:
        return loads_text(text)
    except ParseError as exc:
        _finding(finding(name, f"{dialect}/{SHAPE}", ParseError(exc.message, line + exc.line - 1, exc.keyword)))


def _is_json(line: str) -> bool:
    try:
        loads_text(line)
    except ParseError:
        return False
    return True


def _events(name: str, text: str, dialect: str) -> Iterator[tuple[int, str, Any]]:
    """(line, pointer prefix, event) for every event of the input, in order, in linear time.

    JSON lines split on \\n only (U+2028 and friends are legal inside JSON strings); SSE
    also on a bare CR. A `data:` line that is a JSON value is an event; one that is not starts
    an event whose data runs over the following `data:` lines (SSE), parsed once at its end."""
    stripped = text.lstrip()
    sse = stripped.startswith(SSE_FIELDS)
    if not sse and (stripped.startswith("[") or not _is_json(stripped.split("\n", 1)[0])):
        # One JSON document, as validate reads it: an array of events, or one (pretty-printed) event.
        events = _parse(name, dialect, 1, text)
        if type(events) is not list:
            yield 1 + text.count("\n", 0, len(text) - len(stripped)), "", events
            return
        for i, event in enumerate(events):
            yield pointer_line(text, f"/{i}"), f"/{i}", event
        return
    pending: list[str] = []
    start = 0
    for number, line in enumerate(_SSE_LINES.split(text) if sse else text.split("\n"), 1):
        line = line.removesuffix("\r")
        if line.startswith("data:"):
            data = line[6:] if line.startswith("data: ") else line[5:]
            if pending:
                pending.append(data)
                continue
            if data.strip() == "[DONE]":
                continue
            try:
                event = loads_text(data)
            except ParseError:
                pending, start = [data], number
                continue
            yield number, "", event
            continue
        if line.startswith(SSE_FIELDS):
            continue  # event:, id:, retry: and comments: fields of the same event
        if pending:
            yield start, "", _event(name, dialect, start, pending)
            pending = []
        if not line.strip():
            continue
        yield number, "", _parse(name, dialect, number, line)
    if pending:
        yield start, "", _event(name, dialect, start, pending)


def _event(name: str, dialect: str, line: int, data: list[str]) -> Any:
    """An event whose data ran over several lines; a finding names the line it starts on."""
    try:
        return loads_text("\n".join(data))
    except ParseError as exc:
        _finding(finding(name, f"{dialect}/{SHAPE}", ParseError(exc.message, line, exc.keyword)))


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
@max_bytes_option()
@click.argument("file", default="-")
def assemble(dialect: str, profile: str | None, generated: Path | None, max_bytes: int, file: str) -> None:
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
    name = display_name(file)
    text = read_text_or_exit(file, f"{dialect}/{SHAPE}", max_bytes)
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
