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
from ._state import COMPACT, Call

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
        if key is None and len(self._inflight) > 1:  # no key, no position: any open call could be meant
            n = len(self._inflight)
            self._report(self.findings, at, f"argument text that names no call while {n} calls are open: left out")
            return
        self._report(self.findings, at, f"argument text for a call that is not open (key {key!r}): left out")

    def _wait(self, event: Any, item: Any, pointer: str, key: Any, fragment: Any, call_id: str | None) -> None:
        """An item at a key where no call is open, without a name yet (compatible servers send
        the id, or argument text, before the name): its id and text are held, in order, for
        the call its name opens (rule 13). Text without a key, or at the key of a call
        already complete, is stray."""
        if key is None or key in self._closed or (fragment is not None and type(fragment) is not str):
            if fragment:
                self._stray(event, item, pointer, key)
            return
        held = self._waiting.get(key)
        if held is None:
            held = self._waiting[key] = (call_id, [])
        elif call_id is not None and held[0] is None:
            held = self._waiting[key] = (call_id, held[1])
        if fragment:
            parts = held[1]
            parts.append(fragment)
            if len(parts) > COMPACT:
                parts[:] = ["".join(parts)]

    def _keyless(self, position: int | None) -> Call | None:
        """The call an item without a key is for, where the rule has a position (rule 14): the
        one at its output position; without one, the most recent call when it is the only
        one open (otherwise the item is ambiguous: its text is a finding)."""
        if position is not None:
            return self._at.get(position)
        c = self._last
        if c is None or c.stopped or len(self._inflight) > 1:
            return None
        return c

    def _error(
        self,
        event: Any,
        item: Any,
        pointer: str,
        message: Any,
        code: Any,
        alt_pointer: str = "",
        alt_message: Any = None,
        alt_code: Any = None,
    ) -> None:
        """An error event (rule 11): the stream ends here. Every call so far is kept, the open
        ones incomplete; a finding says what the provider said, at the rule's `message`, or
        its `alt_message` where that holds a string and `message` does not (a nested
        error.message), and its `code`, else its `alt_code`."""
        if type(message) is not str and alt_message is not None and (message is None or type(alt_message) is str):
            pointer, message = alt_pointer, alt_message
        if code is None:
            code = alt_code
        text = message if type(message) is str else "no message" if message is None else json.dumps(message)
        if type(code) is str or (type(code) is int and abs(code) < 2**53):  # an integer both runtimes hold exactly
            text = f"{code}: {text}"
        self._report(self.findings, where(event, item) + pointer, f"the stream ended with an error: {text}")
        if self._waiting:
            self._unwait_all()
        for c in list(self._inflight.values()):
            self._cut(c, f"the stream ended with an error before this call was complete ({text})")
        self._skipped.clear()
        self._ended = text
