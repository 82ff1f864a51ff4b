# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Input coercion: dicts pass straight through; JSON text and SDK objects become dicts. Every
value handed in is held to the strict reader's depth limit (MAX_DEPTH levels of arrays and
objects), as JSON text is: deeper, or a cycle, is a DecodeError (a CanonicalError for a
canonical value) naming the pointer of the first array or object too deep, never a
RecursionError further on. The TypeScript port finds the same pointer."""

from __future__ import annotations

from typing import Any

from ._errors import CanonicalError, DecodeError, escape
from ._strict_json import MAX_DEPTH, loads

__all__ = ["as_canonical", "as_wire", "to_plain", "too_deep"]

_CONTAINERS = (dict, list, tuple)
TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep"


def _children(node: Any) -> Any:
    return node.items() if isinstance(node, dict) else enumerate(node)


def too_deep(value: Any) -> str | None:
    """The pointer of the first array or object nested deeper than MAX_DEPTH (the leftmost
    of its level), or None. Level by level, each node once per level: a value that holds one
    object many times (or itself: a cycle, endlessly deep) costs no more than a tree."""
    level = [value] if isinstance(value, _CONTAINERS) else []
    for _ in range(MAX_DEPTH):
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
    return _first_pointer(value)


def _first_pointer(value: Any) -> str:
    """The error path of too_deep: the same walk, keeping where each node was found."""
    level: list[tuple[Any, str]] = [(value, "")]
    for _ in range(MAX_DEPTH):
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
    if isinstance(payload, (str, bytes, bytearray)):
        try:
            text = payload if isinstance(payload, str) else bytes(payload).decode("utf-8").removeprefix("\ufeff")
            return loads(text)
        except ValueError as exc:
            raise DecodeError(dialect, shape, "", f"not valid JSON: {exc}") from None
    if type(payload) is not dict:
        try:
            payload = to_plain(_within_depth(payload, dialect, shape))
        except TypeError as exc:
            raise DecodeError(dialect, shape, "", str(exc)) from None
        except RecursionError:  # an SDK object nested too deep to turn into plain values
            raise DecodeError(dialect, shape, "", TOO_DEEP) from None
    return _within_depth(payload, dialect, shape)


def _within_depth(value: Any, dialect: str, shape: str) -> Any:
    pointer = too_deep(value)
    if pointer is not None:
        raise DecodeError(dialect, shape, pointer, TOO_DEEP)
    return value


def as_canonical(value: Any, shape: str) -> dict[str, Any]:
    """Accept a canonical value as a dict or a canonical pydantic model."""
    canonical: dict[str, Any]
    if type(value) is dict:
        canonical = value
    elif (dump := getattr(value, "model_dump", None)) is not None:
        canonical = dump(mode="json", exclude_none=True)
    elif isinstance(value, dict):
        canonical = dict(value)
    else:
        raise TypeError(f"canonical {shape} must be a dict or a canonical model, not {type(value).__name__}")
    pointer = too_deep(canonical)
    if pointer is not None:
        raise CanonicalError(shape, ValueError(f"{pointer}: {TOO_DEEP}"))
    return canonical
