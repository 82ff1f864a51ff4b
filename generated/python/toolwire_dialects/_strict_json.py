# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The strict JSON reader every runtime module parses text with (the same rules as the
toolwire CLI's reader): RFC 8259 JSON only, so NaN, Infinity, -Infinity, a number that
overflows a double (1e400) and a lone surrogate escape are invalid text; a duplicate key
keeps its last value (as json, orjson and JSON.parse do); arrays and objects nest at most
MAX_DEPTH levels. Every failure is a ValueError.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NoReturn

__all__ = ["MAX_DEPTH", "checked", "deeper_than", "exact_integer", "loads", "raw_decode"]

MAX_DEPTH = 512


def exact_integer(value: object) -> bool:
    """An integer both runtimes hold exactly (JavaScript's safe integers: |i| < 2**53), so a
    count such as a token total reads the same in Python and TypeScript."""
    return type(value) is int and -(2**53) < value < 2**53


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not valid JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in _INFINITIES:
        raise ValueError(f"number {text[:32]} is out of range")
    return value


_INFINITIES = (float("inf"), float("-inf"))
_JSON = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)
# The C scanner behind JSONDecoder.raw_decode (typeshed does not declare the attribute): it
# raises StopIteration where no value starts, and skips raw_decode's own checks.
_scan_json: Callable[[str, int], tuple[Any, int]] = getattr(_JSON, "scan_once")  # noqa: B009
_SURROGATE = re.compile("[\ud800-\udfff]")  # left in a decoded string only by a lone escape
_STRUCTURE = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


def _too_deep(text: str) -> None:
    """Raise when arrays and objects nest deeper than MAX_DEPTH: one linear scan that skips
    strings, run only on texts with enough brackets to be that deep."""
    level = 0
    pos = 0
    search, rest = _STRUCTURE.search, _STRING_REST.match
    while (match := search(text, pos)) is not None:
        char = match.group()
        pos = match.end()
        if char == '"':
            string = rest(text, pos)
            if string is None:
                return  # a string that never ends: the parser says so
            pos = string.end()
        elif char in "[{":
            level += 1
            if level > MAX_DEPTH:
                raise ValueError(f"nested more than {MAX_DEPTH} levels deep (at character {match.start()})")
        else:
            level -= 1


def deeper_than(text: str, levels: int) -> bool:
    """Whether the arrays and objects of a JSON text nest deeper than `levels` (a text with
    too few brackets for that is not scanned)."""
    if len(text) <= 2 * levels or text.count("[") + text.count("{") <= levels:
        return False
    level = 0
    pos = 0
    search, rest = _STRUCTURE.search, _STRING_REST.match
    while (match := search(text, pos)) is not None:
        char = match.group()
        pos = match.end()
        if char == '"':
            string = rest(text, pos)
            if string is None:
                return False
            pos = string.end()
        elif char in "[{":
            level += 1
            if level > levels:
                return True
        else:
            level -= 1
    return False


def _check_strings(value: Any) -> None:
    """A surrogate left in a decoded string came from a lone escape (a pair decodes to one
    character): not a character, so not valid JSON text."""
    stack = [value]
    while stack:
        node = stack.pop()
        if type(node) is str:
            if _SURROGATE.search(node):
                raise ValueError("a lone surrogate escape is not a character")
        elif type(node) is dict:
            stack.extend(node)
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)


def checked(text: str, value: Any) -> Any:
    """The checks the scanner cannot make: depth and lone surrogate escapes, each skipped by a
    cheap test on texts that cannot fail it."""
    if len(text) > MAX_DEPTH and text.count("[") + text.count("{") > MAX_DEPTH:
        _too_deep(text)
    if "\\u" in text:
        _check_strings(value)
    return value


def loads(text: str) -> Any:
    """json.loads(text) by the rules above. Argument texts are short, and for them
    json.loads' wrapper (two whitespace regex matches around the scanner) costs more than the
    scan, so a short text with no escape that starts and ends with its value goes straight to
    the scanner (it can be neither too deep nor hold a lone surrogate escape); anything else
    (escapes, whitespace, errors, '{..}{..}', long texts) takes the checked way."""
    size = len(text)
    if size <= MAX_DEPTH and "\\" not in text:
        try:
            value, end = _scan_json(text, 0)
        except (StopIteration, json.JSONDecodeError, RecursionError):
            end = -1
        if end == size:
            return value
    return _loads_checked(text)


def _loads_checked(text: str) -> Any:
    if len(text) > MAX_DEPTH and text.count("[") + text.count("{") > MAX_DEPTH:
        _too_deep(text)  # before the scanner, which recurses (even into brackets never closed)
    try:
        try:
            value, end = _scan_json(text, 0)
        except (StopIteration, json.JSONDecodeError):
            end = -1
        if end != len(text):
            if text.startswith("\ufeff"):  # what json.loads says
                raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
            value = _JSON.decode(text)
    except RecursionError:
        raise ValueError("nested too deeply to parse") from None
    if "\\u" in text:
        _check_strings(value)
    return value


def raw_decode(text: str, pos: int) -> tuple[Any, int]:
    """One value of text from pos, by the rules above: (value, end)."""
    try:
        value, end = _JSON.raw_decode(text, pos)
    except RecursionError:
        raise ValueError("nested too deeply to parse") from None
    return checked(text[pos:end], value), end
