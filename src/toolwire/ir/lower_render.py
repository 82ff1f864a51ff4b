"""Lowering: one wire turn of the parts a writer gathered, canonical -> wire, as steps (what
the interpreter's `_render`, `_slot`, `_put_field` and `_put_content` did with the turn
layout, every choice made here): the role and its alias; each part's place (a turn field of
its own, or the content in the first spelling that can carry it) decided per part kind,
with a loss when a turn cannot keep the parts' order; content as one string or blocks; the
turn's own fields put back, and its defaults."""

from __future__ import annotations

from toolwire.ir.conversation_nodes import (
    EmptyForm,
    RequestLayout,
    ResponseLayout,
    StringForm,
    TurnField,
    writes_citations,
)
from toolwire.ir.lower_parts_out import SHAPES, article, block_of, has_fields, put_at, read_at
from toolwire.ir.lower_rules import Placed, block_placed, blocks_begin, blocks_end, kept, places, turn_kept
from toolwire.ir.steps import (
    All,
    AnyOf,
    Append,
    Arr,
    Call,
    Do,
    Eq,
    Expr,
    ForEachItem,
    Function,
    Get,
    Global,
    If,
    In,
    Index,
    Is,
    Item,
    Key,
    Less,
    Let,
    Lit,
    Local,
    Lose,
    Not,
    Obj,
    Step,
    Text,
)
from toolwire.spec.positions import pointer

Layout = RequestLayout | ResponseLayout
PART, AT = Local("part"), Local("at")


def part_names(layout: Layout) -> dict[int, str]:
    """The function name of each spelled part of the layout's part spellings, by index."""
    return {i: f"part_out_{i}" for i, sp in enumerate(layout.parts) if sp.part not in SHAPES}


def _form(toks: tuple[str, ...]) -> Expr:
    return Call("form_of", (Local("forms"), Lit(pointer(toks))))


def _role(layout: Layout) -> list[Step]:
    turn = layout.turn
    if not turn.role:
        return []
    alias = _form(turn.role)
    steps: tuple[Step, ...] = (
        Lose("role.unsupported", Text((Local("at"), "/role")), Text((Call("article", (Local("role"),)), " turn"))),
        put_at("unit", turn.role, Local("role")),
    )
    for role, spellings in reversed(turn.roles):
        if not spellings:
            continue
        index = Call("form_index", (Local("alias"), Lit("alias:"), Lit(len(spellings))))
        put: tuple[Step, ...] = (put_at("unit", turn.role, Lit(spellings[0])),)
        if len(spellings) > 1:  # the alias the dialect's own payload used
            put = (Let("n", index), put_at("unit", turn.role, Item(spellings, Local("n"))))
        if role == turn.absent_role:
            put = (If(Not(Is("equal", Local("alias"), "absent")), put),)
        steps = (If(Is("equal", Local("role"), role), put, steps),)
    if all(len(sp) < 2 for _r, sp in turn.roles) and turn.absent_role is None:
        return list(steps)  # one spelling each: no alias to read
    return [Let("alias", alias), *steps]


def _place(rank: int, into: Step, kind: str | None) -> tuple[Step, ...]:
    """A part placed at rank (its order against the parts before it checked) into a list."""
    last = Lit(kind) if kind else Local("kind")
    order = Text((f"the order of a {kind} part after a ", Local("last"), " part in one turn (moved before it)"))
    return (
        If(Less(Lit(rank), Local("seen")), (Lose("part.reordered", Local("at"), order),)),
        If(Less(Local("seen"), Lit(rank)), (Let("seen", Lit(rank)),)),
        Let("last", last),
        into,
    )


def _field_test(tf: TurnField) -> Expr | None:
    tests: list[Expr] = []
    if tf.roles:
        tests.append(In(Local("role"), tf.roles))
    if tf.value is not None:
        tests.append(Not(Is("missing", Key(PART, tf.value))))
    if tf.with_part is not None:
        tests.append(Local(f"with_{tf.with_part}"))
    return None if not tests else tests[0] if len(tests) == 1 else All(tuple(tests))


