"""The pieces of Bedrock support below the gateway: the AWS event-stream encoder read back by
botocore's parser, the decoder (botocore's parser underneath) as the relay's JSON lines, its
refusals, and the SigV4 check and region rules."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from botocore.credentials import Credentials
from botocore.eventstream import EventStreamBuffer

from tests.test_serve_fakes import stream_vector
from toolwire.serve import eventstream, sigv4
from toolwire.serve.config import parse
from toolwire.serve.framing import EventTooLarge

GATEWAY_SECRET = "gateway-secret-key-0123456789"


def parse_stream(content: bytes) -> list[tuple[dict[str, Any], Any]]:
    buffer = EventStreamBuffer()
    buffer.add_data(content)
    return [(message.headers, json.loads(message.payload)) for message in buffer]


def test_encoded_messages_read_back_with_botocore() -> None:
    events = [
        *stream_vector("bedrock_converse", "two toolUse blocks in a row"),
        {"throttlingException": {"message": "slow"}},
    ]
    parsed = parse_stream(b"".join(eventstream.encode(e) for e in events))
    assert [payload for _, payload in parsed] == [next(iter(e.values())) for e in events]
    assert [h[":event-type"] for h, _ in parsed[:-1]] == [next(iter(e)) for e in events[:-1]]
    assert all(h[":message-type"] == "event" and h[":content-type"] == "application/json" for h, _ in parsed[:-1])
    assert parsed[-1][0][":message-type"] == "exception" and parsed[-1][0][":exception-type"] == "throttlingException"


def test_the_decoder_gives_the_relay_its_json_lines_split_anywhere() -> None:
    events = stream_vector("bedrock_converse", "two toolUse blocks in a row")
    data = b"".join(eventstream.encode(e) for e in events) + eventstream.encode(
        {"validationException": {"message": "x"}}
    )
    decoder = eventstream.Decoder(1 << 20)
    lines = [line for i in range(0, len(data), 7) for line in decoder.feed(data[i : i + 7])]
    assert [json.loads(line) for line in lines] == [*events, {"validationException": {"message": "x"}}]


def test_the_decoder_refuses_a_bad_crc_and_a_message_past_the_limit() -> None:
    message = bytearray(eventstream.encode({"messageStart": {"role": "assistant"}}))
    message[-1] ^= 0xFF
    with pytest.raises(eventstream.BadEventStream, match="malformed"):
        eventstream.Decoder(1 << 20).feed(bytes(message))
    big = eventstream.encode({"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"text": "x" * 500}}})
    with pytest.raises(EventTooLarge, match="limit of 100 bytes"):
        eventstream.Decoder(100).feed(big[:150])  # refused before the message is whole
    with pytest.raises(EventTooLarge):
        eventstream.Decoder(100).feed(big)


def test_sigv4_verify_refuses_a_changed_body_an_old_date_and_a_bearer_header() -> None:
    creds = Credentials("AKIDX", GATEWAY_SECRET)
    url = "http://gw.test/model/m%3A0/converse"
    headers = sigv4.sign(creds, "bedrock", "us-east-1", url, {"content-type": "application/json"}, b'{"a":1}')
    headers["host"] = "gw.test"
    assert sigv4.verify("POST", url, headers, b'{"a":1}', GATEWAY_SECRET) is None
    assert (
        sigv4.verify("POST", url, headers, b'{"a":2}', GATEWAY_SECRET)
        == "the signature does not match the gateway's key"
    )
    later = datetime.now(UTC).replace(year=datetime.now(UTC).year + 1)
    assert (
        sigv4.verify("POST", url, headers, b'{"a":1}', GATEWAY_SECRET, now=later) == "the signature's date is not now"
    )
    bearer = {**headers, "authorization": "Bearer x"}
    assert (
        sigv4.verify("POST", url, bearer, b'{"a":1}', GATEWAY_SECRET)
        == "the authorization header is no AWS SigV4 signature"
    )


def test_the_region_comes_from_the_route_or_the_bedrock_host() -> None:
    assert sigv4.region_from_url("https://bedrock-runtime.ap-southeast-2.amazonaws.com") == "ap-southeast-2"
    assert sigv4.region_from_url("https://bedrock-runtime-fips.us-gov-west-1.amazonaws.com/") == "us-gov-west-1"
    assert sigv4.region_from_url("http://127.0.0.1:9000") is None
    table = {"inbound": "openai_chat", "upstream": {"dialect": "bedrock_converse", "credential": "aws"}}
    table["upstream"]["base_url"] = "https://bedrock-runtime.ca-central-1.amazonaws.com"
    assert parse({"routes": [table]}, "t", "t").routes[0].upstream.region == "ca-central-1"


def test_an_error_message_reads_as_an_exception_event_with_its_code() -> None:
    headers = {":message-type": "error", ":error-code": "InternalFailure", ":error-message": "oops"}
    assert eventstream.event_of(headers, b"") == {"internalServerException": {"message": "InternalFailure: oops"}}
    with pytest.raises(eventstream.BadEventStream, match="messageStart message's payload is not JSON"):
        eventstream.event_of({":message-type": "event", ":event-type": "messageStart"}, b"{nope")
