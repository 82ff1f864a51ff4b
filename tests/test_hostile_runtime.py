"""Hostile input, round 2 (issue #21): the runtime's part of classes 7, 8, 9, 11 and 12. One test
per class, each case a member of it (the issue's items and the siblings found beside them); a
case about both runtimes runs the same job through the Python package and the TypeScript one
(node on generated/typescript/dist, as tests/test_typescript_parity.py does) and both must give
the same JSON: value, losses, error class and message.

The rules the cases hold the runtimes to:
- 7: an id holding a lone surrogate is rewritten like any id a target cannot carry (hashed as
  the three bytes of its code), never a crash; a value handed in (not JSON text) nested deeper
  than 512 levels, or holding itself, is a DecodeError (CanonicalError for a canonical value)
  naming the first container too deep, in both languages, at every depth.
- 8: a cancelled `acall` of a sync tool that never returns does not keep the interpreter alive.
- 9: `ToolRegistry` lets only KeyboardInterrupt (and the caller's own cancellation) escape; a
  call id that is present but no non-empty string is refused, never replaced; a call with
  `arguments_error` never runs.
- 11: a stream index (or an error code) is an integer both languages hold exactly (|i| < 2**53);
  JSON text the runtimes write carries a lone surrogate as its \\udXXX escape, never raw.
- 12: an id rewritten through an IdMap and converted back through the same map is the original.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, IdMap, convert, get_dialect
from toolwire_dialects.registry import ToolRegistry
from toolwire_dialects.streams import assembler, get_stream

from tests.test_typescript_json import REPO, node_or_skip, run_node, ts_dist

# ---- jobs both runtimes run -------------------------------------------------------------------
# A job: {"op": "convert", "steps": [...]} (steps share one IdMap; a step's payload {"$prev": 1}
# is the previous step's output), {"op": "encode", ...} (an encoder on a canonical value),
# {"op": "extract", ...}, {"op": "inject", ...}, {"op": "assemble", ...} (events fed one by one, then the result) or
# {"op": "emit", ...} (the stream text of canonical calls). {"$deep": n} in a job stands for an
# object nested n levels ({"a": {"a": ... 1}}), {"$cycle": 1} for an object that holds itself.


def build(value: Any) -> Any:
    if isinstance(value, list):
        return [build(v) for v in value]
    if isinstance(value, dict):
        if "$deep" in value:
            node: Any = 1
            for _ in range(value["$deep"]):
                node = {"a": node}
            return node
        if "$cycle" in value:
            cycle: dict[str, Any] = {}
            cycle["a"] = cycle
            return cycle
        return {k: build(v) for k, v in value.items()}
    return value


def _outcome(run: Callable[[], Any]) -> dict[str, Any]:
    try:
        value, losses = run()
    except Exception as exc:
        return {"error": [type(exc).__name__, str(exc)]}
    return {"value": value, "losses": losses}


def run_python(job: dict[str, Any]) -> Any:
    op = job["op"]
    if op == "convert":
        id_map, out, previous = IdMap(), [], None
        for step in job["steps"]:
            payload = previous if step["payload"] == {"$prev": 1} else build(step["payload"])

            def one(payload: Any = payload, step: dict[str, Any] = step) -> Any:
                got = convert(payload, source=step["source"], target=step["target"], shape=step["shape"], id_map=id_map)
                return got.value, [list(loss) for loss in got.losses]

            answer = _outcome(one)
            previous = answer.get("value")
            out.append(answer)
        return out
    if op == "encode":
        encode = getattr(get_dialect(job["dialect"]), f"encode_{job['shape']}")
        return _outcome(lambda: (lambda e: (e.value, [list(loss) for loss in e.losses]))(encode(build(job["value"]))))
    if op == "extract":
        return _outcome(lambda: (get_dialect(job["dialect"]).extract(build(job["payload"]), id_map=IdMap()), []))
    if op == "inject":

        def injected() -> Any:
            got = get_dialect(job["dialect"]).inject(build(job["payload"]), build(job["parts"]), id_map=IdMap())
            return got.value, [list(loss) for loss in got.losses]

        return _outcome(injected)
    if op == "assemble":

        def fed() -> Any:
            stream = assembler(job["dialect"])
            for event in job["events"]:
                stream.feed(build(event))
            return stream.result(), []

        return _outcome(fed)
    if op == "emit":
        return _outcome(lambda: (get_stream(job["dialect"]).emit_text(build(job["calls"]), job.get("finish")), []))
    raise AssertionError(op)


_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1] + "/index.js").href);
const streams = await import(pathToFileURL(process.argv[process.argv.length - 1] + "/streams/index.js").href);
const build = (v) => {
  if (Array.isArray(v)) return v.map(build);
  if (v !== null && typeof v === "object") {
    if ("$deep" in v) { let node = 1; for (let i = 0; i < v.$deep; i++) node = { a: node }; return node; }
    if ("$cycle" in v) { const o = {}; o.a = o; return o; }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, build(x)]));
  }
  return v;
};
const lossList = (losses) => losses.map((l) => [l.code, l.pointer, l.target, l.what]);
const outcome = (run) => {
  try {
    const [value, losses] = run();
    return { value: value === undefined ? null : value, losses };
  } catch (e) {
    return { error: e instanceof Error ? [e.name, e.message] : ["(not an Error)", String(e)] };
  }
};
function run(job) {
  if (job.op === "convert") {
    const idMap = new pkg.IdMap();
    const out = [];
    let previous = null;
    for (const step of job.steps) {
      const payload = step.payload && step.payload.$prev === 1 ? previous : build(step.payload);
      const answer = outcome(() => {
        const got = pkg.convert(payload, { source: step.source, target: step.target, shape: step.shape, idMap });
        return [got.value, lossList(got.losses)];
      });
      previous = answer.value ?? null;
      out.push(answer);
    }
    return out;
  }
  if (job.op === "encode") return outcome(() => { const e = pkg.encoder(job.dialect, job.shape)(build(job.value)); return [e.value, lossList(e.losses)]; });
  if (job.op === "extract") {
    return outcome(() => {
      const found = pkg.getDialect(job.dialect).extract(build(job.payload), { idMap: new pkg.IdMap() });
      found.notes = found.notes.map((n) => [n.pointer, n.dialect, n.what]);
      return [found, []];
    });
  }
  if (job.op === "inject") {
    return outcome(() => {
      const got = pkg.getDialect(job.dialect).inject(build(job.payload), build(job.parts), { idMap: new pkg.IdMap() });
      return [got.value, lossList(got.losses)];
    });
  }
  if (job.op === "assemble") {
    return outcome(() => {
      const stream = pkg.assembler(job.dialect);
      for (const event of job.events) stream.feed(build(event));
      return [stream.result(), []];
    });
  }
  if (job.op === "emit") return outcome(() => [streams.emitText(job.dialect, build(job.calls), job.finish ?? null), []]);
  throw new Error("unknown op " + job.op);
}
for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(JSON.stringify(run(JSON.parse(line))) + "\n");
}
"""


