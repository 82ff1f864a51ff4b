"""Lowering: a request's wire turns -> turn events (ir/turn_events.py), as steps.

The steps do what the interpreter's `decode_turns` / `decode_turn` / `_field_parts` /
`unit_part` did with the layout's Turn and Spelling data, every choice made here: a unit that
is one part on its own (a Chat tool message) read by its spelling; an item with no role in a
flat list of items (Responses: a hosted tool's call) kept whole; otherwise the role read by
its spellings (an alias or an absent role kept as a form), the parts in fields of their own
before and after the content, the content as one string or a list of blocks (its spelling
kept as a form), and the keys the layout does not read kept as extension fields. A turn of
the same role as the one before is marked `separate`; with a system field, leading system
turns are marked `turn` (sent as turns, not in the field).
"""

from __future__ import annotations

from toolwire.ir.conversation_nodes import EmptyForm, RequestLayout, StringForm, Turn, TurnField
from toolwire.ir.lower_parts import Trees, at_pointer, block_steps, matches, part_steps, read, unknown_steps
from toolwire.ir.steps import (
    All,
    AnyOf,
    Call,
    Do,
    Drop,
    Eq,
    Expr,
    Fail,
    ForEachItem,
    Function,
    Global,
    If,
    In,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Not,
    Step,
    Text,
)
from toolwire.ir.turn_events import Part, PartValue, TurnSink
from toolwire.spec.positions import pointer


def lower_turns_reader(layout: RequestLayout, sink: TurnSink, trees: Trees) -> Function:
    """`turns_in(units, id_map, messages)`: the wire turns through sink (into `messages`)."""
    at = pointer(layout.turns)
    got = Text(("expected an array of turns, got ", Call("describe", (Local("units"),))))
    roles = {c for c, _spellings in layout.turn.roles} | {sp.role or "user" for sp in layout.units}
    system = layout.system is not None and "system" in roles  # leading system turns can be marked `turn`
    each: list[Step] = [
        Let("where", Text((at + "/", Local("i")))),
        If(Not(Is("object", Local("unit"))), (Fail(Local("where"), _got("an object", "unit")),)),
    ]
    chain: tuple[Step, ...] = tuple(_turn(layout.turn, layout, sink, trees, system))
    flat = any(sp.part == "tool_call" for sp in layout.units) and layout.turn.absent_role is None
    if flat:  # an item with no canonical kind in a list of items (a hosted tool's call): kept whole
        whole = (*sink.begin_turn(Lit("assistant")), *sink.wire(Local("unit"), True))
        wire_role = read(Local("unit"), layout.turn.role)
        other: Expr = Is("missing", wire_role)
        kinds = _unit_kinds(layout)
        if kinds:  # the role key names every item's kind (Interactions' type): one nothing spells is kept too
            other = AnyOf((other, All((Is("string", wire_role), Not(In(wire_role, kinds))))))
        chain = (If(other, (*whole, *_end(Lit("assistant"), sink, system)), chain),)
    for k in reversed(range(len(layout.units))):
        sp = layout.units[k]
        role = Lit(sp.role or "user")
        steps = (*sink.begin_turn(role), *part_steps(sp, "unit", Local("where"), sink, trees, f"known_unit_{k}"))
        test = matches(sp, "unit")
        then = (*steps, *_end(role, sink, system))
        following = chain[0] if len(chain) == 1 and isinstance(chain[0], If) else None
        if test is not None and following is not None and following.then == then:
            # units read alike (Responses' function and custom calls): one branch for both
            chain = (If(AnyOf((test, following.test)), then, following.otherwise),)
        else:
            chain = (If(test, then, chain),) if test is not None else steps
    body: list[Step] = [
        If(Not(Is("list", Local("units"))), (Fail(at, got),)),
        *sink.begin(),
        Let("last", Lit(None)),
    ]
    if system:
        body.append(Let("leading", Lit(True)))
    body.append(ForEachItem("unit", "i", "units", (*each, *chain)))
    return Function(
        name="turns_in",
        params=("units", "id_map", "messages"),
        types=("any", "id_map", "list"),
        doc="The request's wire turns as canonical messages, appended to messages.",
        body=tuple(body),
        returns="messages",
        result="list",
    )


def _unit_kinds(layout: RequestLayout) -> tuple[str, ...]:
    """The kinds a flat list's items are told apart by, when the turn's role key is also the key
    every unit's constants test (Interactions' steps: user_input, model_output, function_call,
    ...): the role spellings and the units' kinds. Empty when the role is a key of its own."""
    role = layout.turn.role
    if not layout.units or any(role not in dict(sp.when) for sp in layout.units):
        return ()
    spelled = [s for _c, spellings in layout.turn.roles for s in spellings]
    return tuple(dict.fromkeys([*spelled, *(dict(sp.when)[role] for sp in layout.units)]))


