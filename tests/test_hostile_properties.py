"""Property-based hostile input (issue #21): generated conversations, responses and streams
(tests/hostile_strategies.py), run through every ordered pair of the 8 conversational dialects
and every pair of stream dialects, in lenient and in strict mode. Whatever the input:
- nothing escapes: every failure is a ConversionError (DecodeError, LossError, ...), never a
  KeyError or TypeError from inside a converter;
- another dialect's payload, one the named dialect's wire schema rejects, is refused with a
  DecodeError that points at the place (dialect/shape: /pointer: message);
- results stay linked: each tool result of a converted request answers the same call (by name
  and arguments) it answered in the source, unless a loss names the result or its call;
- every converted payload and relayed event is valid against the target's wire schema;
- the relay invariant: assembling the relayed stream gives the calls that assembling the
  input gives (names, arguments, incomplete and invalid marks) except where a loss names the
  call; a stream `assemble` refuses, the relay refuses too;
- TypeScript converts as Python does: every generated case goes through node once, in a batch.

Seeded (derandomize) and bounded; hypothesis keeps no database. Properties that today's code
fails carry xfail(strict=False) naming their defect class of #21, to be flipped when fixed.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from tests.hostile_strategies import (
    CONVERSATIONAL,
    conversations,
    examples,
    render,
    responses,
    result_tag,
    run_node_lines,
    schema_checker,
    streams,
    tag_results,
)

import toolwire_dialects as pkg  # isort: skip  (tests/conftest.py puts generated/python first)
from toolwire_dialects import ConversionError, DecodeError, IdMap  # isort: skip
from toolwire_dialects.streams import STREAMS, convert_stream, get_stream  # isort: skip

SHAPES = ("request", "response")
MODES = (False, True)  # lenient, strict
# Shrinking a failure to its minimal example takes minutes per property: asked for by
# TOOLWIRE_HOSTILE_SHRINK=1 (to read the minimal examples), left out of the ordinary run.
SHRINK = os.environ.get("TOOLWIRE_HOSTILE_SHRINK") == "1"
PROPERTY = hsettings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=int(os.environ.get("TOOLWIRE_HOSTILE_EXAMPLES", "20")),
    phases=[Phase.explicit, Phase.generate, *([Phase.shrink] if SHRINK else [])],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
STREAM_DIALECTS = sorted(STREAMS)


def _xfail(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=False, reason=f"#21 {reason}")


def _params(names: tuple[str, ...], combos: list[tuple[str, ...]], passing: set[tuple[str, ...]], reason: str) -> Any:
    """pytest params of combos, each not in passing (today's code fails it) marked xfail."""
    marks = {c: () if c in passing else (_xfail(reason),) for c in combos}
    return pytest.mark.parametrize(",".join(names), [pytest.param(*c, id="-".join(c), marks=marks[c]) for c in combos])


CONVERSIONS = [(source, shape) for source in CONVERSATIONAL for shape in SHAPES]


def canonical_of(shape: str, dialect: str) -> st.SearchStrategy[dict[str, Any]]:
    return conversations(dialect) if shape == "request" else responses(dialect)


@pytest.fixture(scope="module")
def schema_errors() -> Callable[[str, Any], list[str]]:
    return schema_checker()


def refused(exc: BaseException, what: str) -> None:
    """exc must be a refusal the package documents, not an internal error escaping."""
    assert isinstance(exc, ConversionError), f"{what}: {type(exc).__name__} escaped: {exc}"


def converted(wire: Any, source: str, target: str, shape: str, strict: bool) -> Any:
    """The Encoded conversion, or None when refused (an escape fails the property)."""
    try:
        return pkg.convert(copy.deepcopy(wire), source=source, target=target, shape=shape, strict=strict)
    except Exception as exc:
        refused(exc, f"{source}->{target} {shape} strict={strict}")
        return None


# ---- conversations --------------------------------------------------------------------------


@pytest.mark.parametrize(("source", "shape"), CONVERSIONS, ids="-".join)
def test_no_escape_and_no_internal_error(source: str, shape: str) -> None:
    @PROPERTY
    @given(canonical_of(shape, source))
    def prop(canonical: dict[str, Any]) -> None:
        wire, error = render(source, shape, canonical)
        if error is not None:
            return refused(error, f"canonical -> {source}")
        for target in CONVERSATIONAL:
            for strict in MODES:
                converted(wire, source, target, shape, strict)

    prop()


@_params(
    ("source", "shape"),
    CONVERSIONS,
    {("openai_responses", "request"), ("gemini", "request")},
    "class 1: decode_request/decode_response accept another dialect's payload its schema rejects",
)
def test_wrong_dialect_input_is_refused_with_a_pointer(source: str, shape: str, schema_errors: Any) -> None:
    @PROPERTY
    @given(canonical_of(shape, source))
    def prop(canonical: dict[str, Any]) -> None:
        wire, error = render(source, shape, canonical)
        if error is not None:
            return refused(error, f"canonical -> {source}")
        for other in CONVERSATIONAL:
            if other == source or not schema_errors(f"dialects/{other}/{shape}.json", wire):
                continue  # a payload the other dialect's schema allows is not wrong for it
            decode = getattr(pkg.get_dialect(other), f"decode_{shape}")
            try:
                decode(copy.deepcopy(wire), id_map=IdMap())
            except DecodeError as exc:  # dialect/shape: /pointer: message (shape may be a part's)
                assert str(exc).startswith(f"{other}/") and exc.pointer.startswith("/"), f"no pointer: {exc}"
                continue
            except Exception as exc:
                refused(exc, f"{source} payload decoded as {other}")
                raise AssertionError(f"{source} {shape} decoded as {other}: not a DecodeError: {exc!r}") from None
            raise AssertionError(f"{other} decode_{shape} accepted a {source} {shape}: {json.dumps(wire)[:600]}")

    prop()


@_params(
    ("source", "shape"),
    CONVERSIONS,
    {("openai_chat", "response")},
    "class 3: invalid payloads sent (null Gemini parts for orphan results, settings of the wrong type "
    "passed on, a response with every part lost lacks role/content, Cohere document data null)",
)
def test_every_converted_payload_is_valid_or_refused(source: str, shape: str, schema_errors: Any) -> None:
    @PROPERTY
    @given(canonical_of(shape, source))
    def prop(canonical: dict[str, Any]) -> None:
        wire, error = render(source, shape, canonical)
        if error is not None:
            return refused(error, f"canonical -> {source}")
        found = schema_errors(f"dialects/{source}/{shape}.json", wire)
        assert not found, f"canonical -> {source} {shape} is invalid: {found[:3]}"
        for target in CONVERSATIONAL:
            for strict in MODES:
                out = converted(wire, source, target, shape, strict)
                if out is not None:
                    found = schema_errors(f"dialects/{target}/{shape}.json", out.value)
                    assert not found, f"{source}->{target} strict={strict}: {found[:3]}"

    prop()


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


def _named(losses: list[Any], *pointers: str | None) -> bool:
    return any(p and (loss.pointer == p or loss.pointer.startswith(p + "/")) for loss in losses for p in pointers)


@pytest.mark.parametrize("source", CONVERSATIONAL)
def test_results_stay_linked_as_the_source_linked_them(source: str) -> None:
    @PROPERTY
    @given(conversations(source).map(tag_results))
    def prop(canonical: dict[str, Any]) -> None:
        wire, error = render(source, "request", canonical)
        if error is not None:
            return refused(error, f"canonical -> {source}")
        try:
            before = links(pkg.get_dialect(source).decode_request(copy.deepcopy(wire), id_map=IdMap()))
        except Exception as exc:
            return refused(exc, f"{source} decoding its own request")
        for target in CONVERSATIONAL:
            for strict in MODES:
                out = converted(wire, source, target, "request", strict)
                if out is None:
                    continue
                try:
                    after = links(pkg.get_dialect(target).decode_request(copy.deepcopy(out.value), id_map=IdMap()))
                except Exception as exc:
                    raise AssertionError(f"{source}->{target}: the converted request does not decode: {exc}") from exc
                pair = f"{source}->{target} strict={strict}"
                for tag, (where, answered, call_at) in before[0].items():
                    if _named(out.losses, where, call_at):
                        continue
                    assert tag in after[0], f"{pair}: result {where} is gone without a loss"
                    got = after[0][tag][1]
                    assert got == answered, f"{pair}: result {where} answers {got}, not {answered}"
                # results without content, untagged: each must still answer its call, in order
                left = [link[1] for link in after[1]]
                for where, answered, call_at in before[1]:
                    if not _named(out.losses, where, call_at):
                        assert answered in left, f"{pair}: no result answers {answered} as {where} did"
                        left.remove(answered)

    prop()


# ---- streams --------------------------------------------------------------------------------


def _calls_view(assembled: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (
            c.get("name"),
            c.get("arguments"),
            c.get("raw_arguments") if c.get("arguments") is None else None,
            c.get("incomplete") is True,
            "arguments_error" in c,
        )
        for c in assembled["tool_calls"]
    ]


def relayed(events: list[Any], source: str, target: str, strict: bool) -> tuple[list[Any] | None, list[Any]]:
    """(the relayed events or None when refused, the losses reported)."""
    relay = convert_stream(copy.deepcopy(events), source=source, target=target, strict=strict)
    try:
        return list(relay), relay.losses
    except Exception as exc:
        refused(exc, f"relay {source}->{target} strict={strict}")
        return None, relay.losses


@_params(
    ("source",),
    [(d,) for d in STREAM_DIALECTS],
    {("gemini",), ("ollama",)},
    "class 5: the relay completes cut calls ({} arguments, incomplete mark dropped) or loses them",
)
def test_relay_invariant(source: str) -> None:
    @PROPERTY
    @given(streams(source))
    def prop(stream: dict[str, Any]) -> None:
        if stream["events"] is None:
            return refused(stream["error"], f"{source} emit of {stream['calls']}")
        try:
            expected = _calls_view(get_stream(source).assemble(copy.deepcopy(stream["events"])))
        except Exception as exc:
            refused(exc, f"{source} assemble")
            expected = None
        for target in STREAM_DIALECTS:
            for strict in MODES:
                out, losses = relayed(stream["events"], source, target, strict)
                pair = f"{source}->{target} strict={strict} ({'; '.join(stream['how'])})"
                if expected is None:
                    assert out is None, f"{pair}: assemble refuses the stream, the relay sent {len(out)} events"
                    continue
                if out is None:
                    assert strict, f"{pair}: the relay refused a stream assemble accepts"
                    continue
                got = _calls_view(get_stream(target).assemble(copy.deepcopy(out)))
                for k in range(max(len(expected), len(got))):
                    if _named(losses, f"/calls/{k}"):
                        continue
                    want = expected[k] if k < len(expected) else None
                    have = got[k] if k < len(got) else None
                    assert have == want, f"{pair}: call {k} assembles as {have}, the input's as {want}"

    prop()


@_params(
    ("source",),
    [(d,) for d in STREAM_DIALECTS],
    {("gemini",), ("ollama",)},
    "class 5: the relay invents a stop for a cut or empty stream (Bedrock messageStop without stopReason)",
)
def test_relayed_events_are_valid(source: str, schema_errors: Any) -> None:
    @PROPERTY
    @given(streams(source))
    def prop(stream: dict[str, Any]) -> None:
        if stream["events"] is None:
            return refused(stream["error"], f"{source} emit")
        for target in STREAM_DIALECTS:
            for strict in MODES:
                out, _ = relayed(stream["events"], source, target, strict)
                for n, event in enumerate(out or []):
                    found = schema_errors(f"dialects/{target}/stream_event.json", event)
                    assert not found, f"{source}->{target} event {n} ({'; '.join(stream['how'])}): {found[:3]}"

    prop()


# ---- TypeScript equal to Python -------------------------------------------------------------

TS_EXAMPLES = 4  # generated inputs per source dialect and kind; every one goes to every target


def _batch() -> list[dict[str, Any]]:
    """The jobs (as tests/test_typescript_parity.py runs them): each generated request and
    response to every conversational dialect, and decoded as the next dialect (a wrong-dialect
    refusal); each generated stream relayed to every stream dialect."""
    from tests.test_typescript_parity import _jobs_of

    jobs: list[dict[str, Any]] = []
    for number, source in enumerate(CONVERSATIONAL):
        wrong = CONVERSATIONAL[(number + 1) % len(CONVERSATIONAL)]
        for shape in SHAPES:
            for n, canonical in enumerate(examples(canonical_of(shape, source), TS_EXAMPLES)):
                wire, error = render(source, shape, canonical)
                if error is None:
                    jobs += _jobs_of(f"hypothesis {shape}#{n}", wire, source, shape)
                    jobs += [{**jobs[-1], "id": f"hypothesis {shape}#{n} as {wrong}", "source": wrong}]
    for source in STREAM_DIALECTS:
        for n, stream in enumerate(examples(streams(source), TS_EXAMPLES)):
            if stream["events"] is not None:
                jobs += _jobs_of(f"hypothesis stream#{n}", stream["events"], source, "stream")
    return jobs


def test_typescript_equals_python() -> None:
    from tests.test_typescript_json import node_or_skip, ts_dist
    from tests.test_typescript_parity import _DRIVER, _explained, _python, _reasons, _text

    node_or_skip()
    index = ts_dist() / "index.js"
    if not index.is_file():
        pytest.skip(f"{index} is not built: run `toolwire generate --target typescript`")
    jobs = _batch()
    assert len({job["id"] for job in jobs}) == len(jobs) > 500
    answers = run_node_lines(_DRIVER, jobs, str(index))  # one node process for the whole batch
    differences: list[str] = []
    for job, answer in zip(jobs, answers, strict=True):
        for mode in ("plain", "strict"):
            python = json.loads(json.dumps(_python(job, strict=mode == "strict")))
            for part in ("error", "losses", "value"):
                mine, theirs = python[part], answer[mode][part]
                if _text(mine) == _text(theirs) or (_reasons(job, python) and _explained(mine, theirs)):
                    continue  # equal, or a difference a documented JavaScript limit explains
                differences.append(f"{job['id']} {mode} {part}:\n  Python:     {_text(mine)[:400]}")
                differences[-1] += f"\n  TypeScript: {_text(theirs)[:400]}"
    assert not differences, f"{len(differences)} differences; the first:\n" + "\n".join(differences[:6])
