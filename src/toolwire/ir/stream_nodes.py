"""The typed stream IR: what a dialect's stream mapping (stream.json) means, as data.

Nothing here says how a target spells it: pointers are token tuples, tests are constants to
compare, emitted events are JSON trees with `Slot`s where a call's values go. A target's
emitter (targets/<language>/) turns these nodes into code; meta/stream.schema.json defines
the terms and the numbered rules the comments cite.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from toolwire.ir.errors import GenerateError
from toolwire.ir.nodes import term

Tokens: TypeAlias = tuple[str, ...]  # a JSON Pointer's unescaped reference tokens
JsonType = Literal["object", "array", "string"]


class StreamPlanError(GenerateError):
    """A stream mapping that cannot be generated (it names the stream.json and the rule)."""


class Role(enum.StrEnum):
    """What a rule does with the items it takes (the `role` term)."""

    START = "start"
    DELTA = "delta"
    FRAGMENT = "fragment"
    STOP = "stop"
    CALL = "call"
    JSON_PATH_ARGS = "json_path_args"
    FINISH = "finish"
    SKIP = "skip"
    ERROR = "error"


class ArgumentsForm(enum.StrEnum):
    """How the wire tool_call carries its arguments: JSON text, or an object."""

    TEXT = "text"
    OBJECT = "object"


class Slot(enum.Enum):
    """A value emit() fills into an emitted event, per call."""

    KEY = "key"  # the call's key (an index or an item id)
    CALL_ID = "call_id"
    NAME = "name"
    FRAGMENT = "fragment"  # one piece of the argument text (or the whole arguments object)
    TEXT = "text"  # the complete argument text
    PARTIAL_ARGS = "partial_args"  # one {jsonPath, ...value} leaf
    FINISH = "finish"  # the finish value
    POSITION = "position"  # the call's position among the emitted calls


@dataclass(frozen=True)
class Pointer:
    """A JSON Pointer from the mapping: as written (findings name it) and as tokens."""

    text: str
    tokens: Tokens


@dataclass(frozen=True)
class ConstantTest:
    """The value at pointer equals value, JSON types included (1 is not true)."""

    pointer: Pointer
    value: Any


@dataclass(frozen=True)
class EventKind:
    """One alternative of the `events` term (rule 10): what an event of the dialect holds."""

    present: tuple[Pointer, ...] = field(metadata=term("stream.events[].has"))  # these pointers are present (any value)
    types: tuple[tuple[Pointer, JsonType], ...] = field(
        metadata=term("stream.events[].types")
    )  # the value has this JSON type
    one_of: tuple[tuple[Pointer, tuple[str, ...]], ...] = field(
        metadata=term("stream.events[].in")
    )  # a string among these (sorted)
    matches: tuple[tuple[Pointer, str], ...] = field(
        metadata=term("stream.events[].match")
    )  # a string the whole of which matches the regex
    description: str  # the kind in words, for the "expected ..." of a finding

    @property
    def pointers(self) -> tuple[str, ...]:
        """The pointers it tests, as written, in the order of the terms."""
        tested = [
            *self.present,
            *(p for p, _ in self.types),
            *(p for p, _ in self.one_of),
            *(p for p, _ in self.matches),
        ]
        return tuple(p.text for p in tested)


@dataclass(frozen=True)
class EventRecognition:
    """The `events` term: an event is the dialect's when it is one of these kinds."""

    kinds: tuple[EventKind, ...]

    @property
    def expected(self) -> str:
        return "an event with " + ", or with ".join(kind.description for kind in self.kinds)


