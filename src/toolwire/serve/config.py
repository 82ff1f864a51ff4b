"""The gateway's configuration: routes as data, read from `[tool.toolwire.serve]` in
pyproject.toml or `[serve]` in toolwire.toml, checked whole before anything starts. Every
problem names its file, line and key (`toolwire.toml:7: serve.routes[0].upstream.base_url: ...`).

    [tool.toolwire.serve]
    host = "127.0.0.1"                       # the defaults: 127.0.0.1:8787
    port = 8787
    record_max_bytes = 67108864              # --record files rotate past this size
    limits = { request_bytes = 10485760, response_bytes = 33554432, event_bytes = 1048576 }

    [[tool.toolwire.serve.routes]]
    inbound = "anthropic_messages"           # the client's dialect, served on its native path
    prefix = ""                              # put before that path (two dialects sharing one)
    losses = "strict"                        # or "lenient" (the default): forward, and report the losses
    allow_losses = ["id.rewritten"]          # strict only: the loss codes let through (docs/losses.md)
    inbound_key_env = "GATEWAY_KEY"          # optional: clients must send this key
    forward_headers = ["anthropic-beta"]     # client headers passed upstream (allow-list)

    [tool.toolwire.serve.routes.upstream]
    dialect = "openai_chat"
    base_url = "https://api.openai.com"      # the only place an upstream host comes from
    credential = "env:OPENAI_API_KEY"        # or "passthrough" (the client's key), or "none"; for
                                             # bedrock_converse also "aws" (SigV4 signed with
                                             # AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and optional
                                             # AWS_SESSION_TOKEN) or "aws:ID_VAR,SECRET_VAR[,TOKEN_VAR]",
                                             # with `region = "us-east-1"` unless the base_url's host
                                             # names it (bedrock-runtime.<region>.amazonaws.com)
    models = { "claude-sonnet-4-5" = "gpt-4o", "*" = "gpt-4o-mini" }
    timeout = 300                            # seconds without a byte from the upstream
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from toolwire.serve import sigv4
from toolwire.serve.wire import NOT_YET, SECRET_HEADERS, WIRES
from toolwire.spec.loss_codes import LOSS_CODES

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8787
POLICIES = ("lenient", "strict")
# Hop-by-hop and framing headers are the gateway's own to set on each leg.
UNFORWARDABLE = SECRET_HEADERS | {"host", "content-length", "transfer-encoding", "connection", "content-encoding"}
TOP_KEYS = {"host", "port", "routes", "limits", "record_max_bytes"}
ROUTE_KEYS = {"inbound", "prefix", "losses", "allow_losses", "inbound_key_env", "forward_headers", "upstream"}
UPSTREAM_KEYS = {"dialect", "base_url", "credential", "models", "timeout", "region"}


class ConfigError(Exception):
    """The configuration names something the gateway cannot serve; the message says where."""


@dataclass(frozen=True)
class Limits:
    """Sizes the gateway refuses past (bytes), and how long it waits for an upstream (seconds)."""

    request_bytes: int = 10 << 20
    response_bytes: int = 32 << 20
    event_bytes: int = 1 << 20
    connect_timeout: float = 10.0


@dataclass(frozen=True)
class Upstream:
    dialect: str
    base_url: str
    credential: str  # "env:NAME", "passthrough", "none", or "aws" / "aws:ID,SECRET[,TOKEN]" (SigV4)
    models: dict[str, str] = field(default_factory=dict)  # client's model -> upstream's; "*" for any
    timeout: float = 300.0
    region: str | None = None  # where the credential signs (SigV4)

    def model_for(self, model: str | None) -> str | None:
        if model is not None and model in self.models:
            return self.models[model]
        return self.models.get("*", model)


@dataclass(frozen=True)
class Route:
    inbound: str
    upstream: Upstream
    prefix: str = ""
    losses: str = "lenient"
    allow_losses: frozenset[str] = frozenset()  # the loss codes a strict route lets through
    inbound_key_env: str | None = None
    forward_headers: tuple[str, ...] = ()

    def paths(self) -> tuple[str, ...]:
        wire = WIRES[self.inbound]
        return tuple(self.prefix + p for p in (wire.path, wire.stream_path) if p)


@dataclass(frozen=True)
class ServeConfig:
    routes: tuple[Route, ...]
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    limits: Limits = Limits()
    record_max_bytes: int = 64 << 20
    source: str = "built-in defaults"


def default_config() -> ServeConfig:
    """No configuration: every served dialect on its native path (Mistral under /mistral), each
    forwarded to OpenAI Chat Completions with the key in OPENAI_API_KEY. Never the client's own
    key: a client of another provider would send that provider's key to OpenAI."""
    upstream = Upstream("openai_chat", "https://api.openai.com", "env:OPENAI_API_KEY")
    routes = [Route(name, upstream, prefix="/mistral" if name == "mistral" else "") for name in WIRES]
    return ServeConfig(tuple(routes))


