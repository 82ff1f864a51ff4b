"""JSON parsing and compiled validators.

The fast path uses orjson and jsonschema-rs when importable (optional extra `fast`); jsonschema
is always the reference implementation and the fallback. Formats are annotations in both, so the
two give the same verdict whatever optional format libraries happen to be installed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import jsonschema
import referencing

from toolwire.spec import fast_schema
from toolwire.spec.json_input import ParseError, loads_text, utf8_error
from toolwire.validation.closest import ClosestValidator

try:  # optional extra `fast`; engine takes it from here (`as` re-exports it)
    import orjson as orjson
except ImportError:  # pragma: no cover - exercised when the extra is absent
    orjson = None  # type: ignore[assignment]  # the module or None: mypy types it as the module


# The deepest document the parser reads: deeper ones are parse errors of kind "depth".
# orjson stops after 1024 levels; the documented limit (MAX_DEPTH) is below it.
PARSER_MAX_DEPTH = 1024


def loads(data: bytes) -> Any:
    """Parse one JSON value by json_input's rules; every failure is a ParseError (never
    RecursionError or UnicodeError). orjson rejects NaN, 1e400 and lone surrogates itself."""
    if orjson is not None:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            # The error path re-parses with the strict json parser, for the message and line
            # every other command gives (orjson does not say where invalid UTF-8 is, either).
            problem = utf8_error(data)
            if problem is None:
                try:
                    loads_text(data.decode("utf-8"))
                except ParseError as same:
                    problem = same
            # orjson stops at 1024 levels
            if problem is None and ("depth" in exc.msg or "recursion" in exc.msg.lower()):
                problem = ParseError("nested too deeply to parse", exc.lineno, "depth")
            raise (problem or ParseError(exc.msg, exc.lineno)) from None
    problem = utf8_error(data)
    if problem is not None:
        raise problem
    return loads_text(data.decode("utf-8"))


def dumps(value: Any) -> bytes:
    if orjson is not None:
        return orjson.dumps(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def depth(value: Any) -> int:
    """Nesting depth of a parsed value, iteratively (deep values must not exhaust the stack)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in node.values())
        elif isinstance(node, list):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in node)
    return deepest


def too_deep(data: bytes | None, value: Any, limit: int) -> int:
    """The value's depth when it exceeds limit, else 0. Counting brackets in the bytes (C speed)
    bounds the depth from above, so the exact walk only runs for records that could be deep."""
    if data is not None and data.count(b"[") + data.count(b"{") <= limit:
        return 0
    found = depth(value)
    return found if found > limit else 0


class Validators:
    """One fast `is_valid` and one reference validator per schema id, compiled once."""

    def __init__(
        self, documents: dict[str, dict[str, Any]], registry: referencing.Registry, *, fast: bool = True
    ) -> None:
        self.documents = documents
        self._registry = registry
        self.backend = "jsonschema-rs" if fast and fast_schema.available else "jsonschema"
        self._fast: dict[str, Any] = {}
        self._reference: dict[tuple[str, bool], jsonschema.protocols.Validator] = {}
        self._rs_documents: dict[str, dict[str, Any]] | None = None
        self._crawled: referencing.Registry | None = None

    def reference(self, schema_id: str, *, closest: bool = False) -> jsonschema.protocols.Validator:
        """closest: for findings, if/then/else read by the closest branch (validation/closest.py);
        the verdict is the same, detection's distances stay the standard reading's."""
        validator = self._reference.get((schema_id, closest))
        if validator is None:
            # No format checker: formats are annotations, as in the fast validator.
            if self._crawled is None:  # crawled once: an uncrawled registry re-crawls on every lookup
                self._crawled = self._registry.crawl()
            cls = ClosestValidator if closest else jsonschema.Draft202012Validator
            validator = cls(self.documents[schema_id], registry=self._crawled)
            self._reference[(schema_id, closest)] = validator
        return validator

    def fast(self, schema_id: str) -> Any:
        """An object with is_valid and iter_errors: jsonschema-rs when available, else the reference."""
        validator = self._fast.get(schema_id)
        if validator is None:
            validator = self._compile_rs(schema_id) if self.backend == "jsonschema-rs" else self.reference(schema_id)
            self._fast[schema_id] = validator
        return validator

    def distance(self, schema_id: str, value: Any) -> tuple[int, int]:
        adapter = ErrorAdapter(self.backend == "jsonschema-rs")
        return error_distance(self.fast(schema_id).iter_errors(value), adapter)

    def _compile_rs(self, schema_id: str) -> Any:
        if self._rs_documents is None:
            self._rs_documents = fast_schema.rebase(self.documents)
        return fast_schema.compile_validator(self._rs_documents, schema_id)


_DISCRIMINATORS = frozenset({"const", "enum", "type", "Constant", "Enum", "Type"})


def error_distance(errors: Iterable[Any], adapter: ErrorAdapter) -> tuple[int, int]:
    """How far an instance is from a schema: (discriminator mismatches, errors). A const, enum or
    type error at the top level (the payload or one of its fields) means a different kind of
    payload, not a broken one. An anyOf/oneOf error costs its nearest branch, so a oneOf of
    stream events is not taken for near by counting 1."""
    kinds, count = 0, 0
    for error in errors:
        branches = adapter.context(error)
        if branches:
            k, c = min(error_distance(branch, adapter) for branch in branches)
            kinds, count = kinds + k, count + max(1, c)
        else:
            kinds += adapter.keyword(error) in _DISCRIMINATORS and adapter.depth(error) <= 1
            count += 1
    return kinds, count


class ErrorAdapter:
    """Reads the errors of jsonschema-rs or of jsonschema alike."""

    def __init__(self, rs: bool) -> None:
        self.rs = rs

    def context(self, error: Any) -> list[list[Any]] | None:
        if self.rs:
            return getattr(error.kind, "context", None) or None
        if not error.context:
            return None
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else 0, []).append(sub)
        return list(branches.values())

    def keyword(self, error: Any) -> str:
        return type(error.kind).__name__ if self.rs else str(error.validator)

    def depth(self, error: Any) -> int:
        return len(error.instance_path) if self.rs else len(error.absolute_path)
