"""Provider rules in validation: a captured payload its schema accepts can still break what
the provider enforces (a dialect.json rule, ir/rules.py). Each broken rule is a finding
naming the rule; a payload that keeps every rule costs one lookup per rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolwire.spec.model import Spec
from toolwire.spec.positions import pointer
from toolwire.spec.rules import RangeRule, rules_of
from toolwire.validation.detect import Target

Check = Callable[[Any], bool]


def _at(value: Any, toks: tuple[str, ...]) -> Any:
    for token in toks:
        if type(value) is not dict:
            return None
        value = value.get(token)
    return value


def _number(value: Any) -> bool:
    return type(value) is int or type(value) is float


def _broken(rule: RangeRule, value: Any) -> str | None:
    """How value breaks the rule, or None (a value that is no number is the schema's business)."""
    found = _at(value, rule.tokens)
    if not _number(found):
        return None
    if (rule.minimum is not None and found < rule.minimum) or (rule.maximum is not None and found > rule.maximum):
        return f"{found!r} out of range: the provider accepts {rule.describe()} (rule {rule.name})"
    return None


class Rules:
    """The rules of each (dialect, payload kind)."""

    def __init__(self, spec: Spec) -> None:
        self._by_target: dict[tuple[str, str], tuple[RangeRule, ...]] = {}
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
        return lambda value: schema_valid(value) and all(_broken(rule, value) is None for rule in rules)

    def findings(self, dialect: str, kind: str, value: Any) -> list[tuple[str, str]]:
        """(pointer, message) of each rule the payload breaks."""
        found = []
        for rule in self._by_target.get((dialect, kind), ()):
            message = _broken(rule, value)
            if message is not None:
                found.append((pointer(rule.tokens), message))
        return found
