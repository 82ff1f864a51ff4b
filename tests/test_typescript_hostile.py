"""Hostile input through both targets (issue 14): the part vectors, the conversation vectors and
(when there is one) the payload corpus, mutated with a fixed seed, go through the Python package
and the TypeScript one, and both must answer alike: the same output JSON, the same losses, the
same error class and message, in lenient and in strict mode.

A mutation replaces a value with another JSON type (null, {}, [], a string, a number, a huge
string), deletes a key, or adds a key JavaScript objects inherit ("__proto__", "constructor",
"toString", ...). Each mutated input goes through `convert` to every dialect with its shape, a
mutated whole payload also through its dialect's `extract`, and the canonical parts `extract`
gives, mutated, through `inject` into a payload of every dialect (the whole parts into its own
dialect's payload, the tools and the tool choice into every other's).

What a JavaScript value cannot say (an integral float, an integer beyond 2**53, integer-like
keys: tests/test_typescript_json.py) is never generated, and an input that already carries it is
left out, so every comparison is exact. A fixed list of the differences earlier runs found (fixed
since) is always run too. TOOLWIRE_HOSTILE_CASES (default 240) and TOOLWIRE_HOSTILE_SEED (default
1414) make a longer or another mutation run; at a few thousand cases such a run still finds
differences in code this test does not own (Python's TypeError texts of a conversation's non-string
text, canonical `extensions` and tool-result `content` of the wrong type, a tool choice's own
"__proto__" key lost in a loss's text).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import corpus_location
from tests.test_typescript_json import REPO, known_differences, run_node, ts_dist

SEED = int(os.environ.get("TOOLWIRE_HOSTILE_SEED", "1414"))
CASES = int(os.environ.get("TOOLWIRE_HOSTILE_CASES", "240"))
DEEP = os.environ.get("TOOLWIRE_HOSTILE_DEEP") == "1"  # mutate canonical parts inside their fields too
VECTORS = REPO / "generated" / "python" / "tests" / "vectors"
PART_SHAPES = ("tool_definition", "tool_choice", "tool_call", "tool_result")
FOLDERS = {  # corpus folder -> dialect (as tests/test_conversation_corpus.py)
    "openai-chat": "openai_chat",
    "openai-chat-compat": "openai_chat",
    "openai-responses": "openai_responses",
    "anthropic": "anthropic_messages",
    "gemini": "gemini",
    "bedrock": "bedrock_converse",
    "mistral": "mistral",
    "cohere": "cohere_v2",
    "ollama": "ollama",
    "mcp": "mcp",
}
INHERITED = ("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "__defineGetter__")
HOSTILE: tuple[Any, ...] = (
    None,
    {},
    [],
    "",
    "x",
    0,
    -3,
    1.5,
    1e-07,
    True,
    False,
    [None],
    [{}],
    [1],
    ["a", "b"],
    {"a": 1},
    {"type": {}},
    {"__proto__": {"polluted": 1}},
    {"constructor": "x"},
    {"toString": 1},
    '{"a":1}',
    "{",
    "__proto__",
    "constructor",
    "toString",
    "\U0001f600 \u00e9",
    "x" * 70000,
)


# ---- the inputs -----------------------------------------------------------------------------


def _pkg() -> Any:
    import toolwire_dialects

    return toolwire_dialects


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _targets(shape: str) -> list[str]:
    pkg = _pkg()
    if shape in ("request", "response"):
        return sorted(n for n in pkg.DIALECTS if hasattr(pkg.DIALECTS[n], f"decode_{shape}"))
    return sorted(n for n in pkg.DIALECTS if shape in pkg.DIALECTS[n].SHAPES)


def _seeds() -> tuple[list[tuple[str, str, str, Any]], list[tuple[str, str, str, Any]]]:
    """(origin, dialect, shape, wire) of every part and every whole payload to mutate."""
    parts: list[tuple[str, str, str, Any]] = []
    wholes: list[tuple[str, str, str, Any]] = []
    for folder in sorted(p for p in VECTORS.iterdir() if p.is_dir()):
        for shape in PART_SHAPES:
            if (folder / f"{shape}.json").is_file():
                for n, case in enumerate(_read(folder / f"{shape}.json")["cases"]):
                    if "wire" in case:
                        parts.append((f"{folder.name}/{shape}.json#{n}", folder.name, shape, case["wire"]))
        if (folder / "conversation.json").is_file():
            cases = _read(folder / "conversation.json")
            for n, case in enumerate(cases.get("valid", [])):
                wholes.append((f"{folder.name}/conversation.json#{n}", folder.name, case["shape"], case["wire"]))
    corpus = corpus_location()
    for root in (corpus, corpus.parent / "corpus-more"):
        for folder, dialect in FOLDERS.items():
            for path in sorted((root / folder).glob("*.json")) if root.is_dir() else []:
                shape = path.name.rsplit(".", 2)[-2]
                if shape in ("request", "response"):
                    wholes.append((f"{root.name}/{folder}/{path.name}", dialect, shape, _read(path)))
    keep = [seed for seed in parts + wholes if not known_differences(seed[3])]
    return [s for s in keep if s[2] in PART_SHAPES], [s for s in keep if s[2] not in PART_SHAPES]


def _places(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, node) of every node of a JSON value, the root first."""
    yield at, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places(item, (*at, i))


