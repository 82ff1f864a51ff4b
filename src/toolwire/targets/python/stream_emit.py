"""The Python spelling of a dialect's stream IR, as the stream templates lay it out."""

from __future__ import annotations

from typing import Any


def stream_context(stream: Any) -> Any:
    """What `d.stream` is in the stream templates (None: the dialect does not stream)."""
    return stream
