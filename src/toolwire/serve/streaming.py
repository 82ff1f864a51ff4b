"""A streamed exchange: the upstream's events relayed to the client converted, one at a time,
as they arrive. A stream that goes wrong after its first byte (the upstream cut off, an event
too large or foreign, a loss a strict route refuses) ends with an error event in the client's
dialect, never with a made-up finish. A client that goes away cancels the upstream request."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import anyio
import httpx
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from toolwire.serve import eventstream, policy
from toolwire.serve.convert import Refused, StreamConverter
from toolwire.serve.errors import frame_event, stream_error_event, stream_said
from toolwire.serve.eventstream import BadEventStream, Decoder
from toolwire.serve.exchange import Exchange, Failed, transport_failure, upstream_error
from toolwire.serve.framing import EventSplitter, EventTooLarge, event_payload
from toolwire.serve.observe import LOGGER
from toolwire.serve.wire import WIRES


async def streamed(ex: Exchange, sent: httpx.Request) -> Response:
    """Send the upstream request; an error answer is translated whole, a stream is relayed."""
    route = ex.route
    try:
        response = await ex.gateway.client.send(sent, stream=True)
    except httpx.HTTPError as exc:
        raise transport_failure(exc, route.upstream.dialect) from None
    if not response.is_success:  # a redirect too: it is never followed (it could leave the configured host)
        try:
            failure = await upstream_error(ex, response)
        except httpx.HTTPError as exc:
            failure = transport_failure(exc, route.upstream.dialect)
        finally:
            await response.aclose()
        raise failure
    ex.outcome.upstream_status = response.status_code
    headers = {policy.HEADER: policy.header_value(ex.lost), "cache-control": "no-cache"}
    return _Relayed(_relay(ex, response), ex, response, media_type=WIRES[route.inbound].media_type, headers=headers)


class _Relayed(StreamingResponse):
    """A relayed stream whose upstream leg is closed, and whose exchange is ended, however the
    response ends: also when the client left before its first byte (the relay generator, never
    started then, would run no cleanup of its own)."""

    def __init__(
        self, content: AsyncIterator[str | bytes], ex: Exchange, upstream: httpx.Response, **kwargs: Any
    ) -> None:
        super().__init__(content, **kwargs)
        self._ex, self._upstream = ex, upstream

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            with anyio.CancelScope(shield=True):
                await self._upstream.aclose()
            if not self._ex.ended:
                self._ex.outcome.outcome = "client_gone"
                self._ex.end(200)


def _splitter(framing: str, limit: int) -> EventSplitter | Decoder:
    """What cuts the upstream's bytes into event texts: botocore's parser for AWS's binary
    event stream (each message as the relay's JSON line), else SSE blocks or JSON lines."""
    return Decoder(limit) if framing == "eventstream" else EventSplitter(framing, limit)


def _written(framing: str, events: list[dict[str, Any]], framed: str) -> bytes:
    """The client's events as its dialect sends them: the relay's framed text, or one binary
    message per event for an AWS event stream."""
    return b"".join(eventstream.encode(event) for event in events) if framing == "eventstream" else framed.encode()


async def _relay(ex: Exchange, response: httpx.Response) -> AsyncIterator[str | bytes]:
    route = ex.route
    source, target = route.upstream.dialect, route.inbound
    converter = StreamConverter(source=source, target=target, strict=route.losses == "strict", allow=route.allow_losses)
    splitter = _splitter(WIRES[source].framing, ex.gateway.config.limits.event_bytes)
    framing = WIRES[target].framing
    failure: Failed | None = None
    said: list[str] = []  # an error the upstream sent in its stream, for the client's error event

    def relay(texts: list[str]) -> bytes:
        out = []
        for text in texts:
            payload = event_payload(text)
            if payload is not None:
                ex.capture.add("upstream_response", payload)
                if (message := stream_said(payload)) is not None:
                    said.append(message)
            events, framed = converter.feed(text)
            for event in events:
                ex.capture.add("client_response", event)
            out.append(_written(framing, events, framed))
        return b"".join(out)

    try:
        async for chunk in response.aiter_bytes():
            if text := relay(splitter.feed(chunk)):
                yield text
        text = relay(splitter.close())
        events, framed = converter.close()
        for event in events:
            ex.capture.add("client_response", event)
        if text:
            yield text
        if last := _written(framing, events, framed):
            yield last
        if converter.cut:
            why = f": {said[-1]}" if said else ""
            failure = Failed(502, f"upstream {source} stream ended before it finished{why}", "upstream_cut")
        elif said:  # an error some dialects relay as a finish (Bedrock's, Gemini's): still an error
            failure = Failed(502, f"upstream {source} stream ended with an error: {said[-1]}", "upstream_error")
        elif done := converter.done_text():  # the end sentinel only after a stream that ended well
            yield done.encode()
    except EventTooLarge as exc:
        failure = Failed(502, str(exc), "upstream_too_large")
    except BadEventStream as exc:
        failure = Failed(502, f"upstream {source} stream not understood: {exc}", "upstream_invalid")
    except Refused as exc:
        if exc.losses:  # a loss the strict relay refused before writing it
            ex.lost += exc.losses
            ex.outcome.losses += [loss.text for loss in exc.losses]
            failure = Failed(400, policy.refusal_message("stream", exc.losses), "refused_losses")
        else:
            failure = Failed(502, f"upstream {source} stream not understood: {exc}", "upstream_invalid")
    except httpx.HTTPError as exc:  # the connection dropped, or the stream stalled past the route's timeout
        status = 504 if isinstance(exc, httpx.TimeoutException) else 502
        failure = Failed(status, f"upstream {source} stream broke off ({type(exc).__name__})", "upstream_cut")
    except anyio.get_cancelled_exc_class():
        ex.outcome.outcome = "client_gone"
        raise
    except Exception as exc:  # a bug: the stream still ends with an error event, the log has the rest
        LOGGER.exception("exchange %s failed", ex.outcome.exchange)
        failure = Failed(500, f"toolwire gateway internal error: {type(exc).__name__}", "internal_error")
    finally:
        with anyio.CancelScope(shield=True):  # the client went away: close the upstream leg all the same
            await response.aclose()
        found = converter.losses()
        ex.lost += found
        ex.outcome.losses += [loss.text for loss in found]
        if failure is not None:
            ex.outcome.outcome, ex.outcome.error = failure.outcome, failure.message
            error_event = stream_error_event(target, failure.status, failure.message)
            ex.capture.put_aside("client_response", error_event)  # the gateway's own, not relayed
        ex.end(200)
    if failure is not None:
        yield frame_event(target, framing, error_event)
