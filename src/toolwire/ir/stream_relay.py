"""The typed IR of a stream mapping's `relay` term: how a dialect's events carry canonical
stream events (schemas/canonical/stream_event.json), read and written, for convert_stream.

The reads give what the assembly rules do not (message start, text, reasoning, signatures,
usage); the writes are event templates per canonical event kind, with slots for the relay's
state. meta/stream.schema.json defines the terms; the runtime's streams/_relay*.py implement
them once for every dialect.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.nodes import term
from toolwire.ir.reasoning_profiles import ReasoningProfiles, profiles_data
from toolwire.ir.signing import Signing, signing_data
from toolwire.ir.stream_events import pointer
from toolwire.ir.stream_nodes import ConstantTest, Pointer, StreamPlanError, Tokens
from toolwire.ir.stream_rules import RelayRules
from toolwire.spec.positions import tokens

__all__ = [
    "RelayError",
    "RelayErrorRead",
    "RelayErrorWrite",
    "RelayIR",
    "RelayRead",
    "RelayReadKind",
    "RelaySlot",
    "RelayWholeResponse",
    "RelayWrite",
    "relay_ir",
]


class RelayReadKind(enum.StrEnum):
    """The canonical event a read gives (the `reads[].kind` term)."""

    START = "start"
    TEXT = "text"
    REASONING = "reasoning"
    SIGNATURE = "signature"
    USAGE = "usage"
    REDACTED = "redacted"
    REFUSAL = "refusal"
    FINISH_DETAIL = "finish_detail"
    CITATION = "citation"


class RelaySlot(enum.StrEnum):
    """A value of the relay's state a write template takes (the `set{}` values)."""

    ID = "id"
    MODEL = "model"
    BLOCK = "block"
    KIND_INDEX = "kind_index"
    ITEM_ID = "item_id"
    SEQUENCE = "sequence"
    CALL_INDEX = "call_index"
    CALL_ID = "call_id"
    NAME = "name"
    ARGUMENTS_DELTA = "arguments_delta"
    ARGUMENTS = "arguments"
    CALL = "call"
    TEXT = "text"
    TEXT_SO_FAR = "text_so_far"
    SIGNATURE = "signature"
    DATA = "data"
    CALLER = "caller"
    FINISH_REASON = "finish_reason"
    USAGE_INPUT_TOKENS = "usage.input_tokens"
    USAGE_OUTPUT_TOKENS = "usage.output_tokens"
    USAGE_TOTAL_TOKENS = "usage.total_tokens"
    USAGE_CACHED_INPUT_TOKENS = "usage.cached_input_tokens"
    USAGE_CACHE_WRITE_INPUT_TOKENS = "usage.cache_write_input_tokens"
    USAGE_TOOL_INPUT_TOKENS = "usage.tool_input_tokens"
    USAGE_REASONING_TOKENS = "usage.reasoning_tokens"


# The canonical event kinds a write may be given for, in the order the runtime checks them.
WRITE_KINDS = (
    "each",
    "start",
    "text_open",
    "text",
    "text_close",
    "reasoning_open",
    "reasoning",
    "signature",
    "reasoning_close",
    "redacted_open",
    "redacted",
    "redacted_close",
    "refusal_open",
    "refusal",
    "refusal_close",
    "call_open",
    "call_delta",
    "call_close",
    "custom_open",
    "custom_delta",
    "custom_close",
    "finish",
    "usage",
    "end",
)


@dataclass(frozen=True)
class RelayRead:
    """One read: which items of which events give a canonical event, and where its values are."""

    kind: RelayReadKind = field(metadata=term("stream.relay.reads[].kind"))
    event: tuple[ConstantTest, ...] = field(metadata=term("stream.relay.reads[].event"))
    path: Tokens = field(metadata=term("stream.relay.reads[].path"))
    when: tuple[ConstantTest, ...] = field(metadata=term("stream.relay.reads[].when"))
    present: tuple[Pointer, ...] = field(metadata=term("stream.relay.reads[].has"))
    text: Pointer | None = field(metadata=term("stream.relay.reads[].text"))
    message_id: Pointer | None = field(metadata=term("stream.relay.reads[].id"))
    model: Pointer | None = field(metadata=term("stream.relay.reads[].model"))
    usage: tuple[tuple[str, Pointer], ...] = field(metadata=term("stream.relay.reads[].usage"))


@dataclass(frozen=True)
class RelayWrite:
    """One event template: the event as written, the slots set into it, finish cases."""

    event: Any = field(metadata=term("stream.relay.writes{}[].event"))
    # the slots' values (RelaySlot, checked on build) are the set{}=... terms; kept as strings
    sets: tuple[tuple[Pointer, str], ...] = field(metadata=term("stream.relay.writes{}[].set"))
    cases: tuple[tuple[str, tuple[ConstantTest, ...]], ...] = field(metadata=term("stream.relay.writes{}[].cases"))


