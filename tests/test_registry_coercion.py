"""ToolRegistry's argument coercion: only strings that are exactly the JSON text of a number
or boolean are read as one; every other mismatch is an is_error result naming the field."""

from __future__ import annotations

import datetime
import enum
import json
import math
import uuid
from typing import Annotated, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field
from toolwire_dialects import registry as registry_module

ToolRegistry = registry_module.ToolRegistry


class Colour(enum.Enum):
    RED = "red"


class Line(BaseModel):  # module level: annotations in this file are strings resolved from globals
    sku: str
    qty: int


def make_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def scalars(n: int = 0, x: float = 0.0, b: bool = False, s: str = "") -> list[Any]:
        return [n, x, b, s]

    @registry.tool
    def shapes(
        either: int | str = 0,
        flag_or_count: int | bool = 0,
        num: int | float = 0,
        maybe: int | None = None,
        counts: list[int] | None = None,
        by_name: dict[str, int] | None = None,
        lines: list[Line] | None = None,
        positive: Annotated[int, Field(ge=0)] = 0,
        anything: Any = None,
    ) -> list[Any]:
        return [either, flag_or_count, num, maybe, counts, by_name, [x.model_dump() for x in lines or []], positive]

    @registry.tool
    def strings(when: datetime.datetime, colour: Colour, key: uuid.UUID) -> list[str]:
        return [when.isoformat(), colour.value, str(key)]

    return registry


REGISTRY = make_registry()


def run(tool: str, **arguments: Any) -> dict[str, Any]:
    return REGISTRY.call({"id": "c1", "name": tool, "arguments": arguments})


def value(tool: str, **arguments: Any) -> list[Any]:
    result = run(tool, **arguments)
    assert result["is_error"] is False, result
    return result["content"][0]["value"]


def rejected(tool: str, field: str, **arguments: Any) -> str:
    """The error line for field; the tool must not have run."""
    result = run(tool, **arguments)
    assert result["is_error"] is True, result
    lines = result["content"][0]["text"].splitlines()
    assert lines[0] == f"invalid arguments for {tool}:"
    mine = [line for line in lines[1:] if line.startswith(f"{field}: ")]
    assert mine, lines
    return mine[0]


# --- what is coerced --------------------------------------------------------------------


@given(st.integers(min_value=-(10**30), max_value=10**30))
@settings(max_examples=60, deadline=None)
def test_integer_text_becomes_an_integer(n: int) -> None:
    assert value("scalars", n=str(n))[0] == n
    assert type(value("scalars", n=str(n))[0]) is int
    assert value("scalars", x=str(n))[1] == float(n)


@given(st.floats(allow_nan=False, allow_infinity=False))
@settings(max_examples=60, deadline=None)
def test_number_text_becomes_that_number(x: float) -> None:
    assert value("scalars", x=json.dumps(x))[1] == x
    if x.is_integer():  # "2.0" and 2.0 are the JSON number two: an integer
        assert value("scalars", n=json.dumps(x))[0] == int(x)
        assert value("scalars", n=x)[0] == int(x)


@pytest.mark.parametrize(("text", "expected"), [("true", True), ("false", False)])
def test_boolean_text_becomes_a_boolean(text: str, expected: bool) -> None:
    assert value("scalars", b=text)[2] is expected


def test_seed_examples() -> None:
    assert value("scalars", n="25", x="2.5", b="true") == [25, 2.5, True, ""]
    assert value("scalars", n="-7", x="1e3", b="false") == [-7, 1000.0, False, ""]


def test_coercion_reaches_nested_values_and_unions() -> None:
    got = value(
        "shapes",
        either="25",
        flag_or_count="true",
        num="2.5",
        maybe="3",
        counts=["1", 2, "3"],
        by_name={"a": "4"},
        lines=[{"sku": "s", "qty": "5"}],
        positive="6",
    )
    assert got == ["25", True, 2.5, 3, [1, 2, 3], {"a": 4}, [{"sku": "s", "qty": 5}], 6]
    assert value("shapes", num="2")[2] == 2  # the first union member the text is a value of


def test_strict_json_keeps_string_typed_fields() -> None:
    key = str(uuid.uuid4())
    assert value("strings", when="2024-05-01T10:00:00", colour="red", key=key) == [
        "2024-05-01T10:00:00",
        "red",
        key,
    ]


# --- what is rejected, with the field named -----------------------------------------------

