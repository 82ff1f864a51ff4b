"""The repairs the provider rules ask for, done on a finished wire request:
the oracle's side of the differential test (tests/test_compiled_writer.py), written apart
from the compiled writer (ir/lower_rules.py), which repairs while it writes. An empty block is
dropped; then a turn left empty (a dialect whose roles alternate joins the turns around it
when their roles match); then the system field; a refused role order gets the bridge turn, a
refused first role the bridge turn first; a co-required field absent beside its blocks is
written from the calls' names (tests/oracle/rules_cofields.py).
In each turn, the first block of a signature rule's kinds, when unsigned, gets the
placeholder, and a part_order rule's earlier kind moves before the first later one. A number
a less_than rule keeps below another is lowered to one below it, or (where that would break
its floor) the other raised to one above it."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from tests.oracle.rules_cofields import bridged_first, filled
from toolwire.ir.conversation_nodes import RequestLayout, StringForm
from toolwire.spec.rules import (
    FirstRoleRule,
    LessThanRule,
    NonEmptyRule,
    PartOrderRule,
    RoleOrderRule,
    SignatureRule,
    matches,
)

Tokens = tuple[str, ...]


def _breaks(rule: NonEmptyRule, holder: Any, rest: Tokens) -> bool:
    """Whether the object reached from holder by rest[:-1] breaks the rule (rest: tokens from holder)."""
    for token in rest[:-1]:
        holder = holder.get(token) if type(holder) is dict else None
    if type(holder) is not dict:
        return False
    for toks, value in rule.when:
        found: Any = holder
        for token in toks:
            found = found.get(token) if type(found) is dict else None
        if found != value or type(found) is not type(value):
            return False
    return rule.empty_form(holder) is not None


def _rest(rule: NonEmptyRule, head: Tokens) -> Tokens | None:
    toks = rule.tokens
    if toks[: len(head)] != head or len(toks) == len(head) or "*" in toks[len(head) :]:
        return None
    return toks[len(head) :]


def _at(value: Any, toks: Tokens) -> Any:
    for token in toks:
        value = value.get(token) if type(value) is dict else None
    return value


def _signed(layout: RequestLayout, blocks: list[Any], turn: Any) -> int:
    """The signature repairs on one turn's blocks; how many were done."""
    done = 0
    signing = [r for r in layout.rules if isinstance(r, SignatureRule)]
    firsts: set[str] = set()
    for block in blocks:
        kinds = [r for r in signing if any(matches(m, block) for m in r.parts)]
        for rule in kinds:
            if rule.id in firsts or any(_at(turn, toks) != value for toks, value in rule.turn):
                continue
            firsts.add(rule.id)
            if not rule.signed(block):
                block[rule.key] = rule.placeholder
                done += 1
    return done


def _ordered(layout: RequestLayout, blocks: list[Any]) -> int:
    """The part_order repairs on one turn's blocks: an earlier kind after a later one moved
    before the first later one; how many were moved."""
    done = 0
    for rule in layout.rules:
        if isinstance(rule, PartOrderRule):
            later = next((i for i, b in enumerate(blocks) if rule.is_then(b)), len(blocks))
            moved = [b for b in blocks[later:] if rule.is_first(b)]
            blocks[later:] = [*moved, *(b for b in blocks[later:] if not rule.is_first(b))]
            done += len(moved)
    return done


def repaired(
    layout: RequestLayout,
    wire: dict[str, Any],
    canonical: dict[str, Any] | None = None,
    write_tools: Callable[[list[Any]], dict[str, Any]] | None = None,
) -> tuple[dict[str, Any], int]:
    """The wire with every repair done, and how many were done (write_tools: the dialect's
    tools written alone, for a co-required field filled from canonical's calls)."""
    wire, done = _turns_repaired(layout, wire)
    for rule in layout.rules:
        if isinstance(rule, LessThanRule):
            done += _below(rule, wire)
    if canonical is not None and write_tools is not None:
        wire, more = filled(layout, wire, canonical, write_tools)
        done += more
    return wire, done


def _below(rule: LessThanRule, wire: dict[str, Any]) -> int:
    """The less_than repair on the request (1 when done)."""
    low, high = _at(wire, rule.tokens), _at(wire, rule.than)
    numbers = all(type(v) in (int, float) for v in (low, high))
    if not numbers or low < high:
        return 0
    if rule.floor is None or high - 1 >= rule.floor:
        _at(wire, rule.tokens[:-1])[rule.tokens[-1]] = high - 1
    else:
        _at(wire, rule.than[:-1])[rule.than[-1]] = low + 1
    return 1


def _turns_repaired(layout: RequestLayout, wire: dict[str, Any]) -> tuple[dict[str, Any], int]:
    wire = copy.deepcopy(wire)
    done = 0
    empties = [r for r in layout.rules if isinstance(r, NonEmptyRule)]
    orders = [r for r in layout.rules if isinstance(r, RoleOrderRule)]
    firsts = [r for r in layout.rules if isinstance(r, FirstRoleRule)]
    if layout.system is not None and layout.system.tokens[0] in wire:
        held = (*layout.system.tokens, *(layout.system.parts or ()))
        blocks = _at(wire, held)
        for rule in empties:
            rest = _rest(rule, (*held, "*"))
            if rest is not None and type(blocks) is list:
                kept = [b for b in blocks if not _breaks(rule, b, rest)]
                done += len(blocks) - len(kept)
                blocks[:] = kept
        for rule in empties:
            if rule.tokens[:1] == layout.system.tokens and "*" not in rule.tokens and _breaks(rule, wire, rule.tokens):
                del wire[layout.system.tokens[0]]
                done += 1
                break
    turns = _at(wire, layout.turns)
    if type(turns) is not list:
        return wire, done
    content = layout.turn.content
    out: list[Any] = []
    dropped = False
    for turn in turns:
        blocks = _at(turn, content)
        for rule in empties:
            rest = _rest(rule, (*layout.turns, "*", *content, "*"))
            if rest is not None and type(blocks) is list:
                kept = [b for b in blocks if not _breaks(rule, b, rest)]
                done += len(blocks) - len(kept)
                blocks[:] = kept
        if type(blocks) is list:
            done += _signed(layout, blocks, turn) + _ordered(layout, blocks)
        heads = [(r, _rest(r, (*layout.turns, "*"))) for r in empties]
        # a turn written from a message (not a verbatim unit): it has a role, or its content
        # where the dialect may leave the role out (a Gemini turn whose role was absent)
        written = type(turn) is dict and (_at(turn, layout.turn.role) is not None or _at(turn, content) is not None)
        if written and any(rest is not None and _breaks(rule, turn, rest) for rule, rest in heads):
            done += 1
            dropped = True
            continue
        rejoin = layout.alternating and layout.turn.string == StringForm.NO
        # a verbatim unit (no role, no content) is never rejoined, nor joined to
        joinable = written and out and type(_at(out[-1], content)) is list
        if rejoin and dropped and joinable and _at(out[-1], layout.turn.role) == _at(turn, layout.turn.role):
            _at(out[-1], content).extend(_at(turn, content))
        else:
            if not out:
                for rule in firsts:
                    done += bridged_first(rule, out, turn)
            for rule in orders:
                if out and _at(out[-1], rule.role) == rule.after and _at(turn, rule.role) == rule.next:
                    out.append(dict(rule.bridge))
                    done += 1
            out.append(turn)
        dropped = False
    turns[:] = out
    return wire, done
