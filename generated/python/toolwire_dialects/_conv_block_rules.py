# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The target's signature and part_order rules on the blocks of one written turn (a response's:
a client replays the answer in its next request), kept as the compiled request writer keeps
them: the first block of a signature rule's kinds in a turn of the rule's, unsigned (and not the
target's own wire block, written as it came), gets the placeholder; a part_order rule's earlier kind found after a later
one moves before the first later one. Each repair is a loss naming the rule."""

from __future__ import annotations

from typing import Any

from ._conv_layout import BlockRules, Matcher
from ._conv_paths import get
from ._errors import MISSING

__all__ = ["kept_blocks"]


def _is(kinds: tuple[Matcher, ...], block: Any) -> bool:
    """block is of one of the kinds (its keys present, its constants)."""
    if type(block) is not dict:
        return False
    for has, when in kinds:
        if all(get(block, toks) is not MISSING for toks in has) and all(
            type(got := get(block, toks)) is type(value) and got == value for toks, value in when
        ):
            return True
    return False


def kept_blocks(
    unit: dict[str, Any], made: list[tuple[Any, dict[str, Any], str]], rules: BlockRules, run: Any
) -> list[Any]:
    """The blocks of made (each [block, its canonical part, the part's pointer]) as the rules
    keep them, in the turn unit (its role already written)."""
    signatures, orders = rules
    signed = [False] * len(signatures)
    blocks: list[Any] = []
    moved: list[Any] = []
    later: list[Any] = []
    seen = False
    for block, part, at in made:
        for n, (key, aliases, turn, kinds, placeholder, what) in enumerate(signatures):
            if signed[n] or any(type(got := get(unit, t)) is not type(v) or got != v for t, v in turn):
                continue
            if _is(kinds, block):
                signed[n] = True
                if all(k not in block for k in (key, *aliases)) and part.get("type") != "wire":
                    block[key] = placeholder
                    run.lose("signature.placeholder", at, what)
        if not orders:
            blocks.append(block)
            continue
        first, then, said = orders[0]
        if seen and _is(first, block):
            run.lose("part.reordered", at, f"the {part.get('type')}{said}")
            moved.append(block)
            continue
        seen = seen or _is(then, block)
        (later if seen else blocks).append(block)
    return [*blocks, *moved, *later]
