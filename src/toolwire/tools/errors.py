"""What reading a tool definition yields (Converted) or raises (ToolsCodegenError), shared by
the canonical reader (definitions) and the dialect shapes (shapes)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolwire.spec.positions import pointer, pointer_line

# What a definition without parameters means: an object of no properties.
NO_PARAMETERS: dict[str, Any] = {"type": "object", "properties": {}}


class ToolsCodegenError(Exception):
    """Bad input, located by file and JSON Pointer (RFC 6901; "" is the whole document)."""

    def __init__(self, path: Path | str, pointer: str, message: str, line: int | None = None) -> None:
        super().__init__(path, pointer, message)
        self.path = Path(path)
        self.pointer = pointer
        self.message = message
        self.line = line

    def __str__(self) -> str:
        # One line, like a compiler error (`file:line: /pointer: message`); the document is "/".
        message = " ".join(self.message.split())
        return f"{self.path}:{self.line or self._line()}: {self.pointer or '/'}: {message}"

    def _line(self) -> int:
        """Where the pointer starts in the file (1 when the file cannot be read as text)."""
        try:
            return pointer_line(self.path.read_text(encoding="utf-8-sig"), self.pointer)
        except (OSError, UnicodeDecodeError):
            return 1


@dataclass(frozen=True)
class Converted:
    """A canonical definition and where its file spells the name and the parameters."""

    definition: dict[str, Any]
    name_pointer: str
    parameters_pointer: str


def pointer_at(base: str, *tokens: str | int) -> str:
    """base (a JSON Pointer) extended by tokens, escaped."""
    return base + pointer(tokens)