def _section(path: Path) -> tuple[Any, str]:
    """The gateway table of a file (None when it has none) and its dotted name."""
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}:1: cannot read: {exc}") from None
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        line = re.search(r"line (\d+)", str(exc))
        raise ConfigError(f"{path}:{line.group(1) if line else 1}: not valid TOML: {exc}") from None
    if path.name == "toolwire.toml":
        return document.get("serve"), "serve"
    tool = document.get("tool")
    toolwire = tool.get("toolwire") if isinstance(tool, dict) else None
    return (toolwire.get("serve") if isinstance(toolwire, dict) else None), "tool.toolwire.serve"


def load(path: Path) -> ServeConfig:
    """The configuration in path: its `[serve]` table (toolwire.toml) or `[tool.toolwire.serve]`
    (any other file, as pyproject.toml)."""
    table, where = _section(path)
    if table is None:
        raise ConfigError(f"{path}:1: {where}: missing: the file has no gateway configuration")
    try:
        return parse(table, where, str(path))
    except ConfigError as exc:
        dotted = str(exc).split(": ", 1)[0]
        raise ConfigError(f"{path}:{_line(path.read_text(encoding='utf-8'), dotted)}: {exc}") from None


def _line(text: str, dotted: str) -> int:
    """The line a dotted key (`serve.routes[1].upstream.base_url`) is most likely on: its last
    name after the start of the route it is in (TOML keeps no positions; 1 when not found)."""
    lines = text.splitlines()
    start = 0
    route = re.search(r"routes\[(\d+)\]", dotted)
    if route:
        headers = [n for n, line in enumerate(lines) if re.match(r"\s*\[\[[\w.]*routes\]\]", line)]
        start = headers[int(route.group(1))] if int(route.group(1)) < len(headers) else 0
    name = re.sub(r"\[\d+\]$", "", dotted.rsplit(".", 1)[-1])
    for number in range(start, len(lines)):
        if re.search(rf"(^|[\s{{,]){re.escape(name)}\s*=", lines[number]):
            return number + 1
    return start + 1


def find(start: Path) -> Path | None:
    """The nearest toolwire.toml or pyproject.toml at or above start that has a gateway table."""
    for folder in (start.resolve(), *start.resolve().parents):
        for name in ("toolwire.toml", "pyproject.toml"):
            candidate = folder / name
            if candidate.is_file() and _section(candidate)[0] is not None:
                return candidate
    return None


def _unknown(table: dict[str, Any], known: set[str], where: str) -> None:
    for key in table:
        if key not in known:
            raise ConfigError(f"{where}.{key}: unknown key; known: {', '.join(sorted(known))}")


