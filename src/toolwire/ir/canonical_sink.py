"""The canonical sink: the steps that build today's canonical messages from the turn events
(ir/turn_events.py) a lowered reader emits. `decode_request` is a dialect's reader driving
this sink; a fused converter will drive a dialect's writer instead.

Its state, as locals of the reader's function: `messages` (the list it appends to), `links`
(the runtime's result linkage), and per turn `parts` and `forms`.
"""

from __future__ import annotations

from toolwire.ir.steps import (
    AnyOf,
    Append,
    Arr,
    Call,
    Do,
    Expr,
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
)
from toolwire.ir.turn_events import Part, Steps


class CanonicalSink:
    """Appends one canonical message per turn to the local `messages`."""

    part_state: tuple[str, ...] = ("parts",)  # a part reader appends to the turn's parts

    def __init__(self) -> None:
        self._role: Expr = Lit(None)
        self._fields: Expr | None = None

    def begin(self) -> Steps:
        return (Let("links", Call("links", (Local("id_map"), Global("dialect")))),)

    def begin_turn(self, role: Expr) -> Steps:
        self._role, self._fields = role, None
        return (Let("parts", Arr()), Let("forms", Obj(())))

    def form(self, at: str, spelling: Expr) -> Steps:
        return (Put("forms", at, spelling),)

    def fields(self, value: Expr) -> Steps:
        self._fields = value
        return ()

    def _part(self, kind: str, part: Part) -> Steps:
        head: tuple[tuple[str, Expr], ...] = (("type", Lit(kind)),)
        if kind == "reasoning":
            head += (("dialect", Global("dialect")),)
        first = next((k for k, v in enumerate(part.values) if v.when is not None), len(part.values))
        fixed = tuple((v.name, v.value) for v in part.values[:first])  # in order: the fields up to an optional one
        if first == len(part.values) and part.fields is None and part.forms is None:
            return (Append("parts", Obj(head + fixed)),)
        steps: list[Step] = [Let("part", Obj(head + fixed))]
        for v in part.values[first:]:
            put = Put("part", v.name, v.value)
            steps.append(put if v.when is None else If(v.when, (put,)))
        steps += _extensions("part", part.fields, part.forms)
        return (*steps, Append("parts", Local("part")))

    def text(self, part: Part) -> Steps:
        return self._part("text", part)

    def image(self, part: Part) -> Steps:
        return self._part("image", part)

    def document(self, part: Part) -> Steps:
        return self._part("document", part)

    def reasoning(self, part: Part) -> Steps:
        return self._part("reasoning", part)

    def refusal(self, part: Part) -> Steps:
        return self._part("refusal", part)

    def tool_call(self, call: Expr) -> Steps:
        return (Append("parts", Obj((("type", Lit("tool_call")), ("call", call)))),)

    def tool_result(self, result: Expr) -> Steps:
        return (Append("parts", Obj((("type", Lit("tool_result")), ("result", result)))),)

    def wire(self, block: Expr, unit: bool, field: str | None = None) -> Steps:
        items: tuple[tuple[str, Expr], ...] = (("type", Lit("wire")), ("dialect", Global("dialect")), ("value", block))
        items += (("unit", Lit(True)),) if unit else ()
        return (Append("parts", Obj(items + ((("field", Lit(field)),) if field is not None else ()))),)

    def end_turn(self) -> Steps:
        message = Obj((("role", self._role), ("parts", Local("parts"))))
        steps: list[Step] = [Let("message", message)]
        steps += _extensions("message", self._fields, Local("forms"))
        steps += [
            Do(Call("link_turn", (Local("links"), Local("message"), Local("where")))),
            Append("messages", Local("message")),
        ]
        return tuple(steps)


def _extensions(target: str, fields: Expr | None, forms: Expr | None) -> list[Step]:
    """The target's extensions of this dialect: its kept fields and forms, when it has any."""
    kept = [(key, e) for key, e in (("fields", fields), ("forms", forms)) if e is not None]
    if not kept:
        return []
    if len(kept) == 1:
        key, e = kept[0]
        own = Call("own_of", (Global("dialect"), Obj(((key, e),))))
        return [If(Not(Is("empty", e)), (Put(target, "extensions", own),))]
    steps: list[Step] = [Let("own", Obj(()))]
    steps += [If(Not(Is("empty", e)), (Put("own", key, e),)) for key, e in kept]
    put = Put(target, "extensions", Call("own_of", (Global("dialect"), Local("own"))))
    return [If(AnyOf(tuple(Not(Is("empty", e)) for _key, e in kept)), (*steps, put))]
