"""Compile a dialect's stream mapping (stream.json) into the typed stream IR.

The rules are grouped the way an event is read: rules with the same event constants and path
form a block of alternatives, and blocks with the same event constants share one walk of the
event (a tree of path steps). The behaviour of every role is written once per target, in its
stream template and runtime; see meta/stream.schema.json for the terms and the rules.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from toolwire.ir.reasoning_profiles import ReasoningProfiles, reasoning_profiles
from toolwire.ir.signing import Signing, signing_table
from toolwire.ir.stream_emitters import stream_emit
from toolwire.ir.stream_events import event_recognition, pointer, wire_call
from toolwire.ir.stream_nodes import (
    ArgumentsForm,
    ConstantTest,
    EventScan,
    PathNode,
    PathStep,
    Role,
    RuleBlock,
    RuleBranch,
    RulePointers,
    StreamIR,
    StreamPlanError,
    StreamRule,
    Tokens,
    WireCall,
)
from toolwire.ir.stream_relay import RelayIR, relay_ir
from toolwire.ir.stream_rules import relay_rules
from toolwire.ir.usage import usage_excludes
from toolwire.spec.model import Dialect, Spec
from toolwire.spec.positions import tokens
from toolwire.spec.rules import rules_of

__all__ = ["StreamPlanError", "stream_ir"]

POINTER_TERMS = tuple(RulePointers.__dataclass_fields__)


def _constants(constants: dict[str, Any]) -> tuple[ConstantTest, ...]:
    return tuple(ConstantTest(pointer(p), v) for p, v in constants.items())


def _rule(index: int, raw: dict[str, Any]) -> StreamRule:
    role = Role(raw["role"])
    rule = StreamRule(
        index=index,
        role=role,
        event=tuple(sorted(_constants(raw.get("event", {})), key=lambda t: t.pointer.text)),
        path=tuple(tokens(raw.get("path", ""))),
        when=_constants(raw.get("when", {})),
        present=tuple(pointer(p) for p in raw.get("has", [])),
        pointers=RulePointers(**{name: pointer(raw[name]) for name in POINTER_TERMS if name in raw}),
        as_call=bool(raw.get("as_call")),
        drop=tuple(tuple(tokens(p)) for p in raw.get("drop", [])),
        emit=_constants(raw["emit"]) if raw.get("emit") is not None else None,
        custom=bool(raw.get("custom")),
    )
    if rule.custom and not (rule.as_call and rule.pointers.name and rule.pointers.fragment):
        raise StreamPlanError(f"rule {index}: a custom rule is an as_call rule with name and fragment pointers")
    if rule.as_call and role not in (Role.START, Role.DELTA):
        raise StreamPlanError(f"rule {index}: as_call is for start and delta rules")
    if role == Role.SKIP and rule.key is None:
        raise StreamPlanError(f"rule {index}: a skip rule needs the block's key (key or event_key)")
    return rule


def _event_key(tests: tuple[ConstantTest, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((t.pointer.text, json.dumps(t.value)) for t in tests)


def _blocks(rules: list[StreamRule], raws: list[dict[str, Any]]) -> list[RuleBlock]:
    """Rules grouped into blocks: same event constants and path; alternatives within a block.
    Two adjacent conditional alternatives that do the same thing become one branch."""
    drafts: dict[tuple[Any, ...], list[list[StreamRule]]] = {}
    for rule in rules:
        branches = drafts.setdefault((_event_key(rule.event), rule.path), [])
        last = branches[-1] if branches else None
        if (
            last
            and rule.conditional
            and last[0].conditional
            and _signature(raws[last[0].index]) == _signature(raws[rule.index])
        ):
            last.append(rule)
        else:
            branches.append([rule])
    return [
        RuleBlock(
            event=branches[0][0].event, path=branches[0][0].path, branches=tuple(RuleBranch(tuple(b)) for b in branches)
        )
        for branches in drafts.values()
    ]


def _signature(raw: dict[str, Any]) -> str:
    """What a rule does to an item, apart from which items it takes."""
    return json.dumps({k: v for k, v in raw.items() if k not in ("when", "has", "emit")}, sort_keys=True)


def _steps(path: Tokens) -> list[PathStep]:
    steps: list[PathStep] = []
    i = 0
    while i < len(path):
        if path[i] == "*":
            raise StreamPlanError("a path token * must follow an array's name")
        array = i + 1 < len(path) and path[i + 1] == "*"
        steps.append(PathStep(path[i], array))
        i += 2 if array else 1
    return steps


class _NodeDraft:
    def __init__(self, step: PathStep | None) -> None:
        self.step = step
        self.entries: list[_NodeDraft | RuleBlock] = []

    def child(self, step: PathStep) -> _NodeDraft:
        for entry in self.entries:
            if isinstance(entry, _NodeDraft) and entry.step == step:
                return entry
        node = _NodeDraft(step)
        self.entries.append(node)
        return node

    def freeze(self) -> tuple[int, PathNode]:
        """The node with its entries in the order of their first rules, and that order."""
        keyed: list[tuple[int, PathNode | RuleBlock]] = []
        for entry in self.entries:
            keyed.append(entry.freeze() if isinstance(entry, _NodeDraft) else (entry.first_index, entry))
        keyed.sort(key=lambda e: e[0])
        return keyed[0][0], PathNode(self.step, tuple(entry for _first, entry in keyed))


def _scans(blocks: list[RuleBlock]) -> tuple[EventScan, ...]:
    """Blocks with the same event constants share one walk: their paths form a tree, so an
    array (OpenAI's choices) is looped over once for every rule below it."""
    roots: dict[tuple[tuple[str, str], ...], tuple[tuple[ConstantTest, ...], _NodeDraft]] = {}
    for block in blocks:
        _event, node = roots.setdefault(_event_key(block.event), (block.event, _NodeDraft(None)))
        for step in _steps(block.path):
            node = node.child(step)
        node.entries.append(block)
    return tuple(EventScan(event, root.freeze()[1]) for event, root in roots.values())


def stream_ir(spec: Spec, dialect: Dialect) -> StreamIR | None:
    """The dialect's stream IR; None when the dialect has no stream.json."""
    if dialect.stream is None:
        return None
    try:
        return _stream_ir(dialect, dialect.stream, signing_table(spec), reasoning_profiles(spec))
    except StreamPlanError as exc:
        raise StreamPlanError(f"schemas/dialects/{dialect.name}/stream.json: {exc}") from None


def _stream_ir(
    dialect: Dialect, mapping: dict[str, Any], signing: Signing = (), profiles: ReasoningProfiles = ()
) -> StreamIR:
    call = wire_call(dialect)
    raws = mapping["rules"]
    rules = [_rule(i, raw) for i, raw in enumerate(raws)]
    blocks = _blocks(rules, raws)
    events = event_recognition(mapping["events"])
    scans = _scans(blocks)
    has_stop = any(r.role == Role.STOP or r.pointers.continues is not None for r in rules)
    envelope = dialect.mapping.get("envelopes", {}).get("stream_event")
    return StreamIR(
        dialect=dialect.name,
        title=dialect.mapping["title"],
        event_schema=f"dialects/{dialect.name}/{envelope['schema']}" if envelope else None,
        framing=mapping.get("framing", "sse"),
        event_name=tuple(tokens(mapping["event_name"])) if "event_name" in mapping else None,
        done_sentinel=mapping.get("done_sentinel"),
        truncated=tuple(mapping.get("truncated", [])),
        stop_before_truncation=bool(mapping.get("stop_before_truncation", False)),
        has_stop=has_stop,
        no_arguments_text=tuple(mapping.get("no_arguments_text", []))
        if call.arguments_form == ArgumentsForm.OBJECT
        else call.no_arguments_text,
        wire_call=call,
        custom_call=_custom_call(rules),
        rules=tuple(rules),
        scans=scans,
        events=events,
        emit=stream_emit(mapping, tuple(rules), call, has_stop),
        relay=_relay(dialect, mapping, call, signing, profiles),
    )


def _custom_call(rules: list[StreamRule]) -> tuple[Tokens | None, Tokens, Tokens] | None:
    """Where a custom tool's wire call holds its id, name and input: its custom rule's pointers."""
    rule = next((r for r in rules if r.custom), None)
    if rule is None:
        return None
    p = rule.pointers
    assert p.name is not None and p.fragment is not None  # checked in _rule
    return (p.id.tokens if p.id else None, p.name.tokens, p.fragment.tokens)


def _relay(
    dialect: Dialect, mapping: dict[str, Any], call: WireCall, signing: Signing, profiles: ReasoningProfiles
) -> RelayIR | None:
    """The relay IR, with the request rules its writes keep and every dialect's signed_reasoning
    (which sources' signatures the target replays) and reasoning profiles."""
    relay = relay_ir(mapping, usage_excludes(dialect.mapping))
    if relay is None:
        return None
    kept = tuple(r for r in rules_of(dialect) if r.envelope == "request")
    rules = relay_rules(relay.writes, kept, call)
    return dataclasses.replace(relay, rules=rules, signing=signing, profiles=profiles)