def _mutate(value: Any, rng: random.Random, depth: int | None = None) -> tuple[Any, str]:
    """A copy of value with one hostile change (at most depth tokens deep), and what it was."""
    out = copy.deepcopy(value)
    places = [place for place in _places(out) if depth is None or len(place[0]) <= depth]
    path, node = places[0] if len(places) == 1 or rng.random() < 0.03 else rng.choice(places[1:])
    op = rng.random()
    if isinstance(node, dict) and op < 0.25:  # a key JavaScript objects inherit
        key = rng.choice(INHERITED)
        node[key] = copy.deepcopy(rng.choice(HOSTILE))
        return out, f"{list(path)} + {key!r}"
    if path and op < 0.4 and isinstance(_at(out, path[:-1]), dict):
        del _at(out, path[:-1])[path[-1]]
        return out, f"{list(path)} deleted"
    new = copy.deepcopy(rng.choice(HOSTILE))
    if not path:
        return new, "root replaced"
    _at(out, path[:-1])[path[-1]] = new
    return out, f"{list(path)} = {json.dumps(new)[:40]}"


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for token in path:
        value = value[token]
    return value


def _extracted(dialect: str, payload: Any) -> dict[str, Any] | None:
    """The canonical parts extract() gives (JSON values), or None when it refuses the payload."""
    try:
        found = _pkg().get_dialect(dialect).extract(copy.deepcopy(payload))
    except Exception:
        return None
    found = json.loads(json.dumps(found))
    return {key: found[key] for key in ("tools", "tool_choice", "tool_calls", "tool_results")}


def _jobs() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    parts, wholes = _seeds()
    per_dialect: dict[str, list[tuple[str, str, str, Any]]] = {}
    for seed in wholes:
        per_dialect.setdefault(seed[1], []).append(seed)
    injectable = sorted(d for d in per_dialect if hasattr(_pkg().get_dialect(d), "inject"))
    jobs: list[dict[str, Any]] = []
    for number in range(CASES):
        kind = number % 4
        if kind in (0, 1):  # a mutated part to every dialect with its shape
            origin, source, shape, wire = rng.choice(parts)
            mutated, how = _mutate(wire, rng)
            for target in _targets(shape):
                jobs.append(_job(number, "convert", origin, how, source, target, shape, mutated))
        elif kind == 2:  # a mutated whole payload: converted, and extracted
            origin, source, shape, wire = rng.choice(wholes)
            mutated, how = _mutate(wire, rng)
            jobs.append(_job(number, "extract", origin, how, source, source, shape, mutated))
            for target in _targets(shape):
                jobs.append(_job(number, "convert", origin, how, source, target, shape, mutated))
        else:  # mutated canonical parts injected into a payload of every dialect
            origin, source, shape, wire = rng.choice([w for w in wholes if w[1] in injectable])
            found = _extracted(source, wire)
            if found is None:
                continue
            mutated, how = _mutate(found, rng, None if DEEP else 2)
            if not isinstance(mutated, dict):
                mutated = found
            for target in injectable:
                pick = per_dialect[target][rng.randrange(len(per_dialect[target]))]
                into = (origin, source, shape, wire) if target == source else pick
                given = (
                    mutated if target == source else {k: mutated[k] for k in ("tools", "tool_choice") if k in mutated}
                )
                job = _job(number, "inject", f"{origin} into {into[0]}", how, source, target, into[2], into[3])
                jobs.append({**job, "parts": given})
    return _regressions() + jobs


