"""What a route's loss policy does with the losses of a conversion: `lenient` forwards and
reports them (the `toolwire-losses` header, the log line); `strict` refuses the exchange,
listing the losses whose codes the route's `allow_losses` does not hold (docs/losses.md)."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import quote

from toolwire.serve.convert import Lost

HEADER = "toolwire-losses"
HEADER_LIMIT = 4000  # bytes of pointers in the header; the log line has them all


def refused(policy: str, allow: frozenset[str], losses: Iterable[Lost]) -> tuple[Lost, ...]:
    """The losses the policy refuses: under strict, each whose code allow does not hold; none
    under lenient."""
    return tuple(loss for loss in losses if loss.code not in allow) if policy == "strict" else ()


def header_value(losses: Iterable[Lost]) -> str:
    """`N` then `; ` and each loss as its code and pointer, comma-separated; the pointer is
    percent-escaped so a space, a comma, a `;` or a non-ASCII character in it cannot break the
    header; cut with `, ...` when long (the count stays exact)."""
    pointers = [f"{loss.code} {quote(loss.pointer or '/', safe='/~:_-.')}" for loss in losses]
    shown: list[str] = []
    size = 0
    for pointer in pointers:
        if size + len(pointer) > HEADER_LIMIT:
            shown.append("...")
            break
        shown.append(pointer)
        size += len(pointer) + 2
    return f"{len(pointers)}; {', '.join(shown)}" if pointers else "0"


def refusal_message(direction: str, losses: Iterable[Lost]) -> str:
    """The error message of a strict refusal, listing every loss."""
    listed = "; ".join(loss.text for loss in losses)
    return f"toolwire: strict route: the {direction} would lose what the other dialect cannot carry: {listed}"
