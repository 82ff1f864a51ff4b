# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Finish reasons between a dialect's wire values and the canonical ones (stop, length,
tool_calls, content_filter, refusal, error, other) for the stream relay.

The dialect modules' own finish_reason_in / finish_reason_out (from the conversation
mapping) are used when the module has them; until then this table stands in behind the same
interface. A wire value not listed decodes as "other"; a canonical value a dialect has no
wire value for encodes as None (the relay reports it).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["finish_reason_in", "finish_reason_out"]

# dialect -> [canonical, wire] pairs: the first pair of a canonical value encodes, the first of a wire value decodes.
_TABLE: dict[str, tuple[tuple[str, str], ...]] = {
    "openai_chat": (
        ("stop", "stop"),
        ("length", "length"),
        ("tool_calls", "tool_calls"),
        ("content_filter", "content_filter"),
        ("tool_calls", "function_call"),
    ),
    "mistral": (
        ("stop", "stop"),
        ("length", "length"),
        ("length", "model_length"),
        ("tool_calls", "tool_calls"),
        ("error", "error"),
    ),
    "anthropic_messages": (
        ("stop", "end_turn"),
        ("stop", "stop_sequence"),
        ("length", "max_tokens"),
        ("length", "model_context_window_exceeded"),
        ("tool_calls", "tool_use"),
        ("refusal", "refusal"),
        ("other", "pause_turn"),
    ),
    "openai_responses": (("stop", "completed"), ("length", "incomplete"), ("error", "failed")),
    "gemini": (
        ("stop", "STOP"),
        ("length", "MAX_TOKENS"),
        ("content_filter", "SAFETY"),
        ("content_filter", "RECITATION"),
        ("content_filter", "BLOCKLIST"),
        ("content_filter", "PROHIBITED_CONTENT"),
        ("content_filter", "SPII"),
        ("other", "OTHER"),
        ("error", "OTHER"),  # encodes only: Gemini has no finish value for a failed generation
        ("error", "MALFORMED_FUNCTION_CALL"),
        ("tool_calls", "STOP"),  # encodes only: Gemini ends a message with calls with STOP
    ),
    "bedrock_converse": (
        ("stop", "end_turn"),
        ("stop", "stop_sequence"),
        ("tool_calls", "tool_use"),
        ("length", "max_tokens"),
        ("content_filter", "guardrail_intervened"),
        ("content_filter", "content_filtered"),
    ),
    "cohere_v2": (
        ("stop", "COMPLETE"),
        ("stop", "STOP_SEQUENCE"),
        ("length", "MAX_TOKENS"),
        ("tool_calls", "TOOL_CALL"),
        ("error", "ERROR"),
    ),
    "ollama": (("stop", "stop"), ("length", "length"), ("tool_calls", "stop")),
}


def _module(dialect: str) -> Any:
    return importlib.import_module(f"..{dialect}", __package__)  # the package may be renamed


def finish_reason_in(dialect: str, wire: str) -> str:
    """The canonical finish reason of a dialect's wire value ("other" when not listed)."""
    own = getattr(_module(dialect), "finish_reason_in", None)
    if own is not None:
        return str(own(wire))
    for canonical, value in _TABLE.get(dialect, ()):
        if value == wire:
            return canonical
    return "other"


def finish_reason_out(dialect: str, canonical: str) -> str | None:
    """The wire value a dialect writes for a canonical finish reason (None: it has none)."""
    own = getattr(_module(dialect), "finish_reason_out", None)
    if own is not None:
        value = own(canonical)
        return value if type(value) is str else None
    for name, value in _TABLE.get(dialect, ()):
        if name == canonical:
            return value
    return None
