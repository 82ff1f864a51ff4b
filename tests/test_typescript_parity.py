"""The differential test of the two targets (issue 14, item 4): every vector and every corpus
payload is converted by the Python package and by the TypeScript one, to every target dialect,
and both must give byte-equal JSON, the same losses (pointer, target, what) and the same error
(class and message), in lenient and in strict mode.

Jobs: each part vector's wire value (schemas/vectors/<dialect>/<shape>.json) to every dialect
with that shape; each conversation vector's wire request or response, and each corpus request
and response (TOOLWIRE_CORPUS and corpus-more beside it, classified by folder and file name as
tests/test_conversation_corpus.py does), to every dialect that maps conversations; each tool
part the corpus tests find in a payload (tests/test_corpus.py) to every dialect with its shape;
each stream vector's events and each corpus `*.stream.jsonl` relayed to every stream dialect;
and each whole payload through its own dialect's `extract` (the canonical parts).

The TypeScript side is one node process (the driver below) reading the jobs as JSON lines and
loading generated/typescript/dist/index.js (or $TOOLWIRE_TS_DIST/index.js). Without node or the
built package, or without the corpus, the affected tests skip and say why. A difference that a
documented limit of JavaScript values explains (an integral float, an integer beyond 2**53,
integer-like object keys) is detected per case and is an xfail naming it, never a pass.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import corpus_location
from tests.test_typescript_json import REPO, js_view, known_differences, node_or_skip, run_node, ts_dist

VECTORS = REPO / "schemas" / "vectors"
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


# ---- the jobs -------------------------------------------------------------------------------


def _pkg() -> Any:
    import toolwire_dialects

    return toolwire_dialects


def _targets(shape: str) -> list[str]:
    pkg = _pkg()
    if shape in ("request", "response"):
        return sorted(n for n in pkg.DIALECTS if hasattr(pkg.DIALECTS[n], f"decode_{shape}"))
    return sorted(n for n in pkg.DIALECTS if shape in pkg.DIALECTS[n].SHAPES)


def _stream_targets() -> list[str]:
    from toolwire_dialects.streams import STREAMS

    return sorted(STREAMS)


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _jobs_of(origin: str, payload: Any, source: str, shape: str) -> Iterator[dict[str, Any]]:
    """shape: a part's, request or response (convert), stream (convert_stream), or extract
    (the source dialect's `extract` of a whole payload: the one job, whose target is itself)."""
    targets = [source] if shape == "extract" else _stream_targets() if shape == "stream" else _targets(shape)
    for target in targets:
        yield {
            "id": f"{origin}:{source}->{target}:{shape}",
            "payload": payload,
            "source": source,
            "target": target,
            "shape": shape,
        }


def _vector_jobs() -> Iterator[dict[str, Any]]:
    for folder in sorted(p for p in VECTORS.iterdir() if p.is_dir()):
        dialect = folder.name
        for shape in PART_SHAPES:
            path = folder / f"{shape}.json"
            if path.is_file():
                for number, case in enumerate(_read(path)["cases"]):
                    if "wire" in case:
                        yield from _jobs_of(f"vector {dialect}/{shape}.json#{number}", case["wire"], dialect, shape)
        if (folder / "conversation.json").is_file():
            cases = _read(folder / "conversation.json")
            for kind in ("valid", "invalid"):
                for number, case in enumerate(cases.get(kind, [])):
                    origin = f"vector {dialect}/conversation.json#{kind}/{number}"
                    yield from _jobs_of(origin, case["wire"], dialect, case["shape"])
                    yield from _jobs_of(origin, case["wire"], dialect, "extract")
        if (folder / "stream.json").is_file():
            for number, case in enumerate(_read(folder / "stream.json")["cases"]):
                if "events" in case:
                    yield from _jobs_of(f"vector {dialect}/stream.json#{number}", case["events"], dialect, "stream")


def _corpus_roots() -> list[Path]:
    corpus = corpus_location()
    return [root for root in (corpus, corpus.parent / "corpus-more") if root.is_dir()]


def _corpus_jobs() -> Iterator[dict[str, Any]]:
    from tests.test_corpus import FINDERS, _resolve

    for root in _corpus_roots():
        for folder, dialect in FOLDERS.items():
            for path in sorted((root / folder).glob("*.json*")):
                origin = f"{root.name}/{folder}/{path.name}"
                if path.name.endswith(".stream.jsonl"):
                    lines = path.read_text(encoding="utf-8").splitlines()
                    yield from _jobs_of(origin, [json.loads(line) for line in lines if line.strip()], dialect, "stream")
                    continue
                if not path.name.endswith(".json"):
                    continue
                payload = _read(path)
                shape = path.name.rsplit(".", 2)[-2]
                if shape in ("request", "response"):
                    yield from _jobs_of(origin, payload, dialect, "extract")
                    if dialect in _targets(shape):
                        yield from _jobs_of(origin, payload, dialect, shape)
                for part_shape, pointer in FINDERS.get(dialect, lambda _: iter(()))(payload):
                    yield from _jobs_of(f"{origin}#{pointer}", _resolve(payload, pointer), dialect, part_shape)


def _collect() -> tuple[list[dict[str, Any]], list[Any]]:
    jobs = list(_vector_jobs())
    corpus = list(_corpus_jobs()) if _corpus_roots() else []
    params = [pytest.param(job["id"], id=job["id"]) for job in jobs + corpus]
    if not corpus:
        params.append(pytest.param("no-corpus", id="no-corpus"))
    return jobs + corpus, params


JOBS, PARAMS = _collect()
BY_ID = {job["id"]: job for job in JOBS}
assert len(BY_ID) == len(JOBS), "two jobs share an id"


# ---- running them ---------------------------------------------------------------------------


def _python(job: dict[str, Any], strict: bool) -> dict[str, Any]:
    """One job through the Python package: value (JSON text), losses, error, as the driver."""
    pkg = _pkg()
    payload = copy.deepcopy(job["payload"])
    out: dict[str, Any] = {"value": None, "losses": None, "error": None}
    try:
        if job["shape"] == "extract":
            out["value"], out["losses"] = pkg.get_dialect(job["source"]).extract(payload), []
        elif job["shape"] == "stream":
            from toolwire_dialects.streams import convert_stream

            relay = convert_stream(payload, source=job["source"], target=job["target"], strict=strict)
            events: list[Any] = []
            out["value"] = events
            try:
                events.extend(relay)
            finally:
                out["losses"] = [list(loss) for loss in relay.losses]
        else:
            encoded = pkg.convert(
                payload, source=job["source"], target=job["target"], shape=job["shape"], strict=strict
            )
            out["value"], out["losses"] = encoded.value, [list(loss) for loss in encoded.losses]
    except Exception as exc:  # the TypeScript side must fail the same way
        out["error"] = [type(exc).__name__, str(exc)]
    return out


_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
const lossList = (losses) => (Array.isArray(losses) ? losses.map((l) => [l.code, l.pointer, l.target, l.what]) : null);
const failure = (e) => (e instanceof Error ? [e.name, e.message] : ["(not an Error)", String(e)]);
async function run(job, strict) {
  const payload = structuredClone(job.payload);
  const out = { value: null, losses: null, error: null };
  try {
    if (job.shape === "extract") {
      const found = pkg.getDialect(job.source).extract(payload);
      // Note objects as Python's NamedTuple reads in JSON: [pointer, dialect, what]
      if (Array.isArray(found?.notes)) found.notes = found.notes.map((n) => [n.pointer, n.dialect, n.what]);
      out.value = found;
      out.losses = [];
    } else if (job.shape === "stream") {
      const relay = pkg.convertStream(payload, { source: job.source, target: job.target, strict });
      out.value = [];
      try {
        for await (const event of relay) out.value.push(event);
      } finally {
        out.losses = lossList(relay.losses);
      }
    } else {
      const encoded = pkg.convert(payload, { source: job.source, target: job.target, shape: job.shape, strict });
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
  const answer = { plain: await run(job, false), strict: await run(job, true) };
  process.stdout.write(JSON.stringify(answer) + "\n");
}
"""


@pytest.fixture(scope="module")
def typescript() -> dict[str, dict[str, Any]]:
    node_or_skip()
    index = ts_dist() / "index.js"
    if not index.is_file():
        pytest.skip(f"{index} is not built: run `toolwire generate --target typescript` (or set TOOLWIRE_TS_DIST)")
    try:
        answers = run_node(_DRIVER, JOBS, str(index))
    except AssertionError as exc:  # said once, not once per job
        return {"": {"failed": str(exc)}}
    return {job["id"]: answer for job, answer in zip(JOBS, answers, strict=True)}


# ---- comparing ------------------------------------------------------------------------------

_INTEGRAL = re.compile(r"(?<![\w.])(-?\d+)\.0(?![\d])")


def _same_text(a: str, b: str) -> bool:
    """Two texts that differ only as a JavaScript value would make them differ: texts whose
    numbers differ by an integral `.0`, or compact JSON texts (both written by the converters,
    not an original spelling kept) of the same value as JavaScript holds it."""
    if _INTEGRAL.sub(r"\1", a) == _INTEGRAL.sub(r"\1", b):
        return True
    try:
        value_a, value_b = json.loads(a), json.loads(b)
    except ValueError:
        return False
    written = a == _text(value_a) and b == _text(value_b)
    return written and _text(js_view(value_a)) == _text(js_view(value_b))


def _explained(python: Any, typescript: Any) -> bool:
    """Whether every difference of the two values is one a JavaScript limit explains."""
    python, typescript = js_view(python), js_view(typescript)
    if isinstance(python, dict) and isinstance(typescript, dict):
        return list(python) == list(typescript) and all(_explained(python[k], typescript[k]) for k in python)
    if isinstance(python, list) and isinstance(typescript, list):
        return len(python) == len(typescript) and all(map(_explained, python, typescript))
    if isinstance(python, str) and isinstance(typescript, str):
        return python == typescript or _same_text(python, typescript)
    return type(python) is type(typescript) and python == typescript


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _reasons(job: dict[str, Any], python: dict[str, Any]) -> list[str]:
    found = set(known_differences(job["payload"])) | set(known_differences(python))
    for text in re.findall(r"\d\.0(?!\d)", _text(python)):  # an integral float spelled in a text
        found.add(f"an integral float in a text ({text})")
        break
    return sorted(found)


def _compare(job: dict[str, Any], python: dict[str, Any], typescript: dict[str, Any], mode: str) -> None:
    for part in ("error", "losses", "value"):
        if _text(python[part]) == _text(typescript[part]):
            continue
        reasons = _reasons(job, python)
        if reasons and _explained(python[part], typescript[part]):
            pytest.xfail(f"{mode} {part}: known TypeScript difference: {'; '.join(reasons)}")
        assert _text(typescript[part]) == _text(python[part]), _difference(
            f"{mode} {part}", python[part], typescript[part]
        )


def _difference(what: str, python: Any, typescript: Any) -> str:
    """Where the two JSON texts part, with some text before and after on each side."""
    a, b = _text(python), _text(typescript)
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    start = max(0, at - 160)
    return (
        f"{what} differs at character {at}:\n  Python:     {a[start : at + 160]}\n  TypeScript: {b[start : at + 160]}"
    )


@pytest.mark.parametrize("job_id", PARAMS)
def test_both_targets_convert_the_same(typescript: dict[str, dict[str, Any]], job_id: str) -> None:
    if job_id == "no-corpus":
        pytest.skip(f"no payload corpus at {corpus_location()} (set TOOLWIRE_CORPUS): vectors only")
    if "" in typescript:
        pytest.fail(f"the TypeScript driver failed: {typescript['']['failed'][:3000]}")
    job = BY_ID[job_id]
    answer = typescript[job_id]
    for mode in ("plain", "strict"):
        python = _python(job, strict=mode == "strict")
        python = json.loads(json.dumps(python))  # tuples as lists, as the driver's JSON carries them
        _compare(job, python, answer[mode], mode)


def test_the_jobs_cover_every_kind() -> None:
    shapes = {job["shape"] for job in JOBS}
    assert {*PART_SHAPES, "request", "response", "stream", "extract"} <= shapes
    sources = {job["source"] for job in JOBS}
    assert sources == set(_pkg().DIALECTS)
