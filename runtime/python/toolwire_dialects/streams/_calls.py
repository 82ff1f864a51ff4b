# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The call states behind every generated assembler: calls in flight, when a call is complete
or incomplete, how a finished call becomes canonical, and what the stream reported (findings:
a problem with the stream that did not stop assembly; notes: a block that is not a client call,
left out on purpose). The generated subclass unrolls feed(); _common.Assembler adds text input.
"""

from __future__ import annotations

import json
from typing import Any

from .._runtime import MISSING, DecodeError, IdMap, dump_arguments, loads, not_an_object, to_plain

__all__ = ["Call", "CallStates", "StreamError"]

SHAPE = "stream_event"
ENDED = "the stream ended before this call was complete"


class StreamError(DecodeError):
    """A stream event is not what the dialect sends; line is set when it came from text."""

    def __init__(self, dialect: str, pointer: str, message: str, line: int | None = None) -> None:
        super().__init__(dialect, SHAPE, pointer, message)
        self.line = line

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.dialect}/{SHAPE}: {self.pointer or '/'}: {self.message}"


class Call:
    """One call in flight: what arrived so far. Nothing else of the stream is kept."""

    __slots__ = ("args", "cont", "id", "index", "item", "key", "name", "parts", "start", "stopped")

    def __init__(self, index: int, key: Any, call_id: str | None, name: str | None, item: dict[str, Any] | None) -> None:
        self.index = index
        self.key = key
        self.id = call_id
        self.name = name
        self.item = item  # the wire call the stream started it with (as_call rules), or None
        self.parts: list[str] = []  # argument text fragments, joined now and then
        self.args: dict[str, Any] | None = None  # arguments built from JSONPath values (Vertex)
        self.cont: str | None = None  # the JSONPath whose string value continues
        self.start: Any = None  # non-empty arguments the start item carried (start `arguments`)
        self.stopped = False

    def text(self) -> str:
        if self.args is not None:
            return json.dumps(self.args, ensure_ascii=False, separators=(",", ":"))
        if len(self.parts) > 1:
            self.parts[:] = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""


def as_event(event: Any, dialect: str) -> dict[str, Any]:
    """Accept an event as a dict, JSON text or an SDK object."""
    if isinstance(event, (str, bytes, bytearray)):
        try:
            event = loads(event)
        except ValueError as exc:
            raise StreamError(dialect, "", f"not valid JSON: {exc}") from None
    elif type(event) is not dict:
        try:
            event = to_plain(event)
        except TypeError as exc:
            raise StreamError(dialect, "", str(exc)) from None
    if type(event) is not dict:
        raise StreamError(dialect, "", "expected an event object")
    return event


def where(event: Any, item: Any) -> str:
    """The pointer of item inside event (found by identity: only on the error path)."""
    if item is None or item is event:
        return ""
    stack: list[tuple[Any, str]] = [(event, "")]
    while stack:
        node, pointer = stack.pop()
        children = node.items() if type(node) is dict else enumerate(node) if type(node) is list else ()
        for key, child in children:
            at = f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if child is item:
                return at
            if type(child) in (dict, list):
                stack.append((child, at))
    return ""


def same(value: Any, constant: Any) -> bool:
    return type(value) is type(constant) and value == constant


def put(w: dict[str, Any], toks: tuple[str, ...], value: Any) -> None:
    """Set value at toks in w, copying the nested objects on the way (w itself is private)."""
    node = w
    for t in toks[:-1]:
        child = node.get(t)
        child = dict(child) if type(child) is dict else {}
        node[t] = child
        node = child
    node[toks[-1]] = value


def put_default(w: dict[str, Any], toks: tuple[str, ...], value: Any) -> None:
    """Set a constant the server left out (compatible servers omit `type`)."""
    node: Any = w
    for t in toks[:-1]:
        node = node.get(t) if type(node) is dict else None
    if type(node) is not dict or toks[-1] not in node:
        put(w, toks, value)


def _copy(value: Any) -> Any:
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def item_copy(item: dict[str, Any], drops: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """A private copy of the item a call started with, without its stream-only keys: the
    caller's event objects are never kept nor changed."""
    return overlay(_copy(item), (), drops) if drops else _copy(item)


