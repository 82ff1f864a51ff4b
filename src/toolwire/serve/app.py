"""The gateway as an ASGI app: one endpoint per configured route path, `/healthz` and
`/metrics`. The app holds no state between exchanges (the pooled upstream client is opened and
closed with the app's lifespan), so any number of workers can run it behind a balancer."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import httpx
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route as Endpoint

from toolwire.serve.config import Route, ServeConfig
from toolwire.serve.exchange import Exchange, Failed, Gateway, plain, prepare
from toolwire.serve.observe import LOGGER, Metrics
from toolwire.serve.record import Recorder
from toolwire.serve.streaming import streamed
from toolwire.serve.upstream import make_client
from toolwire.serve.wire import WIRES

Handler = Callable[[Request], Awaitable[Response]]


def _endpoint(gateway: Gateway, route: Route, pattern: str, stream_path: bool) -> Handler:
    async def handle(request: Request) -> Response:
        ex = Exchange(gateway, route, request, pattern)
        try:
            sent, stream = await prepare(ex, request.path_params.get("model"), stream_path)
            return await (streamed(ex, sent) if stream else plain(ex, sent))
        except Failed as failure:
            return ex.error(failure)
        except Exception as exc:  # a bug: the client still hears its own error shape, the log has the rest
            LOGGER.exception("exchange %s failed", ex.outcome.exchange)
            return ex.error(Failed(500, f"toolwire gateway internal error: {type(exc).__name__}", "internal_error"))
        except BaseException:  # cancelled (the client left, shutdown): counted, then let go
            ex.outcome.outcome = "client_gone"
            ex.end(499)
            raise

    return handle


def routes_table(config: ServeConfig) -> list[str]:
    """One line per served path: `POST path  inbound -> upstream dialect at base URL (policy, key
    source)`."""
    lines = []
    for route in config.routes:
        for path in route.paths():
            up = route.upstream
            lines.append(
                f"POST {path}  {route.inbound} -> {up.dialect} at {up.base_url} ({route.losses}, key {up.credential})"
            )
    return lines


def build(
    config: ServeConfig, record: Path | None = None, transport: httpx.AsyncBaseTransport | None = None
) -> Starlette:
    """The gateway app; `transport` replaces the network for the upstream leg (tests)."""
    recorder = Recorder(record, config.record_max_bytes) if record is not None else None
    gateway = Gateway(config, make_client(config.limits, transport), Metrics(), recorder)
    endpoints = []
    for route in config.routes:
        wire = WIRES[route.inbound]
        for path in (wire.path, wire.stream_path):
            if path is not None:
                pattern = route.prefix + path
                handler = _endpoint(gateway, route, pattern, path == wire.stream_path)
                endpoints.append(Endpoint(pattern, handler, methods=["POST"]))

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok", "routes": len(config.routes)})

    async def metrics(request: Request) -> Response:
        return PlainTextResponse(generate_latest(gateway.metrics.registry), media_type=CONTENT_TYPE_LATEST)

    endpoints += [Endpoint("/healthz", healthz, methods=["GET"]), Endpoint("/metrics", metrics, methods=["GET"])]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await gateway.client.aclose()
            if gateway.recorder is not None:
                gateway.recorder.close()

    served = sorted({e.path for e in endpoints})

    async def unrouted(request: Request, exc: Exception) -> Response:
        # no route, so no dialect to answer in: the OpenAI-style shape most clients read
        status = getattr(exc, "status_code", 404)
        message = f"toolwire serve has no {request.method} {request.url.path}; it serves: {', '.join(served)}"
        return JSONResponse({"error": {"message": message, "type": "not_found_error"}}, status)

    app = Starlette(routes=endpoints, lifespan=lifespan, exception_handlers={404: unrouted, 405: unrouted})
    app.state.gateway = gateway
    return app
