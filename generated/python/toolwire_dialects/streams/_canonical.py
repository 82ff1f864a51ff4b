# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""How a finished call becomes canonical: decoded by the dialect's own decode_tool_call from
the wire call it amounts to, or kept invalid (arguments null, the text that arrived, why),
or incomplete when the stream ended first."""

from __future__ import annotations

from typing import Any

from .._arguments import dump_arguments, not_an_object
from .._errors import MISSING, DecodeError
from .._strict_json import loads
from ._state import Call, StreamState

__all__ = ["CanonicalCalls"]


class CanonicalCalls(StreamState):
    """The canonical call a finished (or cut off) Call stands for."""

    __slots__ = ()

    def _id(self, c: Call) -> str | None:
        if c.id is None and self.ID_OPTIONAL:
            return self._ids.mint_call()
        return c.id

    def _complete(self, c: Call) -> dict[str, Any]:
        """A finished call, decoded by the dialect's own decode_tool_call."""
        if c.custom:  # a custom tool's input is plain text, whatever it holds
            return self._decoded(c, c.text())
        if c.start is not None:
            text = c.text()
            if not text or text in self.NO_ARGUMENTS_TEXT:  # no fragment: the start's arguments
                start = c.start
                return self._decoded(c, start if self.ARGS == "object" or type(start) is str else dump_arguments(start))
            if not _same_arguments(text, c.start):
                why = "conflicting arguments: the start block carries arguments and different argument text followed"
                self._report(self.findings, "", f"the call at index {c.index} ({c.name!r}) is invalid: {why}")
                return self._invalid(c, text, why)
        if c.args is not None:
            value: Any = c.args
        elif self.ARGS_OPTIONAL and not c.parts:
            value = MISSING  # nothing arrived: sent whole, the call would have no arguments
        else:
            text = c.text()
            if self.ARGS == "text":
                value = text
            elif text in self.NO_ARGUMENTS_TEXT:
                value = {}
            else:
                try:
                    value = loads(text)
                except ValueError as exc:
                    return self._invalid(c, text, "not valid JSON: " + str(exc))
                if type(value) is not dict:
                    return self._invalid(c, text, not_an_object(value))
        return self._decoded(c, value)

    def _decoded(self, c: Call, value: Any) -> dict[str, Any]:
        """The call rebuilt as the wire call, decoded; one that does not decode (no name, no
        id where the dialect needs one) is kept invalid, with a finding."""
        try:
            return self._decode_call(self._wire(c, value), id_map=self._ids)
        except DecodeError as exc:
            why = f"it does not decode as a {self.DIALECT} tool call: {exc.pointer or '/'}: {exc.message}"
            self._report(self.findings, "", f"the call at index {c.index} is invalid: {why}")
            return self._invalid(c, c.text(), why)

    def _invalid(self, c: Call, text: str, why: str) -> dict[str, Any]:
        """A call that must not run: argument text that is not a JSON object (in a dialect whose
        calls carry objects), conflicting arguments, or a call that does not decode."""
        return {
            "id": self._id(c),
            "name": c.name or "",
            "arguments": None,
            "raw_arguments": text,
            "arguments_error": why,
        }

    def _incomplete(self, c: Call, why: str) -> dict[str, Any]:
        return {
            "id": self._id(c),
            "name": c.name or "",
            "arguments": None,
            "raw_arguments": c.text() or (dump_arguments(c.start) if type(c.start) is dict else c.start or ""),
            "arguments_error": why,
            "incomplete": True,
        }


def _same_arguments(text: str, start: Any) -> bool:
    """Whether streamed argument text says what the start block's arguments say."""
    try:
        same: bool = loads(text) == (loads(start) if type(start) is str else start)
    except ValueError:
        return False
    return same
