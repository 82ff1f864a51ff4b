"""`toolwire serve` under load: 1,000 concurrent tool-call streams through a real gateway
process on loopback, against a fake Anthropic upstream whose every stream carries calls of its
own (ids, names and arguments derived from a number the client put in its request). Each
client must get exactly its own calls, every stream must end with its finish and `[DONE]`,
none may be lost, and the gateway's peak RSS stays under the issue's 150 MB.

The upstream holds every stream open in the middle of its first tool call until all 1,000
requests have reached it (bounded by a deadline), so the 1,000 streams are in flight through
the gateway at once, not one after another. The client (httpx, 1,000 connections) and the
fake upstream (uvicorn) share this test's event loop; the gateway is `python -m toolwire
serve`, so its memory is its own. Measured on the shared 2-core machine: the burst takes
17-19 s and the gateway's peak RSS is 122-127 MB, from 42 MB idle (docs/benchmarks.md,
"Gateway overhead"). The open-file limit is raised in this process if it is below what the
sockets need (it was 20,000 here: no change)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from tests.test_serve_fakes import frame
from toolwire.serve.command import listen

STREAMS = 1_000
RSS_LIMIT_MB = 150  # the target for the gateway under load
BARRIER_SECONDS = 40.0  # how long the upstream waits for every stream to be in flight
NAMES = ("get_weather", "get_time", "lookup", "search", "convert")
MARK = re.compile(rb"load-(\d+)-")


def calls_for(n: int) -> list[dict[str, Any]]:
    """The two parallel calls of stream n: ids, names and arguments all its own."""
    return [
        {"id": f"toolu_{n:04d}_a", "name": NAMES[n % 5], "arguments": {"stream": n, "city": f"c{n * 7 % 1000}"}},
        {"id": f"toolu_{n:04d}_b", "name": NAMES[(n + 2) % 5], "arguments": {"stream": n, "k": [n, n + 1]}},
    ]


def events_for(n: int) -> list[dict[str, Any]]:
    """The Anthropic stream of the vector "two tool_use blocks, keyed by block index", with
    stream n's calls, each argument text in two fragments."""
    message = {"id": f"msg_{n}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": []}
    message |= {"stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}
    events: list[dict[str, Any]] = [{"type": "message_start", "message": message}]
    for index, call in enumerate(calls_for(n), start=1):
        block = {"type": "tool_use", "id": call["id"], "name": call["name"], "input": {}}
        events.append({"type": "content_block_start", "index": index, "content_block": block})
        text = json.dumps(call["arguments"], separators=(",", ":"))
        for part in (text[: len(text) // 2], text[len(text) // 2 :]):
            delta = {"type": "input_json_delta", "partial_json": part}
            events.append({"type": "content_block_delta", "index": index, "delta": delta})
        events.append({"type": "content_block_stop", "index": index})
    events.append({"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None}})
    events[-1]["usage"] = {"output_tokens": 20}
    return [*events, {"type": "message_stop"}]


class Upstream:
    """A bare ASGI Anthropic upstream: the stream of the number in the request body, held after
    its first events until every stream has arrived (or the deadline passed)."""

    def __init__(self, expected: int) -> None:
        self.expected, self.arrived, self.in_flight, self.peak = expected, 0, 0, 0
        self.all_in = asyncio.Event()
        self.unnumbered = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        found = MARK.search(body)
        if found is None:
            self.unnumbered += 1
            await send({"type": "http.response.start", "status": 400, "headers": []})
            await send({"type": "http.response.body", "body": b"no stream number in the request"})
            return
        self.arrived += 1
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        if self.arrived == self.expected:
            self.all_in.set()
        try:
            headers = [(b"content-type", b"text/event-stream")]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            events = events_for(int(found.group(1)))
            for number, event in enumerate(events):
                if number == 3:  # mid-way through the first call's arguments
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.all_in.wait(), BARRIER_SECONDS)
                await send(
                    {"type": "http.response.body", "body": frame("anthropic_messages", event), "more_body": True}
                )
            await send({"type": "http.response.body", "body": b""})
        finally:
            self.in_flight -= 1


def _rss_mb(pid: int) -> dict[str, float]:
    """VmRSS (now) and VmHWM (peak) of a process, in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return {k: int(re.search(rf"^{k}:\s+(\d+) kB", status, re.M).group(1)) / 1024 for k in ("VmRSS", "VmHWM")}  # type: ignore[union-attr]


def _enough_descriptors(needed: int) -> None:
    """Raise the soft open-file limit when it is below what the test needs (the client's and
    the fake upstream's sockets both live in this process); the gateway inherits it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (min(needed, hard) if hard != resource.RLIM_INFINITY else needed, hard)
        )


@contextlib.contextmanager
def gateway_process(tmp_path: Path, upstream_url: str) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    """`python -m toolwire serve` with one route, OpenAI Chat in, Anthropic out; its base URL,
    process and log file. Killed on exit, whatever happened."""
    config = tmp_path / "toolwire.toml"
    config.write_text(
        '[serve]\n[[serve.routes]]\ninbound = "openai_chat"\n'
        f'upstream = {{ dialect = "anthropic_messages", base_url = "{upstream_url}", credential = "none" }}\n'
    )
    log = tmp_path / "gateway.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-m", "toolwire", "serve", "--config", str(config), "--port", "0", "--drain", "1"]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 30
        while not (found := re.search(r"serving on (http://127\.0\.0\.1:\d+)", log.read_text())):
            assert proc.poll() is None, f"the gateway exited: {log.read_text()}"
            assert time.monotonic() < deadline, "the gateway did not start"
            time.sleep(0.05)
        yield found.group(1), proc, log
    finally:
        proc.kill()
        proc.wait(10)


async def _one(client: httpx.AsyncClient, n: int) -> tuple[int, str]:
    body = {"model": "claude-sonnet-4-5", "stream": True, "max_tokens": 50}
    body["messages"] = [{"role": "user", "content": f"load-{n}- weather?"}]
    async with client.stream("POST", "/v1/chat/completions", json=body) as response:
        return response.status_code, (await response.aread()).decode()


def test_a_thousand_concurrent_streams_each_get_their_own_calls(tmp_path: Path) -> None:
    from toolwire_dialects.streams import assembler

    _enough_descriptors(4 * STREAMS + 256)
    upstream = Upstream(STREAMS)
    listener = listen("127.0.0.1", 0)
    upstream_url = f"http://127.0.0.1:{listener.getsockname()[1]}"

    with gateway_process(tmp_path, upstream_url) as (gateway_url, proc, log):

        async def burst() -> tuple[list[tuple[int, str]], float, dict[str, Any]]:
            server = uvicorn.Server(uvicorn.Config(upstream, log_level="error", access_log=False, lifespan="off"))
            serving = asyncio.create_task(server.serve(sockets=[listener]))
            limits = httpx.Limits(max_connections=STREAMS, max_keepalive_connections=STREAMS)
            timeout = httpx.Timeout(60, pool=60)
            try:
                async with httpx.AsyncClient(base_url=gateway_url, limits=limits, timeout=timeout) as client:
                    while (await client.get("/healthz")).status_code != 200:
                        await asyncio.sleep(0.05)
                    started = time.monotonic()
                    results = await asyncio.wait_for(asyncio.gather(*(_one(client, n) for n in range(STREAMS))), 50)
                    seconds = time.monotonic() - started
                    metrics = (await client.get("/metrics")).text
            finally:
                server.should_exit = True
                await asyncio.wait_for(serving, 10)
            return results, seconds, {"metrics": metrics}

        results, seconds, seen = asyncio.run(burst())
        rss = _rss_mb(proc.pid)

    # every request reached the upstream, all in flight at once, each with its number
    assert (upstream.arrived, upstream.unnumbered, upstream.peak) == (STREAMS, 0, STREAMS)
    wrong = []
    for n, (status, text) in enumerate(results):
        client = assembler("openai_chat")
        client.feed_text(text)
        got = [{"id": c.get("id"), "name": c.get("name"), "arguments": c.get("arguments")} for c in client.finish()]
        ended = text.rstrip().endswith("data: [DONE]") and client.finish_reason == "tool_calls"
        if status != 200 or got != calls_for(n) or not ended or client.findings:
            wrong.append((n, status, got, client.finish_reason, client.findings, text[-300:]))
    assert not wrong, f"{len(wrong)} of {STREAMS} streams wrong; first: {wrong[0]}"
    # the gateway ended and counted every exchange, and holds none open
    assert re.search(r"^toolwire_serve_in_flight 0\.0$", seen["metrics"], re.M), seen["metrics"]
    ok = re.search(
        r'^toolwire_serve_exchanges_total\{outcome="ok",route="[^"]+",status="200"\} (\S+)$', seen["metrics"], re.M
    )
    assert ok is not None and float(ok.group(1)) == STREAMS, seen["metrics"]
    print(f"\n{STREAMS} streams in {seconds:.1f} s; gateway RSS now {rss['VmRSS']:.0f} MB, peak {rss['VmHWM']:.0f} MB")
    assert rss["VmHWM"] < RSS_LIMIT_MB, f"gateway peak RSS {rss['VmHWM']:.0f} MB under load, limit {RSS_LIMIT_MB} MB"
    assert "Traceback" not in log.read_text()


def test_every_connection_the_gateway_accepts_has_nagle_off() -> None:
    # else each keep-alive response written in parts waits 40 ms for the client's delayed ACK
    async def accepted() -> int:
        sock = listen("127.0.0.1", 0)
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        async def on_connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            found.set_result(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(on_connection, sock=sock)
        async with server:
            _, writer = await asyncio.open_connection(*sock.getsockname()[:2])
            value = await asyncio.wait_for(found, 10)
            writer.close()
        return value

    assert asyncio.run(accepted()) != 0


def test_without_record_a_stream_holds_none_of_its_events(monkeypatch: Any) -> None:
    # the capture is only for --record: else a long stream's every event stayed in memory to its end
    from tests.test_serve_fakes import Answer, FakeUpstream, gateway_config, in_process
    from toolwire.serve import exchange, record

    made: list[record.Capture] = []

    class Spy(record.Capture):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(exchange, "Capture", Spy)
    events = events_for(7)
    fake = FakeUpstream("anthropic_messages", Answer(events=events[:2] + events[2:3] * 500 + events[3:]))
    body = {"model": "m", "stream": True, "max_tokens": 50, "messages": [{"role": "user", "content": "hi"}]}

    async def run() -> httpx.Response:
        async with in_process(gateway_config("openai_chat", "anthropic_messages"), fake) as client:
            return await client.post("/v1/chat/completions", json=body, headers={"authorization": "Bearer sk-01234567"})

    response = asyncio.run(run())
    assert response.status_code == 200 and response.text.count("tool_calls") > 500
    assert len(made) == 1 and made[0].stages == {stage: [] for stage in record.STAGES} and not made[0].aside


def test_upstream_requests_take_the_pools_in_turn() -> None:
    # httpcore walks a whole pool on every request: the gateway keeps several short ones
    from toolwire.serve.config import Limits
    from toolwire.serve.upstream import KEEP_ALIVE, SHARDS, Pool, make_client

    seen: list[int] = []

    def counting(number: int) -> httpx.MockTransport:
        return httpx.MockTransport(lambda request: seen.append(number) or httpx.Response(200, json={}))

    pool = Pool([httpx.AsyncClient(transport=counting(k)) for k in range(4)])

    async def run() -> None:
        for _ in range(8):
            response = await pool.send(pool.build_request("POST", "http://upstream.test/v1/messages", json={}))
            assert response.status_code == 200
        await pool.aclose()

    asyncio.run(run())
    assert seen == [0, 1, 2, 3] * 2
    real = make_client(Limits())
    assert len(real.clients) == SHARDS > 1
    assert sum(c._transport._pool._max_keepalive_connections for c in real.clients) == KEEP_ALIVE  # type: ignore[attr-defined]
    asyncio.run(real.aclose())
