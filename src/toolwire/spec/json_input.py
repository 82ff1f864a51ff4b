"""One reader of JSON input for every command (convert, extract, assemble, validate, tools).

Pure reading and parsing: no exits and no options (those are the CLI's, toolwire.cli.inputs).

The rules, the same wherever text is read (the generated runtime's `loads` keeps the same ones
for argument text):
- input is UTF-8; one leading byte order mark is dropped; anything else that is not UTF-8 is a
  finding naming its line (exit 1);
- only RFC 8259 JSON: `NaN`, `Infinity`, `-Infinity`, a number that overflows a double
  (`1e400`) and a lone surrogate escape (`"\\ud800"`) are invalid JSON text;
- duplicate object keys: the last one wins (what json, orjson and ECMAScript's JSON.parse do,
  so every target reads the same value without a parser of its own);
- arrays and objects nest at most MAX_DEPTH levels; deeper text is a finding with its line;
- a command reads at most its byte limit (--max-record-bytes, 16M by default), and never more
  than limit + 1 bytes to find out, so memory stays bounded whatever the input is;
- empty or whitespace-only input is a finding (exit 1), from a file and from stdin alike.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import sys
from pathlib import Path
from typing import Any, BinaryIO

MIB = 1 << 20
DEFAULT_MAX_BYTES = 16 * MIB
MAX_DEPTH = 512  # the generated runtime's MAX_DEPTH too; orjson itself stops at 1024
BOM = b"\xef\xbb\xbf"
STDIN = "-"


class ParseError(Exception):
    """Text that is not one JSON value; line is 1-based within the text."""

    def __init__(self, message: str, line: int = 1, keyword: str = "parse", column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column  # 1-based, 0 when unknown
        self.keyword = keyword  # "depth" when the nesting is over the limit, "size", "empty", "utf-8"


class ReadProblem(Exception):
    """An input that cannot be read at all (missing, a folder, permission): exit 2."""


# --- strict JSON ---------------------------------------------------------------------------


def json_type(value: Any) -> str:
    """The JSON type name of a parsed value (a bool is a boolean, not an integer)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"number {text[:32]} is out of range")
    return value


STRICT = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(text: str, value: Any) -> bool:
    """Whether a parsed value holds a lone surrogate (a pair decodes to one character, so any
    surrogate left in a string came from a lone escape). Walked only when the text has one."""
    if "\\u" not in text and (text.isascii() or not _LONE_SURROGATE.search(text)):
        return False
    stack = [value]
    while stack:
        node = stack.pop()
        if type(node) is str:
            if _LONE_SURROGATE.search(node):
                return True
        elif type(node) is dict:
            stack.extend(node)
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)
    return False


_STRUCTURE = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _deepest(text: str) -> int:
    """The deepest nesting of brackets outside strings (an upper bound when a string never ends)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0)


def too_deep_at(text: str, limit: int = MAX_DEPTH) -> int | None:
    """Offset of the first bracket nested deeper than limit, in one linear scan that skips
    strings; None when there is none (or a string never ends: the parser reports that)."""
    if len(text) <= limit or text.count("[") + text.count("{") <= limit:
        return None
    if _deepest(text) <= limit:  # the common case, in C-level passes; the scan below finds where
        return None
    level = 0
    pos = 0
    search, rest = _STRUCTURE.search, _STRING_REST.match
    while (match := search(text, pos)) is not None:
        char = match.group()
        pos = match.end()
        if char == '"':
            string = rest(text, pos)
            if string is None:
                return None
            pos = string.end()
        elif char in "[{":
            level += 1
            if level > limit:
                return match.start()
        else:
            level -= 1
    return None


def utf8_error(data: bytes) -> ParseError | None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return ParseError(f"invalid UTF-8 at byte {exc.start}", data.count(b"\n", 0, exc.start) + 1, "utf-8")
    return None


def loads_text(text: str, limit: int = MAX_DEPTH) -> Any:
    """Parse one JSON value from text by the rules above; every failure is a ParseError."""
    offset = too_deep_at(text, limit)
    if offset is not None:
        line = text.count("\n", 0, offset) + 1
        raise ParseError(f"nested more than {limit} levels deep", line, "depth")
    try:
        value = STRICT.decode(text)
    except json.JSONDecodeError as exc:
        raise ParseError(exc.msg, exc.lineno, column=exc.colno) from None
    except ValueError as exc:  # NaN, Infinity, 1e400, an integer of too many digits
        raise ParseError(str(exc), _line_of(text, _token_at(text, str(exc)))) from None
    except RecursionError:
        raise ParseError("nested too deeply to parse", keyword="depth") from None
    if lone_surrogate(text, value):
        match = _LONE_ESCAPE.search(text)
        raise ParseError("a lone surrogate escape is not a character", _line_of(text, match.start() if match else 0))
    return value


_LONE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_SPELLED = re.compile(r"^(-?NaN|-?Infinity|number (\S+))")


def _token_at(text: str, message: str) -> int:
    """Offset of the constant or number a message names, outside strings (0 when not found)."""
    match = _SPELLED.match(message)
    if match is None:
        return 0
    token = match.group(2) or match.group(1)
    for found in re.finditer(r'"(?:[^"\\]|\\.)*"|' + re.escape(token), text):
        if found.group() == token:
            return found.start()
    return 0


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _document_text(data: bytes) -> str:
    """A whole input as text: a BOM dropped, UTF-8 checked, not blank."""
    if data.startswith(BOM):
        data = data[3:]
    problem = utf8_error(data)
    if problem is not None:
        raise problem
    if not data.strip():
        raise ParseError("empty input: no payload", keyword="empty")
    return data.decode("utf-8")


def parse_document(data: bytes, limit: int = MAX_DEPTH) -> Any:
    """One whole JSON document from bytes: BOM, UTF-8, strict JSON, depth, emptiness."""
    return loads_text(_document_text(data), limit)


# --- reading, bounded ----------------------------------------------------------------------


def read_source(source: str, max_bytes: int = DEFAULT_MAX_BYTES, stdin: BinaryIO | None = None) -> bytes:
    """All bytes of a file or '-' (stdin), reading at most max_bytes + 1: more is a ParseError
    of kind "size"; an unreadable input is a ReadProblem."""
    try:
        if source == STDIN:
            stream = stdin if stdin is not None else sys.stdin.buffer
            data = stream.read(max_bytes + 1)
        else:
            with Path(source).open("rb") as f:
                data = f.read(max_bytes + 1)
    except OSError as exc:
        raise ReadProblem(f"cannot read {source}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise ParseError(f"input is over the limit of {max_bytes} bytes (--max-record-bytes)", keyword="size")
    return data


def read_text(source: str, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The input as text (BOM dropped, UTF-8 checked, not blank), for line-based formats."""
    return _document_text(read_source(source, max_bytes))
