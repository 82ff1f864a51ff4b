"""Lowering: a request's settings, wire -> canonical, as steps (ir/steps.py).

The steps do what the runtime's interpreter (_conv_request_in.decode_settings) does with the
layout's Setting tuples, with every table lookup made here, once, at generation time:
- a setting read at its pointer, else at its first alias that is present (the spelling
  kept in forms as `alias:N`); both spellings sent: the alias is kept as a wire field;
- null is kept as the `null` form and says nothing;
- a value the mapping's `values` do not list stays a wire field (a loss elsewhere); another
  spelling of a listed value is kept as `value:N`;
- one string where the wire also takes a list is kept as the `string` form;
- a value of the wrong type (the setting's canonical rule) is a DecodeError at its pointer.
"""

from __future__ import annotations

from toolwire.ir.conversation_nodes import Setting, SettingEncoding
from toolwire.ir.nodes import Tokens
from toolwire.ir.steps import (
    MISSING,
    Call,
    Comment,
    Expr,
    Fail,
    Function,
    If,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Not,
    Put,
    PutPath,
    Step,
)
from toolwire.spec.positions import pointer as pointer_of

VALUE = "value"


def lower_settings_reader(settings: tuple[Setting, ...]) -> Function:
    body: list[Step] = []
    for setting in settings:
        body.append(Comment(f"setting {'.'.join(setting.name)}"))
        body += _read(setting)
    return Function(
        name="settings_in",
        params=("wire", "forms", "fields"),
        doc="The canonical settings of a request; forms and fields get what the round trip keeps.",
        body=(Let("out", Lit({})), *body),
        returns="out",
    )


def _get(path: Tokens) -> Expr:
    expr: Expr = Local("wire")
    for token in path:
        expr = Key(expr, token)
    return expr


def _read(setting: Setting) -> list[Step]:
    """Read at the pointer, else at each alias in turn; each place has its own tail."""
    main = pointer_of(setting.tokens)
    present = Not(Is("missing", Local(VALUE)))
    both: list[Step] = []
    for alias in setting.aliases:  # both spellings sent: the alias is kept as it came
        both += [
            Let("other", _get(alias)),
            If(Not(Is("missing", Local("other"))), (Put("fields", pointer_of(alias), Local("other")),)),
        ]
    otherwise: tuple[Step, ...] = ()
    for n, alias in reversed(list(enumerate(setting.aliases, 1))):
        tail = (Put("forms", main, Lit(f"alias:{n}")), *_tail(setting, pointer_of(alias)))
        otherwise = (Let(VALUE, _get(alias)), If(present, tail, otherwise))
    return [Let(VALUE, _get(setting.tokens)), If(present, (*both, *_tail(setting, main)), otherwise)]


def _tail(setting: Setting, where: str) -> tuple[Step, ...]:
    """What follows a value read at `where` (its JSON Pointer)."""
    main = pointer_of(setting.tokens)
    steps: list[Step] = []
    if setting.values:
        steps.append(_map_values(setting, where))
    elif setting.encoding == SettingEncoding.STRING_OR_LIST:
        steps.append(
            If(
                Is("string", Local(VALUE)),
                (Put("forms", main, Lit("string")), Let(VALUE, Call("list_of", (Local(VALUE),)))),
            )
        )
    check = (
        Let("problem", Call("setting_problem", (Local(VALUE), Lit(setting.rule)))),
        If(Not(Is("null", Local("problem"))), (Fail(where, Local("problem")),)),
        PutPath("out", setting.name, Local(VALUE)),
    )
    kept: tuple[Step, ...] = (If(Not(Is("missing", Local(VALUE))), check),) if setting.values else check
    return (If(Is("null", Local(VALUE)), (Put("forms", main, Lit("null")),), (*steps, *kept)),)


def _map_values(setting: Setting, where: str) -> Step:
    """The wire value as its canonical one; one the mapping does not list stays a field
    (the value becomes MISSING: nothing more is done with it)."""
    main = pointer_of(setting.tokens)
    chain: tuple[Step, ...] = (Put("fields", where, Local(VALUE)), Let(VALUE, MISSING))
    for canonical, wire in reversed(_first_of_each(setting)):
        spellings = [w for c, w in setting.values if c == canonical]
        nth = spellings.index(wire)
        then: list[Step] = [Put("forms", main, Lit(f"value:{nth}"))] if nth else []
        then.append(Let(VALUE, Lit(canonical)))
        chain = (If(Is("equal", Local(VALUE), wire), tuple(then), chain),)
    return chain[0]


def _first_of_each(setting: Setting) -> list[tuple[object, object]]:
    """(canonical, wire) for each wire value, the first pair naming it (as the interpreter's
    `next(...)` finds it)."""
    out: list[tuple[object, object]] = []
    for canonical, wire in setting.values:
        if not any(type(w) is type(wire) and w == wire for _c, w in out):
            out.append((canonical, wire))
    return out
