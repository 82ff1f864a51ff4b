# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Token counts between a dialect's meaning and the canonical one (schemas/canonical/usage.json),
for whole responses and stream relays alike. A dialect's counts are named by the canonical count
they stand for; its `usage_excludes` says which canonical parts a count leaves out (Anthropic's
input_tokens: cache reads and writes). Decode adds those parts back; encode subtracts them, and
computes a total the target has and the source lacks. A count that would come out negative (a
source whose parts exceed their whole) is left out and reported, never written."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from ._strict_json import exact_integer

__all__ = ["Excludes", "usage_in", "usage_out"]

Excludes = tuple[tuple[str, tuple[str, ...]], ...]
Lose = Callable[[str, str, str], None]  # (code, pointer, what)


def usage_in(counts: Mapping[str, int], excludes: Excludes) -> dict[str, int]:
    """A dialect's counts in canonical meaning: each count that leaves parts out has the parts
    the dialect gave added back (a part never leaves parts out itself: the meta-schema says so)."""
    usage = dict(counts)
    for name, parts in excludes:
        if name in usage:
            whole = usage[name] + sum(counts.get(part, 0) for part in parts)
            if exact_integer(whole):
                usage[name] = whole
            else:  # past what both runtimes hold exactly: no count rather than a rounded one
                del usage[name]
    return usage


def usage_out(usage: Mapping[str, int], carried: Collection[str], excludes: Excludes, lose: Lose) -> dict[str, int]:
    """Canonical counts as the target writes those it carries. A total it carries and the
    source lacks is the sum of input and output; a count it has no place for is a loss unless
    it is zero or the total that sum gives; a count whose parts exceed it is left out, reported."""
    if "total_tokens" not in usage and "input_tokens" in usage and "output_tokens" in usage:
        total = usage["input_tokens"] + usage["output_tokens"]
        usage = {**usage, "total_tokens": total} if exact_integer(total) else usage
    leaves_out = dict(excludes)
    out: dict[str, int] = {}
    for name, value in usage.items():  # in the source's order (a total made here comes last)
        if name not in carried:
            if value != 0 and not _sum_total(name, usage):
                lose("usage.dropped", f"/usage/{name}", f"the usage count {name}")
            continue
        parts = [part for part in leaves_out.get(name, ()) if part in usage]
        rest = value - sum(usage[part] for part in parts)
        if rest < 0:
            lose(
                "usage.inconsistent",
                f"/usage/{name}",
                f"the usage count {name} ({value}, less than its parts {' + '.join(parts)})",
            )
            continue
        out[name] = rest
    return out


def _sum_total(name: str, usage: Mapping[str, int]) -> bool:
    """A total that is the sum of the input and output counts loses nothing where it is left out."""
    return name == "total_tokens" and usage.get("input_tokens", -1) + usage.get("output_tokens", -1) == usage[name]
