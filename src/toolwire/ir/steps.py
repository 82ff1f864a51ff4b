"""Language-neutral steps: what compiled conversation code does, before any target spells it.

The lowering pass (ir/lower_*.py) turns a dialect's conversation layout into these steps;
each target's printer only spells them (targets/<language>/print_steps.py). A step never
names a target's syntax: expressions are JSON values, locals, reads of an object's key, and
calls of the runtime's leaf helpers by their neutral names (the printer maps a name to its
spelling: `setting_problem` is `_rt.setting_problem` in Python, `rt.settingProblem` in
TypeScript).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# --- expressions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Local:
    name: str


@dataclass(frozen=True)
class Lit:
    """A JSON constant (or MISSING, spelled by the printer)."""

    value: Any


MISSING = Lit(Ellipsis)  # the runtime's MISSING sentinel: "the key is absent"


@dataclass(frozen=True)
class Key:
    """obj[key], MISSING when obj is no object or has no such key."""

    obj: Expr
    key: str


@dataclass(frozen=True)
class Call:
    """A runtime leaf helper, by its neutral name."""

    helper: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Is:
    """A test of one value: `missing`, `null`, `string`, `list`, `object`, or `equal` to arg
    (equal and of the same JSON type: true is no 1)."""

    test: str
    value: Expr
    arg: Any = None


@dataclass(frozen=True)
class Not:
    value: Expr


@dataclass(frozen=True)
class All:
    values: tuple[Expr, ...]


@dataclass(frozen=True)
class AnyOf:
    values: tuple[Expr, ...]


Expr = Local | Lit | Key | Call | Is | Not | All | AnyOf

# --- statements ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Let:
    name: str
    value: Expr


@dataclass(frozen=True)
class Put:
    """target[key] = value (target a local object)."""

    target: str
    key: str
    value: Expr


@dataclass(frozen=True)
class PutPath:
    """Set value at a path of keys in a local object, making the objects on the way."""

    target: str
    path: tuple[str, ...]
    value: Expr


@dataclass(frozen=True)
class If:
    test: Expr
    then: tuple[Step, ...]
    otherwise: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Fail:
    """A DecodeError of the request at pointer (a JSON Pointer string), with message (an
    expression giving the text)."""

    pointer: str
    message: Expr


@dataclass(frozen=True)
class Comment:
    """A line that says why (printed as a comment above the next step)."""

    text: str


Step = Let | Put | PutPath | If | Fail | Comment


@dataclass(frozen=True)
class Function:
    """A generated function: its name, parameters (locals on entry), body and the local it
    returns."""

    name: str
    params: tuple[str, ...]
    doc: str
    body: tuple[Step, ...]
    returns: str