def _python_json(value: Any) -> Any:
    """A Python answer as the JSON it is (Note tuples as arrays), read back."""
    return json.loads(json.dumps(value, default=list))


def assert_both(jobs: dict[str, dict[str, Any]], check: Callable[[str, Any], None] | None = None) -> None:
    """Every job gives the same answer in both runtimes; check(name, python_answer) says what
    that answer must be."""
    python = {name: _python_json(run_python(job)) for name, job in jobs.items()}
    if check is not None:
        for name, answer in python.items():
            check(name, answer)
    node_or_skip()
    dist = ts_dist()
    if not (dist / "index.js").is_file():
        pytest.skip(f"{dist} is not built: run `toolwire generate --target typescript`")
    typescript = dict(zip(jobs, run_node(_DRIVER, list(jobs.values()), str(dist)), strict=True))
    different = [name for name in jobs if json.dumps(python[name]) != json.dumps(typescript[name])]
    assert different == [], "\n".join(
        f"{name}:\n  python:     {json.dumps(python[name])[:600]}\n  typescript: {json.dumps(typescript[name])[:600]}"
        for name in different
    )


def _call(call_id: Any, arguments: str = "{}") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": "f", "arguments": arguments}}


def _tool_use(call_id: Any, value: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "f", "input": value}


