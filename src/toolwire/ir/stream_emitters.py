"""How emit() builds each role's events: the `emit` term and the rules marked for emission,
as JSON trees with Slots (a call's values) and a WireOverlay (the call as the dialect's
wire tool_call). The trees are drafted mutably here, then frozen into the IR's nodes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.stream_nodes import (
    ArgumentsForm,
    Role,
    RoleEmitter,
    Slot,
    StreamEmit,
    StreamPlanError,
    StreamRule,
    Tokens,
    WireCall,
    WireOverlay,
)
from toolwire.spec.positions import tokens

# the order in which a call's events go out
ROLES_EMIT_ORDER = (Role.START, Role.DELTA, Role.FRAGMENT, Role.JSON_PATH_ARGS, Role.STOP, Role.CALL)


@dataclass
class _OverlayDraft:
    sets: list[tuple[Tokens, Any]] = field(default_factory=list)
    drops: list[Tokens] = field(default_factory=list)


def _freeze(node: Any) -> Any:
    if isinstance(node, _OverlayDraft):
        return WireOverlay(tuple((t, _freeze(v)) for t, v in node.sets), tuple(node.drops))
    if isinstance(node, dict):
        return {k: _freeze(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_freeze(v) for v in node]
    return node


def _put(node: Any, toks: Tokens, value: Any, where: str) -> None:
    """Place value at toks in a tree; * (or 0) is the single element of an array, created
    as a one-element list when the next token is *."""
    if not toks:
        raise StreamPlanError(f"{where}: cannot replace the whole event")
    for i, t in enumerate(toks):
        last = i == len(toks) - 1
        if isinstance(node, _OverlayDraft):
            node.sets.append((tuple(toks[i:]), value))
            return
        if isinstance(node, list):
            if t not in ("*", "0"):
                raise StreamPlanError(f"{where}: only * (the one element) can index an emitted array")
            if last:
                if node:
                    node[0] = value
                else:
                    node.append(value)
                return
            if not node:
                node.append([] if toks[i + 1] == "*" else {})
            node = node[0]
            continue
        if t == "*":
            raise StreamPlanError(f"{where}: * must follow an array's name")
        if last:
            node[t] = value
            return
        child = node.get(t)
        if not isinstance(child, (dict, list, _OverlayDraft)):
            child = [] if toks[i + 1] == "*" else {}
            node[t] = child
        node = child


def _merge(dst: dict[str, Any], src: dict[str, Any]) -> None:
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            _merge(dst[k], v)
        else:
            dst[k] = v


def _role_emitter(rule: StreamRule, call: WireCall) -> RoleEmitter:
    """The events of one rule marked for emission."""
    role = rule.role
    where = f"rule {rule.index}"
    ptr = {name: p.tokens for name, p in vars(rule.pointers).items() if p is not None}

    def build(item: Any) -> Any:
        if not rule.path and isinstance(item, _OverlayDraft):
            raise StreamPlanError(f"{where}: an emitted whole-call item needs a path below the event")
        event: Any = {}
        for test in rule.event:
            _put(event, test.pointer.tokens, test.value, f"{where} event {test.pointer.text}")
        if rule.path:
            _put(event, rule.path, item, f"{where} path")
        else:
            _merge(event, item)
        for test in rule.emit or ():
            _put(event, test.pointer.tokens, test.value, f"{where} emit {test.pointer.text}")
        if "event_key" in ptr:
            _put(event, ptr["event_key"], Slot.KEY, f"{where} event_key")
        if "position" in ptr and role != Role.FINISH:
            _put(event, ptr["position"], Slot.POSITION, f"{where} position")
        return _freeze(event)

    def plain_item(values: dict[str, Any]) -> dict[str, Any]:
        item: dict[str, Any] = {}
        for test in rule.when:
            _put(item, test.pointer.tokens, test.value, f"{where} when {test.pointer.text}")
        for name, value in values.items():
            if name in ptr:
                _put(item, ptr[name], value, f"{where} {name}")
        return item

    text_args = call.arguments_form == ArgumentsForm.TEXT
    parts: dict[str, Any] = {}
    if role in (Role.START, Role.DELTA) and rule.as_call:
        over = _OverlayDraft(drops=list(rule.drop))
        if text_args:
            over.sets.append((call.arguments, Slot.FRAGMENT))
        else:
            over.drops.append(call.arguments)
        over.sets += [(test.pointer.tokens, test.value) for test in rule.when]
        if "key" in ptr:
            over.sets.append((ptr["key"], Slot.KEY))
        if "fragment" in ptr and not text_args:
            over.sets.append((ptr["fragment"], Slot.FRAGMENT))
        if "continues" in ptr:
            over.sets.append((ptr["continues"], True))
        parts["first"] = build(over)
    elif role in (Role.START, Role.DELTA):
        values = {"key": Slot.KEY, "id": Slot.CALL_ID, "name": Slot.NAME, "fragment": Slot.FRAGMENT, "continues": True}
        parts["first"] = build(plain_item(values))
    if role == Role.DELTA:
        parts["following"] = build(plain_item({"key": Slot.KEY, "fragment": Slot.FRAGMENT, "continues": True}))
    elif role == Role.FRAGMENT:
        values = {"key": Slot.KEY, "continues": True, ("fragment" if "fragment" in ptr else "full"): Slot.FRAGMENT}
        parts["following"] = build(plain_item(values))
    elif role == Role.STOP:
        parts["stop"] = build(plain_item({"key": Slot.KEY, "full": Slot.TEXT}))
    elif role == Role.CALL:
        over = _OverlayDraft()
        if "key" in ptr:
            over.sets.append((ptr["key"], Slot.KEY))
        parts["whole"] = build(over)
    elif role == Role.JSON_PATH_ARGS:
        parts["following"] = build(plain_item({"partial_args": Slot.PARTIAL_ARGS, "continues": True}))
        parts["close"] = build(plain_item({}))
    elif role == Role.FINISH:
        parts["finish"] = build(plain_item({"finish": Slot.FINISH}))
    key = ptr.get("key") if rule.as_call or role == Role.CALL else None
    return RoleEmitter(role=role, rule_index=rule.index, key=key, **parts)


def slots_in(node: Any) -> set[Slot]:
    """The Slots an emitted tree uses."""
    if isinstance(node, Slot):
        return {node}
    if isinstance(node, WireOverlay):
        return set().union(*(slots_in(v) for _t, v in node.sets))
    if isinstance(node, dict):
        return set().union(*(slots_in(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(slots_in(v) for v in node))
    return set()


def stream_emit(mapping: dict[str, Any], rules: tuple[StreamRule, ...], call: WireCall, has_stop: bool) -> StreamEmit:
    """The `emit` term, with one emitter per role marked for emission."""
    emitters: dict[Role, RoleEmitter] = {}
    for rule in rules:
        if rule.emit is not None:
            if rule.role in emitters:
                raise StreamPlanError(f"rule {rule.index}: a second {rule.role} rule marked for emission")
            emitters[rule.role] = _role_emitter(rule, call)
    ordered = tuple(emitters[role] for role in ROLES_EMIT_ORDER if role in emitters)
    if not ordered:
        raise StreamPlanError("no rule that carries calls is marked for emission")
    if Role.FINISH not in emitters:
        raise StreamPlanError("no finish rule is marked for emission")
    emit = mapping["emit"]
    truncated = mapping.get("truncated", [])
    slots: set[Slot] = set()
    for emitter in [*ordered, emitters[Role.FINISH]]:
        for event in emitter.events:
            slots |= slots_in(event)
    return StreamEmit(
        before=tuple(emit.get("before", [])),
        after=tuple(emit.get("after", [])),
        finish=emit["finish"],
        truncated_finish=truncated[0] if truncated else emit["finish"],
        key_prefix=emit.get("key_prefix"),
        sequence=tuple(tokens(emit["sequence"])) if "sequence" in emit else None,
        key=next((e.key for e in ordered if e.key), None),
        roles=ordered,
        finish_role=emitters[Role.FINISH],
        # Incomplete calls can be emitted when their text can go out without a stop or a whole call.
        emits_incomplete=any(role in emitters for role in (Role.START, Role.DELTA, Role.FRAGMENT))
        and (has_stop or bool(truncated)),
        emits_text_fragments=any(role in emitters for role in (Role.DELTA, Role.FRAGMENT)),
        slots=frozenset(slots),
    )
