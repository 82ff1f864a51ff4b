"""Lowering: a dialect's turn writer, canonical events -> wire turns, as steps (what the
interpreter's `encode_turns` and `_carried` did with the layout, every choice made here).

The writer holds the open group in locals: adjacent messages of one role join one wire turn
(unless the dialect's own payload kept them apart: the `separate` form), a part that is a
wire unit of its own (a Chat tool message) ends the turn so far, and a group is written by
the turn function (ir/lower_render.py) when the next one opens. Another dialect's reasoning
or wire block is a loss (reasoning becomes text when asked for); tool calls are noted so
that a result naming no tool finds the latest call with its id. The target's provider rules
(ir/lower_rules.py): a turn a non_empty rule drops is not written (where roles must
alternate, the next turn of the last written turn's role joins it), a role_order rule
puts its bridge turn before a turn that would break it, and a first_role rule its bridge turn
before a first turn of another role.
"""

from __future__ import annotations

from dataclasses import replace

from toolwire.ir.conversation_nodes import RequestLayout, ResponseLayout, Spelling, StringForm
from toolwire.ir.lower_canonical_reader import lower_canonical_reader
from toolwire.ir.lower_parts_out import SHAPES, UNSIGNED, block_of, has_fields, lower_part_writer
from toolwire.ir.lower_render import lower_turn_writer, part_names
from toolwire.ir.lower_rules import Places, ordered, places, rejoined
from toolwire.ir.lower_rules_cofields import first_turn
from toolwire.ir.steps import (
    MISSING,
    All,
    AnyOf,
    Append,
    Arr,
    Call,
    Do,
    Expr,
    Function,
    Get,
    Global,
    If,
    In,
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
from toolwire.ir.write_events import PartEvent, TurnEvent

Layout = RequestLayout | ResponseLayout
EMPTY = Lit({})


class TurnWriter:
    """The steps one dialect's turns take for each canonical event (ir/turn_events.py)."""

    def __init__(self, layout: Layout, keep_empty: bool = False) -> None:
        self.layout = layout
        self.keep_empty = keep_empty  # a turn whose every part is lost is still written (a response's)
        self.rules: Places | None = places(layout) if isinstance(layout, RequestLayout) else None

    def _append(self, value: Expr, at: Expr) -> tuple[Step, ...]:
        """A wire unit appended (after a bridge turn where a role order rule asks for one)."""
        if self.rules is None:
            appended: tuple[Step, ...] = (Append("units", value),)
        else:
            appended = (
                *first_turn(self.rules.firsts, self.rules.orders, value, at),
                *ordered(self.rules.orders, value, at),
            )
        if self.rules is not None and self.rules.turns and self._rejoins():
            appended += (Let("w_unit", value), Let("w_dropped", Lit(False)))
        return appended

    # --- the open group ---------------------------------------------------------------

    def _write(self) -> tuple[Step, ...]:
        group = (Local("g_role"), Local("g_own"), Local("g_at"), Local("g_parts"), Local("out"), Local("lose"))
        turn = Invoke("turn_out", group)
        if self.rules is None or not (self.rules.turns or self.rules.orders or self.rules.firsts):
            return (Append("units", turn),)
        kept = self._append(Local("written"), Local("g_at"))
        if not self.rules.turns:
            return (Let("written", turn), *kept)
        if self._rejoins():
            kept = rejoined(self.layout.turn.role, self.layout.turn.content, kept)
            return (Let("written", turn), If(Is("null", Local("written")), (Let("w_dropped", Lit(True)),), kept))
        return (Let("written", turn), If(Not(Is("null", Local("written"))), kept))  # a dropped turn is null

    def _rejoins(self) -> bool:
        """Whether a turn after a dropped one joins the turn before it when their roles match
        (a dialect whose roles must alternate; its content is always a list of blocks)."""
        layout = self.layout
        return isinstance(layout, RequestLayout) and layout.alternating and layout.turn.string == StringForm.NO

    def _open(self, role: Expr, own: Expr, at: Expr) -> tuple[Step, ...]:
        return (
            Let("g_role", role),
            Let("g_own", own),
            Let("g_at", at),
            Let("g_parts", Arr()),
            Let("g_empty", Lit(False)),
        )

    def begin(self) -> tuple[Step, ...]:
        last: tuple[Step, ...] = (Let("w_last", Lit("")),) if self.rules is not None and self.rules.orders else ()
        if self.rules is not None and self.rules.turns and self._rejoins():
            last += (Let("w_unit", Lit(None)), Let("w_dropped", Lit(False)))
        return (Let("units", Arr()), *last, *self._open(MISSING, EMPTY, Lit("")))

    def begin_turn(self, event: TurnEvent) -> tuple[Step, ...]:
        new: Expr = Not(Same(Local("g_role"), event.role))
        if not (isinstance(self.layout, RequestLayout) and self.layout.alternating):
            separate = Is("equal", Call("form_of", (Call("forms_of", (Local("own"),)), Lit(""))), "separate")
            new = AnyOf((new, separate))
        flush = If(_any(Not(Is("empty", Local("g_parts"))), Local("g_empty")), self._write())
        steps: list[Step] = [
            Let("own", Call("own", (event.message, event.at))),
            If(new, (flush, *self._open(event.role, Local("own"), event.at))),
        ]
        steps.append(Let("g_empty", Lit(True)) if self.keep_empty else If(event.empty, (Let("g_empty", Lit(True)),)))
        return tuple(steps)

    def end_turn(self, event: TurnEvent) -> tuple[Step, ...]:
        return ()

    def finish(self) -> tuple[Step, ...]:
        return (If(_any(Not(Is("empty", Local("g_parts"))), Local("g_empty")), self._write()),)

    # --- parts --------------------------------------------------------------------------

    def _units(self, kind: str) -> list[tuple[int, Spelling]]:
        """The units of kind that can write a part: a shape's part is written by its codec, so
        a later unit of the same shape and role (another wire kind of it, Responses' custom
        calls beside function calls) is only read, never chosen."""
        units = [(i, sp) for i, sp in enumerate(self.layout.units) if sp.part == kind]
        if kind not in SHAPES:
            return units
        return [(i, sp) for i, sp in units if next(u for _j, u in units if u.role == sp.role) is sp]

    def _unit(self, value: tuple[Step, ...], event: PartEvent) -> tuple[Step, ...]:
        """A part that is a wire unit of its own: it ends the turn so far."""
        alone = Lose("turn.fields_dropped", Local("g_at"), "the fields of a turn made only of separate units")
        fields = Not(Is("falsy", Key(Local("g_own"), "fields")))
        return (
            If(Not(Is("empty", Local("g_parts"))), self._write(), (If(fields, (alone,)),)),
            *value,
            *self._open(event.role, EMPTY, Local("at")),
        )

    def _gather(self, kind: str, event: PartEvent) -> tuple[Step, ...]:
        """A part of kind into the open turn, or, in a role where the dialect writes it as a
        unit of its own, that unit."""
        steps: tuple[Step, ...] = (Append("g_parts", Arr((event.part, event.at))),)
        for i, sp in reversed(self._units(kind)):
            name = f"unit_out_{i}"
            written: tuple[Step, ...] = (Let("value", block_of(sp, name, event.part, event.at)),)
            written += (If(Not(Is("null", Local("value"))), self._append(Local("value"), event.at)),)
            # a unit is chosen as a part's spelling is: in its role, holding every field it needs
            needs = None if sp.part in SHAPES else has_fields(sp, event.part)
            test = Is("equal", event.role, sp.role) if needs is None else All((Is("equal", event.role, sp.role), needs))
            steps = (If(test, self._unit(written, event), steps),)
        return steps

    def text(self, event: PartEvent) -> tuple[Step, ...]:
        return self._gather("text", event)

    def image(self, event: PartEvent) -> tuple[Step, ...]:
        return self._gather("image", event)

    def document(self, event: PartEvent) -> tuple[Step, ...]:
        return self._gather("document", event)

    def refusal(self, event: PartEvent) -> tuple[Step, ...]:
        return self._gather("refusal", event)

    def other(self, event: PartEvent) -> tuple[Step, ...]:
        return self._gather("", event)

    def reasoning(self, event: PartEvent) -> tuple[Step, ...]:
        dialect = Key(event.part, "dialect")
        text = Key(event.part, "text")
        as_text = Obj((("type", Lit("text")), ("text", Get(event.part, "text"))))
        lost = Lose(
            "reasoning.dropped",
            event.at,
            Text(("reasoning from ", _shown(event.part), f" ({FOREIGN})")),
        )
        said = All((Call("as_text", ()), Not(Is("falsy", text))))
        sent = replace(event, part=Local("sent"))  # the part as text

        def as_text_or(loss: Lose, foreign: bool = False) -> tuple[Step, ...]:
            # another dialect's signature cannot go with its text: a loss
            told: tuple[Step, ...] = (Do(Call("text_signed", (event.part, event.at))),) if foreign else ()
            return (If(said, (*told, Let("sent", as_text), *self._gather("text", sent)), (loss,)),)

        own = self._gather("reasoning", event)
        spellings = [sp for sp in self.layout.parts if sp.part == "reasoning"]
        if any(sp.signed is not None for sp in spellings):  # its own reasoning, unsigned: as another's
            fits = AnyOf(tuple(_fits(sp, event) for sp in spellings))
            own = (If(fits, own, as_text_or(Lose("reasoning.dropped", event.at, UNSIGNED))),)
        kept = (If(Same(dialect, Global("dialect")), own, as_text_or(lost, foreign=True)),)
        # reasoning="drop": every reasoning part goes, its loss recorded (never refused)
        return (If(Call("dropping", ()), (Do(Call("drop_asked", (event.at,))),), kept),)

    def wire(self, event: PartEvent) -> tuple[Step, ...]:
        dialect = Key(event.part, "dialect")
        what = Call("wire_what", (event.part,))
        unit = self._unit(self._append(Get(event.part, "value"), event.at), event)
        own = (If(Not(Is("falsy", Key(event.part, "unit"))), unit, self._gather("wire", event)),)
        return (If(Same(dialect, Global("dialect")), own, (Lose("part.unsupported", event.at, what),)),)

    def tool_call(self, event: PartEvent) -> tuple[Step, ...]:
        return (Do(Call("called", (event.part,))), *self._gather("tool_call", event))

    def tool_result(self, event: PartEvent) -> tuple[Step, ...]:
        sent = replace(event, part=Local("sent"))  # naming the call it answers where the id map would not
        return (Let("sent", Call("answered", (event.part,))), *self._gather("tool_result", sent))


# the loss of another dialect's reasoning, as the runtime's _reasoning_claude.FOREIGN says it
FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model"


def _fits(sp: Spelling, event: PartEvent) -> Expr:
    """The part may be written in spelling sp (its role, its fields, its signature)."""
    tests: list[Expr] = [In(event.role, sp.roles)] if sp.roles else []
    fields = has_fields(sp, event.part)
    tests += [fields] if fields is not None else []
    return All(tuple(tests)) if tests else Lit(True)


def _any(*values: Expr) -> Expr:
    return AnyOf(values)


def _shown(part: Expr) -> Expr:
    """The part's dialect as the interpreter showed it (Python's str of the value, None for none)."""
    return Call("shown", (part, Lit("dialect")))


def lower_turns_writer(layout: RequestLayout) -> list[Function]:
    """The request's turns writer: the canonical reader driving this dialect's writer, the
    turn function, and one function per spelled part or unit."""
    writer = TurnWriter(layout)
    keep: Expr | None = None
    if layout.system is not None:  # the leading system turns (and, where no turn says system, later ones) moved
        keep = Not(Less(Local("mi"), Local("lead")))
        if "system" not in dict(layout.turn.roles):
            keep = All((keep, Not(Is("equal", Local("role"), "system"))))
    body = lower_canonical_reader(writer, "messages", keep)
    functions = [
        Function(
            name="turns_out",
            params=("messages", "lead", "out"),
            types=("entries", "int", "out"),
            doc="The canonical messages (from lead on; a system turn moved to the system field skipped) as wire turns.",
            body=body,
            returns="units",
            result="entries",
            lose=True,
        ),
        lower_turn_writer(layout),
    ]
    names = part_names(layout)
    functions += [lower_part_writer(layout.parts[i], name) for i, name in names.items()]
    functions += [lower_part_writer(sp, f"unit_out_{i}") for i, sp in enumerate(layout.units) if sp.part not in SHAPES]
    return functions
