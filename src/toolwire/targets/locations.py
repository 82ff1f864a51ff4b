"""What every target's extract() does with an envelope's locations, spelled in its own
language by its emitter: the locations of one shape at one path read in one walk."""

from __future__ import annotations

from typing import Any


def merge_alike(locations: list[dict[str, Any]], both: str, either: str) -> list[dict[str, Any]]:
    """Locations of one shape at one path (Responses' function and custom calls in /input)
    read in one walk, an element matching any of them, so extract() keeps the wire's order;
    the later ones are marked merged (inject() still reads each)."""
    first: dict[tuple[str, str, str], dict[str, Any]] = {}
    for loc in locations:
        key = (loc["shape"], loc["path"], repr(loc["where"]))
        if key not in first:
            first[key] = loc
            continue
        head = first[key]
        head.setdefault("alternatives", [head["tests"]]).append(loc["tests"])
        alts = head["alternatives"]
        tests = "" if not all(alts) else either.join(f"({both.join(a)})" for a in alts)
        head["test"] = head["test"].split(both)[0] + (both + f"({tests})" if tests else "")
        loc["merged"] = True
    return locations
