"""Side-by-side timing shared by bench/conversation.py and bench/relay.py.

Every round times each contender once, one after the other, so that a noisy neighbour
slows them all alike; the rounds give a median and a range per contender, and the
per-round ratios (paired, round by round) give a median ratio and its range.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any


def interleaved(contenders: dict[str, Callable[[], Any]], rounds: int, number: int) -> dict[str, list[float]]:
    """Seconds per call of each contender, one value per round.

    The objects alive before timing (modules, the inputs) are frozen out of the garbage
    collector's scans meanwhile: else every full collection walks them, and a contender pays
    at random for what else the process has loaded (LiteLLM's modules: about 245,000 objects)."""
    gc.collect()
    gc.freeze()
    try:
        return _rounds(contenders, rounds, number)
    finally:
        gc.unfreeze()


def _rounds(contenders: dict[str, Callable[[], Any]], rounds: int, number: int) -> dict[str, list[float]]:
    clock = time.perf_counter
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, run in contenders.items():
            loop = range(number)
            start = clock()
            for _ in loop:
                run()
            times[name].append((clock() - start) / number)
    return times


def describe(
    name: str, runs: list[float], unit: str = "us/call", scale: float = 1e6, per: tuple[int, str] | None = None
) -> str:
    """One line: the median and the range of a contender's rounds (and with `per`, (count,
    what), the median divided by count: the time per message, per event)."""
    median = statistics.median(runs)
    line = (
        f"  {name:<14} median {median * scale:10.2f} {unit}"
        f"   range {min(runs) * scale:10.2f} - {max(runs) * scale:10.2f}"
    )
    if per is not None:
        count, what = per
        line += f"   {median * scale / count:8.2f} {unit.split('/')[0]}/{what}"
    return line


def ratio(label: str, slower: list[float], faster: list[float], target: float, at_least: bool) -> str:
    """The paired per-round ratio slower/faster: median and range, against a target."""
    ratios = sorted(s / f for s, f in zip(slower, faster, strict=True))
    median = statistics.median(ratios)
    met = median >= target if at_least else median <= target
    bound = "at least" if at_least else "at most"
    verdict = "met" if met else "NOT met"
    return (
        f"  {label}: median {median:.2f}x, range {ratios[0]:.2f}-{ratios[-1]:.2f}x"
        f" (target {bound} {target:g}x: {verdict})"
    )


def profile(run: Callable[[], Any], number: int, limit: int = 12) -> None:
    """cProfile of number calls of run: the functions of toolwire_dialects with the most
    time with their callees and of their own (as shares of the total), calls per run, and
    the share spent outside the package (builtins, json, re)."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(number):
        run()
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows, outside = [], 0.0
    for (path, line, name), (_cc, calls, own, cumulative, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if "toolwire_dialects" in path:
            where = path.split("toolwire_dialects/", 1)[1]
            rows.append((own, cumulative, calls / number, f"{where}:{line}({name})"))
        else:
            outside += own
    print(
        f"  profile of {number} runs ({total:.3f} s under cProfile); outside toolwire_dialects: {outside / total:.1%}"
    )
    print("    with callees:")
    for own, cumulative, calls, where in sorted(rows, key=lambda r: -r[1])[:limit]:
        print(f"      {cumulative / total:6.1%} (own {own / total:5.1%}) {calls:7.1f}/run  {where}")
    print("    own time:")
    for own, cumulative, calls, where in sorted(rows, reverse=True)[:limit]:
        print(f"      {own / total:6.1%} (with callees {cumulative / total:5.1%}) {calls:7.1f}/run  {where}")


def peak_memory(run: Callable[[], Any], repeat: int) -> list[int]:
    """The tracemalloc peak (bytes) of one call of run, each of `repeat` measurements fresh
    (tracing started anew after a collection); the result is held at the peak, as a caller
    holds it."""
    peaks = []
    for _ in range(repeat):
        gc.collect()
        tracemalloc.start()
        try:
            result = run()
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        del result
    return peaks