def _regressions() -> list[dict[str, Any]]:
    """Fixed cases of differences the mutation runs found (and that are fixed), whatever the seed picks."""
    jobs: list[dict[str, Any]] = []
    request = {"model": "m", "messages": [{"role": {}, "content": "hi"}]}  # a required path present, of a wrong type
    jobs.append(_job(-1, "extract", "role {}", "fixed", "openai_chat", "openai_chat", "request", request))
    jobs += [_job(-1, "convert", "role {}", "fixed", "openai_chat", t, "request", request) for t in _targets("request")]
    strict_tools = [  # strict mode checked on a schema that is no set of names
        {"type": "object", "properties": [1], "additionalProperties": False},
        {"type": "object", "properties": [[1]], "additionalProperties": False},
        {"type": "object", "properties": "ab", "additionalProperties": False},
        {"type": "object", "properties": {}, "additionalProperties": False, "$defs": "x"},
        {"type": "object", "properties": {"a": {}}, "required": {"a": 1}, "additionalProperties": False},
    ]
    for schema in strict_tools:
        wire = {"type": "function", "function": {"name": "f", "parameters": schema, "strict": True}}
        for target in ("openai_chat", "openai_responses", "gemini"):
            jobs.append(_job(-1, "convert", "strict", "fixed", "openai_chat", target, "tool_definition", wire))
    for schema in (  # Gemini's OpenAPI form: merged $ref siblings of no mapping, unhashable names
        {"type": "OBJECT", "properties": "object", "$ref": {"type": [None]}},
        {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}, "anyOf": [{"$ref": "#/x", "properties": [{}]}]},
    ):
        wire = {"name": "f", "parameters": schema}
        jobs.append(_job(-1, "convert", "openapi", "fixed", "gemini", "gemini", "tool_definition", wire))
    for schema in (  # strict_schema=True on names no object holds
        {"type": "object", "properties": [0]},
        {"type": "object", "properties": [1]},
        {"type": "object", "properties": ["a"]},
        {"type": "object", "properties": "ab"},
        {"type": "object", "properties": {"a": {}}, "required": {"b": 1}},
        {"type": "object", "properties": {"a": {}}, "required": 3},
        {"type": "object", "required": [["a"]]},
        {"type": "object", "properties": {}, "required": [{"toString": 1}]},
    ):
        job = _job(-1, "encode", "strict_schema", "fixed", "openai_chat", "openai_chat", "tool_definition", None)
        jobs.append({**job, "payload": {"name": "f", "parameters": schema}, "options": {"strict_schema": True}})
    chat = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    tools = [{"name": "f", "strict": {}}, {"name": "g", "strict": {}}]  # a field carried once, unhashable
    for parts in ({"tool_calls": -3}, {"tools": {"a": 1}}, {"tools": "ab"}, {"tool_results": [{}]}, {"tools": tools}):
        for target, payload in (("openai_chat", chat), ("cohere_v2", {"model": "m", "messages": []})):
            job = _job(-1, "inject", "parts", json.dumps(parts), target, target, "request", payload)
            jobs.append({**job, "parts": parts})
    for target in ("mcp", "ollama"):  # no tool_choice shape: Python's KeyError
        payload = {"model": "m", "messages": []} if target == "ollama" else {"method": "tools/list"}
        job = _job(-1, "inject", "choice", "no encoder", target, target, "request", payload)
        jobs.append({**job, "parts": {"tool_choice": {"mode": "auto"}}})
    return jobs


def _job(number: int, kind: str, origin: str, how: str, source: str, target: str, shape: str, payload: Any) -> dict:
    ident = f"#{number} {kind} {origin} ({how}) {source}->{target}:{shape}"
    return {"id": ident, "kind": kind, "source": source, "target": target, "shape": shape, "payload": payload}


# ---- running them ---------------------------------------------------------------------------


