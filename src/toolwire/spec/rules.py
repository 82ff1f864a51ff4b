"""Provider rules (a dialect.json's `rules`): what the provider enforces beyond its wire
schema's types. Conversions keep them (or repair with a loss naming the rule); `validate`
checks captured payloads against them. One typed reading of the data for both."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field, replace
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
    SIGNATURE = "signature"
    PART_ORDER = "part_order"
    LESS_THAN = "less_than"
    AT_MOST = "at_most"
    ORDERED = "ordered"


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
    first: str = field(default="", metadata=_term("rule.starts_with"))
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


Constants = tuple[tuple[Tokens, Any], ...]
Matcher = tuple[tuple[Tokens, ...], Constants]  # a block of a kind: these keys present, these constants


def _found(value: Any, toks: Tokens) -> Any:
    for token in toks:
        value = value.get(token, _ABSENT) if type(value) is dict else _ABSENT
    return value


def matches(matcher: Matcher, block: Any) -> bool:
    """Whether block (an object) is of the kind the matcher names."""
    has, when = matcher
    if type(block) is not dict or any(_found(block, toks) is _ABSENT for toks in has):
        return False
    return all(_found(block, toks) == c and type(_found(block, toks)) is type(c) for toks, c in when)


def _kinds_words(kinds: tuple[Matcher, ...]) -> str:
    return " or ".join(
        " and ".join([*(pointer(t) for t in has), *(f"{pointer(t)} {json.dumps(c)}" for t, c in when)])
        for has, when in kinds
    )


@dataclass(frozen=True)
class SignatureRule(_Rule):
    """In each turn of the list the pointer leads to (`turns/*/content/*/field`) that has the
    `turn` constants, the first block of a `parts` kind carries the field (or one of its
    `aliases`); a conversion puts the `placeholder` there (the provider's documented value for
    a block it did not make), a block its payload made being signed already."""

    turns: Tokens = field(default=(), metadata=_term("rule.pointer"))
    content: Tokens = field(default=(), metadata=_term("rule.pointer"))
    key: str = field(default="", metadata=_term("rule.pointer"))
    aliases: tuple[str, ...] = field(default=(), metadata=_term("rule.aliases"))
    turn: Constants = field(default=(), metadata=_term("rule.turn"))
    parts: tuple[Matcher, ...] = field(
        default=(), metadata=_term("rule.parts", "rule.parts[].has", "rule.parts[].when")
    )
    placeholder: str = field(default="", metadata=_term("rule.placeholder"))

    def describe(self) -> str:
        told = "".join(f" with {pointer(t)} {json.dumps(v)}" for t, v in self.turn)
        return f"a {self.key} on the first {_kinds_words(self.parts)} block of each turn{told}"

    @property
    def repair(self) -> str:
        return f"{json.dumps(self.placeholder)} put there"

    def signed(self, block: dict[str, Any]) -> bool:
        return any(k in block for k in (self.key, *self.aliases))


@dataclass(frozen=True)
class PartOrderRule(_Rule):
    """In each turn's blocks (the list at pointer), no block of a `first` kind comes after one
    of a `then` kind; a conversion moves such a block to just before the first `then` block."""

    first: tuple[Matcher, ...] = field(
        default=(), metadata=_term("rule.first", "rule.first[].has", "rule.first[].when")
    )
    then: tuple[Matcher, ...] = field(default=(), metadata=_term("rule.then", "rule.then[].has", "rule.then[].when"))

    def describe(self) -> str:
        return f"{_kinds_words(self.first)} blocks before {_kinds_words(self.then)} blocks"

    repair = "moved before the first of the later kind"

    def is_first(self, block: Any) -> bool:
        return any(matches(m, block) for m in self.first)

    def is_then(self, block: Any) -> bool:
        return any(matches(m, block) for m in self.then)


@dataclass(frozen=True)
class LessThanRule(_Rule):
    """The number at tokens is below the number at `than` (both in the envelope, where both are
    numbers); a conversion lowers it to one below `than` where that keeps it within `floor` (the
    least value the dialect's range rule at tokens accepts), else raises `than` to one above it."""

    than: Tokens = field(default=(), metadata=_term("rule.than"))
    floor: float | None = None  # from the dialect's range rule at the same pointer

    def describe(self) -> str:
        return f"less than {pointer(self.than)}"

    @property
    def repair(self) -> str:
        kept = "" if self.floor is None else f" where that keeps it at least {json.dumps(self.floor)}"
        return f"lowered to {pointer(self.than)} - 1{kept}, else {pointer(self.than)} raised to it + 1"


@dataclass(frozen=True)
class _CountedRule(_Rule):
    """Values at tokens and at each of `also` (`*`: each element), read in that order; a
    conversion removes the key of each one the rule refuses, with a `loss` loss."""

    also: tuple[Tokens, ...] = field(default=(), metadata=_term("rule.also"))
    loss: str = field(default="", metadata=_term("rule.loss"))

    @property
    def counted(self) -> tuple[Tokens, ...]:
        """Every pointer whose values count, in the order the provider reads them."""
        return (self.tokens, *self.also)


@dataclass(frozen=True)
class AtMostRule(_CountedRule):
    """At most `maximum` values in all: a conversion keeps the first ones and removes each
    later one (Anthropic's four cache_control breakpoints)."""

    maximum: int = field(default=0, metadata=_term("rule.maximum"))

    def describe(self) -> str:
        return f"at most {self.maximum} in all at " + ", ".join(pointer(t) for t in self.counted)

    repair = "the first ones kept, each later one removed"


@dataclass(frozen=True)
class OrderedRule(_CountedRule):
    """The values follow `order`: none is earlier in it than a value read before it. The key
    absent from an object at its parent path reads as the last of `order` (its default), so a
    conversion removes each value out of order (Anthropic's cache ttl "1h" after a "5m"
    breakpoint), with a `loss` loss."""

    order: tuple[str, ...] = field(default=(), metadata=_term("rule.order"))

    @property
    def sequence(self) -> str:
        """The order in words: "1h", then "5m" (absent: "5m")."""
        return ", then ".join(json.dumps(v) for v in self.order) + f" (absent: {json.dumps(self.order[-1])})"

    def describe(self) -> str:
        return f"{self.sequence} in order at " + ", ".join(pointer(t) for t in self.counted)

    repair = "each value out of order removed (the default, the last in order, then applies)"


Rule = (
    RangeRule | NonEmptyRule | RoleOrderRule | CoRequiredRule | FirstRoleRule | SignatureRule | PartOrderRule
    | LessThanRule | AtMostRule | OrderedRule
)  # fmt: skip
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
    if kind is RuleKind.SIGNATURE:
        return _signature(common, rule)
    if kind is RuleKind.LESS_THAN:
        return LessThanRule(**common, than=tuple(tokens(rule["than"])))
    if kind in (RuleKind.AT_MOST, RuleKind.ORDERED):
        also = tuple(tuple(tokens(p)) for p in rule.get("also", ()))
        if kind is RuleKind.ORDERED:
            return OrderedRule(**common, also=also, order=tuple(rule["order"]), loss=rule["loss"])
        return AtMostRule(**common, also=also, maximum=rule["maximum"], loss=rule["loss"])
    if kind is RuleKind.PART_ORDER:
        return PartOrderRule(**common, first=_matchers(rule["first"]), then=_matchers(rule["then"]))
    if kind is RuleKind.ROLE_ORDER:
        role = tuple(tokens(rule.get("role", "/role")))
        return RoleOrderRule(
            **common, role=role, after=rule["after"], next=rule["next"], bridge=tuple(rule["bridge"].items())
        )
    if kind is RuleKind.CO_REQUIRED:
        return CoRequiredRule(**common, blocks=tuple(tuple(tokens(p)) for p in rule["blocks"]), fill=rule["fill"])
    if kind is RuleKind.FIRST_ROLE:
        role = tuple(tokens(rule.get("role", "/role")))
        return FirstRoleRule(**common, role=role, first=rule["starts_with"], bridge=json.dumps(rule["bridge"]))
    return RangeRule(**common, minimum=rule.get("minimum"), maximum=rule.get("maximum"))


def _matchers(kinds: list[dict[str, Any]]) -> tuple[Matcher, ...]:
    """Each kind as a matcher: its `has` key present, and its `when` constants."""
    out: list[Matcher] = []
    for kind in kinds:
        has = (tuple(tokens(kind["has"])),) if "has" in kind else ()
        out.append((has, tuple((tuple(tokens(p)), v) for p, v in kind.get("when", {}).items())))
    return tuple(out)


def _signature(common: dict[str, Any], rule: dict[str, Any]) -> SignatureRule:
    toks = common["tokens"]
    stars = [i for i, t in enumerate(toks) if t == "*"]  # the meta-schema's pattern: turns/*/content/*/key
    return SignatureRule(
        **common,
        turns=toks[: stars[0]],
        content=toks[stars[0] + 1 : stars[1]],
        key=toks[-1],
        aliases=tuple(rule.get("aliases", ())),
        turn=tuple((tuple(tokens(p)), v) for p, v in rule.get("turn", {}).items()),
        parts=_matchers(rule["parts"]),
        placeholder=rule["placeholder"],
    )


def rules_of(dialect: Dialect) -> tuple[Rule, ...]:
    read = tuple(_one(dialect, rule) for rule in dialect.mapping.get("rules", []))
    return tuple(_floored(rule, read) if isinstance(rule, LessThanRule) else rule for rule in read)


def _floored(rule: LessThanRule, rules: tuple[Rule, ...]) -> LessThanRule:
    """The rule with the least value the range rules at its pointer accept (its repair keeps it)."""
    lows = [r.minimum for r in rules if isinstance(r, RangeRule) and r.tokens == rule.tokens and r.minimum is not None]
    return replace(rule, floor=max(lows)) if lows else rule


def ranges_of(dialect: Dialect) -> tuple[RangeRule, ...]:
    return tuple(r for r in rules_of(dialect) if isinstance(r, RangeRule))
