# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The relay's check that it invents and launders nothing: the target's own Assembler reads
every event the relay writes, and at the end the calls it makes of them are held against the
calls the source's Assembler made of the input (name, arguments, complete, invalid or
incomplete). A call the target would read otherwise is a reported loss: a call cut off in the
source is never passed on as complete, an invalid one never as valid, none disappears."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._dialect import StreamModule
from .._errors import Loss
from ._events import StreamError
from ._relay_blocks import walk

__all__ = ["CallCheck", "refuse_whole_response"]


def refuse_whole_response(dialect: str, whole_response: Any, event: dict[str, Any]) -> None:
    """A non-streaming response body given as a stream is refused, not read as empty:
    whole_response (the relay's term, or None) says where a response's items hold a message
    whole where a stream event's hold a delta ([path tokens, whole key, delta key])."""
    if whole_response is None:
        return
    path, whole, delta = whole_response
    for n, item in enumerate(walk(event, path)):
        if type(item) is dict and whole in item and delta not in item:
            at = "/" + "/".join(path[:-1]) + f"/{n}/{whole}"
            raise StreamError(
                dialect, at, "a whole (non-streaming) response, not a stream event: convert it as a response"
            )


# The writes that carry no call and no finish: the target's readers need not see them.
_UNREAD = frozenset(
    f"{block}{part}" for block in ("text", "reasoning", "refusal") for part in ("", "_open", "_close")
) | {"signature"}


def _state(call: dict[str, Any] | None) -> str:
    if call is None:
        return "absent"
    if call.get("incomplete") is True:
        return "incomplete"
    if call.get("arguments") is None and type(call.get("input")) is not str:  # a custom tool's call has input
        return "invalid"
    return "complete"


def _said(call: dict[str, Any]) -> Any:
    """What a complete call says: its arguments, or a custom tool's input."""
    return call.get("arguments"), call.get("input")


class CallCheck:
    """The target's reading of the written events; which source call each target call is."""

    __slots__ = ("_assembler", "_source_of")

    def __init__(self, module: StreamModule) -> None:
        self._assembler: Any = module.Assembler()
        self._source_of: dict[int, int] = {}  # target call index -> source call index

    def feed(self, kind: str, event: dict[str, Any], source_index: int | None) -> None:
        """One event written from a template of this kind; source_index: the source call it
        was written for, if any."""
        if kind in _UNREAD:
            return
        for delta in self._assembler.feed(event):
            if source_index is not None:
                self._source_of.setdefault(delta["index"], source_index)

    def differences(self, source: list[dict[str, Any]]) -> list[tuple[int, str]]:
        """(source call index, what the target makes of it) for each call the target reads
        otherwise than the source: another name, other arguments, another state."""
        read = self._assembler.finish()
        target: dict[int, dict[str, Any]] = {s: read[t] for t, s in self._source_of.items() if t < len(read)}
        out = []
        for index, call in enumerate(source):
            got = target.get(index)
            was, now = _state(call), _state(got)
            name = call.get("name")
            what = f"call {index} ({name!r}) as {was}"
            if was != now:
                out.append((index, f"{what} (its readers would take it as {now})"))
            elif got is not None and got.get("name") != name:
                out.append((index, f"{what} (its readers would take it as named {got.get('name')!r})"))
            elif was == "complete" and got is not None and _said(got) != _said(call):
                out.append((index, f"{what} (its readers would take it with other arguments)"))
        return out

    def report(self, source: list[dict[str, Any]], losses: list[Loss], loss: Callable[[str, str, str], None]) -> None:
        """Each difference as a loss at its call, unless one was reported for the call already."""
        for index, what in self.differences(source):
            told = ("/calls", f"/calls/{index}", f"/calls/{index}/arguments")
            if not any(found.pointer in told for found in losses):
                loss("stream.call_misread", f"/calls/{index}", what)
