# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Input coercion: dicts pass straight through; JSON text and SDK objects become dicts."""

from __future__ import annotations

from typing import Any

from ._errors import DecodeError
from ._strict_json import loads

__all__ = ["as_canonical", "as_wire", "to_plain"]


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
    try:
        return to_plain(payload)
    except TypeError as exc:
        raise DecodeError(dialect, shape, "", str(exc)) from None


def as_canonical(value: Any, shape: str) -> dict[str, Any]:
    """Accept a canonical value as a dict or a canonical pydantic model."""
    if type(value) is dict:
        return value
    dump = getattr(value, "model_dump", None)
    if dump is not None:
        dumped: dict[str, Any] = dump(mode="json", exclude_none=True)
        return dumped
    if isinstance(value, dict):
        return dict(value)
    raise TypeError(f"canonical {shape} must be a dict or a canonical model, not {type(value).__name__}")
