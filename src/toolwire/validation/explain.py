"""Reference (jsonschema) errors as compiler-style findings: pointer, message, keyword.

Only records that failed the fast check get here. For anyOf/oneOf failures jsonschema's
`best_match` descends into the branch that came closest (by its relevance heuristic), so a
report names one precise problem instead of a wall of every branch's errors.
"""

from __future__ import annotations

from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from toolwire.spec.positions import pointer

MAX_MESSAGE = 300


def _short(error: ValidationError) -> str:
    """The message, without a long repr of a whole object or array at its start."""
    message: str = error.message
    if isinstance(error.instance, dict | list):
        text = repr(error.instance)
        if len(text) > 60 and message.startswith(text):
            what = "object" if isinstance(error.instance, dict) else f"array of {len(error.instance)}"
            message = f"the {what}{message[len(text) :]}"
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


def _document_order(error: ValidationError) -> list[tuple[int, Any]]:
    return [(0, p) if isinstance(p, int) else (1, str(p)) for p in error.absolute_path]


def explain(
    validator: jsonschema.protocols.Validator, value: Any, limit: int
) -> tuple[list[tuple[str, str, str]], int]:
    """Up to limit (pointer, message, keyword) triples in document order, and how many were left out."""
    found: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str, str]] = set()
    errors = sorted(validator.iter_errors(value), key=_document_order)
    for error in errors:
        best: ValidationError = best_match([error]) or error
        item = (pointer(best.absolute_path), _short(best), str(best.validator))
        if item not in seen:
            seen.add(item)
            found.append(item)
    return found[:limit], max(0, len(found) - limit)
