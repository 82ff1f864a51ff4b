"""Lowering: a whole request, canonical -> wire, as steps (what the interpreter's
`encode_request` and `_system` did with the request layout, every choice made here): the
model; the leading system turns into the dialect's system field (a later one stays a turn
where the dialect's turns can say system, else it moves there, reported); the turns (the
writer of ir/lower_writer.py); tools and tool choice; settings; the dialect's own fields."""

from __future__ import annotations

from toolwire.ir.conversation_nodes import RequestLayout, StringForm, SystemField, writes_citations
from toolwire.ir.lower_parts_out import SHAPES, block_of, has_fields, put_at, read_at
from toolwire.ir.lower_render import part_names
from toolwire.ir.lower_rules import broken, kept, places
from toolwire.ir.lower_rules_cofields import co_required_filled, less_than_kept
from toolwire.ir.lower_rules_counted import counted_kept
from toolwire.ir.lower_single import single_writer
from toolwire.ir.steps import (
    All,
    Append,
    Arr,
    Call,
    Do,
    Drop,
    Expr,
    Fail,
    ForEachItem,
    Function,
    Get,
    Global,
    If,
    Index,
    Invoke,
    Is,
    Key,
    Less,
    Let,
    Lit,
    Local,
    Lose,
    Not,
    Obj,
    Same,
    Step,
    Text,
)
from toolwire.spec.positions import pointer

PART, AT = Local("part"), Local("at")
# A request the dialect refuses without a model has no valid form: an error, never a loss.
_NO_MODEL = "the dialect requires a model and the request names none (pass model=, or --model)"


def _one_string(system: SystemField) -> tuple[Step, ...]:
    """Every hoisted part as one string: a part that is no text, or a second block, a loss."""
    other = Lose(
        "part.unsupported",
        AT,
        Text((Call("article", (Call("shown", (PART, Lit("type"))),)), " part in the system instructions")),
    )
    second = Lose("content.joined", AT, "system instructions as separate blocks (they are one string)")
    each = (
        Let("part", Index(Local("entry"), 0)),
        Let("at", Index(Local("entry"), 1)),
        If(
            Not(Is("equal", Key(PART, "type"), "text")),
            (other,),
            (If(Less(Lit(0), Local("n")), (second,)),),
        ),
        Do(Call("said", (PART, AT))),
    )
    text = If(
        Is("equal", Key(Index(Local("entry"), 0), "type"), "text"),
        (Append("texts", Get(Index(Local("entry"), 0), "text")),),
    )
    return (
        ForEachItem("entry", "n", "parts", each),
        Let("texts", Arr()),
        ForEachItem("entry", "_", "parts", (text,)),
        Let("value", Call("join", (Local("texts"),))),
    )


def _blocks(layout: RequestLayout, system: SystemField) -> tuple[Step, ...]:
    """Every hoisted part as a block of the system field, in its first spelling for system."""
    names = part_names(layout)
    rules = places(layout).system_blocks
    append = kept(rules, Local("block"), AT, "a system block", (Append("blocks", Local("block")),))
    lost = Lose(
        "part.unsupported",
        AT,
        Text((Call("article", (Call("shown", (PART, Lit("type"))),)), " part in the system instructions")),
    )
    chain: tuple[Step, ...] = (lost,)
    for i, sp in reversed(list(enumerate(layout.parts))):
        if sp.roles and "system" not in sp.roles:
            continue
        keep: tuple[Step, ...] = (Let("block", block_of(sp, names.get(i, ""), PART, AT)),)
        keep += (If(Not(Is("null", Local("block"))), append),)
        test: Expr = Is("equal", Key(PART, "type"), sp.part)
        fields = None if sp.part in SHAPES else has_fields(sp, PART)
        chain = (If(test if fields is None else All((test, fields)), keep, chain),)
    own = All((Is("equal", Key(PART, "type"), "wire"), Same(Key(PART, "dialect"), Global("dialect"))))
    chain = (If(own, (Append("blocks", Get(PART, "value")),), chain),)
    each = (Let("part", Index(Local("entry"), 0)), Let("at", Index(Local("entry"), 1)), *chain)
    steps: list[Step] = [Let("blocks", Arr()), ForEachItem("entry", "_", "parts", each)]
    if system.parts is None:
        steps.append(Let("value", Local("blocks")))
    else:
        first = Text(("/messages/", Index(Index(Local("hoisted"), 0), 0)))
        steps += [
            Let("value", Obj(())),
            put_at("value", system.parts, Local("blocks")),
            Do(Call("put_fields", (Local("value"), Local("own"), first))),
        ]
    return tuple(steps)


