"""JSON Pointers: spelling them (RFC 6901), and finding their line in JSON text so errors
can say file:line."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_WS = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SCALAR = re.compile(r"[^,\]\}\s]+")


def escape(token: Any) -> str:
    """One reference token of a JSON Pointer."""
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(tokens: Iterable[Any]) -> str:
    """The JSON Pointer of a path of keys and indices ("" for the whole document)."""
    return "".join("/" + escape(t) for t in tokens)


def tokens(pointer: str) -> list[str]:
    """The reference tokens of a JSON Pointer, unescaped ([] for "")."""
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")] if pointer else []


def _decode_string(text: str) -> str:
    import json

    name: str = json.loads(text)  # text is one string token (matched by _STRING)
    return name


def _end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where pattern's match at pos ends; ValueError (text is not JSON) when it does not match."""
    match = pattern.match(text, pos)
    if match is None:
        raise ValueError(f"not JSON at offset {pos}")
    return match.end()


def pointer_line(text: str, pointer: str) -> int:
    """1-based line where the value at pointer starts; the deepest existing parent's line
    when the pointer does not exist; 1 when the text is not JSON."""
    want = tokens(pointer)
    try:
        return _find(text, want)
    except (ValueError, IndexError):
        return 1


def _find(text: str, want: list[str]) -> int:
    pos = _end(_WS, text, 0)
    best = pos
    for token in want:
        best = pos
        if text[pos] == "{":
            pos = _seek_key(text, pos, token)
        elif text[pos] == "[":
            pos = _seek_index(text, pos, int(token) if token.isdigit() else -1)
        else:
            pos = -1
        if pos < 0:
            return text.count("\n", 0, best) + 1
    return text.count("\n", 0, pos) + 1


def _skip_value(text: str, pos: int) -> int:
    char = text[pos]
    if char == '"':
        return _end(_STRING, text, pos)
    if char in "{[":
        close = "}" if char == "{" else "]"
        pos = _end(_WS, text, pos + 1)
        if text[pos] == close:
            return pos + 1
        while True:
            if char == "{":
                pos = _end(_STRING, text, pos)
                pos = _end(_WS, text, pos) + 1  # ':'
                pos = _end(_WS, text, pos)
            pos = _end(_WS, text, _skip_value(text, pos))
            if text[pos] == close:
                return pos + 1
            pos = _end(_WS, text, pos + 1)  # ','
    return _end(_SCALAR, text, pos)


def _seek_key(text: str, pos: int, key: str) -> int:
    pos = _end(_WS, text, pos + 1)
    while text[pos] != "}":
        end = _end(_STRING, text, pos)
        name = _decode_string(text[pos:end])
        pos = _end(_WS, text, end) + 1
        pos = _end(_WS, text, pos)
        if name == key:
            return pos
        pos = _end(_WS, text, _skip_value(text, pos))
        if text[pos] == ",":
            pos = _end(_WS, text, pos + 1)
    return -1


def _seek_index(text: str, pos: int, index: int) -> int:
    pos = _end(_WS, text, pos + 1)
    i = 0
    while text[pos] != "]":
        if i == index:
            return pos
        pos = _end(_WS, text, _skip_value(text, pos))
        if text[pos] == ",":
            pos = _end(_WS, text, pos + 1)
        i += 1
    return -1
