"""Offline only: no schema file can make `generate` or `validate` open a network connection.

jsonschema-rs fetches a meta-schema it does not know over HTTP (and a host that never answers
stalls it for 30 s). A `$schema` other than 2020-12, anywhere in a schema, and a `$ref` or
`$dynamicRef` outside the schemas folder are spec errors with their file and pointer instead.
Each case names a local socket that listens but never answers, and asserts it saw no one.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

DRAFT = "https://json-schema.org/draft/2020-12/schema"


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)  # accepted by the kernel, never answered: a client would wait
    yield server
    server.close()


def connections(server: socket.socket) -> int:
    server.setblocking(False)
    seen = 0
    while True:
        try:
            client, _ = server.accept()
        except BlockingIOError:
            return seen
        client.close()
        seen += 1


def edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


# (schema file, what to change, JSON Pointer of the problem); {url} is the listening socket.
CASES = {
    "root $schema": ("dialects/openai_chat/tool_call.json", lambda d, url: d.update({"$schema": url}), "/$schema"),
    "meta-schema's $schema": ("meta/dialect.schema.json", lambda d, url: d.update({"$schema": url}), "/$schema"),
    "embedded $schema": (
        "dialects/openai_chat/tool_call.json",
        lambda d, url: d.setdefault("$defs", {}).update({"X": {"$id": "http://x.invalid/x", "$schema": url}}),
        "/$defs/X/$schema",
    ),
    "$ref": (
        "dialects/openai_chat/tool_call.json",
        lambda d, url: d["properties"].update({"id": {"$ref": url}}),
        "/properties/id/$ref",
    ),
    "$dynamicRef": (
        "canonical/tool_call.json",
        lambda d, url: d["properties"].update({"extra": {"$dynamicRef": url + "#meta"}}),
        "/properties/extra/$dynamicRef",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_no_schema_makes_generate_or_validate_go_online(case: str, workspace, toolwire, listener) -> None:
    rel, change, at = CASES[case]
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/x.json"
    edit(workspace.schemas / rel, lambda d: change(d, url))
    payload = workspace.root / "call.json"
    payload.write_text(json.dumps({"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}))
    commands = {
        "validate": ["validate", "--schemas", workspace.schemas, payload],
        "generate": [
            "generate",
            "--schemas",
            workspace.schemas,
            "--templates",
            workspace.templates,
            "--out",
            workspace.out,
        ],
    }
    for name, args in commands.items():
        start = time.monotonic()
        proc = toolwire(*args, cwd=workspace.root, timeout=60)
        elapsed = time.monotonic() - start
        assert connections(listener) == 0, f"{name} connected to {url}"
        assert proc.returncode == 2, (name, proc.stderr)
        assert elapsed < 20, f"{name} took {elapsed:.0f} s"  # an unanswered fetch stalls for 30 s
        problems = [line for line in proc.stderr.splitlines() if not line.startswith("toolwire:")]
        # The one root cause, at its file and pointer; nothing cascades from it.
        assert len(problems) == 1, proc.stderr
        assert problems[0].startswith(f"schemas/{rel}:"), problems
        assert f": {at}: " in problems[0] and url in problems[0], problems
        assert "does not resolve offline" in problems[0] or "no meta-schema is fetched" in problems[0]
    assert not workspace.out.exists()  # nothing was generated


def test_a_missing_or_non_string_root_schema_keyword_is_still_reported(workspace, toolwire) -> None:
    rel = "dialects/openai_chat/tool_choice.json"
    edit(workspace.schemas / rel, lambda d: d.update({"$schema": 5}))
    proc = toolwire("validate", "--schemas", workspace.schemas, "-", input="{}", cwd=workspace.root, timeout=60)
    assert proc.returncode == 2
    assert f"schemas/{rel}:2: /$schema: expected {DRAFT!r}" in proc.stderr
