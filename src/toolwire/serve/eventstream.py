"""Bedrock's binary event stream (`application/vnd.amazon.eventstream`), both ways.

Reading an upstream stream goes through botocore's parser (`botocore.eventstream`), which
checks both CRCs and the header encoding. Each message becomes the JSON line the generated
Bedrock relay reads: `{"<:event-type>": payload}`, or `{"<:exception-type>": payload}` for an
exception message (the stream dialect models those events too).

Writing one for a Bedrock client has no usable library (docs/serve.md says why), so `encode` is
the few lines of the format itself: a prelude (total and header lengths, their CRC32), string
headers, the JSON payload and the CRC32 of all of it. tests/test_serve_eventstream.py reads every
message it writes back with botocore's parser.
"""

from __future__ import annotations

import json
import struct
import zlib
from typing import Any

from botocore.eventstream import EventStreamBuffer, ParserError  # type: ignore[import-untyped]  # botocore ships no types

from toolwire.serve.framing import EventTooLarge

STRING = 7  # the header value type of a UTF-8 string
_PRELUDE = 12  # total length, headers length, prelude CRC: 4 bytes each


class BadEventStream(Exception):
    """Upstream bytes that are no event stream (a CRC, length or header botocore refuses)."""


def _header(name: str, value: str) -> bytes:
    raw_name, raw_value = name.encode(), value.encode()
    return struct.pack("!B", len(raw_name)) + raw_name + struct.pack("!BH", STRING, len(raw_value)) + raw_value


def encode(event: dict[str, Any]) -> bytes:
    """One Bedrock stream event (`{"contentBlockDelta": {...}}`) as an event-stream message: an
    exception event (its name ends in `Exception`) is sent as `:message-type: exception`."""
    ((name, payload),) = event.items()
    kind = "exception" if name.endswith("Exception") else "event"
    headers = (
        _header(f":{kind}-type", name) + _header(":content-type", "application/json") + _header(":message-type", kind)
    )
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    prelude = struct.pack("!II", _PRELUDE + len(headers) + len(body) + 4, len(headers))
    message = prelude + struct.pack("!I", zlib.crc32(prelude)) + headers + body
    return message + struct.pack("!I", zlib.crc32(message))


def event_of(headers: dict[str, Any], payload: bytes) -> dict[str, Any]:
    """A parsed message as the relay's event. An `error` message (the service's own, outside
    the modelled exceptions) reads as an internalServerException carrying its code and message."""
    kind = headers.get(":message-type", "event")
    if kind == "error":
        message = f"{headers.get(':error-code', 'error')}: {headers.get(':error-message', '')}"
        return {"internalServerException": {"message": message}}
    name = str(headers.get(":exception-type" if kind == "exception" else ":event-type", ""))
    try:
        body = json.loads(payload) if payload else {}
    except (ValueError, RecursionError):
        raise BadEventStream(f"the {name or kind} message's payload is not JSON") from None
    return {name: body}


class Decoder:
    """Upstream bytes in, one JSON line per complete message out (the relay's text). The bytes
    held while a message is incomplete are bounded by the event limit."""

    def __init__(self, limit: int) -> None:
        self._buffer = EventStreamBuffer()
        self._limit = limit
        self._held = 0  # bytes given to the buffer and not yet returned as a message

    def feed(self, chunk: bytes) -> list[str]:
        self._buffer.add_data(chunk)
        self._held += len(chunk)
        out = []
        try:
            for message in self._buffer:
                self._held -= message.prelude.total_length
                if message.prelude.total_length > self._limit:
                    raise EventTooLarge(self._too_large)
                event = event_of(message.headers, message.payload)
                out.append(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")
        except ParserError as exc:
            raise BadEventStream(f"the upstream event stream is malformed: {exc}") from None
        if self._held > self._limit:
            raise EventTooLarge(self._too_large)
        return out

    @property
    def _too_large(self) -> str:
        return f"an upstream stream event is larger than the limit of {self._limit} bytes"

    def close(self) -> list[str]:
        """The upstream ended; bytes of a message it never finished are dropped (the relay sees
        the stream end early, and says so)."""
        self._held = 0
        return []
