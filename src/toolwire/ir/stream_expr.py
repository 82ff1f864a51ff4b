"""Python expressions the stream template places into the generated assemblers: reads of
pointers below a dict (straight-line `.get` chains), presence and constant tests, and the
`events` term (what every event of a dialect holds, rule 10 of meta/stream.schema.json) as
one test on the event `e`. stream_plan.py builds the rest of the plan from these."""

from __future__ import annotations

import re
from typing import Any

from toolwire.ir.errors import GenerateError
from toolwire.ir.shapes import py
from toolwire.spec.positions import tokens

JSON_TYPES = {"object": "dict", "array": "list", "string": "str"}


class StreamPlanError(GenerateError):
    """A stream mapping that cannot be generated (it names the stream.json and the rule)."""


def read(var: str, toks: list[str]) -> str:
    """An expression reading toks below var (a dict): the value, or None when absent."""
    if not toks:
        return var
    expr = f"{var}.get({py(toks[0])})"
    for t in toks[1:]:
        expr = f"(_t.get({py(t)}) if type(_t := {expr}) is dict else None)"
    return expr


def has(var: str, toks: list[str]) -> str:
    """An expression: toks is present below var (its value may be null)."""
    if len(toks) == 1:
        return f"{py(toks[0])} in {var}"
    parent = read(var, toks[:-1])
    return f"(type(_t := {parent}) is dict and {py(toks[-1])} in _t)"


def equals(var: str, toks: list[str], value: Any) -> str:
    """An expression: the value at toks equals value, JSON types included (1 is not true)."""
    expr = read(var, toks)
    if value is None:
        return f"{expr} is None"
    if isinstance(value, bool):
        return f"{expr} is {py(value)}"
    if isinstance(value, (dict, list)):
        return f"_c.same({expr}, {py(value)})"
    return f"{expr} == {py(value)}"


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


def events_plan(kinds: list[dict[str, Any]]) -> dict[str, Any]:
    """The `events` term as one expression on the event `e` (rule 10), the regexes and value
    sets it needs as module constants, what it expects in words, and the pointers it tests."""
    alternatives: list[str] = []
    words: list[str] = []
    constants: list[tuple[str, str]] = []
    pointers: list[list[str]] = []  # per alternative
    for kind in kinds:
        conds: list[str] = []
        said: list[str] = []
        for pointer in kind.get("has", []):
            conds.append(has("e", tokens(pointer)))
            said.append(pointer)
        for pointer, json_type in kind.get("types", {}).items():
            conds.append(f"type({read('e', tokens(pointer))}) is {JSON_TYPES[json_type]}")
            said.append(f"{pointer} (an {json_type})" if json_type in ("object", "array") else f"{pointer} (a {json_type})")
        for pointer, values in kind.get("in", {}).items():
            name = f"_KIND{len(constants)}"
            constants.append((name, f"frozenset({py(sorted(values))})"))
            conds.append(f"type(_k := {read('e', tokens(pointer))}) is str and _k in {name}")
            said.append(f"{pointer} one of {', '.join(values)}")
        for pointer, pattern in kind.get("match", {}).items():
            try:
                re.compile(pattern)
            except re.error as exc:
                raise StreamPlanError(f"events: {pointer}: not a regular expression: {exc}") from None
            name = f"_KIND{len(constants)}"
            constants.append((name, f"_re.compile({py(pattern)})"))
            conds.append(f"type(_k := {read('e', tokens(pointer))}) is str and {name}.fullmatch(_k) is not None")
            said.append(f"{pointer} matching {pattern}")
        alternatives.append(" and ".join(paren(c) if " or " in c else c for c in conds))
        words.append(" and ".join(said))
        pointers.append([*kind.get("has", []), *kind.get("types", {}), *kind.get("in", {}), *kind.get("match", {})])
    if any(not p for alt in pointers for p in alt):
        raise StreamPlanError("events: a condition on the whole event (pointer \"\") tells no dialect from another")
    return {
        "cond": " or ".join(paren(a) if len(alternatives) > 1 and (" or " in a or " and " in a) else a for a in alternatives),
        "constants": constants,
        "expected": "an event with " + ", or with ".join(words),
        "pointers": pointers,
        "needs_re": any(code.startswith("_re.") for _name, code in constants),
    }