def _slots(layout: Layout, kind: str) -> tuple[Step, ...]:
    """Where a part of kind goes: the first candidate that takes it, else a loss."""
    turn = layout.turn
    entry = Local("entry")
    media = (Call("media_of", (PART,)),) if kind == "document" else ()  # a media type the target has no place for
    lost = Text((article(kind) + " part", *media, " in ", Call("article", (Local("role"),)), " turn"))
    steps: tuple[Step, ...] = (Lose("part.unsupported", Local("at"), lost),)
    candidates: list[tuple[Expr | None, int, Step]] = []
    for k, tf in enumerate(turn.fields):
        if tf.part == kind:
            candidates.append((_field_test(tf), 0 if tf.before else 2 + k, Append(f"field_{k}", entry)))
    if kind == "wire":  # an element of a turn field goes back into that field only, else it is lost
        field = Key(PART, "field")
        for k, tf in enumerate(turn.fields):
            if tf.kinds is not None:
                in_field: Expr = Is("equal", field, pointer(tf.tokens))
                in_field = All((in_field, In(Local("role"), tf.roles))) if tf.roles else in_field
                candidates.append((in_field, 0 if tf.before else 2 + k, Append(f"field_{k}", entry)))
        unfielded = AnyOf((Is("missing", field), Is("null", field)))
        candidates.append((unfielded, 1, Append("content", Arr((PART, Lit(-1), AT)))))
    elif kind == "text" and turn.string == StringForm.ONLY:
        candidates.append((None, 1, Append("content", Arr((PART, Lit(-1), AT)))))
    else:
        for i, sp in enumerate(layout.parts):
            if sp.part != kind:
                continue
            tests: list[Expr] = [In(Local("role"), sp.roles)] if sp.roles else []
            fields = None if kind in SHAPES else has_fields(sp, PART)
            tests += [fields] if fields is not None else []
            test = None if not tests else tests[0] if len(tests) == 1 else All(tuple(tests))
            candidates.append((test, 1, Append("content", Arr((PART, Lit(i), AT)))))
    for test, rank, into in reversed(candidates):
        placed = _place(rank, into, kind)
        steps = placed if test is None else (If(test, placed, steps),)
    return steps


def _kinds(layout: Layout) -> tuple[str, ...]:
    turn = layout.turn
    named = [tf.part for tf in turn.fields] + [sp.part for sp in layout.parts] + ["wire"]
    if turn.string == StringForm.ONLY:
        named.append("text")
    return tuple(dict.fromkeys(named))


def _classify(layout: Layout) -> list[Step]:
    """Each gathered part into its turn field or the content, in order."""
    other = Text(
        (
            Call("article", (Local("kind"),)),
            " part",
            Call("media_of", (PART,)),
            " in ",
            Call("article", (Local("role"),)),
            " turn",
        )
    )
    chain: tuple[Step, ...] = (Lose("part.unsupported", Local("at"), other),)
    for kind in reversed(_kinds(layout)):
        chain = (If(Is("equal", Local("kind"), kind), _slots(layout, kind), chain),)
    each = (Let("part", Index(Local("entry"), 0)), Let("at", Index(Local("entry"), 1)), Let("kind", Get(PART, "type")))
    return [ForEachItem("entry", "_", "parts", (*each, *chain))]


def _with(layout: Layout) -> list[Step]:
    """Whether the turn has a part of a kind some field asks for (Cohere's tool_plan)."""
    steps: list[Step] = []
    for kind in dict.fromkeys(tf.with_part for tf in layout.turn.fields if tf.with_part):
        found = If(Is("equal", Get(Index(Local("entry"), 0), "type"), kind), (Let(f"with_{kind}", Lit(True)),))
        steps += [Let(f"with_{kind}", Lit(False)), ForEachItem("entry", "_", "parts", (found,))]
    return steps


