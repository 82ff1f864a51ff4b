# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Signed reasoning is bound to the model that produced it: a provider replays only the
signatures (and redacted or encrypted reasoning) its own model made. Dialects of one signing
family carry one model's signatures (dialect.json `conversation.signed_reasoning`: Anthropic's
thinking {thinking, signature} and redacted_thinking {data} are Bedrock's reasoningContent
{reasoningText: {text, signature}} and {redactedContent}, whose blob the JSON wire carries as
the base64 text Anthropic's data is: Claude's). So a signed part of one replays exactly in
another of its family (keep policy), its signature and redacted data moved to that dialect's
places; into any other dialect the signature is dropped, a loss saying why.

The generated code hands every dialect's term over as one table (`Signing`: dialect ->
[family, signature field, redacted field, redacted block tokens, base64]); this module names
no dialect."""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "AS_TEXT",
    "FOREIGN",
    "Signing",
    "as_signed",
    "base64_ok",
    "opaque",
    "redacted",
    "replays",
    "signed",
    "signed_out",
]

# dialect -> [family, signature field, redacted field or None, redacted block tokens or None, base64]
Signing = dict[str, list[Any]]
# the loss of another dialect's reasoning (the compiled request writers say it too)
FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model"
# the loss of another dialect's signed reasoning sent as text (reasoning="text"): its text goes, the signature cannot
AS_TEXT = f"the signature of reasoning sent as text ({FOREIGN})"
# an OpenRouter item's framing: which kind of item, which provider's format, its place; not the artifact
_FRAMING = frozenset(("/type", "/format", "/index", "/id"))
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def _family(signing: Signing, dialect: Any) -> Any:
    term = signing.get(dialect) if type(dialect) is str else None
    return term[0] if term is not None else None


def replays(source: Any, target: str, signing: Signing) -> bool:
    """Whether target replays the signed reasoning source produced: its own, or its family's."""
    family = _family(signing, source)
    return source == target or (family is not None and family == _family(signing, target))


def base64_ok(data: Any) -> bool:
    """Whether data is base64 text (padded, the standard alphabet): a blob on the JSON wire."""
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


def _redacted_data(part: dict[str, Any], signing: Signing) -> str | None:
    """The data of redacted reasoning kept as a wire part (a block its dialect's term names), or None."""
    dialect = part.get("dialect")
    term = signing.get(dialect) if type(dialect) is str else None
    if part.get("type") != "wire" or term is None or term[3] is None:
        return None
    value: Any = part.get("value")
    for key in term[3]:  # the block holds nothing else at any level
        value = value.get(key) if type(value) is dict and len(value) == 1 else None
    return value if type(value) is str else None


def redacted(part: dict[str, Any], signing: Signing) -> bool:
    """Whether a wire part is redacted reasoning (reasoning="drop" removes it as it removes a reasoning part)."""
    return _redacted_data(part, signing) is not None


def _block(tokens: list[str], data: str) -> dict[str, Any]:
    value: Any = data
    for key in reversed(tokens):
        value = {key: value}
    out: dict[str, Any] = value
    return out


def _redacted_as(data: str, target: str, term: list[Any]) -> dict[str, Any] | None:
    """Redacted data as the target keeps it: a reasoning part's field, or a wire block."""
    if term[2] is not None:
        return {"type": "reasoning", "dialect": target, "extensions": {target: {"fields": {term[2]: data}}}}
    if term[3] is None or (term[4] and not base64_ok(data)):  # no place, or not a blob it can carry
        return None
    return {"type": "wire", "dialect": target, "value": _block(term[3], data)}


def as_signed(part: dict[str, Any], target: str, signing: Signing) -> dict[str, Any] | None:
    """Another dialect of the target's family's signed reasoning part as the target's own, or
    None when it is not one (redacted data that is not base64 is not, where the target's is a blob)."""
    source = part.get("dialect")
    if type(source) is not str or source == target or not replays(source, target, signing):
        return None
    mine, theirs = signing[target], signing[source]
    if part.get("type") == "wire":  # redacted reasoning as a block: the canonical model has no kind for it
        data = _redacted_data(part, signing)
        return _redacted_as(data, target, mine) if data is not None else None
    fields = _fields(part, source)
    if part.get("type") != "reasoning" or len(fields) != 1:
        return None
    if theirs[2] is not None and theirs[2] in fields:
        data = fields[theirs[2]]
        return _redacted_as(data, target, mine) if type(data) is str else None
    signature = fields.get(theirs[1])
    if type(signature) is not str:
        return None
    out = {k: v for k, v in part.items() if k != "extensions"}  # its text and any other key stay
    out["dialect"] = target
    out["extensions"] = {target: {"fields": {mine[1]: signature}}}
    return out


def _out(part: Any, target: str, dropping: bool, signing: Signing) -> Any:
    if type(part) is not dict:
        return part
    if dropping:  # redacted reasoning as a reasoning part, which the writer drops as asked (at its place)
        return {"type": "reasoning", "dialect": part.get("dialect")} if redacted(part, signing) else part
    return as_signed(part, target, signing) or part


def signed_out(canonical: Any, target: str, dropping: bool, signing: Signing) -> Any:
    """A canonical request whose messages hold signed reasoning of the target's family, with
    those parts as the target's own (copied where changed; the same value otherwise);
    dropping (reasoning="drop"): its redacted reasoning wire parts as reasoning parts instead."""
    messages = canonical.get("messages") if type(canonical) is dict and (dropping or target in signing) else None
    if type(messages) is not list:
        return canonical
    changed = False
    out = []
    for message in messages:
        parts = message.get("parts") if type(message) is dict else None
        if type(parts) is list:
            kept = [_out(p, target, dropping, signing) for p in parts]
            if any(a is not b for a, b in zip(kept, parts, strict=True)):
                changed = True
                message = {**message, "parts": kept}
        out.append(message)
    return {**canonical, "messages": out} if changed else canonical
