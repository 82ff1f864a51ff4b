"""The canonical turn events: what a lowered turns reader says as it walks a dialect's wire
turns, and what a sink (the canonical messages, or later a dialect's writer) does for each.

A reader never builds canonical values itself: at lowering time it calls a sink's methods,
one per event, and each returns the steps that handle that event where the reader stands.
Expressions in the payloads are the reader's locals; the reader keeps `i` (the wire turn's
index) and `where` (its wire pointer) for the sink's pointers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from toolwire.ir.steps import Expr, Step

Steps = tuple[Step, ...]


@dataclass(frozen=True)
class PartValue:
    """One canonical field of a part: its name, value, and when it is there (None: always)."""

    name: str
    value: Expr
    when: Expr | None = None


@dataclass(frozen=True)
class Part:
    """A spelled part's canonical fields in order, and the wire keys and spellings its
    spelling does not read (objects, maybe empty; None: it can have none)."""

    values: tuple[PartValue, ...]
    fields: Expr | None = None
    forms: Expr | None = None


class TurnSink(Protocol):
    part_state: tuple[str, ...]  # the locals a part reader of its own function is handed (and returns the first)

    def begin(self) -> Steps:
        """The conversation begins (the sink sets up its state)."""
        ...

    def begin_turn(self, role: Expr) -> Steps:
        """A canonical turn begins, speaking as role (a string expression)."""
        ...

    def form(self, at: str, spelling: Expr) -> Steps:
        """The turn's wire spelling at a pointer into the turn ("" for the turn itself)."""
        ...

    def fields(self, value: Expr) -> Steps:
        """The turn's wire keys the layout does not read (an object, maybe empty)."""
        ...

    def text(self, part: Part) -> Steps:
        """A text part."""
        ...

    def image(self, part: Part) -> Steps:
        """An image part (a URL, or a media type and base64 data)."""
        ...

    def document(self, part: Part) -> Steps:
        """A document part (a URL, a media type and base64 data, or plain text)."""
        ...

    def reasoning(self, part: Part) -> Steps:
        """A reasoning part, in the reader's dialect."""
        ...

    def refusal(self, part: Part) -> Steps:
        """A refusal part."""
        ...

    def tool_call(self, call: Expr) -> Steps:
        """A tool call, the canonical value the dialect's part codec read."""
        ...

    def tool_result(self, result: Expr) -> Steps:
        """A tool result, the canonical value the dialect's part codec read."""
        ...

    def wire(self, block: Expr, unit: bool, field: str | None = None) -> Steps:
        """A wire block no spelling reads, kept verbatim (unit: a whole wire turn; field: the
        pointer of the turn field it is an element of)."""
        ...

    def end_turn(self) -> Steps:
        """The turn ends (at the wire pointer in `where`)."""
        ...
