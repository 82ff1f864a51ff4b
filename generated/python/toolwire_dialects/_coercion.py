# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Input coercion: dicts pass straight through; JSON text and SDK objects become dicts.

Depth: JSON text is held to the strict reader's limit (MAX_DEPTH levels of arrays and
objects) as it is read, and an SDK object as it is turned into plain values. A dict handed
in is not walked on the way in (walking every value would cost more than converting it):
- a decoder holds each value it takes whole from the wire (arguments, schemas, results,
  content values, fields carried for the round trip): `held`, `held_fields`;
- an encoder holds what it walks or writes as text (argument and JSON text: `written`;
  schemas under a profile); a value it only places into its output is passed along as it is;
- whole requests, responses and envelopes (conversations, extract, inject) and relays hold
  the whole value on the way in: `hold`, `hold_canonical`.
Deeper, or a cycle, is a DecodeError (a CanonicalError for a canonical value) naming the
pointer of the first array or object too deep, never a RecursionError further on. The
TypeScript port checks the same places and finds the same pointer."""

from __future__ import annotations

from typing import Any

from ._errors import CanonicalError, DecodeError, Invalid, escape, json_text
from ._strict_json import MAX_DEPTH, deeper_than, loads

__all__ = [
    "as_canonical",
    "as_wire",
    "held",
    "held_canonical",
    "held_fields",
    "hold",
    "hold_canonical",
    "to_plain",
    "too_deep",
    "written",
]

_CONTAINERS = (dict, list, tuple)
TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep"
_NO_FIELDS: dict[str, Any] = {}


def _children(node: Any) -> Any:
    return node.items() if isinstance(node, dict) else enumerate(node)


_BUDGET = 1 << 16  # containers the depth-first walk visits before it leaves the answer to the level walk


class _Exhausted(Exception):
    pass


def _fits(value: Any, levels: int) -> bool | None:
    """Whether value nests at most `levels` levels, depth first (the fast answer for a tree).
    None when it met more containers than the budget: shared nodes are walked once per path,
    so a value holding one object many times goes to too_deep's level walk instead."""
    count = 0

    def walk(node: Any, room: int) -> bool:
        nonlocal count
        count += 1
        if count > _BUDGET:
            raise _Exhausted
        for child in node.values() if type(node) is dict else node:
            if isinstance(child, _CONTAINERS) and (room <= 1 or not walk(child, room - 1)):
                return False
        return True

    try:
        return walk(value, levels)
    except (_Exhausted, RecursionError):  # RecursionError: a caller already deep in the stack
        return None


def too_deep(value: Any, levels: int = MAX_DEPTH) -> str | None:
    """The pointer of the first array or object nested deeper than `levels` (value itself is
    the first level; the leftmost of its level), or None. Level by level, each node once per
    level: a value that holds one object many times (or itself: a cycle, endlessly deep) costs
    no more than a tree."""
    if not isinstance(value, _CONTAINERS) or (levels >= 1 and _fits(value, levels)):
        return None
    level = [value]
    for _ in range(levels):
        seen: set[int] = set()
        below = []
        for node in level:
            for _key, child in _children(node):
                if isinstance(child, _CONTAINERS) and id(child) not in seen:
                    seen.add(id(child))
                    below.append(child)
        if not below:
            return None
        level = below
    return _first_pointer(value, levels)


def _first_pointer(value: Any, levels: int) -> str:
    """The error path of too_deep: the same walk, keeping where each node was found."""
    level: list[tuple[Any, str]] = [(value, "")]
    for _ in range(levels):
        seen: set[int] = set()
        below = []
        for node, at in level:
            for key, child in _children(node):
                if isinstance(child, _CONTAINERS) and id(child) not in seen:
                    seen.add(id(child))
                    below.append((child, f"{at}/{escape(str(key))}"))
        level = below
    return level[0][1]


