"""The Python spelling of a dialect's stream IR, as the stream templates lay it out: every
expression and literal the templates place, and every fact they test, as a field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolwire.ir.stream_nodes import Role, RoleEmitter, Slot, StreamIR
from toolwire.ir.stream_relay import relay_data
from toolwire.targets.python.emit_stream_expr import event_literal, tokens_tuple, tuple_of
from toolwire.targets.python.emit_stream_feed import FeedCode, feed_code
from toolwire.targets.python.names import literal as py


@dataclass(frozen=True)
class RoleEvents:
    """One role's events in emit(), as expressions on emit()'s locals."""

    role: Role
    first: str
    following: str
    stop: str
    whole: str
    close: str


@dataclass(frozen=True)
class StreamContext:
    """What `d.stream` is in the stream templates."""

    ir: StreamIR
    rule_roles: str  # the rules' roles, in order, for the module docstring
    event_schema: str  # literals from here on
    framing: str
    truncated: str
    emits_incomplete: bool
    arguments_form: str
    no_arguments_text: str
    has_stop: bool
    stop_before_truncation: bool
    id_optional: bool
    arguments_optional: bool
    arguments_object_too: bool  # a fragment may be the whole arguments object
    fragment_test: str  # a fragment arrived: text, or (object_or_json_text) an object
    expected: str
    expected_at: str
    feed: FeedCode
    wire_defaults: list[tuple[str, str]]  # (tokens, value): the wire call's constants
    wire_id: str | None
    wire_name: str
    wire_arguments: str
    custom_call: tuple[str | None, str, str] | None  # a custom tool's call: id, name, input tokens
    before: list[str]
    after: list[str]
    roles: list[RoleEvents]
    finish_event: str
    finish: str
    truncated_finish: str
    needs_text: bool  # emit() needs a call's complete argument text
    needs_key: bool  # emit() needs each call's key
    needs_id_and_name: bool  # events carry a call's id and name outside the wire call
    key_tokens: str
    key_prefix: str
    sequence: str | None
    event_name: str
    done_sentinel: str
    uses_partial_args: bool  # json_path_args: emit() parses the argument text
    relay: str  # the relay mapping as plain data (None: convert_stream cannot use the dialect)
    relay_events: str  # per write kind, a function per template building a fresh copy of its event


def _role_events(emitter: RoleEmitter) -> RoleEvents:
    def lit(node: object) -> str:
        return event_literal(node) if node is not None else ""

    return RoleEvents(
        emitter.role,
        lit(emitter.first),
        lit(emitter.following),
        lit(emitter.stop),
        lit(emitter.whole),
        lit(emitter.close),
    )


def stream_context(ir: StreamIR | None) -> StreamContext | None:
    """What `d.stream` is in the stream templates (None: the dialect does not stream)."""
    if ir is None:
        return None
    call = ir.wire_call
    emit = ir.emit
    roles = {e.role for e in emit.roles}
    return StreamContext(
        ir=ir,
        rule_roles=", ".join(r.role for r in ir.rules),
        event_schema=py(ir.event_schema),
        framing=py(ir.framing),
        truncated=tokens_tuple(ir.truncated),
        emits_incomplete=emit.emits_incomplete,
        arguments_form=py(call.arguments_form.value),
        no_arguments_text=tokens_tuple(ir.no_arguments_text),
        has_stop=ir.has_stop,
        stop_before_truncation=ir.stop_before_truncation,
        id_optional=call.id_optional,
        arguments_optional=call.arguments_optional,
        arguments_object_too=call.arguments_object_too,
        fragment_test="fragment or type(fragment) is dict" if call.arguments_object_too else "fragment",
        expected=py(ir.events.expected),
        expected_at=tuple_of([tokens_tuple(kind.pointers) for kind in ir.events.kinds]),
        feed=feed_code(ir),
        wire_defaults=[(tokens_tuple(t), py(v)) for t, v in call.constants],
        wire_id=tokens_tuple(call.id) if call.id else None,
        wire_name=tokens_tuple(call.name),
        wire_arguments=tokens_tuple(call.arguments),
        custom_call=None
        if ir.custom_call is None
        else (
            tokens_tuple(ir.custom_call[0]) if ir.custom_call[0] else None,
            tokens_tuple(ir.custom_call[1]),
            tokens_tuple(ir.custom_call[2]),
        ),
        before=[py(event) for event in emit.before],
        after=[py(event) for event in emit.after],
        roles=[_role_events(e) for e in emit.roles],
        finish_event=event_literal(emit.finish_role.finish),
        finish=py(emit.finish),
        truncated_finish=py(emit.truncated_finish),
        # the text goes out in fragments, in a stop, or (a start that sends it whole) at once
        needs_text=Slot.TEXT in emit.slots
        or bool(roles & {Role.DELTA, Role.FRAGMENT, Role.JSON_PATH_ARGS})
        or (Role.START in roles and not emit.emits_text_fragments),
        needs_key=Slot.KEY in emit.slots,
        needs_id_and_name=bool({Slot.CALL_ID, Slot.NAME} & emit.slots),
        key_tokens=tokens_tuple(emit.key) if emit.key else "None",
        key_prefix=py(emit.key_prefix),
        sequence=tokens_tuple(emit.sequence) if emit.sequence else None,
        event_name=tokens_tuple(ir.event_name) if ir.event_name else "None",
        done_sentinel=py(ir.done_sentinel),
        uses_partial_args=Role.JSON_PATH_ARGS in roles,
        relay=py(relay_data(ir.relay)),
        relay_events=_relay_events(relay_data(ir.relay)),
    )


def _relay_events(data: dict[str, Any] | None) -> str:
    """`{kind: (lambda: {...}, ...)}`: a literal builds a fresh event several times faster than
    a deep copy of the template (every relayed event is one)."""
    if data is None:
        return "None"
    kinds = []
    for kind, writes in data["writes"].items():
        builders = "".join("lambda: " + py(w["event"]) + ", " for w in writes)
        kinds.append(f"{py(kind)}: ({builders})")
    return "{" + ", ".join(kinds) + "}"
