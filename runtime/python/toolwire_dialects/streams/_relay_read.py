# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Reading a dialect's stream as canonical stream events (schemas/canonical/stream_event.json):
the dialect's own Assembler gives the calls and the finish value, its `relay.reads` (RELAY in
the generated stream module) the message start, text, reasoning, signatures and usage.
Only what is in flight is held: the Assembler's open calls and which calls were announced."""

from __future__ import annotations

from typing import Any

from .._chat_reasoning_stream import ChatReasoningIn
from .._dialect import Dialect, StreamModule, finish_reason_in, stream_of
from .._errors import MISSING as ERRORS_MISSING
from .._ids import IdMap
from .._strict_json import exact_integer
from .._usage import usage_in
from ._events import StreamError, as_whole_event, same
from ._relay_blocks import MISSING, at, call_reads, walk
from ._relay_check import refuse_whole_response

__all__ = ["RelayReader", "compiled", "walk"]

Toks = tuple[str, ...]
_CACHE: dict[str, dict[str, Any]] = {}


def _toks(value: Any) -> Toks | None:
    return tuple(value) if value is not None else None


def compiled(module: StreamModule) -> dict[str, Any]:
    """A stream module's RELAY with token tuples and reads grouped by (event, path), once."""
    name: str = module.DIALECT
    found = _CACHE.get(name)
    if found is not None:
        return found
    relay = module.RELAY
    if relay is None:
        raise ValueError(f"dialect {name!r} has no relay mapping (stream.json `relay`)")
    groups: dict[Any, tuple[tuple[tuple[Toks, Any], ...], Toks, list[dict[str, Any]]]] = {}
    for raw in relay["reads"]:
        event = tuple((tuple(p), v) for p, v in raw["event"])
        path = tuple(raw["path"])
        read = {
            "kind": raw["kind"],
            "when": tuple((tuple(p), v) for p, v in raw["when"]),
            "has": tuple(tuple(p) for p in raw["has"]),
            "text": _toks(raw["text"]),
            "id": _toks(raw["id"]),
            "model": _toks(raw["model"]),
            "usage": tuple((n, tuple(p)) for n, p in raw["usage"]),
            "tested": bool(raw["when"] or raw["has"]),
        }
        key = (repr(event), path, raw["kind"] == "start", raw["kind"] == "usage")
        groups.setdefault(key, (event, path, []))[2].append(read)
    ordered = list(groups.items())
    builders = module.RELAY_EVENTS or {}
    found = {
        "start": [g for k, g in ordered if k[2]],
        "content": _dispatch([g for k, g in ordered if not k[2] and not k[3]]),
        "usage": _dispatch([g for k, g in ordered if k[3]]),
        "stop_means_calls": bool(relay["stop_means_calls"]),
        "item_ids": dict(relay["item_ids"]),
        "whole_response": relay.get("whole_response"),  # [path, whole, delta]: a response refused as a stream
        "usage_excludes": tuple((n, tuple(parts)) for n, parts in relay["usage_excludes"]),
        "rules": relay.get("rules"),
        "writes": {
            kind: [_template(w, builders[kind][i]) for i, w in enumerate(ws)] for kind, ws in relay["writes"].items()
        },
    }
    found["call_reads"] = call_reads(found["writes"])
    _CACHE[name] = found
    return found


def _template(write: dict[str, Any], build: Any) -> dict[str, Any]:
    """A write template: build() makes a fresh copy of its event; its sets and finish cases."""
    return {
        "build": build,
        "set": tuple((tuple(p), slot) for p, slot in write["set"]),
        "cases": {r: tuple((tuple(p), v) for p, v in c) for r, c in write["cases"].items()},
    }


Group = tuple[tuple[tuple[Toks, Any], ...], Toks, list[dict[str, Any]]]


def _dispatch(groups: list[Group]) -> tuple[Toks | None, dict[Any, list[Group]], list[Group]]:
    """Groups by the value their events hold at one pointer (the event type), so that an
    event is offered only to the groups that can match it: (pointer, value -> groups, the
    groups for any other value), each list in the reads' order."""
    tested = [g[0][0][0] for g in groups if g[0]]
    key = max(set(tested), key=tested.count) if tested else None

    def keyed(g: Group) -> bool:
        return key is not None and any(p == key and type(v) is str for p, v in g[0])

    def rest(g: Group) -> Group:  # the key's test is done by the dispatch
        return (tuple((p, v) for p, v in g[0] if p != key), g[1], g[2]) if keyed(g) else g

    values = {v for g in groups for p, v in g[0] if p == key and type(v) is str}
    by_value = {
        value: [rest(g) for g in groups if not keyed(g) or any(p == key and v == value for p, v in g[0])]
        for value in values
    }
    return key, by_value, [g for g in groups if not keyed(g)]


