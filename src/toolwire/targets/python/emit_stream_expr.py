"""Python spellings for the stream IR: pointer reads (straight-line `.get` chains, no pointer
interpretation per event), presence and constant tests, emitted-event literals, and the
local names the generated stream modules use."""

from __future__ import annotations

import builtins
import keyword
import re
from typing import Any

from toolwire.ir.stream_nodes import ConstantTest, Slot, Tokens, WireOverlay
from toolwire.targets.python.names import literal as py

# The names emit() gives a call's values; its template assigns them.
SLOT_LOCALS = {
    Slot.KEY: "key",
    Slot.CALL_ID: "call_id",
    Slot.NAME: "name",
    Slot.FRAGMENT: "fragment",
    Slot.TEXT: "text",
    Slot.PARTIAL_ARGS: "partial_args",
    Slot.FINISH: "finish_reason",
    Slot.POSITION: "position",
}
WIRE_CALL_LOCAL = "wire"  # the call encoded as the dialect's wire tool_call, in emit()
PARENT_TEMP = "_parent"  # an object on the way to a value, read once by a walrus
VALUE_TEMP = "_value"  # a value tested twice in the events test, read once by a walrus
JSON_TYPES = {"object": "dict", "array": "list", "string": "str"}


def tokens_tuple(toks: Tokens | list[str]) -> str:
    """A tuple literal of pointer tokens."""
    return tuple_of([py(t) for t in toks])


def tuple_of(items: list[str]) -> str:
    """A tuple display of the given expressions."""
    if len(items) == 1:
        return f"({items[0]},)"
    return "(" + ", ".join(items) + ")"


def read(var: str, toks: Tokens) -> str:
    """An expression reading toks below var (a dict): the value, or None when absent."""
    if not toks:
        return var
    expr = f"{var}.get({py(toks[0])})"
    for t in toks[1:]:
        expr = f"({PARENT_TEMP}.get({py(t)}) if type({PARENT_TEMP} := {expr}) is dict else None)"
    return expr


def has(var: str, toks: Tokens) -> str:
    """An expression: toks is present below var (its value may be null)."""
    if len(toks) == 1:
        return f"{py(toks[0])} in {var}"
    parent = read(var, toks[:-1])
    return f"(type({PARENT_TEMP} := {parent}) is dict and {py(toks[-1])} in {PARENT_TEMP})"


def same(expr: str, value: Any) -> str:
    """An expression: expr's value equals value, JSON types included (1 is not true)."""
    if value is None:
        return f"{expr} is None"
    if isinstance(value, bool):
        return f"{expr} is {py(value)}"
    if isinstance(value, (dict, list)):
        return f"_common.same({expr}, {py(value)})"
    return f"{expr} == {py(value)}"


def equals(var: str, test: ConstantTest) -> str:
    return same(read(var, test.pointer.tokens), test.value)


def paren(expr: str) -> str:
    """expr in parentheses, unless one pair already encloses all of it."""
    if expr.startswith("(") and expr.endswith(")"):
        depth = 0
        for i, ch in enumerate(expr):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i < len(expr) - 1:
                break
        else:
            return expr
    return f"({expr})"


def any_of(alternatives: list[str]) -> str:
    """alternatives joined by `or`, each parenthesized when it has operators of its own."""
    if len(alternatives) == 1:
        return alternatives[0]
    return " or ".join(paren(a) if " or " in a or " and " in a else a for a in alternatives)


def all_of(conditions: list[str]) -> str:
    return " and ".join(paren(c) if " or " in c else c for c in conditions)


def event_literal(node: Any) -> str:
    """An emitted event's tree as a Python expression (Slots are emit()'s locals)."""
    if isinstance(node, Slot):
        return SLOT_LOCALS[node]
    if isinstance(node, WireOverlay):
        if not node.sets and not node.drops:
            return WIRE_CALL_LOCAL
        sets = tuple_of([f"({tokens_tuple(t)}, {event_literal(v)})" for t, v in node.sets]) if node.sets else "()"
        drops = tuple_of([tokens_tuple(t) for t in node.drops]) if node.drops else "()"
        return f"_common.overlay({WIRE_CALL_LOCAL}, {sets}, {drops})"
    if isinstance(node, dict):
        return "{" + ", ".join(f"{py(k)}: {event_literal(v)}" for k, v in node.items()) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(event_literal(v) for v in node) + "]"
    return py(node)


def snake(token: str) -> str:
    """A JSON member name as a lower-case Python identifier (camelCase split at capitals)."""
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", token).lower()
    name = re.sub(r"\W+", "_", name, flags=re.ASCII).strip("_") or "value"
    return f"n_{name}" if name[0].isdigit() else name


def element(name: str) -> str:
    """The name of one element of an array called name."""
    if name.endswith("ies") and len(name) > 3:
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss") and len(name) > 1:
        return name[:-1]
    return f"{name}_item"


def taken(name: str) -> bool:
    """Names a generated local must not take: keywords, builtins (the code calls type()),
    private names (the module's own)."""
    return keyword.iskeyword(name) or hasattr(builtins, name) or name.startswith("_")


def unique(candidate: str, prefix: str, used: set[str]) -> str:
    """candidate, else prefix_candidate, else a numbered one: a name not in used."""
    for name in (candidate, f"{prefix}_{candidate}"):
        if name not in used and not taken(name):
            return name
    n = 2
    while f"{candidate}_{n}" in used or taken(f"{candidate}_{n}"):
        n += 1
    return f"{candidate}_{n}"
