"""Lowering: the provider rules a dialect's request writer keeps (dialect.json `rules` of kinds
non_empty and role_order, spec/rules.py), as steps placed where the writer makes the value:
an empty block is dropped where a turn's (or the system field's) blocks are gathered, a turn
left empty is dropped where it is written, the system field where it is put, and a turn of a
refused role order gets the rule's bridge turn before it. Each repair is a loss naming the
rule (under strict, an error). A rule no writer place can keep is refused at generate time."""

from __future__ import annotations

import json
from dataclasses import dataclass

from toolwire.ir.conversation_nodes import RequestLayout
from toolwire.ir.lower_parts_out import put_at, read_at
from toolwire.ir.steps import (
    All,
    AnyOf,
    Append,
    Arr,
    Call,
    Expr,
    ForEachItem,
    If,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Lose,
    Not,
    Same,
    Step,
    Text,
)
from toolwire.spec.model import SpecError
from toolwire.spec.positions import pointer
from toolwire.spec.rules import (
    AtMostRule,
    CoRequiredRule,
    FirstRoleRule,
    LessThanRule,
    Matcher,
    NonEmptyRule,
    OrderedRule,
    PartOrderRule,
    RoleOrderRule,
    Rule,
    SignatureRule,
)

Tokens = tuple[str, ...]


@dataclass(frozen=True)
class Placed:
    """A non_empty rule at a writer place: `rest` leads from the place's value (a block, a
    turn, the system field) to the key that must not be empty."""

    rule: NonEmptyRule
    rest: Tokens


@dataclass(frozen=True)
class Places:
    blocks: tuple[Placed, ...]  # in each block of a turn's content
    turns: tuple[Placed, ...]  # in each turn
    system_blocks: tuple[Placed, ...]  # in each block of the system field
    system: tuple[Placed, ...]  # in the request, at the system field (one key of the root)
    orders: tuple[RoleOrderRule, ...]
    firsts: tuple[FirstRoleRule, ...] = ()  # before the first turn appended (ir/lower_rules_cofields.py)
    co_required: tuple[CoRequiredRule, ...] = ()  # filled once the request is written (the same)
    signatures: tuple[SignatureRule, ...] = ()  # kept as each block of a turn is written
    part_orders: tuple[PartOrderRule, ...] = ()
    less_than: tuple[LessThanRule, ...] = ()  # kept once the request is written (the same)
    counted: tuple[AtMostRule | OrderedRule, ...] = ()  # on the request as sent (ir/lower_rules_counted.py)


def _under(toks: Tokens, head: Tokens) -> Tokens | None:
    """The tokens after head, when toks starts with it and leads on to a key with no `*`."""
    if toks[: len(head)] != head or len(toks) == len(head) or "*" in toks[len(head) :]:
        return None
    return toks[len(head) :]


def places(layout: RequestLayout) -> Places:
    """Each rule at the one writer place that makes its value (a SpecError when none does)."""
    found: dict[str, list[Placed]] = {"blocks": [], "turns": [], "system_blocks": [], "system": []}
    orders: list[RoleOrderRule] = []
    firsts: list[FirstRoleRule] = []
    co_required: list[CoRequiredRule] = []
    less_than: list[LessThanRule] = []
    counted: list[AtMostRule | OrderedRule] = []
    turn = (*layout.turns, "*")
    heads: list[tuple[str, Tokens]] = [("blocks", (*turn, *layout.turn.content, "*")), ("turns", turn)]
    if layout.system is not None:
        held = (*layout.system.tokens, *(layout.system.parts or ()))
        heads = [("system_blocks", (*held, "*")), *heads]
    signatures, part_orders = _blocks_kept(layout)
    for rule in layout.rules:
        if isinstance(rule, SignatureRule | PartOrderRule):
            continue
        if isinstance(rule, RoleOrderRule):
            if rule.tokens != layout.turns:
                raise _unplaced(rule, "the request's turns")
            orders.append(rule)
            continue
        if isinstance(rule, FirstRoleRule):
            if rule.tokens != layout.turns:
                raise _unplaced(rule, "the request's turns")
            firsts.append(rule)
            continue
        if isinstance(rule, CoRequiredRule):  # checked on the written request: any place will do
            co_required.append(rule)
            continue
        if isinstance(rule, LessThanRule):  # likewise
            less_than.append(rule)
            continue
        if isinstance(rule, AtMostRule | OrderedRule):  # likewise
            counted.append(rule)
            continue
        place = next(((n, rest) for n, h in heads if (rest := _under(rule.tokens, h)) is not None), None)
        system = layout.system.tokens if layout.system is not None and len(layout.system.tokens) == 1 else None
        if place is None and system is not None and rule.tokens[:1] == system and "*" not in rule.tokens:
            place = ("system", rule.tokens)  # from the request's root: the field is dropped whole
        if place is None or (place[0] == "system" and rule.when):
            raise _unplaced(rule, "a key of a turn's content block, of a turn, of a system block, or the system field")
        found[place[0]].append(Placed(rule, place[1]))
    return Places(
        blocks=tuple(found["blocks"]),
        turns=tuple(found["turns"]),
        system_blocks=tuple(found["system_blocks"]),
        system=tuple(found["system"]),
        orders=tuple(orders),
        firsts=tuple(firsts),
        co_required=tuple(co_required),
        signatures=signatures,
        part_orders=part_orders,
        less_than=tuple(less_than),
        counted=tuple(counted),
    )