@dataclass(frozen=True)
class RulePointers:
    """Where a rule reads each value, relative to its item (event_key: to the event)."""

    key: Pointer | None = field(default=None, metadata=term("stream.rules[].key"))
    event_key: Pointer | None = field(default=None, metadata=term("stream.rules[].event_key"))
    id: Pointer | None = field(default=None, metadata=term("stream.rules[].id"))
    name: Pointer | None = field(default=None, metadata=term("stream.rules[].name"))
    fragment: Pointer | None = field(default=None, metadata=term("stream.rules[].fragment"))
    full: Pointer | None = field(default=None, metadata=term("stream.rules[].full"))
    arguments: Pointer | None = field(default=None, metadata=term("stream.rules[].arguments"))
    partial_args: Pointer | None = field(default=None, metadata=term("stream.rules[].partial_args"))
    continues: Pointer | None = field(default=None, metadata=term("stream.rules[].continues"))
    finish: Pointer | None = field(default=None, metadata=term("stream.rules[].finish"))
    message: Pointer | None = field(default=None, metadata=term("stream.rules[].message"))
    code: Pointer | None = field(default=None, metadata=term("stream.rules[].code"))
    alt_message: Pointer | None = field(default=None, metadata=term("stream.rules[].alt_message"))
    alt_code: Pointer | None = field(default=None, metadata=term("stream.rules[].alt_code"))
    position: Pointer | None = field(default=None, metadata=term("stream.rules[].position"))


@dataclass(frozen=True)
class StreamRule:
    """One entry of `rules`: which items it takes and what it reads from them."""

    index: int
    role: Role = field(metadata=term("stream.rules[].role"))
    event: tuple[ConstantTest, ...] = field(
        metadata=term("stream.rules[].event")
    )  # constants the whole event holds (sorted by pointer)
    path: Tokens = field(metadata=term("stream.rules[].path"))  # from the event to its items; * loops over an array
    when: tuple[ConstantTest, ...] = field(metadata=term("stream.rules[].when"))  # constants the item holds
    present: tuple[Pointer, ...] = field(
        metadata=term("stream.rules[].has")
    )  # pointers the item holds (the `has` term)
    pointers: RulePointers
    as_call: bool = field(
        metadata=term("stream.rules[].as_call")
    )  # the item is the wire tool_call itself (its other fields are kept)
    drop: tuple[Tokens, ...] = field(
        metadata=term("stream.rules[].drop")
    )  # keys of the item that are no part of the call
    emit: tuple[ConstantTest, ...] | None = field(
        metadata=term("stream.rules[].emit")
    )  # None: emit() does not use this rule
    custom: bool = field(
        default=False, metadata=term("stream.rules[].custom")
    )  # the call is a custom tool's: plain input text at the name and fragment pointers

    @property
    def key(self) -> Pointer | None:
        """The call key: below the item, or below the event (event_key)."""
        return self.pointers.key or self.pointers.event_key

    @property
    def key_on_event(self) -> bool:
        return self.pointers.event_key is not None

    @property
    def conditional(self) -> bool:
        return bool(self.when or self.present)


@dataclass(frozen=True)
class RuleBranch:
    """Rules that do the same thing to an item: taken when any one's conditions hold; the
    first one says what is done."""

    rules: tuple[StreamRule, ...]

    @property
    def rule(self) -> StreamRule:
        return self.rules[0]


@dataclass(frozen=True)
class RuleBlock:
    """The rules with the same event constants and path: alternatives tried in order."""

    event: tuple[ConstantTest, ...]
    path: Tokens
    branches: tuple[RuleBranch, ...]

    @property
    def first_index(self) -> int:
        return min(r.index for b in self.branches for r in b.rules)


@dataclass(frozen=True)
class PathStep:
    """One step from an event towards items: the member `name`, an object, or an array whose
    object elements are each taken (a path token * after the name)."""

    name: str
    array: bool


@dataclass(frozen=True)
class PathNode:
    """A step and what is done below it, in the order of the rules (blocks and substeps)."""

    step: PathStep | None  # None at the event itself
    entries: tuple[PathNode | RuleBlock, ...]


@dataclass(frozen=True)
class EventScan:
    """The blocks that need the same event constants: one walk of the event serves them all
    (an array like OpenAI's choices is looped over once)."""

    event: tuple[ConstantTest, ...]
    root: PathNode


@dataclass(frozen=True)
class WireCall:
    """The dialect's wire tool_call (its first variant): how a finished call is rebuilt, so
    the dialect's own decode_tool_call gives the canonical call."""

    constants: tuple[tuple[Tokens, Any], ...]
    id: Tokens | None
    id_optional: bool
    name: Tokens
    arguments: Tokens
    arguments_form: ArgumentsForm
    arguments_optional: bool  # the wire may leave the arguments out (Gemini: no args means {})
    arguments_object_too: bool  # object_or_json_text: a stream may send one arguments object
    no_arguments_text: tuple[str, ...]


