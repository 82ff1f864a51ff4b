# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The reasoning fields of OpenAI-compatible Chat servers, read and written under a profile
(schemas/dialects/openai_chat/profiles.json): DeepSeek's `reasoning_content` (a message's
chain of thought, a string) and OpenRouter's `reasoning_details` (a list of `reasoning.text`
with an optional signature, `reasoning.summary` and `reasoning.encrypted` items).

The Chat mapping keeps both as extension fields of the message (exact within Chat, a loss
elsewhere). Under a profile, convert() reads them as canonical reasoning parts of the
openai_chat dialect, placed first in the message (the reasoning came before the answer), each
item's other keys (type, signature, format, id, index, data) kept as the part's extension
fields; writing into Chat under a profile puts them back, so a same-profile round trip is
exact. Anything else (an item of another type, a value of another type) stays a field."""

from __future__ import annotations

import copy
from typing import Any

from ._errors import Loss, report

__all__ = ["PROFILES", "check_profiles", "moved_back", "profile_in", "profile_out"]

CHAT = "openai_chat"
PROFILES = ("deepseek", "openrouter")
# an OpenRouter item's type -> the key that holds its text (None: it has none)
_TEXT_KEYS: dict[str, str | None] = {
    "reasoning.text": "text",
    "reasoning.summary": "summary",
    "reasoning.encrypted": None,
}


def check_profiles(
    source: str, target: str, shape: str, source_profile: str | None, target_profile: str | None
) -> None:
    """ValueError for a profile this module does not read, or one beside a dialect or shape
    it is not for."""
    for side, dialect, profile in (("source", source, source_profile), ("target", target, target_profile)):
        if profile is None:
            continue
        if profile not in PROFILES:
            raise ValueError(f"unknown openai_chat reasoning profile {profile!r}; known: {', '.join(PROFILES)}")
        if dialect != CHAT or shape not in ("request", "response", "stream"):
            raise ValueError(f"{side}_profile reads an {CHAT} request, response or stream, not {dialect} {shape}")


def _messages(canonical: dict[str, Any], shape: str) -> list[dict[str, Any]]:
    if shape == "response":
        message = canonical.get("message")
        return [message] if type(message) is dict else []
    messages = canonical.get("messages")
    return [m for m in messages if type(m) is dict] if type(messages) is list else []


def _fields(message: dict[str, Any]) -> dict[str, Any]:
    extension = (message.get("extensions") or {}).get(CHAT) or {}
    fields = extension.get("fields")
    return fields if type(fields) is dict else {}


def _prune(message: dict[str, Any]) -> None:
    """The message without an emptied fields object, extension or extensions."""
    extensions = message["extensions"]
    if not extensions[CHAT]["fields"]:
        del extensions[CHAT]["fields"]
    if not extensions[CHAT]:
        del extensions[CHAT]
    if not extensions:
        del message["extensions"]


def _part_of(item: Any) -> dict[str, Any] | None:
    """The reasoning part of one OpenRouter item, or None for an item it does not know."""
    if type(item) is not dict or item.get("type") not in _TEXT_KEYS:
        return None
    key = _TEXT_KEYS[item["type"]]
    part: dict[str, Any] = {"type": "reasoning", "dialect": CHAT}
    if key is not None and type(item.get(key)) is str:
        part["text"] = item[key]
    part["extensions"] = {CHAT: {"fields": {f"/{k}": v for k, v in item.items() if k != key or "text" not in part}}}
    return part


def profile_in(canonical: dict[str, Any], shape: str, profile: str) -> dict[str, Any]:
    """A copy of a decoded Chat request or response with the profile's reasoning fields read
    as reasoning parts."""
    out = copy.deepcopy(canonical)
    field = "/reasoning_content" if profile == "deepseek" else "/reasoning_details"
    for message in _messages(out, shape):
        value = _fields(message).get(field)
        parts: list[dict[str, Any]] | None
        if profile == "deepseek":
            parts = [{"type": "reasoning", "dialect": CHAT, "text": value}] if type(value) is str else None
        else:
            read = [_part_of(item) for item in value] if type(value) is list else [None]
            parts = None if None in read else [p for p in read if p is not None]  # one unknown item: kept as it came
        if parts is None or type(message.get("parts")) is not list:
            continue
        del message["extensions"][CHAT]["fields"][field]
        _prune(message)
        message["parts"] = [*parts, *message["parts"]]
    return out


def _item_of(part: dict[str, Any]) -> dict[str, Any]:
    """The OpenRouter item of a reasoning part (one read from reasoning_content: its text)."""
    fields = (part.get("extensions") or {}).get(CHAT, {}).get("fields") or {}
    kind = fields.get("/type", "reasoning.text")
    item: dict[str, Any] = {"type": kind}
    key = _TEXT_KEYS.get(kind) if type(kind) is str else None
    if key is not None and "text" in part:
        item[key] = part["text"]
    item.update((k[1:], v) for k, v in fields.items() if k != "/type")
    return item


def profile_out(
    canonical: dict[str, Any], shape: str, profile: str, losses: list[Loss], strict: bool
) -> tuple[dict[str, Any], dict[str, str]]:
    """A copy of a canonical value with its openai_chat reasoning parts put back as the
    profile's fields, and the pointers of the parts that moved (new -> original), so the
    encoder's losses point into the value as given."""
    out = copy.deepcopy(canonical)
    moved: dict[str, str] = {}
    base = "/message" if shape == "response" else "/messages/"
    for i, message in enumerate(_messages(out, shape)):
        at = base if shape == "response" else f"{base}{i}"
        if type(message.get("parts")) is not list:
            continue
        kept = [(j, p) for j, p in enumerate(message["parts"]) if not _ours(p)]
        ours = [(j, p) for j, p in enumerate(message["parts"]) if _ours(p)]
        if not ours:
            continue
        if profile == "deepseek":  # one string: a part without text, or an item's fields, is lost
            for j, part in ours:
                if type(part.get("text")) is not str:
                    what = "reasoning without text (the deepseek profile carries reasoning_content text only)"
                    report(losses, strict, "reasoning.dropped", f"{at}/parts/{j}", CHAT, what)
                elif set((part.get("extensions") or {}).get(CHAT, {}).get("fields") or ()) - {"/type"}:
                    what = "the fields of an OpenRouter reasoning item (the deepseek profile carries its text only)"
                    where = f"{at}/parts/{j}/extensions/{CHAT}/fields"
                    report(losses, strict, "extension.field_dropped", where, CHAT, what)
            value: Any = "".join(p["text"] for _j, p in ours if type(p.get("text")) is str)
            field = "/reasoning_content"
        else:
            value, field = [_item_of(p) for _j, p in ours], "/reasoning_details"
        message.setdefault("extensions", {}).setdefault(CHAT, {}).setdefault("fields", {})[field] = value
        message["parts"] = [p for _j, p in kept]
        moved.update((f"{at}/parts/{n}", f"{at}/parts/{j}") for n, (j, _p) in enumerate(kept) if n != j)
    return out, moved


def _ours(part: Any) -> bool:
    return type(part) is dict and part.get("type") == "reasoning" and part.get("dialect") == CHAT


def moved_back(losses: list[Loss], moved: dict[str, str]) -> list[Loss]:
    """The losses with each moved part's pointer as it was in the value given."""
    if not moved:
        return losses
    out = []
    for loss in losses:
        head = "/".join(loss.pointer.split("/")[: 5 if loss.pointer.startswith("/messages/") else 4])
        out.append(loss._replace(pointer=moved[head] + loss.pointer[len(head) :]) if head in moved else loss)
    return out
