"""Lowering: a whole request, wire -> canonical, as steps: what the interpreter's
`decode_request` did with the layout, every choice made here. The model; the system field
as the leading system turn (a null one kept as a form); the turns (one string standing for
one user text where the dialect allows it, kept as the `string` form); the tools and tool
choice, then the settings (each compiled on its own); every key the layout does not read
kept as an extension field.
"""

from __future__ import annotations

from toolwire.ir.conversation_nodes import RequestLayout, StringForm
from toolwire.ir.lower_parts import read
from toolwire.ir.lower_single import single_reader
from toolwire.ir.steps import (
    AnyOf,
    Append,
    Arr,
    Call,
    Do,
    Fail,
    ForEachKey,
    Function,
    Global,
    If,
    Is,
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


def lower_request_reader(layout: RequestLayout) -> Function:
    """`request_in(wire, id_map)`: the canonical request of a wire request."""
    got = Text(("expected a request object, got ", Call("describe", (Local("wire"),))))
    body: list[Step] = [
        If(Not(Is("object", Local("wire"))), (Fail("", got),)),
        Let("request", Obj(())),
        Let("forms", Obj(())),
    ]
    if layout.model is not None:
        body += [
            Let("model", read(Local("wire"), layout.model)),
            If(Not(Is("missing", Local("model"))), (Put("request", "model", Local("model")),)),
        ]
    body.append(Let("messages", Arr()))
    if layout.system is not None:
        at = pointer(layout.system.tokens)
        system = Call("system_in", (Local("system"), Global("codecs"), Local("id_map")))
        present = If(Not(Is("missing", Local("system"))), (Append("messages", system),))
        body += [
            Let("system", read(Local("wire"), layout.system.tokens)),
            If(Is("null", Local("system")), (Put("forms", at, Lit("null")),), (present,)),
        ]
    at = pointer(layout.turns)
    nothing = Fail(at, Lit("expected the conversation's turns, got nothing"))
    turns: tuple[Step, ...] = (Do(Call("turns_in", (Local("units"), Local("id_map"), Local("messages")))),)
    if layout.single is not None:  # Interactions: input as content blocks alone
        turns = single_reader(layout.single, at, turns)
    if layout.turn.string != StringForm.NO or (layout.single and layout.single.string):  # input as one user text
        text = Obj((("type", Lit("text")), ("text", Local("units"))))
        one = (
            Put("forms", at, Lit("string")),
            Append("messages", Obj((("role", Lit("user")), ("parts", Arr((text,)))))),
        )
        turns = (If(Is("string", Local("units")), one, turns),)
    body += [Let("units", read(Local("wire"), layout.turns)), If(Is("missing", Local("units")), (nothing,)), *turns]
    body += [
        Put("request", "messages", Local("messages")),
        Let("fields", Obj(())),
        Let("found", Call("tools_in", (Local("wire"), Local("id_map"), Local("fields"), Local("forms")))),
        ForEachKey("key", "found", (Put("request", Local("key"), Local("got")),), value="got"),
        Let("settings", Call("settings_in", (Local("wire"), Local("forms"), Local("fields")))),
        If(Not(Is("empty", Local("settings"))), (Put("request", "settings", Local("settings")),)),
        Do(Call("unknown_into", (Local("wire"), Global("request_known"), Lit(""), Local("fields")))),
    ]
    own = (
        Let("own", Obj(())),
        If(Not(Is("empty", Local("fields"))), (Put("own", "fields", Local("fields")),)),
        If(Not(Is("empty", Local("forms"))), (Put("own", "forms", Local("forms")),)),
        Put("request", "extensions", Call("own_of", (Global("dialect"), Local("own")))),
    )
    body.append(If(AnyOf((Not(Is("empty", Local("fields"))), Not(Is("empty", Local("forms"))))), own))
    return Function(
        name="request_in",
        params=("wire", "id_map"),
        types=("any", "id_map"),
        doc="A whole wire request as the canonical request; what the layout does not read kept as extensions.",
        body=tuple(body),
        returns="request",
    )
