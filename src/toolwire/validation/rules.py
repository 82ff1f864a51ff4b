"""Provider rules in validation: a captured payload its schema accepts can still break what
the provider enforces (a dialect.json rule, spec/rules.py). Each broken rule is a finding
naming the rule; a payload that keeps every rule costs one walk per rule."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from toolwire.spec.model import Spec
from toolwire.spec.positions import pointer
from toolwire.spec.rules import (
    AtMostRule,
    CoRequiredRule,
    FirstRoleRule,
    LessThanRule,
    NonEmptyRule,
    OrderedRule,
    PartOrderRule,
    RangeRule,
    RoleOrderRule,
    Rule,
    SignatureRule,
    matches,
    rules_of,
)
from toolwire.validation.detect import Target

Check = Callable[[Any], bool]
Tokens = tuple[str, ...]


def _at(value: Any, toks: Tokens) -> Any:
    for token in toks:
        if type(value) is not dict:
            return None
        value = value.get(token)
    return value


def _each(value: Any, toks: Tokens, path: Tokens = ()) -> Iterator[tuple[Tokens, Any]]:
    """(path, value) of every value at toks, `*` standing for each element of an array."""
    if not toks:
        yield path, value
        return
    head, rest = toks[0], toks[1:]
    if head == "*":
        if type(value) is list:
            for i, item in enumerate(value):
                yield from _each(item, rest, (*path, str(i)))
    elif type(value) is dict and head in value:
        yield from _each(value[head], rest, (*path, head))


def _number(value: Any) -> bool:
    return type(value) is int or type(value) is float


def _range(rule: RangeRule, value: Any) -> Iterator[tuple[str, str]]:
    """How value breaks the rule (a value that is no number is the schema's business)."""
    found = _at(value, rule.tokens)
    if not _number(found):
        return
    if (rule.minimum is not None and found < rule.minimum) or (rule.maximum is not None and found > rule.maximum):
        yield pointer(rule.tokens), f"{found!r} out of range: the provider accepts {rule.describe()} (rule {rule.name})"


def _non_empty(rule: NonEmptyRule, value: Any) -> Iterator[tuple[str, str]]:
    for path, parent in _each(value, rule.tokens[:-1]):
        if type(parent) is not dict or any(_at(parent, t) != v for t, v in rule.when):
            continue
        form = rule.empty_form(parent)
        if form is not None:
            shown = "absent" if form == "absent" else repr(parent[rule.subject])
            yield pointer((*path, rule.subject)), f"{shown}: the provider accepts {rule.describe()} (rule {rule.name})"


def _role_order(rule: RoleOrderRule, value: Any) -> Iterator[tuple[str, str]]:
    turns = _at(value, rule.tokens)
    if type(turns) is not list:
        return
    for i in range(1, len(turns)):
        if _at(turns[i - 1], rule.role) == rule.after and _at(turns[i], rule.role) == rule.next:
            at = pointer((*rule.tokens, str(i), *rule.role))
            yield (
                at,
                f"{rule.next!r} right after {rule.after!r}: the provider accepts {rule.describe()} (rule {rule.name})",
            )


def _co_required(rule: CoRequiredRule, value: Any) -> Iterator[tuple[str, str]]:
    holder = _at(value, rule.tokens[:-1])
    if type(holder) is dict and rule.tokens[-1] in holder:
        return
    found = next((path for toks in rule.blocks for path, _v in _each(value, toks)), None)
    if found is not None:
        why = f"absent beside {pointer(found)}: the provider requires it {rule.where()}"
        yield pointer(rule.tokens), f"{why} (rule {rule.name})"


def _first_role(rule: FirstRoleRule, value: Any) -> Iterator[tuple[str, str]]:
    turns = _at(value, rule.tokens)
    role = _at(turns[0], rule.role) if type(turns) is list and turns else None
    if type(role) is str and role != rule.first:
        at = pointer((*rule.tokens, "0", *rule.role))
        yield at, f"{role!r} first: the provider accepts {rule.describe()} (rule {rule.name})"


def _signature(rule: SignatureRule, value: Any) -> Iterator[tuple[str, str]]:
    """The first block of the rule's kinds in each of its turns, when it lacks every spelling."""
    for path, turn in _each(value, (*rule.turns, "*")):
        if type(turn) is not dict or any(_at(turn, t) != v for t, v in rule.turn):
            continue
        blocks = _at(turn, rule.content)
        if type(blocks) is not list:
            continue
        first = next((i for i, b in enumerate(blocks) if any(matches(m, b) for m in rule.parts)), None)
        if first is not None and not rule.signed(blocks[first]):
            at = pointer((*path, *rule.content, str(first), rule.key))
            yield at, f"absent: the provider accepts {rule.describe()} (rule {rule.name})"


def _part_order(rule: PartOrderRule, value: Any) -> Iterator[tuple[str, str]]:
    """Each block of an earlier kind after one of a later kind in its turn."""
    for path, blocks in _each(value, rule.tokens):
        if type(blocks) is not list:
            continue
        later = next((i for i, b in enumerate(blocks) if rule.is_then(b)), len(blocks))
        for i in range(later + 1, len(blocks)):
            if rule.is_first(blocks[i]):
                yield (
                    pointer((*path, str(i))),
                    f"after block {later}: the provider accepts {rule.describe()} (rule {rule.name})",
                )


def _less_than(rule: LessThanRule, value: Any) -> Iterator[tuple[str, str]]:
    """The value not below the other (both numbers: another type is the schema's business)."""
    found, than = _at(value, rule.tokens), _at(value, rule.than)
    if _number(found) and _number(than) and found >= than:
        told = f"{pointer(rule.tokens)} {rule.describe()}"
        yield pointer(rule.tokens), f"{found!r} not below {than!r}: the provider accepts {told} (rule {rule.name})"


def _at_most(rule: AtMostRule, value: Any) -> Iterator[tuple[str, str]]:
    """Each value past the first `maximum`, in the order the rule counts them."""
    found = [path for toks in rule.counted for path, _ in _each(value, toks)]
    for n, path in enumerate(found[rule.maximum :], start=rule.maximum + 1):
        yield pointer(path), f"value {n} of {len(found)}: the provider accepts {rule.describe()} (rule {rule.name})"


def _ordered(rule: OrderedRule, value: Any) -> Iterator[tuple[str, str]]:
    """Each value earlier in the order than one read before it (the key absent from an object
    at its parent path reads as the last)."""
    rank, last = 0, len(rule.order) - 1
    for toks in rule.counted:
        for path, holder in _each(value, toks[:-1]):
            if type(holder) is not dict:
                continue
            found = holder.get(toks[-1], rule.order[last])
            if found not in rule.order:
                continue  # the schema's business
            if rule.order.index(found) < rank:
                yield (
                    pointer((*path, toks[-1])),
                    f"{json.dumps(found)} after a later value: the provider accepts {rule.describe()} (rule {rule.name})",
                )
            rank = max(rank, rule.order.index(found))


def broken(rule: Rule, value: Any) -> list[tuple[str, str]]:
    """(pointer, message) of each place where value breaks the rule."""
    if isinstance(rule, AtMostRule):
        return list(_at_most(rule, value))
    if isinstance(rule, OrderedRule):
        return list(_ordered(rule, value))
    if isinstance(rule, LessThanRule):
        return list(_less_than(rule, value))
    if isinstance(rule, CoRequiredRule):
        return list(_co_required(rule, value))
    if isinstance(rule, FirstRoleRule):
        return list(_first_role(rule, value))
    if isinstance(rule, SignatureRule):
        return list(_signature(rule, value))
    if isinstance(rule, PartOrderRule):
        return list(_part_order(rule, value))
    if isinstance(rule, NonEmptyRule):
        return list(_non_empty(rule, value))
    if isinstance(rule, RoleOrderRule):
        return list(_role_order(rule, value))
    return list(_range(rule, value))


class Rules:
    """The rules of each (dialect, payload kind)."""

    def __init__(self, spec: Spec) -> None:
        self._by_target: dict[tuple[str, str], tuple[Rule, ...]] = {}
        for dialect in spec.dialects.values():
            for rule in rules_of(dialect):
                key = (dialect.name, rule.envelope)
                self._by_target[key] = (*self._by_target.get(key, ()), rule)

    def and_kept(self, schema_valid: Check, target: Target) -> Check:
        """schema_valid, and every rule of the target's kind kept (schema_valid itself when the
        kind has none: the bulk path pays nothing)."""
        rules = self._by_target.get((target.dialect, target.kind))
        if not rules:
            return schema_valid
        return lambda value: schema_valid(value) and not any(broken(rule, value) for rule in rules)

    def cover(self, target: Target) -> bool:
        """Whether the target's kind has rules at all (most response and stream kinds have none)."""
        return (target.dialect, target.kind) in self._by_target

    def findings(self, dialect: str, kind: str, value: Any) -> list[tuple[str, str]]:
        """(pointer, message) of each rule the payload breaks."""
        return [found for rule in self._by_target.get((dialect, kind), ()) for found in broken(rule, value)]
