"""Hostile input, round 2 (issue #21), class 5: the stream relay invents or launders nothing.

The invariant, in both packages: assembling the relayed stream gives the calls that assembling
the input gives (names, arguments, incomplete and invalid marks), except where a reported loss
says otherwise; strict mode raises on any loss; a stream the source's Assembler refuses is
refused by the relay. A cut stream is relayed cut (no invented stop, no [DONE]); an empty
stream and a whole non-streaming response are refused. Every relay here runs in Python and in
the TypeScript package (one node process, a JSON line per batch), which must answer alike.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolwire_dialects._errors import LossError
from toolwire_dialects.dialects import dialect_object
from toolwire_dialects.streams import StreamError, convert_stream, convert_stream_text, get_stream
from toolwire_dialects.streams._relay_write import RelayWriter

from tests.test_typescript_json import node_or_skip, ts_dist

DIALECTS = (
    "openai_chat",
    "openai_responses",
    "anthropic_messages",
    "gemini",
    "bedrock_converse",
    "mistral",
    "cohere_v2",
    "ollama",
    "gemini_interactions",
)
WHOLE_CALLS = ("gemini", "ollama")  # targets that only send whole calls: a cut call is a loss there

_DRIVER = """
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
const dist = process.argv[process.argv.length - 1];
const { convertStream, convertStreamText } = await import(pathToFileURL(`${dist}/streams/index.js`).href);
for await (const line of createInterface({ input: process.stdin })) {
  const answers = [];
  for (const job of JSON.parse(line)) {
    const options = { source: job.source, target: job.target, strict: job.strict };
    let relay = null;
    const answer = { out: [], losses: [], cut: null, error: null };
    try {
      if (job.text !== undefined) {
        for (const text of convertStreamText([job.text], options)) answer.out.push(text);
      } else {
        relay = convertStream(job.events, options);
        for (const event of job.framed ? relay.text() : relay) answer.out.push(event);
        answer.losses = relay.losses.map((l) => [l.code, l.pointer, l.what]);
        answer.cut = relay.cut;
      }
    } catch (exc) {
      answer.error = [exc.constructor.name, exc.message];
      answer.out = [];
    }
    answers.push(answer);
  }
  console.log(JSON.stringify(answers));
}
"""


def python_relay(job: dict[str, Any]) -> dict[str, Any]:
    """What the Python package makes of a job, in the driver's answer's form."""
    answer: dict[str, Any] = {"out": [], "losses": [], "cut": None, "error": None}
    try:
        if "text" in job:
            answer["out"] = list(
                convert_stream_text([job["text"]], source=job["source"], target=job["target"], strict=job["strict"])
            )
        else:
            relay = convert_stream(job["events"], source=job["source"], target=job["target"], strict=job["strict"])
            answer["out"] = list(relay.text() if job.get("framed") else relay)
            answer["losses"] = [[loss.code, loss.pointer, loss.what] for loss in relay.losses]
            answer["cut"] = relay.cut
    except (StreamError, LossError) as exc:
        answer["error"] = [type(exc).__name__, str(exc)]
        answer["out"] = []
    return answer


@pytest.fixture(scope="module")
def relay() -> Iterator[Callable[[list[dict[str, Any]]], list[dict[str, Any]]]]:
    """relay(jobs): each job relayed by both packages; their answers must be the same."""
    node = node_or_skip()
    dist = ts_dist()
    if not (dist / "streams" / "_relay_check.js").is_file():
        pytest.fail(f"no TypeScript package at {dist}: run `toolwire generate`")
    process = subprocess.Popen(
        [node, "--input-type=module", "-e", _DRIVER, "--", str(dist)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env={**os.environ, "NODE_OPTIONS": ""},
    )
    assert process.stdin is not None and process.stdout is not None

    def both(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        process.stdin.write(json.dumps(jobs) + "\n")  # ASCII: lone surrogates survive
        process.stdin.flush()
        line = process.stdout.readline()
        assert line, "the TypeScript relay driver stopped"
        answers: list[dict[str, Any]] = json.loads(line)
        ours = [python_relay(job) for job in jobs]
        for job, mine, theirs in zip(jobs, ours, answers, strict=True):
            assert theirs == json.loads(json.dumps(mine)), f"{job['source']} -> {job['target']}"
        return ours

    yield both
    process.stdin.close()
    process.wait(timeout=30)


def assembled(dialect: str, events: list[Any]) -> tuple[list[tuple[Any, ...]], Any]:
    """The calls a dialect's own Assembler makes of a stream, as (name, arguments, state)."""
    assembler = get_stream(dialect).Assembler()
    for event in events:
        assembler.feed(event)
    calls = [(c["name"], c["arguments"], _state(c)) for c in assembler.finish()]
    errored = any(f["message"].startswith("the stream ended with an error") for f in assembler.findings)
    return calls, "error event" if errored else assembler.finish_reason