def _python(job: dict[str, Any], strict: bool) -> dict[str, Any]:
    pkg = _pkg()
    payload = copy.deepcopy(job["payload"])
    out: dict[str, Any] = {"value": None, "losses": None, "error": None}
    try:
        if job["kind"] == "extract":
            out["value"], out["losses"] = pkg.get_dialect(job["source"]).extract(payload), []
        else:
            if job["kind"] == "encode":
                encode = getattr(pkg.get_dialect(job["target"]), "encode_" + job["shape"])
                encoded = encode(payload, strict=strict, **job["options"])
            elif job["kind"] == "inject":
                parts = copy.deepcopy(job["parts"])
                encoded = pkg.get_dialect(job["target"]).inject(payload, parts, strict=strict)
            else:
                encoded = pkg.convert(
                    payload, source=job["source"], target=job["target"], shape=job["shape"], strict=strict
                )
            out["value"], out["losses"] = encoded.value, [list(loss) for loss in encoded.losses]
    except Exception as exc:  # the TypeScript side must fail the same way
        out["error"] = [type(exc).__name__, str(exc)]
    return json.loads(json.dumps(out))


_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
const shared = () => JSON.stringify(Object.getOwnPropertyNames(Object.prototype).sort());
const pristine = shared();
const lossList = (losses) => (Array.isArray(losses) ? losses.map((l) => [l.code, l.pointer, l.target, l.what]) : null);
const failure = (e) => (e instanceof Error ? [e.name, e.message] : ["(not an Error)", String(e)]);
function run(job, strict) {
  const payload = structuredClone(job.payload);
  const out = { value: null, losses: null, error: null };
  try {
    if (job.kind === "extract") {
      const found = pkg.getDialect(job.source).extract(payload);
      if (Array.isArray(found?.notes)) found.notes = found.notes.map((n) => [n.pointer, n.dialect, n.what]);
      out.value = found;
      out.losses = [];
    } else {
      const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
      const options = Object.fromEntries(Object.entries(job.options ?? {}).map(([k, v]) => [camel(k), v]));
      const encoded = job.kind === "encode"
        ? pkg.getDialect(job.target)[camel("encode_" + job.shape)](payload, { strict, ...options })
        : job.kind === "inject"
        ? pkg.getDialect(job.target).inject(payload, structuredClone(job.parts), { strict })
        : pkg.convert(payload, { source: job.source, target: job.target, shape: job.shape, strict });
      out.value = encoded.value === undefined ? null : encoded.value;
      out.losses = lossList(encoded.losses);
    }
  } catch (e) {
    out.error = failure(e);
  }
  return out;
}
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const answer = { plain: run(job, false), strict: run(job, true) };
  answer.polluted = shared() !== pristine || Object.getPrototypeOf({}) !== Object.prototype;
  process.stdout.write(JSON.stringify(answer) + "\n");
}
"""

JOBS = _jobs()


@pytest.fixture(scope="module")
def answers() -> list[dict[str, Any]]:
    index = ts_dist() / "index.js"
    if not index.is_file():
        pytest.skip(f"{index} is not built: run `toolwire generate --target typescript` (or set TOOLWIRE_TS_DIST)")
    return run_node(_DRIVER, JOBS, str(index))


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def differences(jobs: list[dict[str, Any]], answers: list[dict[str, Any]]) -> list[str]:
    """One text per job and mode whose Python and TypeScript answers differ."""
    found = []
    for job, answer in zip(jobs, answers, strict=True):
        if answer["polluted"]:
            found.append(f"{job['id']}: Object.prototype was changed")
        for mode in ("plain", "strict"):
            python, typescript = _python(job, mode == "strict"), answer[mode]
            for part in ("error", "losses", "value"):
                a, b = _text(python[part]), _text(typescript[part])
                if a != b:
                    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
                    s = max(0, at - 80)
                    found.append(
                        f"{job['id']} {mode} {part}:\n  Python: {a[s : at + 120]}\n  TypeScript: {b[s : at + 120]}"
                    )
                    break
    return found


def test_hostile_inputs_are_answered_alike(answers: list[dict[str, Any]]) -> None:
    found = differences(JOBS, answers)
    shown = "\n".join(found[:15])
    assert not found, f"{len(found)} of {2 * len(JOBS)} hostile answers differ:\n{shown}"


def test_the_hostile_inputs_reach_every_entry_point() -> None:
    kinds = {job["kind"] for job in JOBS}
    assert kinds == {"convert", "extract", "inject", "encode"}
    assert {job["shape"] for job in JOBS if job["kind"] == "convert"} >= {*PART_SHAPES, "request", "response"}
    assert {job["target"] for job in JOBS} == set(_pkg().DIALECTS)
    assert len({json.dumps(job["payload"], sort_keys=True) for job in JOBS}) > CASES // 4
