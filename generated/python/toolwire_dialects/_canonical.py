# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Canonical values as the converters handle them: one spelling for one meaning, and how a
value is named in a loss message."""

from __future__ import annotations

from typing import Any

from ._errors import json_text

__all__ = ["describe_choice", "describe_part", "is_absent", "normalize_choice"]


def is_absent(value: dict[str, Any], absent: dict[str, Any]) -> bool:
    """Whether a canonical value is the one a dialect says by leaving the field out."""
    return {k: v for k, v in value.items() if k != "extensions"} == absent


def normalize_choice(choice: dict[str, Any]) -> None:
    """'required' limited to one tool is that tool: one canonical spelling for one meaning."""
    names = choice.get("names")
    if choice.get("mode") == "required" and names is not None and len(names) == 1:
        choice["mode"] = "tool"


def describe_part(part: dict[str, Any]) -> str:
    """A content part as a loss names it."""
    kind = part.get("type")
    if kind == "wire":
        value = part.get("value") or {}
        name = value.get("type") or next(iter(value), None)  # Bedrock blocks are keyed, not typed
        return f"{part.get('dialect')} block of type {name!r}"
    if kind == "image":
        return "an image given by URL" if "url" in part else "an inline image"
    return f"a {kind} part"


def describe_choice(value: dict[str, Any]) -> str:
    """A tool choice as a loss names it (its fields, without extensions)."""
    shown = {k: v for k, v in value.items() if k != "extensions"}
    return json_text(shown, separators=None, sort_keys=True)[:120]
