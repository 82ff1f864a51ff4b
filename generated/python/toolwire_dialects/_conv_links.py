# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Leaves of the compiled turns readers: how a conversation's results found their calls
(`Links`), the wire keys a layout does not read below a value (`kept_fields`), and a
canonical value's extension object of one dialect."""

from __future__ import annotations

from typing import Any

from ._conv_paths import unknown_into
from ._ids import IdMap

__all__ = ["Links", "kept_fields", "own_extension"]


def own_extension(container: dict[str, Any], dialect: str) -> dict[str, Any]:
    """The dialect's extension object of a canonical value, made on first use."""
    extensions = container.setdefault("extensions", {})
    own: dict[str, Any] = extensions.setdefault(dialect, {})
    return own


def kept_fields(value: Any, tree: dict[str, Any]) -> dict[str, Any]:
    """Every value below value that tree (a module constant) does not know, by JSON Pointer."""
    kept: dict[str, Any] = {}
    unknown_into(value, tree, "", kept)
    return kept


class Links:
    """How a conversation's results found their calls. A result naming no id (Gemini, Ollama)
    answers the nearest call of its tool: a later turn that calls a tool again leaves its
    earlier unanswered calls abandoned. A link made by position among several calls is noted
    on the result (its dialect's extension notes: a loss in any other dialect), as extract()
    notes it. So is a result whose call id no call before it has (its call an element the
    canonical model has no kind for, a Chat custom tool call, which only its dialect carries)."""

    __slots__ = ("abandoned", "called", "dialect", "id_map", "waiting")

    def __init__(self, id_map: IdMap, dialect: str) -> None:
        self.id_map = id_map
        self.dialect = dialect
        self.waiting: list[tuple[Any, Any]] = []  # (call id, tool) of calls no result answered yet
        self.abandoned: dict[Any, int] = {}  # tool -> its calls left unanswered by a later call of it
        self.called: set[Any] = set()  # the ids of every call so far

    def turn(self, message: dict[str, Any], where: str) -> None:
        called: set[Any] = set()
        for part in message["parts"]:
            if part["type"] == "tool_result":
                self._result(part["result"], where)
            elif part["type"] == "tool_call":
                called.add(part["call"].get("name"))
                self.called.add(part["call"].get("id"))
        if not called:
            return
        for call_id, name in [w for w in self.waiting if w[1] in called]:
            self.id_map.note_result(call_id)  # out of reach of the id-less results that follow
            self.abandoned[name] = self.abandoned.get(name, 0) + 1
        self.waiting = [w for w in self.waiting if w[1] not in called]
        self.waiting += [
            (p["call"].get("id"), p["call"].get("name")) for p in message["parts"] if p["type"] == "tool_call"
        ]

    def _result(self, result: dict[str, Any], where: str) -> None:
        call_id, name = result.get("call_id"), result.get("name")
        self.waiting = [w for w in self.waiting if w[0] != call_id]
        earlier = self.abandoned.pop(name, 0)
        own = (result.get("extensions") or {}).get(self.dialect) or {}
        if "minted" not in (own.get("forms") or {}).values() or call_id is None:
            if type(call_id) is str and call_id not in self.called:
                what = f"result in {where} answers call {call_id!r}, which no tool call before it has"
                own_extension(result, self.dialect).setdefault("notes", []).append(what)
            return  # linked by the id the wire sent
        among = self.id_map.linked_by_position(call_id)
        if not among and not earlier:
            return
        left = (
            f"the oldest of {among} unanswered calls"
            if among > 1
            else "the one call left unanswered"
            if among
            else "the nearest call"
        )
        what = f"result in {where} names no call id: linked by position to {left} of {name!r} ({call_id!r})"
        if earlier:
            what += f"; {earlier} earlier call{'s' if earlier > 1 else ''} of it left unanswered"
        own_extension(result, self.dialect).setdefault("notes", []).append(what)
