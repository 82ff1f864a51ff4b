# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The reasoning fields of OpenAI-compatible Chat servers, read and written under a profile
(profiles.json `reasoning`, the generated Profiles table): DeepSeek's `reasoning_content` (a message's
chain of thought, a string) and OpenRouter's `reasoning_details` (a list of `reasoning.text`
with an optional signature, `reasoning.summary` and `reasoning.encrypted` items).

The Chat mapping keeps both as extension fields of the message (exact within Chat, a loss
elsewhere). Under a profile, convert() reads them as canonical reasoning parts of the
openai_chat dialect, placed first in the message (the reasoning came before the answer), each
item's other keys (type, signature, format, id, index, data) kept as the part's extension
fields; writing into Chat under a profile puts them back, so a same-profile round trip is
exact. Anything else (an item of another type, a value of another type) stays a field.

What a profile reads is its data (`Profile`): the message's field, whether it holds one
string or a list of items (item type -> the key of its text), the delta field repeating the
items' text, and who sends the items; this module names no dialect and no profile."""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

from ._errors import Loss, report

__all__ = ["Profile", "Profiles", "check_profiles", "moved_back", "profile_in", "profile_of", "profile_out"]

# dialect -> profile -> [field, items (item type -> its text key, None: no text) or None, repeat, provider]
Profiles = dict[str, dict[str, list[Any]]]


class Profile(NamedTuple):
    """One reasoning profile, as the table gives it."""

    dialect: str  # the dialect whose servers send it
    name: str
    field: str  # the message's (and a chunk delta's) field holding the reasoning
    items: dict[str, str | None] | None  # a list of items: type -> the key of its text; None: one string
    repeat: str | None  # a delta's field repeating the items' text (read when the delta has no items)
    provider: str | None  # who sends the items (named in losses)
    item_provider: str  # the provider of the dialect's items (the losses of a string-only profile name it)


def profile_of(profiles: Profiles, dialect: str, name: str) -> Profile:
    """The profile of this name (check_profiles has accepted it)."""
    mine = profiles[dialect]
    field, items, repeat, provider = mine[name]
    item_provider = next((t[3] for t in mine.values() if t[1] is not None and t[3]), "other")
    return Profile(dialect, name, field, items, repeat, provider, item_provider)


def check_profiles(
    source: str,
    target: str,
    shape: str,
    source_profile: str | None,
    target_profile: str | None,
    profiles: Profiles,
) -> None:
    """ValueError for a profile no dialect reads, or one beside a dialect or shape it is not for."""
    for side, dialect, profile in (("source", source, source_profile), ("target", target, target_profile)):
        if profile is None:
            continue
        owners = [d for d, mine in profiles.items() if profile in mine]
        owner = owners[0] if owners else dialect if dialect in profiles else next(iter(profiles), dialect)
        if not owners:
            known = ", ".join(profiles.get(owner, {}))
            raise ValueError(f"unknown {owner} reasoning profile {profile!r}; known: {known}")
        if dialect not in owners or shape not in ("request", "response", "stream"):
            raise ValueError(f"{side}_profile reads an {owner} request, response or stream, not {dialect} {shape}")


def _messages(canonical: dict[str, Any], shape: str) -> list[dict[str, Any]]:
    if shape == "response":
        message = canonical.get("message")
        return [message] if type(message) is dict else []
    messages = canonical.get("messages")
    return [m for m in messages if type(m) is dict] if type(messages) is list else []


def _fields(message: dict[str, Any], dialect: str) -> dict[str, Any]:
    extension = (message.get("extensions") or {}).get(dialect) or {}
    fields = extension.get("fields")
    return fields if type(fields) is dict else {}


def _prune(message: dict[str, Any], dialect: str) -> None:
    """The message without an emptied fields object, extension or extensions."""
    extensions = message["extensions"]
    if not extensions[dialect]["fields"]:
        del extensions[dialect]["fields"]
    if not extensions[dialect]:
        del extensions[dialect]
    if not extensions:
        del message["extensions"]


def _part_of(item: Any, p: Profile) -> dict[str, Any] | None:
    """The reasoning part of one item, or None for an item the profile does not know."""
    items = p.items or {}
    if type(item) is not dict or item.get("type") not in items:
        return None
    key = items[item["type"]]
    part: dict[str, Any] = {"type": "reasoning", "dialect": p.dialect}
    if key is not None and type(item.get(key)) is str:
        part["text"] = item[key]
    fields = {f"/{k}": v for k, v in item.items() if k != key or "text" not in part}
    part["extensions"] = {p.dialect: {"fields": fields}}
    return part


