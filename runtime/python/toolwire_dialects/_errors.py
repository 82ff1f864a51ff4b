# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Errors and losses: what every converter raises or reports, and the pieces their messages
are made of (JSON Pointer tokens, short descriptions of JSON values, JSON text).

JSON text (json_text) is what every runtime module writes with: json.dumps with
ensure_ascii=False, but a lone surrogate (only a handed-in str can hold one: the strict reader
refuses them) is written as its lowercase escape (U+D800 as \\ud800), as JavaScript's
JSON.stringify does, never raw: a raw one is no character, so no UTF-8 text could carry it.
The TypeScript port writes the same text.

The bottom of the runtime: it imports no other runtime module, so every other one can
import it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable
from typing import Any, Final, NamedTuple

__all__ = [
    "MISSING",
    "CanonicalError",
    "ConversionError",
    "DecodeError",
    "Encoded",
    "Invalid",
    "Loss",
    "LossError",
    "allowing",
    "describe",
    "escape",
    "json_text",
    "missing",
    "refuse_unallowed",
    "report",
    "unescape",
]


class _Missing:
    """Marks a value that is absent (distinct from JSON null)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Final = _Missing()


class ConversionError(Exception):
    """Base class of every error the generated converters raise."""


class DecodeError(ConversionError, ValueError):
    """A payload is not the shape of the dialect it was decoded as."""

    def __init__(self, dialect: str, shape: str, pointer: str, message: str) -> None:
        self.dialect = dialect
        self.shape = shape
        self.pointer = pointer
        self.message = message
        super().__init__(f"{dialect}/{shape}: {pointer or '/'}: {message}")

    def at(self, prefix: str) -> DecodeError:
        """The same error for a value found at prefix inside a larger one."""
        return DecodeError(self.dialect, self.shape, prefix + self.pointer, self.message)


class CanonicalError(ConversionError, ValueError):
    """A canonical value handed to an encoder is not valid canonical data."""

    def __init__(self, shape: str, cause: Exception) -> None:
        self.shape = shape
        detail = f"missing field {cause.args[0]!r}" if isinstance(cause, KeyError) else str(cause)
        super().__init__(f"canonical {shape} is invalid: {detail}")


class RequiredValueError(ConversionError, ValueError):
    """The target dialect requires a value at pointer (in its payload) that the canonical value
    does not hold and no option supplied: there is no valid payload to send."""

    def __init__(self, dialect: str, shape: str, pointer: str, message: str) -> None:
        self.dialect = dialect
        self.shape = shape
        self.pointer = pointer
        self.message = message
        super().__init__(f"{dialect}/{shape}: {pointer}: {message}")


class Invalid(TypeError):
    """Canonical input an encoder (or a helper it calls) found invalid; the encoder raises it
    as a CanonicalError naming its shape. The only error an encoder turns into one: any other
    is a bug and comes out as itself."""


def missing(name: str) -> Any:
    """A required canonical field is absent (an encoder reads it so: never a KeyError)."""
    raise Invalid(f"missing field {name!r}")


class Loss(NamedTuple):
    """Something the target dialect cannot carry: code names its kind (stable, one of
    loss_codes.LOSS_CODES: what an allow-list filters on), pointer is into the canonical value,
    what says what was lost."""

    code: str
    pointer: str
    target: str
    what: str

    def __str__(self) -> str:
        return f"loss: {self.pointer or '/'}: {self.target} cannot carry {self.what} [{self.code}]"

    def at(self, prefix: str) -> Loss:
        """The same loss for a value found at prefix inside a larger one."""
        return self._replace(pointer=prefix + self.pointer)


class LossError(ConversionError):
    """Raised instead of reporting a loss when encoding in strict mode, or for a loss an
    allow-list does not let through."""

    def __init__(self, loss: Loss) -> None:
        self.loss = loss
        super().__init__(str(loss))


class Encoded(NamedTuple):
    """An encoded wire value (None when the target cannot carry it at all) and its losses."""

    value: Any
    losses: list[Loss]


def report(losses: list[Loss], strict: bool, code: str, pointer: str, target: str, what: str) -> None:
    """Record a loss, or raise it as a LossError in strict mode."""
    loss = Loss(code, pointer, target, what)
    if strict:
        raise LossError(loss)
    losses.append(loss)


def allowing(allow: Iterable[str] | None, known: Collection[str], strict: bool = False) -> frozenset[str] | None:
    """An allow-list of loss codes as a set (None: no list); a code not in known is a
    ValueError (a typo would otherwise let nothing through, silently), and so is a list beside
    strict=True, which already lets no loss through."""
    if allow is None:
        return None
    if strict:
        raise ValueError("strict=True and allow exclude each other (allow=[] is strict)")
    if isinstance(allow, str):
        raise TypeError("allow takes a list of loss codes, not one string")
    codes = frozenset(allow)
    unknown = sorted(codes - frozenset(known))
    if unknown:
        raise ValueError(f"unknown loss code {', '.join(map(repr, unknown))}; known: {', '.join(sorted(known))}")
    return codes


def refuse_unallowed(losses: Iterable[Loss], allowed: frozenset[str]) -> None:
    """Raise LossError for the first loss whose code allowed does not hold."""
    for loss in losses:
        if loss.code not in allowed:
            raise LossError(loss)


def escape(key: str) -> str:
    """A key as a JSON Pointer token (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    """A JSON Pointer token as the key it stands for."""
    return token.replace("~1", "/").replace("~0", "~")


_TYPE_NAMES = {
    dict: "an object",
    list: "an array",
    str: "a string",
    bool: "a boolean",
    int: "a number",
    float: "a number",
}


def describe(value: Any) -> str:
    """A short description of a JSON value for error messages."""
    if value is MISSING:
        return "nothing"
    if value is None:
        return "null"
    if isinstance(value, (str, bool, int, float)):
        return json_text(value, separators=None)[:60]
    return _TYPE_NAMES.get(type(value), type(value).__name__)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # in a str, only ever a lone one


def _escape_surrogate(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(value: Any, *, separators: tuple[str, str] | None = (",", ":"), sort_keys: bool = False) -> str:
    """json.dumps(value, ensure_ascii=False, separators=..., sort_keys=...) with every lone
    surrogate escaped (see above); compact unless separators=None (json.dumps' default)."""
    text = json.dumps(value, ensure_ascii=False, separators=separators, sort_keys=sort_keys)
    return _LONE_SURROGATE.sub(_escape_surrogate, text)
