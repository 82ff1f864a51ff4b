"""toolwire_dialects._runtime.loads is json.loads without the wrapper's cost: it must give
the same value, or raise the same error, for every text."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toolwire_dialects._runtime import loads

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
EDGES = [
    "",
    " ",
    "{}",
    " {} ",
    "{}\n",
    "{}{}",
    '{"a":1}{"b":2}',
    "[1]",
    "null",
    "\ufeff{}",
    "{'a': 1}",
    '{"a": NaN}',
    '{"a": 1e400}',
    '{"a": 123456789012345678901234567890}',
    '{"a": "\\ud800"}',
    '{"a": 1',
    "nul",
    "{",
]


def outcome(parse: Any, text: str) -> tuple[str, Any]:
    try:
        value = parse(text)
    except ValueError as exc:
        return "error", f"{type(exc).__name__}: {exc}"
    return "value", json.dumps(value, sort_keys=True) if not _has_nan(value) else repr(value)


def _has_nan(value: Any) -> bool:
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, dict):
        return any(_has_nan(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_nan(v) for v in value)
    return False


@pytest.mark.parametrize("text", EDGES)
def test_edge_texts_parse_as_json_loads_does(text: str) -> None:
    assert outcome(loads, text) == outcome(json.loads, text)


@given(JSON_VALUES, st.sampled_from(["", " ", "\n", "x", "{}", "]"]), st.sampled_from(["", " ", "\t"]))
def test_dumped_values_with_surroundings_parse_as_json_loads_does(value: Any, suffix: str, prefix: str) -> None:
    text = prefix + json.dumps(value) + suffix
    assert outcome(loads, text) == outcome(json.loads, text)


@given(st.text(alphabet='{}[]":,0123456789.eE+-truefalsn \\\t', max_size=24))
def test_arbitrary_text_parses_as_json_loads_does(text: str) -> None:
    assert outcome(loads, text) == outcome(json.loads, text)
