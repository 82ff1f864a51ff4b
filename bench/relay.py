"""Benchmark: relaying Anthropic Messages streams as OpenAI Chat chunks, toolwire vs hand-written.

The streams, at 100, 1,000 and 10,000 events (`make_stream`, deterministic): message_start
(id, model, input tokens), a text block in small text_delta pieces (half of the events), then
parallel tool_use blocks whose arguments come as input_json_delta fragments (2 calls up to 500
events, one per 250 events above), message_delta with stop_reason tool_use and the output
tokens, message_stop (and a ping). Both sides take the events one at a time as parsed dicts
and return every Chat chunk as it is due (nothing buffered past the event that causes it): the
role chunk, a content chunk per text piece, a tool_calls chunk per call start and per argument
fragment, the finish_reason chunk and a usage chunk; the hand-written relay must give the same
chunks as toolwire's (asserted for every size before timing).

    python bench/relay.py [--rounds 15] [--budget 20000] [--events 100 1000 10000] [--quick]

Prints, per size, median and range per side (rounds interleaved) with the time per event, and
the paired ratio toolwire/hand-written (target: at most 2x, issue #22). Until
toolwire_dialects.streams has convert_stream it times the hand-written relay alone and says so.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generated" / "python"))

from _timing import describe, interleaved, profile, ratio
from toolwire_dialects import streams

TARGET = 2.0
SIZES = (100, 1_000, 10_000)
CITIES = ("Paris", "Lyon", "Nantes", "Lille", "Nice")
convert_stream = getattr(streams, "convert_stream", None)


def run_toolwire(events: Iterable[dict[str, Any]]) -> list[Any]:
    assert convert_stream is not None
    return list(convert_stream(events, source="anthropic_messages", target="openai_chat"))


def make_stream(size: int) -> list[dict[str, Any]]:
    """A realistic Anthropic event sequence of exactly `size` events (at least 20): a text
    block in small pieces, then parallel tool calls whose arguments come in fragments; half of
    the events are text deltas, half the calls' (2 calls up to 500 events, then one per 250)."""
    calls = max(2, size // 250)
    per_call = (size - 6) // 2 // calls  # start, an empty delta, the fragments, stop
    fragments, text_deltas = per_call - 3, size - 6 - calls * per_call
    assert fragments >= 1, f"{size} events are too few for a stream with {calls} tool calls"
    message = {
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5-20250929",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 472, "output_tokens": 2},
    }
    events: list[dict[str, Any]] = [{"type": "message_start", "message": message}]
    events.append({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
    events.append({"type": "ping"})
    for k in range(text_deltas):
        piece = f"word{k} " if k % 7 else f"Checking the forecast, part {k}. "
        events.append({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}})
    events.append({"type": "content_block_stop", "index": 0})
    for n in range(1, calls + 1):
        call_id = f"toolu_{n:04d}A09q90qw90lq917835lq9"
        arguments = {"city": CITIES[n % len(CITIES)], "date": "2026-12-02", "note": "x" * (fragments * 3)}
        block = {"type": "tool_use", "id": call_id, "name": "get_weather", "input": {}}
        events.append({"type": "content_block_start", "index": n, "content_block": block})
        events.append(
            {"type": "content_block_delta", "index": n, "delta": {"type": "input_json_delta", "partial_json": ""}}
        )
        text = json.dumps(arguments, separators=(",", ":"))
        bounds = [len(text) * k // fragments for k in range(fragments + 1)]  # fragments pieces, none empty
        for start, end in itertools.pairwise(bounds):
            delta = {"type": "input_json_delta", "partial_json": text[start:end]}
            events.append({"type": "content_block_delta", "index": n, "delta": delta})
        events.append({"type": "content_block_stop", "index": n})
    events.append(
        {
            "type": "message_delta",
            "delta": {"stop_reason": "tool_use", "stop_sequence": None},
            "usage": {"output_tokens": 187},
        }
    )
    events.append({"type": "message_stop"})
    assert len(events) == size
    return events


FINISH_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_calls",
    "pause_turn": "stop",
    "refusal": "content_filter",
}


class HandRelay:
    """What a careful engineer writes by hand: one Anthropic event in, its Chat chunks out."""

    def __init__(self) -> None:
        self.base: dict[str, Any] = {}
        self.calls: dict[int, int] = {}  # Anthropic block index -> Chat tool_calls index
        self.input_tokens = 0

    def _chunk(self, delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        return {**self.base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}

    def feed(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        kind = event.get("type")
        if kind == "content_block_delta":
            delta = event["delta"]
            dtype = delta.get("type")
            if dtype == "text_delta":
                return [self._chunk({"content": delta["text"]})]
            if dtype == "input_json_delta":
                fragment = delta["partial_json"]
                if not fragment:
                    return []
                call = {"index": self.calls[event["index"]], "function": {"arguments": fragment}}
                return [self._chunk({"tool_calls": [call]})]
            raise ValueError(f"unknown delta type {dtype!r}")
        if kind == "content_block_start":
            block = event["content_block"]
            if block.get("type") == "tool_use":
                index = self.calls[event["index"]] = len(self.calls)
                function = {"name": block["name"], "arguments": ""}
                call = {"index": index, "id": block["id"], "type": "function", "function": function}
                return [self._chunk({"tool_calls": [call]})]
            if block.get("type") == "text":
                return [self._chunk({"content": block["text"]})] if block["text"] else []
            raise ValueError(f"unknown block type {block.get('type')!r}")
        if kind in ("content_block_stop", "ping", "message_stop"):
            return []
        if kind == "message_start":
            message = event["message"]
            self.base = {
                "id": message["id"],
                "object": "chat.completion.chunk",
                "created": 0,
                "model": message["model"],
            }
            self.input_tokens = message.get("usage", {}).get("input_tokens", 0)
            return [self._chunk({"role": "assistant", "content": ""})]
        if kind == "message_delta":
            out = []
            reason = event.get("delta", {}).get("stop_reason")
            if reason is not None:
                out.append(self._chunk({}, FINISH_REASONS.get(reason, "stop")))
            usage = event.get("usage")
            if usage is not None:
                # OpenAI's CompletionUsage has a total; Anthropic has none: the sum, as toolwire writes it
                # (the stream here has no cache counts, which Anthropic leaves out of input_tokens).
                completion = usage.get("output_tokens", 0)
                totals = {
                    "prompt_tokens": self.input_tokens,
                    "completion_tokens": completion,
                    "total_tokens": self.input_tokens + completion,
                }
                out.append({**self.base, "choices": [], "usage": totals})
            return out
        if kind == "error":
            raise ValueError(f"the stream reported an error: {event.get('error')}")
        raise ValueError(f"unknown event type {kind!r}")


def hand_relay(events: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    relay = HandRelay()
    for event in events:
        yield from relay.feed(event)


def run_hand_written(events: Iterable[dict[str, Any]]) -> list[Any]:
    return list(hand_relay(events))


def size_row(size: int, rounds: int, budget: int) -> None:
    """One size: toolwire and hand-written side by side (same chunks asserted), the ratio."""
    events = make_stream(size)
    expected = run_hand_written(events)
    contenders: dict[str, Any] = {"hand-written": lambda: run_hand_written(events)}
    if convert_stream is not None:
        relayed = run_toolwire(events)
        if relayed != expected:
            first = next(
                (k for k, (a, b) in enumerate(zip(relayed, expected, strict=False)) if a != b),
                min(len(relayed), len(expected)),
            )
            raise SystemExit(
                f"{size} events: hand-written relays differently: {len(relayed)} chunks vs {len(expected)}; "
                f"first difference, chunk {first}:\n toolwire:     {relayed[first : first + 1]}\n"
                f" hand-written: {expected[first : first + 1]}"
            )
        contenders = {"toolwire": lambda: run_toolwire(events), **contenders}
    number = max(1, budget // size)
    times = interleaved(contenders, rounds, number)
    print(f"{size} events in, {len(expected)} chunks out: {rounds} interleaved rounds of {number} streams")
    for name, runs in times.items():
        print(describe(name, runs, unit="us/stream", per=(size, "event")))
    if convert_stream is None:
        print("  toolwire: toolwire_dialects.streams has no convert_stream on this checkout yet")
    else:
        print(ratio("toolwire/hand-written", times["toolwire"], times["hand-written"], TARGET, at_least=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument(
        "--budget", type=int, default=20_000, help="events per side per round (streams = budget / size)"
    )
    parser.add_argument("--events", type=int, nargs="+", default=list(SIZES), help="the sizes, in events (>= 20)")
    parser.add_argument("--quick", action="store_true", help="2 rounds, few streams: a smoke test in seconds")
    parser.add_argument("--profile", action="store_true", help="profile toolwire on the first size instead")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.budget = 2, 200
    if args.profile:
        if convert_stream is not None:
            events = make_stream(args.events[0])
            run_toolwire(events)  # the dialect modules loaded before profiling
            profile(lambda: run_toolwire(events), max(1, args.budget // args.events[0]))
        return
    print(f"Anthropic stream -> OpenAI Chat chunks, {len(args.events)} sizes; Python {sys.version.split()[0]}")
    for size in args.events:
        size_row(size, args.rounds, args.budget)


if __name__ == "__main__":
    main()
