"""TypeScript spellings for the stream IR: pointer reads (straight-line `_c.get` chains, no
pointer interpretation per event), presence and constant tests, emitted-event literals, and
the local names the generated stream modules use."""

from __future__ import annotations

import re
from typing import Any

from toolwire.ir.stream_nodes import ConstantTest, Slot, Tokens, WireOverlay
from toolwire.targets.typescript.names import RESERVED, camel, key
from toolwire.targets.typescript.names import literal as ts

# The names emit() gives a call's values; its template assigns them.
SLOT_LOCALS = {
    Slot.KEY: "key",
    Slot.CALL_ID: "callId",
    Slot.NAME: "name",
    Slot.FRAGMENT: "fragment",
    Slot.TEXT: "text",
    Slot.PARTIAL_ARGS: "partialArgs",
    Slot.FINISH: "finishReason",
    Slot.POSITION: "position",
}
WIRE_CALL_LOCAL = "wire"  # the call encoded as the dialect's wire tool_call, in emit()
JSON_TYPES = {"object": "_c.isObject({})", "array": "Array.isArray({})", "string": 'typeof {} === "string"'}
# Names a generated local must not take besides the reserved words: the globals and module
# names the generated code uses.
GLOBALS = frozenset({"Array", "Object", "Number", "String", "JSON", "Set", "Map", "RegExp", "Error", "Boolean"})


def tokens_array(toks: Tokens | list[str]) -> str:
    """An array literal of pointer tokens."""
    return "[" + ", ".join(ts(t) for t in toks) + "]"


def array_of(items: list[str]) -> str:
    """An array display of the given expressions."""
    return "[" + ", ".join(items) + "]"


def read(var: str, toks: Tokens) -> str:
    """An expression reading toks below var: the value, or null when absent (Python's
    `.get` chains: a step through anything but an object reads as null)."""
    expr = var
    for t in toks:
        expr = f"_c.get({expr}, {ts(t)})"
    return expr


def has(var: str, toks: Tokens) -> str:
    """An expression: toks is present below var (its value may be null)."""
    return f"_c.has({read(var, toks[:-1])}, {ts(toks[-1])})"


def same(expr: str, value: Any) -> str:
    """An expression: expr's value equals value, JSON types included (1 is not true)."""
    if isinstance(value, (dict, list)):
        return f"_c.same({expr}, {ts(value)})"
    return f"{expr} === {ts(value)}"


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
    """alternatives joined by `||`, each parenthesized when it has operators of its own."""
    if len(alternatives) == 1:
        return alternatives[0]
    return " || ".join(paren(a) if " || " in a or " && " in a else a for a in alternatives)


def all_of(conditions: list[str]) -> str:
    return " && ".join(paren(c) if " || " in c else c for c in conditions)


def event_literal(node: Any) -> str:
    """An emitted event's tree as a TypeScript expression (Slots are emit()'s locals)."""
    if isinstance(node, Slot):
        return SLOT_LOCALS[node]
    if isinstance(node, WireOverlay):
        if not node.sets and not node.drops:
            return WIRE_CALL_LOCAL
        sets = array_of([f"[{tokens_array(t)}, {event_literal(v)}]" for t, v in node.sets])
        drops = array_of([tokens_array(t) for t in node.drops])
        return f"_c.overlay({WIRE_CALL_LOCAL}, {sets}, {drops})"
    if isinstance(node, dict):
        return "{" + ", ".join(f"{key(k)}: {event_literal(v)}" for k, v in node.items()) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(event_literal(v) for v in node) + "]"
    return ts(node)


def snake(token: str) -> str:
    """A JSON member name as a lower-case identifier (camelCase split at capitals), as the
    Python target spells it; `local` turns it into the TypeScript local's name."""
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", token).lower()
    name = re.sub(r"\W+", "_", name, flags=re.ASCII).strip("_") or "value"
    return f"n_{name}" if name[0].isdigit() else name


def local(token: str) -> str:
    """A JSON member name as a camelCase TypeScript local (`content_block` -> `contentBlock`)."""
    return camel(snake(token))


def element(name: str) -> str:
    """The name of one element of an array called name."""
    if name.endswith("ies") and len(name) > 3:
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss") and len(name) > 1:
        return name[:-1]
    return f"{name}Item"


def taken(name: str) -> bool:
    """Names a generated local must not take: reserved words, the globals the code uses,
    private names (the module's own)."""
    return name in RESERVED or name in GLOBALS or name.startswith("_")


def unique(candidate: str, prefix: str, used: set[str]) -> str:
    """candidate, else prefixCandidate, else a numbered one: a name not in used."""
    for name in (candidate, camel(f"{prefix}_{candidate}")):
        if name not in used and not taken(name):
            return name
    n = 2
    while f"{candidate}{n}" in used or taken(f"{candidate}{n}"):
        n += 1
    return f"{candidate}{n}"
