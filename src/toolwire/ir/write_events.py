"""The canonical turn events the canonical reader (lower_canonical_reader) emits and a
dialect's lowered writer (lower_writer) handles: each writer method returns the steps that
handle its event, with the reader's expressions for the event's fields, so encode = the
canonical reader driving a dialect's writer, composed at generation time. Its twin for the
wire side is turn_events (a dialect's reader driving a sink); the two vocabularies were built
side by side and are to become one, so that convert = a reader driving a writer, fused."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from toolwire.ir.steps import Expr, Step


@dataclass(frozen=True)
class TurnEvent:
    """A canonical message begins: its role, the message itself (its extensions: forms and
    fields), its canonical pointer, and whether it has no parts."""

    role: Expr
    message: Expr
    at: Expr
    empty: Expr


@dataclass(frozen=True)
class PartEvent:
    """One canonical part (kind known from the event), its pointer, and the role of its turn."""

    part: Expr
    at: Expr
    role: Expr


class TurnSink(Protocol):
    """Handles canonical turn events; each method returns the steps for its event."""

    def begin(self) -> tuple[Step, ...]:
        """Before the first turn: the writer's state (the open turn, the units written)."""
        ...

    def begin_turn(self, event: TurnEvent) -> tuple[Step, ...]:
        """A message begins (it may join the open turn of its role)."""
        ...

    def text(self, event: PartEvent) -> tuple[Step, ...]:
        """A text part."""
        ...

    def image(self, event: PartEvent) -> tuple[Step, ...]:
        """An image part (url, or media_type and data)."""
        ...

    def document(self, event: PartEvent) -> tuple[Step, ...]:
        """A document part (url, media_type and data, or text; maybe a name)."""
        ...

    def reasoning(self, event: PartEvent) -> tuple[Step, ...]:
        """A reasoning part of some dialect (only that dialect can replay it)."""
        ...

    def refusal(self, event: PartEvent) -> tuple[Step, ...]:
        """A refusal part."""
        ...

    def tool_call(self, event: PartEvent) -> tuple[Step, ...]:
        """A tool call (written through the dialect's tool_call converter)."""
        ...

    def tool_result(self, event: PartEvent) -> tuple[Step, ...]:
        """A tool result (written through the dialect's tool_result converter)."""
        ...

    def wire(self, event: PartEvent) -> tuple[Step, ...]:
        """A wire block of some dialect, kept verbatim (a unit of its own when marked so)."""
        ...

    def other(self, event: PartEvent) -> tuple[Step, ...]:
        """A part of a kind the canonical model does not name."""
        ...

    def end_turn(self, event: TurnEvent) -> tuple[Step, ...]:
        """A message ends (its turn stays open for the next message of its role)."""
        ...

    def finish(self) -> tuple[Step, ...]:
        """After the last turn: the open turn written."""
        ...


PART_KINDS = ("text", "image", "document", "reasoning", "refusal", "tool_call", "tool_result", "wire")
