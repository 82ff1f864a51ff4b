"""The pieces of `toolwire validate` on their own: the pure function, the drift walk, the
readers' line bookkeeping, the progress bar, and the function inside a Dask bag."""

from __future__ import annotations

import io
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from toolwire.spec.loader import load_spec
from toolwire.validation import validate_record
from toolwire.validation.drift import DriftWalker
from toolwire.validation.inputs import Unit, plan
from toolwire.validation.progress import Progress
from toolwire.validation.reader import Reader, element_lines

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}


def test_validate_record_is_pure_and_picklable() -> None:
    line = json.dumps(CALL)
    first = validate_record(line, schemas=SCHEMAS, dialect="openai_chat", shape="tool_call", path="p", line=3)
    bad = validate_record(b"{", schemas=SCHEMAS, dialect="openai_chat", shape="tool_call")
    again = validate_record(line.encode(), schemas=SCHEMAS, dialect="openai_chat", shape="tool_call", path="p", line=3)
    assert first == again
    assert (first.valid, first.dialect, first.shape, first.line) == (True, "openai_chat", "tool_call", 3)
    assert (bad.status, bad.errors[0].keyword) == ("unreadable", "parse")
    assert pickle.loads(pickle.dumps(bad)) == bad
    assert json.loads(json.dumps(first.to_dict()))["valid"] is True


@pytest.fixture(scope="module")
def walker() -> DriftWalker:
    return DriftWalker(load_spec(SCHEMAS).registry)


def test_drift_walk_finds_undescribed_keys_through_refs_and_branches(walker: DriftWalker) -> None:
    request = {
        "messages": [
            {"role": "assistant", "tool_calls": [{**CALL, "new_in_call": 1}]},
            {"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text", "text": "x", "new_in_part": 2}]},
        ],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "anything": True}}}],
        "tool_choice": {"type": "function", "function": {"name": "f"}, "new_in_choice": 3},
    }
    coverage = walker.coverage(request, "dialects/openai_chat/request.json")
    paths = {path for _, path in coverage.unknown}
    # $ref into tool_call.json (via if/then), oneOf branch of the tool result's content, tool_choice's oneOf
    assert {
        "/messages/*/tool_calls/*/new_in_call",
        "/messages/*/content/*/new_in_part",
        "/tool_choice/new_in_choice",
    } <= paths
    # a JSON Schema of parameters is free-form: its keys are not drift
    assert not any(p.startswith("/tools/*/function/parameters/") for p in paths)
    pointers = {pointer for pointer, _ in coverage.unknown}
    assert "/messages/1/content/0/new_in_part" in pointers
    assert coverage.described > 0


def test_drift_walk_escapes_keys(walker: DriftWalker) -> None:
    coverage = walker.coverage({**CALL, "a/b~c": 1}, "dialects/openai_chat/tool_call.json")
    assert coverage.unknown == [("/a~1b~0c", "/a~1b~0c")]


def test_element_lines() -> None:
    doc = b'[\n  {"a": "[,]"},\n  [1,\n 2],\n\n  3\n]'
    assert list(element_lines(doc)) == [2, 3, 6]


def test_segments_cut_at_line_boundaries_with_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_bytes(b"".join(json.dumps({"n": i, "pad": "x" * (i % 7)}).encode() + b"\n" for i in range(500)))
    units = plan([str(path)], 1000)
    assert len(units) > 5
    records = [r for u in units for r in Reader(u, max_bytes=1 << 20, split_arrays=False)]
    assert [r.line for r in records] == list(range(1, 501))
    assert [json.loads(r.data)["n"] for r in records] == list(range(500))  # type: ignore[arg-type]


def test_stdin_sniffing() -> None:
    def read(data: bytes) -> list[tuple[int, Any]]:
        reader = Reader(Unit("-", "sniff"), max_bytes=1 << 20, split_arrays=True, stdin=io.BytesIO(data))
        return [(r.line, r.data if r.data is not None else r.value) for r in reader]

    assert read(b'{"a": 1}\n{"b": 2}\n') == [(1, b'{"a": 1}\n'), (2, b'{"b": 2}\n')]
    assert read(b"\ndata: {}\n\n") == [(2, b"{}")]
    assert read(b'[\n {"a": 1},\n {"b": 2}\n]') == [(2, {"a": 1}), (3, {"b": 2})]


def test_progress_bar_only_on_a_terminal_and_after_a_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]
    monkeypatch.setattr("toolwire.validation.progress.time.monotonic", lambda: clock[0])
    out = io.StringIO()
    bar = Progress(1000, stream=out, enabled=True)
    bar.update(10, 1)
    assert out.getvalue() == ""  # not before the delay: small inputs never show a bar
    clock[0] += 1
    bar.update(500, 50)
    assert "50.0%" in out.getvalue() and "\r" in out.getvalue()
    bar.close()
    assert out.getvalue().endswith("\r\033[K")
    piped = io.StringIO()
    quiet = Progress(1000, stream=piped)  # StringIO is not a TTY
    clock[0] += 5
    quiet.update(900, 90)
    assert piped.getvalue() == ""


