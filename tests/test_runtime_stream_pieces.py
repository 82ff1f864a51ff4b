"""The stream Assembler's pieces (streams/_events, _state, _canonical, _lifecycle, _calls,
_text, _assembler), tested directly with a toy dialect: a subclass that fills the hooks the
generated assemblers fill, so each piece is exercised without any dialect's event layout."""

from __future__ import annotations

import json
from typing import Any

import pytest
from toolwire_dialects._arguments import parse_arguments
from toolwire_dialects._errors import DecodeError
from toolwire_dialects._ids import IdMap
from toolwire_dialects.streams._assembler import Assembler
from toolwire_dialects.streams._events import (
    ENDED,
    StreamError,
    as_event,
    item_copy,
    overlay,
    put,
    put_default,
    same,
    where,
)
from toolwire_dialects.streams._state import Call


class Toy(Assembler):
    """Events: {"kind": start|args|stop|whole|finish|error|server, ...}."""

    __slots__ = ()

    DIALECT = "toy"
    HAS_STOP = True
    TRUNCATED = frozenset({"length"})
    EXPECTED = "a kind"
    EXPECTED_AT = (("/kind", "/key"),)

    def feed(self, event: Any) -> list[dict[str, Any]]:
        e = event if type(event) is dict else as_event(event, self.DIALECT)
        self._n += 1
        if self._ended is not None:
            return []
        kind, key = e.get("kind"), e.get("key")
        if kind == "start":
            return [self._delta(self._start(key, e.get("id"), e.get("name"), None))]
        if kind == "args":
            c = self._open.get(key)
            if c is None:
                self._stray(e, e, "/text", key)
                return []
            c.parts.append(e["text"])
            return [{"index": c.index, "arguments_delta": e["text"]}]
        if kind == "stop":
            c = self._open.get(key)
            if c is not None:
                self._stop(c)
            else:
                self._skipped.pop(key, None)
            return []
        if kind == "whole":
            delta = self._whole(key, e, e["call"])
            return [] if delta is None else [delta]
        if kind == "finish":
            self._finish(e["reason"])
            return []
        if kind == "error":
            nested = e.get("error")  # the message where a rule's alt_message would find it
            alt = nested.get("message") if type(nested) is dict else None
            self._error(e, None, "/error", nested, e.get("code"), "/error/message", alt)
            return []
        if kind == "server":
            self._skip(e, e, key, e.get("id"), e.get("name"))
            return []
        raise self._alien(e)

    @staticmethod
    def _wire(c: Call, value: Any) -> dict[str, Any]:
        return {"id": c.id, "name": c.name, "arguments": value}

    @staticmethod
    def _decode_call(payload: Any, *, id_map: IdMap | None = None) -> dict[str, Any]:
        if type(payload.get("name")) is not str:
            raise DecodeError("toy", "tool_call", "/name", "expected a string")
        arguments, why = parse_arguments(payload["arguments"], "toy", "tool_call", "/arguments")
        out = {
            "id": payload.get("id"),
            "name": payload["name"],
            "arguments": arguments,
            "raw_arguments": payload["arguments"],
        }
        if why is not None:
            out["arguments_error"] = why
        return out


def _start(key: int, name: str | None = "f") -> dict[str, Any]:
    return {"kind": "start", "key": key, "id": f"c{key}", "name": name}


def _args(key: int, text: str) -> dict[str, Any]:
    return {"kind": "args", "key": key, "text": text}


def test_calls_start_grow_stop_and_come_back_in_order() -> None:
    toy = Toy()
    assert toy.feed(_start(1)) == [{"index": 0, "id": "c1", "name": "f"}]
    toy.feed(_start(2, "g"))
    assert toy.feed(_args(2, '{"b"')) == [{"index": 1, "arguments_delta": '{"b"'}]
    toy.feed(_args(1, "{}"))
    toy.feed(_args(2, ": 2}"))
    assert toy.calls_in_flight == 2
    toy.feed({"kind": "stop", "key": 2})
    assert toy.calls_in_flight == 1
    toy.feed({"kind": "stop", "key": 1})
    assert toy.finish() == [
        {"id": "c1", "name": "f", "arguments": {}, "raw_arguments": "{}"},
        {"id": "c2", "name": "g", "arguments": {"b": 2}, "raw_arguments": '{"b": 2}'},
    ]
    assert toy.finish() == toy.finish(), "safe to call twice"
    assert toy.result() == {"tool_calls": toy.finish(), "finish_reason": None}


