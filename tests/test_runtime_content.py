"""_content (data URLs, content as one string, results as one object), _extensions and
_extract/_inject's path helpers, tested directly against the runtime modules."""

from __future__ import annotations

from typing import Any

import pytest
from toolwire_dialects._coercion import as_canonical, as_wire, to_plain
from toolwire_dialects._content import (
    content_as_string,
    data_url,
    is_data_url,
    result_from_object,
    result_to_object,
    split_data_url,
)
from toolwire_dialects._errors import MISSING, DecodeError, Loss, LossError, describe, escape, unescape
from toolwire_dialects._extensions import apply_fields, foreign_extensions, unknown_fields
from toolwire_dialects._extract import first_at, lookup, where


@pytest.mark.parametrize(
    "url",
    [
        "data:image/png;base64,iVBORw0KGgo=",
        "data:application/vnd.api+json;base64,",
        "data:image/svg+xml;base64,PHN2Zz4=",
    ],
)
def test_base64_data_urls_split_into_media_type_and_data(url: str) -> None:
    assert is_data_url(url)
    media_type, data = split_data_url(url)
    assert data_url(media_type, data) == url and "/" in media_type


@pytest.mark.parametrize(
    "value",
    [
        "data:image/png,iVBORw0KGgo=",  # not base64
        "data:image/png;base64,iVBOR w0K",  # a space is no base64
        "data:image/png;base64,abc===",  # at most two pad characters
        "data:png;base64,abc=",  # no media type
        "https://example.com/a.png",
        "data:image/pngé;base64,abc=",  # ASCII only
        " data:image/png;base64,abc=",  # the whole string
        b"data:image/png;base64,abc=",
        None,
    ],
)
def test_anything_else_is_no_data_url(value: Any) -> None:
    assert not is_data_url(value)


def test_content_as_string_joins_text_and_reports_the_rest() -> None:
    losses: list[Loss] = []
    parts = [{"type": "text", "text": "a"}, {"type": "json", "value": {"b": 1}}, {"type": "image", "url": "x"}]
    assert content_as_string(parts, losses, False, "mistral") == 'a{"b":1}'
    assert [(loss.pointer, loss.what) for loss in losses] == [
        ("/content/1", "a json part as such (sent as JSON text)"),
        ("/content/2", "an image given by URL"),
        ("/content", "several parts as such (joined into one string)"),
    ]
    assert (
        content_as_string([{"type": "text", "text": "only"}], losses := [], False, "mistral") == "only" and losses == []
    )


@pytest.mark.parametrize(
    ("wire", "parts", "is_error", "forms"),
    [
        ({"output": "hi"}, [{"type": "text", "text": "hi"}], False, {}),
        ({"error": "bad"}, [{"type": "text", "text": "bad"}], True, {}),
        ({"output": {"t": 1}}, [{"type": "json", "value": {"t": 1}}], False, {"/content": "wrapped"}),
        ({"t": 1}, [{"type": "json", "value": {"t": 1}}], False, {}),
        ({"output": ""}, [], False, {}),
    ],
)
def test_results_carried_as_one_object_round_trip(
    wire: dict[str, Any], parts: list[Any], is_error: bool, forms: dict[str, str]
) -> None:
    seen: dict[str, Any] = {}
    assert result_from_object(wire, "output", "error", seen, "/content") == (parts, is_error)
    assert seen == forms
    losses: list[Loss] = []
    back = result_to_object(parts, is_error, "output", "error", seen.get("/content"), losses, False, "gemini")
    assert losses == [] and back == (wire if wire != {"output": ""} else {"output": ""})


def test_a_result_object_reports_what_it_cannot_carry() -> None:
    losses: list[Loss] = []
    parts = [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]
    assert result_to_object(parts, True, "output", None, None, losses, False, "gemini") == {"output": "ab"}
    assert [loss.pointer for loss in losses] == ["/content", "/is_error"]
    with pytest.raises(LossError):
        result_to_object([{"type": "image", "url": "u"}], False, "output", None, None, [], True, "gemini")


def test_unknown_fields_are_kept_and_put_back_or_reported() -> None:
    wire = {"id": "1", "a/b": 2, "z": {"q": 1}}
    fields = unknown_fields(wire, frozenset({"id"}), "", None)
    assert fields == {"/a~1b": 2, "/z": {"q": 1}}
    assert unknown_fields({"id": "1"}, frozenset({"id"}), "", None) is None, "no dict made for nothing"
    target: dict[str, Any] = {"id": "1"}
    losses: list[Loss] = []
    apply_fields(target, {**fields, "/gone/x": 1}, "d", losses, False)
    assert target == wire
    assert losses == [
        Loss("extension.field_moved", "/extensions/d/fields/~1gone~1x", "d", "this field any more (its place changed)")
    ]


def test_foreign_extensions_are_losses_and_the_own_ones_are_returned() -> None:
    losses: list[Loss] = []
    own = {"fields": {"/x": 1}}
    extensions = {"b": {"fields": {"/p/q": 1}, "notes": ["n"]}, "a": own}
    assert foreign_extensions(extensions, "a", losses, False) is own
    assert losses == [
        Loss("extension.field_dropped", "/extensions/b/fields/~1p~1q", "a", "b field /p/q"),
        Loss("extension.note_dropped", "/extensions/b/notes/0", "a", "n"),
    ]


def test_paths_lookup_first_match_and_conditions() -> None:
    payload = {"messages": [{"role": "user"}, {"role": "tool", "content": {"x": 0}}]}
    assert lookup(payload, ("messages",)) is payload["messages"]
    assert lookup(payload, ("messages", "role")) is MISSING and lookup({"a": None}, ("a", "b")) is MISSING
    assert first_at(payload, ("messages", "*", "content")) == {"x": 0}
    assert first_at(payload, ("messages", "*", "missing")) is None
    assert where(payload, ()) and not where(payload, ((("model",), "m"),))


def test_pointer_tokens_and_descriptions() -> None:
    for key in ("a/b", "~1", "~/", "plain"):
        assert unescape(escape(key)) == key
    assert escape("a/~b") == "a~1~0b"
    assert [describe(v) for v in (MISSING, None, True, 1.5, "s", [], {}, object)] == [
        "nothing", "null", "true", "1.5", '"s"', "an array", "an object", "type",
    ]  # fmt: skip


class _Model:
    """An SDK object as pydantic gives one: model_dump by alias."""

    def model_dump(self, **options: Any) -> dict[str, Any]:
        assert options == {"mode": "json", "by_alias": True, "exclude_none": True}
        return {"id": "1", "nested": [{"k": None}]}


class _Plain:
    def __init__(self) -> None:
        self.name = "f"
        self.skip = None
        self._private = 1


def test_coercion_reads_json_text_and_sdk_objects() -> None:
    assert as_wire('{"a": 1}', "d", "tool_call") == {"a": 1}
    assert as_wire(b'\xef\xbb\xbf{"a": 1}', "d", "tool_call") == {"a": 1}, "a BOM before bytes is dropped"
    with pytest.raises(DecodeError, match="not valid JSON"):
        as_wire('{"a": NaN}', "d", "tool_call")
    with pytest.raises(DecodeError, match="cannot read a set as JSON"):
        as_wire({1}, "d", "tool_call")
    assert to_plain(_Model()) == {"id": "1", "nested": [{"k": None}]}
    assert to_plain(_Plain()) == {"name": "f"}
    value = {"a": 1}
    assert as_canonical(value, "tool_call") is value
    with pytest.raises(TypeError, match="canonical tool_call must be a dict"):
        as_canonical([value], "tool_call")
