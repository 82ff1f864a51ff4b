# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The reasoning policy of an encode (`reasoning="keep" | "text" | "drop"`): what becomes of
the canonical reasoning parts. keep replays each where the target can (its own dialect's
reasoning, signed where the target signs it) and reports the rest as reasoning.dropped; text
sends what keep cannot replay as text; drop removes every reasoning part, one loss per part,
which strict mode and an allow-list never refuse: the caller asked for it."""

from __future__ import annotations

from ._errors import Loss

__all__ = ["ASKED", "POLICIES", "dropped_as_asked", "dropped_once", "reasoning_policy"]

POLICIES = ("keep", "text", "drop")
ASKED = "reasoning (dropped as asked: reasoning='drop')"


def reasoning_policy(reasoning: str | None, as_text: bool) -> str:
    """The policy an encoder was given: reasoning, or the deprecated reasoning_as_text=True
    (which is reasoning='text'); ValueError for an unknown policy or a contradiction."""
    if reasoning is None:
        return "text" if as_text else "keep"
    if reasoning not in POLICIES:
        raise ValueError(f"unknown reasoning policy {reasoning!r}; known: {', '.join(POLICIES)}")
    if as_text and reasoning != "text":
        raise ValueError(f"reasoning_as_text=True is reasoning='text', not reasoning={reasoning!r}")
    return reasoning


def dropped_as_asked(losses: list[Loss], dialect: str, at: str) -> None:
    """The loss of a reasoning part reasoning='drop' removed (recorded even in strict mode)."""
    losses.append(Loss("reasoning.dropped", at, dialect, ASKED))


def dropped_once(reported: set[str], losses: list[Loss], dialect: str) -> None:
    """A relay's loss of the stream's reasoning reasoning='drop' removed: once, at /reasoning."""
    if ASKED not in reported:
        reported.add(ASKED)
        dropped_as_asked(losses, dialect, "/reasoning")
