"""Lowering: a request's system field (Anthropic `system`, Gemini `systemInstruction`,
Responses `instructions`), wire -> the leading canonical system turn, as steps.

The steps do what the interpreter's `_system` did with the layout's SystemField, every
choice made here: one string stands for one text part where the dialect allows it (empty:
a system turn saying nothing, kept as the `string` form); otherwise an array of blocks, each
read by the dialect's part spellings; a single block where a string would do is kept as the
`blocks` form; the holder object's other keys (Gemini's) are kept as extension fields.
"""

from __future__ import annotations

from toolwire.ir.conversation_nodes import StringForm, SystemField
from toolwire.ir.steps import (
    Arr,
    Call,
    Do,
    Expr,
    Fail,
    ForEachItem,
    ForEachKey,
    Function,
    Global,
    If,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Not,
    Obj,
    Put,
    Step,
    Text,
)
from toolwire.spec.positions import pointer


def lower_system_reader(system: SystemField) -> Function:
    at = pointer(system.tokens)
    text = Obj((("role", Lit("system")), ("parts", Arr((Obj((("type", Lit("text")), ("text", Local("value")))),)))))
    said_nothing = Call("own_of", (Global("dialect"), Obj((("forms", Obj((("", Lit("string")),))),))))
    empty = Obj((("role", Lit("system")), ("parts", Arr()), ("extensions", said_nothing)))
    as_string: tuple[Step, ...] = (
        If(Is("equal", Local("value"), ""), (Let("message", empty),), (Let("message", text),)),
    )
    if system.string == StringForm.ONLY:
        got = Text(("expected a string, got ", Call("describe", (Local("value"),))))
        body: tuple[Step, ...] = (If(Is("string", Local("value")), as_string, (Fail(at, got),)),)
    elif system.string == StringForm.YES:
        body = (If(Is("string", Local("value")), as_string, _blocks(system)),)
    else:
        body = _blocks(system)
    return Function(
        name="system_in",
        params=("value", "codecs", "id_map"),
        types=("any", "codecs", "id_map"),
        doc="The request's system field as its leading canonical system turn.",
        body=body,
        returns="message",
    )


def _blocks(system: SystemField) -> tuple[Step, ...]:
    at = pointer(system.tokens)
    blocks: Expr = Local("value")
    for token in system.parts or ():
        blocks = Key(blocks, token)
    got = Text(("expected an array of blocks, got ", Call("describe", (Local("blocks"),))))
    where = Text((at + pointer(system.parts or ()) + "/", Local("i")))
    read = Call("part_in", (Local("block"), Local("id_map"), where, Local("parts")))  # the generated block reader
    steps: list[Step] = [
        Let("blocks", blocks),
        If(Not(Is("list", Local("blocks"))), (Fail(at, got),)),
        Let("parts", Arr()),
        ForEachItem("block", "i", "blocks", (Do(read),)),
        Let("message", Obj((("role", Lit("system")), ("parts", Local("parts"))))),
        Let("own", Obj(())),
    ]
    if system.parts is not None:  # the holder's other keys, kept as extension fields
        keep = Put("fields", Text(("/", Local("key")), token=(1,)), Local("kept"))
        steps += [
            Let("fields", Obj(())),
            If(
                Is("object", Local("value")),
                (ForEachKey("key", "value", (If(Not(Is("equal", Local("key"), system.parts[0])), (keep,)),), "kept"),),
            ),
            If(Not(Is("empty", Local("fields"))), (Put("own", "fields", Local("fields")),)),
        ]
    if system.string == StringForm.YES:
        steps.append(If(Is("single", Local("blocks")), (Put("own", "forms", Obj((("", Lit("blocks")),))),)))
    extensions = Call("own_of", (Global("dialect"), Local("own")))  # {dialect: own}
    steps.append(If(Not(Is("empty", Local("own"))), (Put("message", "extensions", extensions),)))
    return tuple(steps)
