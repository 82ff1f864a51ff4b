# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The Assembler every generated stream assembler subclasses: the call states (CallStates),
Vertex AI JSONPath arguments (PathArgs) and text input (TextInput) in one class, and the
end of a stream. The generated subclass unrolls feed()."""

from __future__ import annotations

from typing import Any

from .._ids import IdMap
from ._calls import CallStates
from ._events import ENDED
from ._jsonpath import PathArgs
from ._text import TextInput

__all__ = ["Assembler"]


class Assembler(CallStates, PathArgs, TextInput):
    """Feed a dialect's stream events one at a time; get canonical ToolCallDeltas as they
    happen and the complete canonical ToolCalls from finish().

        assembler = Assembler()
        for event in events:                 # dicts, JSON text or SDK objects
            for delta in assembler.feed(event):
                ...                          # {"index", "id"?, "name"?, "arguments_delta"?}
        calls = assembler.finish()           # canonical ToolCalls, in order of appearance
        assembler.finish_reason              # the dialect's own finish value, or None
        assembler.findings                   # what was wrong with the stream (empty if nothing)

    feed_text(chunk) takes raw text instead: SSE (`data:`/`event:` lines, `[DONE]`) or JSON
    lines, split anywhere (even inside a line or a UTF-8 character). Only the calls in
    flight are kept. A call the stream did not finish comes back with arguments null,
    incomplete true and the text that arrived; it must not be executed.

    An event that is not this dialect's (another dialect's stream) raises StreamError. A
    problem that leaves the other calls good is a finding instead ({event, pointer, message},
    and line from text): an error event (the stream ends there; open calls are incomplete),
    argument text for no open call (text at an index waits for the name that opens its call;
    a name that never comes is a finding), a call that does not decode or whose start block and
    fragments disagree (kept invalid). Blocks that are not client calls (server-side tools)
    are left out with a note.
    """

    __slots__ = ("_result",)

    def __init__(self, *, id_map: IdMap | None = None) -> None:
        super().__init__(id_map=id_map)
        self._result: list[dict[str, Any]] | None = None

    def finish(self) -> list[dict[str, Any]]:
        """The calls of the stream, in order of first appearance. Calls still open are
        incomplete (the stream ended first). Safe to call twice."""
        if self._result is None:
            self._end_text()
            if self._waiting:
                self._unwait_all()
            for c in list(self._inflight.values()):
                self._cut(c, ENDED)
            self._result = [self._done[i] for i in sorted(self._done)]
            self._open.clear()
            self._closed.clear()
            self._at.clear()
            self._closed_at.clear()
            self._done.clear()
            self._last = self._last_stopped = None
        return list(self._result)

    def result(self) -> dict[str, Any]:
        """{"tool_calls": [...], "finish_reason": ...} after finish(), with "findings" and
        "notes" when the stream reported any."""
        out: dict[str, Any] = {"tool_calls": self.finish(), "finish_reason": self.finish_reason}
        if self.findings:
            out["findings"] = list(self.findings)
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    @property
    def calls_in_flight(self) -> int:
        return len(self._inflight)
