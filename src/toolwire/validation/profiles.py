"""Validation profiles: the documented quirks of servers that speak a dialect (profiles.json).

A profile accepts each quirk it names (drops the value, fills in what it stands for, or puts
the value it stands for in its place) in a copy of the payload, so that the dialect's own
schemas check everything else; every quirk seen is reported as a note. Pointers of the
findings in that copy are mapped back to the payload.
"""

from __future__ import annotations

import copy
import pathlib
from dataclasses import dataclass
from typing import Any

import jsonschema

from toolwire.spec.positions import pointer

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Quirk:
    name: str
    what: str
    kinds: frozenset[str]
    tokens: tuple[str, ...]
    validator: jsonschema.Draft202012Validator
    fill: dict[str, Any] | None  # None: drop the value (or replace it)
    replace: tuple[Any, ...] = ()  # (the value it stands for,): replace the value there


@dataclass(frozen=True)
class Seen:
    """One quirk at one place of the payload."""

    pointer: str
    quirk: Quirk


class Accepted:
    """A payload with its quirks accepted, and how to map its pointers back to the original."""

    def __init__(self, value: Any, seen: list[Seen], kept: dict[Path, list[int]]) -> None:
        self.value = value
        self.seen = seen
        self._kept = kept  # original path of an array -> original index of each remaining element

    def original_pointer(self, accepted_pointer: str) -> str:
        """The pointer into the original payload of a pointer into the accepted copy."""
        if not self._kept or not accepted_pointer:
            return accepted_pointer
        out: list[str | int] = []
        for raw in accepted_pointer[1:].split("/"):
            token: str | int = raw.replace("~1", "/").replace("~0", "~")
            kept = self._kept.get(tuple(out))
            if kept is not None and isinstance(token, str) and token.isdigit() and int(token) < len(kept):
                token = kept[int(token)]
            elif isinstance(token, str) and token.isdigit():
                token = int(token)
            out.append(token)
        return pointer(out)


class Profile:
    def __init__(self, name: str, data: dict[str, Any]) -> None:
        self.name = name
        self.title: str = data["title"]
        self.quirks = [
            Quirk(
                q["name"],
                q["what"],
                frozenset(q["kinds"]),
                tuple(t.replace("~1", "/").replace("~0", "~") for t in q["path"][1:].split("/")) if q["path"] else (),
                jsonschema.Draft202012Validator(q["match"]),
                q["accept"].get("fill") if isinstance(q["accept"], dict) else None,
                (q["accept"]["replace"],) if isinstance(q["accept"], dict) and "replace" in q["accept"] else (),
            )
            for q in data["quirks"]
        ]

    def note(self, seen: Seen) -> str:
        """A quirk seen, as a command's note says it."""
        return f"{self.name} profile: {seen.quirk.what} [{seen.quirk.name}]"

    def accept(self, value: Any, kinds: set[str]) -> Accepted:
        """Find every quirk of these kinds in value; accept them in a copy (value is not changed)."""
        found: list[tuple[Path, Quirk]] = []
        for quirk in self.quirks:
            if quirk.kinds & kinds:
                found.extend((path, quirk) for path in _places(value, quirk.tokens, ()) if _matches(value, path, quirk))
        if not found:
            return Accepted(value, [], {})
        seen = [Seen(pointer(list(path)), quirk) for path, quirk in sorted(found, key=lambda f: _order(f[0]))]
        out = copy.deepcopy(value)
        for path, quirk in found:
            if quirk.fill is not None:
                _at(out, path).update({k: v for k, v in quirk.fill.items() if k not in _at(out, path)})
            elif quirk.replace:
                _at(out, path[:-1])[path[-1]] = copy.deepcopy(quirk.replace[0])
        kept: dict[Path, list[int]] = {}
        # Later array elements first, so that the earlier indices still hold.
        dropped = (f for f in found if f[1].fill is None and not f[1].replace)
        for path, _quirk in sorted(dropped, key=lambda f: _order(f[0]), reverse=True):
            parent = _at(out, path[:-1])
            last = path[-1]
            if isinstance(parent, list) and isinstance(last, int):
                kept.setdefault(path[:-1], list(range(len(parent))))
                kept[path[:-1]].remove(last)
                del parent[last]
            elif isinstance(parent, dict):
                parent.pop(last, None)
        return Accepted(out, seen, kept)


def _places(value: Any, tokens: tuple[str, ...], at: Path) -> list[Path]:
    """The concrete paths a pointer with * reaches in value."""
    if not tokens:
        return [at]
    head, rest = tokens[0], tokens[1:]
    if head == "*":
        if not isinstance(value, list):
            return []
        return [p for i, item in enumerate(value) for p in _places(item, rest, (*at, i))]
    if isinstance(value, dict) and head in value:
        return _places(value[head], rest, (*at, head))
    return []


def _at(value: Any, path: Path) -> Any:
    for token in path:
        value = value[token]
    return value


def _matches(value: Any, path: Path, quirk: Quirk) -> bool:
    return bool(quirk.validator.is_valid(_at(value, path)))


def _order(path: Path) -> tuple[tuple[int, int, str], ...]:
    return tuple((0, t, "") if isinstance(t, int) else (1, 0, t) for t in path)


class ProfileError(ValueError):
    """No such profile, or the spec that holds it cannot be read (a usage error)."""


def load_profile(schemas: pathlib.Path, dialect: str, name: str) -> Profile:
    """The named profile of a dialect in the spec folder (its profiles.json)."""
    from toolwire.spec.loader import load_spec
    from toolwire.spec.model import SpecError

    try:
        dialects = load_spec(schemas).dialects
    except SpecError as exc:
        raise ProfileError(f"cannot read the profiles of {dialect} in {schemas}: {exc}") from None
    profiles = dialects[dialect].profiles if dialect in dialects else {}
    if name not in profiles:
        known = ", ".join(sorted(profiles)) or "none"
        raise ProfileError(f"dialect {dialect} has no profile {name!r}; known: {known}")
    return Profile(name, profiles[name])
