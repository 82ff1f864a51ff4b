# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Signed reasoning is bound to the model that produced it: a provider replays only the
signatures (and redacted or encrypted reasoning) its own model made. Claude's are the one
artifact two dialects share: Anthropic's thinking {thinking, signature} and redacted_thinking
{data} are Bedrock's reasoningContent {reasoningText: {text, signature}} and
{redactedContent}, whose blob the JSON wire carries as the base64 text Anthropic's data is.
So a signed part of one replays exactly in the other (keep policy); into any other dialect
the signature is dropped, a loss saying why."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["AS_TEXT", "FOREIGN", "as_claude", "base64_ok", "claude_out", "opaque", "redacted", "replays", "signed"]

ANTHROPIC = "anthropic_messages"
BEDROCK = "bedrock_converse"
CLAUDE = (ANTHROPIC, BEDROCK)
# the loss of another dialect's reasoning (the compiled request writers say it too)
FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model"
# the loss of another dialect's signed reasoning sent as text (reasoning="text"): its text goes, the signature cannot
AS_TEXT = f"the signature of reasoning sent as text ({FOREIGN})"
_SIGNED = "/reasoningContent/reasoningText/signature"  # Bedrock's signature, as its decoder keeps it
# an OpenRouter item's framing: which kind of item, which provider's format, its place; not the artifact
_FRAMING = frozenset(("/type", "/format", "/index", "/id"))
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def replays(source: Any, target: str) -> bool:
    """Whether target replays the signed reasoning source produced."""
    return source == target or (source in CLAUDE and target in CLAUDE)


def base64_ok(data: Any) -> bool:
    """Whether data is base64 text (padded, the standard alphabet): a Bedrock blob on the JSON wire."""
    return type(data) is str and _BASE64.fullmatch(data) is not None


def opaque(fields: Any) -> bool:
    """Whether a reasoning part's or delta's fields hold an artifact (a signature, redacted or
    encrypted data) rather than only its framing."""
    return type(fields) is dict and any(k not in _FRAMING for k in fields)


def signed(part: dict[str, Any]) -> bool:
    """Whether a reasoning part holds an artifact of its dialect (a signature, redacted or encrypted data)."""
    own = (part.get("extensions") or {}).get(part.get("dialect"))
    return opaque(own.get("fields") if type(own) is dict else None)


def _fields(part: dict[str, Any], dialect: str) -> dict[str, Any]:
    own = (part.get("extensions") or {}).get(dialect)
    fields = own.get("fields") if type(own) is dict else None
    return fields if type(fields) is dict and len(part.get("extensions") or {}) == 1 else {}


def _redacted_data(part: dict[str, Any]) -> str | None:
    """The data of redacted reasoning kept as a wire part (Bedrock's redactedContent block), or None."""
    if part.get("type") != "wire" or part.get("dialect") not in CLAUDE:
        return None
    value = part.get("value")
    body = value.get("reasoningContent") if type(value) is dict and len(value) == 1 else None
    data = body.get("redactedContent") if type(body) is dict and len(body) == 1 else None
    return data if type(data) is str else None


def redacted(part: dict[str, Any]) -> bool:
    """Whether a wire part is redacted reasoning (reasoning="drop" removes it as it removes a reasoning part)."""
    return _redacted_data(part) is not None


def as_claude(part: dict[str, Any], target: str) -> dict[str, Any] | None:
    """The other Claude dialect's signed reasoning part as the target's own, or None when it
    is not one (redacted data that is not base64 is not: no Bedrock blob carries it)."""
    source = part.get("dialect")
    if source == target or source not in CLAUDE or target not in CLAUDE:
        return None
    if part.get("type") == "wire":  # Bedrock's redacted reasoning: a block the canonical model has no kind for
        data = _redacted_data(part)
        if data is None:
            return None
        return {"type": "reasoning", "dialect": target, "extensions": {target: {"fields": {"/data": data}}}}
    fields = _fields(part, source)
    if part.get("type") != "reasoning" or len(fields) != 1:
        return None
    if source == ANTHROPIC and "/data" in fields:
        if not base64_ok(fields["/data"]):
            return None
        return {"type": "wire", "dialect": target, "value": {"reasoningContent": {"redactedContent": fields["/data"]}}}
    signature = fields.get("/signature" if source == ANTHROPIC else _SIGNED)
    if type(signature) is not str:
        return None
    out = {k: v for k, v in part.items() if k != "extensions"}  # its text and any other key stay
    out["dialect"] = target
    out["extensions"] = {target: {"fields": {_SIGNED if target == BEDROCK else "/signature": signature}}}
    return out


def _out(part: Any, target: str, dropping: bool) -> Any:
    if type(part) is not dict:
        return part
    if dropping:  # redacted reasoning as a reasoning part, which the writer drops as asked (at its place)
        return {"type": "reasoning", "dialect": part.get("dialect")} if redacted(part) else part
    return as_claude(part, target) or part


def claude_out(canonical: Any, target: str, dropping: bool = False) -> Any:
    """A canonical request whose messages hold the other Claude dialect's signed reasoning,
    with those parts as the target's own (copied where changed; the same value otherwise);
    dropping (reasoning="drop"): its redacted reasoning wire parts as reasoning parts instead."""
    messages = canonical.get("messages") if type(canonical) is dict and (dropping or target in CLAUDE) else None
    if type(messages) is not list:
        return canonical
    changed = False
    out = []
    for message in messages:
        parts = message.get("parts") if type(message) is dict else None
        if type(parts) is list:
            kept = [_out(p, target, dropping) for p in parts]
            if any(a is not b for a, b in zip(kept, parts, strict=True)):
                changed = True
                message = {**message, "parts": kept}
        out.append(message)
    return {**canonical, "messages": out} if changed else canonical
