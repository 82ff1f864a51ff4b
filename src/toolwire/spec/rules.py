"""Provider rules (a dialect.json's `rules`): what the provider enforces beyond its wire
schema's types. Conversions keep them (or repair with a loss naming the rule); `validate`
checks captured payloads against them. One typed reading of the data for both."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any

from toolwire.spec.model import Dialect
from toolwire.spec.positions import pointer, tokens

Tokens = tuple[str, ...]


def _term(*keys: str) -> dict[str, tuple[str, ...]]:
    """A field carrying these vocabulary terms (the metadata ir.nodes.term gives IR fields; the
    spec layer cannot import the IR, and validation reads rules too)."""
    return {"term": keys}


class RuleKind(enum.Enum):
    RANGE = "range"
    NON_EMPTY = "non_empty"
    ROLE_ORDER = "role_order"
    CO_REQUIRED = "co_required"
    FIRST_ROLE = "first_role"


EMPTY_FORMS = ("absent", "null", "string", "list")  # what `empty` may name, in this order


@dataclass(frozen=True)
class _Rule:
    dialect: str
    id: str = field(metadata=_term("dialect.rules", "rule.id"))
    kind: RuleKind = field(metadata=_term("rule.kind"))
    envelope: str = field(metadata=_term("rule.envelope"))
    tokens: Tokens = field(metadata=_term("rule.pointer"))
    source: str = field(metadata=_term("rule.source"))

    @property
    def name(self) -> str:
        """How losses and findings name the rule."""
        return f"{self.dialect}/{self.id}"


@dataclass(frozen=True)
class RangeRule(_Rule):
    """A number at tokens in the envelope lies in [minimum, maximum] (None: unbounded)."""

    minimum: float | None = field(default=None, metadata=_term("rule.minimum"))
    maximum: float | None = field(default=None, metadata=_term("rule.maximum"))

    def describe(self) -> str:
        """The accepted values in words (the bounds as the data spells them)."""
        low, high = (None if b is None else json.dumps(b) for b in (self.minimum, self.maximum))
        if low is not None and high is not None:
            return f"from {low} to {high}"
        return f"at least {low}" if low is not None else f"at most {high}"

    repair = "sent as the nearer bound"


@dataclass(frozen=True)
class NonEmptyRule(_Rule):
    """The value at tokens (`*`: every element of an array) is not empty, where its parent has
    the `when` constants: each form in `empty` (absent, null, "" or []) is refused."""

    when: tuple[tuple[Tokens, Any], ...] = field(default=(), metadata=_term("rule.when"))
    empty: tuple[str, ...] = field(default=EMPTY_FORMS, metadata=_term("rule.empty"))

    def describe(self) -> str:
        told = "".join(f" where {pointer(t)} is {json.dumps(v)}" for t, v in self.when)
        return "not " + " or ".join(_FORM_WORDS[f] for f in self.empty) + told

    def empty_form(self, parent: Any) -> str | None:
        """The refused form the value has in parent (an object the `when` constants hold), or None."""
        value = parent.get(self.tokens[-1], _ABSENT)
        form = (
            "absent" if value is _ABSENT else "null" if value is None
            else "string" if value == "" and type(value) is str
            else "list" if value == [] and type(value) is list else None
        )  # fmt: skip
        return form if form in self.empty else None

    @property
    def subject(self) -> str:
        """What an empty value is called in a loss or finding (the key that must not be empty)."""
        return self.tokens[-1]

    repair = "dropped (and a turn or system field it leaves empty)"


@dataclass(frozen=True)
class RoleOrderRule(_Rule):
    """In the turns list at tokens, a turn whose role (at `role` in the turn) is `next` never
    directly follows one whose role is `after`; a conversion puts the `bridge` turn between."""

    role: Tokens = field(default=("role",), metadata=_term("rule.role"))
    after: str = field(default="", metadata=_term("rule.after"))
    next: str = field(default="", metadata=_term("rule.next"))
    bridge: tuple[tuple[str, Any], ...] = field(
        default=(), metadata=_term("rule.bridge")
    )  # hashable: a layout is a cache key

    def describe(self) -> str:
        return f"no {self.next} turn right after a {self.after} turn"

    @property
    def repair(self) -> str:
        return f"the turn {json.dumps(dict(self.bridge))} put between"


PERMISSIVE = {"type": "object"}  # a synthesised tool's input schema: any object the history's calls sent


@dataclass(frozen=True)
class CoRequiredRule(_Rule):
    """The field at tokens is present whenever the payload holds a value at one of `blocks`
    (`*`: every element of an array); a conversion fills it from `fill` (`calls`: a tool
    definition per distinct name the history's tool calls and results use)."""

    blocks: tuple[Tokens, ...] = field(default=(), metadata=_term("rule.blocks"))
    fill: str = field(default="calls", metadata=_term("rule.fill"))

    def describe(self) -> str:
        return f"present {self.where()}"

    def where(self) -> str:
        """Where the field is required, in words."""
        return "wherever " + " or ".join(pointer(b) for b in self.blocks) + " appears"

    @property
    def repair(self) -> str:
        return f"synthesised from the calls: a tool named as each, input schema {json.dumps(PERMISSIVE)}"


@dataclass(frozen=True)
class FirstRoleRule(_Rule):
    """In the turns list at tokens, the first turn's role (at `role` in the turn) is `first`; a
    conversion puts the `bridge` turn before a first turn of another role."""

    role: Tokens = field(default=("role",), metadata=_term("rule.role"))
    first: str = field(default="", metadata=_term("rule.first"))
    bridge: str = field(default="{}", metadata=_term("rule.bridge"))  # JSON text: hashable, and its lists too

    @property
    def turn(self) -> dict[str, Any]:
        """The bridge turn (a new object each time: the request writer may change it)."""
        found: dict[str, Any] = json.loads(self.bridge)
        return found

    def describe(self) -> str:
        return f"a first turn whose role is {json.dumps(self.first)}"

    @property
    def repair(self) -> str:
        return f"the turn {self.bridge} put first"


Rule = RangeRule | NonEmptyRule | RoleOrderRule | CoRequiredRule | FirstRoleRule
_ABSENT = object()
_FORM_WORDS = {"absent": "absent", "null": "null", "string": '""', "list": "[]"}


def _one(dialect: Dialect, rule: dict[str, Any]) -> Rule:
    common: dict[str, Any] = {
        "dialect": dialect.name,
        "id": rule["id"],
        "kind": RuleKind(rule["kind"]),
        "envelope": rule["envelope"],
        "tokens": tuple(tokens(rule["pointer"])),
        "source": rule["source"],
    }
    kind = common["kind"]
    if kind is RuleKind.NON_EMPTY:
        when = tuple((tuple(tokens(p)), v) for p, v in rule.get("when", {}).items())
        empty = tuple(f for f in EMPTY_FORMS if f in rule.get("empty", EMPTY_FORMS))
        return NonEmptyRule(**common, when=when, empty=empty)
    if kind is RuleKind.ROLE_ORDER:
        role = tuple(tokens(rule.get("role", "/role")))
        return RoleOrderRule(
            **common, role=role, after=rule["after"], next=rule["next"], bridge=tuple(rule["bridge"].items())
        )
    if kind is RuleKind.CO_REQUIRED:
        return CoRequiredRule(**common, blocks=tuple(tuple(tokens(p)) for p in rule["blocks"]), fill=rule["fill"])
    if kind is RuleKind.FIRST_ROLE:
        role = tuple(tokens(rule.get("role", "/role")))
        return FirstRoleRule(**common, role=role, first=rule["first"], bridge=json.dumps(rule["bridge"]))
    return RangeRule(**common, minimum=rule.get("minimum"), maximum=rule.get("maximum"))


def rules_of(dialect: Dialect) -> tuple[Rule, ...]:
    return tuple(_one(dialect, rule) for rule in dialect.mapping.get("rules", []))


def ranges_of(dialect: Dialect) -> tuple[RangeRule, ...]:
    return tuple(r for r in rules_of(dialect) if isinstance(r, RangeRule))
