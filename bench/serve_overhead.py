"""Benchmark: what `toolwire serve` adds to a request, against calling the provider directly,
side by side with the LiteLLM proxy.

Three processes on loopback: the fake provider (bench/serve_upstream.py: OpenAI Chat and
Anthropic Messages answering from the vectors, every answer pre-encoded), the gateway
(`python -m toolwire serve`, two routes: OpenAI Chat -> OpenAI Chat under /same, no
conversion; OpenAI Chat -> Anthropic under /convert) and the LiteLLM proxy from its bench-only
venv (the same two routes as models `same` and `convert`, the same fake provider). The client
is this process (httpx, keep-alive, one connection per concurrent client) and sends the
request of bench/request.json (6 messages, 3 tools) as OpenAI Chat: a plain request (a text
answer) and a tool-call stream (two calls, read to its last byte); directly to the provider it
sends the same request (as Anthropic, converted once beforehand, for the converting route).

Every round runs, for each request kind and each concurrency (1, 50, 200 clients, each
sending its requests one after the other), one batch per contender, one after the other
(interleaved: a noisy neighbour slows them all alike). Overhead = a percentile of the
contender's latencies minus the same percentile of the direct calls in that round; the rows
give the median over rounds and its range, and the paired per-round ratio LiteLLM/toolwire.
Also printed: each process's CPU time per request (from /proc, less noisy than latencies on a
shared machine) and its peak RSS. Targets (issue #26): p50 overhead at most 0.5 ms with
conversion; at least 5x lower overhead than LiteLLM; RSS under load at most 150 MB.

    python bench/serve_overhead.py [--rounds 5] [--requests 60 400 800] [--quick]

Without bench/.venv-litellm (bench/README.md) it times toolwire alone and says so.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "generated" / "python")]

import httpx  # noqa: E402

LITELLM = ROOT / "bench" / ".venv-litellm" / "bin" / "litellm"
CONCURRENCY = (1, 50, 200)
REQUESTS = (60, 400, 800)  # per batch, at each concurrency
TARGET_P50_MS, TARGET_RATIO, TARGET_RSS_MB = 0.5, 5.0, 150
MARKERS = {"plain": b'"choices"', "stream": b'"tool_calls"'}  # what a good answer holds (OpenAI side)
ANTHROPIC_MARKERS = {"plain": b'"content"', "stream": b"tool_use"}
TICK = os.sysconf("SC_CLK_TCK")
ERRORS: dict[str, int] = {}  # transport errors per contender


@dataclass
class Target:
    """One contender of a row: where it is sent, the body it sends, what its answer holds."""

    name: str
    url: str
    body: bytes
    marker: bytes
    pid: int | None  # the process whose CPU time the contender costs (None: the direct calls)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def _peak_rss_mb(pid: int) -> float:
    found = re.search(r"^VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(), re.M)
    return int(found.group(1)) / 1024 if found else float("nan")


@contextlib.contextmanager
def process(command: list[str], ready: str, log: Path, env: dict[str, str] | None = None) -> Iterator[tuple[int, str]]:
    """A process started, its pid and the first match of `ready` in its output (waited for up
    to 90 s); stopped at exit (terminated, then killed)."""
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=log.parent)
    try:
        deadline = time.monotonic() + 90
        while not (found := re.search(ready, log.read_text(errors="replace"))):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{command[0]} did not start:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.1)
        yield proc.pid, found.group(1)
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def _wait_ready(url: str) -> None:
    deadline = time.monotonic() + 90
    while True:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"{url} never answered")
        time.sleep(0.2)


def bodies() -> dict[tuple[str, str], bytes]:
    """(dialect, kind) -> the request body: bench/request.json as OpenAI Chat, and as Anthropic
    (toolwire's conversion, done once) for the direct calls behind the converting route."""
    from toolwire_dialects import convert

    chat = json.loads((ROOT / "bench" / "request.json").read_text(encoding="utf-8"))
    anthropic = convert(chat, source="openai_chat", target="anthropic_messages", shape="request").value
    out = {}
    for kind in ("plain", "stream"):
        extra = {"stream": True} if kind == "stream" else {}
        out["openai_chat", kind] = json.dumps({**chat, **extra}).encode()
        out["anthropic_messages", kind] = json.dumps({**anthropic, **extra}).encode()
    return out


async def _batch(target: Target, clients: int, requests: int) -> list[float]:
    """Latencies (seconds, to the last byte) of `requests` requests from `clients` clients. Each
    client is an AsyncClient of its own with one connection, opened by one untimed request (one
    shared pool would cost the bench more than the gateway: httpcore scans its whole pool on
    every request), and closed after the batch (a connection left idle while the other
    contenders ran may have been closed by the server's keep-alive timeout)."""
    latencies: list[float] = []
    headers = {"content-type": "application/json", "authorization": "Bearer sk-bench", "x-api-key": "sk-bench"}
    clock = time.perf_counter
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)

    async def one_client(count: int) -> None:
        async with httpx.AsyncClient(limits=limits, timeout=120) as client:
            for number in range(count + 1):
                start = clock()
                try:
                    async with client.stream("POST", target.url, content=target.body, headers=headers) as response:
                        content = await response.aread()
                except httpx.TransportError as exc:  # counted and shown: a contender that drops requests
                    ERRORS[target.name] = ERRORS.get(target.name, 0) + 1
                    print(f"  {target.name}: {type(exc).__name__} {exc}", file=sys.stderr)
                    continue
                if number:
                    latencies.append(clock() - start)
                if response.status_code != 200 or target.marker not in content:
                    raise RuntimeError(f"{target.name}: {response.status_code} {content[:500]!r}")

    share = [requests // clients + (1 if k < requests % clients else 0) for k in range(clients)]
    await asyncio.gather(*(one_client(n) for n in share if n))
    return latencies


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(rows: dict[str, dict[str, Target]], rounds: int, sizes: dict[int, int]) -> dict[Any, Any]:
    """results[(kind, clients)][name] = [(p50, p99) per round]; cpu[name] = (seconds, requests)."""
    results: dict[Any, dict[str, list[tuple[float, float]]]] = {}
    cpu: dict[str, list[float]] = {}
    for targets in rows.values():  # warm every path once (imports, first conversions)
        for target in targets.values():
            await _batch(target, 20, 100)
    for _ in range(rounds):
        for kind, targets in rows.items():
            for clients, requests in sizes.items():
                cell = results.setdefault((kind, clients), {})
                for target in targets.values():
                    before = _cpu_seconds(target.pid) if target.pid else 0.0
                    latencies = await _batch(target, clients, requests)
                    if target.pid:
                        spent = cpu.setdefault(target.name, [0.0, 0])
                        spent[0] += _cpu_seconds(target.pid) - before
                        spent[1] += requests + min(clients, requests)  # the untimed first requests too
                    cell.setdefault(target.name, []).append((_pct(latencies, 0.5), _pct(latencies, 0.99)))
    return {"results": results, "cpu": cpu}


def _range(values: list[float], unit: str = "ms", scale: float = 1e3) -> str:
    return f"{statistics.median(values) * scale:7.2f} {unit} ({min(values) * scale:.2f} to {max(values) * scale:.2f})"


def report(measured: dict[Any, Any], has_litellm: bool, rss: dict[str, float]) -> None:
    for (kind, clients), cell in measured["results"].items():
        print(f"\n{kind} request, {clients} concurrent client{'s' if clients > 1 else ''}")
        for name, runs in cell.items():
            p50s, p99s = [r[0] for r in runs], [r[1] for r in runs]
            print(f"  {name:<18} p50 {_range(p50s)}   p99 {_range(p99s)}")
        for conversion, direct in (("same", "direct openai"), ("convert", "direct anthropic")):
            base = cell[direct]
            over: dict[str, list[tuple[float, float]]] = {}
            for side in ("toolwire", "litellm"):
                runs = cell.get(f"{side} {conversion}")
                if runs is not None:
                    over[side] = [(r[0] - b[0], r[1] - b[1]) for r, b in zip(runs, base, strict=True)]
            tw = over["toolwire"]
            line = f"  overhead {conversion:<8} toolwire p50 {_range([o[0] for o in tw])}  p99 {_range([o[1] for o in tw])}"
            print(line)
            if "litellm" in over:
                ll = over["litellm"]
                print(f"  {'':<17} litellm  p50 {_range([o[0] for o in ll])}  p99 {_range([o[1] for o in ll])}")
                ratios = [a[0] / b[0] if b[0] > 0 else float("inf") for a, b in zip(ll, tw, strict=True)]
                verdict = "met" if statistics.median(ratios) >= TARGET_RATIO else "NOT met"
                print(
                    f"  {'':<17} litellm/toolwire p50 overhead: median {statistics.median(ratios):.1f}x,"
                    f" range {min(ratios):.1f}-{max(ratios):.1f}x (target at least {TARGET_RATIO:g}x: {verdict})"
                )
            if conversion == "convert":
                p50 = statistics.median(o[0] for o in tw) * 1e3
                verdict = "met" if p50 <= TARGET_P50_MS else "NOT met"
                print(
                    f"  {'':<17} toolwire p50 overhead with conversion {p50:.2f} ms (target at most {TARGET_P50_MS} ms: {verdict})"
                )
    print("\nCPU time per request, in the serving process (all batches):")
    for name, (seconds, requests) in measured["cpu"].items():
        print(f"  {name:<18} {seconds / requests * 1e3:6.2f} ms  ({requests} requests)")
    print("\nPeak RSS (VmHWM) after the run:")
    for name, mb in rss.items():
        verdict = "met" if mb <= TARGET_RSS_MB else "NOT met"
        print(f"  {name:<18} {mb:6.1f} MB (target at most {TARGET_RSS_MB} MB for toolwire: {verdict})")
    print(f"\nTransport errors (requests not timed): {ERRORS or 'none'}")
    if not has_litellm:
        why = "--no-litellm" if LITELLM.exists() else f"{LITELLM} is missing; see bench/README.md, 'LiteLLM proxy'"
        print(f"\nNo LiteLLM rows: {why}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, nargs=3, default=list(REQUESTS), metavar=("AT_1", "AT_50", "AT_200"))
    parser.add_argument("--quick", action="store_true", help="1 round of few requests: checks that it works")
    parser.add_argument("--no-litellm", action="store_true", help="time toolwire alone (faster)")
    parser.add_argument(
        "--gateway-python",
        default=sys.executable,
        help="interpreter that runs the gateway (a venv with the serve-fast extra: uvloop, httptools)",
    )
    args = parser.parse_args()
    rounds, sizes = (
        (1, {1: 5, 5: 10}) if args.quick else (args.rounds, dict(zip(CONCURRENCY, args.requests, strict=True)))
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "generated" / "python"), str(ROOT)]),
    }
    with tempfile.TemporaryDirectory() as scratch, contextlib.ExitStack() as stack:
        tmp = Path(scratch)
        up_pid, up_port = stack.enter_context(
            process(
                [sys.executable, str(ROOT / "bench" / "serve_upstream.py")], r"listening on (\d+)", tmp / "up.log", env
            )
        )
        upstream = f"http://127.0.0.1:{up_port}"
        (tmp / "toolwire.toml").write_text(
            "[serve]\n"
            + "".join(
                f'[[serve.routes]]\ninbound = "openai_chat"\nprefix = "/{prefix}"\n'
                f'upstream = {{ dialect = "{dialect}", base_url = "{upstream}", credential = "env:BENCH_KEY" }}\n'
                for prefix, dialect in (("same", "openai_chat"), ("convert", "anthropic_messages"))
            )
        )
        tw_pid, gateway = stack.enter_context(
            process(
                [args.gateway_python, "-m", "toolwire", "serve", "--config", str(tmp / "toolwire.toml"), "--port", "0"],
                r"serving on (http://[\d.]+:\d+)",
                tmp / "toolwire.log",
                {**env, "BENCH_KEY": "sk-fake"},
            )
        )
        _wait_ready(f"{gateway}/healthz")
        body = bodies()
        rows: dict[str, dict[str, Target]] = {}
        for kind in ("plain", "stream"):
            rows[kind] = {
                "direct openai": Target(
                    "direct openai", f"{upstream}/v1/chat/completions", body["openai_chat", kind], MARKERS[kind], None
                ),
                "direct anthropic": Target(
                    "direct anthropic",
                    f"{upstream}/v1/messages",
                    body["anthropic_messages", kind],
                    ANTHROPIC_MARKERS[kind],
                    None,
                ),
                "toolwire same": Target(
                    "toolwire same",
                    f"{gateway}/same/v1/chat/completions",
                    body["openai_chat", kind],
                    MARKERS[kind],
                    tw_pid,
                ),
                "toolwire convert": Target(
                    "toolwire convert",
                    f"{gateway}/convert/v1/chat/completions",
                    body["openai_chat", kind],
                    MARKERS[kind],
                    tw_pid,
                ),
            }
        pids = {"toolwire serve": tw_pid}
        has_litellm = LITELLM.exists() and not args.no_litellm
        if has_litellm:
            ll_pid, litellm = stack.enter_context(litellm_proxy(tmp, upstream, env))
            pids["litellm proxy"] = ll_pid
            for kind in ("plain", "stream"):
                for model in ("same", "convert"):
                    chat = json.loads(body["openai_chat", kind]) | {"model": model}
                    name = f"litellm {model}"
                    rows[kind][name] = Target(
                        name, f"{litellm}/v1/chat/completions", json.dumps(chat).encode(), MARKERS[kind], ll_pid
                    )
        print(
            f"toolwire serve pid {tw_pid} ({args.gateway_python}), upstream pid {up_pid}; {rounds} rounds, requests per batch {sizes}"
        )
        measured = asyncio.run(run(rows, rounds, sizes))
        rss = {name: _peak_rss_mb(pid) for name, pid in pids.items()}
        report(measured, has_litellm, rss)
        for log in sorted(tmp.glob("*.log")):  # a process's own account of what went wrong
            text = log.read_text(errors="replace")
            if "Traceback" in text:
                print(f"\n{log.name} has a traceback:\n{text[text.index('Traceback') :][:3000]}")


