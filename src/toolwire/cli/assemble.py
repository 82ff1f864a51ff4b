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
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import click

from toolwire.cli.config import resolve_or_exit
from toolwire.cli.generated_package import known_dialects, load
from toolwire.cli.inputs import parse_or_exit, read_text_or_exit
from toolwire.cli.options import complete_dialect, dialects_epilog, generated_option, max_bytes_option
from toolwire.cli.profiles import load_profile_or_exit
from toolwire.cli.report import ExitStatus, echo, finish, located, report
from toolwire.spec.json_input import ParseError, loads_text
from toolwire.spec.positions import pointer, pointer_line

SHAPE = "stream_event"
SSE_FIELDS = ("data:", "event:", "id:", "retry:", ":")
_SSE_LINES = re.compile(r"\r\n|\r|\n")  # SSE ends lines with CRLF, LF or a bare CR


def _parse(name: str, dialect: str, line: int, text: str) -> Any:
    return parse_or_exit(name, f"{dialect}/{SHAPE}", text, first_line=line)


def _same(pointer: str) -> str:
    return pointer


def _at(prefix: str, pointer: str) -> str:
    """An event's pointer inside the input (prefix: the event's own place in a JSON array)."""
    return prefix + (pointer or "/")


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
    return parse_or_exit(name, f"{dialect}/{SHAPE}", "\n".join(data), at_line=line)


Check = Callable[[Any], tuple[str, str] | None]


def _checker(pkg: ModuleType, schema_id: str | None) -> Check | None:
    """A check of one event against the dialect's stream_event schema: the best error's
    pointer and `message [keyword]`, or None when the event is valid."""
    if schema_id is None:
        return None
    import jsonschema
    import referencing
    from referencing.jsonschema import DRAFT202012

    schemas = importlib.import_module(f"{pkg.__name__}._schemas").SCHEMAS
    # A Registry retrieves nothing it was not given: a $ref outside the package is an error.
    registry = referencing.Registry().with_resources(
        (sid, DRAFT202012.create_resource(schema)) for sid, schema in schemas.items()
    )
    validator = jsonschema.Draft202012Validator(schemas[schema_id], registry=registry)

    def check(event: Any) -> tuple[str, str] | None:
        errors = list(validator.iter_errors(event))
        if not errors:
            return None
        best = jsonschema.exceptions.best_match(errors)
        return pointer(best.absolute_path), f"{best.message} [{best.validator}]"

    return check


@click.command(short_help="Assemble the tool calls of a stream.", epilog=dialects_epilog())
@click.option(
    "--dialect", required=True, metavar="DIALECT", shell_complete=complete_dialect, help="Dialect of the stream."
)
@click.option(
    "--profile",
    metavar="PROFILE",
    help="Accept the documented quirks of servers speaking the dialect (openai_chat: compat, azure) before each "
    "event is checked; each quirk seen is a note.",
)
@generated_option()
@max_bytes_option()
@click.argument("file", default="-")
def assemble(dialect: str, profile: str | None, generated: Path | None, max_bytes: int, file: str) -> None:
    """Assemble the tool calls of a stream (JSON lines, SSE text or a JSON array of events).

    FILE is the captured stream, or - for stdin (the default). The calls are printed as JSON;
    a call cut off or invalid is a finding (exit 1).

    \b
    Examples:
      toolwire assemble --dialect anthropic_messages stream.sse
      curl -sN ... | toolwire assemble --dialect openai_chat
    """
    config = resolve_or_exit(out=generated)
    pkg = load(config.out, config.package)
    try:
        streams = importlib.import_module(f"{pkg.__name__}.streams")
    except ImportError:
        raise click.UsageError(
            f"the generated package in {config.out} has no stream assemblers; run `toolwire generate`"
        ) from None
    module = streams.STREAMS.get(dialect)
    if module is None:
        known = known_dialects(pkg, streams.STREAMS)
        why = "has no stream mapping" if dialect in pkg.DIALECTS else "is not a known dialect"
        raise click.BadParameter(f"{dialect!r} {why}; dialects with streams: {known}", param_hint="--dialect")
    quirks = load_profile_or_exit(config.schemas, dialect, profile) if profile else None
    what = f"{dialect}/{SHAPE}"
    text = read_text_or_exit(file, what, max_bytes)
    check = _checker(pkg, module.EVENT_SCHEMA)
    assembler = module.Assembler()
    lines: list[tuple[int, str]] = []  # per event fed: its line and pointer prefix
    for line, prefix, event in _events(file, text, dialect):
        lines.append((line, prefix))
        checked: Any = event
        back: Callable[[str], str] = _same
        if quirks is not None:  # the schema checks the rest; the assembler reads the event as it is
            accepted = quirks.accept(event, {SHAPE})
            checked, back = accepted.value, accepted.original_pointer
            for seen in accepted.seen:
                echo(located(file, line, _at(prefix, seen.pointer), f"note: {quirks.note(seen)}", what))
        error = check(checked) if check is not None else None
        if error is not None:
            at, message = error
            report([located(file, line, _at(prefix, back(at)), message, what)], ExitStatus.FINDINGS)
        try:
            assembler.feed(event)
        except pkg.DecodeError as exc:
            report([located(file, line, _at(prefix, exc.pointer), exc.message, what)], ExitStatus.FINDINGS)
    try:
        result = assembler.result()
    except pkg.DecodeError as exc:
        report([located(file, None, exc.pointer, exc.message, what)], ExitStatus.FINDINGS)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    for label, reports in (("note: ", assembler.notes), ("", assembler.findings)):
        for found in reports:
            fed = 0 <= found["event"] < len(lines)
            line_of, prefix = lines[found["event"]] if fed else (None, "")
            echo(located(file, line_of, _at(prefix, found["pointer"]), label + found["message"], what))
    problems = call_problems(file, result["tool_calls"])
    for problem in problems:
        echo(problem)
    finish(ExitStatus.FINDINGS if assembler.findings or problems else ExitStatus.OK)


def call_problems(file: str, calls: list[dict[str, Any]]) -> list[str]:
    """A finding line for each call cut off or invalid (`file: /tool_calls/i: ...`)."""
    lines = []
    for i, call in enumerate(calls):
        custom = call.get("arguments") is None and type(call.get("input")) is str  # a custom tool's: its input
        if call.get("incomplete") or (call.get("arguments") is None and not custom):
            state = "incomplete" if call.get("incomplete") else "invalid"
            message = f"{state} call {call.get('name')!r}: {call.get('arguments_error')}"
            lines.append(located(file, None, f"/tool_calls/{i}", message))
    return lines
