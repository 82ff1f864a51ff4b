"""Lowering: the canonical dialect's turn reader, as steps. It walks a canonical request's
messages and their parts and drives a sink (ir/turn_events.py): one event per message and
per part, dispatched on the part's kind here, so the sink's steps for each kind are
specialised at generation time."""

from __future__ import annotations

from toolwire.ir.steps import Expr, ForEachItem, Get, If, In, Is, Let, Local, Step, Text
from toolwire.ir.write_events import PART_KINDS, PartEvent, TurnEvent, TurnSink


def lower_canonical_reader(sink: TurnSink, seq: str, keep: Expr | None = None) -> tuple[Step, ...]:
    """The steps reading the canonical messages in local seq (a message whose index `mi` and
    role fail keep is skipped: a system turn placed elsewhere)."""
    turn = TurnEvent(Local("role"), Local("message"), Local("at"), Is("falsy", Local("parts")))
    part = PartEvent(Local("part"), Local("where"), Local("role"))
    other = tuple(sink.other(part))
    handled: list[tuple[tuple[Step, ...], list[str]]] = []  # kinds a sink handles alike share one test
    for kind in PART_KINDS:
        steps = tuple(getattr(sink, kind)(part))
        same = [named for done, named in handled if done == steps]
        if same:
            same[0].append(kind)
        else:
            handled.append((steps, [kind]))
    kinds: tuple[Step, ...] = other
    for steps, named in reversed(handled):
        if steps != other:
            test = Is("equal", Local("kind"), named[0]) if len(named) == 1 else In(Local("kind"), tuple(named))
            kinds = (If(test, steps, kinds),)
    each_part = (Let("where", Text((Local("at"), "/parts/", Local("pj")))), Let("kind", Get(Local("part"), "type")))
    body: tuple[Step, ...] = (
        *sink.begin_turn(turn),
        ForEachItem("part", "pj", "parts", (*each_part, *kinds)),
        *sink.end_turn(turn),
    )
    if keep is not None:
        body = (If(keep, body),)
    message = (
        Let("at", Text(("/messages/", Local("mi")))),
        Let("role", Get(Local("message"), "role")),
        Let("parts", Get(Local("message"), "parts")),
    )
    return (*sink.begin(), ForEachItem("message", "mi", seq, (*message, *body)), *sink.finish())
