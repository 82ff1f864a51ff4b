"""The compiled request writer (ir/lower_writer.py, lower_render.py, lower_parts_out.py,
lower_request_writer.py, printed by each target) against the interpreter it replaced
(tests/oracle/request_out.py): the same wire, losses (pointer, target, text, order) and
errors for every dialect with a conversation layout, lenient and strict, over every vector,
the corpora, and generated canonical requests full of forms, extensions and odd parts."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS
from toolwire_dialects._reasoning import ASKED

from tests.conftest import corpus_location
from tests.hostile_strategies import conversations
from tests.oracle.request_out import encode_request as oracle_encode
from tests.oracle.rules import repaired
from tests.test_compiled_turns import ORACLE_PREDATES
from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
NAMES = sorted(name for name, d in SPEC.dialects.items() if conversation_ir(d) is not None)
LAYOUTS = {name: conversation_ir(SPEC.dialects[name]).request for name in NAMES}  # type: ignore[union-attr]


def _outcome(encode: Any) -> str:
    try:
        encoded = encode()
    except Exception as exc:  # the error's type and text must match too
        return repr(("error", type(exc).__name__, str(exc)))
    return repr((encoded.value, encoded.losses))


def _both(name: str, canonical: dict[str, Any], strict: bool, policy: str, model: str | None) -> tuple[str, str]:
    """The compiled writer's outcome, and the interpreter's with the rules' repairs done on its
    wire (tests/oracle/rules.py): the same wire, the same losses once those naming a provider
    rule (one per repair) are left out; under strict, a refusal naming one is the first loss
    the lenient conversion reports; a rule no repair keeps is refused alike."""
    module = DIALECTS[name]

    def compiled(strict: bool) -> Any:
        return module.encode_request(copy.deepcopy(canonical), strict=strict, reasoning=policy, model=model)

    def oracle(strict: bool) -> Any:
        held = module._rt.hold_canonical(module._rt.as_canonical(copy.deepcopy(canonical), "request"), "request")
        # prompt-cache breakpoints are read around the writer (runtime _cache), its losses first
        out = module._conv.Out(name, strict, None, policy)
        marked = module._conv.cache_out(held, module._REQUEST, out)
        # a signing family's reasoning is made the target's own around the writer too (runtime _reasoning_claude)
        marked = module._conv.signed_out(marked, name, out.dropping, module._SIGNING)
        encoded = oracle_encode(marked, module._REQUEST, module._CODECS, strict, None, policy, model)
        wire = module._conv.cache_blocks(encoded.value, module._REQUEST)
        encoded = type(encoded)(wire, [*out.losses, *encoded.losses])
        # a proto JSON dialect's encoder then spells the output as the input was (outside the writer)
        return module._pj.spell_kept(encoded, held, name) if hasattr(module, "_pj") else encoded

    def refused_alike() -> str:
        """The interpreter's lenient error, or the refusal of its wire's repairs (a rule no repair
        keeps: tool blocks no call names)."""
        lenient = _outcome(lambda: oracle(False))
        if lenient.startswith("('error'"):
            return lenient
        return _outcome(lambda: repaired(layout, oracle(False).value, canonical, lambda t: _tools_alone(module, t)))

    got, want = _outcome(lambda: compiled(strict)), _outcome(lambda: oracle(strict))
    layout = LAYOUTS[name]
    if got == want or not layout.rules:
        return got, want
    named = tuple(f"rule {rule.name})" for rule in layout.rules)
    if got.startswith("('error', 'LossError'") and any(n in got for n in named):
        lenient = _outcome(lambda: compiled(False))
        if lenient.startswith("('error'"):  # a later error: the interpreter's too
            assert lenient == refused_alike(), lenient
            return got, got
        # the first loss strict refuses: an asked-for drop (reasoning="drop") is not refused
        first = next(loss for loss in compiled(False).losses if loss.what != ASKED)
        assert f"loss: {first.pointer}: {name} cannot carry {first.what}" in got, (got, first)
        return got, got
    if got.startswith("('error', 'RequiredValueError'") and any(n in got for n in named):
        return got, refused_alike()
    if got.startswith("('error'") or want.startswith("('error'"):
        return got, want
    mine, theirs = compiled(False), oracle(False)
    value, repairs = repaired(layout, theirs.value, canonical, lambda tools: _tools_alone(module, tools))
    kept = [loss for loss in mine.losses if not any(n in loss.what for n in named)]
    assert len(mine.losses) - len(kept) == repairs, (mine.losses, repairs)
    return repr((mine.value, kept)), repr((value, theirs.losses))


def _tools_alone(module: Any, tools: list[Any]) -> dict[str, Any]:
    """The dialect's runtime tools writer's output for tools alone (no choice, no forms)."""
    from toolwire_dialects._ids import IdMap

    wire: dict[str, Any] = {}
    module._conv.encode_tools(wire, tools, None, module._CODECS, IdMap(), [], False, {})
    return wire


def _pool() -> list[dict[str, Any]]:
    """Canonical requests: each vector's, each vector's and corpus request decoded by every
    dialect that reads it (forms and extension fields included)."""
    pool: list[dict[str, Any]] = []
    wires: list[Any] = []
    for path in sorted((ROOT / "schemas" / "vectors").glob("*/conversation.json")):
        for vector in json.loads(path.read_text())["valid"]:
            if vector.get("shape") == "request":
                pool.append(vector["canonical"])
                wires.append(vector["wire"])
    corpus = corpus_location()
    for folder in (corpus, corpus.parent / "corpus-more"):
        if folder.is_dir():
            wires += [json.loads(p.read_text()) for p in sorted(folder.glob("**/*.request.json"))]
    for wire in wires:
        for name in NAMES:
            try:
                pool.append(DIALECTS[name].decode_request(copy.deepcopy(wire)))
            except Exception:  # not this dialect's request
                continue
    return pool


POOL = _pool()
POLICIES = ("keep", "text", "drop")  # the reasoning policies an encoder takes


@pytest.mark.parametrize("name", NAMES)
def test_vectors_and_corpora_encode_as_the_interpreter_encoded(name: str) -> None:
    assert len(POOL) > 50
    for n, canonical in enumerate(POOL):
        for strict in (False, True):
            policy = POLICIES[n % 3]  # the reasoning policy: keep, text, drop
            compiled, oracle = _both(name, canonical, strict, policy, "m" if n % 2 == 0 else None)
            assert compiled == oracle or name in ORACLE_PREDATES, (canonical, strict)


# --- generated canonical requests ------------------------------------------------------------

_FORMS = st.sampled_from(["separate", "string", "blocks", "alias:1", "alias:5", "absent", "null", "empty", "turn"])
_POINTERS = st.sampled_from(
    [
        "",
        "/role",
        "/content",
        "/parts",
        "/tool_calls",
        "/refusal",
        "/system",
        "/messages",
        "/type",
        "/thinking/0/type",
        "/systemInstruction",
        "/instructions",
        "/input",
    ]
)
_FIELDS = st.dictionaries(
    st.sampled_from(["/x", "/content", "/role", "/a/b", "/0", "/tools/0/x"]), st.just(1), max_size=2
)


@st.composite
def _extensions(draw: st.DrawFn, target: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for dialect in draw(st.lists(st.sampled_from([target, target, "openai_chat", "gemini"]), max_size=2)):
        own: dict[str, Any] = {}
        if draw(st.booleans()):
            own["forms"] = draw(st.dictionaries(_POINTERS, _FORMS, max_size=3))
        if draw(st.booleans()):
            own["fields"] = draw(_FIELDS)
        if dialect != target and draw(st.booleans()):
            own["notes"] = ["a note"]
        out[dialect] = own
    return out


def _odd_parts(target: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.sampled_from(
        [
            {"type": "text", "text": ""},
            {"type": "text", "text": "hi", "cache": True},
            {"type": "image", "url": "https://x/y.png"},
            {"type": "image", "media_type": "image/png", "data": "iVBORw0KGgo"},
            {"type": "image", "url": "https://x/y.png", "media_type": "image/png"},
            {"type": "image", "data": "iVBORw0KGgo"},
            {"type": "reasoning", "dialect": target, "text": "think"},
            {"type": "reasoning", "dialect": target},
            {"type": "reasoning", "dialect": "other", "text": "think"},
            {"type": "reasoning", "dialect": "other", "text": ""},
            {"type": "refusal", "text": "no"},
            {"type": "wire", "dialect": target, "value": {"type": "x"}},
            {"type": "wire", "dialect": target, "value": {"type": "x"}, "unit": True},
            {"type": "wire", "dialect": "elsewhere", "value": 1},
            {"type": "strange"},
            {"type": "tool_result", "result": {"call_id": "c1", "content": [{"type": "text", "text": "r"}]}},
        ]
    )


@st.composite
def _requests(draw: st.DrawFn, target: str) -> dict[str, Any]:
    request = draw(conversations(draw(st.sampled_from([target, *NAMES]))))
    messages = request["messages"]
    for _ in range(draw(st.integers(0, 4))):  # odd parts, odd and repeated roles, empty turns
        role = draw(st.sampled_from(["system", "user", "assistant", "user", "tool"]))
        parts = draw(st.lists(st.one_of(_odd_parts(target), st.just({"type": "text", "text": "t"})), max_size=3))
        messages.insert(draw(st.integers(0, len(messages))), {"role": role, "parts": parts})
    for holder in [request, *messages, *(p for m in messages for p in m["parts"])]:
        if draw(st.integers(0, 3)) == 0:
            holder["extensions"] = draw(_extensions(target))
    if draw(st.integers(0, 5)) == 0:
        request.pop("model", None)
    if draw(st.integers(0, 5)) == 0:
        request["tool_choice"] = draw(st.sampled_from([{"mode": "auto"}, {"mode": "required"}, {"mode": "none"}]))
    return request


@pytest.mark.parametrize("name", NAMES)
def test_generated_requests_encode_as_the_interpreter_encoded(name: str) -> None:
    seen = {"losses": 0, "errors": 0}

    @settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_requests(name), st.booleans(), st.sampled_from(POLICIES))
    def same(canonical: dict[str, Any], strict: bool, policy: str) -> None:
        compiled, oracle = _both(name, canonical, strict, policy, None)
        assert compiled == oracle, canonical
        seen["losses"] += "Loss(" in compiled
        seen["errors"] += compiled.startswith("('error'")

    same()
    assert seen["losses"] and seen["errors"], seen  # both the lenient and the strict paths are reached


# --- TypeScript: the package's compiled writer against Python's ------------------------------

_DRIVER = r"""
import { createInterface } from "node:readline";
const pkg = await import(process.argv[process.argv.length - 1]);
// one line each: the line separators Python's splitlines() would split at, escaped
const line = (value) => console.log(JSON.stringify(value).replace(/[\u2028\u2029\x85]/g, (c) =>
  "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")));
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  try {
    const got = pkg.getDialect(job.dialect).encodeRequest(job.request, job.options);
    line([got.value, got.losses.map((l) => [l.code, l.pointer, l.target, l.what])]);
  } catch (exc) {
    line(["error", exc.name, exc.message]);
  }
}
"""


def _python(name: str, canonical: dict[str, Any], strict: bool, policy: str) -> Any:
    module = DIALECTS[name]
    try:
        got = module.encode_request(copy.deepcopy(canonical), strict=strict, reasoning=policy)
    except module._rt.ConversionError as exc:
        return ["error", type(exc).__name__, str(exc)]
    except (KeyError, TypeError, ValueError):  # no canonical data: TypeScript fails too (its own words)
        return ["error"]
    return [got.value, [list(loss) for loss in got.losses]]


def test_typescript_encodes_requests_as_python_encodes_them() -> None:
    from tests.hostile_strategies import examples
    from tests.test_typescript_json import js_view, known_differences, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for name in NAMES:
        cases = [*POOL, *examples(_requests(name), 300)]
        for n, canonical in enumerate(cases):
            if known_differences(canonical):  # what a JavaScript value cannot say (an integer-like key's place)
                continue
            strict, policy = n % 2 == 1, POLICIES[n % 3]
            options = {"strict": strict, "reasoning": policy}
            jobs.append({"dialect": name, "request": canonical, "options": options})
            expected.append(_python(name, json.loads(json.dumps(canonical)), strict, policy))
    answers = run_node(_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    compared = 0
    # as JavaScript holds a value: integer-like keys first (inside a text too, once parsed back)
    for job, got, want in zip(jobs, answers, js_view(json.loads(json.dumps(expected))), strict=True):
        if want == ["error"]:
            assert got[0] == "error", job
            continue
        assert got == want, job
        compared += 1
    assert compared > len(jobs) // 2, compared


def test_the_canonical_reader_sends_each_part_kind_to_its_event() -> None:
    """Composition without a target: the reader's steps hold each sink's steps for a kind under
    a test of that kind, kinds handled alike under one test, and the rest under `other`."""
    from toolwire.ir.lower_canonical_reader import lower_canonical_reader
    from toolwire.ir.steps import Comment, ForEachItem, If, In, Is
    from toolwire.ir.write_events import PART_KINDS

    class Sink:
        def __getattr__(self, event: str) -> Any:
            said = "alike" if event in ("text", "image") else event
            return lambda *_args: (Comment(said),)

    steps = lower_canonical_reader(Sink(), "messages")  # type: ignore[arg-type]
    assert steps[0] == Comment("begin") and steps[-1] == Comment("finish")
    loop = steps[1]
    assert isinstance(loop, ForEachItem)
    parts = next(s for s in loop.body if isinstance(s, ForEachItem))
    found: dict[str, Any] = {}
    chain = parts.body[-1]
    while isinstance(chain, If):
        test = chain.test
        kinds = test.constants if isinstance(test, In) else (test.arg,) if isinstance(test, Is) else ()
        found.update(dict.fromkeys(kinds, chain.then))
        chain = chain.otherwise[0] if chain.otherwise else None
    assert chain == Comment("other")
    assert set(found) == set(PART_KINDS)
    assert found["text"] == found["image"] == (Comment("alike"),)
    assert all(found[k] == (Comment(k),) for k in PART_KINDS if k not in ("text", "image"))