def to_plain(value: Any) -> Any:
    """Turn SDK objects (pydantic models, dataclass-like objects) into plain JSON values."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    dump = getattr(value, "model_dump", None)
    if dump is not None:
        try:
            return to_plain(dump(mode="json", by_alias=True, exclude_none=True))
        except (TypeError, RuntimeError):
            # A model whose serializer was never built (forward refs not rebuilt) fails in
            # model_dump: pydantic's MockValSer raises TypeError, or PydanticUserError (a
            # RuntimeError) in newer releases. Read the fields by attribute instead.
            pass
    fields = getattr(type(value), "model_fields", None)
    if fields is not None:
        out: dict[str, Any] = {}
        for name, info in fields.items():
            item = getattr(value, name, None)
            if item is not None:
                out[getattr(info, "alias", None) or name] = to_plain(item)
        extra = getattr(value, "__pydantic_extra__", None) or {}
        out.update({k: to_plain(v) for k, v in extra.items() if v is not None})
        return out
    if hasattr(value, "__dict__"):
        return {k: to_plain(v) for k, v in vars(value).items() if not k.startswith("_") and v is not None}
    raise TypeError(f"cannot read a {type(value).__name__} as JSON")


def as_wire(payload: Any, dialect: str, shape: str) -> Any:
    """Accept a wire value as a dict, JSON text or an SDK object."""
    if type(payload) is dict:
        return payload
    if isinstance(payload, (str, bytes, bytearray)):
        try:
            text = payload if isinstance(payload, str) else bytes(payload).decode("utf-8").removeprefix("\ufeff")
            return loads(text)
        except ValueError as exc:
            raise DecodeError(dialect, shape, "", f"not valid JSON: {exc}") from None
    try:
        # An SDK object is walked whole: to_plain recurses into it.
        return hold(to_plain(hold(payload, dialect, shape)), dialect, shape)
    except TypeError as exc:
        raise DecodeError(dialect, shape, "", str(exc)) from None
    except RecursionError:  # an SDK object nested too deep to turn into plain values
        raise DecodeError(dialect, shape, "", TOO_DEEP) from None


def hold(value: Any, dialect: str, shape: str) -> Any:
    """value, when no array or object in it is nested deeper than MAX_DEPTH."""
    pointer = too_deep(value)
    if pointer is not None:
        raise DecodeError(dialect, shape, pointer, TOO_DEEP)
    return value


def held(value: Any, levels: int, dialect: str, shape: str, pointer: str) -> Any:
    """value, taken whole at pointer with `levels` levels left below it (a scalar, or a flat
    object or array of scalars, is settled without the walk)."""
    if type(value) is dict:
        children: Any = value.values()
    elif type(value) is list:
        children = value
    else:
        children = () if value is None or isinstance(value, (str, int, float)) else None
    if children is not None and levels >= 1:
        for child in children:
            if isinstance(child, _CONTAINERS):
                break
        else:
            return value
    below = too_deep(value, levels)
    if below is not None:
        raise DecodeError(dialect, shape, pointer + below, TOO_DEEP)
    return value


def held_fields(fields: dict[str, Any] | None, dialect: str, shape: str) -> dict[str, Any] | None:
    """Fields carried for the round trip (keyed by their pointers), each held as taken whole."""
    for pointer, value in (fields or _NO_FIELDS).items():
        held(value, MAX_DEPTH - pointer.count("/"), dialect, shape, pointer)
    return fields


def as_canonical(value: Any, shape: str) -> dict[str, Any]:
    """Accept a canonical value as a dict or a canonical pydantic model."""
    if type(value) is dict:
        return value
    if (dump := getattr(value, "model_dump", None)) is not None:
        canonical: dict[str, Any] = dump(mode="json", exclude_none=True)
        hold_canonical(canonical, shape)
        return canonical
    if isinstance(value, dict):
        return dict(value)
    raise TypeError(f"canonical {shape} must be a dict or a canonical model, not {type(value).__name__}")


def hold_canonical(value: Any, shape: str) -> Any:
    """value, when no array or object in it is nested deeper than MAX_DEPTH."""
    pointer = too_deep(value)
    if pointer is not None:
        raise CanonicalError(shape, ValueError(f"{pointer}: {TOO_DEEP}"))
    return value


def held_canonical(value: Any, levels: int, shape: str, pointer: str) -> Any:
    """held() for a canonical value: a CanonicalError."""
    if type(value) is dict and levels >= 1:  # the common case, a flat object, settled here
        for child in value.values():
            if isinstance(child, _CONTAINERS):
                break
        else:
            return value
    try:
        return held(value, levels, "", shape, pointer)
    except DecodeError as exc:
        raise CanonicalError(shape, ValueError(f"{exc.pointer}: {TOO_DEEP}")) from None


def written(value: Any, pointer: str) -> str:
    """The JSON text of a canonical value at pointer, held to the depth limit as it is
    written: text no deeper than the limit cannot be too deep, so a short text is never
    walked. Invalid names the first array or object too deep (a CanonicalError in the
    encoder that catches it)."""
    levels = MAX_DEPTH - pointer.count("/")
    try:
        text = json_text(value)
    except (RecursionError, ValueError):  # deeper than the encoder goes, or a cycle
        text = None
    if text is None or deeper_than(text, levels):
        raise Invalid(f"{pointer}{too_deep(value, levels)}: {TOO_DEEP}")
    return text