def test_the_end_of_the_stream_and_a_truncating_finish_cut_calls_off() -> None:
    toy = Toy()
    toy.feed(_start(1))
    toy.feed(_args(1, '{"a": '))
    toy.feed({"kind": "finish", "reason": "length"})
    toy.feed(_start(2))
    (cut, ended) = toy.finish()
    assert cut["incomplete"] is True and cut["arguments"] is None and cut["raw_arguments"] == '{"a": '
    assert cut["arguments_error"] == "the stream was cut off (finish reason 'length') before this call was complete"
    assert ended["arguments_error"] == ENDED and ended["raw_arguments"] == ""
    assert toy.finish_reason == "length"


def test_a_call_that_does_not_decode_is_kept_invalid_with_a_finding() -> None:
    toy = Toy()
    toy.feed(_start(1, None))
    toy.feed({"kind": "stop", "key": 1})
    (call,) = toy.finish()
    assert call["arguments"] is None and call["arguments_error"].startswith(
        "it does not decode as a toy tool call: /name"
    )
    assert toy.findings == [
        {"event": 1, "pointer": "", "message": "the call at index 0 is invalid: " + call["arguments_error"]}
    ]


def test_a_whole_call_replaces_the_open_call_at_its_key() -> None:
    toy = Toy()
    toy.feed(_start(1))
    toy.feed(_args(1, '{"partial"'))
    whole = {"id": "c1", "name": "f", "arguments": '{"a": 1}'}
    assert toy.feed({"kind": "whole", "key": 1, "call": whole}) == [], "the call already has its index"
    assert toy.feed({"kind": "whole", "key": None, "call": {**whole, "id": "c2"}}) == [
        {"index": 1, "id": "c2", "name": "f", "arguments_delta": '{"a": 1}'}
    ]
    assert [c["arguments"] for c in toy.finish()] == [{"a": 1}, {"a": 1}]
    with pytest.raises(StreamError) as caught:
        Toy().feed({"kind": "whole", "key": None, "call": {"arguments": "{}"}})
    assert caught.value.pointer == "/call/name"


def test_findings_and_notes_keep_the_good_calls() -> None:
    toy = Toy()
    toy.feed({"kind": "server", "key": 5, "id": "srv_1", "name": "web_search"})
    toy.feed(_args(5, "{}"))  # the server tool's input: no finding
    toy.feed(_args(9, "{}"))  # no call is open at key 9
    toy.feed(_start(1))
    toy.feed({"kind": "error", "error": {"message": "overloaded"}, "code": 529})
    toy.feed(_start(2))  # after an error event the stream has ended
    assert toy.notes == [
        {
            "event": 0,
            "pointer": "",
            "message": "'web_search' (id srv_1) is a server-side tool, not a client call: left out",
        }
    ]
    assert [f["message"] for f in toy.findings] == [
        "argument text for a call that is not open (key 9): left out",
        "the stream ended with an error: 529: overloaded",
    ]
    assert toy.findings[0]["pointer"] == "/text" and toy.findings[1]["pointer"] == "/error/message"
    (call,) = toy.finish()
    assert call["incomplete"] is True and "(529: overloaded)" in call["arguments_error"]


def test_an_alien_event_names_the_pointer_it_lacks() -> None:
    with pytest.raises(StreamError) as caught:
        Toy().feed({"kind": "nope"})
    assert (caught.value.pointer, caught.value.message) == ("/key", "not a toy stream event: expected a kind")
    with pytest.raises(StreamError, match="expected an event object"):
        Toy().feed("[1]")