def _blocks_kept(layout: RequestLayout) -> tuple[tuple[SignatureRule, ...], tuple[PartOrderRule, ...]]:
    """The signature and part_order rules, each on the blocks of the request's turns (a
    SpecError when one points elsewhere; a dialect has at most one part_order rule)."""
    blocks = (*layout.turns, "*", *layout.turn.content)
    signatures = tuple(r for r in layout.rules if isinstance(r, SignatureRule))
    part_orders = tuple(r for r in layout.rules if isinstance(r, PartOrderRule))
    for rule in signatures:
        if (*rule.turns, "*", *rule.content) != blocks:
            raise _unplaced(rule, "a key of a block of the request's turns")
    for order in part_orders:
        if order.tokens != blocks:
            raise _unplaced(order, "the blocks of the request's turns")
    if len(part_orders) > 1:
        raise _unplaced(part_orders[1], "the only part_order rule of the dialect")
    return signatures, part_orders


def _unplaced(rule: Rule, places: str) -> SpecError:
    at = f"dialects/{rule.dialect}/dialect.json:1: /rules"
    return SpecError([f"{at}: rule {rule.name}: pointer {pointer(rule.tokens)!r} is not {places}"])


def broken(placed: Placed, value: Expr) -> Expr:
    """value (the place's) holds the rule's `when` constants and an empty value at `rest`."""
    parent = read_at(value, placed.rest[:-1])
    found = read_at(value, placed.rest)
    forms: dict[str, Expr] = {
        "absent": Is("missing", found),
        "null": Is("null", found),
        "string": Is("equal", found, ""),
        "list": All((Is("list", found), Is("empty", found))),
    }
    tests: list[Expr] = [Is("object", parent)]
    tests += [Is("equal", read_at(parent, toks), const) for toks, const in placed.rule.when]
    tests.append(AnyOf(tuple(forms[f] for f in placed.rule.empty)))
    return All(tuple(tests))


def dropped_what(placed: Placed, what: str) -> str:
    """The loss of a value a non_empty rule drops."""
    return f"{what} with empty {placed.rule.subject} (dropped; rule {placed.rule.name})"


def empty_blocks(
    layout: RequestLayout,
) -> tuple[tuple[Tokens, tuple[tuple[Tokens, object], ...], tuple[str, ...], str], ...]:
    """The block rules as the runtime's response writer reads them (runtime _conv_layout.EmptyBlocks)."""
    return tuple((p.rest, p.rule.when, p.rule.empty, dropped_what(p, "a block")) for p in places(layout).blocks)


def kept(rules: tuple[Placed, ...], value: Expr, at: Expr, what: str, keep: tuple[Step, ...]) -> tuple[Step, ...]:
    """keep, unless value breaks one of the rules: then a loss at `at` naming it, and nothing kept."""
    steps = keep
    for placed in reversed(rules):
        said = dropped_what(placed, what)
        steps = (If(broken(placed, value), (Lose("part.empty_dropped", at, said),), steps),)
    return steps


def turn_kept(rules: tuple[Placed, ...], unit: str, role: Expr, at: Expr) -> tuple[Step, ...]:
    """The written turn in local unit made null (dropped) when it breaks one of the rules."""
    steps: list[Step] = []
    for placed in rules:
        said = Text(("the ", role, f" turn with empty {placed.rule.subject} (dropped; rule {placed.rule.name})"))
        steps.append(If(broken(placed, Local(unit)), (Lose("turn.empty_dropped", at, said), Let(unit, Lit(None)))))
    return tuple(steps)


def ordered(orders: tuple[RoleOrderRule, ...], value: Expr, at: Expr) -> tuple[Step, ...]:
    """value appended to the units, after the bridge turn of each role order it would break
    (the local w_last holds the role of the unit appended before)."""
    steps: list[Step] = []
    for rule in orders:
        said = (
            f"a {rule.next} turn right after a {rule.after} turn "
            f"(the turn {json.dumps(dict(rule.bridge))} put between; rule {rule.name})"
        )
        test = All((Is("equal", Local("w_last"), rule.after), Is("equal", read_at(value, rule.role), rule.next)))
        steps.append(If(test, (Lose("turn.inserted", at, said), Append("units", Lit(dict(rule.bridge))))))
    steps.append(Append("units", value))
    if orders:
        steps.append(Let("w_last", read_at(value, orders[0].role)))
    return tuple(steps)


