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

"Wrong-dialect input" is another dialect's payload (or stream) that the named dialect's own
wire schema rejects: a payload both schemas allow (a plain OpenAI Chat history is a valid
Mistral one) is not wrong for either. The canonical values are rendered into each source's wire
form by the package's own encoders and emitters, and that rendering must be valid (or refused)
too. Seeded (derandomize) and bounded: TOOLWIRE_HOSTILE_EXAMPLES (default 20) examples per
property and source; failures are not shrunk unless TOOLWIRE_HOSTILE_SHRINK=1 (minutes per
failing property, for reading the minimal example). Hypothesis keeps no example database
(database=None), so a run's verdict never depends on an earlier one.
"""

from __future__ import annotations

import copy
import json
import os
import re
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
    links,
    render,
    responses,
    run_node_lines,
    schema_checker,
    streams,
    tag_results,
)

import toolwire_dialects as pkg  # isort: skip  (tests/conftest.py puts generated/python first)
from toolwire_dialects import ConversionError, DecodeError, IdMap, LossError  # isort: skip
from toolwire_dialects.streams import STREAMS, StreamError, convert_stream, get_stream  # isort: skip

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
_POINTED = re.compile(r"^(line \d+: )?\w+/\w+: /\S*: \S")  # dialect/shape: /pointer: message ("/": the root)


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


@pytest.mark.parametrize(("source", "shape"), CONVERSIONS, ids="-".join)
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
                read = decode(copy.deepcopy(wire), id_map=IdMap())
            except DecodeError as exc:  # dialect/shape: /pointer: message (shape may be a part's)
                assert _POINTED.match(str(exc)) and str(exc).startswith(f"{other}/"), f"no pointer: {exc}"
                continue
            except Exception as exc:
                refused(exc, f"{source} payload decoded as {other}")
                raise AssertionError(f"{source} {shape} decoded as {other}: not a DecodeError: {exc!r}") from None
            # Dialects that share a wire (a plain Chat request is a Mistral request whose ids
            # Mistral's API would refuse) may read each other's payloads, but only as the
            # conversation it is: never empty or otherwise read.
            own = getattr(pkg.get_dialect(source), f"decode_{shape}")(copy.deepcopy(wire), id_map=IdMap())
            assert _said(pkg.conversation_view(read, shape)) == _said(pkg.conversation_view(own, shape)), (
                f"{other} decode_{shape} read a {source} {shape} otherwise: {json.dumps(wire)[:600]}"
            )

    prop()


def _said(view: list[Any]) -> list[Any]:
    """A conversation view without its empty texts: `content: ""` is a turn with no parts in
    a dialect whose layout writes an empty turn so (`empty: string`, Mistral), one empty text
    in the others (Chat, Cohere); both say nothing, so a shared wire reads it either way."""
    return [
        [kind, [p for p in said if p != ["text", ""]]] if type(said) is list else [kind, said] for kind, said in view
    ]


@pytest.mark.parametrize(("source", "shape"), CONVERSIONS, ids=[f"{s}-{h}" for s, h in CONVERSIONS])
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


def relayed(events: list[Any], source: str, target: str, strict: bool) -> tuple[list[Any] | None, Any]:
    """(the relayed events, the losses reported), or (None, the refusal)."""
    relay = convert_stream(copy.deepcopy(events), source=source, target=target, strict=strict)
    try:
        return list(relay), relay.losses
    except Exception as exc:
        refused(exc, f"relay {source}->{target} strict={strict}")
        return None, exc


@pytest.mark.parametrize("source", STREAM_DIALECTS)
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
                if not stream["events"]:  # nothing to relay: a reply would be made up
                    assert out is None and isinstance(losses, StreamError), f"{pair}: relayed an empty stream"
                    continue
                if expected is None:
                    assert out is None, f"{pair}: assemble refuses the stream, the relay sent {len(out)} events"
                    continue
                if out is None:  # only strict mode may refuse what assemble accepts, for a loss
                    assert strict and isinstance(losses, LossError), (
                        f"{pair}: refused a stream assemble accepts: {losses}"
                    )
                    continue
                got = _calls_view(get_stream(target).assemble(copy.deepcopy(out)))
                for k in range(max(len(expected), len(got))):
                    if _named(losses, f"/calls/{k}"):
                        continue
                    want = expected[k] if k < len(expected) else None
                    have = got[k] if k < len(got) else None
                    assert have == want, f"{pair}: call {k} assembles as {have}, the input's as {want}"

    prop()


@pytest.mark.parametrize("source", STREAM_DIALECTS)
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


@pytest.mark.parametrize("source", STREAM_DIALECTS)
def test_wrong_dialect_stream_is_refused_with_a_pointer(source: str, schema_errors: Any) -> None:
    @PROPERTY
    @given(streams(source))
    def prop(stream: dict[str, Any]) -> None:
        events = stream["events"] or []
        try:
            own = _calls_view(get_stream(source).assemble(copy.deepcopy(events)))
        except ConversionError:
            own = None
        for other in STREAM_DIALECTS:
            if other == source or not any(schema_errors(f"dialects/{other}/stream_event.json", e) for e in events):
                continue  # events the other dialect's schema allows are not wrong for it

            def relay(d: str = other) -> tuple[list[Any], list[Any]]:
                out = convert_stream(copy.deepcopy(events), source=d, target=source)
                relayed = list(out)  # the relay back into the source's own form, read by its assemble
                return _calls_view(get_stream(source).assemble(relayed)), list(out.losses)

            for what, run in (
                ("assemble", lambda d=other: (_calls_view(get_stream(d).assemble(copy.deepcopy(events))), [])),
                ("relay", relay),
            ):
                try:
                    calls, losses = run()
                except DecodeError as exc:
                    assert _POINTED.match(str(exc)) and str(exc).startswith(f"{other}/"), f"no pointer: {exc}"
                    continue
                except Exception as exc:
                    refused(exc, f"{source} stream read as {other} by {what}")
                    raise AssertionError(f"{what} as {other}: not a DecodeError: {exc!r}") from None
                # Dialects that share a wire (Chat's chunks are Mistral's, whose ids Mistral's API
                # would refuse) may read each other's streams, but only as the calls they are.
                assert own is not None, f"{other} {what} accepted a {source} stream its own assemble refuses"
                kept = [c for k, c in enumerate(calls) if not _named(losses, f"/calls/{k}")]
                want = [c for k, c in enumerate(own) if not _named(losses, f"/calls/{k}")]
                assert kept == want, f"{other} {what} read a {source} stream otherwise: {json.dumps(events)[:600]}"

    prop()


# ---- TypeScript equal to Python -------------------------------------------------------------

TS_EXAMPLES = 6  # generated inputs per source dialect and kind; every one goes to every target


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