def test_inside_a_dask_bag(tmp_path: Path) -> None:
    db = pytest.importorskip("dask.bag")
    lines = [json.dumps(CALL), json.dumps({**CALL, "function": {}}), "{oops", json.dumps({**CALL, "new": 1})]
    path = tmp_path / "capture.jsonl"
    path.write_text("\n".join(lines) + "\n")
    schemas = str(SCHEMAS)

    def check(line: str) -> dict[str, Any]:
        return validate_record(
            line.encode(), schemas=schemas, dialect="openai_chat", shape="tool_call", strict=True
        ).to_dict()

    bag = db.read_text(str(path), blocksize=64).map(str.rstrip).filter(bool)
    results = bag.map(check)
    statuses = dict(results.pluck("status").frequencies().compute(scheduler="processes", num_workers=2))
    assert statuses == {"valid": 1, "invalid": 2, "unreadable": 1}
    drift = (
        bag.map(
            lambda line: (
                validate_record(
                    line.encode(), schemas=schemas, dialect="openai_chat", shape="tool_call", strict=True
                ).drift
            )
        )
        .flatten()
        .frequencies()
        .compute(scheduler="sync")
    )
    assert dict(drift) == {"/new": 1}


def test_bulk_acceptor_changes_nothing_but_speed(tmp_path: Path) -> None:
    """Lines the acceptor counts without a Result must give the same report, line numbers
    and summary as the long way: mixed valid, invalid, malformed, deep, blank and BOM lines."""
    from toolwire.validation.engine import Engine, Options
    from toolwire.validation.report import Reporter
    from toolwire.validation.runner import run_unit

    lines = [
        b"\xef\xbb\xbf" + json.dumps(CALL).encode(),
        json.dumps(CALL).encode(),
        b"",
        json.dumps({**CALL, "id": 5}).encode(),
        b"{not json",
        json.dumps({**CALL, "function": {**CALL["function"], "arguments": "[" * 300 + "]" * 300}}).encode(),
        json.dumps({**CALL, "extra": [[[[1]]]]}).encode(),
        json.dumps(CALL).encode(),
    ]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    deep = {**CALL, "x": json.loads("[" * 300 + "]" * 300)}
    deep_path = tmp_path / "deep.jsonl"
    deep_path.write_bytes(json.dumps(deep).encode() + b"\n" + json.dumps(CALL).encode() + b"\n")
    engine = Engine(load_spec(SCHEMAS), Options("openai_chat", "tool_call", max_depth=64))
    assert engine.acceptor() is not None

    def report(unit: Unit, bulk: bool) -> tuple[str, dict[str, int]]:
        out: list[str] = []
        if not bulk:
            engine.acceptor = lambda: None  # type: ignore[method-assign]
        try:
            outcome = run_unit(unit, engine, Reporter("text"), out.append)
        finally:
            engine.__dict__.pop("acceptor", None)
        return "".join(out), dict(outcome.tally.statuses)

    for file in (path, deep_path):
        unit = plan([str(file)], 1 << 62)[0]
        bulk, long_way = report(unit, True), report(unit, False)
        assert bulk == long_way
    text, statuses = report(plan([str(path)], 1 << 62)[0], True)
    assert statuses == {"valid": 5, "invalid": 1, "unreadable": 1}  # brackets in a string are not depth
    assert f"{path}:4: openai_chat/tool_call: /id:" in text
    assert f"{path}:5: " in text
    text, statuses = report(plan([str(deep_path)], 1 << 62)[0], True)
    assert statuses == {"valid": 1, "unreadable": 1} and "[depth]" in text


def test_acceptor_is_off_where_every_record_needs_the_long_way() -> None:
    from toolwire.validation.engine import Engine, Options

    spec = load_spec(SCHEMAS)
    assert Engine(spec, Options("openai_chat", "tool_call", strict=True)).acceptor() is None
    assert Engine(spec, Options()).acceptor() is None  # detection: several candidate schemas


def test_drift_walk_keeps_the_base_uri_across_files(walker: DriftWalker) -> None:
    """A $ref into another file, then that file's own #/$defs refs: each schema file's
    relative $id is its own URI, so unknown keys two files deep are still found."""
    chunk = {
        "candidates": [
            {
                "index": 0,
                "cand_new": 1,
                "content": {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}, "call_new": 2}}]},
            }
        ]
    }
    paths = {path for _, path in walker.coverage(chunk, "dialects/gemini/stream_event.json").unknown}
    assert paths == {"/candidates/*/cand_new", "/candidates/*/content/parts/*/functionCall/call_new"}


def test_root_requirements_never_rule_out_a_schema_that_accepts_the_payload() -> None:
    """Detection skips a candidate whose required root keys a payload lacks (or that must be an
    object when the payload is not): sound only if no payload its schema accepts is skipped."""
    from toolwire.validation.backends import Validators
    from toolwire.validation.detect import root_requirements, targets

    spec = load_spec(SCHEMAS)
    validators = Validators(spec.documents, spec.registry)
    values = [
        case["wire"]
        for path in sorted((SCHEMAS / "vectors").glob("*/*.json"))
        if path.name not in ("stream.json", "relay.json", "conversation.json")
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]
    ]
    values += [{}, [], "auto", None, {"type": "function"}]
    checked = 0
    for target in targets(spec):
        required, must_be_object = root_requirements(spec.documents, target.schema_id)
        is_valid = validators.fast(target.schema_id).is_valid
        for value in values:
            if is_valid(value):
                checked += 1
                if isinstance(value, dict):
                    assert required <= value.keys(), (target.label, value)
                else:
                    assert not must_be_object, (target.label, value)
    assert checked > 100
    assert root_requirements(spec.documents, "dialects/openai_chat/tool_call.json")[0] >= {
        "id",
        "type",
    }  # custom calls too
