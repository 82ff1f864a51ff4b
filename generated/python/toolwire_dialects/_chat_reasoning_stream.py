# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The reasoning of OpenAI-compatible Chat streams under a profile (_chat_reasoning has the
whole messages'): DeepSeek's chunks carry choices[].delta.reasoning_content fragments,
OpenRouter's choices[].delta.reasoning_details items (reasoning.text fragments at one index,
its signature in a later fragment of that index; reasoning.summary; reasoning.encrypted
data), with delta.reasoning repeating their text.

A relay read under source_profile gives them as canonical reasoning_delta events of
openai_chat (an item's other keys its extension fields, as convert() keeps a part's); one
written under target_profile gives reasoning events back as the profile's deltas. Without the
profile nothing reads them: each field is reported once, naming the profile that would."""

from __future__ import annotations

from typing import Any

from ._chat_reasoning import Profile, Profiles, _item_of, _part_of, item_fields_what, profile_of

__all__ = ["ChatReasoningIn", "delta_out", "unread_what"]

_FRAMING = {"/type", "/index", "/format", "/id"}  # an item's framing: not worth an event of its own


def _read_by(profiles: Profiles, dialect: str) -> dict[str, str]:
    """A chunk delta's reasoning field -> the profile that reads it (its field, then its repeat)."""
    out: dict[str, str] = {}
    for name, (field, _items, repeat, _provider) in profiles.get(dialect, {}).items():
        out.setdefault(field, name)
        if repeat is not None:
            out.setdefault(repeat, name)
    return out


def unread_what(dialect: str, field: str, profile: str) -> str:
    """The loss of a reasoning field no profile read (as convert() reports the field)."""
    return f"{dialect} field /{field} (read as reasoning with source_profile {profile})"


def _deltas(event: Any) -> list[dict[str, Any]]:
    choices = event.get("choices") if type(event) is dict else None
    if type(choices) is not list:
        return []
    return [d for c in choices if type(c) is dict and type(d := c.get("delta")) is dict]


def _and(names: list[str]) -> str:
    return " and ".join((", ".join(names[:-1]), names[-1])) if len(names) > 1 else "".join(names)


class ChatReasoningIn:
    """One stream's reasoning read under a profile of its dialect (None: only what is left unread)."""

    def __init__(self, dialect: str, profiles: Profiles, profile: str | None) -> None:
        self.dialect = dialect
        self.profile = profile
        self._p: Profile | None = profile_of(profiles, dialect, profile) if profile is not None else None
        self._read_by = _read_by(profiles, dialect)
        self.unread: list[tuple[str, str]] = []  # (pointer, what) of the fields not read, each once
        self._told: set[str] = set()

    def read(self, event: Any) -> list[dict[str, Any]]:
        """The canonical reasoning_delta events of one chunk."""
        out: list[dict[str, Any]] = []
        p = self._p
        for delta in _deltas(event):
            details = delta.get(p.field) if p is not None and p.items is not None else None
            for field, name in self._read_by.items():
                value = delta.get(field)
                if value is None or value == "" or value == []:
                    continue
                if p is not None and field == p.field and p.items is None and type(value) is str:
                    out.append({"type": "reasoning_delta", "dialect": self.dialect, "text": value})
                elif p is not None and field == p.field and p.items is not None and type(value) is list:
                    out.extend(self._items(value, p))
                elif p is not None and field == p.repeat and type(value) is str:
                    if details is None:  # the items repeat it: read once
                        out.append({"type": "reasoning_delta", "dialect": self.dialect, "text": value})
                elif field not in self._told:
                    self._told.add(field)
                    where = f"/message/extensions/{self.dialect}/fields/~1{field}"
                    self.unread.append((where, unread_what(self.dialect, field, name)))
        return out

    def _items(self, items: list[Any], p: Profile) -> list[dict[str, Any]]:
        out = []
        for item in items:
            part = _part_of(item, p)
            if part is None:  # an item of a type the profile does not know
                kind = item.get("type") if type(item) is dict else None
                reads = _and(list(p.items or {}))
                what = f"an {p.provider} {p.field} item of type {kind!r} (the {p.name} profile reads {reads})"
                if what not in self._told:
                    self._told.add(what)
                    self.unread.append((f"/message/extensions/{self.dialect}/fields/~1{p.field}", what))
                continue
            event: dict[str, Any] = {"type": "reasoning_delta", "dialect": self.dialect}
            if part.get("text"):
                event["text"] = part["text"]
            fields = part["extensions"][self.dialect]["fields"]
            if fields:
                event["extensions"] = {self.dialect: {"fields": fields}}
            if "text" in event or fields.keys() - _FRAMING:
                out.append(event)
        return out


def delta_out(p: Profile, event: dict[str, Any], own: dict[str, Any], index: int) -> tuple[dict[str, Any], str | None]:
    """A reasoning event as the profile's chunk delta, and what of it the profile cannot carry
    (None: nothing). own: its extension fields of the profile's dialect when it came from a
    stream of that dialect; index: the reasoning item's place, when the event does not name its own."""
    text = event.get("text")
    if p.items is None:
        return ({p.field: text} if text else {}), (item_fields_what(p) if set(own) - {"/type"} else None)
    part: dict[str, Any] = {"extensions": {p.dialect: {"fields": own}}}
    if text:
        part["text"] = text
    item = _item_of(part, p)
    item.setdefault("index", index)
    return {p.field: [item]}, None
