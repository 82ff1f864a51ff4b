"""The upstream leg: one pooled httpx client for every route, each request's URL built from the
route's configured base URL only (nothing of the client's request picks the host: no SSRF),
its credential from the configured source, and only allow-listed client headers."""

from __future__ import annotations

import importlib.util
import itertools
import os
import re
from typing import Any
from urllib.parse import quote

import httpx
from starlette.datastructures import Headers, QueryParams

from toolwire.serve import sigv4
from toolwire.serve.config import Limits, Route
from toolwire.serve.wire import WIRES


class CredentialMissing(Exception):
    """The route's credential source gave no key (an unset variable, a client that sent none)."""


SHARDS = 16  # upstream pools; see Pool
KEEP_ALIVE = 128  # idle connections kept for reuse, over all the pools


class Pool:
    """The upstream client: several pooled httpx clients, each request sent on the next in
    turn. httpcore walks its whole pool each time a request starts or ends (polling every idle
    connection, and counting the pool again for each idle one), so a single pool of n
    connections costs O(n) to O(n^2) per request: at 200 concurrent exchanges that cost the
    gateway milliseconds a request. Pools of n/16 keep that walk short."""

    def __init__(self, clients: list[httpx.AsyncClient]) -> None:
        self.clients = clients
        self._turn = itertools.cycle(clients)

    def build_request(self, method: str, url: str, **kwargs: Any) -> httpx.Request:
        return self.clients[0].build_request(method, url, **kwargs)  # the clients are configured alike

    async def send(self, request: httpx.Request, *, stream: bool = False) -> httpx.Response:
        return await next(self._turn).send(request, stream=stream)

    async def aclose(self) -> None:
        for client in self.clients:
            await client.aclose()


def make_client(limits: Limits, transport: httpx.AsyncBaseTransport | None = None) -> Pool:
    """The shared client: pooled keep-alive connections, HTTP/2 where the h2 package is
    installed, no redirects followed (a redirect could leave the configured host), no proxy or
    .netrc credentials picked up from the environment. A transport given (tests) is one pool."""
    shards = 1 if transport is not None else SHARDS
    return Pool(
        [
            httpx.AsyncClient(
                transport=transport,
                http2=transport is None and importlib.util.find_spec("h2") is not None,
                # no cap on connections: a capped pool would queue streams behind each other
                # (each one holds its connection for its whole length); idle ones kept for reuse
                limits=httpx.Limits(max_connections=None, max_keepalive_connections=KEEP_ALIVE // shards),
                timeout=httpx.Timeout(None, connect=limits.connect_timeout),
                follow_redirects=False,
                trust_env=False,
            )
            for _ in range(shards)
        ]
    )


def url(route: Route, model: str | None, stream: bool) -> str:
    """The upstream URL: the configured base plus the dialect's path; a model named in the URL
    is one path segment, escaped, so a client's model name cannot change the path or host."""
    wire = WIRES[route.upstream.dialect]
    path = wire.stream_path if stream and wire.stream_path else wire.path
    if wire.model_in_path:
        path = re.sub(r"\{model(?::path)?\}", lambda _: quote(model or "", safe=""), path)
    query = f"?{wire.upstream_query}" if stream and wire.upstream_query else ""
    return route.upstream.base_url + path + query


def client_key(dialect: str, headers: Headers, query: QueryParams) -> str | None:
    """The API key the client sent, where its dialect's SDK puts it."""
    wire = WIRES[dialect]
    value = headers.get(wire.key_header)
    if value is not None and value.lower().startswith(wire.key_prefix.lower()):
        return value[len(wire.key_prefix) :].strip() or None
    if wire.key_query and query.get(wire.key_query):
        return query[wire.key_query]
    # SDKs of OpenAI-shaped dialects all send a bearer token; accept it for any dialect
    bearer = headers.get("authorization", "")
    if bearer.lower().startswith("bearer "):
        return bearer[7:].strip() or None
    return None


def upstream_key(route: Route, sent: str | None) -> str | None:
    """The key to send upstream, from the route's credential source."""
    credential = route.upstream.credential
    if credential == "none" or sigv4.is_aws(credential):  # AWS credentials sign instead (signed())
        return None
    if credential == "passthrough":
        if not sent:
            raise CredentialMissing("the route passes the client's API key upstream, and the request has none")
        return sent
    name = credential.removeprefix("env:")
    key = os.environ.get(name)
    if not key:
        raise CredentialMissing(f"the upstream credential variable {name} is not set")
    return key


def headers(route: Route, inbound: Headers, key: str | None) -> dict[str, str]:
    """The upstream request's headers: the dialect's fixed ones, the key, and the client's
    headers the route allows (never a credential: the configuration refuses those names)."""
    wire = WIRES[route.upstream.dialect]
    out = {"content-type": "application/json", "user-agent": "toolwire-serve", **wire.fixed_headers}
    for name in route.forward_headers:
        if name in inbound:
            out[name] = inbound[name]
    if key is not None:
        out[wire.key_header] = wire.key_prefix + key
    return out


def signed(
    route: Route, target: str, headers: dict[str, str], content: bytes
) -> tuple[dict[str, str], tuple[str, ...]]:
    """The headers with the route's AWS SigV4 signature added, where its credential is `aws`
    (the others unchanged), and the secrets that signature used (for the recording's scrub)."""
    up = route.upstream
    service = WIRES[up.dialect].signing
    if not sigv4.is_aws(up.credential) or service is None or up.region is None:
        return headers, ()
    try:
        creds = sigv4.credentials(up.credential)
    except sigv4.Unsigned as exc:
        raise CredentialMissing(str(exc)) from None
    return sigv4.sign(creds, service, up.region, target, headers, content), sigv4.secrets(creds)
