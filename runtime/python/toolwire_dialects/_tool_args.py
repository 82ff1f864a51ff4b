# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Checking a call's arguments against a tool's parameter model, with only safe coercion.

Arguments are JSON, so they are validated as JSON, strictly (pydantic's strict JSON mode:
a date may be a string, an integer may not). One coercion is added, because models often
quote scalars: where the model wants an integer, a number or a boolean, a string holding
exactly the JSON text of such a value is read as that value (``"25"`` -> 25, ``"2.5"`` ->
2.5, ``"true"`` -> True), and an integral number is an integer (``2.0`` -> 2). Nothing
else is guessed: ``"NaN"``, ``"inf"``, ``"1_000"``, ``" 25"``, ``"yes"``, ``"off"``,
``1`` for a boolean and ``true`` for an integer are each an error naming the field.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import to_jsonable_python

MAX_DEPTH = 100  # arguments nested deeper are rejected (pydantic's JSON parser stops near 200)
_MAX_PASSES = 8  # each pass coerces at least one value; real arguments need one or two
_MAX_INT_BITS = 13_000  # about 4000 digits, below what int() and json.dumps accept (4300)
_MAX_INPUT_CHARS = 200  # an offending input is echoed back to the model: keep it short
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?", re.ASCII)
_NOT_COERCED = object()


class ArgumentsError(Exception):
    """Arguments that do not fit the tool: one ``path: message`` line per problem."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


def validate_arguments(model: type[BaseModel], arguments: Mapping[str, Any]) -> BaseModel:
    """The validated model, or ArgumentsError; a custom validator's own exception passes through."""
    data = _json_copy(arguments)
    for attempt in range(1, _MAX_PASSES + 1):
        try:
            return model.model_validate_json(json.dumps(data, allow_nan=False), strict=True)
        except ValidationError as exc:
            if attempt == _MAX_PASSES or not _coerce(data, exc):
                raise ArgumentsError(format_validation_error(exc)) from None
    raise AssertionError("unreachable")


def _json_copy(arguments: Mapping[str, Any]) -> dict[str, Any]:
    """A copy made of dicts and lists (coercion edits it), refusing what is not JSON."""
    root: dict[str, Any] = {}
    stack: list[tuple[Any, Any, dict[Any, Any] | list[Any], tuple[Any, ...]]] = [(arguments, None, root, ())]
    while stack:  # iterative, so deep input cannot overflow the interpreter's stack
        value, key, parent, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise ArgumentsError([f"{_dotted(path)}: nested more than {MAX_DEPTH} levels deep"])
        if isinstance(value, Mapping):
            copy: Any = {}
            for k, v in value.items():
                if not isinstance(k, str):
                    raise ArgumentsError([f"{_dotted(path)}: object keys must be strings, got {_short_json(k)}"])
                stack.append((v, k, copy, (*path, k)))
        elif isinstance(value, list | tuple):
            copy = [None] * len(value)
            stack.extend((v, i, copy, (*path, i)) for i, v in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            raise ArgumentsError([f"{_dotted(path)}: Input should be a finite number, got {value!r}"])
        elif isinstance(value, int) and abs(value).bit_length() > _MAX_INT_BITS:
            raise ArgumentsError([f"{_dotted(path)}: Input should be an integer of at most 4000 digits"])
        elif value is None or isinstance(value, str | int | float):
            copy = value
        else:
            raise ArgumentsError([f"{_dotted(path)}: Input should be a JSON value, got {type(value).__name__}"])
        if key is None:
            root = copy
        else:
            parent[key] = copy
    return root


def _coerce(data: dict[str, Any], exc: ValidationError) -> bool:
    """Apply the safe coercions the errors call for; False when there is none to apply."""
    changed: set[tuple[Any, ...]] = set()
    for err in exc.errors(include_url=False):
        if err["type"] not in ("int_type", "float_type", "bool_type") or "[key]" in err["loc"]:
            continue
        found = _locate(data, err["loc"], err.get("input"))
        if found is None or found[2] in changed:  # one coercion per value: the first union member wins
            continue
        parent, key, path = found
        value = _safe_value(parent[key], err["type"])
        if value is not _NOT_COERCED:
            parent[key] = value
            changed.add(path)
    return bool(changed)


def _locate(data: Any, loc: tuple[Any, ...], seen: Any) -> tuple[Any, Any, tuple[Any, ...]] | None:
    """Where an error's input sits in data; loc parts that are no key or index name a union member."""
    parent: Any = None
    key: Any = None
    node: Any = data
    path: tuple[Any, ...] = ()
    for part in loc:
        in_dict = isinstance(node, dict) and isinstance(part, str) and part in node
        in_list = isinstance(node, list) and type(part) is int and 0 <= part < len(node)
        if in_dict or in_list:
            parent, key, node, path = node, part, node[part], (*path, part)
    if parent is None or type(node) is not type(seen) or node != seen:
        return None
    return parent, key, path


def _safe_value(value: Any, error_type: str) -> Any:
    """What value safely means for the expected type, or _NOT_COERCED."""
    if isinstance(value, str):
        if error_type == "bool_type":
            return {"true": True, "false": False}.get(value, _NOT_COERCED)
        if not _JSON_NUMBER.fullmatch(value):
            return _NOT_COERCED
        try:
            value = json.loads(value)
        except ValueError:  # an integer too long for int()
            return _NOT_COERCED
        if error_type == "float_type":
            with contextlib.suppress(OverflowError):  # an integer too large for a float
                if math.isfinite(value):
                    return value
            return _NOT_COERCED
        if type(value) is int:
            return value
    if error_type == "int_type" and type(value) is float and value.is_integer():
        return int(value)  # the JSON number 2.0 is the integer 2
    return _NOT_COERCED


def format_validation_error(exc: ValidationError) -> list[str]:
    """One ``path: message, got <input as JSON>`` line per error, for the model to fix its call."""
    lines = []
    for err in exc.errors(include_url=False):
        # Pydantic's ", unable to parse ..." / ", got a number ..." tails give way to the input itself.
        message = re.split(r", (?:unable to |got )", err["msg"], maxsplit=1)[0]
        if err["type"] != "missing":  # the input of a missing field is the whole object: noise
            message += f", got {_short_json(err.get('input'))}"
        lines.append(f"{_dotted(err['loc'])}: {message}")
    return lines


def _dotted(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path) or "arguments"


def _short_json(value: Any) -> str:
    text = json.dumps(to_jsonable_python(value, fallback=repr), ensure_ascii=False)
    return text if len(text) <= _MAX_INPUT_CHARS else text[: _MAX_INPUT_CHARS - 3] + "..."