def overlay(w: Any, sets: tuple[tuple[tuple[str, ...], Any], ...], drops: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """A copy of w without drops and with sets; w and its nested objects are never changed."""
    out = dict(w) if type(w) is dict else {}
    for toks in drops:
        node: Any = out
        for t in toks[:-1]:
            child = node.get(t)
            if type(child) is not dict:
                node = None
                break
            node[t] = node = dict(child)
        if type(node) is dict:
            node.pop(toks[-1], None)
    for toks, value in sets:
        put(out, toks, value)
    return out


# ---------------------------------------------------------------------------------------


class CallStates:
    """The calls of one stream and what it reported; see _common.Assembler for the API."""

    __slots__ = (
        "_closed",
        "_count",
        "_done",
        "_ended",
        "_ids",
        "_inflight",
        "_last",
        "_last_stopped",
        "_n",
        "_open",
        "_skipped",
        "findings",
        "finish_reason",
        "notes",
    )

    DIALECT = ""
    HAS_STOP = False
    TRUNCATED: frozenset[str] = frozenset()
    STOP_BEFORE_TRUNCATION = False
    ARGS = "text"  # how the dialect's tool_call carries arguments: "text" or "object"
    NO_ARGUMENTS_TEXT: tuple[str, ...] = ()  # object dialects: argument texts that mean {}
    ID_OPTIONAL = False
    ARGS_OPTIONAL = False  # the wire call may leave its arguments out when there are none
    EXPECTED = "an event"  # what every event of the dialect holds (its `events` term), for errors
    EXPECTED_AT: tuple[tuple[str, ...], ...] = ()  # the pointers each kind of event tests, for errors

    def __init__(self, *, id_map: IdMap | None = None) -> None:
        self.finish_reason: str | None = None
        self.findings: list[dict[str, Any]] = []  # {event, pointer, message} (+ line from text)
        self.notes: list[dict[str, Any]] = []  # the same, for what was left out on purpose
        self._open: dict[Any, Call] = {}  # key -> the open call at that key
        self._inflight: dict[int, Call] = {}  # index -> every call not yet complete
        self._last: Call | None = None  # the most recent call
        self._last_stopped: Call | None = None
        self._done: dict[int, dict[str, Any]] = {}  # index -> canonical call
        self._closed: dict[Any, int] = {}  # key -> index of a complete call
        self._skipped: dict[Any, str] = {}  # key -> an open block that is not a client call
        self._ended: str | None = None  # why the stream ended early (an error event)
        self._count = 0
        self._n = -1  # the index of the event being fed
        self._ids = IdMap() if id_map is None else id_map

    # --- dialect hooks (the generated subclass sets these) ----------------------------

    def feed(self, event: Any) -> list[dict[str, Any]]:  # pragma: no cover - generated
        raise NotImplementedError

    @staticmethod
    def _wire(c: Call, value: Any) -> dict[str, Any]:  # pragma: no cover - generated
        raise NotImplementedError

    @staticmethod
    def _decode_call(payload: Any, *, id_map: IdMap | None = None) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    # --- what the stream reported -------------------------------------------------------

    def _report(self, into: list[dict[str, Any]], pointer: str, message: str) -> None:
        into.append({"event": self._n, "pointer": pointer, "message": message})

    def _alien(self, event: dict[str, Any]) -> StreamError:
        """An event this dialect does not send (another dialect's stream, or no stream): the
        pointer is the first of the closest kind's that the event lacks or holds wrong."""
        at = ""
        for kind in self.EXPECTED_AT:
            held = [p for p in kind if p.split("/")[1].replace("~1", "/").replace("~0", "~") in event]
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
        if type(code) in (str, int) and not isinstance(code, bool):
            text = f"{code}: {text}"
        self._report(self.findings, where(event, item) + pointer, f"the stream ended with an error: {text}")
        for c in list(self._inflight.values()):
            self._cut(c, f"the stream ended with an error before this call was complete ({text})")
        self._skipped.clear()
        self._ended = text

    # --- call states --------------------------------------------------------------------
    def _bad(self, event: Any, item: Any, pointer: str, message: str) -> StreamError:
        return StreamError(self.DIALECT, where(event, item) + pointer, message)

    def _start(self, key: Any, call_id: str | None, name: str | None, item: dict[str, Any] | None) -> Call:
        c = Call(self._count, key, call_id, name, item)
        self._count += 1
        if key is not None:
            self._open[key] = c  # a call still open at this key stays in flight, unkeyed
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

    def _stop(self, c: Call) -> None:
        if c.stopped:
            return
        self._release(c)
        self._done[c.index] = self._complete(c)
        self._last_stopped = c

    def _cut(self, c: Call, why: str) -> None:
        self._release(c)
        self._done[c.index] = self._incomplete(c, why)

    def _whole(self, key: Any, event: dict[str, Any], item: dict[str, Any], wire: Any = None) -> dict[str, Any] | None:
        """A whole call (wire: the item without its stream-only keys), decoded as such; with
        a key it replaces the call at that key, keeping its index."""
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
        text = call.get("raw_arguments")
        if text is None:
            text = dump_arguments(call["arguments"]) if call["arguments"] is not None else ""
        record = Call(self._count if index is None else index, key, call.get("id"), call["name"], None)
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

    def _finish(self, value: str) -> None:
        self.finish_reason = value
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

    # --- canonical calls ----------------------------------------------------------------

    def _id(self, c: Call) -> str | None:
        if c.id is None and self.ID_OPTIONAL:
            return self._ids.mint_call()
        return c.id

    def _complete(self, c: Call) -> dict[str, Any]:
        """A finished call, decoded by the dialect's own decode_tool_call."""
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
        return {"id": self._id(c), "name": c.name or "", "arguments": None, "raw_arguments": text, "arguments_error": why}

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
        return loads(text) == (loads(start) if type(start) is str else start)
    except ValueError:
        return False