def lower_system_writer(layout: RequestLayout, system: SystemField) -> Function:
    """The function writing the hoisted system turns as the dialect's system field."""
    message_own = Call("own", (Index(Local("entry"), 1), AT))
    kept: tuple[Step, ...] = (Do(message_own),)  # one string keeps no form or field of the turn
    if system.string != StringForm.ONLY:
        kept = (Let("message_own", message_own), If(Less(Local("n"), Lit(1)), (Let("own", Local("message_own")),)))
    gather = (
        Let("at", Text(("/messages/", Index(Local("entry"), 0)))),
        *kept,
        ForEachItem(
            "part",
            "pj",
            "message_parts",
            (Append("parts", Arr((PART, Text((AT, "/parts/", Local("pj")))))),),
        ),
    )
    body: list[Step] = [
        Let("parts", Arr()),
        *((Let("own", Lit({})),) if system.string != StringForm.ONLY else ()),
        ForEachItem(
            "entry",
            "n" if system.string != StringForm.ONLY else "_",
            "hoisted",
            (Let("message_parts", Get(Index(Local("entry"), 1), "parts")), *gather),
        ),
    ]
    if system.string != StringForm.ONLY:
        body.append(Let("form", Call("form_of", (Call("forms_of", (Local("own"),)), Lit("")))))
    empty: Expr = Is("empty", Local("parts"))
    if system.string != StringForm.ONLY:
        empty = All((empty, Is("equal", Local("form"), "string")))
    if system.string == StringForm.ONLY:
        written: tuple[Step, ...] = _one_string(system)
    elif system.string == StringForm.YES:
        first = Index(Index(Local("parts"), 0), 0)
        tests: list[Expr] = [
            Is("single", Local("parts")),
            Is("equal", Key(first, "type"), "text"),
            Not(Call("mine", (first,))),
            Not(Is("equal", Local("form"), "blocks")),
        ]
        if writes_citations(layout.parts):  # a text with citations the target writes: a block
            tests.append(Is("missing", Key(first, "citations")))
        one = All(tuple(tests))
        written = (If(one, _one_string(system), _blocks(layout, system)),)
    else:
        written = _blocks(layout, system)
    body.append(If(empty, (Let("value", Lit("")),), written))
    return Function(
        name="system_out",
        params=("hoisted", "out"),
        types=("entries", "out"),
        doc="The system turns moved out of the conversation (each [index, message]) as the system field.",
        body=tuple(body),
        returns="value",
        result="any",
        lose=True,
    )


def _placed(layout: RequestLayout, system: SystemField) -> list[Step]:
    """The leading system turns (not kept a turn by the dialect's own payload), and later
    ones where no turn says system, into the system field."""
    keeps = "system" in dict(layout.turn.roles)
    leading = All(
        (Is("equal", Local("role"), "system"), Not(Is("equal", Call("own_form", (Local("message"), Lit(""))), "turn")))
    )
    lead = (
        Let("role", Get(Local("message"), "role")),
        If(
            All((Local("leading"), leading)),
            (Append("hoisted", Arr((Local("mi"), Local("message")))), Let("lead", Call("length", (Local("hoisted"),)))),
            (Let("leading", Lit(False)),),
        ),
    )
    steps: list[Step] = [
        Let("lead", Lit(0)),
        Let("leading", Lit(True)),
        Let("hoisted", Arr()),
        ForEachItem("message", "mi", "messages", lead),
    ]
    if not keeps:
        moved = "a system turn after the conversation started (moved to the system instructions)"
        later = If(
            All((Not(Less(Local("mi"), Local("lead"))), Is("equal", Get(Local("message"), "role"), "system"))),
            (
                Lose("system.moved", Text(("/messages/", Local("mi"))), moved),
                Append("hoisted", Arr((Local("mi"), Local("message")))),
            ),
        )
        steps.append(ForEachItem("message", "mi", "messages", (later,)))
    null = If(
        Is("equal", Call("form_of", (Local("forms"), Lit(pointer(system.tokens)))), "null"),
        (put_at("wire", system.tokens, Lit(None)),),
    )
    written: tuple[Step, ...] = (
        put_at("wire", system.tokens, Invoke("system_out", (Local("hoisted"), Local("out"), Local("lose")))),
    )
    first = Text(("/messages/", Index(Index(Local("hoisted"), 0), 0)))
    for placed in places(layout).system:  # an empty system field is left out
        said = f"empty system instructions (dropped; rule {placed.rule.name})"
        dropped = (Lose("turn.empty_dropped", first, said), Drop("wire", system.tokens[0]))
        written += (If(broken(placed, Local("wire")), dropped),)
    steps.append(If(Not(Is("empty", Local("hoisted"))), written, (null,)))
    return steps


