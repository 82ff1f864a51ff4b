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

from ._chat_reasoning import CHAT, _item_of, _part_of

__all__ = ["ChatReasoningIn", "delta_out", "unread_what"]

# a chunk delta's reasoning field -> the profile that reads it
_READ_BY = {"reasoning_content": "deepseek", "reasoning_details": "openrouter", "reasoning": "openrouter"}


def unread_what(field: str) -> str:
    """The loss of a reasoning field no profile read (as convert() reports the field)."""
    return f"{CHAT} field /{field} (read as reasoning with source_profile {_READ_BY[field]})"


def _deltas(event: Any) -> list[dict[str, Any]]:
    choices = event.get("choices") if type(event) is dict else None
    if type(choices) is not list:
        return []
    return [d for c in choices if type(c) is dict and type(d := c.get("delta")) is dict]


class ChatReasoningIn:
    """One Chat stream's reasoning read under a profile (None: only what is left unread)."""

    def __init__(self, profile: str | None) -> None:
        self.profile = profile
        self.unread: list[tuple[str, str]] = []  # (pointer, what) of the fields not read, each once
        self._told: set[str] = set()

    def read(self, event: Any) -> list[dict[str, Any]]:
        """The canonical reasoning_delta events of one chunk."""
        out: list[dict[str, Any]] = []
        for delta in _deltas(event):
            details = delta.get("reasoning_details")
            for field in _READ_BY:
                value = delta.get(field)
                if value is None or value == "" or value == []:
                    continue
                if self.profile == "deepseek" and field == "reasoning_content" and type(value) is str:
                    out.append({"type": "reasoning_delta", "dialect": CHAT, "text": value})
                elif self.profile == "openrouter" and field == "reasoning_details" and type(value) is list:
                    out.extend(self._items(value))
                elif self.profile == "openrouter" and field == "reasoning" and type(value) is str:
                    if details is None:  # the details repeat it: read once
                        out.append({"type": "reasoning_delta", "dialect": CHAT, "text": value})
                elif field not in self._told:
                    self._told.add(field)
                    self.unread.append((f"/message/extensions/{CHAT}/fields/~1{field}", unread_what(field)))
        return out

    def _items(self, items: list[Any]) -> list[dict[str, Any]]:
        out = []
        for item in items:
            part = _part_of(item)
            if part is None:  # an item of a type the profile does not know
                kind = item.get("type") if type(item) is dict else None
                what = f"an OpenRouter reasoning_details item of type {kind!r} (the openrouter profile reads reasoning.text, reasoning.summary and reasoning.encrypted)"
                if what not in self._told:
                    self._told.add(what)
                    self.unread.append((f"/message/extensions/{CHAT}/fields/~1reasoning_details", what))
                continue
            event: dict[str, Any] = {"type": "reasoning_delta", "dialect": CHAT}
            if part.get("text"):
                event["text"] = part["text"]
            fields = part["extensions"][CHAT]["fields"]
            if fields:
                event["extensions"] = {CHAT: {"fields": fields}}
            if "text" in event or fields.keys() - {"/type", "/index", "/format", "/id"}:
                out.append(event)
        return out


def delta_out(
    profile: str, event: dict[str, Any], own: dict[str, Any], index: int
) -> tuple[dict[str, Any], str | None]:
    """A reasoning event as the profile's chunk delta, and what of it the profile cannot carry
    (None: nothing). own: its openai_chat extension fields when it came from a Chat stream;
    index: the reasoning item's place, when the event does not name its own."""
    text = event.get("text")
    if profile == "deepseek":
        lost = "the fields of an OpenRouter reasoning item (the deepseek profile carries its text only)"
        return ({"reasoning_content": text} if text else {}), (lost if set(own) - {"/type"} else None)
    part: dict[str, Any] = {"extensions": {CHAT: {"fields": own}}}
    if text:
        part["text"] = text
    item = _item_of(part)
    item.setdefault("index", index)
    return {"reasoning_details": [item]}, None