@contextlib.contextmanager
def litellm_proxy(tmp: Path, upstream: str, env: dict[str, str]) -> Iterator[tuple[int, str]]:
    """The LiteLLM proxy with the gateway's two routes as models, no database, no telemetry,
    no callbacks; its model price map read locally (the machine may be offline)."""
    (tmp / "litellm.yaml").write_text(
        "model_list:\n"
        f'  - model_name: same\n    litellm_params: {{model: openai/gpt-4o-mini, api_base: "{upstream}/v1", api_key: sk-fake}}\n'
        f'  - model_name: convert\n    litellm_params: {{model: anthropic/claude-sonnet-4-5, api_base: "{upstream}", api_key: sk-fake}}\n'
        "litellm_settings:\n  telemetry: false\n  drop_params: true\n"
    )
    port = _free_port()
    command = [str(LITELLM), "--config", str(tmp / "litellm.yaml"), "--host", "127.0.0.1", "--port", str(port)]
    clean = {k: v for k, v in env.items() if k != "PYTHONPATH"} | {
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "LITELLM_LOG": "ERROR",
    }
    with process(command, r"(Uvicorn running|Application startup complete)", tmp / "litellm.log", clean) as (pid, _):
        url = f"http://127.0.0.1:{port}"
        _wait_ready(f"{url}/health/liveliness")
        yield pid, url


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


if __name__ == "__main__":
    main()
