"""The cross-field check of a dialect.json's usage declaration, which the meta-schema cannot
state: a count that leaves parts out (`usage_excludes`) is inverted on encode by subtracting
those parts, so the count and each part must have a place in `usage`. (That a part leaves
nothing out itself, the meta-schema says: only input and output counts have parts.)"""

from __future__ import annotations

from typing import Any

__all__ = ["usage_problems"]

_AT = "/conversation/response/usage_excludes"


def usage_problems(mapping: dict[str, Any]) -> list[tuple[str, str]]:
    """(JSON Pointer, message) for each broken usage_excludes entry of a mapping."""
    response = mapping.get("conversation", {}).get("response", {})
    places = response.get("usage", {})
    excludes: dict[str, list[str]] = response.get("usage_excludes", {})
    problems: list[tuple[str, str]] = []
    for name, parts in excludes.items():
        if name not in places:
            problems.append((f"{_AT}/{name}", f"{name} has no place in /conversation/response/usage"))
        for i, part in enumerate(parts):
            if part not in places:
                problems.append((f"{_AT}/{name}/{i}", f"the part {part} has no place in /conversation/response/usage"))
    return problems