def _put_field(k: int, tf: TurnField) -> list[Step]:
    items = f"field_{k}"
    form = Local(f"form_{k}")
    none = (
        If(
            Is("equal", form, "null"),
            (put_at("unit", tf.tokens, Lit(None)),),
            (If(Is("equal", form, "empty"), (put_at("unit", tf.tokens, Arr()),)),),
        ),
    )
    each: tuple[Step, ...] = (Let("part", Index(Local("entry"), 0)), Let("at", Index(Local("entry"), 1)))
    if tf.part in SHAPES:
        value = Call(
            "encode", (Global(f"encode_{tf.part}"), Get(PART, SHAPES[tf.part]), Text((AT, "/" + SHAPES[tf.part])))
        )
        encoded: tuple[Step, ...] = (
            Let("value", value),
            If(Not(Is("null", Local("value"))), (Append("values", Local("value")),)),
        )
        if tf.kinds is not None:  # the dialect's own element of another kind, verbatim
            verbatim = (Append("values", Get(PART, "value")),)
            encoded = (If(Is("equal", Get(PART, "type"), "wire"), verbatim, encoded),)
        each += encoded
    else:
        each += (
            Append("values", Get(PART, tf.value) if tf.value else Lit(None)),
            Do(Call("own", (PART, AT))),
        )
    if tf.many:
        put: tuple[Step, ...] = (put_at("unit", tf.tokens, Local("values")),)
    else:
        second = Lose("part.unsupported", Index(Local("entry"), 1), f"a second {tf.part} part in one turn")
        rest = ForEachItem("entry", "i", items, (If(Less(Lit(0), Local("i")), (second,)),))
        put = (put_at("unit", tf.tokens, Index(Local("values"), 0)), rest)
    some = (Let("values", Arr()), ForEachItem("entry", "_", items, each), If(Not(Is("empty", Local("values"))), put))
    return [Let(f"form_{k}", _form(tf.tokens)), If(Is("empty", Local(items)), none, some)]


def _empty_content(layout: Layout) -> tuple[Step, ...]:
    turn = layout.turn
    value: dict[EmptyForm, Expr] = {EmptyForm.NULL: Lit(None), EmptyForm.STRING: Lit(""), EmptyForm.LIST: Arr()}
    chain: tuple[Step, ...] = () if turn.empty == EmptyForm.OMIT else (put_at("unit", turn.content, value[turn.empty]),)
    for form, written in (("string", Lit("")), ("null", Lit(None)), ("empty", Arr())):
        chain = (If(Is("equal", Local("form"), form), (put_at("unit", turn.content, written),), chain),)
    return (If(Is("equal", Local("form"), "absent"), (), chain),)


def _as_string(layout: Layout) -> tuple[Step, ...]:
    separate = Lose(
        "content.joined", Index(Local("entry"), 2), "a turn's parts as separate blocks (its text is one string)"
    )
    text = Key(PART, "text")
    said = If(Is("missing", text), (Append("texts", Lit("")),), (Append("texts", text),))
    part = Let("part", Index(Local("entry"), 0))
    return (
        ForEachItem("entry", "i", "content", (If(Less(Lit(0), Local("i")), (separate,)),)),
        ForEachItem("entry", "_", "content", (Do(Call("said", (Index(Local("entry"), 0), Index(Local("entry"), 2)))),)),
        Let("texts", Arr()),
        ForEachItem("entry", "_", "content", (part, If(Is("equal", Get(PART, "type"), "text"), (said,)))),
        put_at("unit", layout.turn.content, Call("join", (Local("texts"),))),
    )


def _block_rules(layout: Layout) -> tuple[Placed, ...]:
    return places(layout).blocks if isinstance(layout, RequestLayout) else ()


