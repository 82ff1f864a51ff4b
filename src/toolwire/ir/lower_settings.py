"""Lowering: a request's settings, wire -> canonical, as steps (ir/steps.py).

The steps do what the runtime's interpreter (_conv_request_in.decode_settings) does with the
layout's Setting tuples, with every table lookup made here, once, at generation time:
- a setting read at its pointer, else at its first alias that is present (the spelling
  kept in forms as `alias:N`); both spellings sent: the alias is kept as a wire field;
- null is kept as the `null` form and says nothing;
- a value the mapping's `values` do not list stays a wire field (a loss elsewhere); another
  spelling of a listed value is kept as `value:N`;
- one string where the wire also takes a list is kept as the `string` form;
- a value of the wrong type (the setting's canonical rule) is a DecodeError at its pointer;
- a setting with companion constants is read only where each holds; elsewhere the setting
  and its companions present stay wire fields (Cohere's `enabled` without a budget), unless
  its `off` constants hold without it: then it is 0 (Anthropic's thinking `disabled`);
- a wire value the setting keeps (`kept`: Gemini's thinkingBudget -1, dynamic) stays a wire
  field, never the canonical value.
"""

from __future__ import annotations

import json

from toolwire.ir.conversation_nodes import Setting, SettingEncoding
from toolwire.ir.nodes import Tokens
from toolwire.ir.steps import (
    MISSING,
    All,
    AnyOf,
    Call,
    Comment,
    Eq,
    Expr,
    Fail,
    ForEachKey,
    Function,
    If,
    In,
    Is,
    Item,
    Key,
    Let,
    Lit,
    Local,
    Lose,
    Not,
    Only,
    Put,
    PutPath,
    Step,
    Text,
)
from toolwire.spec.positions import pointer as pointer_of
from toolwire.spec.rules import RangeRule

VALUE = "value"


def lower_settings_reader(settings: tuple[Setting, ...]) -> Function:
    body: list[Step] = []
    for setting in settings:
        body.append(Comment(f"setting {'.'.join(setting.name)}"))
        body += _read(setting)
    body += _json_with_schema(settings)
    return Function(
        name="settings_in",
        params=("wire", "forms", "fields"),
        doc="The canonical settings of a request; forms and fields get what the round trip keeps.",
        body=(Let("out", Lit({})), *body),
        returns="out",
    )


def _json_with_schema(settings: tuple[Setting, ...]) -> list[Step]:
    """Where one wire value spells both JSON response formats (Gemini's application/json,
    Cohere's json_object beside its json_schema), the format holding a schema is json_schema:
    in the canonical model only json_schema has one. Written back, both spell the same."""
    kind = next((s for s in settings if s.name == ("response_format", "type")), None)
    if kind is None or not any(c == "json_schema" and (("json_object", w) in kind.values) for c, w in kind.values):
        return []
    given = Key(Local("out"), "response_format")
    json_with_schema = All((Eq(Key(given, "type"), "json_object"), Not(Is("missing", Key(given, "schema")))))
    return [
        Comment("a JSON response format with a schema is json_schema"),
        If(json_with_schema, (PutPath("out", kind.name, Lit("json_schema")),)),
    ]


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
    read: list[Step] = [Let(VALUE, _get(setting.tokens)), If(present, (*both, *_tail(setting, main)), otherwise)]
    if not setting.companions:
        return read
    held = All((present, *(Is("equal", _get(toks), value) for toks, value in setting.companions)))
    kept: list[Step] = [If(present, (Put("fields", main, Local(VALUE)),))]
    for toks, _value in setting.companions:
        other = (Put("fields", pointer_of(toks), Local("other")),)
        kept += [Let("other", _get(toks)), If(Not(Is("missing", Local("other"))), other)]
    if setting.off:  # the feature turned off: the setting's 0
        off = All((Not(present), *(Is("equal", _get(toks), value) for toks, value in setting.off)))
        kept = [If(off, (PutPath("out", setting.name, Lit(0)),), tuple(kept))]
    return [Let(VALUE, _get(setting.tokens)), If(held, tuple(read[1:]), tuple(kept))]


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
    read: tuple[Step, ...] = (*steps, *kept)
    if setting.kept:  # a value of the dialect's own meaning stays its field
        own = AnyOf(tuple(Is("equal", Local(VALUE), value) for value in setting.kept))
        read = (If(own, (Put("fields", where, Local(VALUE)),), read),)
    return (If(Is("null", Local(VALUE)), (Put("forms", main, Lit("null")),), read),)


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


def lower_settings_writer(settings: tuple[Setting, ...]) -> Function:
    """Settings, canonical -> wire (the interpreter's _conv_settings.encode_settings): each
    where the dialect has it, in the spelling the forms name; a required one written with its
    documented default; a canonical setting the dialect has no place for, a loss."""
    roots: dict[str, list[Tokens]] = {}
    for setting in settings:
        roots.setdefault(setting.name[0], []).append(setting.name)
    body: list[Step] = [
        Comment("a canonical setting this dialect has no place for"),
        ForEachKey(
            "key",
            "settings",
            (
                If(
                    Not(In(Local("key"), tuple(roots))),
                    (
                        Lose(
                            "setting.dropped",
                            Text(("/settings/", Local("key")), token=(1,)),
                            Text(("the ", Local("key"), " setting")),
                        ),
                    ),
                ),
            ),
        ),
    ]
    for setting in settings:
        body.append(Comment(f"setting {'.'.join(setting.name)}"))
        body += _write(setting)
    for root, names in roots.items():  # a nested setting's fields the dialect has no place for
        if (root,) in names:
            continue
        inner = tuple(name[1] for name in names if len(name) == 2)
        where = Text((f"/settings/{pointer_of((root,))[1:]}/", Local("name")), token=(1,))
        lost = Lose("setting.dropped", where, Text((f"the {root}.", Local("name"), " setting")))
        body += [
            Let("nested", Key(Local("settings"), root)),
            If(
                Is("object", Local("nested")),
                (ForEachKey("name", "nested", (If(Not(In(Local("name"), inner)), (lost,)),)),),
            ),
        ]
    return Function(
        name="settings_out",
        params=("wire", "settings", "forms"),
        doc="Put the canonical settings into a wire request in the spellings forms name.",
        body=tuple(body),
        returns="wire",
    )


