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
from typing import Any, Literal

from toolwire.spec.loss_codes import known

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
    """obj[key], MISSING when obj is no object or has no such key (key: a constant or a
    string expression)."""

    obj: Expr
    key: str | Expr


@dataclass(frozen=True)
class Global:
    """A module-level name of the generated module, by its neutral name (`dialect`, or
    `codecs`: the dialect's part converters; `known_<n>`: a module constant of known keys)."""

    name: str


@dataclass(frozen=True)
class Obj:
    """A new object of constant keys."""

    items: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True)
class Arr:
    """A new array."""

    items: tuple[Expr, ...] = ()


@dataclass(frozen=True)
class Call:
    """A runtime leaf helper, by its neutral name."""

    helper: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Is:
    """A test of one value: `missing`, `null`, `string`, `list`, `object`, `empty` (an
    object or array without members), `falsy` (what Python's `not` holds false: missing, null,
    false, 0, "", an empty array or object), `single` (an array of one), `equal` to arg (equal
    and of the same JSON type: true is no 1), or, of a value known to be a number, `above`
    or `below` the number arg."""

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


@dataclass(frozen=True)
class Eq:
    """value == constant as Python compares JSON values (true == 1, 1 == 1.0)."""

    value: Expr
    constant: Any


@dataclass(frozen=True)
class In:
    """value == one of a few constants, as Python compares JSON values."""

    value: Expr
    constants: tuple[Any, ...]


@dataclass(frozen=True)
class Text:
    """A string made of constant pieces and string expressions; `token` pieces are escaped
    as JSON Pointer reference tokens."""

    pieces: tuple[str | Expr, ...]
    token: tuple[int, ...] = ()  # indexes of pieces escaped as pointer tokens


@dataclass(frozen=True)
class Item:
    """seq[index] of a constant list and an integer expression."""

    seq: tuple[Any, ...]
    index: Expr


@dataclass(frozen=True)
class Index:
    """seq[index] of a local known to be a list or pair at least that long."""

    seq: Expr
    index: int


@dataclass(frozen=True)
class Only:
    """The one element of a one-element list, else the value itself."""

    value: Expr


@dataclass(frozen=True)
class Get:
    """obj[key] of a value known to be an object holding key (a canonical part's checked
    fields); key a constant or a string expression."""

    obj: Expr
    key: str | Expr


@dataclass(frozen=True)
class Same:
    """Two values equal as JSON strings or null compare (a role against the open turn's)."""

    left: Expr
    right: Expr


@dataclass(frozen=True)
class Less:
    """left < right of two integers."""

    left: Expr
    right: Expr


@dataclass(frozen=True)
class Invoke:
    """A call of another function of the same generated module, by its neutral name."""

    name: str
    args: tuple[Expr, ...]


Expr = (
    Local
    | Lit
    | Key
    | Global
    | Obj
    | Arr
    | Call
    | Is
    | Not
    | All
    | AnyOf
    | Eq
    | In
    | Text
    | Item
    | Index
    | Only
    | Get
    | Same
    | Less
    | Invoke
)

# --- statements ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Let:
    name: str
    value: Expr


@dataclass(frozen=True)
class Put:
    """target[key] = value (target a local object; key a constant or a string expression)."""

    target: str
    key: str | Expr
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
    """An error at pointer (a JSON Pointer, constant or a string expression), with message (an
    expression giving the text): by default a DecodeError of the request; `canonical`, a
    CanonicalError naming pointer; `required`, a RequiredValueError (the target's payload
    needs a value at pointer that nothing supplied)."""

    pointer: str | Expr
    message: Expr
    error: Literal["decode", "canonical", "required"] = "decode"


@dataclass(frozen=True)
class Lose:
    """A loss of kind code (one of spec/loss_codes.py) at pointer (a canonical JSON Pointer) of
    what the target cannot carry."""

    code: str
    pointer: str | Expr
    what: str | Expr

    def __post_init__(self) -> None:
        known(self.code)


@dataclass(frozen=True)
class ForEachKey:
    """For each key of a local object, in order: body with the key in a local (and, when
    value is named, the key's value in another)."""

    key: str
    obj: str
    body: tuple[Step, ...]
    value: str | None = None


@dataclass(frozen=True)
class ForEachItem:
    """For each element of a local array, in order: body with the element and its index in
    locals (index "": the body does not use it)."""

    item: str
    index: str
    seq: str
    body: tuple[Step, ...]


@dataclass(frozen=True)
class Append:
    """Append value to a local array."""

    target: str
    value: Expr


@dataclass(frozen=True)
class Do:
    """An expression evaluated for what it does, its value unused (a leaf's report, a value put
    at a path)."""

    value: Expr


@dataclass(frozen=True)
class Drop:
    """Remove key from a local object (key a constant)."""

    target: str
    key: str


@dataclass(frozen=True)
class Comment:
    """A line that says why (printed as a comment above the next step)."""

    text: str


Step = Let | Put | PutPath | If | Fail | Lose | ForEachKey | ForEachItem | Append | Do | Drop | Comment


@dataclass(frozen=True)
class Function:
    """A generated function: its name, parameters (locals on entry), body and the local it
    returns."""

    name: str
    params: tuple[str, ...]
    doc: str
    body: tuple[Step, ...]
    returns: str
    types: tuple[str, ...] = ()  # each parameter's neutral type (object, any, codecs, id_map); default object
    result: str = "object"  # the neutral type it returns
    lose: bool = False  # it takes the `lose` callback even where its own body reports nothing


def loses(body: tuple[Step, ...]) -> bool:
    """Whether a body reports losses anywhere (its function then takes a `lose` callback)."""
    for step in body:
        if isinstance(step, Lose):
            return True
        if isinstance(step, If) and (loses(step.then) or loses(step.otherwise)):
            return True
        if isinstance(step, ForEachKey | ForEachItem) and loses(step.body):
            return True
    return False