def _got(what: str, local: str) -> Text:
    return Text((f"expected {what}, got ", Call("describe", (Local(local),))))


def _end(role: Expr, sink: TurnSink, system: bool) -> list[Step]:
    """The turn's place among the others (separate, or a leading system turn), then its end.
    A constant role is compared with the last one here; a role read from the wire was, as it
    was read (`repeated`)."""
    repeated = Is("equal", Local("last"), role.value) if isinstance(role, Lit) else Local("repeated")
    separate = If(repeated, tuple(sink.form("", Lit("separate"))))
    steps: list[Step] = []
    if system and isinstance(role, Lit):  # a unit's role is known here
        turn = If(Local("leading"), tuple(sink.form("", Lit("turn"))), (separate,))
        steps += [turn] if role.value == "system" else [separate, Let("leading", Lit(False))]
    elif system:
        is_system = Is("equal", role, "system")
        lead = If(All((Local("leading"), is_system)), tuple(sink.form("", Lit("turn"))), (separate,))
        steps += [lead, Let("leading", All((Local("leading"), is_system)))]
    else:
        steps.append(separate)
    return [*steps, *sink.end_turn(), Let("last", role)]


def _turn(turn: Turn, layout: RequestLayout, sink: TurnSink, trees: Trees, system: bool) -> list[Step]:
    """One wire turn that is an object: its role, parts, forms and kept fields."""
    steps: list[Step] = [Let("wire_role", read(Local("unit"), turn.role))]
    seen: set[str] = set()
    cases: list[tuple[Expr, tuple[Step, ...]]] = []
    spelled = False
    for canonical, spellings in turn.roles:
        for index, spelling in enumerate(spellings):
            if spelling in seen:  # the first role that spells it reads it
                continue
            seen.add(spelling)
            repeated = Let("repeated", Is("equal", Local("last"), canonical))
            found: tuple[Step, ...] = (Let("role", Lit(canonical)), repeated)
            if index:
                found += (Let("spelled", Lit(f"alias:{index}")),)
                spelled = True
            cases.append((Is("equal", Local("wire_role"), spelling), found))
    if turn.absent_role is not None:
        repeated = Let("repeated", Is("equal", Local("last"), turn.absent_role))
        absent = (Let("role", Lit(turn.absent_role)), repeated, Let("spelled", Lit("absent")))
        cases.append((Is("missing", Local("wire_role")), absent))
        spelled = True
    known = ", ".join(s for _c, spellings in turn.roles for s in spellings)
    role_at = pointer(turn.role)
    chain: tuple[Step, ...] = (Fail(Text((Local("where"), role_at)), _got(f"a role ({known})", "wire_role")),)
    for test, found in reversed(cases):
        chain = (If(test, found, chain),)
    if spelled:
        steps.append(Let("spelled", Lit(None)))
    steps += [*chain, *sink.begin_turn(Local("role"))]
    if spelled:
        steps.append(If(Not(Is("null", Local("spelled"))), tuple(sink.form(role_at, Local("spelled")))))
    for tf in turn.fields:
        if tf.before:
            steps += _field_parts(tf, sink)
    steps += _content(turn, sink)
    for tf in turn.fields:
        if not tf.before:
            steps += _field_parts(tf, sink)
    steps += unknown_steps("unit", "turn_fields", (), turn.leaves, trees, "known_turn")
    for toks, default in turn.defaults:  # a default written out says nothing; its absence is kept
        key = pointer(toks)
        dropped = If(Eq(Key(Local("turn_fields"), key), default), (Drop("turn_fields", key),))
        steps.append(If(Is("missing", read(Local("unit"), toks)), tuple(sink.form(key, Lit("absent"))), (dropped,)))
    steps += sink.fields(Local("turn_fields"))
    return steps + _end(Local("role"), sink, system)