def _state(call: dict[str, Any]) -> str:
    if call.get("incomplete") is True:
        return "incomplete"
    return "invalid" if call["arguments"] is None else "complete"


def written(dialect: str, canonical: list[dict[str, Any]]) -> list[dict[str, Any]]:
    writer = RelayWriter(dialect_object(dialect))
    return [event for c in canonical for event in writer.write(c)]


def canonical_stream(
    calls: list[tuple[str, list[str], bool]], finish: str | None = "tool_calls", text: list[str] = ()
) -> list[dict[str, Any]]:
    """A canonical stream: text, then calls (name, argument fragments, stopped), then finish."""
    out: list[dict[str, Any]] = [{"type": "message_start", "id": "msg_1", "model": "model-1"}]
    out += [{"type": "text_delta", "text": t} for t in text]
    for index, (name, fragments, stopped) in enumerate(calls):
        out.append({"type": "tool_call_start", "index": index, "id": f"call{index}xyz", "name": name})
        out += [{"type": "tool_call_delta", "index": index, "arguments_delta": f} for f in fragments]
        if stopped:
            out.append({"type": "tool_call_stop", "index": index})
    if finish is not None:
        out.append({"type": "finish", "finish_reason": finish})
    out.append({"type": "message_stop"})
    return out


def jobs(source: str, events: list[Any], targets: tuple[str, ...] = DIALECTS) -> list[dict[str, Any]]:
    return [
        {"source": source, "target": t, "strict": strict, "events": events} for t in targets for strict in (False, True)
    ]


def lost_for(losses: list[list[str]], index: int) -> bool:
    return any(p in ("/calls", f"/calls/{index}", f"/calls/{index}/arguments") for _code, p, _what in losses)


def check_invariant(
    source: str, events: list[Any], answers: list[dict[str, Any]], job_list: list[dict[str, Any]]
) -> None:
    """The relay's promise for one input and its relays (lenient and strict) to every target."""
    try:
        want, finish = assembled(source, events)
    except StreamError:
        for job, answer in zip(job_list, answers, strict=True):
            assert answer["error"] and answer["error"][0] == "StreamError", f"refused input relayed to {job['target']}"
        return
    pairs = {(job["target"], job["strict"]): answer for job, answer in zip(job_list, answers, strict=True)}
    for target in {job["target"] for job in job_list}:
        lenient, strict = pairs[(target, False)], pairs[(target, True)]
        where = f"{source} -> {target}"
        if not events:
            assert lenient["error"][0] == strict["error"][0] == "StreamError", where
            continue
        assert lenient["error"] is None, f"{where}: {lenient['error']}"
        got, target_finish = assembled(target, lenient["out"])
        losses = lenient["losses"]
        assert len(got) <= len(want), f"{where}: {got} for {want}"  # no call made up
        read = iter(got)  # each call not reported lost is read as it was, in order (a lost one may be left out)
        for index, call in enumerate(want):
            if not lost_for(losses, index):
                assert call in read, f"{where}: call {index}: {got} for {want}, {losses}"
        if finish is None:  # cut: relayed cut, nothing invented
            assert lenient["cut"] and target_finish is None, f"{where}: a cut stream got the finish {target_finish!r}"
        if target == "bedrock_converse":
            stops = [e for e in lenient["out"] if "messageStop" in e]
            assert all(type(e["messageStop"].get("stopReason")) is str for e in stops), where
            assert stops or lenient["cut"], where
        if losses:
            assert strict["error"] and strict["error"][0] == "LossError", f"{where}: strict let {losses} pass"
        else:
            assert strict["error"] is None and strict["out"] == lenient["out"], where


# --- (a) each listed member ---------------------------------------------------------------------