def profile_in(canonical: dict[str, Any], shape: str, p: Profile) -> dict[str, Any]:
    """A copy of a decoded request or response with the profile's reasoning fields read
    as reasoning parts."""
    out = copy.deepcopy(canonical)
    field = f"/{p.field}"
    for message in _messages(out, shape):
        value = _fields(message, p.dialect).get(field)
        parts: list[dict[str, Any]] | None
        if p.items is None:
            parts = [{"type": "reasoning", "dialect": p.dialect, "text": value}] if type(value) is str else None
        else:
            read = [_part_of(item, p) for item in value] if type(value) is list else [None]
            parts = None if None in read else [q for q in read if q is not None]  # one unknown item: kept as it came
        if parts is None or type(message.get("parts")) is not list:
            continue
        del message["extensions"][p.dialect]["fields"][field]
        _prune(message, p.dialect)
        message["parts"] = [*parts, *message["parts"]]
    return out


def _item_of(part: dict[str, Any], p: Profile) -> dict[str, Any]:
    """The item of a reasoning part (one read from a string-only profile: its text, as the first kind)."""
    items = p.items or {}
    fields = (part.get("extensions") or {}).get(p.dialect, {}).get("fields") or {}
    kind = fields.get("/type", next(iter(items), None))
    item: dict[str, Any] = {"type": kind}
    key = items.get(kind) if type(kind) is str else None
    if key is not None and "text" in part:
        item[key] = part["text"]
    item.update((k[1:], v) for k, v in fields.items() if k != "/type")
    return item


def item_fields_what(p: Profile) -> str:
    """The loss of an item's fields a string-only profile cannot carry."""
    return f"the fields of an {p.item_provider} reasoning item (the {p.name} profile carries its text only)"


def profile_out(
    canonical: dict[str, Any], shape: str, p: Profile, losses: list[Loss], strict: bool
) -> tuple[dict[str, Any], dict[str, str]]:
    """A copy of a canonical value with its reasoning parts of the profile's dialect put back as
    the profile's fields, and the pointers of the parts that moved (new -> original), so the
    encoder's losses point into the value as given."""
    out = copy.deepcopy(canonical)
    moved: dict[str, str] = {}
    base = "/message" if shape == "response" else "/messages/"
    dialect = p.dialect
    for i, message in enumerate(_messages(out, shape)):
        at = base if shape == "response" else f"{base}{i}"
        if type(message.get("parts")) is not list:
            continue
        kept = [(j, q) for j, q in enumerate(message["parts"]) if not _ours(q, dialect)]
        ours = [(j, q) for j, q in enumerate(message["parts"]) if _ours(q, dialect)]
        if not ours:
            continue
        if p.items is None:  # one string: a part without text, or an item's fields, is lost
            for j, part in ours:
                if type(part.get("text")) is not str:
                    what = f"reasoning without text (the {p.name} profile carries {p.field} text only)"
                    report(losses, strict, "reasoning.dropped", f"{at}/parts/{j}", dialect, what)
                elif set((part.get("extensions") or {}).get(dialect, {}).get("fields") or ()) - {"/type"}:
                    where = f"{at}/parts/{j}/extensions/{dialect}/fields"
                    report(losses, strict, "extension.field_dropped", where, dialect, item_fields_what(p))
            value: Any = "".join(q["text"] for _j, q in ours if type(q.get("text")) is str)
        else:
            value = [_item_of(q, p) for _j, q in ours]
        message.setdefault("extensions", {}).setdefault(dialect, {}).setdefault("fields", {})[f"/{p.field}"] = value
        message["parts"] = [q for _j, q in kept]
        moved.update((f"{at}/parts/{n}", f"{at}/parts/{j}") for n, (j, _q) in enumerate(kept) if n != j)
    return out, moved


def _ours(part: Any, dialect: str) -> bool:
    return type(part) is dict and part.get("type") == "reasoning" and part.get("dialect") == dialect


def moved_back(losses: list[Loss], moved: dict[str, str]) -> list[Loss]:
    """The losses with each moved part's pointer as it was in the value given."""
    if not moved:
        return losses
    out = []
    for loss in losses:
        head = "/".join(loss.pointer.split("/")[: 5 if loss.pointer.startswith("/messages/") else 4])
        out.append(loss._replace(pointer=moved[head] + loss.pointer[len(head) :]) if head in moved else loss)
    return out
