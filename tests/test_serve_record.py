"""`toolwire serve --record DIR`: every exchange captured as JSON lines (each stage's payloads,
a partial stream included), rotated by size, with no key in any file, and read as they are by
`toolwire validate DIR`."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx

from tests.test_serve_fakes import Answer, FakeUpstream, gateway_config, response_vector, running, stream_vector
from toolwire.serve.app import build
from toolwire.serve.config import ServeConfig

CLIENT_KEY = "sk-client-secret-0123456789"
UPSTREAM_KEY = "sk-upstream-secret-9876543210"
CHAT = {"model": "gpt-4o", "max_tokens": 50, "messages": [{"role": "user", "content": "Weather in Paris?"}]}


def record_exchanges(
    folder: Path, fake: FakeUpstream, bodies: list[dict[str, Any]], config: ServeConfig | None = None
) -> list[str]:
    """Send each body through a recording gateway (upstream over loopback); the answers' text."""
    with running(fake.app) as upstream_url:
        config = config or gateway_config("openai_chat", fake.dialect, base_url=upstream_url)
        config = ServeConfig(
            tuple(
                type(r)(r.inbound, type(r.upstream)(r.upstream.dialect, upstream_url, r.upstream.credential))
                for r in config.routes
            ),
            record_max_bytes=config.record_max_bytes,
        )

        async def run() -> list[str]:
            app = build(config, folder)
            texts = []
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://g") as client:
                for body in bodies:
                    response = await client.post(
                        "/v1/chat/completions", json=body, headers={"authorization": f"Bearer {CLIENT_KEY}"}
                    )
                    texts.append(response.text)
            await app.state.gateway.client.aclose()
            app.state.gateway.recorder.close()
            return texts

        return asyncio.run(run())


def index(folder: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line) for path in sorted(folder.glob("*.exchanges.log")) for line in path.read_text().splitlines()
    ]


def payload_lines(folder: Path, entry: dict[str, Any], stage: str) -> list[Any]:
    lines = (folder / entry["file"]).read_text().splitlines()
    span = entry["lines"][stage]
    return [json.loads(line) for line in lines[span["first"] - 1 : span["first"] - 1 + span["count"]]]


def test_each_stage_is_recorded_and_validate_reads_the_folder(tmp_path: Path, toolwire: Any) -> None:
    fake = FakeUpstream(
        "anthropic_messages",
        Answer(body=response_vector("anthropic_messages", "text and two tool calls")),
        Answer(events=stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")),
        Answer(status=429, body={"type": "error", "error": {"type": "rate_limit_error", "message": "slow down"}}),
    )
    record_exchanges(tmp_path, fake, [CHAT, {**CHAT, "stream": True}, CHAT])
    plain, streamed, failed = index(tmp_path)
    assert payload_lines(tmp_path, plain, "client_request") == [CHAT]
    assert payload_lines(tmp_path, plain, "upstream_request")[0]["model"] == "gpt-4o"
    assert payload_lines(tmp_path, plain, "upstream_response")[0]["id"] == "msg_011S3wxtqL5CVescWqS3zeg2"
    assert payload_lines(tmp_path, plain, "client_response")[0]["object"] == "chat.completion"
    assert plain["status"] == 200 and plain["inbound"] == "openai_chat" and plain["upstream"] == "anthropic_messages"
    events = stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")
    assert payload_lines(tmp_path, streamed, "upstream_response") == events
    assert all(c["object"] == "chat.completion.chunk" for c in payload_lines(tmp_path, streamed, "client_response"))
    # error answers are no payloads of a dialect: kept in the index, beside the payload file
    assert failed["status"] == 429 and failed["outcome"] == "upstream_error"
    assert failed["aside"]["client_response"]["error"]["type"] == "rate_limit_error"
    assert failed["aside"]["upstream_response"]["error"]["message"] == "slow down"
    assert set(failed["lines"]) == {"client_request", "upstream_request"}
    result = toolwire("validate", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 invalid, 0 undetected" in result.stdout + result.stderr


def test_keys_never_reach_a_file(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("TW_REC_KEY", UPSTREAM_KEY)
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    config = gateway_config("openai_chat", "openai_chat", upstream={"credential": "env:TW_REC_KEY"})
    # a client that pastes its key into the conversation too
    record_exchanges(
        tmp_path, fake, [{**CHAT, "messages": [{"role": "user", "content": f"my key is {CLIENT_KEY}"}]}], config
    )
    assert fake.received[0]["headers"]["authorization"] == f"Bearer {UPSTREAM_KEY}"
    files = list(tmp_path.iterdir())
    assert files
    for path in files:
        text = path.read_text()
        assert CLIENT_KEY not in text and UPSTREAM_KEY not in text, path
    assert index(tmp_path)[0]["headers"]["authorization"] == "[redacted]"


def test_a_cut_stream_is_recorded_as_far_as_it_went(tmp_path: Path) -> None:
    events = stream_vector("anthropic_messages", "two tool_use blocks, keyed by block index")
    fake = FakeUpstream("anthropic_messages", Answer(events=events, cut_after=4))
    (text,) = record_exchanges(tmp_path, fake, [{**CHAT, "stream": True}])
    (entry,) = index(tmp_path)
    assert entry["outcome"] == "upstream_cut" and "[DONE]" not in text
    assert payload_lines(tmp_path, entry, "upstream_response") == events[:4]
    assert "error" in entry["aside"]["client_response"]
    assert "error" not in payload_lines(tmp_path, entry, "client_response")[-1]


def test_files_rotate_by_size(tmp_path: Path) -> None:
    fake = FakeUpstream("openai_chat", Answer(body=response_vector("openai_chat", "a text response")))
    config = ServeConfig(gateway_config("openai_chat", "openai_chat").routes, record_max_bytes=300)
    record_exchanges(tmp_path, fake, [CHAT, CHAT, CHAT], config)
    captures = sorted(tmp_path.glob("capture-*.jsonl"))
    assert len(captures) == 3 and len(list(tmp_path.glob("*.exchanges.log"))) == 3
    assert [entry["file"] for entry in index(tmp_path)] == [p.name for p in captures]


def test_error_answers_of_every_client_dialect_leave_the_capture_valid(tmp_path: Path, toolwire: Any) -> None:
    # Cohere's and Mistral's error shapes are no payload schema: recorded in the payload file
    # they would be findings of `toolwire validate`
    fake = FakeUpstream("openai_chat", Answer(status=503, text="<html>down</html>"))
    with running(fake.app) as upstream_url:
        for inbound in ("cohere_v2", "mistral", "gemini", "ollama"):
            config = gateway_config(inbound, "openai_chat", base_url=upstream_url)

            async def run(config: ServeConfig = config, inbound: str = inbound) -> int:
                app = build(config, tmp_path)
                path = "/v1beta/models/m:generateContent" if inbound == "gemini" else config.routes[0].paths()[0]
                body = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "stream": False}
                if inbound == "gemini":
                    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
                async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://g") as client:
                    response = await client.post(path, json=body, headers={"authorization": f"Bearer {CLIENT_KEY}"})
                await app.state.gateway.client.aclose()
                app.state.gateway.recorder.close()
                return response.status_code

            assert asyncio.run(run()) == 503
    assert [entry["aside"]["upstream_response"] for entry in index(tmp_path)] == ["<html>down</html>"] * 4
    result = toolwire("validate", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