def _write(setting: Setting) -> list[Step]:
    main = pointer_of(setting.tokens)
    at = "/settings" + pointer_of(setting.name)
    read: Expr = Local("settings")
    for token in setting.name:
        read = Key(read, token)
    absent: list[Step] = []
    if setting.has_required:
        what = f"a request without {'.'.join(setting.name)} (sent the documented default {setting.required!r})"
        absent = [PutPath("wire", setting.tokens, Lit(setting.required)), Lose("setting.defaulted", at, what)]
    missing = If(Eq(Key(Local("forms"), main), "null"), (PutPath("wire", setting.tokens, Lit(None)),), tuple(absent))
    checked: tuple[Step, ...] = (
        Let("problem", Call("setting_problem", (Local(VALUE), Lit(setting.rule)))),
        If(Not(Is("null", Local("problem"))), (Fail(at, Local("problem"), "canonical"),)),
    )
    present: list[Step] = []
    if setting.range is not None:
        present.append(_clamp(setting, setting.range, at))
    several = any(len([w for c, w in setting.values if c == canonical]) > 1 for canonical, _w in setting.values)
    if several or setting.aliases or setting.encoding == SettingEncoding.STRING_OR_LIST:
        present.append(Let("form", Call("form_of", (Local("forms"), Lit(main)))))
    if setting.values:
        present.append(_spell_values(setting, at))
    if setting.encoding == SettingEncoding.STRING_OR_LIST:
        present.append(If(Eq(Local("form"), "string"), (Let(VALUE, Only(Local(VALUE))),)))
    put: tuple[Step, ...] = (
        *(PutPath("wire", toks, Lit(value)) for toks, value in setting.companions),
        PutPath("wire", setting.tokens, Local(VALUE)),
    )
    if setting.aliases:  # written where the dialect's own payload had it
        for n, toks in reversed(list(enumerate(setting.aliases, 1))):
            put = (If(Eq(Local("alias"), n), (PutPath("wire", toks, Local(VALUE)),), put),)
        alias = Call("form_index", (Local("form"), Lit("alias:"), Lit(len(setting.aliases) + 1)))
        put = (Let("alias", alias), *put)
    present += [If(Not(Is("missing", Local(VALUE))), put)] if setting.values else list(put)
    if setting.off:  # 0 turns the feature off: its constants instead of the setting
        present = [If(Eq(Local(VALUE), 0), tuple(PutPath("wire", t, Lit(v)) for t, v in setting.off), tuple(present))]
    return [Let(VALUE, read), If(Is("missing", Local(VALUE)), (missing,), (*checked, *present))]


def _clamp(setting: Setting, rule: RangeRule, at: str) -> Step:
    """A value outside the provider's range is sent as the nearer bound, with a loss naming
    the rule (the value is a number: the type check came first)."""
    chain: tuple[Step, ...] = ()
    for test, bound in (("below", rule.minimum), ("above", rule.maximum)):
        if bound is None:
            continue
        sent = json.dumps(bound)
        what = f"{'.'.join(setting.name)} out of range (sent {sent}; allowed {rule.describe()}; rule {rule.name})"
        chain = (If(Is(test, Local(VALUE), bound), (Lose("setting.clamped", at, what), Let(VALUE, Lit(bound))), chain),)
    return chain[0]


def _spell_values(setting: Setting, at: str) -> Step:
    """The canonical value as the wire spells it: one the mapping does not list is a loss
    (the value becomes MISSING); canonical values spelled alike share one branch; a value
    spelled as itself needs none."""
    canonicals: list[object] = []
    for canonical, _wire in setting.values:
        if not any(type(c) is type(canonical) and c == canonical for c in canonicals):
            canonicals.append(canonical)
    groups: dict[tuple[object, ...], list[object]] = {}
    for canonical in canonicals:
        spelled = tuple(w for c, w in setting.values if c == canonical)
        if len(spelled) == 1 and type(spelled[0]) is type(canonical) and spelled[0] == canonical:
            continue  # spelled as itself
        groups.setdefault(spelled, []).append(canonical)
    lost = (
        Lose(
            "setting.value_unsupported",
            at,
            Text((f"the {'.'.join(setting.name)} setting ", Call("repr", (Local(VALUE),)))),
        ),
        Let(VALUE, MISSING),
    )
    chain: tuple[Step, ...] = ()
    for spelled, group in reversed(list(groups.items())):
        index = Call("form_index", (Local("form"), Lit("value:"), Lit(len(spelled))))
        test = Eq(Local(VALUE), group[0]) if len(group) == 1 else In(Local(VALUE), tuple(group))
        chain = (If(test, (Let(VALUE, Item(spelled, index)),), chain),)
    return If(Not(In(Local(VALUE), tuple(canonicals))), lost, chain)
