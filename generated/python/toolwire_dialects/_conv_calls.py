# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The calls a conversation's encode has seen, so each result finds its call: the tool of the
latest call with an id (a reused id answers the nearest call, not the first), and which ids
are custom (freeform) tool calls, whose results a target spells apart or drops with them."""

from __future__ import annotations

from typing import Any, cast

from ._ids import IdMap

__all__ = ["Calls"]


class Calls:
    __slots__ = ("custom", "id_map", "names")

    def __init__(self, id_map: IdMap) -> None:
        self.id_map = id_map
        self.names: dict[Any, Any] = {}  # call id -> the tool of the latest call with that id
        self.custom: set[Any] = set()  # the ids of the custom tool calls among them

    def called(self, call: dict[str, Any]) -> None:
        """A tool call: its id noted, and the latest call with that id remembered."""
        call_id = call.get("id")
        self.id_map.note_call(call_id, cast(str, call.get("name")))  # checked canonical: a string
        self.names[call_id] = call.get("name")
        if type(call.get("input")) is str:
            self.custom.add(call_id)
        else:
            self.custom.discard(call_id)

    def answered(self, result: dict[str, Any]) -> dict[str, Any]:
        """The result as its call makes it: marked custom when it answers a custom call, and
        given the call's name where the id map would find another call's."""
        call_id = result.get("call_id")
        if type(call_id) is not str:
            return result
        if call_id in self.custom and result.get("custom") is None:
            result = {**result, "custom": True}
        name = self.names.get(call_id) if result.get("name") is None else None
        if name is not None and self.id_map.name_for(call_id) != name:
            result = {**result, "name": name}
        return result
