"""Issue #25 point 1 in streams: an OpenAI custom (freeform) tool's streamed call is assembled
whole (Chat's delta.tool_calls[i].custom {name, input}, openai-python ChoiceDeltaToolCallCustom;
Responses' custom_tool_call item with response.custom_tool_call_input.delta / .done events) into
the canonical call with its whole input; relayed between Chat and Responses as a custom call
(input deltas as input deltas) both ways and within each; into every other dialect it is left
out, one tool.custom_dropped loss per call, nothing invalid written (a message whose only calls
were left out ends as a plain stop), the function call beside it relayed as before. TypeScript
assembles and relays as Python does."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects.streams import assembler, convert_stream

from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
CHAT, RESPONSES = "openai_chat", "openai_responses"
OPENAI = (CHAT, RESPONSES)
OTHERS = sorted(n for n, d in SPEC.dialects.items() if d.stream is not None and n not in OPENAI)
CUSTOM_CALL = {"id": "call_c1", "name": "run_sql", "arguments": None, "input": "SELECT id FROM users"}
FUNCTION_CALL = {"id": "call_f2", "name": "get_weather", "arguments": {"city": "Paris"}}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-5", "choices": [choice]}


PIECES = ("SELECT id ", "FROM users")
# quotes, a backslash, control characters, non-ASCII (no U+2028: the node harness splits lines there)
TRICKY = ('SELECT "a\\b"\n', "\t/ é \u0001 ✓")


def _chat(*, function: bool, pieces: tuple[str, ...] = PIECES) -> list[dict[str, Any]]:
    events = [
        _chunk({"role": "assistant", "content": None}),
        _chunk({"tool_calls": [{"index": 0, "id": "call_c1", "type": "custom", "custom": {"name": "run_sql"}}]}),
        *(_chunk({"tool_calls": [{"index": 0, "custom": {"input": p}}]}) for p in pieces),
    ]
    if function:
        call = {"index": 1, "id": "call_f2", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
        events.append(_chunk({"tool_calls": [call]}))
        events.append(_chunk({"tool_calls": [{"index": 1, "function": {"arguments": '{"city":"Paris"}'}}]}))
    return [*events, _chunk({}, "tool_calls")]


def _responses(*, function: bool, pieces: tuple[str, ...] = PIECES) -> list[dict[str, Any]]:
    item = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_c1", "name": "run_sql", "input": ""}
    done = {**item, "input": "".join(pieces)}
    delta = {"type": "response.custom_tool_call_input.delta", "output_index": 0, "item_id": "ctc_1"}
    events: list[dict[str, Any]] = [
        {
            "type": "response.created",
            "response": {"id": "resp_1", "object": "response", "model": "gpt-5", "output": []},
        },
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        *({**delta, "delta": p} for p in pieces),
        {"type": "response.custom_tool_call_input.done", "output_index": 0, "item_id": "ctc_1", "input": done["input"]},
        {"type": "response.output_item.done", "output_index": 0, "item": done},
    ]
    if function:
        call = {"type": "function_call", "id": "fc_2", "call_id": "call_f2", "name": "get_weather", "arguments": ""}
        args = '{"city":"Paris"}'
        events += [
            {"type": "response.output_item.added", "output_index": 1, "item": call},
            {"type": "response.function_call_arguments.delta", "output_index": 1, "item_id": "fc_2", "delta": args},
            {"type": "response.function_call_arguments.done", "output_index": 1, "item_id": "fc_2", "arguments": args},
            {"type": "response.output_item.done", "output_index": 1, "item": {**call, "arguments": args}},
        ]
    completed = {"id": "resp_1", "object": "response", "status": "completed", "model": "gpt-5", "output": []}
    events.append({"type": "response.completed", "response": completed})
    for n, event in enumerate(events):
        event["sequence_number"] = n
    return events


STREAMS = {CHAT: _chat, RESPONSES: _responses}


def _calls(dialect: str, events: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[Any]]:
    a = assembler(dialect)
    for event in copy.deepcopy(events):
        a.feed(event)
    calls = [{k: v for k, v in c.items() if k != "extensions"} for c in a.finish()]
    return calls, a.findings


@pytest.mark.parametrize("dialect", OPENAI)
def test_the_assembler_gives_the_custom_call_with_its_whole_input(dialect: str) -> None:
    calls, findings = _calls(dialect, STREAMS[dialect](function=True))
    assert findings == []
    assert [{k: c.get(k) for k in ("id", "name", "arguments", "input")} for c in calls] == [
        CUSTOM_CALL,
        {**FUNCTION_CALL, "input": None},
    ]


@pytest.mark.parametrize("target", OPENAI)
@pytest.mark.parametrize("source", OPENAI)
def test_chat_and_responses_relay_the_custom_call_as_custom_input_deltas(source: str, target: str) -> None:
    relay = convert_stream(iter(STREAMS[source](function=True)), source=source, target=target)
    out = list(relay)
    assert relay.losses == [] and relay.findings == []
    calls, findings = _calls(target, out)
    assert findings == [] and calls[0] == CUSTOM_CALL and calls[1]["arguments"] == FUNCTION_CALL["arguments"]
    if target == CHAT:
        deltas = [d for e in out for c in e["choices"] for d in c["delta"].get("tool_calls", [])]
        pieces = [d["custom"].get("input") for d in deltas if "custom" in d]
        assert pieces == ["", "SELECT id ", "FROM users"]  # each input delta as an input delta
    else:
        deltas = [e["delta"] for e in out if e["type"] == "response.custom_tool_call_input.delta"]
        assert deltas == ["SELECT id ", "FROM users"]
        assert out[1]["item"]["type"] == "custom_tool_call" and out[1]["item"]["id"].startswith("ctc_")


@pytest.mark.parametrize("function", [True, False])
@pytest.mark.parametrize("target", OTHERS)
@pytest.mark.parametrize("source", OPENAI)
def test_another_dialect_leaves_the_custom_call_out_with_one_loss(source: str, target: str, function: bool) -> None:
    relay = convert_stream(iter(STREAMS[source](function=function)), source=source, target=target)
    out = list(relay)
    custom = [(x.code, x.pointer) for x in relay.losses if x.code in ("tool.custom_dropped", "stream.call_misread")]
    assert custom == [("tool.custom_dropped", "/calls/0")]
    text = json.dumps(out)
    assert "run_sql" not in text and "SELECT id" not in text and relay.findings == []
    calls, findings = _calls(target, out)  # what the target's own readers make of it
    assert findings == []
    assert [(c["name"], c["arguments"]) for c in calls] == (
        [(FUNCTION_CALL["name"], FUNCTION_CALL["arguments"])] if function else []
    )
    if not function:  # no call left: the target hears a plain stop, never "tool calls" with none
        assert relay.cut is False
        reread = convert_stream(iter(copy.deepcopy(out)), source=target, target=CHAT)
        finishes = [c["finish_reason"] for e in reread for c in e.get("choices", []) if c.get("finish_reason")]
        assert finishes == ["stop"]


@pytest.mark.parametrize("pieces", [PIECES, TRICKY])
@pytest.mark.parametrize("target", [*OPENAI, *OTHERS])
@pytest.mark.parametrize("source", OPENAI)
def test_custom_tools_function_relays_the_call_as_a_function_s_everywhere(
    source: str, target: str, pieces: tuple[str, ...]
) -> None:
    """convert_stream(custom_tools="function"): the input's pieces go out as pieces of the JSON
    string of arguments.input; one tool.custom_as_function loss per call, let through by strict."""
    events = STREAMS[source](function=True, pieces=pieces)
    strict = target in OPENAI  # (the others report losses of their own: Gemini's placeholder signature)
    relay = convert_stream(iter(events), source=source, target=target, strict=strict, custom_tools="function")
    out = list(relay)
    asked = [(x.code, x.pointer) for x in relay.losses if x.code.startswith(("tool.", "stream."))]
    assert asked == [("tool.custom_as_function", "/calls/0")] and relay.findings == []
    calls, findings = _calls(target, out)
    assert findings == []
    assert [(c["name"], c["arguments"]) for c in calls] == [
        ("run_sql", {"input": "".join(pieces)}),
        (FUNCTION_CALL["name"], FUNCTION_CALL["arguments"]),
    ]


_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const a = pkg.assembler(job.source);
  for (const event of structuredClone(job.events)) a.feed(event);
  const calls = a.finish();
  const relay = pkg.convertStream(job.events, { source: job.source, target: job.target, customTools: job.custom });
  const events = [];
  for (const event of relay) events.push(event);
  const losses = relay.losses.map((l) => [l.code, l.pointer, l.what]);
  process.stdout.write(JSON.stringify({ calls, findings: a.findings, events, losses }) + "\n");
}
"""


