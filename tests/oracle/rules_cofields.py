"""The oracle's side of the first_role and co_required repairs (tests/oracle/rules.py), written
apart from the compiled writer's (ir/lower_rules_cofields.py): a first turn of another role
gets the bridge turn before it; a co-required field absent beside its blocks is the dialect's
tools written for one permissive tool per distinct call or result name, in order of use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolwire_dialects._errors import RequiredValueError

from toolwire.ir.conversation_nodes import RequestLayout
from toolwire.spec.rules import PERMISSIVE, CoRequiredRule, FirstRoleRule

Tokens = tuple[str, ...]


def _at(value: Any, toks: Tokens) -> Any:
    for token in toks:
        value = value.get(token) if type(value) is dict else None
    return value


def bridged_first(rule: FirstRoleRule, out: list[Any], turn: Any) -> int:
    """The bridge appended to the (empty) turns when turn, the first, has another role."""
    role = _at(turn, rule.role)
    if type(role) is str and role != rule.first:
        out.append(rule.turn)
        return 1
    return 0


def _holds(value: Any, toks: Tokens) -> bool:
    """Whether value has anything at toks (`*`: any element of an array)."""
    if not toks:
        return True
    head, rest = toks[0], toks[1:]
    if head == "*":
        return type(value) is list and any(_holds(item, rest) for item in value)
    return type(value) is dict and head in value and _holds(value[head], rest)


def _names(canonical: dict[str, Any]) -> list[str]:
    names: list[str] = []
    for message in canonical.get("messages") or []:
        for part in message.get("parts") or [] if type(message) is dict else []:
            kind = part.get("type") if type(part) is dict else None
            held = part.get({"tool_call": "call", "tool_result": "result"}.get(kind, "")) if kind else None
            name = held.get("name") if type(held) is dict else None
            if type(name) is str and name and name not in names:
                names.append(name)
    return names


def filled(
    layout: RequestLayout,
    wire: dict[str, Any],
    canonical: dict[str, Any],
    write_tools: Callable[[list[Any]], dict[str, Any]],
) -> tuple[dict[str, Any], int]:
    """wire with each co-required field filled where its blocks are and it is not (last, as the
    writer fills it once the request is written: the key order is compared)."""
    done = 0
    for rule in (r for r in layout.rules if isinstance(r, CoRequiredRule)):
        if _holds(wire, rule.tokens) or not any(_holds(wire, b) for b in rule.blocks):
            continue
        names = _names(canonical)
        if not names:  # the writer's refusal, in words of its own
            said = (
                "tool blocks whose tool no call in the history names (the target requires tool definitions "
                f"beside them, and has no name to make one from; rule {rule.name})"
            )
            raise RequiredValueError(rule.dialect, "request", "/" + "/".join(rule.tokens), said)
        written = write_tools([{"name": n, "parameters": dict(PERMISSIVE)} for n in names])
        head = rule.tokens[0]
        if head in wire:
            wire[head].update(written[head])
        else:
            wire[head] = written[head]
        done += 1
    return wire, done