@dataclass(frozen=True)
class WireOverlay:
    """The call encoded as the dialect's wire tool_call, with values set and keys dropped."""

    sets: tuple[tuple[Tokens, Any], ...]
    drops: tuple[Tokens, ...]


@dataclass(frozen=True)
class RoleEmitter:
    """How emit() sends one role's events; each event is a JSON tree holding Slots and at
    most one WireOverlay."""

    role: Role
    rule_index: int
    first: Any = None  # a call's first event (start, delta)
    following: Any = None  # each further fragment (delta, fragment, json_path_args)
    stop: Any = None  # the call's end, with its complete text (stop)
    whole: Any = None  # the whole call (call)
    close: Any = None  # the end of the partial arguments (json_path_args)
    finish: Any = None  # the finish event (finish)
    key: Tokens | None = None  # where the wire call holds its key (as_call and call rules)

    @property
    def events(self) -> tuple[Any, ...]:
        return tuple(
            e for e in (self.first, self.following, self.stop, self.whole, self.close, self.finish) if e is not None
        )


@dataclass(frozen=True)
class StreamEmit:
    """The `emit` term with the rules marked for emission."""

    before: tuple[Any, ...] = field(metadata=term("stream.emit.before"))  # events sent first
    after: tuple[Any, ...] = field(metadata=term("stream.emit.after"))  # events sent last
    finish: str = field(metadata=term("stream.emit.finish"))  # the finish value of a stream that ended well
    truncated_finish: str  # the finish value when a call was cut off
    key_prefix: str | None = field(metadata=term("stream.emit.key_prefix"))  # item ids made up for calls that have none
    sequence: Tokens | None = field(metadata=term("stream.emit.sequence"))  # where each event gets its sequence number
    key: Tokens | None  # where the wire call holds its key
    roles: tuple[RoleEmitter, ...]  # the roles that carry calls, in the order they are sent
    finish_role: RoleEmitter
    emits_incomplete: bool  # a call cut off can be sent (its text goes out without its end)
    emits_text_fragments: bool  # argument text goes out in fragments (delta or fragment)
    slots: frozenset[Slot]  # the values the events use

    def role(self, role: Role) -> RoleEmitter | None:
        return next((e for e in self.roles if e.role == role), None)


@dataclass(frozen=True)
class StreamIR:
    """A dialect's stream mapping, typed."""

    dialect: str
    title: str
    event_schema: str | None  # the stream_event schema, relative to the schemas folder
    framing: str = field(metadata=term("stream.framing"))  # "sse" or "ndjson"
    event_name: Tokens | None = field(metadata=term("stream.event_name"))  # where an SSE event's name is
    done_sentinel: str | None = field(metadata=term("stream.done_sentinel"))
    truncated: tuple[str, ...] = field(metadata=term("stream.truncated"))  # finish values that cut the open calls off
    stop_before_truncation: bool = field(metadata=term("stream.stop_before_truncation"))
    has_stop: bool  # calls end by a stop (role or continues pointer) rather than the stream's end
    no_arguments_text: tuple[str, ...] = field(
        metadata=term("stream.no_arguments_text")
    )  # argument texts that mean no arguments
    wire_call: WireCall
    # a custom tool's call (a `custom` rule's pointers in the wire call): id, name, input
    custom_call: tuple[Tokens | None, Tokens, Tokens] | None
    rules: tuple[StreamRule, ...] = field(metadata=term("stream.rules"))
    scans: tuple[EventScan, ...]
    events: EventRecognition = field(metadata=term("stream.events"))
    emit: StreamEmit = field(metadata=term("stream.emit"))
    relay: Any = field(default=None, metadata=term("stream.relay"))  # stream_relay.RelayIR, for convert_stream

    @property
    def roles(self) -> frozenset[Role]:
        return frozenset(r.role for r in self.rules)
