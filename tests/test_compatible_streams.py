"""Streams from OpenAI-compatible servers (issue 23, point 7): an empty id or name is none
given yet, a call starts with its name (an id and argument text that come first are held for
it), Responses items without ids are found by their output_index (never a call twice), and an
error's message is read wherever the dialect's stream.json says. Each case is checked in both
runtimes, assembled and relayed (convert_stream) to another dialect; the stream vectors in
schemas/vectors/*/stream.json pin the assembled calls too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import streams

from tests.test_typescript_json import run_node, ts_dist

DIALECTS = Path(__file__).resolve().parents[1] / "schemas" / "dialects"

CHAT = "openai_chat"
RESPONSES = "openai_responses"
ARGS = '{"city": "Paris"}'


def chunk(tool_calls: list[dict[str, Any]] | None = None, finish: str | None = None) -> dict[str, Any]:
    delta = {"tool_calls": tool_calls} if tool_calls is not None else {}
    return {
        "id": "chatcmpl-c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "qwen3",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def tool(index: int, call_id: str | None = None, name: str | None = None, arguments: str | None = None) -> Any:
    item: dict[str, Any] = {"index": index, "type": "function", "function": {}}
    if call_id is not None:
        item["id"] = call_id
    if name is not None:
        item["function"]["name"] = name
    if arguments is not None:
        item["function"]["arguments"] = arguments
    return item


# A vLLM/SGLang-style stream: the first delta's id and name are "", argument text comes next,
# the real id and name after it, then "" again.
EMPTY_FIRST = [
    chunk([tool(0, "", "", "")]),
    chunk([tool(0, None, None, '{"city": ')]),
    chunk([tool(0, "call_c1", "get_weather", "")]),
    chunk([tool(0, "", "", '"Paris"}')]),
    chunk(finish="tool_calls"),
]


def item(index: int | None, call_id: str, name: str, arguments: str, status: str) -> dict[str, Any]:
    event: dict[str, Any] = {
        "type": f"response.output_item.{'added' if status == 'in_progress' else 'done'}",
        "item": {"type": "function_call", "call_id": call_id, "name": name, "arguments": arguments, "status": status},
    }
    if index is not None:
        event["output_index"] = index
    return event


def fragment(index: int | None, text: str, done: bool = False) -> dict[str, Any]:
    kind = "done" if done else "delta"
    event: dict[str, Any] = {"type": f"response.function_call_arguments.{kind}", "arguments" if done else "delta": text}
    if index is not None:
        event["output_index"] = index
    return event


COMPLETED = {"type": "response.completed", "response": {"id": "r", "object": "response", "status": "completed"}}


def responses_without_ids(positions: bool) -> list[dict[str, Any]]:
    """One call, no item ids anywhere; with or without output_index."""
    at = 0 if positions else None
    return [
        item(at, "call_r1", "get_weather", "", "in_progress"),
        fragment(at, '{"city": '),
        fragment(at, '"Paris"}'),
        fragment(at, ARGS, done=True),
        item(at, "call_r1", "get_weather", ARGS, "completed"),
        COMPLETED,
    ]


def _named(calls: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(c.get("id"), c["name"], c.get("arguments"), c.get("incomplete", False)) for c in calls]


def _assembled(dialect: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    assembler = streams.STREAMS[dialect].Assembler()
    deltas = [d for event in events for d in assembler.feed(json.loads(json.dumps(event)))]
    return {**assembler.result(), "deltas": deltas}


_TS_SCRIPT = """
import { createInterface } from "node:readline";
const pkg = await import(process.argv[1]);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  if (job.target === null) {
    const a = pkg.assembler(job.source);
    const deltas = job.events.flatMap((e) => a.feed(e));
    console.log(JSON.stringify({ ...a.result(), deltas }));
  } else {
    const relay = pkg.convertStream(job.events, { source: job.source, target: job.target });
    const events = [...relay];
    const back = pkg.assembler(job.target);
    for (const e of events) back.feed(e);
    console.log(JSON.stringify({ calls: back.finish(), losses: relay.losses.map((l) => [l.code, l.pointer, l.what]) }));
  }
}
"""


def _relayed(source: str, target: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    relay = streams.convert_stream(json.loads(json.dumps(events)), source=source, target=target)
    back = streams.STREAMS[target].Assembler()
    for event in relay:
        back.feed(event)
    return {"calls": back.finish(), "losses": [[loss.code, loss.pointer, loss.what] for loss in relay.losses]}


def _typescript(jobs: list[dict[str, Any]]) -> list[Any]:
    return run_node(_TS_SCRIPT, jobs, (ts_dist() / "streams" / "index.js").as_uri())


@pytest.mark.parametrize("dialect", [CHAT, "mistral"])
def test_empty_id_and_name_are_filled_later_and_early_text_is_kept(dialect: str) -> None:
    """Both dialects with `delta` rules (Mistral's ids are 9 alphanumerics)."""
    call_id = "call_c1" if dialect == CHAT else "abcDEF123"
    events = json.loads(json.dumps(EMPTY_FIRST).replace("call_c1", call_id))
    got = _assembled(dialect, events)
    assert _named(got["tool_calls"]) == [(call_id, "get_weather", {"city": "Paris"}, False)]
    assert got["deltas"][0] == {"index": 0, "id": call_id, "name": "get_weather", "arguments_delta": '{"city": '}
    assert "findings" not in got


@pytest.mark.parametrize("end", ["finish", "truncated", "error", "cut"])
def test_a_name_that_never_comes_is_a_finding_at_every_end(end: str) -> None:
    """Held text for a name that never comes is reported however the stream ends; the good
    call stays as that end makes it."""
    events = [chunk([tool(0, "call_c1", "get_weather", ARGS)]), chunk([tool(1, "call_c2", "", '{"x": 1}')])]
    events += {
        "finish": [chunk(finish="tool_calls")],
        "truncated": [chunk(finish="length")],
        "error": [{"error": {"message": "overloaded", "type": "server_error"}}],
        "cut": [],
    }[end]
    got = _assembled(CHAT, events)
    assert [c["name"] for c in got["tool_calls"]] == ["get_weather"]
    messages = [f["message"] for f in got.get("findings", [])]
    assert any(m.startswith("the call at key 1 (id call_c2) never got a name: left out") for m in messages), messages


def test_text_without_a_key_is_still_stray() -> None:
    """Holding needs an index to attach to: a keyless fragment with no call is a finding."""
    got = _assembled(CHAT, [chunk([{"function": {"arguments": "{}"}}]), chunk(finish="tool_calls")])
    assert got["tool_calls"] == []
    assert [f["message"] for f in got["findings"]] == ["argument text for a call that is not open (key None): left out"]


@pytest.mark.parametrize("positions", [True, False], ids=["output_index", "no output_index"])
def test_responses_without_item_ids_give_each_call_once(positions: bool) -> None:
    got = _assembled(RESPONSES, responses_without_ids(positions))
    assert _named(got["tool_calls"]) == [("call_r1", "get_weather", {"city": "Paris"}, False)]
    assert [d["index"] for d in got["deltas"]] == [0, 0, 0]
    assert "findings" not in got


# Text at an output position no call holds, while two calls are open: a finding naming the
# position, the calls untouched.
UNKNOWN_POSITION = [
    item(0, "call_r1", "f", "", "in_progress"),
    item(1, "call_r2", "g", "", "in_progress"),
    fragment(5, "{}"),
    fragment(0, "{}", done=True),
    fragment(1, "{}", done=True),
    COMPLETED,
]


def test_text_at_an_output_position_with_no_call_is_a_finding() -> None:
    got = _assembled(RESPONSES, UNKNOWN_POSITION)
    assert _named(got["tool_calls"]) == [("call_r1", "f", {}, False), ("call_r2", "g", {}, False)]
    assert [(f["event"], f["message"]) for f in got["findings"]] == [
        (2, "argument text for a call that is not open (key 5): left out")
    ]


def test_an_output_index_that_is_no_index_is_refused() -> None:
    events = [item(0, "call_r1", "f", "", "in_progress"), {**fragment(None, "{}"), "output_index": "zero"}]
    assembler = streams.STREAMS[RESPONSES].Assembler()
    assembler.feed(events[0])
    with pytest.raises(streams.StreamError) as caught:
        assembler.feed(events[1])
    assert (caught.value.pointer, caught.value.message) == ("/output_index", "expected an index")


# An error event per dialect with an error rule: the message where the provider puts it, and
# where compatible servers put it instead (nested in error, or a bare string).
ERRORS: list[tuple[str, dict[str, Any], str, str]] = [
    (CHAT, {"error": {"message": "boom", "type": "server_error", "code": "c1"}}, "/error/message", "c1: boom"),
    (CHAT, {"error": "boom"}, "/error", "boom"),
    ("mistral", {"error": {"message": "boom", "code": 3}}, "/error/message", "3: boom"),
    ("mistral", {"error": "boom"}, "/error", "boom"),
    (
        "anthropic_messages",
        {"type": "error", "error": {"type": "overloaded_error", "message": "boom"}},
        "/error/message",
        "overloaded_error: boom",
    ),
    ("anthropic_messages", {"type": "error", "error": "boom"}, "/error", "boom"),
    ("gemini", {"error": {"code": 500, "message": "boom", "status": "INTERNAL"}}, "/error/message", "INTERNAL: boom"),
    ("gemini", {"error": "boom"}, "/error", "boom"),
    (
        "gemini_interactions",
        {"event_type": "error", "error": {"code": 500, "message": "boom"}},
        "/error/message",
        "500: boom",
    ),
    ("gemini_interactions", {"event_type": "error", "error": "boom"}, "/error", "boom"),
    ("ollama", {"error": "boom"}, "/error", "boom"),
    ("ollama", {"error": {"message": "boom"}}, "/error/message", "boom"),
    ("cohere_v2", {"type": "message-end", "delta": {"error": "boom"}}, "/delta/error", "boom"),
    ("cohere_v2", {"type": "message-end", "delta": {"error": {"message": "boom"}}}, "/delta/error/message", "boom"),
    (RESPONSES, {"type": "error", "code": "c1", "message": "boom", "param": None}, "/message", "c1: boom"),
    (
        RESPONSES,
        {"type": "error", "error": {"type": "server_error", "code": "c1", "message": "boom"}},
        "/error/message",
        "c1: boom",
    ),
    (
        RESPONSES,
        {"type": "response.failed", "response": {"status": "failed", "error": {"code": "c1", "message": "boom"}}},
        "/response/error/message",
        "c1: boom",
    ),
    (
        RESPONSES,
        {"type": "response.failed", "response": {"status": "failed", "error": "boom"}},
        "/response/error",
        "boom",
    ),
]
BEDROCK_ERRORS = (
    "internalServerException",
    "modelStreamErrorException",
    "validationException",
    "throttlingException",
    "serviceUnavailableException",
)
ERRORS += [("bedrock_converse", {e: {"message": "boom"}}, f"/{e}/message", "boom") for e in BEDROCK_ERRORS]
ERRORS += [("bedrock_converse", {e: "boom"}, f"/{e}", "boom") for e in BEDROCK_ERRORS]


@pytest.mark.parametrize(("dialect", "event", "pointer", "text"), ERRORS, ids=[f"{d}:{p}" for d, _e, p, _t in ERRORS])
def test_error_messages_are_found_where_the_mapping_says(
    dialect: str, event: dict[str, Any], pointer: str, text: str
) -> None:
    findings = _assembled(dialect, [event])["findings"]
    assert [(f["pointer"], f["message"]) for f in findings] == [(pointer, f"the stream ended with an error: {text}")]


def test_every_dialect_with_an_error_rule_has_a_case() -> None:
    """Each dialect whose stream.json has an error rule is in ERRORS, at each of its message
    pointers (alt_message included)."""
    wanted = set()
    for path in DIALECTS.glob("*/stream.json"):
        for rule in json.loads(path.read_text(encoding="utf-8"))["rules"]:
            if rule["role"] == "error":
                at = rule.get("path", "")
                wanted |= {(path.parent.name, at + rule[k]) for k in ("message", "alt_message") if k in rule}
    assert wanted, "no error rules found"
    assert wanted <= {(d, p) for d, _e, p, _t in ERRORS}, sorted(wanted - {(d, p) for d, _e, p, _t in ERRORS})


RELAYS: list[tuple[str, str, list[dict[str, Any]], list[tuple[Any, ...]]]] = [
    (CHAT, "anthropic_messages", EMPTY_FIRST, [("call_c1", "get_weather", {"city": "Paris"}, False)]),
    (CHAT, RESPONSES, EMPTY_FIRST, [("call_c1", "get_weather", {"city": "Paris"}, False)]),
    (RESPONSES, CHAT, responses_without_ids(True), [("call_r1", "get_weather", {"city": "Paris"}, False)]),
    (
        RESPONSES,
        "anthropic_messages",
        responses_without_ids(False),
        [("call_r1", "get_weather", {"city": "Paris"}, False)],
    ),
]


@pytest.mark.parametrize(("source", "target", "events", "calls"), RELAYS, ids=[f"{s}->{t}" for s, t, _e, _c in RELAYS])
def test_relayed_streams_carry_each_call_once(source: str, target: str, events: Any, calls: Any) -> None:
    got = _relayed(source, target, events)
    assert [(c.get("id") is not None, *_named([c])[0][1:]) for c in got["calls"]] == [(True, *c[1:]) for c in calls]
    assert not [loss for loss in got["losses"] if loss[1].startswith("/calls")], got["losses"]


def test_typescript_assembles_and_relays_as_python() -> None:
    jobs: list[dict[str, Any]] = [{"source": CHAT, "target": None, "events": EMPTY_FIRST}]
    jobs += [{"source": RESPONSES, "target": None, "events": responses_without_ids(p)} for p in (True, False)]
    jobs.append({"source": RESPONSES, "target": None, "events": UNKNOWN_POSITION})
    jobs += [{"source": d, "target": None, "events": [event]} for d, event, _p, _t in ERRORS]
    jobs += [{"source": s, "target": t, "events": e} for s, t, e, _c in RELAYS]
    ended = [chunk([tool(1, "call_c2", "", '{"x": 1}')]), chunk(finish="length")]
    jobs.append({"source": CHAT, "target": None, "events": ended})
    expected = [
        _assembled(job["source"], job["events"])
        if job["target"] is None
        else _relayed(job["source"], job["target"], job["events"])
        for job in jobs
    ]
    assert _typescript(jobs) == json.loads(json.dumps(expected))
