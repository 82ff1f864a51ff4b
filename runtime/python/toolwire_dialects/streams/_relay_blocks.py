# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The relay writer's small pieces: an open block's state, values put at pointers into a
written event, wire values kept in extensions, usage that loses nothing."""

from __future__ import annotations

from typing import Any

__all__ = ["USAGE_FIELDS", "Block", "derivable", "field", "put"]

USAGE_FIELDS = ("input_tokens", "output_tokens", "total_tokens", "cached_input_tokens", "reasoning_tokens")


def put(event: dict[str, Any], toks: tuple[str, ...], value: Any) -> None:
    """Write value at toks into event, making the objects on the way (list indexes grow the list)."""
    node: Any = event
    last = len(toks) - 1
    for i in range(last):
        t = toks[i]
        if type(node) is dict:
            nxt = node.get(t)
            if type(nxt) is not dict and type(nxt) is not list:
                nxt = node[t] = {}
            node = nxt
        else:
            k = int(t)
            while len(node) <= k:
                node.append({})
            node = node[k]
    t = toks[last]
    if type(node) is dict:
        node[t] = value
    else:
        k = int(t)
        while len(node) <= k:
            node.append({})
        node[k] = value


def derivable(name: str, usage: dict[str, int]) -> bool:
    """A total that is the sum of the input and output counts the target carries loses nothing."""
    return name == "total_tokens" and usage.get("input_tokens", -1) + usage.get("output_tokens", -1) == usage[name]


def field(extension: Any, pointer: str) -> Any:
    """A wire value kept in a dialect's extensions (extensions.<dialect>.fields.<pointer>)."""
    fields = extension.get("fields") if type(extension) is dict else None
    return fields.get(pointer) if type(fields) is dict else None


class Block:
    """One open block of the target: its kind, positions, call, and what it holds."""

    __slots__ = ("call", "index", "kind", "kind_index", "signature", "text")

    def __init__(self, kind: str, index: int, kind_index: int, call: dict[str, Any] | None) -> None:
        self.kind = kind
        self.index = index
        self.kind_index = kind_index
        self.call = call  # the call's state (call blocks)
        self.text: list[str] = []
        self.signature: str | None = None
