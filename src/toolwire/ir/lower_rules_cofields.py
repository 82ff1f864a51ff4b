"""Lowering: the provider rules of kinds first_role, co_required and less_than (spec/rules.py),
as steps of the request writer. A first turn of another role gets the rule's bridge turn before it, where
the turns are appended (ir/lower_writer.py); a field the provider requires beside some blocks
(Bedrock's toolConfig beside toolUse/toolResult) is filled once the whole request is
written, from the rule's `fill`: `calls` writes, through the dialect's own tools writer, a tool
definition per distinct name the history's calls and results use. Each repair is a loss naming
the rule (under strict, an error); tool blocks no call names are an error (no name to fill from).
A number that must stay below another (Anthropic's thinking budget below max_tokens) is
checked once the whole request is written: lowered to one below it where that keeps the
rule's floor, else the other raised to one above it."""

from __future__ import annotations

import json

from toolwire.ir.conversation_nodes import Setting
from toolwire.ir.lower_parts_out import put_at, read_at
from toolwire.ir.steps import (
    All,
    Append,
    Arr,
    Call,
    Do,
    Expr,
    Fail,
    ForEachItem,
    If,
    Index,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Lose,
    Not,
    Obj,
    Put,
    Step,
    Text,
)
from toolwire.spec.positions import pointer
from toolwire.spec.rules import PERMISSIVE, CoRequiredRule, FirstRoleRule, LessThanRule, RoleOrderRule

Tokens = tuple[str, ...]


def first_turn(
    firsts: tuple[FirstRoleRule, ...], orders: tuple[RoleOrderRule, ...], value: Expr, at: Expr
) -> tuple[Step, ...]:
    """Before value is appended as the first unit: the bridge turn of each first_role rule its
    role breaks (a unit with no role string, another dialect's verbatim block, is left as it is).
    A role order then reads the bridge as the turn before (the local w_last)."""
    steps: list[Step] = []
    for rule in firsts:
        role = Local("w_role")  # a local: the printed text holds no quoted key
        said = Text(
            (
                "a conversation starting with ",
                Call("article", (role,)),
                f" turn (the turn {rule.bridge} put first; rule {rule.name})",
            )
        )
        test = All((Is("string", role), Not(Is("equal", role, rule.first))))
        bridged: tuple[Step, ...] = (Lose("turn.inserted", at, said), Append("units", Lit(rule.turn)))
        if orders:  # the bridge's role, as the role orders read a turn's
            bridge_role: object = rule.turn
            for token in orders[0].role:
                bridge_role = bridge_role.get(token) if isinstance(bridge_role, dict) else None
            bridged += (Let("w_last", Lit(bridge_role)),)
        steps.append(If(Is("empty", Local("units")), (Let("w_role", read_at(value, rule.role)), If(test, bridged))))
    return tuple(steps)


def _found(value: Expr, toks: Tokens, depth: int = 0) -> tuple[Step, ...]:
    """The local w_found set true when value holds anything at toks (`*`: any element)."""
    if "*" not in toks:
        return (If(Not(Is("missing", read_at(value, toks))), (Let("w_found", Lit(True)),)),)
    star = toks.index("*")
    seq, item = f"w_seq{depth}", f"w_item{depth}"
    inner = _found(Local(item), toks[star + 1 :], depth + 1)
    return (
        Let(seq, read_at(value, toks[:star])),
        If(Is("list", Local(seq)), (ForEachItem(item, "", seq, inner),)),
    )