@dataclass(frozen=True)
class RelayErrorRead:
    """One way to read the error event as the dialect's error body."""

    present: tuple[Pointer, ...] = field(metadata=term("stream.relay.error.read[].has"))
    copy: tuple[tuple[Pointer, Pointer], ...] = field(metadata=term("stream.relay.error.read[].copy"))
    constants: tuple[ConstantTest, ...] = field(metadata=term("stream.relay.error.read[].constants"))


@dataclass(frozen=True)
class RelayErrorWrite:
    """One error event template: written when the encoded error body holds its `when`."""

    event: Any = field(metadata=term("stream.relay.error.write[].event"))
    when: tuple[ConstantTest, ...] = field(metadata=term("stream.relay.error.write[].when"))
    # event pointer -> the body's pointer, or the slot "sequence"
    sets: tuple[tuple[Pointer, Pointer | str], ...] = field(metadata=term("stream.relay.error.write[].set"))


@dataclass(frozen=True)
class RelayError:
    """The error event both ways."""

    read: tuple[RelayErrorRead, ...] = field(metadata=term("stream.relay.error.read"))
    write: tuple[RelayErrorWrite, ...] = field(metadata=term("stream.relay.error.write"))


@dataclass(frozen=True)
class RelayWholeResponse:
    """Where a whole response holds its message whole: refused when given as a stream."""

    path: tuple[str, ...] = field(metadata=term("stream.relay.whole_response.path"))
    whole: str = field(metadata=term("stream.relay.whole_response.whole"))
    delta: str = field(metadata=term("stream.relay.whole_response.delta"))


@dataclass(frozen=True)
class RelayIR:
    """A dialect's relay mapping, typed."""

    reads: tuple[RelayRead, ...] = field(metadata=term("stream.relay.reads"))
    stop_means_calls: bool = field(metadata=term("stream.relay.stop_means_calls"))
    item_ids: tuple[tuple[str, str], ...] = field(metadata=term("stream.relay.item_ids"))
    writes: tuple[tuple[str, tuple[RelayWrite, ...]], ...] = field(metadata=term("stream.relay.writes"))
    # the dialect's usage_excludes (dialect.json): what its usage reads and writes count
    usage_excludes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # the dialect's signature and part_order rules as its relay keeps them (ir/stream_rules.py)
    rules: RelayRules = field(default_factory=RelayRules)
    # the error event both ways (docs/errors.md)
    error: RelayError | None = field(default=None, metadata=term("stream.relay.error"))
    # every dialect's signed_reasoning (dialect.json): the sources whose signatures the target replays
    signing: Signing = ()
    # every dialect's reasoning profiles (profiles.json): read and written under source_ and target_profile
    profiles: ReasoningProfiles = ()
    # a whole response given as a stream, refused
    whole_response: RelayWholeResponse | None = field(default=None, metadata=term("stream.relay.whole_response"))

    @property
    def slots(self) -> frozenset[str]:
        return frozenset(slot for _kind, ws in self.writes for w in ws for _p, slot in w.sets)


def _constants(raw: dict[str, Any]) -> tuple[ConstantTest, ...]:
    return tuple(ConstantTest(pointer(p), v) for p, v in raw.items())


def _read(index: int, raw: dict[str, Any]) -> RelayRead:
    kind = RelayReadKind(raw["kind"])
    given = {k for k in ("text", "id", "model", "usage") if k in raw}
    needs = {
        RelayReadKind.START: {"id", "model"},
        RelayReadKind.USAGE: {"usage"},
    }.get(kind, {"text"})
    if not given or not given <= needs:
        raise StreamPlanError(f"relay.reads[{index}]: a {kind} read takes {sorted(needs)}, got {sorted(given)}")

    def opt(name: str) -> Pointer | None:
        return pointer(raw[name]) if name in raw else None

    return RelayRead(
        kind=kind,
        event=_constants(raw.get("event", {})),
        path=tuple(tokens(raw.get("path", ""))),
        when=_constants(raw.get("when", {})),
        present=tuple(pointer(p) for p in raw.get("has", [])),
        text=opt("text"),
        message_id=opt("id"),
        model=opt("model"),
        usage=tuple((name, pointer(p)) for name, p in raw.get("usage", {}).items()),
    )


def _write(kind: str, raw: dict[str, Any]) -> RelayWrite:
    if "cases" in raw and kind != "finish":
        raise StreamPlanError(f"relay.writes.{kind}: cases are for finish templates")
    return RelayWrite(
        event=raw["event"],
        sets=tuple((pointer(p), RelaySlot(slot).value) for p, slot in raw.get("set", {}).items()),
        cases=tuple((reason, _constants(c)) for reason, c in raw.get("cases", {}).items()),
    )