def _content(turn: Turn, sink: TurnSink) -> list[Step]:
    at = pointer(turn.content)
    where = at_pointer(Local("where"), turn.content)
    text = tuple(sink.text(Part((PartValue("text", Local("content")),))))
    string = tuple(sink.form(at, Lit("string")))
    chain: tuple[Step, ...] = (Fail(where, _got("the turn's content", "content")),)
    absent = tuple(sink.form(at, Lit("absent"))) if turn.empty != EmptyForm.OMIT else ()  # omitted: says nothing
    chain = (If(Is("missing", Local("content")), absent, chain),)
    chain = (If(Is("null", Local("content")), tuple(sink.form(at, Lit("null"))), chain),)
    if turn.string != StringForm.ONLY:
        forms: tuple[Step, ...] = ()
        if turn.string == StringForm.YES:
            forms = (If(Is("single", Local("content")), tuple(sink.form(at, Lit("blocks")))),)
        spelled = If(Is("empty", Local("content")), tuple(sink.form(at, Lit("empty"))), forms)
        block_at = Text((Local("where"), at + "/", Local("j")))
        read_part = Call("part_in", (Local("value"), Local("id_map"), block_at, *map(Local, sink.part_state)))
        blocks = ForEachItem("value", "j", "content", (Do(read_part),))  # each block by the dialect's part_in
        chain = (If(Is("list", Local("content")), (spelled, blocks), chain),)
    if turn.string != StringForm.NO:
        empty = Is("equal", Local("content"), "")
        if turn.empty == EmptyForm.STRING:  # an empty string says the turn has no content part
            as_string: tuple[Step, ...] = (If(empty, string, text),)
        else:
            as_string = (*text, If(empty, string))
        chain = (If(Is("string", Local("content")), as_string, chain),)
    return [Let("content", read(Local("unit"), turn.content)), *chain]


def _field_parts(tf: TurnField, sink: TurnSink) -> list[Step]:
    """Parts a turn holds in a field of its own (Chat tool_calls, Ollama images)."""
    at = pointer(tf.tokens)
    local = f"{tf.tokens[-1]}_field".replace("-", "_")
    value = Local(local)
    if tf.many:
        where: Expr = Text((Local("where"), at + "/", Local("k")))
        each = tuple(_field_part(tf, Local("item"), where, sink))
        index = "k" if tf.part in ("tool_call", "tool_result") else ""  # only a tool part's codec names where
        wrong = Fail(at_pointer(Local("where"), tf.tokens), _got("an array", local))
        read_all: tuple[Step, ...] = (
            If(Not(Is("list", value)), (wrong,)),
            If(Is("empty", value), tuple(sink.form(at, Lit("empty")))),
            ForEachItem("item", index, local, each),
        )
    else:
        read_all = tuple(_field_part(tf, value, at_pointer(Local("where"), tf.tokens), sink))
    present = If(Not(Is("missing", value)), read_all)
    return [
        Let(local, read(Local("unit"), tf.tokens)),
        If(Is("null", value), tuple(sink.form(at, Lit("null"))), (present,)),
    ]


def _field_part(tf: TurnField, value: Expr, where: Expr, sink: TurnSink) -> list[Step]:
    read_part = _tool_part(tf, value, where, sink)
    if tf.kinds is None:
        return read_part
    # an element naming a kind the field's shape does not read (a Chat custom tool call): kept
    # whole as a wire part of the field; a missing or non-string kind is left to the codec
    kind = Local("kind")
    other = All((Is("string", kind), Not(In(kind, tf.kinds[1]))))  # read: missing unless value is an object
    wire = tuple(sink.wire(value, False, pointer(tf.tokens)))
    return [Let("kind", read(value, tf.kinds[0])), If(other, wire, tuple(read_part))]


def _tool_part(tf: TurnField, value: Expr, where: Expr, sink: TurnSink) -> list[Step]:
    if tf.part == "tool_call":
        return list(sink.tool_call(Call("decode_at", (Global("decode_tool_call"), value, where, Local("id_map")))))
    if tf.part == "tool_result":
        return list(sink.tool_result(Call("decode_at", (Global("decode_tool_result"), value, where, Local("id_map")))))
    values: tuple[PartValue, ...] = ()
    steps: list[Step] = []
    if tf.value is not None:
        values = (PartValue(tf.value, value),)
        if tf.part == "image" and tf.value == "data":  # raw base64: its media type from its first bytes
            sniff = Call("sniff_media_type", (value,))
            steps += [Let("sniffed", Lit(None)), If(Is("string", value), (Let("sniffed", sniff),))]
            values += (PartValue("media_type", Local("sniffed"), Not(Is("null", Local("sniffed")))),)
    return steps + list(getattr(sink, tf.part)(Part(values)))


def reads_blocks(layout: RequestLayout) -> bool:
    """Whether the request has lists of blocks (a turn's content, the system field) to read."""
    return layout.turn.string != StringForm.ONLY or layout.system is not None


def lower_part_reader(layout: RequestLayout, sink: TurnSink, trees: Trees) -> Function:
    """`part_in(value, id_map, at, *sink state)`: one wire block (of a turn's content or the
    system field) as the part of the first spelling it matches, through sink."""
    return Function(
        name="part_in",
        params=("value", "id_map", "at", *sink.part_state),
        types=("any", "id_map", "string", *("list",) * len(sink.part_state)),
        doc="One wire block as a canonical part, appended to parts; a block no spelling reads kept verbatim.",
        body=tuple(block_steps(layout.parts, "value", Local("at"), sink, trees, "part")),
        returns=sink.part_state[0],
        result="list",
    )
