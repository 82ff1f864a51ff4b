"""toolwire_dialects._runtime.loads is a strict json.loads without the wrapper's cost: for every
text it gives json.loads' value or raises json.loads' error, except that text json.loads reads
but RFC 8259 does not allow (NaN, Infinity, 1e400, a lone surrogate, nesting over MAX_DEPTH)
is an error too."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toolwire_dialects._runtime import loads

JSON_VALUES = st.recursive(
    # JSON values: json.dumps spells a non-finite float as Infinity, which is not JSON text
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
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


def strict_json_loads(text: str) -> Any:
    """The reference: json.loads, then the rules it does not keep."""
    value = json.loads(text)
    if not _rfc8259(value):
        raise ValueError("not RFC 8259 JSON")
    return value


def _rfc8259(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        return not any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, dict):
        return all(_rfc8259(k) and _rfc8259(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_rfc8259(v) for v in value)
    return True


def outcome(parse: Any, text: str) -> tuple[str, Any]:
    try:
        value = parse(text)
    except json.JSONDecodeError as exc:
        return "error", f"{type(exc).__name__}: {exc}"
    except ValueError:
        return "error", "not RFC 8259 JSON"
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
    assert outcome(loads, text) == outcome(strict_json_loads, text)


@given(JSON_VALUES, st.sampled_from(["", " ", "\n", "x", "{}", "]"]), st.sampled_from(["", " ", "\t"]))
def test_dumped_values_with_surroundings_parse_as_json_loads_does(value: Any, suffix: str, prefix: str) -> None:
    text = prefix + json.dumps(value) + suffix
    assert outcome(loads, text) == outcome(strict_json_loads, text)


@given(st.text(alphabet='{}[]":,0123456789.eE+-truefalsn \\\t', max_size=24))
def test_arbitrary_text_parses_as_json_loads_does(text: str) -> None:
    ours, reference = outcome(loads, text), outcome(strict_json_loads, text)
    if ours != reference and ours[0] == reference[0] == "error":
        # Text with two faults ("1E310:" overflows and has extra data) may be refused for
        # either one first; what must agree is that it is refused, and why when only one applies.
        assert "not RFC 8259 JSON" in (ours[1], reference[1]), (ours, reference)
        return
    assert ours == reference


def test_text_with_two_faults_is_refused_whichever_is_named() -> None:
    assert outcome(loads, "1E310:")[0] == outcome(strict_json_loads, "1E310:")[0] == "error"


def test_explicit_properties_reach_every_object_schema_and_copy_only_what_changes() -> None:
    from toolwire_dialects._runtime import with_explicit_properties

    schema = {
        "type": "object",
        "properties": {"tags": {"type": "array", "items": {"type": "object"}}, "n": {"type": "integer"}},
        "$defs": {"Free": {"type": ["object", "null"]}},
        "anyOf": [{"type": "object", "properties": {}}, {"type": "object", "additionalProperties": {"type": "object"}}],
    }
    before = json.dumps(schema, sort_keys=True)
    losses: list[Any] = []
    out = with_explicit_properties(schema, losses, False, "openai_chat", "/parameters")
    assert json.dumps(schema, sort_keys=True) == before, "the input is not changed"
    assert [loss.pointer for loss in losses] == [
        "/parameters/properties/tags/items",
        "/parameters/$defs/Free",
        "/parameters/anyOf/1",
        "/parameters/anyOf/1/additionalProperties",
    ]
    assert out["properties"]["tags"]["items"] == {"type": "object", "properties": {}}
    assert out["anyOf"][0] is schema["anyOf"][0] and out["properties"]["n"] is schema["properties"]["n"]
    done: list[Any] = []
    assert with_explicit_properties(out, done, False, "openai_chat", "") is out and not done
