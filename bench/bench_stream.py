"""Benchmark: assembling an OpenAI Chat tool-call stream, generated vs hand-written.

Both sides do the same work on the same events, side by side in one run: read every
chunk's choices[].delta.tool_calls[] fragments and finish_reason, check the types they
rely on, key calls by index (a new id at a used index starts a new call), return a
ToolCallDelta per fragment, and at the end parse each call's text into canonical
ToolCalls (raw_arguments kept, "" means {}, bad JSON kept raw, never repaired).

Run: python bench/bench_stream.py [--calls N] [--fragments N] [--runs N]. Prints events per
second of each side and the generated/hand-written time ratio (target: at most 1.5x).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generated" / "python"))

from toolwire_dialects.streams import openai_chat

TARGET = 1.5


def make_stream(calls: int, fragments: int) -> list[dict[str, Any]]:
    """A realistic chunk sequence: parallel calls one after another, small fragments."""
    base = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini"}
    events: list[dict[str, Any]] = [
        {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": None}, "finish_reason": None}]}
    ]
    for k in range(calls):
        first = {
            "index": k,
            "id": f"call_{k:024d}",
            "type": "function",
            "function": {"name": "search_documents", "arguments": ""},
        }
        events.append({**base, "choices": [{"index": 0, "delta": {"tool_calls": [first]}, "finish_reason": None}]})
        text = json.dumps({"query": "x" * (fragments * 4), "limit": 10, "filters": {"lang": "en"}})
        size = max(1, len(text) // fragments)
        for start in range(0, len(text), size):
            piece = {"index": k, "function": {"arguments": text[start : start + size]}}
            events.append({**base, "choices": [{"index": 0, "delta": {"tool_calls": [piece]}, "finish_reason": None}]})
    events.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    events.append({**base, "choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})
    return events


class _Call:
    __slots__ = ("id", "index", "name", "parts")

    def __init__(self, index: int, call_id: str | None, name: str | None) -> None:
        self.index, self.id, self.name, self.parts = index, call_id, name, []


class HandWritten:
    """What a careful engineer writes by hand for OpenAI Chat streams."""

    def __init__(self) -> None:
        self.open: dict[Any, _Call] = {}
        self.calls: list[_Call] = []
        self.last: _Call | None = None
        self.finish_reason: str | None = None

    def feed(self, e: dict[str, Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        choices = e.get("choices")
        if type(choices) is not list:
            return out
        for choice in choices:
            if type(choice) is not dict:
                continue
            delta = choice.get("delta")
            if type(delta) is dict:
                fragments = delta.get("tool_calls")
                if type(fragments) is list:
                    for tc in fragments:
                        if type(tc) is not dict:
                            continue
                        fn = tc.get("function")
                        if type(fn) is not dict:
                            fn = {}
                        k = tc.get("index")
                        if k is not None and type(k) is not int and type(k) is not str:
                            raise ValueError("bad index")
                        cid = tc.get("id")
                        if cid is not None and type(cid) is not str:
                            raise ValueError("bad id")
                        name = fn.get("name")
                        if name is not None and type(name) is not str:
                            raise ValueError("bad name")
                        text = fn.get("arguments")
                        if text is not None and type(text) is not str:
                            raise ValueError("bad arguments")
                        c = self.open.get(k) if k is not None else self.last
                        if c is None or (cid is not None and cid != c.id and (k is None or c.id is not None)):
                            c = _Call(len(self.calls), cid, name)
                            self.calls.append(c)
                            if k is not None:
                                self.open[k] = c
                            self.last = c
                            d: dict[str, Any] = {"index": c.index}
                            if cid is not None:
                                d["id"] = cid
                            if name is not None:
                                d["name"] = name
                        else:
                            d = {"index": c.index}
                            if cid is not None and c.id is None:
                                c.id = d["id"] = cid
                            if name is not None and c.name is None:
                                c.name = d["name"] = name
                        if text:
                            c.parts.append(text)
                            d["arguments_delta"] = text
                        if len(d) > 1:
                            out.append(d)
            reason = choice.get("finish_reason")
            if reason is not None:
                if type(reason) is not str:
                    raise ValueError("bad finish_reason")
                self.finish_reason = reason
        return out

    def finish(self) -> list[dict[str, Any]]:
        result = []
        for c in self.calls:
            raw = "".join(c.parts)
            call: dict[str, Any] = {"id": c.id, "name": c.name, "raw_arguments": raw}
            if self.finish_reason == "length" or self.finish_reason is None:
                call.update(arguments=None, arguments_error="cut off", incomplete=True)
            elif raw == "":
                call["arguments"] = {}
            else:
                try:
                    value = json.loads(raw)
                except ValueError as exc:
                    call.update(arguments=None, arguments_error=f"not valid JSON: {exc}")
                else:
                    if type(value) is dict:
                        call["arguments"] = value
                    else:
                        call.update(arguments=None, arguments_error="not a JSON object")
            result.append(call)
        return result


def run_generated(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assembler = openai_chat.Assembler()
    feed = assembler.feed
    for event in events:
        feed(event)
    return assembler.finish()


def run_hand_written(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assembler = HandWritten()
    feed = assembler.feed
    for event in events:
        feed(event)
    return assembler.finish()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3)
    parser.add_argument("--fragments", type=int, default=300)
    parser.add_argument("--runs", type=int, default=300, help="runs of each side, interleaved one by one")
    args = parser.parse_args()
    events = make_stream(args.calls, args.fragments)
    generated_calls = run_generated(events)
    hand_calls = run_hand_written(events)
    assert [(c["id"], c["name"], c["arguments"], c["raw_arguments"]) for c in generated_calls] == [
        (c["id"], c["name"], c["arguments"], c["raw_arguments"]) for c in hand_calls
    ], "both sides must assemble the same calls"
    # Interleave the two sides run by run, so that noise from other processes hits both
    # alike; the minimum is the least disturbed run of each.
    times: dict[str, list[float]] = {"generated": [], "hand-written": []}
    clock = time.perf_counter
    for _ in range(args.runs):
        start = clock()
        run_generated(events)
        times["generated"].append(clock() - start)
        start = clock()
        run_hand_written(events)
        times["hand-written"].append(clock() - start)
    n = len(events)
    print(
        f"OpenAI Chat stream: {n} events ({args.calls} calls, ~{args.fragments} fragments each), {args.runs} runs each"
    )
    for name, runs in times.items():
        best = min(runs)
        print(
            f"  {name:<13} {n / best:>12,.0f} events/s   {best * 1e3:8.3f} ms per stream (median {statistics.median(runs) * 1e3:.3f} ms)"
        )
    ratio = min(times["generated"]) / min(times["hand-written"])
    median = statistics.median(times["generated"]) / statistics.median(times["hand-written"])
    verdict = "within" if ratio <= TARGET else "OVER"
    print(f"  ratio generated/hand-written: {ratio:.2f}x best, {median:.2f}x median ({verdict} the {TARGET}x target)")


if __name__ == "__main__":
    main()
