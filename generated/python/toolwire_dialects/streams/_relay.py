# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The stream relay: a stream from one dialect to another as it arrives (convert_stream in
the generated streams package looks the dialects up by name and hands their objects here).

    relay = convert_stream(events, source="anthropic_messages", target="openai_chat")
    for event in relay:           # the target's events, written as the input arrives
        send(event)
    relay.losses                  # what the target could not carry (filled as it happens)

The source is read into canonical stream events (schemas/canonical/stream_event.json) by
_relay_read, which are written as the target's events by _relay_write; both follow the
dialects' `relay` mappings. Nothing of the stream is kept but what is in flight, so memory
stays constant whatever the stream's length. Losses are reported, never silent: each goes to
`relay.losses` once per kind of value (and, for callers that only see the events, to
`on_loss`); with strict=True the first one raises LossError instead, before any event that
would have lost it is written (with an allow-list, the first whose code it does not hold). Nothing is made up: the target's own Assembler reads what is
written (_relay_check), and a call it would read otherwise than the source's Assembler does
(complete for cut off, valid for invalid, absent) is a loss found when the input ends (strict
raises then, before the target's finish). A stream cut off is relayed cut off (no finish, no
[DONE]); an empty stream, or a whole non-streaming response, raises StreamError. The source's
error event is written as the target's, which ends its stream there (_relay_error).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .._chat_reasoning import Profiles, check_profiles
from .._custom_tools import custom_tools_policy
from .._dialect import Dialect, StreamModule, stream_of
from .._errors import Loss, json_text, refuse_unallowed
from .._ids import IdMap
from .._reasoning import dropped_once, reasoning_policy
from ._relay_check import CallCheck
from ._relay_error import relay_error
from ._relay_read import RelayReader
from ._relay_write import RelayWriter

CITED = "the citations of the stream's text (not relayed)"

__all__ = ["StreamRelay", "convert_stream_text", "frame"]


def frame(module: StreamModule, event: dict[str, Any]) -> str:
    """One event as the dialect frames it: an SSE block (with an `event:` line where the
    dialect names its events) or a JSON line."""
    data = json_text(event)
    if module.FRAMING == "ndjson":
        return data + "\n"
    name: Any = event
    for t in module.EVENT_NAME or ():
        name = name.get(t) if type(name) is dict else None
    head = f"event: {name}\n" if module.EVENT_NAME and type(name) is str else ""
    return f"{head}data: {data}\n\n"


def _profiles(*dialects: Dialect) -> Profiles:
    """The reasoning profiles table (every dialect's), from the first of the dialects that streams."""
    for dialect in dialects:
        relay = stream_of(dialect).RELAY if dialect.stream is not None else None
        if relay is not None:
            found: Profiles = relay.get("profiles") or {}
            return found
    return {}


