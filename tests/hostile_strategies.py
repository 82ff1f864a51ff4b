"""Hypothesis strategies for the property-based hostile harness (issue #21,
tests/test_hostile_properties.py): canonical conversations, responses and tool-call streams,
rendered into each dialect's wire form by the generated package itself.

Conversations have system, user and assistant turns, text, reasoning, parallel and sequential
tool calls whose ids are reused, odd (spaces, slashes, unicode), long or missing; results that
answer a call, answer nothing (orphans), or carry no id; settings, some of the wrong type.
Streams are emitted by each dialect's emitter from canonical calls (complete, invalid or cut
off), then cut at a random event, fragmented, and given conflicting or repeated events.

Everything here is bounded (few turns, short texts) so that a whole property runs in seconds.
Also the harness's helpers: result tags (to find a result again after a conversion), the wire
schema checker, seeded example batches, and the node runner of the TypeScript comparison.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS

# Every dialect of the generated registry that converts whole requests (not MCP's tool parts only).
CONVERSATIONAL = tuple(sorted(name for name, module in DIALECTS.items() if hasattr(module, "decode_request")))
ORDERED_PAIRS = [(s, t) for s in CONVERSATIONAL for t in CONVERSATIONAL]

# ---- leaves ---------------------------------------------------------------------------------

_ODD_CHARS = st.characters(codec="utf-8", exclude_categories=("Cs",))  # any UTF-8 character
_ODD_IDS = st.text(_ODD_CHARS, min_size=1, max_size=12)
_LONG_IDS = st.integers(65, 300).map(lambda n: "call_" + "x" * n)
_PLAIN_IDS = st.sampled_from(["call_1", "call_2", "toolu_01A", "fc_9", "c1", "a1b2c3d4e", "call 1/ü", "0"])
CALL_IDS = st.one_of(_PLAIN_IDS, _PLAIN_IDS, _ODD_IDS, _LONG_IDS)
TOOL_NAMES = st.sampled_from(["get_weather", "get_time", "f", "lookup_v2", "search-web"])
TEXTS = st.one_of(st.sampled_from(["Paris?", "ok", "", " ", "Sunny, 22°C"]), st.text(_ODD_CHARS, max_size=20))

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False, width=32).filter(lambda x: not x.is_integer()),
    st.text(_ODD_CHARS, max_size=10),
)
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(_ODD_CHARS, max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
ARGUMENTS = st.dictionaries(st.sampled_from(["city", "n", "q", "ü", "", "a b"]), JSON_VALUES, max_size=3)
_BAD_ARGUMENT_TEXTS = st.sampled_from(['{"city": "Par', "[1, 2]", "NaN", '{"a": 1}{"b": 2}', "not json", '"text"'])

# Canonical settings, some of the wrong type (a string token count, a number as stop list...):
# a converter must refuse them or drop them with a loss, never send them on as given.
_GOOD_SETTINGS = {
    "max_tokens": st.integers(0, 4096),
    "temperature": st.floats(0, 2, allow_nan=False),
    "top_p": st.floats(0, 1, allow_nan=False),
    "top_k": st.integers(1, 100),
    "stop": st.lists(st.sampled_from(["\n", "END", "ü"]), max_size=2),
    "seed": st.integers(0, 2**31),
    "user": st.sampled_from(["u-1", "ü"]),
}
_BAD_SETTINGS = {
    "max_tokens": st.sampled_from(["100", -1, 1.5, True, None]),
    "temperature": st.sampled_from(["hot", None, [0.5]]),
    "top_p": st.sampled_from(["1", {}]),
    "top_k": st.sampled_from([2.5, "3"]),
    "stop": st.sampled_from([5, "END", [1, 2]]),
    "seed": st.sampled_from(["42", 1.5]),
    "reasoning_effort": st.sampled_from(["extreme", 3]),
    "stream": st.sampled_from(["yes", 1]),
}


@st.composite
def request_settings(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in draw(st.lists(st.sampled_from(sorted(_GOOD_SETTINGS)), max_size=3, unique=True)):
        out[key] = draw(_GOOD_SETTINGS[key])
    if draw(st.booleans()):
        key = draw(st.sampled_from(sorted(_BAD_SETTINGS)))
        out[key] = draw(_BAD_SETTINGS[key])
    return out


# ---- calls, results, turns ------------------------------------------------------------------


@st.composite
def tool_calls(draw: st.DrawFn, ids: list[str] | None = None, cut: bool = False) -> dict[str, Any]:
    """A canonical call; its id drawn anew or reused from ids; invalid or cut-off sometimes."""
    reuse = ids and draw(st.integers(0, 3)) == 0
    call_id = draw(st.sampled_from(ids)) if reuse else draw(CALL_IDS)
    call: dict[str, Any] = {"id": call_id, "name": draw(TOOL_NAMES), "arguments": draw(ARGUMENTS)}
    kind = draw(st.sampled_from(["ok", "ok", "ok", "invalid", "incomplete"] if cut else ["ok"] * 5 + ["invalid"]))
    if kind != "ok":
        text = draw(_BAD_ARGUMENT_TEXTS)
        call.update(arguments=None, raw_arguments=text, arguments_error="not valid JSON")
        if kind == "incomplete":
            call.update(incomplete=True, arguments_error="the stream was cut off")
    return call


def _result(call_id: str | None, name: str | None, content: list[dict[str, Any]], error: bool) -> dict[str, Any]:
    result: dict[str, Any] = {"call_id": call_id, "content": content, "is_error": error}
    if name is not None:
        result["name"] = name
    return {"type": "tool_result", "result": result}


_RESULT_CONTENT = st.lists(
    st.one_of(
        TEXTS.map(lambda t: {"type": "text", "text": t}),
        JSON_VALUES.map(lambda v: {"type": "json", "value": v}),
    ),
    max_size=2,
)


@st.composite
def results_for(draw: st.DrawFn, calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Results for some of calls in any order, plus orphans (an unknown id) and id-less ones."""
    answered = draw(st.permutations(calls)) if calls else []
    answered = answered[: draw(st.integers(0, len(answered)))] if draw(st.integers(0, 3)) == 0 else answered
    parts = [
        _result(c["id"], c["name"] if draw(st.booleans()) else None, draw(_RESULT_CONTENT), draw(st.booleans()))
        for c in answered
    ]
    if draw(st.integers(0, 3)) == 0:  # an orphan: no call has this id
        parts.insert(draw(st.integers(0, len(parts))), _result("orphan_" + draw(CALL_IDS), None, [], False))
    if draw(st.integers(0, 4)) == 0:  # an id-less result (only a transport could link it)
        parts.append(_result(None, draw(TOOL_NAMES), draw(_RESULT_CONTENT), False))
    return parts


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