NOT_NUMBER_TEXT = [
    "NaN", "nan", "inf", "-inf", "+inf", "Infinity", "-Infinity", "1e400", "-1e400",
    "1_000", "1_0", " 25", "25 ", "\t25", "25\n", "+5", "007", "00", "0x10", "0o7", "0b1",
    "1.", ".5", "1/2", "", "many", "٣", "２５", "1,000", "1e", "--1", "true", "null",
]  # fmt: skip


@pytest.mark.parametrize("text", NOT_NUMBER_TEXT)
def test_text_that_is_not_a_json_number_is_rejected(text: str) -> None:
    assert (
        rejected("scalars", "n", n=text)
        == f"n: Input should be a valid integer, got {json.dumps(text, ensure_ascii=False)}"
    )
    assert (
        rejected("scalars", "x", x=text)
        == f"x: Input should be a valid number, got {json.dumps(text, ensure_ascii=False)}"
    )


@given(st.from_regex(r"\A[ _+0-9a-zA-Z.\-]{1,8}\Z"))
@settings(max_examples=150, deadline=None)
def test_only_json_number_text_is_read_as_a_number(text: str) -> None:
    try:
        parsed = json.loads(text)
        is_number = type(parsed) in (int, float) and text.strip() == text and math.isfinite(parsed)
    except ValueError:
        is_number = False
    result = run("scalars", x=text)
    assert result["is_error"] is not is_number, (text, result)


@pytest.mark.parametrize(
    "given_value",
    ["yes", "no", "on", "off", "True", "FALSE", "1", "0", "t", "y", "", " true", "true ", 1, 0, 1.0, None, "null"],
)
def test_anything_but_a_boolean_or_its_text_is_rejected_for_a_boolean(given_value: Any) -> None:
    line = rejected("scalars", "b", b=given_value)
    assert line.startswith("b: Input should be a valid boolean")


@pytest.mark.parametrize("given_value", [True, False, 2.5, "2.5", "1e-3", [1], {"a": 1}])
def test_booleans_and_fractions_are_not_integers(given_value: Any) -> None:
    assert (
        rejected("scalars", "n", n=given_value) == f"n: Input should be a valid integer, got {json.dumps(given_value)}"
    )


@pytest.mark.parametrize("given_value", [True, False, [1.5], "1.5.0"])
def test_booleans_are_not_numbers(given_value: Any) -> None:
    assert rejected("scalars", "x", x=given_value).startswith("x: Input should be a valid number")


@pytest.mark.parametrize(("given_value", "field"), [(math.nan, "x"), (math.inf, "x"), (-math.inf, "x")])
def test_non_finite_floats_are_rejected(given_value: float, field: str) -> None:
    assert rejected("scalars", field, x=given_value).startswith(f"{field}: Input should be a finite number")
    deep = run("shapes", anything={"a": [1, given_value]})
    assert deep["is_error"] is True
    assert deep["content"][0]["text"].splitlines()[1].startswith("anything.a.1: Input should be a finite number")


def test_numbers_are_not_strings_and_nested_errors_have_paths() -> None:
    assert rejected("scalars", "s", s=5) == "s: Input should be a valid string, got 5"
    assert rejected("shapes", "counts.1", counts=["1", "two"]) == 'counts.1: Input should be a valid integer, got "two"'
    assert rejected("shapes", "lines.0.qty", lines=[{"sku": "s", "qty": "1_0"}]).endswith('got "1_0"')
    assert (
        rejected("shapes", "positive", positive="-5") == "positive: Input should be greater than or equal to 0, got -5"
    )


def test_values_that_are_not_json_are_rejected() -> None:
    assert rejected("shapes", "anything", anything=datetime.date(2024, 1, 1)) == (
        "anything: Input should be a JSON value, got date"
    )
    assert rejected("shapes", "anything", anything={1: "a"}).startswith("anything: object keys must be strings")


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    deep: Any = []
    for _ in range(3000):
        deep = [deep]
    result = run("shapes", anything=deep)
    assert result["is_error"] is True
    assert "nested more than 100 levels deep" in result["content"][0]["text"]
    shallow: Any = []
    for _ in range(50):
        shallow = [shallow]
    assert run("shapes", anything=shallow)["is_error"] is False


def test_numbers_too_large_are_errors_not_crashes() -> None:
    assert rejected("scalars", "x", x="9" * 400).startswith("x: Input should be a valid number")
    assert rejected("scalars", "x", x=10**400).startswith("x: Input should be a finite number")
    assert value("scalars", n="9" * 400)[0] == int("9" * 400)
    assert rejected("scalars", "n", n=10**5000) == "n: Input should be an integer of at most 4000 digits"
    assert rejected("scalars", "n", n="9" * 5000).startswith("n: Input should be a valid integer")