def _typed(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ConfigError(f"{where}.{key}: expected {what}, got {value!r}")
    return value


def _positive(table: dict[str, Any], key: str, where: str, default: float, kind: type = int) -> Any:
    if key not in table:
        return default
    value = _typed(table, key, (int, float) if kind is float else int, where, f"a positive {kind.__name__}")
    if value <= 0:
        raise ConfigError(f"{where}.{key}: expected a positive {kind.__name__}, got {value!r}")
    return value


def parse(table: Any, where: str, source: str) -> ServeConfig:
    """A gateway table checked whole; `where` prefixes every message."""
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: expected a table")
    _unknown(table, TOP_KEYS, where)
    host = _typed(table, "host", str, where, "a host name") if "host" in table else DEFAULT_HOST
    port = _positive(table, "port", where, DEFAULT_PORT)
    if port > 65535:
        raise ConfigError(f"{where}.port: expected a port number (1-65535), got {port}")
    limits_table = table.get("limits", {})
    if not isinstance(limits_table, dict):
        raise ConfigError(f"{where}.limits: expected a table")
    _unknown(limits_table, {"request_bytes", "response_bytes", "event_bytes", "connect_timeout"}, f"{where}.limits")
    base = Limits()
    limits = Limits(
        *(
            _positive(limits_table, name, f"{where}.limits", getattr(base, name), float if "timeout" in name else int)
            for name in ("request_bytes", "response_bytes", "event_bytes", "connect_timeout")
        )
    )
    raw_routes = table.get("routes")
    if not isinstance(raw_routes, list) or not raw_routes:
        raise ConfigError(f"{where}.routes: expected a non-empty array of route tables")
    routes = tuple(_route(raw, f"{where}.routes[{i}]") for i, raw in enumerate(raw_routes))
    seen: dict[str, str] = {}
    for i, route in enumerate(routes):
        for path in route.paths():
            if path in seen:
                raise ConfigError(
                    f"{where}.routes[{i}].prefix: path {path} is served by {seen[path]} already; give one a prefix"
                )
            seen[path] = f"routes[{i}]"
    record_max = _positive(table, "record_max_bytes", where, 64 << 20)
    return ServeConfig(routes, host, port, limits, record_max, source)


def _dialect(table: dict[str, Any], key: str, where: str) -> str:
    if key not in table:
        raise ConfigError(f"{where}.{key}: missing; one of {', '.join(WIRES)}")
    name = _typed(table, key, str, where, "a dialect name")
    if name in NOT_YET:
        raise ConfigError(f"{where}.{key}: {name} is not served: {NOT_YET[name]}")
    if name not in WIRES:
        raise ConfigError(f"{where}.{key}: unknown dialect {name!r}; one of {', '.join(WIRES)}")
    return str(name)


def _route(raw: Any, where: str) -> Route:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a table")
    _unknown(raw, ROUTE_KEYS, where)
    inbound = _dialect(raw, "inbound", where)
    prefix = _typed(raw, "prefix", str, where, "a path prefix") if "prefix" in raw else ""
    if prefix and (not prefix.startswith("/") or prefix.endswith("/") or any(c in prefix for c in "{}?#")):
        raise ConfigError(f"{where}.prefix: expected a path like /mistral (leading /, no trailing /), got {prefix!r}")
    losses = _typed(raw, "losses", str, where, "lenient or strict") if "losses" in raw else "lenient"
    if losses not in POLICIES:
        raise ConfigError(f"{where}.losses: expected lenient or strict, got {losses!r}")
    allow = _allow_losses(raw, losses, where)
    key_env = (
        _typed(raw, "inbound_key_env", str, where, "an environment variable name") if "inbound_key_env" in raw else None
    )
    headers = (
        _typed(raw, "forward_headers", list, where, "an array of header names") if "forward_headers" in raw else []
    )
    for i, name in enumerate(headers):
        if not isinstance(name, str) or not name or name.lower() in UNFORWARDABLE:
            raise ConfigError(
                f"{where}.forward_headers[{i}]: {name!r} cannot be forwarded (credentials and framing are the gateway's)"
            )
    if "upstream" not in raw:
        raise ConfigError(f"{where}.upstream: missing; a table with dialect, base_url and credential")
    upstream = _upstream(raw["upstream"], f"{where}.upstream")
    if key_env is not None and upstream.credential == "passthrough":
        raise ConfigError(
            f"{where}.inbound_key_env: a route that checks the client's key cannot also pass it upstream "
            "(credential = 'passthrough'); give the upstream an env: credential"
        )
    return Route(inbound, upstream, prefix, losses, allow, key_env, tuple(h.lower() for h in headers))


def _allow_losses(raw: dict[str, Any], losses: str, where: str) -> frozenset[str]:
    """A strict route's allow-list: known loss codes (docs/losses.md), each checked here."""
    if "allow_losses" not in raw:
        return frozenset()
    codes = _typed(raw, "allow_losses", list, where, "an array of loss codes")
    if losses != "strict":
        raise ConfigError(
            f"{where}.allow_losses: only a strict route has one (a lenient route lets every loss through)"
        )
    for i, code in enumerate(codes):
        if code not in LOSS_CODES:
            raise ConfigError(
                f"{where}.allow_losses[{i}]: unknown loss code {code!r}; known: {', '.join(sorted(LOSS_CODES))}"
            )
    return frozenset(codes)


def _upstream(raw: Any, where: str) -> Upstream:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a table")
    _unknown(raw, UPSTREAM_KEYS, where)
    dialect = _dialect(raw, "dialect", where)
    if "base_url" not in raw:
        raise ConfigError(f"{where}.base_url: missing; the upstream's origin, like https://api.openai.com")
    base_url = _typed(raw, "base_url", str, where, "an http(s) URL")
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ConfigError(f"{where}.base_url: expected an http(s) URL without query or fragment, got {base_url!r}")
    credential = _typed(raw, "credential", str, where, "env:NAME, passthrough or none") if "credential" in raw else ""
    region = _signing(raw, dialect, base_url, credential, where)
    known = credential in ("passthrough", "none") or (credential.startswith("env:") and len(credential) > 4)
    if not known and not sigv4.is_aws(credential):
        aws = ", or aws (SigV4)" if WIRES[dialect].signing else ""
        raise ConfigError(f"{where}.credential: expected env:NAME, passthrough or none{aws}, got {credential!r}")
    models = _typed(raw, "models", dict, where, "a table of model names") if "models" in raw else {}
    for name, value in models.items():
        if not isinstance(value, str) or not value:
            raise ConfigError(f"{where}.models.{name}: expected the upstream's model name, got {value!r}")
    timeout = _positive(raw, "timeout", where, 300.0, float)
    return Upstream(dialect, base_url.rstrip("/"), credential, dict(models), float(timeout), region)


def _signing(raw: dict[str, Any], dialect: str, base_url: str, credential: str, where: str) -> str | None:
    """The region an `aws` credential signs for (the `region` key, else the Bedrock host's);
    refused for a dialect that takes no AWS signature, or variables not named plainly."""
    if "region" in raw:
        region: str | None = str(_typed(raw, "region", str, where, "an AWS region name"))
        if not re.fullmatch(r"[a-z]{2}(-[a-z0-9]+)+", region or ""):
            raise ConfigError(f"{where}.region: expected an AWS region name like us-east-1, got {region!r}")
    else:
        region = sigv4.region_from_url(base_url)
    if not sigv4.is_aws(credential):
        return region
    if WIRES[dialect].signing is None:
        raise ConfigError(
            f"{where}.credential: {dialect} takes no AWS signature; expected env:NAME, passthrough or none"
        )
    names = sigv4.variable_names(credential)
    if len(names) not in (2, 3) or not all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n) for n in names):
        raise ConfigError(
            f"{where}.credential: expected aws or aws:ACCESS_KEY_VAR,SECRET_KEY_VAR[,SESSION_TOKEN_VAR], got {credential!r}"
        )
    if region is None:
        raise ConfigError(f"{where}.region: missing; AWS signing needs the region (none is in the base_url's host)")
    return region
