"""Gemini Interactions (issue #25 point 8): the inputs the dialect used to refuse now read and
write back exactly, and its streams relay from and to the other dialects alike in Python and
TypeScript. The per-case vectors are in schemas/vectors/gemini_interactions/."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects.convert import convert, decoder, encoder
from toolwire_dialects.streams import convert_stream

from tests.test_typescript_json import CONVERT_DRIVER, js_view, run_node, ts_dist

REPO = Path(__file__).resolve().parents[1]
DIALECT = "gemini_interactions"
MODEL = "gemini-3-flash-preview"
SEARCH = {"type": "google_search_call", "id": "gs_1", "arguments": {"queries": ["weather Paris"]}}
FOUND = {"type": "google_search_result", "call_id": "gs_1", "result": [{"url": "https://example.com/paris"}]}
ANSWER = {"type": "model_output", "content": [{"type": "text", "text": "Sunny."}]}
ASK = {"type": "user_input", "content": [{"type": "text", "text": "Weather in Paris?"}]}
CALL = {"type": "function_call", "id": "fc_1", "name": "get_weather", "arguments": {"city": "Paris"}}


def _wire(value: dict[str, Any]) -> dict[str, Any]:
    return {"type": "wire", "dialect": DIALECT, "value": value, "unit": True}


# (name, shape, wire, the canonical messages (or response message) it reads as)
READ: list[tuple[str, str, dict[str, Any], Any]] = [
    (
        "input as one string",
        "request",
        {"model": MODEL, "input": "Hi"},
        [{"role": "user", "parts": [{"type": "text", "text": "Hi"}]}],
    ),
    (
        "input as one content block",
        "request",
        {"model": MODEL, "input": {"type": "text", "text": "Hi"}},
        [{"role": "user", "parts": [{"type": "text", "text": "Hi"}]}],
    ),
    (
        "input as a list of content blocks",
        "request",
        {
            "model": MODEL,
            "input": [
                {"type": "text", "text": "Hi"},
                {"type": "image", "data": "iVBORw0KGgo=", "mime_type": "image/png"},
            ],
        },
        [
            {
                "role": "user",
                "parts": [
                    {"type": "text", "text": "Hi"},
                    {"type": "image", "media_type": "image/png", "data": "iVBORw0KGgo="},
                ],
            }
        ],
    ),
    (
        "a function_result whose result is an object",
        "request",
        {
            "model": MODEL,
            "input": [ASK, CALL, {"type": "function_result", "call_id": "fc_1", "result": {"temp_c": 21}}],
        },
        [
            {"role": "user", "parts": [{"type": "text", "text": "Weather in Paris?"}]},
            {
                "role": "assistant",
                "parts": [
                    {"type": "tool_call", "call": {"id": "fc_1", "name": "get_weather", "arguments": {"city": "Paris"}}}
                ],
            },
            {
                "role": "user",
                "parts": [
                    {
                        "type": "tool_result",
                        "result": {
                            "call_id": "fc_1",
                            "content": [{"type": "json", "value": {"temp_c": 21}}],
                            "is_error": False,
                        },
                    }
                ],
            },
        ],
    ),
    (
        "hosted tool steps in input",
        "request",
        {"model": MODEL, "input": [ASK, SEARCH, FOUND, ANSWER]},
        [
            {"role": "user", "parts": [{"type": "text", "text": "Weather in Paris?"}]},
            {"role": "assistant", "parts": [_wire(SEARCH)]},
            {"role": "assistant", "parts": [_wire(FOUND)], "extensions": {DIALECT: {"forms": {"": "separate"}}}},
            {
                "role": "assistant",
                "parts": [{"type": "text", "text": "Sunny."}],
                "extensions": {DIALECT: {"forms": {"": "separate"}}},
            },
        ],
    ),
    (
        "hosted tool steps in a response",
        "response",
        {"id": "v1_1", "status": "completed", "steps": [SEARCH, FOUND, ANSWER]},
        {"role": "assistant", "parts": [_wire(SEARCH), _wire(FOUND), {"type": "text", "text": "Sunny."}]},
    ),
]


@pytest.mark.parametrize(("shape", "wire", "expected"), [pytest.param(*r[1:], id=r[0]) for r in READ])
def test_an_input_it_refused_now_reads_and_writes_back_exactly(shape: str, wire: dict[str, Any], expected: Any) -> None:
    canonical = decoder(DIALECT, shape)(copy.deepcopy(wire))  # type: ignore[call-overload]
    assert (canonical["messages"] if shape == "request" else canonical["message"]) == expected
    back = encoder(DIALECT, shape)(canonical)  # type: ignore[call-overload]
    assert (back.value, back.losses) == (wire, [])


def test_a_hosted_step_is_a_reported_loss_in_another_dialect() -> None:
    wire = {"model": MODEL, "input": [ASK, SEARCH, FOUND, ANSWER]}
    got = convert(wire, source=DIALECT, target="openai_chat", shape="request")
    assert got.value["messages"] == [
        {"role": "user", "content": "Weather in Paris?"},
        {"role": "assistant", "content": "Sunny."},
    ]
    lost = [(loss.code, loss.pointer) for loss in got.losses]
    assert lost == [("part.unsupported", "/messages/1/parts/0"), ("part.unsupported", "/messages/2/parts/0")]


def test_one_json_object_result_is_sent_as_that_object_without_a_loss() -> None:
    result = {"call_id": "fc_1", "name": "f", "content": [{"type": "json", "value": {"a": [1, 2]}}], "is_error": False}
    got = encoder(DIALECT, "tool_result")(result)
    assert (got.value, got.losses) == (
        {"type": "function_result", "call_id": "fc_1", "name": "f", "result": {"a": [1, 2]}},
        [],
    )
    listed = {**result, "content": [{"type": "json", "value": [1, 2]}]}  # not an object: JSON text, reported
    got = encoder(DIALECT, "tool_result")(listed)
    assert got.value["result"] == [{"type": "text", "text": "[1,2]"}]
    assert [loss.code for loss in got.losses] == ["content.json_as_text"]


def test_a_plain_string_input_from_chat_is_written_as_steps() -> None:
    """The string form is Interactions' own: a request from elsewhere is written as steps."""
    got = convert(
        {"model": "m", "messages": [{"role": "user", "content": "Hi"}]},
        source="openai_chat",
        target=DIALECT,
        shape="request",
    )
    assert got.value["input"] == [{"type": "user_input", "content": [{"type": "text", "text": "Hi"}]}]