@pytest.mark.parametrize("source", DIALECTS)
def test_a_stream_cut_inside_a_call_is_relayed_cut_never_completed(source: str, relay: Any) -> None:
    """Cut after the first argument fragment: no target gets a stop, a completed status or `{}`
    arguments; the call stays incomplete on the target's wire, or (whole-call targets) a loss."""
    events = written(source, canonical_stream([("get_weather", ['{"city": ', '"Paris"}'], True)], text=["Hi"]))
    cut = next(n for n in range(len(events)) if assembled(source, events[:n])[0])  # the call's start
    events = events[: cut if source in WHOLE_CALLS else cut + 1]  # and a fragment
    (want,), _finish = assembled(source, events)
    assert want[2] == ("complete" if source in WHOLE_CALLS else "incomplete")  # whole-call sources: cut after it
    job_list = jobs(source, events)
    answers = relay(job_list)
    check_invariant(source, events, answers, job_list)
    for job, answer in zip(job_list, answers, strict=True):
        if job["strict"]:
            continue
        assert answer["cut"], job["target"]
        texts = json.dumps(answer["out"])
        assert "response.completed" not in texts and "message_stop" not in texts and "messageStop" not in texts
        assert "message-end" not in texts, job["target"]
        calls, _finish = assembled(job["target"], answer["out"])
        if want[2] == "incomplete":  # never complete on the target's wire: incomplete, or absent with a loss
            assert calls == [want] or (not calls and lost_for(answer["losses"], 0)), job["target"]


@pytest.mark.parametrize("target", ["anthropic_messages", "openai_responses", "cohere_v2", "bedrock_converse"])
def test_a_cut_call_stays_incomplete_in_targets_that_can_say_so_even_strict(target: str, relay: Any) -> None:
    """The issue's example: an Anthropic stream cut inside its tool_use block, relayed to a target
    that can carry a cut call, in strict mode: the call is incomplete there, nothing raised."""
    events = written("anthropic_messages", canonical_stream([("get_weather", ['{"city": ', '"Pa'], False)], None))
    events = [e for e in events if e["type"] != "message_stop"]
    (answer,) = relay([{"source": "anthropic_messages", "target": target, "strict": True, "events": events}])
    assert answer["error"] is None and answer["cut"]
    (call,), finish = assembled(target, answer["out"])
    assert call == ("get_weather", None, "incomplete") and finish is None


@pytest.mark.parametrize("source", ["anthropic_messages"])
def test_an_invalid_call_is_never_relayed_as_valid(source: str, relay: Any) -> None:
    """Start input and fragments that conflict: the source's Assembler marks the call invalid;
    every target reads it as invalid or reports a loss for it (and strict refuses)."""
    events = written(source, canonical_stream([("get_weather", ['{"city": "Paris"}'], True)]))
    for event in events:
        if event["type"] == "content_block_start" and event["content_block"]["type"] == "tool_use":
            event["content_block"]["input"] = {"city": "Rome"}
    assert assembled(source, events)[0] == [("get_weather", None, "invalid")]
    job_list = jobs(source, events)
    answers = relay(job_list)
    check_invariant(source, events, answers, job_list)
    for job, answer in zip(job_list, answers, strict=True):
        if not job["strict"]:
            calls, _finish = assembled(job["target"], answer["out"])
            assert calls[0][2] == "invalid" or lost_for(answer["losses"], 0), job["target"]
        else:
            assert answer["error"][0] == "LossError", job["target"]


@pytest.mark.parametrize("source", DIALECTS)
@pytest.mark.parametrize("target", WHOLE_CALLS)
def test_a_length_cut_call_never_disappears_silently(source: str, target: str, relay: Any) -> None:
    events = written(source, canonical_stream([("f", ['{"a": 1}'], True), ("g", ['{"b": '], False)], "length"))
    want, _finish = assembled(source, events)
    job_list = jobs(source, events, (target,))
    lenient, strict = relay(job_list)
    check_invariant(source, events, [lenient, strict], job_list)
    got, _finish = assembled(target, lenient["out"])
    for index, call in enumerate(want):
        if call[2] == "incomplete":
            assert lost_for(lenient["losses"], index), (want, got, lenient["losses"])
            assert strict["error"][0] == "LossError"


@pytest.mark.parametrize("source", DIALECTS)
@pytest.mark.parametrize("text", ["", "data: [DONE]\n\n", "\n\n"])
def test_empty_input_is_an_error_not_an_invented_reply(source: str, text: str, relay: Any) -> None:
    job_list = [{"source": source, "target": t, "strict": False, "text": text} for t in DIALECTS]
    job_list += jobs(source, [])
    for answer in relay(job_list):
        assert answer["out"] == [] and answer["error"] is not None
        assert answer["error"][0] == "StreamError" and "the stream has no events" in answer["error"][1]


