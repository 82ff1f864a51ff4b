"""Lowering: the provider rules a relay into the dialect keeps (dialect.json `rules` of kinds
signature and part_order, spec/rules.py), found in its relay write templates.

A rule names wire blocks by kind (keys present, constants); the relay writes canonical block
kinds (text, reasoning, refusal, call) through templates. Each template is filled with stand-in
values (a call slot with the dialect's wire call) and searched for blocks of the rule's kinds:

- signature: where a template writes a block of the rule's kinds inside a turn of the rule's
  (the turn's constants in the template), the runtime puts the placeholder on the first such
  block of the stream (one stream is one turn) unless it came signed;
- part_order: the block kinds written as a `first` kind and as a `then` kind. A stream cannot
  move a block back before one already sent, so a `first` block opened after a `then` one is
  left out with a loss naming the rule (the call order is kept; a call is never left out).

A rule whose blocks a template writes where the runtime cannot keep it is refused at generate
time (StreamPlanError), as the request writer refuses a rule it has no place for."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from toolwire.ir.lower_rules import signature_loss
from toolwire.ir.stream_nodes import StreamPlanError, Tokens, WireCall
from toolwire.spec.positions import pointer
from toolwire.spec.rules import Matcher, PartOrderRule, Rule, SignatureRule, matches

__all__ = ["RelayRules", "RelaySignature", "relay_rules"]

# the relay's block kinds and the write templates that write each one's events
BLOCK_TEMPLATES = {
    "text": ("text_open", "text", "text_close"),
    "reasoning": ("reasoning_open", "reasoning", "signature", "reasoning_close"),
    "refusal": ("refusal_open", "refusal", "refusal_close"),
    "call": ("call_open", "call_delta", "call_close"),
}


@dataclass(frozen=True)
class RelaySignature:
    """A signature rule at one write template: the block at `block` in the event it writes."""

    template: str  # the write kind (call_close, ...)
    index: int  # which of the kind's templates
    block: Tokens
    key: str
    aliases: tuple[str, ...]
    placeholder: str
    what: str  # the loss's what (the request writer's words)


@dataclass(frozen=True)
class RelayRules:
    signatures: tuple[RelaySignature, ...] = ()
    # part_order: the block kinds written as the rule's earlier kinds, as its later ones, and
    # per earlier kind the loss's what of one left out
    first: tuple[str, ...] = ()
    then: tuple[str, ...] = ()
    dropped: tuple[tuple[str, str], ...] = ()


def _put(node: Any, toks: Tokens, value: Any) -> None:
    """value at toks, making the objects and lists on the way (a digit token indexes a list)."""
    for i, t in enumerate(toks):
        last = i == len(toks) - 1
        if type(node) is list:
            k = int(t)
            while len(node) <= k:
                node.append({})
            if last:
                node[k] = value
            elif type(node[k]) not in (dict, list):
                node[k] = [] if toks[i + 1].isdigit() else {}
            node = node[k]
        else:
            if last:
                node[t] = value
            elif type(node.get(t)) not in (dict, list):
                node[t] = [] if toks[i + 1].isdigit() else {}
            node = node[t]


def _wire_call(call: WireCall) -> dict[str, Any]:
    """A stand-in for the dialect's wire call: its constants, name and arguments."""
    made: dict[str, Any] = {}
    for toks, value in call.constants:
        _put(made, toks, copy.deepcopy(value))
    for toks in (call.name, call.arguments, *((call.id,) if call.id else ())):
        if toks:
            _put(made, toks, "")
    return made


def _sample(write: Any, call: WireCall) -> Any:
    """A template's event with stand-in values in its slots."""
    event = copy.deepcopy(write.event)
    for at, slot in write.sets:
        if at.tokens:
            _put(event, at.tokens, _wire_call(call) if slot == "call" else "")
    return event


def _nodes(value: Any, at: Tokens = ()) -> list[tuple[Tokens, Any]]:
    found = [(at, value)]
    items = value.items() if type(value) is dict else enumerate(value) if type(value) is list else ()
    for key, item in items:
        found += _nodes(item, (*at, str(key)))
    return found


def _found(value: Any, toks: Tokens) -> Any:
    for t in toks:
        value = value.get(t) if type(value) is dict else value[int(t)] if type(value) is list else None
    return value


def _blocks(event: Any, kinds: tuple[Matcher, ...]) -> list[Tokens]:
    return [at for at, node in _nodes(event) if any(matches(m, node) for m in kinds)]


def _signatures(rule: SignatureRule, samples: dict[tuple[str, int], Any]) -> list[RelaySignature]:
    out = []
    for (template, index), event in samples.items():
        for at in _blocks(event, rule.parts):
            depth = len(rule.content) + 1
            turn = at[:-depth] if len(at) >= depth else None
            in_turn = turn is not None and at[-depth:-1] == rule.content and at[-1].isdigit()
            if not in_turn or turn is None:
                raise StreamPlanError(
                    f"relay.writes.{template}[{index}]: rule {rule.name}: the block at {pointer(at)!r} "
                    f"is not in a turn's {pointer(rule.content)!r} as the rule's pointer has it"
                )
            if all(_found(event, (*turn, *t)) == v for t, v in rule.turn):
                what = signature_loss(rule)
                out.append(RelaySignature(template, index, at, rule.key, rule.aliases, rule.placeholder, what))
    return out


def _kinds(kinds: tuple[Matcher, ...], samples: dict[tuple[str, int], Any]) -> tuple[str, ...]:
    return tuple(
        block
        for block, templates in BLOCK_TEMPLATES.items()
        if any(_blocks(event, kinds) for (template, _i), event in samples.items() if template in templates)
    )


def relay_rules(writes: tuple[tuple[str, tuple[Any, ...]], ...], rules: tuple[Rule, ...], call: WireCall) -> RelayRules:
    """The dialect's request rules of kinds signature and part_order as its relay keeps them."""
    blocks = {t for templates in BLOCK_TEMPLATES.values() for t in templates}
    samples = {(kind, i): _sample(w, call) for kind, ws in writes if kind in blocks for i, w in enumerate(ws)}
    signatures = [s for r in rules if isinstance(r, SignatureRule) for s in _signatures(r, samples)]
    orders = [r for r in rules if isinstance(r, PartOrderRule)]
    if not orders:
        return RelayRules(signatures=tuple(signatures))
    order = orders[0]
    first, then = _kinds(order.first, samples), _kinds(order.then, samples)
    if "call" in first and then:
        raise StreamPlanError(
            f"rule {order.name}: a relay never leaves a call out, so calls cannot be its earlier kind"
        )
    said = f"block after a later one, left out (rule {order.name})"  # a stream cannot move it back
    dropped = tuple((kind, f"the {kind} {said}") for kind in first)
    return RelayRules(tuple(signatures), first if then else (), then if first else (), dropped if then else ())
