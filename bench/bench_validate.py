"""Benchmark: `toolwire validate` on a generated JSON-lines capture, against two baselines.

1. a bare loop of orjson.loads + jsonschema-rs is_valid over the same file and schema
   (target: toolwire validate reaches >= 0.5x of its throughput),
2. a loop of json.loads + jsonschema (the reference) over the same file and schema
   (expected: toolwire validate is >= 50x faster).

The capture (default 100,000 lines) is generated into a temporary file and deleted afterwards.
`toolwire validate` is timed end to end (schema loading and compiling included) and in steady
state (the run alone); shape detection (`--dialect` alone), full detection, --format json, --strict and --jobs are timed too. The
bare loop, toolwire end to end and the jsonschema loop run in interleaved rounds (best of each).

Run: python bench/bench_validate.py [--lines N] [--reference-lines N] [--jobs N] [--rounds N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"

import orjson  # noqa: E402

from toolwire.cli.validate import validate  # noqa: E402
from toolwire.spec.loader import load_spec  # noqa: E402
from toolwire.validation.backends import Validators  # noqa: E402
from toolwire.validation.engine import Engine, Options  # noqa: E402
from toolwire.validation.inputs import plan  # noqa: E402
from toolwire.validation.progress import Progress  # noqa: E402
from toolwire.validation.runner import RunConfig, run  # noqa: E402


def payload(rng: random.Random, i: int) -> dict[str, Any]:
    """A Chat Completions response with 1-3 tool calls, as providers send it (~0.6-1 KB)."""
    calls = [
        {
            "id": f"call_{rng.getrandbits(96):024x}",
            "type": "function",
            "function": {
                "name": rng.choice(["get_weather", "search", "lookup_order"]),
                "arguments": json.dumps({"q": f"item {i}-{n}", "limit": rng.randint(1, 50)}),
            },
        }
        for n in range(rng.randint(1, 3))
    ]
    return {
        "id": f"chatcmpl-{i:012d}",
        "object": "chat.completion",
        "created": 1769718252 + i,
        "model": "gpt-5-mini-2025-08-07",
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "refusal": None,
                    "annotations": [],
                    "tool_calls": calls,
                },
            }
        ],
        "usage": {"prompt_tokens": rng.randint(50, 500), "completion_tokens": rng.randint(5, 80), "total_tokens": 600},
        "service_tier": "default",
        "system_fingerprint": None,
    }


def tool_call(rng: random.Random, i: int) -> dict[str, Any]:
    return payload(rng, i)["choices"][0]["message"]["tool_calls"][0]


def timed(func: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = func()
    return time.perf_counter() - start, out


def run_cli(args: list[str]) -> int:
    """The real click command, in process, its stdout discarded."""
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), contextlib.redirect_stderr(io.StringIO()):
        try:
            validate.main(args, prog_name="toolwire validate", standalone_mode=False)
        except SystemExit as exc:
            return int(exc.code or 0)
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument(
        "--reference-lines", type=int, default=None, help="lines for the jsonschema loop (default: all)"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds for the compared three")
    args = parser.parse_args()

    spec = load_spec(SCHEMAS)
    dialect = spec.dialects["openai_chat"]
    kind = "response" if "response" in dialect.all_schemas() else "tool_call"
    make = payload if kind == "response" else tool_call
    schema_id = dialect.all_schemas()[kind]["$id"]
    validators = Validators(spec.documents, spec.registry)
    assert validators.backend == "jsonschema-rs", "install jsonschema-rs (extra 'fast') to benchmark"

    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        capture = Path(tmp) / "capture.jsonl"
        with capture.open("wb") as f:
            for i in range(args.lines):
                f.write(orjson.dumps(make(rng, i)) + b"\n")
        size = capture.stat().st_size
        print(f"capture: {args.lines:,} lines of openai_chat/{kind}, {size / 1e6:.1f} MB (temporary)")
        print(f"schema: {schema_id}; toolwire backend: {validators.backend}")

        fast = validators.fast(schema_id)

        def bare_loop() -> int:
            ok = 0
            with capture.open("rb") as f:
                for line in f:
                    ok += fast.is_valid(orjson.loads(line))
            return ok

        reference = validators.reference(schema_id)
        reference_lines = args.reference_lines or args.lines

        def reference_loop() -> int:
            ok = 0
            with capture.open("rb") as f:
                for n, line in enumerate(f):
                    if n >= reference_lines:
                        break
                    ok += reference.is_valid(json.loads(line))
            return ok

        def steady(options: Options, fmt: str = "text") -> int:
            engine = Engine(spec, options)
            units = plan([str(capture)], 1 << 62)
            config = RunConfig(str(SCHEMAS), options, fmt)
            with open(os.devnull, "w") as sink:
                outcome = run(config, engine, units, out=sink, stdin=None, progress=Progress(0, enabled=False))
            return outcome.tally.statuses["valid"]

        fixed = ["--schemas", str(SCHEMAS), str(capture), "--dialect", "openai_chat", "--shape", kind]
        e2e_label = "toolwire validate --dialect --shape (end to end)"
        ref_label = "reference loop: json.loads + jsonschema is_valid"
        bare_label = "bare loop: orjson.loads + jsonschema-rs is_valid"
        # The three the targets compare run in interleaved rounds, best of each: a noisy
        # neighbour slows all three alike instead of skewing one ratio.
        best = {bare_label: float("inf"), e2e_label: float("inf"), ref_label: float("inf")}
        for _ in range(args.rounds):
            for label, func, expected in [
                (bare_label, bare_loop, args.lines),
                (e2e_label, lambda: run_cli(fixed), 0),  # the exit code
                (ref_label, reference_loop, reference_lines),
            ]:
                seconds, out = timed(func)
                assert out == expected, f"{label}: got {out}, expected {expected}"
                best[label] = min(best[label], seconds)
        rows: list[tuple[str, float, int]] = [
            (bare_label, best[bare_label], args.lines),
            (e2e_label, best[e2e_label], args.lines),
        ]
        for label, func in [
            ("toolwire validate --dialect --shape (steady state)", lambda: steady(Options("openai_chat", kind))),
            ("toolwire validate --dialect, shape detected (end to end)", lambda: run_cli(fixed[:-2])),
            ("toolwire validate, dialect and shape detected (end to end)", lambda: run_cli(fixed[:3])),
            ("toolwire validate --format json (end to end)", lambda: run_cli([*fixed, "--format", "json"])),
            (f"toolwire validate --jobs {args.jobs} (end to end)", lambda: run_cli([*fixed, "--jobs", str(args.jobs)])),
        ]:
            seconds, out = timed(func)
            expected = args.lines if label.endswith("(steady state)") else 0  # valid payloads, or the exit code
            assert out == expected, f"{label}: got {out}, expected {expected}"
            rows.append((label, seconds, args.lines))
        rows.append((ref_label, best[ref_label], reference_lines))

        seconds, _ = timed(lambda: run_cli([*fixed, "--strict"]))
        rows.append(("toolwire validate --strict (end to end)", seconds, args.lines))

    rates = {label: n / s for label, s, n in rows}
    bare = rates[rows[0][0]]
    print(f"{'':54} {'seconds':>8} {'payloads/s':>12} {'vs bare':>8}")
    for label, s, n in rows:
        print(f"{label:54} {s:8.2f} {n / s:12,.0f} {n / s / bare:7.2f}x")
    e2e = rates["toolwire validate --dialect --shape (end to end)"]
    ref = rates["reference loop: json.loads + jsonschema is_valid"]
    print(f"bare loop / jsonschema loop = {bare / ref:.0f}x (the ceiling for anything built on the bare loop)")
    print(f"toolwire validate / bare loop = {e2e / bare:.2f}x (target >= 0.5x)")
    print(f"toolwire validate / jsonschema loop = {e2e / ref:.0f}x (expected >= 50x)")
    sys.exit(0 if e2e / bare >= 0.5 and e2e / ref >= 50 else 1)


if __name__ == "__main__":
    main()
