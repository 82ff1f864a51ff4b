"""The gateway's reading of an upstream stream: events cut whole from bytes split anywhere
(SSE with LF or CRLF, JSON lines), refused past the size limit, and their JSON payloads."""

from __future__ import annotations

import pytest

from toolwire.serve.framing import EventSplitter, EventTooLarge, event_payload

SSE = b'event: a\r\ndata: {"x": 1}\r\n\r\ndata: {"y":\ndata: 2}\n\n: comment\n\n'


@pytest.mark.parametrize("size", [1, 2, 3, 7, len(SSE)])
def test_sse_events_come_out_whole_however_the_bytes_are_split(size: int) -> None:
    splitter = EventSplitter("sse", 1000)
    texts = [t for i in range(0, len(SSE), size) for t in splitter.feed(SSE[i : i + size])] + splitter.close()
    assert texts == ['event: a\ndata: {"x": 1}\n\n', 'data: {"y":\ndata: 2}\n\n', ": comment\n\n"]
    assert [event_payload(t) for t in texts] == [{"x": 1}, {"y": 2}, None]


def test_json_lines_and_a_last_line_without_newline() -> None:
    splitter = EventSplitter("ndjson", 1000)
    assert splitter.feed(b'{"a": 1}\n\n{"b"') == ['{"a": 1}\n']
    assert splitter.feed(b": 2}") == []
    assert splitter.close() == ['{"b": 2}\n']
    assert event_payload('{"b": 2}\n') == {"b": 2}
    assert event_payload("data: [DONE]\n\n") is None and event_payload("data: {oops\n\n") is None


def test_an_event_past_the_limit_is_refused_before_it_ends() -> None:
    splitter = EventSplitter("sse", 10)
    with pytest.raises(EventTooLarge, match="larger than the limit of 10 bytes"):
        splitter.feed(b"data: " + b"x" * 20)
    with pytest.raises(EventTooLarge):
        EventSplitter("ndjson", 10).feed(b"x" * 11 + b"\n")