@st.composite
def assistant_parts(draw: st.DrawFn, ids: list[str], dialect: str) -> tuple[list[dict[str, Any]], list[dict]]:
    parts: list[dict[str, Any]] = []
    if draw(st.integers(0, 3)) == 0:
        parts.append({"type": "reasoning", "dialect": dialect, "text": draw(TEXTS)})
    if draw(st.booleans()):
        parts.append(_text(draw(TEXTS)))
    calls = []
    for _ in range(draw(st.integers(0, 3))):  # parallel calls
        calls.append(draw(tool_calls(ids)))
        ids.append(calls[-1]["id"])
    parts += [{"type": "tool_call", "call": c} for c in calls]
    return parts or [_text("ok")], calls


@st.composite
def conversations(draw: st.DrawFn, dialect: str) -> dict[str, Any]:
    """A canonical request: rounds of assistant calls and the user's results (sequential calls)."""
    messages: list[dict[str, Any]] = []
    if draw(st.booleans()):
        messages.append({"role": "system", "parts": [_text(draw(TEXTS))]})
    messages.append({"role": "user", "parts": [_text(draw(TEXTS))]})
    ids: list[str] = []
    names: set[str] = set()
    for _ in range(draw(st.integers(1, 3))):
        parts, calls = draw(assistant_parts(ids, dialect))
        names |= {c["name"] for c in calls}
        messages.append({"role": "assistant", "parts": parts})
        user = draw(results_for(calls))
        if draw(st.integers(0, 3)) == 0 or not user:
            user.append(_text(draw(TEXTS)))
        messages.append({"role": "user", "parts": user})
    request: dict[str, Any] = {"model": draw(st.sampled_from(["m-1", "gpt-4o", "ü"])), "messages": messages}
    tools = sorted(names) if draw(st.integers(0, 4)) else sorted(names)[1:]  # sometimes one undeclared
    if tools:
        request["tools"] = [
            {"name": n, "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}} for n in tools
        ]
    if draw(st.booleans()):
        request["settings"] = draw(request_settings())
    return request


_FINISH = st.sampled_from([None, "stop", "length", "tool_calls", "content_filter"])


@st.composite
def responses(draw: st.DrawFn, dialect: str) -> dict[str, Any]:
    parts, _ = draw(assistant_parts([], dialect))
    response: dict[str, Any] = {"message": {"role": "assistant", "parts": parts}}
    response["id"] = draw(st.sampled_from(["resp_1", "msg_01", "ü"]))
    response["model"] = "m-1"
    finish = draw(_FINISH)
    if finish is not None:
        response["finish_reason"] = finish
    return response


_TAG = re.compile(r"#r(\d+)#")


def tag_results(request: dict[str, Any]) -> dict[str, Any]:
    """request with a tag (#r<n>#) first in each tool result's content that has any: a result
    found in a converted request is known by it, whatever moved, merged or was dropped around
    it. Results with no content stay so (an edge case of its own) and untagged."""
    request = copy.deepcopy(request)
    results = [p["result"] for m in request["messages"] for p in m["parts"] if p["type"] == "tool_result"]
    for n, result in enumerate(results):
        if result["content"]:
            result["content"] = [{"type": "text", "text": f"#r{n}#"}, *result["content"]]
    return request


def result_tag(result: dict[str, Any]) -> str | None:
    """The tag tag_results gave a canonical result (None when its content lost it)."""
    found = _TAG.search(json.dumps(result.get("content"), ensure_ascii=False))
    return found.group(1) if found else None


Link = tuple[str, Any, "str | None"]  # a result's pointer, the call it answers, that call's pointer


def links(request: dict[str, Any]) -> tuple[dict[str, Link], list[Link]]:
    """Each tool result: (its pointer, the call it answers as (name, arguments, raw text) or
    None for none, that call's pointer), the call being the latest before it with its id;
    by tag (tests/hostile_strategies.tag_results), and the untagged ones in order."""
    calls: dict[Any, tuple[Any, str]] = {}
    tagged: dict[str, Link] = {}
    untagged: list[Link] = []
    for i, message in enumerate(request.get("messages") or []):
        for j, part in enumerate(message.get("parts") or []):
            where = f"/messages/{i}/parts/{j}"
            kind = part.get("type") if isinstance(part, dict) else None
            if kind == "tool_call":
                call = part["call"]
                raw = call.get("raw_arguments") if call.get("arguments") is None else None
                calls[call.get("id")] = ((call.get("name"), call.get("arguments"), raw), where)
            elif kind == "tool_result":
                call_id = part["result"].get("call_id")
                answered = calls.get(call_id) if call_id else None
                link = (where, answered[0] if answered else None, answered[1] if answered else None)
                tag = result_tag(part["result"])
                if tag is None:
                    untagged.append(link)
                    continue
                assert tag not in tagged, f"result {tag} appears twice: {where} and {tagged[tag][0]}"
                tagged[tag] = link
    return tagged, untagged


# ---- wire forms -----------------------------------------------------------------------------


def render(dialect: str, shape: str, canonical: dict[str, Any]) -> tuple[Any, BaseException | None]:
    """canonical encoded as dialect's wire (lenient): (value, None), or (None, the refusal)."""
    import toolwire_dialects

    encode = getattr(toolwire_dialects.get_dialect(dialect), f"encode_{shape}")
    try:
        return encode(copy.deepcopy(canonical)).value, None
    except Exception as exc:  # judged by the property that called this
        return None, exc


# ---- streams --------------------------------------------------------------------------------


@st.composite
def streams(draw: st.DrawFn, dialect: str) -> dict[str, Any]:
    """{"events": [...], "how": what was done}: calls emitted by dialect's emitter in fragments,
    then maybe cut after a random event, an event repeated, or two events swapped."""
    from toolwire_dialects.streams import emit

    ids: list[str] = []
    calls = []
    for _ in range(draw(st.integers(1, 3))):
        calls.append(draw(tool_calls(ids, cut=True)))
        ids.append(calls[-1]["id"])
    calls = [c for c in calls if "incomplete" not in c] + [c for c in calls if "incomplete" in c][:1]
    size = draw(st.sampled_from([None, 1, 2, 5]))
    try:
        events = emit(dialect, copy.deepcopy(calls), fragment_size=size)
    except Exception as exc:  # an emitter's refusal is for the properties to judge
        return {"events": None, "error": exc, "calls": calls, "how": ["emit refused"]}
    how = [f"{len(calls)} calls, fragment size {size}"]
    mutation = draw(st.sampled_from(["none", "none", "cut", "cut", "repeat", "swap", "conflict"]))
    if mutation == "cut" and events:
        at = draw(st.integers(0, len(events) - 1))
        events, how = events[:at], [*how, f"cut after {at} events"]
    elif mutation == "repeat" and events:
        at = draw(st.integers(0, len(events) - 1))
        events, how = [*events[: at + 1], copy.deepcopy(events[at]), *events[at + 1 :]], [*how, f"event {at} twice"]
    elif mutation == "swap" and len(events) > 1:
        a, b = sorted(draw(st.permutations(range(len(events))))[:2])
        events[a], events[b] = events[b], events[a]
        how.append(f"events {a} and {b} swapped")
    elif mutation == "conflict" and len(calls) > 1:
        # a second call sent again under the first call's id: the same key, another name
        twin = {**calls[1], "id": calls[0]["id"], "name": "other_tool"}
        try:
            events = [*events[:-1], *emit(dialect, [twin], fragment_size=size)[:-1], events[-1]]
            how.append("a conflicting call under the first call's id")
        except Exception as exc:
            return {"events": None, "error": exc, "calls": calls, "how": [*how, "emit refused the twin"]}
    return {"events": events, "error": None, "calls": calls, "how": how}


# ---- harness helpers ------------------------------------------------------------------------


def schema_checker() -> Callable[[str, Any], list[str]]:
    """schema_errors(schema_id, instance): what the generated package's schema finds wrong."""
    import jsonschema
    import referencing
    import referencing.exceptions
    from referencing.jsonschema import DRAFT202012
    from toolwire_dialects._schemas import SCHEMAS

    def refuse(uri: str) -> referencing.Resource:
        raise referencing.exceptions.NoSuchResource(ref=uri)

    registry = referencing.Registry(retrieve=refuse).with_resources(
        (k, DRAFT202012.create_resource(v)) for k, v in SCHEMAS.items()
    )
    validators: dict[str, Any] = {}

    def errors(schema_id: str, instance: Any) -> list[str]:
        if schema_id not in validators:
            validators[schema_id] = jsonschema.Draft202012Validator(SCHEMAS[schema_id], registry=registry)
        found = validators[schema_id].iter_errors(instance)
        return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in found]

    return errors


def examples(strategy: st.SearchStrategy[Any], count: int) -> list[Any]:
    """count seeded examples of strategy (generated only, no shrinking: nothing fails here)."""
    found: list[Any] = []

    @settings(
        derandomize=True,
        database=None,
        deadline=None,
        max_examples=count,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return found


def run_node_lines(script: str, jobs: list[dict[str, Any]], *args: str) -> list[Any]:
    """As tests/test_typescript_json.run_node, but its stdout split at newlines only: an odd id
    may hold U+2028 or U+0085, which JSON.stringify leaves raw and str.splitlines splits at."""
    from tests.test_typescript_json import node_or_skip

    text = "".join(json.dumps(job) + "\n" for job in jobs)
    done = subprocess.run(
        [node_or_skip(), "--input-type=module", "-e", script, "--", *args],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
        env={**os.environ, "NODE_OPTIONS": ""},
    )
    assert done.returncode == 0, f"node failed ({done.returncode}):\n{done.stderr[-4000:]}"
    out = [json.loads(line) for line in done.stdout.split("\n") if line.strip()]
    assert len(out) == len(jobs), f"node answered {len(out)} of {len(jobs)} jobs:\n{done.stderr[-4000:]}"
    return out
