# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A result's structured value beside its content blocks (the `structured` term: MCP's
structuredContent). Canonically it is a json part: where a text block repeats it as its JSON
text (what the spec recommends for older clients), the json part takes that block's place;
otherwise it follows the blocks, and the form `apart` keeps the wire free of a text copy on
the way back."""

from __future__ import annotations

from typing import Any

from ._coercion import held, written
from ._content import checked_parts
from ._errors import MISSING, Invalid
from ._strict_json import MAX_DEPTH

__all__ = ["structured_in", "structured_out"]

APART = "apart"


def structured_in(
    wire: dict[str, Any], key: str, parts: list[dict[str, Any]], forms: dict[str, Any], dialect: str, shape: str
) -> None:
    """Adds the wire's structured value at key to the decoded parts, as a json part."""
    if key not in wire:
        return
    pointer = "/" + key
    # held as deep as the canonical json part's value sits (/content/N/value)
    value = held(wire[key], MAX_DEPTH - 3, dialect, shape, pointer)
    try:
        text: str | None = written(value, "/content/0/value")
    except Invalid:  # held() refused what is too deep; nothing else fails, but no text matches it then
        text = None
    for i, part in enumerate(parts):
        if part.get("type") == "text" and part.get("text") == text:
            parts[i] = {"type": "json", "value": value}
            return
    parts.append({"type": "json", "value": value})
    forms[pointer] = APART


def structured_out(parts: Any, key: str, forms: dict[str, Any]) -> tuple[list[dict[str, Any]], Any]:
    """(the parts the content blocks carry, the structured value or MISSING): the first json
    part is the structured value, and its JSON text stands in its place unless it came apart."""
    items = checked_parts(parts)
    for i, part in enumerate(items):
        if part["type"] == "json" and "value" in part:
            value = part["value"]
            if forms.get("/" + key) == APART:
                return items[:i] + items[i + 1 :], value
            return [*items[:i], {"type": "text", "text": written(value, f"/content/{i}/value")}, *items[i + 1 :]], value
    return items, MISSING