_WHOLE_BODIES = {
    "openai_chat": {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "m",
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
                },
                "finish_reason": "tool_calls",
            }
        ],
    },
    "openai_responses": {"id": "resp_1", "object": "response", "status": "completed", "output": []},
    "anthropic_messages": {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": [],
        "stop_reason": "end_turn",
    },
    "bedrock_converse": {"output": {"message": {"role": "assistant", "content": []}}, "stopReason": "end_turn"},
    "cohere_v2": {"id": "c1", "finish_reason": "COMPLETE", "message": {"role": "assistant", "content": []}},
}
_WHOLE_BODIES["mistral"] = _WHOLE_BODIES["openai_chat"]


@pytest.mark.parametrize("source", sorted(_WHOLE_BODIES))
def test_a_whole_response_given_as_a_stream_is_refused(source: str, relay: Any) -> None:
    """Gemini's and Ollama's streams are made of whole responses (one is a stream of one chunk)."""
    body = _WHOLE_BODIES[source]
    job_list = jobs(source, [body], ("openai_chat", "anthropic_messages"))
    job_list.append({"source": source, "target": "gemini", "strict": False, "text": json.dumps(body) + "\n"})
    for answer in relay(job_list):
        assert answer["out"] == [] and answer["error"][0] == "StreamError", answer
    if source in ("openai_chat", "mistral"):
        assert "/choices/0/message: a whole (non-streaming) response" in answer["error"][1]


@pytest.mark.parametrize("source", DIALECTS)
def test_bedrock_ends_with_a_stop_reason_or_is_cut(source: str, relay: Any) -> None:
    """Every prefix of a stream, and a stream whose finish Bedrock has no value for."""
    events = written(source, canonical_stream([("f", ['{"a":', " 1}"], True)], text=["Hi"]))
    job_list = [job for n in range(1, len(events) + 1) for job in jobs(source, events[:n], ("bedrock_converse",))]
    answers = relay(job_list)
    for n in range(1, len(events) + 1):
        check_invariant(source, events[:n], answers[2 * n - 2 : 2 * n], job_list[2 * n - 2 : 2 * n])
    if source == "anthropic_messages":  # a finish Bedrock has no stopReason for
        refused = written(source, canonical_stream([("f", ['{"a": 1}'], True)], "refusal"))
        lenient, strict = relay(jobs(source, refused, ("bedrock_converse",)))
        assert lenient["cut"] and not any("messageStop" in e for e in lenient["out"])
        assert [
            "finish_reason.dropped",
            "/finish_reason",
            "finish reason 'refusal' (the stream is relayed cut off)",
        ] in lenient["losses"]
        assert strict["error"][0] == "LossError"


@pytest.mark.parametrize("target", ["openai_chat", "mistral", "openai_responses"])
def test_a_cut_stream_s_text_ends_without_the_done_sentinel(target: str, relay: Any) -> None:
    events = written("anthropic_messages", canonical_stream([("f", ['{"a":'], False)], None))
    text = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)
    whole = written("anthropic_messages", canonical_stream([("f", ['{"a": 1}'], True)]))
    whole_text = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in whole)
    base = {"source": "anthropic_messages", "target": target, "strict": False}
    job_list = [{**base, "text": t} for t in (text, whole_text)]
    job_list += [{**base, "events": e, "framed": True} for e in (events, whole)]  # relay.text()
    cut, done, framed_cut, framed_done = relay(job_list)
    for answer in (cut, framed_cut):
        assert answer["error"] is None and not any("[DONE]" in chunk for chunk in answer["out"])
    for answer in (done, framed_done):
        assert ("[DONE]" in answer["out"][-1]) == bool(get_stream(target).DONE_SENTINEL)


# --- (b) the property, every ordered pair -------------------------------------------------------

_ARGUMENTS = st.dictionaries(
    st.sampled_from(["city", "n", "tags", "é"]),
    st.one_of(st.integers(-3, 300), st.text(alphabet='ab "\\é', max_size=4), st.lists(st.booleans(), max_size=2)),
    max_size=3,
)


