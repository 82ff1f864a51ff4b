"""A dialect's usage_excludes (dialect.json `conversation.response`) as data: which canonical
parts each wire token count leaves out. The response layout and the stream relay both carry
it, so a response and a stream of one dialect count tokens alike."""

from __future__ import annotations

from typing import Any

__all__ = ["UsageExcludes", "response_excludes", "usage_excludes"]

UsageExcludes = tuple[tuple[str, tuple[str, ...]], ...]


def usage_excludes(mapping: dict[str, Any]) -> UsageExcludes:
    """The usage_excludes of a dialect.json mapping (checked by the loader: spec/usage.py)."""
    return response_excludes(mapping.get("conversation", {}).get("response", {}))


def response_excludes(response: dict[str, Any]) -> UsageExcludes:
    """The usage_excludes of a mapping's `conversation.response` section."""
    return tuple((name, tuple(parts)) for name, parts in response.get("usage_excludes", {}).items())
