# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A relay's reasoning events written as the target's (RelayWriter.write hands them here).

Reasoning text goes wherever the target has reasoning events (else it is text when the
policy says text, or a loss). An opaque artifact (a signature, redacted or encrypted data) is
bound to the model that produced it: it is replayed only by the dialect it came from, or by
another of its signing family (Anthropic and Bedrock carry the same signatures and redacted
blocks: _reasoning_claude), and is a loss elsewhere. Redacted data is a block of its own.
A Chat target written under a reasoning profile takes reasoning as the profile's deltas."""

from __future__ import annotations

from typing import Any

from .._chat_reasoning_stream import delta_out
from .._reasoning_claude import FOREIGN, base64_ok, opaque, replays
from ._relay_blocks import put

__all__ = ["write_reasoning"]

Writer = Any  # a RelayWriter (its helpers: this module is one of its parts)


def _fields(extension: Any) -> dict[str, Any]:
    fields = extension.get("fields") if type(extension) is dict else None
    return fields if type(fields) is dict else {}


def _dropped(w: Writer, event: dict[str, Any]) -> None:
    what = f"a reasoning signature of {event.get('dialect')} ({FOREIGN})"
    w._loss("reasoning.dropped", "/reasoning/extensions", what)


def write_reasoning(w: Writer, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
    """One reasoning_delta event as the target's events (or its losses)."""
    source = event.get("dialect")
    extensions = event.get("extensions") or {}
    foreign = any(
        opaque(_fields(e)) for d, e in extensions.items() if not replays(d, w.dialect, w.signing) or d != source
    )
    own = _fields(extensions.get(source)) if replays(source, w.dialect, w.signing) else {}
    if w.profile is not None:
        _chat(w, event, own, foreign, out)
        return
    text = event.get("text")
    if not w.writes.get("reasoning"):
        if w.reasoning == "text" and text:
            w._text("text", text, out)  # the caller asked for it: no loss
        elif text or w.reasoning != "text":
            w._loss("reasoning.dropped", "/reasoning", "reasoning (the stream's reasoning deltas)")
        if foreign or opaque(own):
            _dropped(w, event)
        return
    if text:
        w._text("reasoning", text, out)
    if foreign:
        _dropped(w, event)
    if "/data" in own:
        _redacted(w, own["/data"], out)
    signature = own.get("/signature")
    if type(signature) is not str:
        return
    if not w.writes.get("signature") and "signature" not in w._slots:
        w._loss("reasoning.dropped", "/reasoning/extensions", "a reasoning signature")
        return
    block = w._block
    if block is None or block.kind != "reasoning":
        if w._rules.late("reasoning", w._loss):
            return
        block = w._open("reasoning", out)
    block.signature = signature
    w._write("signature", {"signature": signature}, out)


def _redacted(w: Writer, data: Any, out: list[dict[str, Any]]) -> None:
    """Redacted reasoning: a block of its own, where the target has one and can carry the data
    (Bedrock's blob: base64 text)."""
    if not (w.writes.get("redacted_open") or w.writes.get("redacted")):
        w._loss("reasoning.dropped", "/reasoning/extensions", "redacted reasoning (no redacted block in this dialect)")
        return
    if type(data) is not str or ("redacted" in w.writes and not base64_ok(data)):
        w._loss("reasoning.dropped", "/reasoning/extensions", "redacted reasoning whose data is not base64")
        return
    if w._rules.late("reasoning", w._loss):
        return
    w._open("redacted", out, values={"data": data})
    w._write("redacted", {"data": data}, out)


def _chat(w: Writer, event: dict[str, Any], own: dict[str, Any], foreign: bool, out: list[dict[str, Any]]) -> None:
    """Reasoning into a Chat stream under a profile: the profile's delta in a chunk of its own."""
    if foreign:
        _dropped(w, event)
    if not event.get("text") and not opaque(own):
        return
    block = w._block
    if block is None or block.kind != "reasoning":
        block = w._open("reasoning", out)
    delta, lost = delta_out(w.profile, event, own, block.kind_index)
    if lost is not None:
        w._loss("extension.field_dropped", f"/reasoning/extensions/{w.profile.dialect}/fields", lost)
    if not delta:
        return
    w._write("text", {"text": None}, out)  # the chunk's frame (id, model, choice), its delta ours
    for key, value in delta.items():
        put(out[-1], ("choices", "0", "delta", key), value)
