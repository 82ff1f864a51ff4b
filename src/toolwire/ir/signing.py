"""Signed reasoning (dialect.json `conversation.signed_reasoning`): where a dialect keeps the
signature and redacted data of its reasoning, and its signing family. A provider replays only
the signatures its own model made, so a signed part replays exactly in the dialect it came
from and in the others of its family (Anthropic and Bedrock carry Claude's), elsewhere it is a
loss. The runtime gets every dialect's term as one table (signing_data), printed by each
target into the dialect modules and the relay data: it names no dialect itself."""

from __future__ import annotations

from typing import Any

from toolwire.ir.conversation_nodes import SignedReasoning
from toolwire.ir.errors import GenerateError
from toolwire.spec.model import Dialect, Spec
from toolwire.spec.positions import tokens

__all__ = ["Signing", "signed_reasoning", "signing_data", "signing_table"]

# every dialect's signed_reasoning, by name
Signing = tuple[tuple[str, SignedReasoning], ...]


def signed_reasoning(dialect: Dialect) -> SignedReasoning | None:
    """The dialect's signed_reasoning term, typed (None: its reasoning carries no signature)."""
    raw = (dialect.mapping.get("conversation") or {}).get("signed_reasoning")
    if raw is None:
        return None
    redacted = raw.get("redacted", {})
    if "field" in redacted and "block" in redacted:
        where = f"schemas/dialects/{dialect.name}/dialect.json: conversation.signed_reasoning.redacted"
        raise GenerateError(f"{where}: a field or a block, not both")
    block = redacted.get("block")
    return SignedReasoning(
        family=raw["family"],
        signature=raw["signature"],
        redacted_field=redacted.get("field"),
        redacted_block=tuple(tokens(block)) if block is not None else None,
        base64=bool(redacted.get("base64", False)),
    )


def signing_table(spec: Spec) -> Signing:
    """Every dialect's signed_reasoning term, by dialect name (those without one left out)."""
    found = ((name, signed_reasoning(dialect)) for name, dialect in sorted(spec.dialects.items()))
    return tuple((name, signed) for name, signed in found if signed is not None)


def signing_data(table: Signing) -> dict[str, list[Any]]:
    """The table as the runtime reads it: dialect -> [family, signature field, redacted field,
    redacted block tokens, base64] (None where the dialect has no such place)."""
    return {
        name: [
            s.family,
            s.signature,
            s.redacted_field,
            list(s.redacted_block) if s.redacted_block is not None else None,
            s.base64,
        ]
        for name, s in table
    }
