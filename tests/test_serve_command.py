"""`toolwire serve` on the command line: the configuration checked with errors that name the
key, the built-in routes without one, a real process that answers /healthz and stops cleanly
on SIGTERM, and a port already taken said in one line."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from toolwire.serve.config import ConfigError, default_config, find, load, parse
from toolwire.serve.convert import Lost
from toolwire.serve.policy import header_value

GOOD = {
    "inbound": "openai_chat",
    "upstream": {"dialect": "anthropic_messages", "base_url": "https://api.anthropic.com", "credential": "env:K"},
}

BEDROCK = {
    "dialect": "bedrock_converse",
    "base_url": "https://bedrock-runtime.eu-west-3.amazonaws.com",
    "credential": "aws",
}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"routes": []}, "t.routes: expected a non-empty array"),
        ({"routes": [GOOD], "bogus": 1}, "t.bogus: unknown key"),
        (
            {"routes": [{**GOOD, "inbound": "mcp"}]},
            "t.routes[0].inbound: mcp is not served: MCP carries tools only",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**GOOD["upstream"], "credential": "aws"}}]},
            "t.routes[0].upstream.credential: anthropic_messages takes no AWS signature",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**BEDROCK, "base_url": "http://fake.test"}}]},
            "t.routes[0].upstream.region: missing; AWS signing needs the region",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**BEDROCK, "region": "Mars 1"}}]},
            "t.routes[0].upstream.region: expected an AWS region name like us-east-1",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**BEDROCK, "credential": "AKIA-pasted-key"}}]},
            "t.routes[0].upstream.credential: expected env:NAME, passthrough or none, or aws (SigV4), got",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**BEDROCK, "credential": "aws:ONLY_ONE"}}]},
            "t.routes[0].upstream.credential: expected aws or aws:ACCESS_KEY_VAR,SECRET_KEY_VAR",
        ),
        ({"routes": [{**GOOD, "inbound": "nope"}]}, "t.routes[0].inbound: unknown dialect 'nope'"),
        ({"routes": [{**GOOD, "losses": "maybe"}]}, "t.routes[0].losses: expected lenient or strict"),
        (
            {"routes": [{**GOOD, "losses": "strict", "allow_losses": ["seed"]}]},
            "t.routes[0].allow_losses[0]: unknown loss code 'seed'",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**GOOD["upstream"], "base_url": "file:///etc"}}]},
            "t.routes[0].upstream.base_url: expected an http(s) URL",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**GOOD["upstream"], "credential": "sk-live-123"}}]},
            "t.routes[0].upstream.credential: expected env:NAME",
        ),
        (
            {"routes": [{**GOOD, "upstream": {**GOOD["upstream"], "models": {"a": 5}}}]},
            "t.routes[0].upstream.models.a: expected the upstream's model name",
        ),
        (
            {"routes": [{**GOOD, "forward_headers": ["Authorization"]}]},
            "t.routes[0].forward_headers[0]: 'Authorization' cannot be forwarded",
        ),
        ({"routes": [GOOD, GOOD]}, "t.routes[1].prefix: path /v1/chat/completions is served by routes[0] already"),
        ({"routes": [{**GOOD, "prefix": "mistral/"}]}, "t.routes[0].prefix: expected a path like /mistral"),
        ({"routes": [GOOD], "port": 70000}, "t.port: expected a port number"),
        ({"routes": [GOOD], "limits": {"event_bytes": 0}}, "t.limits.event_bytes: expected a positive int"),
        (
            {
                "routes": [
                    {**GOOD, "inbound_key_env": "GW", "upstream": {**GOOD["upstream"], "credential": "passthrough"}}
                ]
            },
            "t.routes[0].inbound_key_env: a route that checks the client's key cannot also pass it upstream",
        ),
    ],
)
def test_configuration_errors_name_the_key(table: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        parse(table, "t", "t")
    assert str(raised.value).startswith(message), str(raised.value)


def test_models_map_with_a_fallback() -> None:
    table = {
        "routes": [
            {
                **GOOD,
                "upstream": {**GOOD["upstream"], "models": {"gpt-4o": "claude-sonnet-4-5", "*": "claude-haiku-4-5"}},
            }
        ]
    }
    upstream = parse(table, "t", "t").routes[0].upstream
    assert upstream.model_for("gpt-4o") == "claude-sonnet-4-5" and upstream.model_for("other") == "claude-haiku-4-5"
    assert parse({"routes": [GOOD]}, "t", "t").routes[0].upstream.model_for("same") == "same"


def test_the_defaults_serve_every_dialect_on_its_own_path() -> None:
    paths = [p for route in default_config().routes for p in route.paths()]
    assert "/v1/chat/completions" in paths and "/mistral/v1/chat/completions" in paths and "/api/chat" in paths
    assert "/v1beta/models/{model}:streamGenerateContent" in paths and len(paths) == len(set(paths))
    # the client's own key is never sent to another provider by default
    assert {route.upstream.credential for route in default_config().routes} == {"env:OPENAI_API_KEY"}


def test_the_table_is_found_in_toolwire_toml_or_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.toolwire]\nout = "g"\n')
    assert find(tmp_path) is None  # a toolwire table without a gateway
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolwire.serve]\nport = 9000\n[[tool.toolwire.serve.routes]]\ninbound = "ollama"\n'
        'upstream = { dialect = "openai_chat", base_url = "http://localhost:1", credential = "none" }\n'
    )
    found = find(tmp_path)
    assert found == tmp_path / "pyproject.toml" and load(found).port == 9000
    (tmp_path / "toolwire.toml").write_text("[serve]\nroutes = 5\n")
    with pytest.raises(ConfigError, match=r"toolwire.toml:2: serve.routes: expected a non-empty array"):
        load(tmp_path / "toolwire.toml")
    two_routes = '[serve]\n[[serve.routes]]\ninbound = "ollama"\nupstream = { dialect = "gemini", base_url = "http://a" , credential = "none" }\n'
    (tmp_path / "toolwire.toml").write_text(
        two_routes + two_routes.replace("[serve]\n", "").replace("http://a", "nope")
    )
    with pytest.raises(ConfigError, match=r"toolwire.toml:7: serve.routes\[1\].upstream.base_url: expected an http"):
        load(tmp_path / "toolwire.toml")
    (tmp_path / "toolwire.toml").write_text("[serve\n")
    with pytest.raises(ConfigError, match=r"toolwire.toml:1: not valid TOML"):
        load(tmp_path / "toolwire.toml")


def test_the_loss_header_escapes_what_would_break_it() -> None:
    losses = [
        Lost("extension.field_dropped", "/extensions/x/a,b;c d", "t"),
        Lost("setting.dropped", "/settings/é", "t"),
    ]
    assert (
        header_value(losses)
        == "2; extension.field_dropped /extensions/x/a%2Cb%3Bc%20d, setting.dropped /settings/%C3%A9"
    )
    assert header_value([]) == "0"
    many = header_value([Lost("field.dropped", "/x" * 50, "t")] * 200)
    assert many.startswith("200; ") and many.endswith("...") and len(many) < 4200


def test_a_bad_config_file_exits_2_with_the_key(tmp_path: Path, toolwire: Any) -> None:
    bad = tmp_path / "toolwire.toml"
    bad.write_text(
        '[serve]\n[[serve.routes]]\ninbound = "openai_chat"\nupstream = { dialect = "gemini", base_url = "ftp://x" }\n'
    )
    result = toolwire("serve", "--config", bad)
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == f"toolwire: {bad}:4: serve.routes[0].upstream.base_url: expected an http(s) URL without query or fragment, got 'ftp://x'"
    )


def test_toolwire_config_accepts_a_serve_table(tmp_path: Path, toolwire: Any) -> None:
    (tmp_path / "toolwire.toml").write_text("[serve]\nport = 1\n")
    result = toolwire("config", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_starts_with_defaults_answers_and_stops_on_sigterm(tmp_path: Path) -> None:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolwire", "serve", "--port", str(port)],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        assert proc.stderr is not None
        lines = [proc.stderr.readline() for _ in range(3)]
        assert lines[0].startswith(f"toolwire: serving on http://127.0.0.1:{port} (built-in defaults); routes:")
        assert re.match(
            r"  POST /v1/chat/completions  openai_chat -> openai_chat at https://api.openai.com \(lenient, key env:OPENAI_API_KEY\)",
            lines[1],
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the gateway did not answer"
                time.sleep(0.1)
        assert health.json()["status"] == "ok"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_a_port_in_use_is_one_line_and_exit_2(toolwire: Any) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        result = toolwire("serve", "--port", str(taken.getsockname()[1]), timeout=60)
    assert result.returncode == 2
    assert re.fullmatch(r"toolwire: cannot listen on 127\.0\.0\.1:\d+: .+\n", result.stderr), result.stderr


def test_the_documented_example_loads(tmp_path: Path) -> None:
    import textwrap

    import toolwire.serve.config as config_module

    doc = config_module.__doc__ or ""
    example = textwrap.dedent(doc[doc.index("    [tool.toolwire.serve]") :])
    (tmp_path / "pyproject.toml").write_text(example)
    loaded = load(tmp_path / "pyproject.toml")
    (route,) = loaded.routes
    assert (route.inbound, route.upstream.dialect, route.inbound_key_env) == (
        "anthropic_messages",
        "openai_chat",
        "GATEWAY_KEY",
    )
    assert route.upstream.model_for("claude-sonnet-4-5") == "gpt-4o" and route.upstream.model_for("x") == "gpt-4o-mini"
    assert loaded.limits.event_bytes == 1 << 20 and loaded.port == 8787