def _step(payload: Any, source: str, target: str, shape: str = "tool_call") -> dict[str, Any]:
    return {"payload": payload, "source": source, "target": target, "shape": shape}


def _chat_chunk(tool_call: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": {"tool_calls": [tool_call]}, "finish_reason": None}],
    }


def _vertex_events(*paths: str) -> list[dict[str, Any]]:
    """A Vertex (Gemini) stream: a call opened, then one partial argument per path."""

    def event(call: dict[str, Any]) -> dict[str, Any]:
        return {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": call}]}}]}

    partial = [{"jsonPath": path, "numberValue": 1} for path in paths]
    return [event({"name": "f", "willContinue": True}), event({"partialArgs": partial, "willContinue": True})]


DIALECTS_ALL = tuple(sorted(DIALECTS))  # the generated registry: every dialect
TOO_DEEP = "nested more than 512 levels deep"


# ---- 7: internal errors and raw exceptions ------------------------------------------------------


def _class_7_jobs() -> dict[str, dict[str, Any]]:
    jobs: dict[str, dict[str, Any]] = {}
    for target in DIALECTS_ALL:  # a lone surrogate in an id: every target, rewritten or carried
        if target != "openai_chat":
            steps = [_step(_call("a\ud800b"), "openai_chat", target)]
            jobs[f"lone-surrogate-id-to-{target}"] = {"op": "convert", "steps": steps}
    ollama = {"type": "function", "id": "\udc00", "function": {"name": "f", "arguments": {}}}  # Ollama carries any id
    jobs["lone-surrogate-id-there-and-back"] = {
        "op": "convert",
        "steps": [_step(ollama, "ollama", "mistral"), _step({"$prev": 1}, "mistral", "ollama")],
    }
    result = {"role": "tool", "tool_call_id": "x\ud800", "content": "ok"}
    jobs["lone-surrogate-result-id"] = {
        "op": "convert",
        "steps": [_step(result, "openai_chat", "gemini", "tool_result")],
    }
    # depth of values handed in: the limit is exact (512 passes, 513 fails) wherever a value is
    # taken whole (a decoder's object field, argument text written by an encoder, what an
    # assembler keeps of a call) or a whole request or envelope is read (extract, convert, inject)
    for levels, name in ((511, "512-levels-pass"), (512, "513-levels-fail"), (1000, "1000"), (3000, "3000")):
        steps = [_step(_tool_use("x", {"$deep": levels}), "anthropic_messages", "openai_chat")]
        jobs[f"deep-decode-{name}"] = {"op": "convert", "steps": steps}
    jobs["deep-decode-cycle"] = {
        "op": "convert",
        "steps": [_step(_tool_use("x", {"$cycle": 1}), "anthropic_messages", "openai_chat")],
    }
    jobs["deep-decode-list-payload"] = {
        "op": "convert",
        "steps": [_step([{"$deep": 600}], "anthropic_messages", "openai_chat")],
    }
    for levels in (511, 1000):
        call = {"id": "x", "name": "f", "arguments": {"$deep": levels}}
        jobs[f"deep-encode-{levels}"] = {"op": "encode", "dialect": "openai_chat", "shape": "tool_call", "value": call}
    jobs["deep-encode-cycle"] = {
        "op": "encode",
        "dialect": "openai_chat",
        "shape": "tool_call",
        "value": {"id": "x", "name": "f", "arguments": {"$cycle": 1}},
    }
    request = {
        "model": "m",
        "messages": [{"role": "user", "content": "hi"}, {"role": "user", "content": [{"$deep": 3000}]}],
    }
    jobs["deep-extract"] = {"op": "extract", "dialect": "openai_chat", "payload": request}
    jobs["deep-request"] = {"op": "convert", "steps": [_step(request, "openai_chat", "anthropic_messages", "request")]}
    event = _chat_chunk({"index": 0, "id": "c1", "function": {"name": "f", "arguments": ""}, "x": {"$deep": 3000}})
    jobs["deep-assemble"] = {"op": "assemble", "dialect": "openai_chat", "events": [event]}
    event = _chat_chunk({"index": 0, "id": "c1", "function": {"name": "f", "arguments": ""}, "x": {"$cycle": 1}})
    jobs["deep-assemble-cycle"] = {"op": "assemble", "dialect": "openai_chat", "events": [event]}
    # a value an encoder only places into its output is passed along as it is (never walked)
    call = {"id": "x", "name": "f", "arguments": {"$deep": 600}}
    jobs["deep-passed-along"] = {"op": "encode", "dialect": "anthropic_messages", "shape": "tool_call", "value": call}
    # a field no converter reads is never walked: an unread deep field is no error
    event = {**_chat_chunk({"index": 0, "id": "c1", "function": {"name": "f", "arguments": "{}"}}), "x": {"$deep": 600}}
    jobs["deep-unread-field"] = {"op": "assemble", "dialect": "openai_chat", "events": [event]}
    for name, bad_id in (("array", [1]), ("object", {"a": 1})):  # no id: a CanonicalError, not "unhashable"
        for dialect in ("mistral", "openai_chat", "gemini"):
            call = {"id": bad_id, "name": "f", "arguments": {}}
            jobs[f"id-an-{name}-{dialect}"] = {"op": "encode", "dialect": dialect, "shape": "tool_call", "value": call}
            result = {"call_id": bad_id, "name": "f", "content": [{"type": "text", "text": "x"}], "is_error": False}
            jobs[f"result-id-an-{name}-{dialect}"] = {
                "op": "encode",
                "dialect": dialect,
                "shape": "tool_result",
                "value": result,
            }
    tools = {"tools": [{"name": "f", "description": "d", "parameters": {"$deep": 1000}}]}
    plain = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    jobs["deep-inject-tools"] = {"op": "inject", "dialect": "openai_chat", "payload": plain, "parts": tools}
    jobs["deep-inject-payload"] = {"op": "inject", "dialect": "openai_chat", "payload": request, "parts": {"tools": []}}
    deep_path = "$.a" + "[0]" * 600  # arguments a JSONPath would build 600 levels deep
    jobs["deep-jsonpath"] = {"op": "assemble", "dialect": "gemini", "events": _vertex_events(deep_path)}
    return jobs


def _check_7(name: str, answer: Any) -> None:
    steps = answer if isinstance(answer, list) else [answer]
    last = steps[-1]
    if "id-an-" in name:
        assert last["error"][0] == "CanonicalError" and "id: expected a string, got an " in last["error"][1], last
    elif name.startswith("lone-surrogate"):
        assert all("error" not in step for step in steps), (name, answer)
        if name.endswith("there-and-back"):
            assert last["value"]["id"] == "\udc00" and last["losses"] == []
    elif name in ("deep-decode-512-levels-pass", "deep-encode-511", "deep-unread-field"):
        assert "error" not in last, (name, last)
    elif name == "deep-passed-along":
        assert "error" not in last and last["value"]["input"]["a"]["a"]["a"]["a"], last
    else:
        assert "error" in last and (TOO_DEEP in last["error"][1] or name == "deep-jsonpath"), (name, last)
        if name == "deep-jsonpath":
            assert "a JSONPath nested more than 512 levels deep" in last["error"][1], last
            return
        kind = (
            "CanonicalError"
            if name.startswith(("deep-encode", "deep-inject-tools"))
            else "StreamError"
            if "assemble" in name
            else "DecodeError"
        )
        assert last["error"][0] == kind, (name, last)
        if name != "deep-assemble-cycle":
            assert "/a/a/a/a" in last["error"][1], "the pointer names the first container too deep"


def test_class_7_internal_errors_are_clean_errors_in_both_runtimes() -> None:
    assert_both(_class_7_jobs(), _check_7)


# ---- 8: hangs -----------------------------------------------------------------------------------

_HANGING_TOOL = """
import asyncio, threading
from toolwire_dialects.registry import ToolRegistry

registry = ToolRegistry()
forever = threading.Event()

@registry.tool
def wait() -> str:
    '''Never returns.'''
    forever.wait()
    return "never"

@registry.tool
def chunks():
    '''A generator whose next chunk never comes.'''
    yield "first"
    forever.wait()
    yield "never"

async def main() -> None:
    for name in ("wait", "chunks"):
        call = {"id": "c1", "name": name, "arguments": {}}
        try:
            await asyncio.wait_for(registry.acall(call), 0.2)
        except TimeoutError:
            print("cancelled", name, flush=True)

asyncio.run(main())
"""


@pytest.mark.parametrize("member", ["acall-of-a-sync-tool-cancelled", "acall-of-a-sync-generator-cancelled"])
def test_class_8_a_cancelled_acall_does_not_keep_the_interpreter_alive(member: str) -> None:
    env = {"PYTHONPATH": f"{REPO / 'src'}:{REPO / 'generated' / 'python'}", "PATH": "/usr/bin:/bin"}
    try:
        done = subprocess.run(
            [sys.executable, "-c", _HANGING_TOOL], capture_output=True, text=True, timeout=30, env=env, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{member}: the interpreter did not exit after the cancelled calls")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["cancelled wait", "cancelled chunks"]


def _check_8(name: str, answer: Any) -> None:
    if name == "jsonpath-index-in-order":
        assert answer["value"]["tool_calls"][0]["raw_arguments"] == '{"a":[1,1]}', answer
    else:
        assert answer["error"][0] == "StreamError" and "an index past the end of the array" in answer["error"][1]


def test_class_8_siblings_a_sparse_jsonpath_index_is_refused_not_padded() -> None:
    jobs = {
        "jsonpath-index-1e9": {"op": "assemble", "dialect": "gemini", "events": _vertex_events("$.a[1000000000]")},
        "jsonpath-index-beyond-2-53": {
            "op": "assemble",
            "dialect": "gemini",
            "events": _vertex_events("$.a[" + "9" * 30 + "]"),
        },
        "jsonpath-index-gap": {"op": "assemble", "dialect": "gemini", "events": _vertex_events("$.a[0]", "$.a[2]")},
        "jsonpath-index-in-order": {
            "op": "assemble",
            "dialect": "gemini",
            "events": _vertex_events("$.a[0]", "$.a[1]"),
        },
    }
    assert_both(jobs, _check_8)


# ---- 9: ToolRegistry ----------------------------------------------------------------------------


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


class _Custom(BaseException):
    pass


def _raising(exc: BaseException) -> Callable[[], str]:
    def tool() -> str:
        raise exc

    return tool


def _registry() -> tuple[ToolRegistry, list[str]]:
    registry = ToolRegistry()
    ran: list[str] = []
    registry.register(_raising(_Unprintable()), name="unprintable")
    registry.register(_raising(_Custom("custom")), name="custom")
    registry.register(_raising(GeneratorExit()), name="generator_exit")

    def note(x: int = 0) -> str:
        ran.append(f"ran with {x}")
        return "ran"

    registry.register(note, name="note")

    async def async_custom() -> str:
        raise _Custom("async")

    registry.register(async_custom, name="async_custom")

    def stream_custom() -> Any:
        yield "one"
        raise _Custom("mid-stream")

    registry.register(stream_custom, name="stream_custom")

    async def async_exit() -> str:
        raise GeneratorExit

    registry.register(async_exit, name="async_exit")

    def stream_exit() -> Any:
        yield "one"
        raise GeneratorExit

    registry.register(stream_exit, name="stream_exit")

    async def async_stream_exit() -> Any:
        yield "one"
        raise GeneratorExit

    registry.register(async_stream_exit, name="async_stream_exit")
    registry.register(_raising(GeneratorExit()), name="timed_exit", timeout=30)
    registry.register(_raising(_Custom("timed")), name="timed_custom", timeout=30)
    return registry, ran


def _all_ways(registry: ToolRegistry, call: dict[str, Any]) -> list[dict[str, Any]]:
    """The call through call(), acall() and astream() (its last item)."""

    async def streamed() -> dict[str, Any]:
        return [r async for r in registry.astream(call)][-1]

    return [registry.call(call), asyncio.run(registry.acall(call)), asyncio.run(streamed())]


CLASS_9 = {
    "str-raises": ({"id": "c", "name": "unprintable", "arguments": {}}, "_Unprintable: (its message could not be read"),
    "custom-base-exception": ({"id": "c", "name": "custom", "arguments": {}}, "_Custom: custom"),
    "generator-exit": ({"id": "c", "name": "generator_exit", "arguments": {}}, "GeneratorExit"),
    "generator-exit-async": ({"id": "c", "name": "async_exit", "arguments": {}}, "GeneratorExit"),
    "generator-exit-generator": ({"id": "c", "name": "stream_exit", "arguments": {}}, "GeneratorExit"),
    "generator-exit-async-generator": ({"id": "c", "name": "async_stream_exit", "arguments": {}}, "GeneratorExit"),
    "generator-exit-timed": ({"id": "c", "name": "timed_exit", "arguments": {}}, "GeneratorExit"),
    "custom-base-exception-timed": ({"id": "c", "name": "timed_custom", "arguments": {}}, "_Custom: timed"),
    "async-custom-base-exception": ({"id": "c", "name": "async_custom", "arguments": {}}, "_Custom: async"),
    "generator-custom-base-exception": ({"id": "c", "name": "stream_custom", "arguments": {}}, "_Custom: mid-stream"),
    "id-an-integer": ({"id": 5, "name": "note", "arguments": {}}, "id must be a non-empty string, got 5"),
    "id-empty": ({"id": "", "name": "note", "arguments": {}}, 'id must be a non-empty string, got ""'),
    "id-a-list": ({"id": ["c"], "name": "note", "arguments": {}}, "id must be a non-empty string"),
    "id-a-boolean": ({"id": True, "name": "note", "arguments": {}}, "id must be a non-empty string, got true"),
    "arguments-error-with-arguments": (
        {"id": "c", "name": "note", "arguments": {"x": 1}, "arguments_error": "not valid JSON: Extra data"},
        "were not valid JSON (not valid JSON: Extra data); the tool was not run",
    ),
}


@pytest.mark.parametrize("member", sorted(CLASS_9))
def test_class_9_the_registry_boundary_holds(member: str) -> None:
    registry, ran = _registry()
    call, said = CLASS_9[member]
    for result in _all_ways(registry, call):
        assert result["is_error"] is True, (member, result)
        assert said in result["content"][0]["text"], (member, result)
        assert isinstance(result["call_id"], str) and result["call_id"]
        if member.startswith("id-"):
            assert result["call_id"] != call["id"] and result["call_id"].startswith("call_")
    assert ran == [], f"{member}: the tool ran"


def test_class_9_siblings_keyboard_interrupt_escapes_and_a_closed_stream_stays_quiet() -> None:
    registry = ToolRegistry()
    registry.register(_raising(KeyboardInterrupt()), name="interrupt")
    with pytest.raises(KeyboardInterrupt):
        registry.call({"id": "c", "name": "interrupt", "arguments": {}})
    with pytest.raises(KeyboardInterrupt):
        asyncio.run(registry.acall({"id": "c", "name": "interrupt", "arguments": {}}))
    closed: list[str] = []

    def counting() -> Any:
        try:
            for i in range(100):
                yield str(i)
        finally:
            closed.append("closed")

    registry.register(counting, name="counting")

    async def first_only() -> dict[str, Any]:
        stream = registry.astream({"id": "c", "name": "counting", "arguments": {}})
        first = await anext(stream)
        await stream.aclose()  # the consumer stops early: GeneratorExit is no result
        return first

    assert asyncio.run(first_only())["content"][0]["text"] == "0"
    assert closed == ["closed"]

    def validator_raises(x: int) -> str:
        return "never"

    class _Odd:
        def model_dump(self, **_: Any) -> Any:
            raise _Custom("no dump")

    registry.register(validator_raises, name="validator_raises")
    result = registry.call(_Odd())  # an odd call object whose dump raises a BaseException
    assert result["is_error"] is True and "not a tool call" in result["content"][0]["text"]


# ---- 11: Python and TypeScript disagree -------------------------------------------------------


def _class_11_jobs() -> dict[str, dict[str, Any]]:
    jobs: dict[str, dict[str, Any]] = {}
    start = {"id": "c1", "function": {"name": "f", "arguments": "{}"}}
    for name, index in (("1e300", 1e300), ("2e53", 2.0**53 * 4), ("-1e300", -1e300), ("1.5", 1.5)):
        jobs[f"stream-index-{name}"] = {
            "op": "assemble",
            "dialect": "openai_chat",
            "events": [_chat_chunk({**start, "index": index})],
        }
    jobs["stream-index-safe"] = {
        "op": "assemble",
        "dialect": "openai_chat",
        "events": [_chat_chunk({**start, "index": 2**53 - 1})],
    }
    for name, code in (("1e300", 1e300), ("2e60", 2.0**60), ("7", 7)):
        event = {"type": "error", "message": "boom", "code": code}
        jobs[f"stream-error-code-{name}"] = {"op": "assemble", "dialect": "openai_responses", "events": [event]}
    # lone surrogates in text the runtimes write: argument text, content text, loss messages,
    # a stream's text
    tool_use = _tool_use("x", {"k\ud800": "v\udfff"})
    jobs["lone-surrogate-arguments-text"] = {
        "op": "convert",
        "steps": [_step(tool_use, "anthropic_messages", "openai_chat")],
    }
    result = {"role": "tool", "tool_call_id": "x", "content": [{"type": "text", "text": '{"k": "v"}'}]}
    for target in ("anthropic_messages", "openai_responses"):  # a value stays a value; only written text is escaped
        steps = [_step({**result, "content": "t\ud800"}, "openai_chat", target, "tool_result")]
        jobs[f"lone-surrogate-result-value-to-{target}"] = {"op": "convert", "steps": steps}
    choice = {"type": "tool", "name": "f\ud800"}
    jobs["lone-surrogate-in-a-loss"] = {
        "op": "convert",
        "steps": [_step(choice, "anthropic_messages", "ollama", "tool_choice")],
    }
    jobs["jsonpath-unicode-digit-index"] = {
        "op": "assemble",
        "dialect": "gemini",
        "events": _vertex_events("$.a[\u0663]"),
    }
    calls = [{"id": "c1", "name": "f", "arguments": {"k": "\udc00"}}]
    jobs["lone-surrogate-stream-text"] = {
        "op": "emit",
        "dialect": "openai_chat",
        "calls": calls,
        "finish": "tool_calls",
    }
    return jobs


def _check_11(name: str, answer: Any) -> None:
    last = answer[-1] if isinstance(answer, list) else answer
    if name.startswith("stream-index-"):
        if name.endswith("safe"):
            assert "error" not in last, last
        else:
            assert last["error"][0] == "StreamError" and "expected an index or an id" in last["error"][1], last
    elif name.startswith("stream-error-code-"):
        findings = json.dumps(last["value"]["findings"])
        assert ("7: boom" in findings) == name.endswith("-7"), findings
    elif name == "jsonpath-unicode-digit-index":  # Python's \\d took it as index 3
        assert last["error"][0] == "StreamError" and "unsupported JSONPath" in last["error"][1], last
    elif "result-value" in name:
        assert "\ud800" in json.dumps(last["value"], ensure_ascii=False), (name, last)  # carried as it was
    else:
        text = json.dumps(last, ensure_ascii=False)
        assert (
            "\\\\ud800" in text or "\\\\udfff" in text or "\\\\udc00" in text or name == "lone-surrogate-in-a-loss"
        ), (name, text)
        for raw in ("\ud800", "\udfff", "\udc00"):  # never written raw into JSON text
            for written in _written_texts(last):
                assert raw not in written, (name, written)


def _written_texts(answer: dict[str, Any]) -> list[str]:
    """The JSON texts inside an answer (argument texts, stream text)."""
    value = answer.get("value")
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        found = [v for v in (value.get("function") or {}).values() if isinstance(v, str)]
        return [*found, value["content"]] if isinstance(value.get("content"), str) else found
    return []


def test_class_11_python_and_typescript_agree() -> None:
    assert_both(_class_11_jobs(), _check_11)


# ---- 12: IdMap round trip ---------------------------------------------------------------------

# An id each dialect carries that the other cannot (None: it carries every id of the first).
ROUND_TRIP_IDS = {
    ("anthropic_messages", "mistral"): "toolu_01abc",
    ("anthropic_messages", "openai_chat"): "toolu_" + "x" * 50,
    ("openai_chat", "anthropic_messages"): "call.1!",
    ("openai_chat", "mistral"): "call_abc",
    ("mistral", "anthropic_messages"): "Ab3dE6gH9",
    ("mistral", "openai_chat"): "Zz9Yy8Xx7",
}


def _as(dialect: str, call_id: str, shape: str) -> dict[str, Any]:
    if shape == "tool_result":
        return {
            "anthropic_messages": {"type": "tool_result", "tool_use_id": call_id, "content": "ok"},
            "openai_chat": {"role": "tool", "tool_call_id": call_id, "content": "ok"},
            "mistral": {"role": "tool", "tool_call_id": call_id, "name": "f", "content": "ok"},
        }[dialect]
    return {
        "anthropic_messages": _tool_use(call_id, {}),
        "openai_chat": _call(call_id),
        "mistral": {"id": call_id, "type": "function", "function": {"name": "f", "arguments": "{}"}},
    }[dialect]


def _wire_id(value: dict[str, Any]) -> Any:
    return value.get("id") or value.get("tool_use_id") or value.get("tool_call_id")


def _class_12_jobs() -> dict[str, dict[str, Any]]:
    jobs: dict[str, dict[str, Any]] = {}
    for (home, away), call_id in ROUND_TRIP_IDS.items():
        for shape in ("tool_call", "tool_result"):
            steps = [_step(_as(home, call_id, shape), home, away, shape), _step({"$prev": 1}, away, home, shape)]
            jobs[f"{home}-{away}-{home}-{shape}"] = {"op": "convert", "steps": steps}
    # three dialects: openai -> mistral -> anthropic -> openai
    steps = [
        _step(_call("call.1!"), "openai_chat", "mistral"),
        _step({"$prev": 1}, "mistral", "anthropic_messages"),
        _step({"$prev": 1}, "anthropic_messages", "openai_chat"),
    ]
    jobs["three-dialects"] = {"op": "convert", "steps": steps}
    # a whole conversation through one map: the call and its result keep their ids
    request = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None, "tool_calls": [_call("call.1!")]},
            {"role": "tool", "tool_call_id": "call.1!", "content": "ok"},
        ],
    }
    steps = [
        _step(request, "openai_chat", "mistral", "request"),
        _step({"$prev": 1}, "mistral", "openai_chat", "request"),
    ]
    jobs["whole-request"] = {"op": "convert", "steps": steps}
    return jobs


def _check_12(name: str, answer: Any) -> None:
    assert all("error" not in step for step in answer), (name, answer)
    if name == "whole-request":
        messages = answer[-1]["value"]["messages"]
        assert messages[1]["tool_calls"][0]["id"] == "call.1!" and messages[2]["tool_call_id"] == "call.1!"
        assert answer[-1]["losses"] == []
        return
    first, back = answer[0]["value"], answer[-1]["value"]
    given = "call.1!" if name == "three-dialects" else ROUND_TRIP_IDS[tuple(name.split("-")[:2])]  # type: ignore[index]
    assert _wire_id(back) == given, (name, answer)
    assert answer[-1]["losses"] == [], "restoring the original loses nothing"
    if name != "three-dialects" and name.split("-")[:2] in (
        ["mistral", "anthropic_messages"],
        ["mistral", "openai_chat"],
    ):
        assert _wire_id(first) == given  # carried as it is: nothing to restore
    elif name != "three-dialects":
        assert _wire_id(first) != given


def test_class_12_an_id_map_round_trip_restores_the_original_id() -> None:
    assert_both(_class_12_jobs(), _check_12)
