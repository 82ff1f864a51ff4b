"""The error of every layer that compiles or renders the spec."""

from __future__ import annotations


class GenerateError(Exception):
    """Generation failed; nothing was written. `problems` lists each one, `path:line: message`."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []
