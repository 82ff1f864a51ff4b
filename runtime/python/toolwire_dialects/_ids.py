# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Ids: the map that rewrites ids a target cannot carry (collision-free, reversibly), mints
ids for calls that come without one, and links id-less results to their calls, reporting
every link the wire did not state; encode_id, the id an encoder sends. Re-exported by `_runtime`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from ._errors import Invalid, Loss, describe, report

__all__ = ["CANONICAL_IDS", "IdMap", "IdPolicy", "Note", "encode_id", "id_checker", "note_position"]


def id_checker(pattern: re.Pattern[str], known: set[str], limit: int = 4096) -> Callable[[str], bool]:
    """pattern.fullmatch that remembers matching ids in `known` (bounded): the same ids
    recur across a conversation, and a set lookup is cheaper than a regex."""
    fullmatch = pattern.fullmatch

    def ok(value: str) -> bool:
        if fullmatch(value) is None:
            return False
        if len(known) >= limit:
            known.clear()
        known.add(value)
        return True

    return ok


class IdPolicy(NamedTuple):
    dialect: str
    pattern: re.Pattern[str]
    prefix: str
    length: int


_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _alnum(seed: str, length: int) -> str:
    # surrogatepass: an id may hold a lone surrogate (a JSON escape); it is hashed as the
    # three bytes of its code, as the TypeScript port does, never a crash
    digest = int.from_bytes(hashlib.sha256(seed.encode("utf-8", "surrogatepass")).digest(), "big")
    chars = []
    for _ in range(length):
        digest, rest = divmod(digest, 62)
        chars.append(_ALPHABET[rest])
    return "".join(chars)


class IdMap:
    """Rewrites ids that a target cannot carry, collision-free and reversibly.

    The same original id always gets the same new id within one map, so a call and its
    result stay linked; keep one map per conversation across turns, and use
    `original(new_id)` to map a provider's reply back. A rewrite is unique against every id
    the map has seen (rewritten, passed through or decoded), in either order: an id that
    arrives literally equal to an earlier rewrite is itself rewritten, never merged with it.

    A rewrite sent to another dialect than the one it was made for is a reply coming back
    (dialect A -> B -> A through one map): it is sent as the id it stands for, so the round
    trip restores the original id (or that id's rewrite when the target cannot carry it).
    """

    def __init__(self) -> None:
        self._forward: dict[tuple[str, Any], str] = {}  # (dialect, id) -> id sent (itself if passed)
        self._backward: dict[str, str] = {}  # rewritten id -> the id it stands for
        self._made_for: dict[str, str] = {}  # rewritten id -> the dialect it was made for
        self._seen: set[Any] = set()  # every id this map has seen, in or out
        self._minted = 0
        self._names: dict[str, str] = {}  # call id -> tool name
        self._unanswered: list[str] = []  # call ids in order, until a result claims them
        self._by_position: dict[str, int] = {}  # call id claimed by position -> calls it was chosen among
        self._positional: set[str | None] = set()  # tools whose unanswered calls are being linked by position

    def original(self, new_id: str) -> str:
        """The id a rewritten id stands for (the id itself when it was never rewritten)."""
        return self._backward.get(new_id, new_id)

    def carry(self, value: Any, policy: IdPolicy) -> str:
        """The id to send for value: value itself when the target can carry it and no other
        id was rewritten to it; else its rewrite. An array or object is no id (Invalid: an
        encoder's CanonicalError), as in the TypeScript port."""
        if isinstance(value, (dict, list)):
            raise Invalid(f"id: expected a string, got {describe(value)}")
        known = self._forward.get((policy.dialect, value))
        if known is not None:
            return known
        made_for = self._made_for.get(value) if type(value) is str else None
        if made_for is not None and made_for != policy.dialect:
            return self.carry(self._backward[value], policy)  # a rewrite coming back: its original
        if type(value) is str and value not in self._backward and policy.pattern.fullmatch(value):
            self._forward[(policy.dialect, value)] = value
            self._seen.add(value)
            return value
        return self.rewrite(value, policy)

    def rewrite(self, original: Any, policy: IdPolicy) -> str:
        key = (policy.dialect, original)
        known = self._forward.get(key)
        if known is not None and known != original:
            return known
        self._seen.add(original)
        salt = 0
        while True:
            candidate = policy.prefix + _alnum(f"{original}\x00{salt}", policy.length)
            if candidate not in self._seen and policy.pattern.fullmatch(candidate):
                break
            salt += 1
        self._forward[key] = candidate
        self._backward[candidate] = original
        self._made_for[candidate] = policy.dialect
        self._seen.add(candidate)
        return candidate

    def mint(self, policy: IdPolicy) -> str:
        """A fresh id for a call that has none: deterministic, unique within this map. It
        stands for no other id, so it is no rewrite (original() answers it as it is)."""
        self._minted += 1
        salt = 0
        while True:
            candidate = policy.prefix + _alnum(f"\x00minted:{self._minted}\x00{salt}", policy.length)
            if candidate not in self._seen and policy.pattern.fullmatch(candidate):
                self._seen.add(candidate)
                return candidate
            salt += 1

    def mint_call(self) -> str:
        """A canonical id for a decoded call that came without one."""
        return self.mint(CANONICAL_IDS)

    def note_call(self, call_id: str | None, name: str) -> None:
        """Remember a call so that results can find its name, and id-less results its id.
        An array or object is no id: Invalid (an encoder's CanonicalError)."""
        if isinstance(call_id, (dict, list)):
            raise Invalid(f"unhashable type: '{type(call_id).__name__}'")
        if call_id is None or call_id in self._names:
            return
        self._seen.add(call_id)
        self._names[call_id] = name
        self._names.setdefault(self.original(call_id), name)
        self._unanswered.append(call_id)

    def name_for(self, call_id: str | None) -> str | None:
        """The tool name of a call seen through this map."""
        if call_id is None:
            return None
        return self._names.get(call_id) or self._names.get(self.original(call_id))

    def claim(self, name: str | None) -> str | None:
        """The id of the oldest unanswered call of this tool: how a result without an id
        (Gemini, Ollama) is linked to its call. None when there is no such call."""
        waiting = [i for i, call_id in enumerate(self._unanswered) if self._names.get(call_id) == name]
        if not waiting:
            return None
        call_id = self._unanswered.pop(waiting[0])
        # the order of the results is all that links them: say so, for the rest of the group too
        if len(waiting) > 1 or name in self._positional:
            self._by_position[call_id] = len(waiting)
            if len(waiting) > 1:
                self._positional.add(name)
            else:
                self._positional.discard(name)
        return call_id

    def note_result(self, call_id: str | None) -> None:
        """A result that names its call's id answers that call: id-less results that follow
        are linked only among the calls still unanswered."""
        if call_id is None:
            return
        for candidate in (call_id, self.original(call_id)):
            if candidate in self._unanswered:
                self._unanswered.remove(candidate)
                return
        for i, waiting in enumerate(self._unanswered):  # the result names the call's rewrite
            if self.original(waiting) == call_id:
                del self._unanswered[i]
                return

    def linked_by_position(self, call_id: str | None) -> int:
        """How many unanswered calls of its tool a claimed call id was chosen among by position
        (0: linked by its id, or the only candidate); answered once."""
        return 0 if call_id is None else self._by_position.pop(call_id, 0)


CANONICAL_IDS = IdPolicy("canonical", re.compile(r"^call_[0-9A-Za-z]{24}$"), "call_", 24)


class Note(NamedTuple):
    """A link the wire did not state and a decoder made (a result without an id, linked to a
    call by position); pointer is into the extract() result. Reported, never silent."""

    pointer: str
    dialect: str
    what: str

    def __str__(self) -> str:
        return f"note: {self.pointer or '/'}: {self.dialect} {self.what}"


def note_position(out: dict[str, Any], id_map: IdMap, at: str, dialect: str) -> None:
    """extract(): note the last result when its call was chosen by position among several."""
    index = len(out["tool_results"]) - 1
    result = out["tool_results"][index]
    among = id_map.linked_by_position(result.get("call_id"))
    if among:
        left = f"the oldest of {among} unanswered calls" if among > 1 else "the one call left unanswered"
        what = (
            f"result at {at} names no call id: linked by position to {left}"
            f" of {result.get('name')!r} ({result['call_id']!r})"
        )
        out["notes"].append(Note(f"/tool_results/{index}/call_id", dialect, what))


def encode_id(
    value: Any, policy: IdPolicy, id_map: IdMap | None, losses: list[Loss], strict: bool, pointer: str
) -> str:
    """The id to send; with an id map every id goes through it, so that no rewrite can ever
    equal an id sent as it is (the map remembers both)."""
    if type(value) is str and policy.pattern.fullmatch(value) is not None:
        if id_map is None:
            return value
        fits = True
    else:
        fits = False
        if id_map is None:
            id_map = IdMap()
    if value is None:
        new = id_map.mint(policy)
        report(losses, strict, "id.minted", pointer, policy.dialect, f"a missing id (minted {new!r})")
        return new
    new = id_map.carry(value, policy)
    if new == value or new == id_map.original(value):
        return new  # as it was, or a rewrite restored to the id it stands for: nothing lost
    if fits:
        why = f"id {value!r} (rewritten to {new!r}: the id map gave {value!r} to id {id_map.original(value)!r})"
    else:
        why = f"id {value!r} (rewritten to {new!r} in the id map)"
    report(losses, strict, "id.rewritten", pointer, policy.dialect, why)
    return new
