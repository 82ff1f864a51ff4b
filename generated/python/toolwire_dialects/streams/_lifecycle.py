# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""When a call starts, grows, is complete or incomplete: calls opened at a key, argument
text replaced by a complete text so far, calls stopped, cut off (by a truncating finish
reason or the end of the stream), and whole calls that arrive in one event."""

from __future__ import annotations

from typing import Any

from .._arguments import dump_arguments
from .._errors import DecodeError
from ._canonical import CanonicalCalls
from ._state import Call

__all__ = ["NO_POSITION", "CallLifecycle"]

NO_POSITION: Any = object()  # a `call` rule without a `position` pointer: a keyless item is a new call


class CallLifecycle(CanonicalCalls):
    """Calls opened, released, stopped and cut off; the deltas they give."""

    __slots__ = ()

    def _start(
        self,
        key: Any,
        call_id: str | None,
        name: str | None,
        item: dict[str, Any] | None,
        position: Any = None,
        custom: bool = False,
    ) -> Call:
        c = Call(self._count, key, call_id, name, item)
        c.custom = custom
        self._count += 1
        if key is not None:
            self._open[key] = c  # a call still open at this key stays in flight, unkeyed
        if position is not None:  # items without a key name the call by its output position
            c.pos = position
            self._at[position] = c
        self._inflight[c.index] = c
        self._last = c
        return c

    @staticmethod
    def _delta(c: Call) -> dict[str, Any]:
        d: dict[str, Any] = {"index": c.index}
        if c.id is not None:
            d["id"] = c.id
        if c.name is not None:
            d["name"] = c.name
        if c.custom:
            d["custom"] = True
        return d

    def _full(self, c: Call, full: str) -> dict[str, Any] | None:
        """The complete text so far replaces the fragments; the new part is a delta."""
        text = c.text()
        c.parts[:] = [full]
        if full.startswith(text) and len(full) > len(text):
            return {"index": c.index, "arguments_delta": full[len(text) :]}
        return None

    def _release(self, c: Call) -> None:
        c.stopped = True
        self._inflight.pop(c.index, None)
        if c.key is not None:
            if self._open.get(c.key) is c:
                del self._open[c.key]
            self._closed[c.key] = c.index
        if c.pos is not None:
            if self._at.get(c.pos) is c:
                del self._at[c.pos]
            self._closed_at[c.pos] = c.index

    def _stop(self, c: Call) -> None:
        if c.stopped:
            return
        self._release(c)
        self._done[c.index] = self._complete(c)
        self._last_stopped = c

    def _unwait(self, c: Call, fragment: Any) -> Any:
        """The call a name just opened at a key where an id or argument text was held: the id
        is its own unless the item brought one, and the text comes first, with this item's
        fragment, as one fragment."""
        held = self._waiting.pop(c.key, None)
        if held is None:
            return fragment
        call_id, parts = held
        if c.id is None:
            c.id = call_id
        if not parts:
            return fragment
        if fragment is not None and type(fragment) is not str:  # an arguments object: the text stays before it
            c.parts.extend(parts)
            return fragment
        return "".join(parts) + (fragment or "")

    def _unwait_all(self) -> None:
        """What was held for a name that never came (at the finish, an error or the end): no
        call can be made of it (a call has a name), so each is a finding, never dropped silently."""
        for key, (call_id, parts) in self._waiting.items():
            what = f"the call at key {key!r}" + (f" (id {call_id})" if call_id is not None else "")
            text = " with its argument text" if parts else ""
            self._report(self.findings, "", f"{what} never got a name: left out{text}, as no call is one without")
        self._waiting.clear()

    def _cut(self, c: Call, why: str) -> None:
        self._release(c)
        self._done[c.index] = self._incomplete(c, why)

    def _whole(
        self, key: Any, event: dict[str, Any], item: dict[str, Any], wire: Any = None, position: Any = NO_POSITION
    ) -> dict[str, Any] | None:
        """A whole call (wire: the item without its stream-only keys), decoded as such; with
        a key it replaces the call at that key, keeping its index. Without one, where the rule
        has a position pointer, it is the call at its output position, or (no position either)
        the one with its call id: the same call is never counted twice."""
        try:
            call = self._decode_call(item if wire is None else wire, id_map=self._ids)
        except DecodeError as exc:
            raise self._bad(event, item, exc.pointer, exc.message) from None
        index = None
        if key is not None:
            c = self._open.get(key)
            if c is not None:
                index = c.index
                self._release(c)
            else:
                index = self._closed.get(key)
        elif position is not NO_POSITION:
            index = self._same_call(position, call.get("id"))
        custom = call["arguments"] is None and type(call.get("input")) is str  # a custom tool's
        text = call.get("raw_arguments")
        if text is None:
            text = (
                call["input"] if custom else dump_arguments(call["arguments"]) if call["arguments"] is not None else ""
            )
        record = Call(self._count if index is None else index, key, call.get("id"), call["name"], None)
        record.custom = custom
        record.parts.append(text)
        record.stopped = True
        self._last_stopped = record
        self._done[record.index] = call
        if index is not None:
            return None
        self._count += 1
        if key is not None:
            self._closed[key] = record.index
        d = self._delta(record)
        if text:
            d["arguments_delta"] = text
        return d

    def _same_call(self, position: int | None, call_id: Any) -> int | None:
        """The index of the call a keyless whole item completes: the one at its output
        position, else the one with its call id; None when it is a new call."""
        if position is not None:
            c = self._at.get(position)
            if c is None:
                return self._closed_at.get(position)
        else:
            if call_id is None:
                return None
            c = next((c for c in self._inflight.values() if c.id == call_id), None)
            if c is None:
                return next((i for i, done in self._done.items() if done.get("id") == call_id), None)
        self._release(c)
        return c.index

    def _finish(self, value: str) -> None:
        """The stream's finish reason: a truncating one cuts off the calls in flight (or the
        last one, where the dialect stops a call before it says it was truncated); without
        stop events a finish reason stops every call in flight."""
        self.finish_reason = value
        if self._waiting:
            self._unwait_all()
        if value in self.TRUNCATED:
            why = f"the stream was cut off (finish reason {value!r}) before this call was complete"
            if self._inflight:
                for c in list(self._inflight.values()):
                    self._cut(c, why)
            elif self.STOP_BEFORE_TRUNCATION:
                last = self._last_stopped
                if last is not None and last.index == self._count - 1:
                    self._done[last.index] = self._incomplete(last, why)
        elif not self.HAS_STOP:
            for c in list(self._inflight.values()):
                self._stop(c)
