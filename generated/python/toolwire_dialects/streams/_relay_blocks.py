# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The relay's small pieces: values read at paths of an event, an open block's state, values
put at pointers into a written event, wire values kept in extensions, the usage slots a target has."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .._custom_tools import PARAMETER, function_call
from .._errors import Loss
from .._ids import IdMap, IdPolicy, encode_id
from .._strict_json import loads

__all__ = [
    "INPUT_CLOSE",
    "INPUT_OPEN",
    "MISSING",
    "Block",
    "as_function_loss",
    "as_written",
    "at",
    "call_fields",
    "call_kind",
    "call_reads",
    "canonical_of",
    "custom_dropped",
    "every_call_dropped",
    "field",
    "input_piece",
    "put",
    "same_arguments",
    "sent_as_function",
    "target_id",
    "usage_slots",
    "walk",
]

Toks = tuple[str, ...]


MISSING = object()  # what a path finds where the event has nothing


def at(node: Any, toks: Toks) -> Any:
    """The value at a path of tokens (list indexes as digits), or MISSING."""
    for t in toks:
        if type(node) is dict:
            node = node.get(t, MISSING)
        elif type(node) is list and t.isdigit() and int(t) < len(node):
            node = node[int(t)]
        else:
            return MISSING
    return node


def walk(node: Any, path: Toks) -> list[Any]:
    """The items at a path whose * stands for every element of an array."""
    if "*" not in path:
        value = at(node, path)
        return [] if value is MISSING else [value]
    items = [node]
    for t in path:
        if t == "*":
            items = [e for i in items if type(i) is list for e in i]
        else:
            items = [v for i in items if (v := at(i, (t,))) is not MISSING]
    return items


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


def canonical_of(call: dict[str, Any]) -> Any:
    """The canonical call a relayed call stands for: the source's complete one (its extensions
    ride along, for a same-dialect relay), or one made of the argument text that came."""
    canonical = call.get("canonical")
    if canonical is not None:
        return canonical
    text = "".join(call["parts"])
    try:
        arguments = loads(text) if text.strip() else {}  # the strict reader, as everywhere
    except ValueError:
        arguments = None
    made = {"id": call.get("source_id"), "name": call.get("name"), "arguments": arguments}
    if arguments is None:
        made["raw_arguments"] = text
    return made


def usage_slots(slots: Any) -> set[str]:
    """The usage counts a target's slots carry (usage.<name>)."""
    return {slot[6:] for slot in slots if slot.startswith("usage.")}


def call_reads(writes: dict[str, list[dict[str, Any]]]) -> list[tuple[Toks, tuple[tuple[Toks, Any], ...]]]:
    """Where a dialect's call-start events hold a call's caller (its call_open templates' caller
    slot), with the constants the event holds there: (pointer, tests)."""
    found: list[tuple[Toks, tuple[tuple[Toks, Any], ...]]] = []
    for template in writes.get("call_open", ()):
        for toks, slot in template["set"]:
            if slot == "caller":
                event = template["build"]()
                block = at(event, toks[:-1])
                tests: list[tuple[Toks, Any]] = [((k,), v) for k, v in event.items() if type(v) is str]
                tests += [
                    ((*toks[:-1], k), v) for k, v in (block.items() if type(block) is dict else ()) if type(v) is str
                ]
                found.append((toks, tuple(tests)))
    return found


def call_fields(call: dict[str, Any], extensions: Any, target: str, carried: bool, lose: Any) -> None:
    """A call's extension fields: its caller kept for the target's caller slot when it is the
    target's own; any other, a loss each call (as a conversation reports it)."""
    for dialect, extension in extensions.items() if type(extensions) is dict else ():
        fields = extension.get("fields") if type(extension) is dict else None
        for pointer, value in fields.items() if type(fields) is dict else ():
            if dialect == target and pointer == "/caller" and carried:
                call["caller"] = value
            else:
                where = f"/calls/{call['index']}/extensions/{dialect}/fields/{pointer.replace('~', '~0').replace('/', '~1')}"
                call.setdefault("told", set()).add(where)  # a whole-call target's encoder says it again
                lose("extension.field_dropped", where, f"{dialect} field {pointer}")


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


def custom_dropped(event: dict[str, Any], writes: dict[str, Any]) -> str | None:
    """What a relay loses of a custom tool's call (tool_call_start) into a target without
    custom_* writes (None: the call is no custom tool's, or the target writes it)."""
    if event.get("custom") is not True or writes.get("custom_open"):
        return None
    return (
        f"the call of custom (freeform) tool {event.get('name')!r} (call {event['index']}), whose input is plain text"
    )


def call_kind(call: dict[str, Any]) -> str:
    """The write kinds' prefix of a call's block: a custom tool's call has its own."""
    return "custom" if call.get("custom") else "call"


def every_call_dropped(calls: dict[int, dict[str, Any]]) -> bool:
    """Whether the stream's calls were all left out (custom tools the target lacks)."""
    return bool(calls) and all(c.get("dropped") for c in calls.values())


# custom_tools="function": a custom tool's input text goes out as the JSON string of its
# function's one argument, opened before the first piece and closed at the call's stop
INPUT_OPEN = f'{{"{PARAMETER}":"'
INPUT_CLOSE = '"}'


def input_piece(event: dict[str, Any]) -> str:
    """A tool_call_delta's piece of a custom tool's input as a piece of that JSON string."""
    return json.dumps(event["arguments_delta"], ensure_ascii=False)[1:-1]


def as_function_loss(name: Any, index: int, dialect: str) -> Loss:
    """The loss (asked for) of relaying a custom tool's call as a function's."""
    what = f"the call of custom tool {name!r} (call {index}), sent as a function call (its input as arguments.input)"
    return Loss("tool.custom_as_function", f"/calls/{index}", dialect, what)


def as_written(calls: list[dict[str, Any]], as_function: bool) -> list[dict[str, Any]]:
    """The source's calls as the relay wrote them (custom tools' as functions' when asked)."""
    return [sent_as_function(c) for c in calls] if as_function else calls


def sent_as_function(call: Any) -> Any:
    """A source call as custom_tools="function" writes it: a custom tool's as a function's."""
    if type(call) is dict and call.get("arguments") is None and type(call.get("input")) is str:
        return function_call(call)
    return call


def target_id(
    source_id: str | None,
    index: int,
    slots: set[str] | frozenset[str],
    policy: IdPolicy | None,
    id_map: IdMap,
    strict: bool,
    loss: Callable[[str, str, str], None],
) -> str | None:
    """The id a call is written with: the source's (a loss where the target carries none),
    minted where the source had none, or rewritten to the target's pattern (a loss)."""
    if source_id is not None and not {"call_id", "call"} & slots:
        loss("id.dropped", f"/calls/{index}/id", "call ids")
    if "call_id" not in slots or policy is None:
        return source_id
    if source_id is None:
        return id_map.mint(policy)  # the source had no id: nothing is lost
    losses: list[Loss] = []
    written = encode_id(source_id, policy, id_map, losses, strict, f"/calls/{index}/id")
    for found in losses:
        loss(found.code, found.pointer, found.what)
    return written


def same_arguments(sent: str, arguments: Any) -> bool:
    """Whether argument text says these arguments (text that is no JSON says none)."""
    try:
        same: bool = (loads(sent) if sent.strip() else {}) == arguments
    except ValueError:
        return False
    return same
