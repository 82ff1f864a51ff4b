"""jsonschema-rs validators over the local schema set (the optional `fast` extra).

jsonschema stays the reference; these answer "valid or not" quickly, and callers ask jsonschema
to explain a "not". Without jsonschema-rs installed, `available` is False and nothing here runs.
"""

from __future__ import annotations

import functools
from typing import Any

try:  # optional extra `fast`
    import jsonschema_rs
except ImportError:  # pragma: no cover - exercised when the extra is absent
    jsonschema_rs = None  # type: ignore[assignment]

available = jsonschema_rs is not None

# jsonschema-rs resolves references against absolute URIs only; the schemas' $id are relative
# paths, so they are rebased on a base that is never fetched (every lookup is served locally).
RS_BASE = "https://toolwire.invalid/schemas/"


def rebase(documents: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The schema set keyed and identified by absolute URIs, as jsonschema-rs needs."""
    return {RS_BASE + rel: {**doc, "$id": RS_BASE + rel} for rel, doc in documents.items()}


def compile_validator(rebased: dict[str, dict[str, Any]], schema_id: str, *, formats: bool = False) -> Any:
    """A jsonschema-rs validator for one schema of a rebased set; never retrieves anything remote."""

    def retrieve(uri: str) -> Any:
        try:
            return rebased[uri.split("#", 1)[0]]
        except KeyError:
            return _refuse(uri)

    return jsonschema_rs.validator_for(rebased[RS_BASE + schema_id], retriever=retrieve, validate_formats=formats)


def _refuse(uri: str) -> Any:
    raise ValueError(f"{uri} is not in the local schema set (no network retrieval)")


@functools.cache
def _offline_registry() -> Any:
    return jsonschema_rs.Registry([], retriever=_refuse)


def meta_valid(schema: dict[str, Any]) -> bool:
    """Whether schema is a valid 2020-12 schema, per jsonschema-rs; False when unsure or absent.
    Never online: without a registry, jsonschema-rs fetches an unknown `$schema` over HTTP."""
    if jsonschema_rs is None:
        return False
    try:
        return bool(jsonschema_rs.meta.is_valid(schema, registry=_offline_registry()))
    except Exception:  # any doubt falls back to the reference validator
        return False
