"""Reading a command's JSON input by toolwire.spec.json_input's rules, exiting on failure:
a finding about the input (bad JSON, too deep, too large, empty) exits 1, an input that cannot
be read at all exits 2."""

from __future__ import annotations

from typing import Any

from toolwire.cli.report import ExitStatus, fail, located, report
from toolwire.spec.json_input import (
    DEFAULT_MAX_BYTES,
    ParseError,
    ReadProblem,
    loads_text,
    read_text,
)


def parse_finding(source: str, what: str, exc: ParseError, line: int | None = None) -> str:
    """`name:line: what: /: message`, the one-line finding every command prints for bad JSON."""
    message = f"not valid JSON: {exc.message}" if exc.keyword == "parse" else exc.message
    return located(source, exc.line if line is None else line, "", message, what)


def read_text_or_exit(source: str, what: str, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The input as text (BOM dropped, UTF-8 checked, not blank), for line-based formats."""
    try:
        return read_text(source, max_bytes)
    except ParseError as exc:
        report([parse_finding(source, what, exc)], ExitStatus.FINDINGS)
    except ReadProblem as exc:
        fail(str(exc))


def read_json_text_or_exit(source: str, what: str, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[str, Any]:
    """The JSON document of a file or stdin, with the text it was parsed from (to find a
    pointer's line)."""
    text = read_text_or_exit(source, what, max_bytes)
    try:
        return text, loads_text(text)
    except ParseError as exc:
        report([parse_finding(source, what, exc)], ExitStatus.FINDINGS)


def parse_or_exit(source: str, what: str, text: str, first_line: int = 1, at_line: int | None = None) -> Any:
    """One JSON value from a piece of the input that starts at first_line; a finding names the
    line in the input (at_line when given: an SSE event names the line it starts on)."""
    try:
        return loads_text(text)
    except ParseError as exc:
        line = at_line if at_line is not None else first_line + exc.line - 1
        report([parse_finding(source, what, exc, line)], ExitStatus.FINDINGS)
