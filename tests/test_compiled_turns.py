"""The compiled request reader (ir/lower_request.py, ir/lower_turns.py, ir/lower_parts.py
through the canonical sink, printed by each target) against the interpreter it replaced
(tests/oracle/request_in.py, tests/oracle/turns.py): the same canonical request (values and
key order), extension fields, forms, notes and errors (type, pointer, message) for every
dialect with a conversation layout, over every vector, the corpora and generated requests;
and the TypeScript package's decoding of the same requests equal to Python's."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS, RequiredValueError
from toolwire_dialects._ids import IdMap

from tests.hostile_strategies import conversations, examples, run_node_lines
from tests.oracle.request_in import decode_request
from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
WITH_CONVERSATION = sorted(name for name, d in SPEC.dialects.items() if conversation_ir(d) is not None)

# Values a hostile request puts where the layout reads something: every part spelling some
# dialect has, wrong types, empty containers, odd roles, data URLs, unknown keys.
_ODD = [
    None,
    "",
    "x",
    5,
    True,
    [],
    {},
    "system",
    "developer",
    "model",
    "tool",
    "assistant",
    "data:image/png;base64,iVBORw0KGgo",
    "iVBORw0KGgoAAAA",
    "/9j/4AAQ",
    {"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}},
    {"type": "text"},
    {"type": "text", "text": None},
    {"type": "input_text", "text": "a"},
    {"type": "output_text", "text": "a", "annotations": []},
    {"type": "refusal", "refusal": "no"},
    {"type": "input_image", "image_url": "data:image/png;base64,AAAA"},
    {"type": "image_url", "image_url": {"url": "https://x/y.png", "detail": "low"}},
    {"type": "image_url", "image_url": "data:image/jpeg;base64,/9j/"},
    {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}},
    {"type": "image", "source": {"type": "url", "url": "https://x/y.png"}},
    {"type": "thinking", "thinking": "t", "signature": "s"},
    {"type": "thinking", "thinking": [{"type": "text", "text": "t"}]},
    {"type": "thinking", "thinking": [{"text": "t"}, 3]},
    {"type": "redacted_thinking", "data": "d"},
    {"type": "reasoning", "summary": [{"type": "summary_text", "text": "t"}], "id": "rs_1"},
    {"type": "reasoning", "summary": []},
    {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
    {"type": "function_call_output", "call_id": "c1", "output": "ok"},
    {"type": "web_search_call", "id": "ws_1"},
    {"type": "message", "role": "user", "content": "hi"},
    {"thought": True, "text": "t"},
    {"thought": 1, "text": "t"},
    {"text": "t", "x": 1},
    {"inlineData": {"mimeType": "image/png", "data": "AAAA"}},
    {"fileData": {"fileUri": "gs://x"}},
    {"image": {"format": "png", "source": {"bytes": "AAAA"}}},
    {"reasoningContent": {"reasoningText": {"text": "t", "signature": "s"}}},
    {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}},
    {"toolResult": {"toolUseId": "t1", "content": [{"text": "ok"}]}},
    {"functionCall": {"name": "f", "args": {}}},
    {"functionResponse": {"name": "f", "response": {}}},
    {"type": "tool_use", "id": "t1", "name": "f", "input": {}},
    {"type": "tool_result", "tool_use_id": "t1", "content": "ok"},
    {"role": "tool", "tool_call_id": "c1", "content": "ok"},
    {"role": "user", "content": [{"type": "text", "text": "a"}, 7]},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
    },
    {"id": "c2", "type": "custom", "custom": {"name": "code", "input": "print(1)"}},  # another kind of call
    {
        "role": "assistant",
        "tool_calls": [
            {"id": "c3", "type": "custom", "custom": {"name": "code", "input": "x"}},
            {"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}},
        ],
    },
    {"role": "model", "parts": [{"text": "a"}]},
    {"parts": [{"text": "a"}]},
    {"role": "system", "content": "s"},
    {"role": "developer", "content": [{"type": "input_text", "text": "s"}]},
]
_KEYS = [
    "role",
    "content",
    "parts",
    "type",
    "text",
    "x",
    "tool_calls",
    "refusal",
    "thinking",
    "images",
    "tool_plan",
    "name",
]


def _containers(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict | list):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            yield from _containers(item, (*path, key))


@st.composite
def wire_requests(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """A canonical conversation written as the dialect's wire (lenient or strict), then changed
    in a few places: a key dropped, a value replaced by an odd one, an odd key or turn added, a
    turn repeated."""
    canonical = draw(conversations(name))
    encode = DIALECTS[name].encode_request
    strict = draw(st.booleans())
    wire: Any = None
    for attempt in ({"strict": strict}, {}):  # a strict refusal: the lenient wire
        try:
            wire = encode(copy.deepcopy(canonical), **attempt).value
            break
        except Exception:  # settings of the wrong type are refused too: then written without them
            canonical.pop("settings", None)
    if wire is None:
        try:
            wire = encode(copy.deepcopy(canonical)).value
        except RequiredValueError:  # no request of the dialect holds it (a value nothing can fill)
            assume(False)
    wire = json.loads(json.dumps(wire))
    for _ in range(draw(st.integers(0, 4))):
        places = list(_containers(wire))
        _path, node = draw(st.sampled_from(places))
        odd = copy.deepcopy(draw(st.sampled_from(_ODD)))
        if isinstance(node, dict):
            key = draw(st.sampled_from(sorted(node) + _KEYS))
            if key in node and draw(st.booleans()):
                del node[key]
            else:
                node[key] = odd
        elif node and draw(st.booleans()):
            k = draw(st.integers(0, len(node) - 1))
            if draw(st.booleans()):  # a turn (or block) twice in a row: two turns of one role
                node.insert(k, copy.deepcopy(node[k]))
            else:
                node[k] = odd
        else:
            node.insert(draw(st.integers(0, len(node))), odd)
    return wire


def _run(read: Any, wire: Any) -> str:
    try:
        return repr(read(copy.deepcopy(wire), IdMap()))
    except Exception as exc:  # compared whole: type, pointer and message
        return repr((type(exc).__name__, getattr(exc, "pointer", None), getattr(exc, "message", str(exc))))


# Dialects using terms the interpreter predates (conversation.request.single: an input that is one
# user turn; hosted steps kept as wire units; a result that is one object): the oracle refuses or
# reads otherwise what only the compiled code reads, so for them a difference is not a failure.
# Their reading is checked by their vectors and tests/test_gemini_interactions.py instead.
ORACLE_PREDATES = frozenset(
    name for name in DIALECTS if (c := conversation_ir(SPEC.dialects[name])) is not None and c.request.single
)


def _same(name: str, wire: Any) -> str:
    module = DIALECTS[name]
    compiled = _run(module._request_in, wire)
    oracle = _run(lambda w, ids: decode_request(w, module._REQUEST, module._CODECS, ids), wire)
    assert compiled == oracle or name in ORACLE_PREDATES, (name, wire)
    return compiled


@pytest.mark.parametrize("name", WITH_CONVERSATION)
def test_compiled_request_reads_generated_requests_as_the_interpreter_read(name: str) -> None:
    seen = {"messages": 0, "'fields'": 0, "'forms'": 0, "DecodeError": 0, "'separate'": 0}

    @settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(wire_requests(name))
    def same(wire: dict[str, Any]) -> None:
        got = _same(name, wire)
        for key in seen:
            seen[key] += key in got

    same()
    assert all(seen.values()), seen  # the requests reach turns, kept fields, forms, errors, separate turns


def _vectors() -> list[Any]:
    """Every JSON object in the vectors (requests, and the objects inside them)."""
    found: list[Any] = []
    for path in sorted((ROOT / "schemas").rglob("vectors/**/*.json")):
        found += [node for _p, node in _containers(json.loads(path.read_text())) if isinstance(node, dict)]
    return found


def test_compiled_request_reads_every_vector_as_the_interpreter_read() -> None:
    vectors = _vectors()
    assert len(vectors) > 1000
    decoded = sum("'messages'" in _same(name, v) for v in vectors for name in WITH_CONVERSATION)
    assert decoded > 100  # many of them are whole requests


def _corpus(skip: bool = True) -> list[Any]:
    """Every payload of the corpora (none when absent and not skip)."""
    from tests.conftest import corpus_location

    folders = [corpus_location(), corpus_location().parent / "corpus-more"]
    if not any(f.is_dir() for f in folders):
        if not skip:
            return []
        pytest.skip(f"no corpus at {folders[0]} (set TOOLWIRE_CORPUS to the corpus folder)")
    payloads = []
    for folder in folders:
        for path in sorted(folder.rglob("*.json")) if folder.is_dir() else []:
            try:
                payloads.append(json.loads(path.read_text()))
            except ValueError:
                continue
    return payloads


def test_compiled_request_reads_the_corpora_as_the_interpreter_read() -> None:
    payloads = _corpus()
    decoded = sum("'messages'" in _same(name, p) for p in payloads for name in WITH_CONVERSATION)
    assert decoded > 10


_DRIVER = """
import { createInterface } from "node:readline";
const pkg = await import(process.argv[1]);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  try {
    console.log(JSON.stringify(pkg.getDialect(job.dialect).decodeRequest(job.request)));
  } catch (exc) {
    const name = exc && exc.constructor ? exc.constructor.name : "";
    console.log(JSON.stringify(["error", name, exc.pointer ?? null, exc.detail ?? String(exc)]));
  }
}
"""


def _python(name: str, wire: Any) -> Any:
    try:
        return DIALECTS[name].decode_request(copy.deepcopy(wire))
    except Exception as exc:
        return ["error", type(exc).__name__, getattr(exc, "pointer", None), getattr(exc, "message", str(exc))]


def test_typescript_reads_requests_as_python_reads_them() -> None:
    from tests.test_typescript_json import ts_dist

    jobs: list[dict[str, Any]] = []
    for name in WITH_CONVERSATION:
        jobs += [{"dialect": name, "request": w} for w in examples(wire_requests(name), 300)]
        jobs += [{"dialect": name, "request": v} for v in _vectors() if "'messages'" in repr(_python(name, v))]
    jobs += [{"dialect": name, "request": p} for p in _corpus(skip=False) for name in WITH_CONVERSATION]
    answers = run_node_lines(_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    for job, got in zip(jobs, answers, strict=True):
        want = json.loads(json.dumps(_python(job["dialect"], job["request"])))
        assert got == want, job


class _Recorder:
    """A turn sink that says which event came where (a comment per event): any sink can be
    driven by a lowered reader, not only the canonical one."""

    part_state = ("parts",)

    def __getattr__(self, event: str) -> Any:
        from toolwire.ir.steps import Comment

        return lambda *args: (Comment(f"event {event}"),)


def _events(body: tuple[Any, ...]) -> set[str]:
    from toolwire.ir.steps import Comment, ForEachItem, ForEachKey, If

    found: set[str] = set()
    for step in body:
        if isinstance(step, Comment):
            found.add(step.text.removeprefix("event "))
        elif isinstance(step, If):
            found |= _events(step.then) | _events(step.otherwise)
        elif isinstance(step, ForEachItem | ForEachKey):
            found |= _events(step.body)
    return found


@pytest.mark.parametrize("name", WITH_CONVERSATION)
def test_a_lowered_reader_drives_any_sink_with_the_turn_events(name: str) -> None:
    from toolwire.ir.lower_turns import lower_part_reader, lower_turns_reader

    ir = conversation_ir(SPEC.dialects[name])
    assert ir is not None
    turns = _events(lower_turns_reader(ir.request, _Recorder(), {}).body)
    parts = _events(lower_part_reader(ir.request, _Recorder(), {}).body)
    assert {"begin", "begin_turn", "form", "fields", "end_turn"} <= turns, turns
    assert {"text", "tool_call", "tool_result"} <= turns | parts and "wire" in parts, parts
    kinds = {sp.part for sp in ir.request.parts + ir.request.units} | {f.part for f in ir.request.turn.fields}
    assert kinds <= turns | parts  # every kind the layout spells is an event of its own


def test_a_spelling_the_lowering_cannot_read_is_refused_by_name() -> None:
    from dataclasses import replace

    from toolwire.ir.canonical_sink import CanonicalSink
    from toolwire.ir.lower_turns import lower_part_reader

    ir = conversation_ir(SPEC.dialects["openai_chat"])
    assert ir is not None
    text, image = ir.request.parts[:2]
    odd = replace(ir.request, parts=(replace(text, part="json"),))
    with pytest.raises(ValueError, match="part spelling of kind 'json': the turns reader reads text, image"):
        lower_part_reader(odd, CanonicalSink(), {})
    twice = replace(ir.request, parts=(replace(image, fields=image.fields * 2),))
    with pytest.raises(ValueError, match="an image spelling with two data URL fields: one at most"):
        lower_part_reader(twice, CanonicalSink(), {})