def _as_blocks(layout: Layout) -> tuple[Step, ...]:
    names = part_names(layout)
    chain: tuple[Step, ...] = (Append("blocks", Get(PART, "value")),)
    into: tuple[Step, ...] = (Append("blocks", Local("block")),)
    begin: tuple[Step, ...] = ()
    end: tuple[Step, ...] = ()
    rules = places(layout) if isinstance(layout, RequestLayout) else None
    if rules is not None and (rules.signatures or rules.part_orders):  # kept on every block, the dialect's own too
        into = block_placed(rules, Local("unit"), PART, AT)
        begin, end = blocks_begin(rules), blocks_end(rules)
        chain = (Let("block", Get(PART, "value")), *into)
    append = kept(_block_rules(layout), Local("block"), AT, "a block", into)
    for i, sp in reversed(list(enumerate(layout.parts))):
        keep: tuple[Step, ...] = (Let("block", block_of(sp, names.get(i, ""), PART, AT)),)
        keep += (If(Not(Is("null", Local("block"))), append),)
        chain = (If(Eq(Local("k"), i), keep, chain),)
    each = (
        Let("part", Index(Local("entry"), 0)),
        Let("k", Index(Local("entry"), 1)),
        Let("at", Index(Local("entry"), 2)),
    )
    return (
        Let("blocks", Arr()),
        *begin,
        ForEachItem("entry", "_", "content", (*each, *chain)),
        *end,
        put_at("unit", layout.turn.content, Local("blocks")),
    )


def _content(layout: Layout) -> list[Step]:
    turn = layout.turn
    if turn.string == StringForm.ONLY:
        written = _as_string(layout)
    elif turn.string == StringForm.YES:
        first = Index(Local("content"), 0)
        tests: list[Expr] = [
            Is("single", Local("content")),
            Is("equal", Get(Index(first, 0), "type"), "text"),
            Not(Call("mine", (Index(first, 0),))),
            Not(Is("equal", Local("form"), "blocks")),
        ]
        if writes_citations(layout.parts):  # a text with citations the target writes: a block
            tests.append(Is("missing", Key(Index(first, 0), "citations")))
        one = All(tuple(tests))
        written = (If(one, _as_string(layout), _as_blocks(layout)),)
    else:
        written = _as_blocks(layout)
    return [Let("form", _form(turn.content)), If(Is("empty", Local("content")), _empty_content(layout), written)]


def lower_turn_writer(layout: Layout) -> Function:
    """The function writing one wire turn of a gathered group of parts."""
    turn = layout.turn
    body: list[Step] = [Let("unit", Obj(())), Let("forms", Call("forms_of", (Local("own"),))), *_role(layout)]
    body += [Let("content", Arr()), *(Let(f"field_{k}", Arr()) for k in range(len(turn.fields)))]
    body += [Let("seen", Lit(-1)), Let("last", Lit("")), *_with(layout), Let("group", Local("at"))]
    body += _classify(layout)
    for k, tf in enumerate(turn.fields):
        if tf.before:
            body += _put_field(k, tf)
    body += _content(layout)
    for k, tf in enumerate(turn.fields):
        if not tf.before:
            body += _put_field(k, tf)
    body.append(Do(Call("put_fields", (Local("unit"), Local("own"), Local("group")))))
    for toks, default in turn.defaults:
        test = All((Not(Is("equal", _form(toks), "absent")), Is("missing", read_at(Local("unit"), toks))))
        body.append(If(test, (put_at("unit", toks, Lit(default)),)))
    dropped = places(layout).turns if isinstance(layout, RequestLayout) else ()
    body += turn_kept(dropped, "unit", Local("role"), Local("group"))
    return Function(
        name="turn_out",
        params=("role", "own", "at", "parts", "out"),
        types=("string", "object", "string", "entries", "out"),
        doc="One wire turn of a group of canonical parts (each [part, pointer]) of one role.",
        body=tuple(body),
        returns="unit",
        result="any" if dropped else "object",
        lose=True,
    )
