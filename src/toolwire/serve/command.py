"""`toolwire serve`: run the gateway under uvicorn until stopped (Ctrl-C or SIGTERM: it stops
accepting, lets the exchanges under way finish for up to --drain seconds, then exits 0)."""

from __future__ import annotations

import logging
import signal
import socket
import sys
from pathlib import Path

import click

from toolwire.cli.generated_package import load as load_generated
from toolwire.cli.report import echo, fail, guard, say
from toolwire.serve import config as serve_config


def _config(path: Path | None) -> serve_config.ServeConfig:
    try:
        found = path if path is not None else serve_config.find(Path.cwd())
        return serve_config.load(found) if found is not None else serve_config.default_config()
    except serve_config.ConfigError as exc:
        fail(str(exc))


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, its protocol named: asyncio turns Nagle's algorithm off only on
    connections whose socket says IPPROTO_TCP, and accepted ones inherit the listener's
    (socket.create_server leaves it 0). With Nagle on, a response written in parts (headers,
    body, chunk end) waits for the client's delayed ACK: 40 ms on every keep-alive request
    after the first."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    return sock


@click.command(short_help="Run the gateway: any SDK to any provider.")
@click.option(
    "--config",
    "config_file",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="toolwire.toml ([serve]) or pyproject.toml ([tool.toolwire.serve]) (default: the nearest one, else built-in routes).",
)
@click.option("--host", default=None, help="Address to listen on (default: as configured, else 127.0.0.1).")
@click.option("--port", type=click.IntRange(0, 65535), default=None, help="Port (default: as configured, else 8787).")
@click.option(
    "--record",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Folder to capture every exchange in, as JSON lines `toolwire validate` reads.",
)
@click.option(
    "--drain",
    type=click.FloatRange(0),
    default=30.0,
    show_default=True,
    help="Seconds to let exchanges finish on shutdown.",
)
def serve(config_file: Path | None, host: str | None, port: int | None, record: Path | None, drain: float) -> None:
    """Run the protocol gateway: any client dialect in, each route's upstream dialect out.

    Each route takes a client's requests on its dialect's native path, converts them for its
    upstream, and converts the answer (or stream) back; losses go to a `toolwire-losses`
    header, or refuse the request on a strict route.

    \b
    Examples:
      toolwire serve                                  # built-in routes on 127.0.0.1:8787
      toolwire serve --config toolwire.toml --port 9000
      toolwire serve --record captures/              # then: toolwire validate captures/
    """
    with guard():
        try:
            import uvicorn

            from toolwire.serve.app import build, routes_table
        except ImportError as exc:
            fail(f"toolwire serve needs the serve extra (pip install 'toolwire[serve]'): {exc}")

        config = _config(config_file)
        load_generated()  # this checkout's generated converters when there are some
        host = host or config.host
        sock = listen(host, config.port if port is None else port)
        bound = sock.getsockname()[1]
        logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(message)s")
        say(f"serving on http://{host}:{bound} ({config.source}); routes:")
        for line in routes_table(config):
            echo(f"  {line}")
        echo("  GET /healthz\n  GET /metrics")
        app = build(config, record)
        server = uvicorn.Server(
            uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=int(drain) or None)
        )
        # uvicorn drains on SIGTERM, then raises it again for the handler it found: this one makes
        # a drained stop exit 0 (Ctrl-C still ends as every command's: 130)
        signal.signal(signal.SIGTERM, lambda number, frame: None)
        server.run(sockets=[sock])
