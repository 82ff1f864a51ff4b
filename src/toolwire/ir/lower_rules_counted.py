"""Lowering: the provider rules that count values across a written request (kinds at_most and
ordered, spec/rules.py), as steps run once the whole request is in the local wire. The values
are read in the rule's order (its pointer, then each of `also`): at_most keeps the first
`maximum` (Anthropic's four cache breakpoints), ordered keeps those that follow its `order`
(Anthropic's cache ttl: "1h" entries before "5m" ones). Each value refused is removed from the
object holding it, with the rule's loss at its wire pointer (under strict, an error)."""

from __future__ import annotations

import json

from toolwire.ir.lower_parts_out import read_at
from toolwire.ir.steps import (
    All,
    AnyOf,
    Append,
    Arr,
    Call,
    Drop,
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
    Step,
    Text,
)
from toolwire.spec.positions import pointer
from toolwire.spec.rules import AtMostRule, OrderedRule

Tokens = tuple[str, ...]
CountedRule = AtMostRule | OrderedRule
_SEEN = "w_kept"  # at_most: one item per value kept


def _at_most(rule: AtMostRule, owner: str, key: str, where: str | Expr) -> Step:
    counted = ", ".join(pointer(t) for t in rule.counted)
    said = f"more than {rule.maximum} values in all at {counted} (this one removed; rule {rule.name})"
    present = All((Is("object", Local(owner)), Not(Is("missing", Key(Local(owner), key)))))
    keep = If(
        Is("below", Call("length", (Local(_SEEN),)), rule.maximum),
        (Append(_SEEN, Lit(True)),),
        (Drop(owner, key), Lose(rule.loss, where, said)),
    )
    return If(present, (keep,))


def _ranked(rank: int) -> str:
    return f"w_ranked{rank}"  # ordered: one item per value of that rank read so far


def _ordered(rule: OrderedRule, owner: str, key: str, where: str | Expr, depth: int) -> Step:
    """A value of a rank below one already read is out of order (the key absent: the last
    rank; a value not in the order: the schema's business)."""
    value, last = f"w_value{depth}", len(rule.order) - 1
    judged: tuple[Step, ...] = ()
    for rank in reversed(range(last + 1)):
        read = (Append(_ranked(rank), Lit(True)),) if rank > 0 else ()  # rank 0 is never after one
        later = [Not(Is("empty", Local(_ranked(k)))) for k in range(rank + 1, last + 1)]
        said = f"{json.dumps(rule.order[rank])} after a later value, out of the order {rule.sequence}: removed (rule {rule.name})"
        refused = (Drop(owner, key), Lose(rule.loss, where, said))
        kept: tuple[Step, ...] = (If(AnyOf(tuple(later)), refused, read),) if later else read
        this: Expr = Is("equal", Local(value), rule.order[rank])
        if rank == last:
            this = AnyOf((Is("missing", Local(value)), this))
        judged = (If(this, kept, judged),)
    return If(Is("object", Local(owner)), (Let(value, Key(Local(owner), key)), *judged))


def _each(rule: CountedRule, holder: str, toks: Tokens, at: tuple[str | Expr, ...], depth: int) -> tuple[Step, ...]:
    """The rule's judgement of each value at toks under the local holder."""
    if "*" in toks:
        star = toks.index("*")
        seq, item, index = f"w_seq{depth}", f"w_item{depth}", f"w_i{depth}"
        inner = _each(rule, item, toks[star + 1 :], (*at, pointer(toks[:star]) + "/", Local(index)), depth + 1)
        return (
            Let(seq, read_at(Local(holder), toks[:star])),
            If(Is("list", Local(seq)), (ForEachItem(item, index, seq, inner),)),
        )
    *path, key = toks
    owner = holder
    steps: list[Step] = []
    if path:
        owner = f"w_owner{depth}"
        steps.append(Let(owner, read_at(Local(holder), tuple(path))))
    where: str | Expr = Text((*at, pointer(toks))) if at else pointer(toks)
    judge = (
        _at_most(rule, owner, key, where) if isinstance(rule, AtMostRule) else _ordered(rule, owner, key, where, depth)
    )
    return (*steps, judge)


def counted_kept(rules: tuple[CountedRule, ...]) -> tuple[Step, ...]:
    """Once the whole request is in the local wire: each value a rule refuses removed."""
    steps: list[Step] = []
    for rule in rules:
        ranks = range(1, len(rule.order)) if isinstance(rule, OrderedRule) else ()
        steps += [Let(_ranked(rank), Arr()) for rank in ranks] or [Let(_SEEN, Arr())]
        for toks in rule.counted:
            steps += _each(rule, "wire", toks, (), 0)
    return tuple(steps)
