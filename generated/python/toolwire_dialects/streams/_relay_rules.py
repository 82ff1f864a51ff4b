# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The target's signature and part_order rules in a relay (the `rules` of its RELAY, lowered
from dialect.json by ir/stream_rules.py), kept as the response writer keeps them on a turn's
blocks: a relayed stream is one turn.

- signature: the first block of the rule's kinds the relay writes (at a template's block
  pointer) gets the placeholder unless it came signed (a same-dialect relay replays the
  source's signature); one loss, as a converted response reports once per turn.
- part_order: a stream cannot move a block back before one already sent, so a block of an
  earlier kind opened after one of a later kind is left out, with a loss naming the rule."""

from __future__ import annotations

from typing import Any

from ._relay_blocks import at

__all__ = ["KeptRules"]

Lose = Any  # (code, pointer, what) -> None


class KeptRules:
    """The rules one relay keeps, with their state (signed yet; a later kind opened)."""

    def __init__(self, rules: dict[str, Any] | None) -> None:
        rules = rules or {}
        self.signs: dict[tuple[str, int], list[tuple[int, tuple[str, ...], str, tuple[str, ...], str, str]]] = {}
        for n, (template, index, block, key, aliases, placeholder, what) in enumerate(rules.get("signatures", ())):
            sign = (n, tuple(block), key, tuple(aliases), placeholder, what)
            self.signs.setdefault((template, index), []).append(sign)
        self._signed: set[int] = set()
        self._first = frozenset(rules.get("first", ()))
        self._then = frozenset(rules.get("then", ()))
        self._dropped: dict[str, str] = rules.get("dropped", {})
        self._seen = False

    def sign(self, template: str, index: int, event: dict[str, Any], lose: Lose, pointer: str) -> None:
        """The placeholder on the event's block, when it is the first of a signature rule's
        kinds in the stream and came unsigned."""
        for n, toks, key, aliases, placeholder, what in self.signs.get((template, index), ()):
            block = at(event, toks)
            if n in self._signed or type(block) is not dict:
                continue
            self._signed.add(n)
            if all(k not in block for k in (key, *aliases)):
                lose("signature.placeholder", pointer, what)  # first: strict raises before it is written
                block[key] = placeholder

    def opened(self, kind: str) -> None:
        """A block of this kind was opened."""
        self._seen = self._seen or kind in self._then

    def late(self, kind: str, lose: Lose) -> bool:
        """Whether a block of this kind, about to open, breaks the part_order rule: then it is
        left out (a loss, once)."""
        if not self._seen or kind not in self._first:
            return False
        lose("part.unsupported", f"/{kind}", self._dropped[kind])
        return True
