# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Errors and losses: what every converter raises or reports, and the two pieces their
messages are made of (JSON Pointer tokens, short descriptions of JSON values).

The bottom of the runtime but for the strict JSON reader and writer (the one module it
imports, which imports none), so every other one can import it.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ._strict_json import json_text

__all__ = [
    "MISSING",
    "CanonicalError",
    "ConversionError",
    "DecodeError",
    "Encoded",
    "Loss",
    "LossError",
    "describe",
    "escape",
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


class Loss(NamedTuple):
    """Something the target dialect cannot carry; pointer is into the canonical value."""

    pointer: str
    target: str
    what: str

    def __str__(self) -> str:
        return f"loss: {self.pointer or '/'}: {self.target} cannot carry {self.what}"


class LossError(ConversionError):
    """Raised instead of reporting a loss when encoding in strict mode."""

    def __init__(self, loss: Loss) -> None:
        self.loss = loss
        super().__init__(str(loss))


class Encoded(NamedTuple):
    """An encoded wire value (None when the target cannot carry it at all) and its losses."""

    value: Any
    losses: list[Loss]


def report(losses: list[Loss], strict: bool, pointer: str, target: str, what: str) -> None:
    """Record a loss, or raise it as a LossError in strict mode."""
    loss = Loss(pointer, target, what)
    if strict:
        raise LossError(loss)
    losses.append(loss)


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
