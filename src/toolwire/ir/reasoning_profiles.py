"""The reasoning of OpenAI-compatible servers as profiles (profiles.json `reasoning`): the
field beside an assistant message's content (and a chunk delta's) that a profile's servers
send their reasoning in, one string or a list of items, read under source_profile as canonical
reasoning parts of the dialect and written back under target_profile. The runtime gets every
dialect's as one table (profiles_data), printed by each target into convert and the relay
data: it names no dialect and no profile itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolwire.spec.model import Spec

__all__ = ["ReasoningProfile", "ReasoningProfiles", "profiles_data", "reasoning_profiles"]


@dataclass(frozen=True)
class ReasoningProfile:
    """One profile's reasoning fields."""

    name: str
    field: str  # the message's (and a chunk delta's) field
    items: tuple[tuple[str, str | None], ...] | None  # item type -> the key of its text; None: one string
    repeat: str | None  # a delta's field repeating the items' text
    provider: str | None  # who sends the items


# dialect -> its profiles that read reasoning, in profiles.json order
ReasoningProfiles = tuple[tuple[str, tuple[ReasoningProfile, ...]], ...]


def reasoning_profiles(spec: Spec) -> ReasoningProfiles:
    """Every dialect's reasoning profiles (dialects without one left out)."""
    out = []
    for name, dialect in sorted(spec.dialects.items()):
        found = tuple(
            ReasoningProfile(
                name=profile,
                field=raw["field"],
                items=tuple(raw["items"].items()) if "items" in raw else None,
                repeat=raw.get("repeat"),
                provider=raw.get("provider"),
            )
            for profile, body in dialect.profiles.items()
            if (raw := body.get("reasoning")) is not None
        )
        if found:
            out.append((name, found))
    return tuple(out)


def profiles_data(table: ReasoningProfiles) -> dict[str, dict[str, list[Any]]]:
    """The table as the runtime reads it: dialect -> profile -> [field, items (type -> text key)
    or None, repeat, provider]."""
    return {
        dialect: {
            p.name: [p.field, dict(p.items) if p.items is not None else None, p.repeat, p.provider] for p in found
        }
        for dialect, found in table
    }