def rejoined(role: Tokens, content: Tokens, append: tuple[Step, ...]) -> tuple[Step, ...]:
    """The written turn (local written) joined to the last one appended (w_unit) when a turn
    between them was dropped and their roles match: its blocks go on in that turn's content
    (the same list, so the unit already in the units changes), as adjacent turns of one role
    are written as one; else append."""
    last, now = read_at(Local("w_unit"), content), read_at(Local("written"), content)
    join = (
        Let("w_content", last),
        Let("n_content", now),
        ForEachItem("block", "", "n_content", (Append("w_content", Local("block")),)),
    )
    test = All(
        (
            Local("w_dropped"),
            Not(Is("null", Local("w_unit"))),
            Same(read_at(Local("w_unit"), role), read_at(Local("written"), role)),
        )
    )
    return (If(test, (*join, Let("w_dropped", Lit(False))), append),)


def _is_kind(kinds: tuple[Matcher, ...], block: Expr) -> Expr:
    """block is of one of the kinds (its keys present, its constants)."""
    tests: list[Expr] = []
    for has, when in kinds:
        each: list[Expr] = [Not(Is("missing", read_at(block, toks))) for toks in has]
        each += [Is("equal", read_at(block, toks), const) for toks, const in when]
        tests.append(All(tuple(each)))
    return All((Is("object", block), AnyOf(tuple(tests))))  # an own wire block may be any JSON value


def _own(part: Expr) -> Expr:
    """The canonical part is the target's own wire block: written as it came."""
    return Is("equal", Key(part, "type"), "wire")


def blocks_begin(rules: Places) -> tuple[Step, ...]:
    """The locals the signature and part_order rules keep while a turn's blocks are written."""
    steps: list[Step] = [Let(f"signed_{n}", Lit(False)) for n in range(len(rules.signatures))]
    if rules.part_orders:
        steps += [Let("o_seen", Lit(False)), Let("o_moved", Arr()), Let("o_later", Arr())]
    return tuple(steps)


def block_placed(rules: Places, unit: Expr, part: Expr, at: Expr) -> tuple[Step, ...]:
    """The written block (local block, of the canonical part at `at`) appended to the local
    blocks: signed with a signature rule's placeholder when it is the first of its kinds in
    a turn of the rule's and unsigned (not the target's own wire block); held back, when a part_order
    rule's earlier kind comes after a later one, to go in before that one (blocks_end)."""
    steps: list[Step] = []
    block = Local("block")
    for n, rule in enumerate(rules.signatures):
        said = signature_loss(rule)
        unsigned = All((*(Is("missing", Key(block, k)) for k in (rule.key, *rule.aliases)), Not(_own(part))))
        sign = (put_at("block", (rule.key,), Lit(rule.placeholder)), Lose("signature.placeholder", at, said))
        turn = [Is("equal", read_at(unit, toks), const) for toks, const in rule.turn]
        first = All((Not(Local(f"signed_{n}")), *turn, _is_kind(rule.parts, block)))
        steps.append(If(first, (Let(f"signed_{n}", Lit(True)), If(unsigned, sign))))
    if not rules.part_orders:
        return (*steps, Append("blocks", block))
    order = rules.part_orders[0]
    moved_what = Text(("the ", Call("shown", (part, Lit("type"))), order_loss(order)))
    later = (
        If(_is_kind(order.then, block), (Let("o_seen", Lit(True)),)),
        If(Local("o_seen"), (Append("o_later", block),), (Append("blocks", block),)),
    )
    moved = (Lose("part.reordered", at, moved_what), Append("o_moved", block))
    return (*steps, If(All((Local("o_seen"), _is_kind(order.first, block))), moved, later))


def blocks_end(rules: Places) -> tuple[Step, ...]:
    """The blocks a part_order rule held back, then the later ones, after the blocks written."""
    if not rules.part_orders:
        return ()
    return (
        ForEachItem("held", "", "o_moved", (Append("blocks", Local("held")),)),
        ForEachItem("held", "", "o_later", (Append("blocks", Local("held")),)),
    )


def _first_kind(rule: SignatureRule) -> str:
    has, when = rule.parts[0]
    return "the first " + (has[0][-1] if has else " ".join(f"{pointer(t)} {json.dumps(c)}" for t, c in when))


def signature_loss(rule: SignatureRule) -> str:
    """The loss of a block given a signature rule's placeholder."""
    sent = json.dumps(rule.placeholder)
    return f"{_first_kind(rule)} block of the turn without {rule.key} (sent {sent}; rule {rule.name})"


def order_loss(rule: PartOrderRule) -> str:
    """The loss of a block a part_order rule moves, after the canonical part's type."""
    return f" part after a later block in its turn (moved before it; rule {rule.name})"


def block_rules(layout: RequestLayout) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The signature and part_order rules as the runtime's response writer reads them
    (runtime _conv_layout.BlockRules)."""
    found = places(layout)
    signatures = tuple((r.key, r.aliases, r.turn, r.parts, r.placeholder, signature_loss(r)) for r in found.signatures)
    return signatures, tuple((r.first, r.then, order_loss(r)) for r in found.part_orders)
