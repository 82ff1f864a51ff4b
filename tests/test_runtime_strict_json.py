"""The strict JSON reader (_strict_json) and argument text (_arguments), tested directly: the
rules every decoder, extract() and assembler rely on."""

from __future__ import annotations

import json

import pytest
from toolwire_dialects._arguments import arguments_text, dump_arguments, not_an_object, parse_arguments
from toolwire_dialects._errors import DecodeError
from toolwire_dialects._strict_json import MAX_DEPTH, checked, loads, raw_decode


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("NaN", "NaN is not valid JSON"),
        ('{"a": Infinity}', "Infinity is not valid JSON"),
        ("[-Infinity]", "-Infinity is not valid JSON"),
        ('{"a": 1e400}', "number 1e400 is out of range"),
        ("-1e400", "number -1e400 is out of range"),
        ('"\\ud800"', "a lone surrogate escape is not a character"),
        ('{"k": ["x\\udc00y"]}', "a lone surrogate escape is not a character"),
        ('{"\\udbff": 1}', "a lone surrogate escape is not a character"),  # in a key too
    ],
)
def test_what_rfc_8259_refuses_is_a_value_error(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        loads(text)
    with pytest.raises(ValueError, match=why):
        raw_decode(text, 0)


def test_a_surrogate_pair_and_a_large_finite_number_are_valid() -> None:
    assert loads('"\\ud83d\\ude00"') == "\U0001f600"
    assert loads("1e308") == 1e308
    assert loads("123456789012345678901234567890") == 123456789012345678901234567890


def test_a_duplicate_key_keeps_its_last_value() -> None:
    assert loads('{"a": 1, "a": 2}') == {"a": 2}
    assert loads('{"a": {"b": 1}, "a": {"c": 2}}') == {"a": {"c": 2}}
    assert raw_decode('{"a": 1, "a": 2} tail', 0) == ({"a": 2}, 16)


@pytest.mark.parametrize(("open_", "close"), [("[", "]"), ('{"k":', "}")])
def test_nesting_is_limited_to_max_depth_exactly(open_: str, close: str) -> None:
    assert MAX_DEPTH == 512
    deepest = open_ * MAX_DEPTH + "1" + close * MAX_DEPTH
    value = loads(deepest)
    for _ in range(MAX_DEPTH):
        value = value[0] if isinstance(value, list) else value["k"]
    assert value == 1
    with pytest.raises(ValueError, match="nested more than 512 levels deep"):
        loads(open_ * (MAX_DEPTH + 1) + "1" + close * (MAX_DEPTH + 1))


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    text = json.dumps(["[{" * 600])
    assert loads(text) == ["[{" * 600]
    assert checked(text, ["[{" * 600]) == ["[{" * 600]


def test_unclosed_brackets_fail_without_recursing() -> None:
    with pytest.raises(ValueError, match="nested more than 512 levels deep"):
        loads("[" * 100_000)
    with pytest.raises(ValueError):
        loads("[" * 100)  # shallow, but never closed: the parser's own error


@pytest.mark.parametrize("text", [' {"a": 1} ', '{"a": 1}\n', "\t[1, 2]"])
def test_whitespace_around_the_value_is_json(text: str) -> None:
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize("text", ['{"a": 1}{"b": 2}', "", "   ", '{"a": 1', "\ufeff{}"])
def test_anything_but_one_value_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        loads(text)


def test_raw_decode_reads_one_value_from_a_position() -> None:
    text = '[{"a": 1}, {"b": "\\u00e9"}]'
    value, end = raw_decode(text, 1)
    assert (value, text[end:]) == ({"a": 1}, ', {"b": "\\u00e9"}]')
    value, end = raw_decode(text, end + 2)
    assert (value, text[end:]) == ({"b": "é"}, "]")
    with pytest.raises(ValueError, match="lone surrogate"):
        raw_decode('x"\\udfff"', 1)


def test_parse_arguments_never_repairs_and_says_why() -> None:
    assert parse_arguments('{"city": "Paris"}', "d", "tool_call", "/arguments") == ({"city": "Paris"}, None)
    assert parse_arguments("[1]", "d", "tool_call", "/arguments") == (None, "not a JSON object: got an array")
    value, why = parse_arguments('{"a": NaN}', "d", "tool_call", "/arguments")
    assert value is None and why == "not valid JSON: NaN is not valid JSON"
    value, why = parse_arguments('{"a": 1}{"b": 2}', "d", "tool_call", "/arguments")
    assert value is None and why is not None and why.startswith("not valid JSON: Extra data")
    with pytest.raises(DecodeError) as caught:
        parse_arguments(7, "d", "tool_call", "/function/arguments")  # type: ignore[arg-type]  # a wire value
    assert (caught.value.pointer, caught.value.message) == ("/function/arguments", "expected a string, got 7")


def test_argument_text_keeps_its_spelling_while_it_says_the_same() -> None:
    call = {"arguments": {"a": 1}, "raw_arguments": '{ "a" : 1 }'}
    assert arguments_text(call, ()) == '{ "a" : 1 }'
    assert arguments_text({**call, "arguments": {"a": 2}}, ()) == '{"a":2}'  # changed: dumped again
    assert arguments_text({"arguments": {}, "raw_arguments": ""}, ("",)) == ""  # "" means no arguments
    assert arguments_text({"arguments": {"a": 1}, "raw_arguments": ""}, ("",)) == '{"a":1}'
    assert arguments_text({"arguments": None, "raw_arguments": "{oops"}, ()) == "{oops"  # invalid: sent as it came
    assert arguments_text({"arguments": {"a": 1}, "raw_arguments": "{oops"}, ()) == '{"a":1}'
    assert arguments_text({"arguments": {"é": "ü"}}, ()) == dump_arguments({"é": "ü"}) == '{"é":"ü"}'


def test_not_an_object_names_what_it_got() -> None:
    assert not_an_object([1]) == "not a JSON object: got an array"
    assert not_an_object("x" * 100) == "not a JSON object: got " + json.dumps("x" * 100)[:60]
