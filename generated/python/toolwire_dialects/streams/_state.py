# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The state of one stream: the calls in flight (Call), and StreamState, the base every
assembler piece builds on: its fields, the dialect's class constants, the hooks the
generated subclass fills in, and how a finding or a bad event is recorded.

All the assembler's per-stream fields are slots of StreamState (TextInput adds the text
buffer's), so that the pieces mix into one class without a layout conflict.
"""

from __future__ import annotations

from typing import Any

from .._coercion import TOO_DEEP, too_deep
from .._errors import json_text
from .._ids import IdMap
from .._strict_json import MAX_DEPTH
from ._events import StreamError, where

__all__ = ["COMPACT", "Call", "StreamState"]

COMPACT = 256  # fragments kept per call before they are joined: the object count stays bounded


class Call:
    """One call in flight: what arrived so far. Nothing else of the stream is kept."""

    __slots__ = ("args", "cont", "custom", "id", "index", "item", "key", "name", "parts", "pos", "start", "stopped")

    def __init__(
        self, index: int, key: Any, call_id: str | None, name: str | None, item: dict[str, Any] | None
    ) -> None:
        self.index = index
        self.key = key
        self.id = call_id
        self.name = name
        self.item = item  # the wire call the stream started it with (as_call rules), or None
        self.parts: list[str] = []  # argument text fragments, joined now and then
        self.args: dict[str, Any] | None = None  # arguments built from JSONPath values (Vertex)
        self.cont: str | None = None  # the JSONPath whose string value continues
        self.start: Any = None  # non-empty arguments the start item carried (start `arguments`)
        self.pos: int | None = None  # the output position its start named (`position`), or None
        self.stopped = False
        self.custom = False  # a custom tool's call: its text is plain input, not argument JSON

    def text(self) -> str:
        if self.args is not None:
            return json_text(self.args)
        if len(self.parts) > 1:
            self.parts[:] = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""


class StreamState:
    """The calls of one stream and what it reported; see _assembler.Assembler for the API."""

    __slots__ = (
        "_at",
        "_closed",
        "_closed_at",
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
        "_waiting",
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
        self._at: dict[int, Call] = {}  # output position -> the open call there (keyless items)
        self._closed_at: dict[int, int] = {}  # output position -> index of a complete call
        # key -> (id, argument text) that came before the name: a call starts with its name
        self._waiting: dict[Any, tuple[str | None, list[str]]] = {}
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

    def _bad(self, event: Any, item: Any, pointer: str, message: str) -> StreamError:
        return StreamError(self.DIALECT, where(event, item) + pointer, message)

    def _held(self, event: Any, item: Any) -> Any:
        """item, a part of event the call keeps whole, held to the depth limit (events are
        not walked on the way in: only what a call keeps is)."""
        at = where(event, item)
        below = too_deep(item, MAX_DEPTH - at.count("/"))
        if below is not None:
            raise StreamError(self.DIALECT, at + below, TOO_DEEP)
        return item
