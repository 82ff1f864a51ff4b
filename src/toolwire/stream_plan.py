"""Compile a dialect's stream mapping (stream.json) into the plan the stream template unrolls."""

from __future__ import annotations

from typing import Any

from toolwire.spec import Dialect, Spec


def stream_plan(spec: Spec, dialect: Dialect) -> dict[str, Any] | None:
    """None when the dialect has no stream.json."""
    if dialect.stream is None:
        return None
    return {"mapping": dialect.stream}
