"""vectors/<dialect>/relay.json through the TypeScript package's relay: the canonical events
write as the vector's events with its losses, and the events read back as its `read`, the
same expectations tests/test_relay.py holds the Python relay to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.test_typescript_json import run_node, ts_dist

REPO = Path(__file__).resolve().parents[1]
VECTORS = sorted((REPO / "schemas" / "vectors").glob("*/relay.json"))

_DRIVER = """
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
const dist = process.argv[process.argv.length - 1];
const { dialectObject } = await import(pathToFileURL(`${dist}/dialects.js`).href);
const { RelayWriter } = await import(pathToFileURL(`${dist}/streams/_relay_write.js`).href);
const { RelayReader } = await import(pathToFileURL(`${dist}/streams/_relay_read.js`).href);
for await (const line of createInterface({ input: process.stdin })) {
  const { dialect, case: vector } = JSON.parse(line);
  const module = dialectObject(dialect);  // the relay takes dialect objects, not names
  const writer = new RelayWriter(module);
  const events = vector.canonical.flatMap((c) => writer.write(c));
  const reader = new RelayReader(module);
  const read = [...vector.events.flatMap((e) => reader.feed(e)), ...reader.end()];
  const losses = writer.losses.map((loss) => [loss.pointer, loss.what]);
  console.log(JSON.stringify({ events, losses, read }));
}
"""


def _cases() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for path in VECTORS:
        data = json.loads(path.read_text(encoding="utf-8"))
        cases += [(data["dialect"], case) for case in data["cases"]]
    return cases


CASES = _cases()


@pytest.fixture(scope="module")
def answers() -> list[dict[str, Any]]:
    dist = ts_dist()
    if not (dist / "streams" / "_relay_write.js").is_file():
        pytest.fail(f"no TypeScript package at {dist}: run `toolwire generate`")
    return run_node(_DRIVER, [{"dialect": d, "case": c} for d, c in CASES], str(dist))


def test_every_streaming_dialect_has_relay_vectors() -> None:
    assert len(VECTORS) == 9 and len({dialect for dialect, _ in CASES}) == 9


@pytest.mark.parametrize("number", range(len(CASES)), ids=[f"{d}: {c['description']}" for d, c in CASES])
def test_the_typescript_relay_replays_the_vector_both_ways(number: int, answers: list[dict[str, Any]]) -> None:
    _dialect, case = CASES[number]
    answer = answers[number]
    assert answer["events"] == case["events"]
    assert answer["losses"] == case["losses"]
    assert answer["read"] == case["read"]


_STREAM_DRIVER = """
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
const dist = process.argv[process.argv.length - 1];
const { convertStream } = await import(pathToFileURL(`${dist}/index.js`).href);
for await (const line of createInterface({ input: process.stdin })) {
  const { events, target } = JSON.parse(line);
  const relay = convertStream(events, { source: "openai_chat", target });
  const out = [];
  for await (const event of relay) out.push(event);
  console.log(JSON.stringify({ out, losses: relay.losses.map((l) => [l.code, l.pointer, l.what]) }));
}
"""


def test_argument_text_that_is_no_json_relays_alike() -> None:
    """NaN in streamed argument text, relayed to whole-call targets: the same loss and the same
    events from both packages (both read it with the strict reader)."""
    from toolwire_dialects.convert import convert_stream

    from tests.test_relay import NAN_CALL

    targets = ["gemini", "ollama", "anthropic_messages"]
    answers = run_node(_STREAM_DRIVER, [{"events": NAN_CALL, "target": t} for t in targets], str(ts_dist()))
    for target, answer in zip(targets, answers, strict=True):
        relay = convert_stream(NAN_CALL, source="openai_chat", target=target)
        assert answer["out"] == list(relay), target
        assert answer["losses"] == [[loss.code, loss.pointer, loss.what] for loss in relay.losses], target
