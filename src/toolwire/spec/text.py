"""Escaping for output lines: plain text with no control characters, and the values of
GitHub workflow commands (`--format github` of validate and breaking)."""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _control(match: re.Match[str]) -> str:
    char = match.group()
    return _NAMED.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


def escape_text(text: str) -> str:
    """One line of plain text: control characters written as \\n, \\x1b, \\u2028, ..."""
    return _CONTROL.sub(_control, text)


def escape_data(text: str) -> str:
    """A GitHub workflow command's message: its escaping, other control characters as in
    escape_text (no terminal codes reach the log)."""
    return escape_text(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    """A GitHub workflow command's property value (file=, title=): escape_data, and : and ,."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