class StreamRelay:
    """One stream relayed from source to target. Iterate it (with the events given to
    convert_stream), or push: feed(event) / feed_text(chunk) for the target's events so far,
    close() for the rest. `losses`, `findings` (the source stream's problems, from its
    Assembler) and `id_map` (target call id -> source id: id_map.original(id)) are live;
    `calls` (the source's calls) and `cut` are known once the input ended. source and target
    are dialect objects (the generated streams package takes names and looks them up)."""

    def __init__(
        self,
        events: Iterable[Any] | None = None,
        *,
        source: Dialect,
        target: Dialect,
        strict: bool = False,
        id_map: IdMap | None = None,
        on_loss: Callable[[Loss], None] | None = None,
        reasoning_as_text: bool = False,
        allowed: frozenset[str] | None = None,
        reasoning: str | None = None,
        custom_tools: str | None = None,
        source_profile: str | None = None,
        target_profile: str | None = None,
    ) -> None:
        policy = reasoning_policy(reasoning, reasoning_as_text)
        check_profiles(source.name, target.name, "stream", source_profile, target_profile, _profiles(source, target))
        if policy == "drop" and allowed is not None:  # its losses were asked for
            allowed = allowed | {"reasoning.dropped"}
        custom = custom_tools_policy(custom_tools)
        if custom == "function" and allowed is not None:  # so were these
            allowed = allowed | {"tool.custom_as_function"}
        self.source: str = source.name
        self.target: str = target.name
        self._events = events
        self._target = stream_of(target)
        self._source = source
        self._target_dialect = target
        self.id_map = IdMap() if id_map is None else id_map
        self._reader = RelayReader(source, id_map=IdMap(), profile=source_profile)
        self._writer = RelayWriter(target, strict=strict, id_map=self.id_map, reasoning=policy, profile=target_profile)
        self._writer.as_function = custom == "function"
        self._drop: set[str] | None = set() if policy == "drop" else None  # what of it was reported
        self._writer.check = CallCheck(self._target)
        self._on_loss = on_loss
        self._allowed = allowed
        self._told = 0
        self._noted = 0
        self._unread = 0
        self._error_told = False
        self._cited = False  # a citation was read (and its loss reported)
        self._closed = False
        self._calls: list[dict[str, Any]] = []

    @property
    def losses(self) -> list[Loss]:
        return self._writer.losses

    @property
    def findings(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self._reader.assembler.findings
        return found

    @property
    def calls(self) -> list[dict[str, Any]]:
        """The source's calls as its Assembler read them (after close(); empty before): what a
        caller checks for incomplete or invalid calls, as `assemble` would."""
        return self._calls

    @property
    def cut(self) -> bool:
        """Whether the relayed stream ends cut off (the source had no finish the target
        carries): it ends without a finish, and its text without the target's [DONE]."""
        return self._writer.cut

    def _write(self, canonical: list[dict[str, Any]], *, last: bool = False) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        notes = self._reader.assembler.notes
        if len(notes) > self._noted:
            # Blocks the source's reader leaves out on purpose (server-side tools and their
            # results) do not reach the target either: each is a loss.
            for note in notes[self._noted :]:
                self._writer.loss(
                    "part.unsupported", f"/server_tools/{self._noted}", f"{note['message']} of the relayed stream"
                )
                self._noted += 1
        chat = self._reader.chat
        if chat is not None and len(chat.unread) > self._unread:  # reasoning fields no profile read
            for pointer, what in chat.unread[self._unread :]:
                self._writer.loss("extension.field_dropped", pointer, what)
            self._unread = len(chat.unread)
        write = self._writer.write
        for event in canonical:
            if self._error_told and self.cut:  # the target's error event ended its stream
                break
            if self._drop is not None and event.get("type") == "reasoning_delta":  # asked for: one loss
                dropped_once(self._drop, self.losses, self.target)
            elif event.get("type") == "citation_delta":  # not relayed yet: one loss for the stream's
                if not self._cited:
                    self._cited = True
                    self._writer.loss("part.field_dropped", "/citations", CITED)
            else:
                out.extend(write(event))
        if self._reader.error is not None and not self._error_told:
            self._error_told = True  # the target's error event, where it has one, ends its stream
            said = self._reader.error
            out.extend(relay_error(self._writer, self._source, self._target_dialect, self._reader.error_event, said))
        if last:  # the source's calls against the target's reading of what was written
            self._calls = self._reader.assembler.finish()
            self._writer.compare(self._calls)
        if len(self.losses) > self._told:
            new = self.losses[self._told :]
            self._told = len(self.losses)
            if self._allowed is not None:  # raised before the events that lost it are given out
                refuse_unallowed(new, self._allowed)
            if self._on_loss is not None:
                for loss in new:
                    self._on_loss(loss)
        return out

    def feed(self, event: Any) -> list[dict[str, Any]]:
        """One source event in; the target's events it gives out."""
        return self._write(self._reader.feed(event))

    def feed_text(self, chunk: str | bytes) -> list[dict[str, Any]]:
        """Raw source stream text in (SSE or JSON lines, split anywhere)."""
        return self._write(self._reader.feed_text(chunk))

    def close(self) -> list[dict[str, Any]]:
        """The input ended: the target's last events (open block, finish, usage, end)."""
        if self._closed:
            return []
        self._closed = True
        return self._write(self._reader.end(), last=True)

    def canonical(self, events: Iterable[Any]) -> Iterator[dict[str, Any]]:
        """The source events as canonical stream events only (no target)."""
        for event in events:
            yield from self._reader.feed(event)
        yield from self._reader.end()

    def __iter__(self) -> Iterator[dict[str, Any]]:
        if self._events is None:
            raise TypeError("this relay was made without events: use feed()/close()")
        for event in self._events:
            yield from self.feed(event)
        yield from self.close()

    def text(self) -> Iterator[str]:
        """The target's events framed as the target sends them, as they come."""
        for event in self:
            yield frame(self._target, event)
        if done := self.done_text():
            yield done

    def framed(self, events: list[dict[str, Any]]) -> str:
        """Target events (from feed, feed_text or close) as the target frames them."""
        return "".join(frame(self._target, event) for event in events)

    def done_text(self) -> str:
        """What the target sends after its last event (its [DONE] sentinel, if it has one),
        once the input ended: nothing after a stream relayed cut off."""
        if self._target.FRAMING != "ndjson" and self._target.DONE_SENTINEL and not self.cut:
            return f"data: {self._target.DONE_SENTINEL}\n\n"
        return ""


def convert_stream_text(
    chunks: Iterable[str | bytes],
    *,
    source: Dialect,
    target: Dialect,
    strict: bool = False,
    id_map: IdMap | None = None,
    on_loss: Callable[[Loss], None] | None = None,
    reasoning_as_text: bool = False,
    allowed: frozenset[str] | None = None,
    reasoning: str | None = None,
    custom_tools: str | None = None,
    source_profile: str | None = None,
    target_profile: str | None = None,
) -> Iterator[str]:
    """Raw source stream text (SSE or JSON lines, in chunks split anywhere) relayed as the
    target's framed text (SSE with `event:` lines where the target uses them, JSON lines,
    the [DONE] sentinel where it ends its streams so)."""
    relay = StreamRelay(
        None,
        source=source,
        target=target,
        strict=strict,
        id_map=id_map,
        on_loss=on_loss,
        reasoning_as_text=reasoning_as_text,
        allowed=allowed,
        reasoning=reasoning,
        custom_tools=custom_tools,
        source_profile=source_profile,
        target_profile=target_profile,
    )
    for chunk in chunks:
        yield from (frame(relay._target, event) for event in relay.feed_text(chunk))
    yield from (frame(relay._target, event) for event in relay.close())
    if done := relay.done_text():
        yield done