SSE = (
    'event: x\ndata: {"kind": "start", "key": 1, "id": "c1", "name": "f"}\n\n'
    'data: {"kind": "args", "key": 1,\ndata: "text": "{\\"é\\": 1}"}\n\n'
    'data: {"kind": "stop", "key": 1}\r\n\r\n: comment\ndata: [DONE]\n\n'
)


@pytest.mark.parametrize("size", [1, 2, 7, 1000])
def test_sse_text_split_anywhere_even_inside_a_character(size: int) -> None:
    data = SSE.encode("utf-8")
    toy = Toy()
    deltas = [d for i in range(0, len(data), size) for d in toy.feed_text(data[i : i + size])]
    assert [d.get("arguments_delta") for d in deltas] == [None, '{"é": 1}']
    assert toy.finish() == [{"id": "c1", "name": "f", "arguments": {"é": 1}, "raw_arguments": '{"é": 1}'}]


def test_json_lines_and_a_json_array_of_events() -> None:
    events = [_start(1), _args(1, "{}"), {"kind": "stop", "key": 1}]
    lines = Toy()
    lines.feed_text("".join(f"{json_line(e)}\n" for e in events))
    array = Toy()
    text = "[\n" + ",\n".join(json_line(e) for e in events) + "\n]"
    for i in range(0, len(text), 5):
        array.feed_text(text[i : i + 5])
    assert lines.finish() == array.finish() == [{"id": "c1", "name": "f", "arguments": {}, "raw_arguments": "{}"}]


def test_bad_text_names_its_line_and_findings_get_theirs() -> None:
    toy = Toy()
    toy.feed_text(f"{json_line(_args(3, 'x'))}\n")
    assert toy.findings[0]["line"] == 1
    with pytest.raises(StreamError) as caught:
        toy.feed_text('{"kind": NaN}\n')
    assert caught.value.line == 2 and str(caught.value).startswith("line 2: toy/stream_event: /: not valid JSON")


def json_line(event: dict[str, Any]) -> str:
    return json.dumps(event)


def test_event_helpers_copy_and_never_change_the_callers_objects() -> None:
    item = {"function": {"name": "f", "arguments": "{}"}, "index": 0}
    w = item_copy(item, (("index",),))
    assert w == {"function": {"name": "f", "arguments": "{}"}} and w["function"] is not item["function"]
    put(w, ("function", "arguments"), '{"a":1}')
    put_default(w, ("type",), "function")
    put_default(w, ("function", "name"), "other")
    assert w == {"function": {"name": "f", "arguments": '{"a":1}'}, "type": "function"}
    assert item == {"function": {"name": "f", "arguments": "{}"}, "index": 0}
    shown = overlay(item, ((("function", "name"), "g"),), (("function", "arguments"),))
    assert shown == {"function": {"name": "g"}, "index": 0} and item["function"]["arguments"] == "{}"


def test_where_finds_an_item_by_identity_with_escaped_keys() -> None:
    item = {"x": 1}
    event = {"a/b": [{"~": item}], "same": {"x": 1}}
    assert where(event, item) == "/a~1b/0/~0"
    assert where(event, None) == where(event, event) == ""
    assert same(1, 1) and not same(True, 1) and not same(1, 1.0)


def test_as_event_reads_text_bytes_and_objects() -> None:
    assert as_event('{"a": 1}', "toy") == as_event(b'{"a": 1}', "toy") == {"a": 1}
    with pytest.raises(StreamError, match="not valid JSON"):
        as_event(b"\xff", "toy")
    with pytest.raises(StreamError, match="cannot read a set as JSON"):
        as_event({1}, "toy")


def test_call_text_joins_its_fragments_once() -> None:
    c = Call(0, None, None, "f", None)
    c.parts.extend(["{", '"a"', ":1}"])
    assert c.text() == '{"a":1}' and c.parts == ['{"a":1}']
    c.args = {"b": [1]}
    assert c.text() == '{"b":[1]}', "JSONPath arguments win over text"
