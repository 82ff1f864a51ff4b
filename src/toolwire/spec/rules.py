"""Provider rules (a dialect.json's `rules`): what the provider enforces beyond its wire
schema's types. Conversions keep them (or repair with a loss naming the rule); `validate`
checks captured payloads against them. One typed reading of the data for both."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

from toolwire.spec.model import Dialect
from toolwire.spec.positions import tokens


def _term(*keys: str) -> dict[str, tuple[str, ...]]:
    """A field carrying these vocabulary terms (the metadata ir.nodes.term gives IR fields; the
    spec layer cannot import the IR, and validation reads rules too)."""
    return {"term": keys}


class RuleKind(enum.Enum):
    RANGE = "range"


@dataclass(frozen=True)
class RangeRule:
    """A number at tokens in the envelope lies in [minimum, maximum] (None: unbounded)."""

    dialect: str
    id: str = field(metadata=_term("dialect.rules", "rule.id"))
    kind: RuleKind = field(metadata=_term("rule.kind"))
    envelope: str = field(metadata=_term("rule.envelope"))
    tokens: tuple[str, ...] = field(metadata=_term("rule.pointer"))
    minimum: float | None = field(metadata=_term("rule.minimum"))
    maximum: float | None = field(metadata=_term("rule.maximum"))
    source: str = field(metadata=_term("rule.source"))

    @property
    def name(self) -> str:
        """How losses and findings name the rule."""
        return f"{self.dialect}/{self.id}"

    def describe(self) -> str:
        """The accepted values in words (the bounds as the data spells them)."""
        low, high = (None if b is None else json.dumps(b) for b in (self.minimum, self.maximum))
        if low is not None and high is not None:
            return f"from {low} to {high}"
        return f"at least {low}" if low is not None else f"at most {high}"


def rules_of(dialect: Dialect) -> tuple[RangeRule, ...]:
    return tuple(
        RangeRule(
            dialect=dialect.name,
            id=rule["id"],
            kind=RuleKind(rule["kind"]),
            envelope=rule["envelope"],
            tokens=tuple(tokens(rule["pointer"])),
            minimum=rule.get("minimum"),
            maximum=rule.get("maximum"),
            source=rule["source"],
        )
        for rule in dialect.mapping.get("rules", [])
    )
