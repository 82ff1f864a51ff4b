"""The generated package's dialects, as `tools generate` reads tool definitions through them.

The one place tools/ imports the generated package, and only when first asked (the generator
never imports its own output at import time; tests/test_layers.py holds this). The package is
untyped to this layer: what tools/ uses of it is given types here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

# One variant of where a dialect's tool definition spells a field: field -> JSON Pointers.
Spellings = dict[str, tuple[str, ...]]


class DecodeFailed(Exception):
    """A dialect's decoder does not read the definition (its DecodeError, located)."""

    def __init__(self, pointer: str, message: str) -> None:
        super().__init__(pointer, message)
        self.pointer = pointer
        self.message = message


@dataclass(frozen=True)
class ToolDefinitionShape:
    """One dialect's tool-definition shape: its wire schema, where it spells each field, and
    its decoder (to a canonical definition; raises DecodeFailed)."""

    name: str
    title: str
    schema: dict[str, Any]
    spellings: tuple[Spellings, ...]
    decode: Callable[[Any], dict[str, Any]]


def _decoder(module: Any, decode_error: type[Exception]) -> Callable[[Any], dict[str, Any]]:
    def decode(value: Any) -> dict[str, Any]:
        try:
            definition: dict[str, Any] = module.decode_tool_definition(value)
        except decode_error as exc:
            # the runtime's DecodeError always has both; the package is untyped here
            raise DecodeFailed(getattr(exc, "pointer", ""), getattr(exc, "message", str(exc))) from None
        return definition

    return decode


def tool_definition_shapes() -> tuple[ToolDefinitionShape, ...]:
    """Every dialect's tool-definition shape, in the generated package's order."""
    from toolwire_dialects import DIALECTS
    from toolwire_dialects._runtime import DecodeError
    from toolwire_dialects._schemas import SCHEMAS

    dialects: Mapping[str, Any] = DIALECTS
    return tuple(
        ToolDefinitionShape(
            name=name,
            title=module.TITLE,
            schema=SCHEMAS[f"dialects/{name}/tool_definition.json"],
            spellings=module.POINTERS["tool_definition"],
            decode=_decoder(module, DecodeError),
        )
        for name, module in dialects.items()
    )


def stream_relay() -> tuple[Callable[[str], Any], Any, Any]:
    """The generated package's stream relay pieces, for tools/relay_vectors.py: dialect_object
    (a dialect's object, which the relay takes), RelayReader and RelayWriter."""
    from toolwire_dialects.dialects import dialect_object
    from toolwire_dialects.streams._relay_read import RelayReader
    from toolwire_dialects.streams._relay_write import RelayWriter

    return dialect_object, RelayReader, RelayWriter


def converter() -> Callable[..., Any]:
    """The generated package's convert(), for tools/conversation_matrix.py."""
    from toolwire_dialects import convert

    convert_any: Callable[..., Any] = convert
    return convert_any