ERRORS = {
    "anthropic_messages": {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    "openai_responses": {"type": "error", "code": "server_error", "message": "boom", "sequence_number": 99},
    "bedrock_converse": {"internalServerException": {"message": "boom"}},
}


@st.composite
def hostile_streams(draw: Any, source: str) -> list[Any]:
    """A source stream: text, calls whose argument text is split at random points (now and then
    not JSON), a finish (length leaving the last call open), cut at a random event or not (and
    then now and then ended by the provider's error event), and for Anthropic now and then a
    start block whose input conflicts with its fragments."""
    finish = draw(st.sampled_from(["tool_calls", "stop", "length", "length", "content_filter", "refusal", "error"]))
    calls = []
    count = draw(st.integers(0, 3))
    for index in range(count):
        text = json.dumps(draw(_ARGUMENTS), ensure_ascii=False)
        if draw(st.integers(0, 7)) == 0:
            text = text[: draw(st.integers(0, len(text) - 1))]  # not JSON
        points = sorted(set(draw(st.lists(st.integers(1, max(1, len(text) - 1)), max_size=3))))
        pieces = [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True) if text[a:b]]
        open_last = index == count - 1 and finish == "length" and draw(st.booleans())
        calls.append((draw(st.sampled_from(["get_weather", "f", "lookup"])), pieces, not open_last))
    text = draw(st.lists(st.text(alphabet="Hi é", min_size=1, max_size=3), max_size=2))
    events = written(source, canonical_stream(calls, finish, text))
    if source == "anthropic_messages" and draw(st.integers(0, 4)) == 0:
        for event in events:
            if event["type"] == "content_block_start" and event["content_block"]["type"] == "tool_use":
                event["content_block"]["input"] = {"conflict": True}
                break
    if draw(st.booleans()):
        events = events[: draw(st.integers(0, len(events)))]
        if source in ERRORS and draw(st.booleans()):
            events.append(ERRORS[source])  # the provider's error ends it there
    return events


@pytest.mark.parametrize("source", DIALECTS)
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_relaying_never_invents_or_launders_a_call(source: str, data: Any, relay: Any) -> None:
    events = data.draw(hostile_streams(source))
    job_list = jobs(source, events)
    check_invariant(source, events, relay(job_list), job_list)


def test_a_stream_the_assembler_refuses_is_refused_by_the_relay(relay: Any) -> None:
    """Another dialect's events: the source's Assembler refuses them, and so does the relay."""
    events = written("openai_chat", canonical_stream([("f", ['{"a": 1}'], True)]))
    for source in ("anthropic_messages", "bedrock_converse", "cohere_v2", "openai_responses"):
        job_list = jobs(source, events, ("openai_chat", "gemini"))
        check_invariant(source, events, relay(job_list), job_list)


def _chunk(calls: list[dict[str, Any]] | None = None, finish: str | None = None) -> dict[str, Any]:
    delta: dict[str, Any] = {"tool_calls": calls} if calls else {}
    return {
        "id": "c1",
        "object": "chat.completion.chunk",
        "model": "gpt-x",  # as the API sends it: a relay without it reports the target's placeholder
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def test_interleaved_calls_cut_anywhere_are_never_completed(relay: Any) -> None:
    """Chat's parallel calls, their fragments interleaved, cut at every event: a target that
    closes call 0's block when call 1 opens cannot say call 0 was cut off; that is a loss."""
    start = {"type": "function", "function": {"arguments": ""}}
    events = [
        _chunk([{"index": 0, "id": "call_a", **start, "function": {"name": "f", "arguments": '{"a":'}}]),
        _chunk([{"index": 1, "id": "call_b", **start, "function": {"name": "g", "arguments": '{"b":'}}]),
        _chunk([{"index": 0, "function": {"arguments": " 1}"}}]),
        _chunk([{"index": 1, "function": {"arguments": " 2}"}}]),
        _chunk(finish="tool_calls"),
    ]
    for n in range(1, len(events) + 1):
        job_list = jobs("openai_chat", events[:n])
        check_invariant("openai_chat", events[:n], relay(job_list), job_list)
    # A whole-call target sends each call once it is complete, in the order they came: no loss
    # but Gemini's placeholder signature on the first call (its rule: tests/test_relay_rules.py).
    answers = relay([{"source": "openai_chat", "target": t, "strict": False, "events": events} for t in WHOLE_CALLS])
    for target, answer in zip(WHOLE_CALLS, answers, strict=True):
        signed = [["signature.placeholder", "/calls/0"]] if target == "gemini" else []
        assert answer["error"] is None and [loss[:2] for loss in answer["losses"]] == signed, target
        calls, _finish = assembled(target, answer["out"])
        assert calls == [("f", {"a": 1}, "complete"), ("g", {"b": 2}, "complete")], target
