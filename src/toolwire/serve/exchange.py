"""One exchange, from the client's request to the upstream and back. The request is checked
(inbound key, size, JSON), converted, refused under a strict route if it would lose anything,
and forwarded; a plain response is converted back here, a stream by streaming.py. Every error
the client sees is in its own dialect's shape (errors.py); every exchange is logged, counted and
recorded once, however it ends."""

from __future__ import annotations

import hmac
import json
import os
import time
import uuid
from dataclasses import dataclass
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from toolwire.serve import policy, sigv4, upstream
from toolwire.serve.config import Route, ServeConfig
from toolwire.serve.convert import Lost, Refused, convert_request, convert_response
from toolwire.serve.errors import client_status, error_body, error_headers, upstream_message
from toolwire.serve.observe import Metrics, Outcome, finish
from toolwire.serve.record import Capture, Recorder, safe_headers

PASSED_BACK = ("retry-after", "x-request-id", "request-id")  # upstream response headers a client may use


@dataclass
class Gateway:
    """What every exchange shares: the configuration, the pooled client, metrics, recorder."""

    config: ServeConfig
    client: upstream.Pool
    metrics: Metrics
    recorder: Recorder | None = None


class Failed(Exception):
    """An exchange ends with an error answer: status, message, and the outcome to log."""

    def __init__(self, status: int, message: str, outcome: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.outcome, self.headers = status, message, outcome, headers or {}


class Exchange:
    """One exchange's state: its outcome (logged), its capture (recorded), its timer."""

    def __init__(self, gateway: Gateway, route: Route, request: Request, pattern: str) -> None:
        self.gateway, self.route, self.request = gateway, route, request
        self.started = time.perf_counter()
        # the route's pattern, not the path: a model in the URL must not multiply metric labels
        self.outcome = Outcome(uuid.uuid4().hex, pattern, route.inbound, route.upstream.dialect)
        meta = {"exchange": self.outcome.exchange, "time": time.time(), "route": request.url.path}
        meta |= {"inbound": route.inbound, "upstream": route.upstream.dialect, "headers": safe_headers(request.headers)}
        self.capture = Capture(meta, keep=gateway.recorder is not None)
        self.lost: list[Lost] = []
        self.ended = False
        gateway.metrics.in_flight.inc()

    def error(self, failure: Failed) -> Response:
        """The failure in the client's error shape, the exchange ended."""
        self.outcome.outcome, self.outcome.error = failure.outcome, failure.message
        body = error_body(self.route.inbound, failure.status, failure.message)
        self.capture.put_aside("client_response", body)
        self.end(failure.status)
        return JSONResponse(
            body, failure.status, headers=error_headers(self.route.inbound, failure.status) | failure.headers
        )

    def end(self, status: int) -> None:
        """Log, count and record the exchange, once."""
        if self.ended:
            return
        self.ended = True
        self.outcome.status = status
        self.capture.meta |= {"status": status, "outcome": self.outcome.outcome, "losses": self.outcome.losses}
        self.gateway.metrics.in_flight.dec()
        finish(self.gateway.metrics, self.outcome, time.perf_counter() - self.started)
        if self.gateway.recorder is not None:
            self.gateway.recorder.write(self.capture)

    def losses(self, found: tuple[Lost, ...], direction: str, status: int) -> None:
        """Note the losses; raise the strict refusal when the route refuses them."""
        self.lost += found
        self.outcome.losses += [loss.text for loss in found]
        if refused := policy.refused(self.route.losses, self.route.allow_losses, found):
            raise Failed(status, policy.refusal_message(direction, refused), "refused_losses")


async def read_limited(chunks: Any, limit: int, what: str, status: int) -> bytes:
    """A body read whole, refused with status once it passes limit (never held past it)."""
    body = bytearray()
    async for chunk in chunks:
        body += chunk
        if len(body) > limit:
            raise Failed(status, f"{what} is larger than the limit of {limit} bytes", "too_large")
    return bytes(body)


SIGV4 = "AWS4-HMAC-SHA256 "  # how an AWS SDK's signed authorization header starts


def _expected_key(route: Route) -> str:
    assert route.inbound_key_env is not None
    expected = os.environ.get(route.inbound_key_env, "")
    if not expected:
        raise Failed(503, f"the gateway's key variable {route.inbound_key_env} is not set", "misconfigured")
    return expected


def _check_key(route: Route, request: Request) -> str | None:
    """The client's key; refused when the route checks keys and it is not the configured one.
    A SigV4-signed request (a Bedrock client with AWS credentials) is checked once its body is
    read (_check_signature): the signature covers the body."""
    sent = upstream.client_key(route.inbound, request.headers, request.query_params)
    if route.inbound_key_env is None:
        return sent
    expected = _expected_key(route)
    if sent is None and request.headers.get("authorization", "").startswith(SIGV4):
        return None
    if sent is None or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise Failed(401, "invalid or missing API key for this gateway route", "unauthorized")
    return sent


def _check_signature(route: Route, request: Request, body: bytes) -> None:
    """A SigV4-signed request on a route that checks keys: it must be signed with the route's
    key as the AWS secret access key (any access key id)."""
    if route.inbound_key_env is None or not request.headers.get("authorization", "").startswith(SIGV4):
        return
    raw_path = request.scope.get("raw_path") or request.url.path.encode()
    query = request.scope.get("query_string", b"")
    url = f"{request.url.scheme}://{request.headers.get('host', 'localhost')}{raw_path.decode('latin-1')}"
    url += f"?{query.decode('latin-1')}" if query else ""
    why = sigv4.verify(request.method, url, request.headers, body, _expected_key(route))
    if why is not None:
        raise Failed(401, f"invalid AWS signature for this gateway route: {why}", "unauthorized")


async def prepare(ex: Exchange, path_model: str | None, stream_path: bool) -> tuple[httpx.Request, bool]:
    """The client's request checked and converted, as the upstream request to send."""
    route, request, limits = ex.route, ex.request, ex.gateway.config.limits
    sent_key = _check_key(route, request)
    if sent_key:
        ex.capture.secrets.add(sent_key)
    raw = await read_limited(request.stream(), limits.request_bytes, "the request body", 413)
    _check_signature(route, request, raw)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        ex.capture.put_aside("client_request", raw.decode("utf-8", "replace"))
        raise Failed(400, f"the request body is not JSON: {exc}", "bad_request") from None
    ex.capture.add("client_request", body)
    try:
        converted = convert_request(
            body,
            source=route.inbound,
            target=route.upstream.dialect,
            path_model=path_model,
            stream_path=stream_path,
            model_for=route.upstream.model_for,
        )
    except Refused as exc:
        raise Failed(400, str(exc), "bad_request") from None
    ex.outcome.model = path_model or (body.get("model") if isinstance(body, dict) else None)
    ex.outcome.upstream_model, ex.outcome.stream = converted.model, converted.stream
    ex.losses(converted.losses, "request", 400)
    try:
        key = upstream.upstream_key(route, sent_key)
    except upstream.CredentialMissing as exc:
        raise Failed(401, str(exc), "unauthorized") from None
    if key:
        ex.capture.secrets.add(key)
    ex.capture.add("upstream_request", converted.body)
    content = json.dumps(converted.body, ensure_ascii=False).encode()
    target = upstream.url(route, converted.model, converted.stream)
    try:
        headers, secrets = upstream.signed(route, target, upstream.headers(route, request.headers, key), content)
    except upstream.CredentialMissing as exc:
        raise Failed(401, str(exc), "unauthorized") from None
    ex.capture.secrets.update(secrets)
    timeout = httpx.Timeout(route.upstream.timeout, connect=limits.connect_timeout)
    built = ex.gateway.client.build_request("POST", target, content=content, headers=headers, timeout=timeout)
    return built, converted.stream


def transport_failure(exc: httpx.HTTPError, dialect: str) -> Failed:
    """An upstream that could not be reached or stopped answering, as a gateway error."""
    if isinstance(exc, httpx.TimeoutException):
        return Failed(504, f"upstream {dialect} did not answer in time ({type(exc).__name__})", "upstream_timeout")
    return Failed(502, f"upstream {dialect} could not be reached: {type(exc).__name__}", "upstream_unreachable")


async def upstream_error(ex: Exchange, response: httpx.Response) -> Failed:
    """An upstream error answer translated: the client's status and the upstream's message."""
    body = await read_limited(
        response.aiter_bytes(), ex.gateway.config.limits.response_bytes, "the upstream error", 502
    )
    try:
        ex.capture.put_aside("upstream_response", json.loads(body))
    except (ValueError, RecursionError):
        ex.capture.put_aside("upstream_response", body.decode("utf-8", "replace"))
    ex.outcome.upstream_status = response.status_code
    dialect = ex.route.upstream.dialect
    message = f"upstream {dialect} answered {response.status_code}: {upstream_message(body)}"
    passed = {k: v for k, v in response.headers.items() if k.lower() in PASSED_BACK}
    return Failed(client_status(ex.route.inbound, response.status_code), message, "upstream_error", passed)


async def plain(ex: Exchange, sent: httpx.Request) -> Response:
    """A non-streamed exchange: the upstream's response read whole and converted back."""
    route, limits = ex.route, ex.gateway.config.limits
    try:
        response = await ex.gateway.client.send(sent, stream=True)
    except httpx.HTTPError as exc:
        raise transport_failure(exc, route.upstream.dialect) from None
    try:
        if not response.is_success:  # a redirect too: it is never followed (it could leave the configured host)
            raise await upstream_error(ex, response)
        ex.outcome.upstream_status = response.status_code
        raw = await read_limited(response.aiter_bytes(), limits.response_bytes, "the upstream response", 502)
    except httpx.HTTPError as exc:
        raise transport_failure(exc, route.upstream.dialect) from None
    finally:
        await response.aclose()
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        ex.capture.put_aside("upstream_response", raw.decode("utf-8", "replace"))
        raise Failed(
            502, f"upstream {route.upstream.dialect} answered with a body that is not JSON", "upstream_invalid"
        ) from None
    ex.capture.add("upstream_response", body)
    try:
        value, losses = convert_response(body, source=route.upstream.dialect, target=route.inbound)
    except Refused as exc:
        raise Failed(
            502, f"upstream {route.upstream.dialect} response not understood: {exc}", "upstream_invalid"
        ) from None
    ex.losses(losses, "response", 502)
    ex.capture.add("client_response", value)
    ex.end(200)
    return JSONResponse(value, headers={policy.HEADER: policy.header_value(ex.lost)})