def test_typescript_reads_and_converts_the_refused_inputs_alike() -> None:
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for _name, shape, wire, _messages in READ:
        for target in (DIALECT, "openai_chat", "anthropic_messages", "gemini"):
            options = {"source": DIALECT, "target": target, "shape": shape, "model": "m"}
            jobs.append({"wire": wire, "options": options})
            got = convert(copy.deepcopy(wire), **options)  # type: ignore[arg-type]
            expected.append([got.value, [list(loss) for loss in got.losses]])
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))


_STREAM_DRIVER = """
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
const dist = process.argv[process.argv.length - 1];
const { convertStream } = await import(pathToFileURL(`${dist}/index.js`).href);
for await (const line of createInterface({ input: process.stdin })) {
  const { events, source, target } = JSON.parse(line);
  const relay = convertStream(events, { source, target });
  const out = [];
  for await (const event of relay) out.push(event);
  console.log(JSON.stringify({ out, losses: relay.losses.map((l) => [l.code, l.pointer, l.what]) }));
}
"""


def _complete_vector_streams() -> list[list[dict[str, Any]]]:
    data = json.loads((REPO / "schemas/vectors" / DIALECT / "stream.json").read_text(encoding="utf-8"))
    return [c["events"] for c in data["cases"] if c.get("finish_reason") and "error" not in c and not c.get("findings")]


def test_streams_relay_from_and_to_interactions_alike_in_typescript() -> None:
    anthropic = json.loads((REPO / "schemas/vectors/anthropic_messages/stream.json").read_text(encoding="utf-8"))
    theirs = [
        c["events"] for c in anthropic["cases"] if c.get("finish_reason") and "error" not in c and not c.get("findings")
    ]
    jobs = [
        {"events": e, "source": DIALECT, "target": t}
        for e in _complete_vector_streams()
        for t in ("anthropic_messages", "openai_chat", DIALECT)
    ]
    jobs += [{"events": e, "source": "anthropic_messages", "target": DIALECT} for e in theirs]
    expected = []
    for job in jobs:
        relay = convert_stream(copy.deepcopy(job["events"]), source=job["source"], target=job["target"])
        out = list(relay)
        expected.append({"out": out, "losses": [[loss.code, loss.pointer, loss.what] for loss in relay.losses]})
    assert any(e["out"] and any(x.get("event_type") == "step.delta" for x in e["out"]) for e in expected)
    assert run_node(_STREAM_DRIVER, jobs, str(ts_dist())) == js_view(expected)


def test_a_hosted_step_in_a_stream_is_a_reported_loss_of_the_relay() -> None:
    events = [
        {
            "event_type": "interaction.created",
            "interaction": {"id": "v1_1", "status": "in_progress", "model": "gemini-3-pro"},
        },
        {"event_type": "step.start", "index": 0, "step": SEARCH},
        {"event_type": "step.stop", "index": 0},
        {"event_type": "step.start", "index": 1, "step": {"type": "model_output"}},
        {"event_type": "step.delta", "index": 1, "delta": {"type": "text", "text": "Sunny."}},
        {"event_type": "step.stop", "index": 1},
        {"event_type": "interaction.completed", "interaction": {"id": "v1_1", "status": "completed"}},
    ]
    relay = convert_stream(events, source=DIALECT, target="anthropic_messages")
    out = list(relay)
    assert [loss.pointer for loss in relay.losses] == ["/server_tools/0"]
    assert "google_search_call" in relay.losses[0].what and "gs_1" in relay.losses[0].what
    assert [e["delta"]["text"] for e in out if e["type"] == "content_block_delta"] == ["Sunny."]