def lower_request_writer(layout: RequestLayout) -> Function:
    """The function writing a whole canonical request as the dialect's request."""
    body: list[Step] = [
        Let("own", Call("own", (Local("canonical"), Lit("")))),
        Let("forms", Call("forms_of", (Local("own"),))),
        Let("wire", Obj(())),
        Let("name", Key(Local("canonical"), "model")),
        If(Is("missing", Local("name")), (Let("name", Local("model")),)),
    ]
    absent: tuple[Step, ...] = ()
    if layout.model_required and layout.model is not None:
        absent = (Fail(pointer(layout.model), Lit(_NO_MODEL), "required"),)
    named = If(
        Not(Is("missing", Key(Local("canonical"), "model"))),
        (Lose("model.dropped", "/model", "the model name"),),
        absent,
    )
    if layout.model is not None:
        body.append(If(Not(Is("null", Local("name"))), (put_at("wire", layout.model, Local("name")),), (named,)))
    else:
        body.append(named)
    body.append(Let("messages", Get(Local("canonical"), "messages")))
    if layout.system is not None:
        body += _placed(layout, layout.system)
        lead: Expr = Local("lead")
    else:
        lead = Lit(0)
    units = Invoke("turns_out", (Local("messages"), lead, Local("out"), Local("lose")))
    body.append(Let("units", units))
    # one turn whose content is one string, sent as the dialect's own payload sent it: the string alone
    one = All(
        (
            Is("equal", Call("form_of", (Local("forms"), Lit(pointer(layout.turns)))), "string"),
            Is("single", Local("units")),
        )
    )
    written: tuple[Step, ...] = (put_at("wire", layout.turns, Local("units")),)
    if layout.single is not None:  # one user turn given alone, written back so
        body += single_writer(layout, layout.single)
        alone = (put_at("wire", layout.turns, Local("alone")),)
        written = (If(Is("null", Local("alone")), written, alone),)
    body += [
        Let("text", Lit(None)),
        If(one, (Let("text", read_at(Index(Local("units"), 0), layout.turn.content)),)),
        If(Is("string", Local("text")), (put_at("wire", layout.turns, Local("text")),), written),
    ]
    body.append(Do(Call("tools_out", (Local("wire"), Local("canonical"), Local("forms")))))
    settings = Key(Local("canonical"), "settings")
    body += [
        Let("settings", settings),
        If(Is("falsy", Local("settings")), (Let("settings", Lit({})),)),
        Do(Invoke("settings_out", (Local("wire"), Local("settings"), Local("forms"), Local("lose")))),
        Do(Call("put_fields", (Local("wire"), Local("own"), Lit("")))),
    ]
    body += less_than_kept(places(layout).less_than, layout.settings)  # the settings as written, own fields too
    body += co_required_filled(places(layout).co_required)  # last: a field some blocks need, filled from the calls
    return Function(
        name="request_out",
        params=("canonical", "model", "out"),
        types=("object", "any", "out"),
        doc="A canonical request as the dialect's request (its losses reported through out).",
        body=tuple(body),
        returns="wire",
        lose=True,
    )


def lower_request_kept(layout: RequestLayout) -> Function | None:
    """The counting rules (at_most, ordered) kept on the request as sent, once the runtime has
    put in its marker blocks too (Bedrock's cachePoint); None when the dialect has none."""
    body = counted_kept(places(layout).counted)
    if not body:
        return None
    return Function(
        name="request_kept",
        params=("wire",),
        doc="The request as written, each value a counting rule refuses removed (its losses through lose).",
        body=body,
        returns="wire",
        lose=True,
    )