def relay_ir(mapping: dict[str, Any], usage_excludes: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> RelayIR | None:
    """The relay IR of a stream mapping; None when it has no `relay`. usage_excludes is the
    dialect's (its dialect.json): a stream counts tokens as its responses do."""
    raw = mapping.get("relay")
    if raw is None:
        return None
    writes = raw["writes"]
    return RelayIR(
        reads=tuple(_read(i, r) for i, r in enumerate(raw["reads"])),
        stop_means_calls=bool(raw.get("stop_means_calls", False)),
        item_ids=tuple(raw.get("item_ids", {}).items()),
        writes=tuple((kind, tuple(_write(kind, w) for w in writes[kind])) for kind in WRITE_KINDS if kind in writes),
        usage_excludes=usage_excludes,
        error=_error(raw.get("error")),
        whole_response=_whole_response(raw.get("whole_response")),
    )


def _whole_response(raw: dict[str, Any] | None) -> RelayWholeResponse | None:
    if raw is None:
        return None
    return RelayWholeResponse(path=tuple(tokens(raw["path"])), whole=raw["whole"], delta=raw["delta"])


def _error(raw: dict[str, Any] | None) -> RelayError | None:
    """The error term typed (a bad pointer is a plan error)."""
    if raw is None:
        return None
    return RelayError(
        read=tuple(
            RelayErrorRead(
                present=tuple(pointer(p) for p in r.get("has", [])),
                copy=tuple((pointer(k), pointer(v)) for k, v in r["copy"].items()),
                constants=_constants(r.get("constants", {})),
            )
            for r in raw["read"]
        ),
        write=tuple(
            RelayErrorWrite(
                event=w["event"],
                when=_constants(w.get("when", {})),
                sets=tuple((pointer(k), v if v == "sequence" else pointer(v)) for k, v in w["set"].items()),
            )
            for w in raw["write"]
        ),
    )


def _error_data(error: RelayError | None) -> dict[str, Any] | None:
    """The error term as the runtime reads it (pointers as token lists)."""
    if error is None:
        return None

    def consts(tests: tuple[ConstantTest, ...]) -> list[list[Any]]:
        return [[list(c.pointer.tokens), c.value] for c in tests]

    return {
        "read": [
            {
                "has": [list(p.tokens) for p in r.present],
                "copy": [[list(a.tokens), list(b.tokens)] for a, b in r.copy],
                "constants": consts(r.constants),
            }
            for r in error.read
        ],
        "write": [
            {
                "event": w.event,
                "when": consts(w.when),
                "set": [[list(a.tokens), b if isinstance(b, str) else list(b.tokens)] for a, b in w.sets],
            }
            for w in error.write
        ],
    }


def relay_data(relay: RelayIR | None) -> dict[str, Any] | None:
    """The relay as the plain data the runtime reads (pointers as token lists)."""
    if relay is None:
        return None
    each = dict(relay.writes).get("each", ())

    def consts(tests: tuple[ConstantTest, ...]) -> list[list[Any]]:
        return [[list(t.pointer.tokens), t.value] for t in tests]

    def toks(p: Pointer | None) -> list[str] | None:
        return list(p.tokens) if p is not None else None

    return {
        "reads": [
            {
                "kind": r.kind.value,
                "event": consts(r.event),
                "path": list(r.path),
                "when": consts(r.when),
                "has": [list(p.tokens) for p in r.present],
                "text": toks(r.text),
                "id": toks(r.message_id),
                "model": toks(r.model),
                "usage": [[name, list(p.tokens)] for name, p in r.usage],
            }
            for r in relay.reads
        ],
        "stop_means_calls": relay.stop_means_calls,
        "item_ids": dict(relay.item_ids),
        "writes": {kind: [_folded(w, each) for w in ws] for kind, ws in relay.writes if kind != "each"},
        "usage_excludes": [[name, list(parts)] for name, parts in relay.usage_excludes],
        "rules": {
            "signatures": [
                [s.template, s.index, list(s.block), s.key, list(s.aliases), s.placeholder, s.what]
                for s in relay.rules.signatures
            ],
            "first": list(relay.rules.first),
            "then": list(relay.rules.then),
            "dropped": dict(relay.rules.dropped),
        },
        "error": _error_data(relay.error),
        "whole_response": _whole_data(relay.whole_response),
        "signing": signing_data(relay.signing),
        "profiles": profiles_data(relay.profiles),
    }


def _whole_data(whole: RelayWholeResponse | None) -> list[Any] | None:
    """[path tokens, whole key, delta key] of the whole_response term (None: none)."""
    return [list(whole.path), whole.whole, whole.delta] if whole is not None else None


def _folded(write: RelayWrite, each: tuple[RelayWrite, ...]) -> dict[str, Any]:
    """A write template with the `each` templates folded in: their constants where the
    template has none (top level), their sets after its own."""
    event = dict(write.event)
    sets = [[list(p.tokens), slot] for p, slot in write.sets]
    for e in each:
        for key, value in e.event.items():
            event.setdefault(key, value)
        sets.extend([list(p.tokens), slot] for p, slot in e.sets)
    cases = {reason: [[list(t.pointer.tokens), t.value] for t in c] for reason, c in write.cases}
    return {"event": event, "set": sets, "cases": cases}
