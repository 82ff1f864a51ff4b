# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""CallStates: the call states behind every generated assembler (_state, _lifecycle,
_canonical) and what the stream reported beside the calls: findings (a problem with the
stream that did not stop assembly) and notes (a block that is not a client call, left out
on purpose). The generated subclass unrolls feed(); _assembler.Assembler adds text input.
"""

from __future__ import annotations

import json
from typing import Any

from .._errors import unescape
from ._events import StreamError, where
from ._lifecycle import CallLifecycle

__all__ = ["CallStates"]


class CallStates(CallLifecycle):
    """The calls of one stream and what it reported; see _assembler.Assembler for the API."""

    __slots__ = ()

    def _alien(self, event: dict[str, Any]) -> StreamError:
        """An event this dialect does not send (another dialect's stream, or no stream): the
        pointer is the first of the closest kind's that the event lacks or holds wrong."""
        at = ""
        for kind in self.EXPECTED_AT:
            held = [p for p in kind if unescape(p.split("/")[1]) in event]
            if held:
                at = next((p for p in kind if p not in held), held[0])
                break
        return StreamError(self.DIALECT, at, f"not a {self.DIALECT} stream event: expected {self.EXPECTED}")

    def _skip(self, event: Any, item: Any, key: Any, call_id: Any, name: Any) -> None:
        """A block that is not a client call (a server-side tool): held until its stop, so
        its fragments are not stray; a note says it was left out."""
        what = f"{name!r}" if type(name) is str else "a block"
        if type(call_id) is str:
            what += f" (id {call_id})"
        self._skipped[key] = what
        self._report(self.notes, where(event, item), f"{what} is a server-side tool, not a client call: left out")

    def _stray(self, event: Any, item: Any, pointer: str, key: Any) -> None:
        """Argument text for a key that is no open call: a finding, the good calls stay."""
        if key in self._skipped:
            return  # a server-side tool's input
        at = where(event, item) + pointer
        self._report(self.findings, at, f"argument text for a call that is not open (key {key!r}): left out")

    def _error(self, event: Any, item: Any, pointer: str, message: Any, code: Any) -> None:
        """An error event (rule 11): the stream ends here. Every call so far is kept, the open
        ones incomplete; a finding says what the provider said (message: a string, or an
        error object with a string `message`)."""
        if type(message) is dict and type(message.get("message")) is str:
            message = message["message"]
        text = message if type(message) is str else "no message" if message is None else json.dumps(message)
        if type(code) is str or (type(code) is int and abs(code) < 2**53):  # an integer both runtimes hold exactly
            text = f"{code}: {text}"
        self._report(self.findings, where(event, item) + pointer, f"the stream ended with an error: {text}")
        for c in list(self._inflight.values()):
            self._cut(c, f"the stream ended with an error before this call was complete ({text})")
        self._skipped.clear()
        self._ended = text
