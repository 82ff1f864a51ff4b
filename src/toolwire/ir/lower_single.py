"""Lowering: turns given as one user turn alone (conversation.request.single: Interactions'
`input` as a string, one content block or a list of blocks), both ways.

Reading, such a value is one canonical user message, its spelling kept as the form at the turns
pointer (string, single, blocks); a list is content when its first element is a block of a
listed kind, turns otherwise. Writing, a request whose turns are still that one user message
(no extensions of its own; for a string, one plain text part) goes back in its spelling; any
other request is written as turns.
"""

from __future__ import annotations

from toolwire.ir.conversation_nodes import RequestLayout, SingleTurn
from toolwire.ir.lower_parts import read
from toolwire.ir.steps import (
    All,
    Append,
    Arr,
    Call,
    Do,
    ForEachItem,
    If,
    In,
    Index,
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


def _one_user_turn(at: str, form: str) -> tuple[Step, ...]:
    """The canonical user message of the parts local, its spelling kept as a form."""
    message = Obj((("role", Lit("user")), ("parts", Local("parts"))))
    return (Put("forms", at, Lit(form)), Append("messages", message))


def single_reader(single: SingleTurn, at: str, turns: tuple[Step, ...]) -> tuple[Step, ...]:
    """The steps reading units: content blocks given alone, else turns (the given steps)."""
    if single.kind is None:
        return turns
    kinds = single.kinds
    part_in = Call("part_in", (Local("value"), Local("id_map"), Text((at + "/", Local("j"))), Local("parts")))
    blocks = (
        Let("parts", Arr()),
        ForEachItem("value", "j", "units", (Do(part_in),)),
        *_one_user_turn(at, "blocks"),
    )
    block = (
        Let("parts", Arr()),
        Do(Call("part_in", (Local("units"), Local("id_map"), Lit(at), Local("parts")))),
        *_one_user_turn(at, "single"),
    )
    first = In(read(Index(Local("units"), 0), single.kind), kinds)
    listed = If(Is("empty", Local("units")), turns, (If(first, blocks, turns),))
    return (
        If(Is("list", Local("units")), (listed,), (If(In(read(Local("units"), single.kind), kinds), block, turns),)),
    )


def single_writer(layout: RequestLayout, single: SingleTurn) -> list[Step]:
    """Steps setting `alone` to the value written for the turns when the request is still the
    one user turn its form says it came as (`units` are the turns as written)."""
    turn = layout.turn
    user = next(spellings[0] for canonical, spellings in turn.roles if canonical == "user")
    form = Call("form_of", (Local("forms"), Lit(pointer(layout.turns))))
    content = Key(Index(Local("units"), 0), turn.content[0]) if len(turn.content) == 1 else None
    if content is None:
        return []
    # the last message that is no system instruction: with one user unit written, the user turn
    last = If(Not(Is("equal", Key(Local("message"), "role"), "system")), (Let("user", Local("message")),))
    plain = All(
        (Is("equal", read(Index(Local("units"), 0), turn.role), user), Is("missing", Key(Local("user"), "extensions")))
    )
    chosen: list[Step] = [
        If(Is("equal", Local("single_form"), "blocks"), (Let("alone", Local("content")),)),
        If(
            All((Is("equal", Local("single_form"), "single"), Is("single", Local("content")))),
            (Let("alone", Index(Local("content"), 0)),),
        ),
    ]
    if single.string:
        chosen.append(Let("user_parts", Key(Local("user"), "parts")))
        parts = Local("user_parts")
        text = Index(parts, 0)
        one_text = All((Is("equal", Key(text, "type"), "text"), Is("missing", Key(text, "extensions"))))
        string = All((Is("equal", Local("single_form"), "string"), Is("single", parts), one_text))
        chosen.append(If(string, (Let("alone", Key(text, "text")),)))
    return [
        Let("alone", Lit(None)),
        Let("single_form", form),
        If(
            Is("single", Local("units")),
            (
                Let("user", Lit(None)),
                ForEachItem("message", "", "messages", (last,)),
                Let("content", content),
                If(All((plain, Is("list", Local("content")))), tuple(chosen)),
            ),
        ),
    ]