def _call_names() -> tuple[Step, ...]:
    """w_tools: one canonical tool definition per distinct name of a call or result in the
    canonical messages, in order of first use, with the permissive input schema."""
    named = All((Is("string", Local("w_name")), Not(Is("equal", Local("w_name"), ""))))
    new = Is("missing", Key(Local("w_names"), Local("w_name")))
    tool = Obj((("name", Local("w_name")), ("parameters", Lit(PERMISSIVE))))
    kind = Key(Local("w_part"), "type")
    each_part = (
        Let("w_name", Lit(None)),
        If(Is("equal", kind, "tool_call"), (Let("w_name", Key(Key(Local("w_part"), "call"), "name")),)),
        If(Is("equal", kind, "tool_result"), (Let("w_name", Key(Key(Local("w_part"), "result"), "name")),)),
        If(All((named, new)), (Put("w_names", Local("w_name"), Lit(True)), Append("w_tools", tool))),
    )
    each_message = (
        Let("w_parts", Key(Local("w_message"), "parts")),
        If(Is("list", Local("w_parts")), (ForEachItem("w_part", "", "w_parts", each_part),)),
    )
    return (
        Let("w_names", Obj(())),
        Let("w_tools", Arr()),
        If(Is("list", Local("messages")), (ForEachItem("w_message", "", "messages", each_message),)),
    )


def co_required_filled(rules: tuple[CoRequiredRule, ...]) -> tuple[Step, ...]:
    """Once the whole request is in the local wire: each rule's field, when absent beside
    its blocks, filled from the calls (the tool choice keeps what the tools writer did with it:
    a choice without tools stays dropped)."""
    steps: list[Step] = []
    for rule in rules:
        said = (
            f"a history of tool calls without tool definitions (one synthesised per tool the calls use, "
            f"input schema {json.dumps(PERMISSIVE)}; rule {rule.name})"
        )
        found: list[Step] = [Let("w_found", Lit(False))]
        for toks in rule.blocks:
            found += _found(Local("wire"), toks)
        unnamed = (
            "tool blocks whose tool no call in the history names (the target requires tool definitions "
            f"beside them, and has no name to make one from; rule {rule.name})"
        )  # a result answering no call: a required value that cannot be filled is an error, not a loss
        fill = (
            *_call_names(),
            If(
                Not(Is("empty", Local("w_tools"))),
                (
                    Lose("tools.synthesised", "/tools", said),
                    Let("w_given", Obj((("tools", Local("w_tools")),))),
                    Do(Call("tools_out", (Local("wire"), Local("w_given"), Local("forms")))),
                ),
                (Fail(pointer(rule.tokens), Lit(unnamed), "required"),),
            ),
        )
        absent = Is("missing", read_at(Local("wire"), rule.tokens))
        steps.append(If(absent, (*found, If(Local("w_found"), fill))))
    return tuple(steps)


def _named(toks: Tokens, settings: tuple[Setting, ...]) -> tuple[str, str]:
    """The canonical setting written at toks: its name and its pointer (a loss's), else the wire pointer."""
    found = next((s.name for s in settings if s.tokens == toks), None)
    if found is None:
        return pointer(toks), "/settings"
    return ".".join(found), "/settings" + pointer(found)


def less_than_kept(rules: tuple[LessThanRule, ...], settings: tuple[Setting, ...]) -> tuple[Step, ...]:
    """Once the whole request is in the local wire: each rule's value, when not below the
    other (both numbers), lowered to one below it, else (below the floor) the other raised."""
    steps: list[Step] = []
    for rule in rules:
        low, low_at = _named(rule.tokens, settings)
        high, high_at = _named(rule.than, settings)
        sent = Call("repr", (Index(Local("w_fix"), 1),))
        told = f"; allowed: {pointer(rule.tokens)} {rule.describe()}; rule {rule.name})"
        lowered = (
            put_at("wire", rule.tokens, Index(Local("w_fix"), 1)),
            Lose("setting.clamped", low_at, Text((f"{low} not below {high} (sent ", sent, told))),
        )
        raised = (
            put_at("wire", rule.than, Index(Local("w_fix"), 1)),
            Lose("setting.clamped", high_at, Text((f"{high} not above {low} (sent ", sent, told))),
        )
        fix = Call("below", (read_at(Local("wire"), rule.tokens), read_at(Local("wire"), rule.than), Lit(rule.floor)))
        steps += [
            Let("w_fix", fix),
            If(Not(Is("null", Local("w_fix"))), (If(Index(Local("w_fix"), 0), lowered, raised),)),
        ]
    return tuple(steps)