def test_typescript_assembles_and_relays_as_python_does() -> None:
    from tests.test_typescript_json import run_node, ts_dist

    jobs = [
        {"source": s, "target": t, "events": STREAMS[s](function=f, pieces=p), "custom": c}
        for s in OPENAI
        for t in (*OPENAI, *OTHERS)
        for f, p, c in ((True, PIECES, "drop"), (False, PIECES, "drop"), (True, TRICKY, "function"))
    ]
    answers = run_node(_DRIVER, jobs, str(ts_dist() / "index.js"))
    for job, answer in zip(jobs, answers, strict=True):
        a = assembler(job["source"])
        for event in copy.deepcopy(job["events"]):
            a.feed(event)
        relay = convert_stream(
            copy.deepcopy(job["events"]), source=job["source"], target=job["target"], custom_tools=job["custom"]
        )
        events = list(relay)
        expected = {
            "calls": a.finish(),
            "findings": a.findings,
            "events": events,
            "losses": [[x.code, x.pointer, x.what] for x in relay.losses],
        }
        assert answer == json.loads(json.dumps(expected)), (job["source"], job["target"])


_EMIT_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  try {
    pkg.emit(job.dialect, [job.call], "tool_calls");
    process.stdout.write(JSON.stringify(["emitted"]) + "\n");
  } catch (exc) {
    process.stdout.write(JSON.stringify([exc.name, exc.message]) + "\n");
  }
}
"""


@pytest.mark.parametrize("dialect", [*OPENAI, *OTHERS])
def test_emit_refuses_a_custom_call_rather_than_sending_it_as_a_function_s(dialect: str) -> None:
    """emit() builds function calls from a dialect's tool_call shape: a custom call would come
    out as a function call carrying input (Responses) or a delta of both kinds (Chat)."""
    from toolwire_dialects.streams import StreamError, emit

    from tests.test_typescript_json import run_node, ts_dist

    with pytest.raises(StreamError) as raised:
        emit(dialect, [copy.deepcopy(CUSTOM_CALL)], "tool_calls")
    assert str(raised.value) == (
        f"{dialect}/stream_event: /0: a custom (freeform) tool's call: emit() sends function calls only"
        " (a relayed stream carries custom calls)"
    )
    (answer,) = run_node(_EMIT_DRIVER, [{"dialect": dialect, "call": CUSTOM_CALL}], str(ts_dist() / "index.js"))
    assert answer == ["StreamError", str(raised.value)]


@pytest.mark.parametrize("dialect", OPENAI)
def test_toolwire_assemble_takes_a_custom_call_for_a_complete_one(
    dialect: str, cli_runner: Any, tmp_path: Path
) -> None:
    """A custom call has input, not arguments: no "invalid call" finding, exit 0."""
    path = tmp_path / "stream.sse"
    path.write_text("".join(f"data: {json.dumps(e)}\n\n" for e in STREAMS[dialect](function=True)), encoding="utf-8")
    done = cli_runner(["assemble", "--dialect", dialect, path])
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["tool_calls"][0]["input"] == CUSTOM_CALL["input"] and "invalid" not in done.stderr
