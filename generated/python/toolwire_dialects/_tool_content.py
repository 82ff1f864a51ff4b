# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""What a tool returns or yields, as ToolResult content parts."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

_Part = dict[str, Any]
_PART_KEYS = {"text": {"text"}, "json": {"value"}, "image": set(), "document": set(), "wire": {"dialect", "value"}}


def text_part(text: str) -> _Part:
    return {"type": "text", "text": text}


def json_part(value: Any) -> _Part:
    return {"type": "json", "value": value}


def image_part(*, data: str | None = None, media_type: str | None = None, url: str | None = None) -> _Part:
    """An image part, inline (base64 ``data`` and ``media_type``) or by ``url``."""
    if url is not None and data is None and media_type is None:
        return {"type": "image", "url": url}
    if data is not None and media_type is not None and url is None:
        return {"type": "image", "media_type": media_type, "data": data}
    raise ValueError("an image part needs either url, or data and media_type")


class Content:
    """Explicit result parts, returned by a tool instead of a plain value.

    A returned list is sent as one JSON value; return ``Content(text_part(...), image_part(...))``
    to send several parts, or ``Content(..., is_error=True)`` to report a failure without raising.
    """

    __slots__ = ("is_error", "parts")

    def __init__(self, *parts: _Part, is_error: bool = False) -> None:
        self.parts: list[_Part] = [dict(p) for p in parts]
        self.is_error = is_error

    def __repr__(self) -> str:
        return f"Content(*{self.parts!r}, is_error={self.is_error})"


class _BadResult(Exception):
    """The tool returned something that cannot be put in a ToolResult."""


def _to_content(value: Any) -> Content:
    """What a tool returned (or yielded) as content: str -> text, Content as is, else JSON."""
    if isinstance(value, Content):
        for part in value.parts:
            _check_part(part)
        return value
    if isinstance(value, str):
        return Content(text_part(value))
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    try:
        plain = to_jsonable_python(value)
        json.dumps(plain, allow_nan=False)  # NaN and Infinity are not JSON
    except (TypeError, ValueError) as exc:
        raise _BadResult(f"the tool returned a value that is not JSON: {exc}") from None
    return Content(json_part(plain))


def _check_part(part: Any) -> None:
    if not isinstance(part, Mapping) or part.get("type") not in _PART_KEYS:
        raise _BadResult(f"the tool returned an invalid content part: {part!r:.100}")
    missing = _PART_KEYS[part["type"]] - part.keys()
    if missing:
        raise _BadResult(f"the tool returned a {part['type']} part without {', '.join(sorted(missing))}")


def _append(collected: Content, chunk: Content) -> None:
    """Add a chunk, joining text split across chunks (streamed text arrives in pieces)."""
    parts = list(chunk.parts)
    if parts and collected.parts and _plain_text(collected.parts[-1]) and _plain_text(parts[0]):
        collected.parts[-1] = text_part(collected.parts[-1]["text"] + parts.pop(0)["text"])
    collected.parts.extend(parts)
    collected.is_error = collected.is_error or chunk.is_error


def _plain_text(part: _Part) -> bool:
    return part.get("type") == "text" and part.keys() == {"type", "text"}
