"""What a route's loss policy does with the losses of a conversion: `lenient` forwards and
reports them (the `toolwire-losses` header, the log line), `strict` refuses the exchange with
the list.

Not here yet: an allow-list of loss kinds a strict route lets through. It needs stable loss
codes (issue #24); until then the configuration refuses a route's `allow_losses` key with that
reason, and strict refuses every loss. `refused` is where the list will be applied.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import quote

from toolwire.serve.convert import Lost

HEADER = "toolwire-losses"
HEADER_LIMIT = 4000  # bytes of pointers in the header; the log line has them all


def refused(policy: str, losses: Iterable[Lost]) -> tuple[Lost, ...]:
    """The losses the policy refuses: all of them under strict (issue #24: less the route's
    allow-list, once losses have stable codes), none under lenient."""
    return tuple(losses) if policy == "strict" else ()


def header_value(losses: Iterable[Lost]) -> str:
    """`N` then `; ` and the loss pointers, comma-separated, each percent-escaped so a comma,
    a `;` or a non-ASCII character in a pointer cannot break the header; cut with `, ...` when
    long (the count stays exact)."""
    pointers = [quote(loss.pointer or "/", safe="/~:_-.") for loss in losses]
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