def _matches(item: Any, read: dict[str, Any]) -> bool:
    if not read["tested"]:
        return True
    return all(same(at(item, p), v) for p, v in read["when"]) and all(at(item, p) is not MISSING for p in read["has"])


class RelayReader:
    """Feed one source event at a time; get the canonical stream events it carries."""

    def __init__(self, dialect: Dialect, *, id_map: IdMap | None = None, profile: str | None = None) -> None:
        self.dialect: str = dialect.name
        # a Chat stream's reasoning fields, read under a profile (without one: reported unread)
        self._source = dialect
        module = stream_of(dialect)
        profiles = (module.RELAY or {}).get("profiles") or {}
        self.chat = ChatReasoningIn(dialect.name, profiles, profile) if dialect.name in profiles else None
        self.relay = compiled(module)
        tap = _tap_class(module)
        self.assembler: Any = tap(id_map=id_map)
        self.assembler._relay_out = self._on_event
        self._started = False
        self._announced: set[int] = set()  # calls whose start went out and that are not stopped yet
        self._any_call = False
        self._calls = 0  # calls announced so far
        self._errored = False
        self.error: str | None = None  # the source's error message, when an error event ended it
        self.error_event: dict[str, Any] = {}  # that event
        self._finish: str | None = None
        self._finish_detail: Any = ERRORS_MISSING  # what tells apart the reasons the finish value spells
        self._out: list[dict[str, Any]] = []
        self._counts: dict[str, int] = {}  # the source's usage counts so far, in its own meaning

    def feed(self, event: Any) -> list[dict[str, Any]]:
        self.assembler.feed(event)
        return self._take()

    def feed_text(self, chunk: str | bytes) -> list[dict[str, Any]]:
        self.assembler.feed_text(chunk)
        return self._take()

    def end(self) -> list[dict[str, Any]]:
        """The input ended: the text left in the buffer, then message_stop. A stream with no
        event (nothing, or only `[DONE]`) is refused: there is nothing to relay, and nothing is
        made up."""
        self.assembler.finish()
        self._calls_done()
        if not self._started:
            raise StreamError(self.dialect, "", "the stream has no events: nothing to relay")
        self._out.append({"type": "message_stop"})
        return self._take()

    def _take(self) -> list[dict[str, Any]]:
        out, self._out = self._out, []
        return out

    def _on_event(self, base_feed: Any, event: Any) -> list[dict[str, Any]]:
        """One event, as the assembler is fed it (from feed or feed_text)."""
        if type(event) is not dict:
            event = as_whole_event(event, self.dialect)
        refuse_whole_response(self.dialect, self.relay["whole_response"], event)
        out = self._out
        if not self._started:
            self._started = True
            start: dict[str, Any] = {"type": "message_start"}
            for tests, path, reads in self.relay["start"]:
                if all(same(at(event, p), v) for p, v in tests):
                    for item in walk(event, path):
                        for read in reads:
                            for field in ("id", "model"):
                                value = at(item, read[field]) if read[field] is not None else None
                                if type(value) is str and value and field not in start:
                                    start[field] = value
            out.append(start)
        if self.chat is not None:  # before the chunk's text: the reasoning came first
            out.extend(self.chat.read(event))
        self._content(event, self.relay["content"], out)
        deltas: list[dict[str, Any]] = base_feed(event)
        for d in deltas:
            index = d["index"]
            if index >= self._calls:  # calls are numbered in order of first appearance
                self._calls = index + 1
                self._announced.add(index)
                self._any_call = True
                start_call = {"type": "tool_call_start", "index": index, "id": d.get("id"), "name": d.get("name")}
                if d.get("custom"):
                    start_call["custom"] = True  # its text is a custom tool's plain input
                for toks, tests in self.relay["call_reads"]:  # its caller (Anthropic's programmatic calls)
                    value = at(event, toks)
                    if value is not MISSING and all(same(at(event, p), v) for p, v in tests):
                        start_call["extensions"] = {self.dialect: {"fields": {"/" + toks[-1]: value}}}
                out.append(start_call)
            fragment = d.get("arguments_delta")
            if fragment:
                out.append({"type": "tool_call_delta", "index": index, "arguments_delta": fragment})
        self._calls_done()
        wire = self.assembler.finish_reason
        if wire is not None and wire != self._finish:
            self._finish = wire
            canonical = finish_reason_in(self._source, wire, self._finish_detail)
            if canonical == "stop" and self._any_call and self.relay["stop_means_calls"]:
                canonical = "tool_calls"
            out.append(
                {
                    "type": "finish",
                    "finish_reason": canonical,
                    "extensions": {self.dialect: {"fields": {"/finish_reason": wire}}},
                }
            )
        ended = self.assembler._ended
        if ended is not None and not self._errored:
            # The source's error event ended its stream: the message ends with an error.
            self._errored = True
            out.append({"type": "finish", "finish_reason": "error"})
            self.error = ended
            self.error_event = event
        self._content(event, self.relay["usage"], out)
        return deltas

    def _calls_done(self) -> None:
        done: dict[int, dict[str, Any]] = self.assembler._done
        for index in sorted(self._announced):
            call = done.get(index)
            if call is not None:
                self._announced.discard(index)
                if call.get("incomplete") is not True:
                    self._out.append({"type": "tool_call_stop", "index": index, "call": call})

    def _content(self, event: dict[str, Any], dispatch: Any, out: list[dict[str, Any]]) -> None:
        key, by_value, others = dispatch
        if key is not None:
            value = at(event, key)
            groups = by_value.get(value, others) if type(value) is str else others
        else:
            groups = others
        for tests, path, reads in groups:
            if tests and not all(same(at(event, p), v) for p, v in tests):
                continue
            for item in walk(event, path):
                for read in reads:
                    if _matches(item, read):
                        self._read(item, read, out)
                        break

    def _read(self, item: Any, read: dict[str, Any], out: list[dict[str, Any]]) -> None:
        kind = read["kind"]
        if kind == "usage":
            counts = {n: v for n, p in read["usage"] if exact_integer(v := at(item, p)) and v >= 0}
            if counts:
                # a count that leaves parts out takes them from any event so far (Anthropic:
                # the cache counts in message_start, a later input_tokens in message_delta)
                excludes = self.relay["usage_excludes"]
                before = usage_in(self._counts, excludes)
                self._counts.update(counts)
                usage = usage_in(self._counts, excludes)
                changed = {n: v for n, v in usage.items() if n in counts or before.get(n) != v}
                if changed:
                    out.append({"type": "usage", "usage": changed})
            return
        text = at(item, read["text"])
        if kind == "citation":  # not relayed yet: the relay reports the stream's citations once
            out.append({"type": "citation_delta", "dialect": self.dialect, "value": text})  # its read has it
            return
        if kind == "finish_detail":  # the relay's MISSING is its own: the finish reads the runtime's
            self._finish_detail = ERRORS_MISSING if text is MISSING else text
            return
        if type(text) is not str or not text:
            return
        if kind == "text":
            out.append({"type": "text_delta", "text": text})
        elif kind == "refusal":
            out.append({"type": "refusal_delta", "text": text})
        elif kind == "reasoning":
            out.append({"type": "reasoning_delta", "dialect": self.dialect, "text": text})
        else:  # an opaque signature or redacted data: only the dialects of its model replay it
            key = "/data" if kind == "redacted" else "/signature"
            out.append(
                {
                    "type": "reasoning_delta",
                    "dialect": self.dialect,
                    "extensions": {self.dialect: {"fields": {key: text}}},
                }
            )


_TAPS: dict[str, type] = {}


def _tap_class(module: StreamModule) -> type:
    """The dialect's Assembler, whose feed() hands each event to the reader first (so that
    feed_text's events are read too)."""
    name: str = module.DIALECT
    found = _TAPS.get(name)
    if found is None:
        base = module.Assembler

        def feed(self: Any, event: Any) -> list[dict[str, Any]]:
            out: list[dict[str, Any]] = self._relay_out(lambda e: base.feed(self, e), event)
            return out

        found = type(f"{base.__name__}Relay", (base,), {"__slots__": ("_relay_out",), "feed": feed})
        _TAPS[name] = found
    return found
