"""Citations on text (issue #25, features 3 and 4): an Anthropic text block's citations and a
Bedrock citationsContent block are one canonical text part with `citations` (char, page,
block: a range of a request document), mapped kind by kind by the dialects' mappings
(`conversation.spelling.fields{}.citations`); a document's citations flag is carried both ways.
A citation of a kind with no canonical fields (Anthropic's web search result) stays exact within
its dialect and is a reported loss elsewhere, as citations are in every other dialect.
TypeScript converts each case as Python does."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects import DecodeError, LossError, convert, decoder

ATLAS = "Paris is the capital of France. It lies on the Seine."
# kind -> (Anthropic type, its start and end keys, Bedrock's location key)
KINDS = {
    "char": ("char_location", "start_char_index", "end_char_index", "documentChar"),
    "page": ("page_location", "start_page_number", "end_page_number", "documentPage"),
    "block": ("content_block_location", "start_block_index", "end_block_index", "documentChunk"),
}
WEB = {
    "type": "web_search_result_location",
    "cited_text": "Paris, capital of France",
    "url": "https://example.com/paris",
    "title": "Paris",
    "encrypted_index": "Eo8BCioIAhgBIiQ",
}


def _citation(kind: str, start: int = 3, end: int = 9, title: str | None = "Atlas") -> dict[str, Any]:
    kind_type, start_key, end_key, _location = KINDS[kind]
    return {
        "type": kind_type,
        "cited_text": "Paris is the capital of France.",
        "document_index": 0,
        "document_title": title,
        start_key: start,
        end_key: end,
    }


def _anthropic(citations: list[dict[str, Any]]) -> dict[str, Any]:
    document = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": ATLAS},
        "title": "Atlas",
        "citations": {"enabled": True},
    }
    return {
        "model": "m",
        "max_tokens": 64,
        "messages": [
            {"role": "user", "content": [document, {"type": "text", "text": "Which city?"}]},
            {"role": "assistant", "content": [{"type": "text", "text": "Paris.", "citations": citations}]},
        ],
    }


def _anthropic_response(citations: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [{"type": "text", "text": "Paris.", "citations": citations}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 2},
    }


def _bedrock_citation(location: str, start: int, end: int, **extra: Any) -> dict[str, Any]:
    return {
        "title": "Atlas",
        "sourceContent": [{"text": "Paris is the capital of France."}],
        "location": {location: {"documentIndex": 0, "start": start, "end": end}},
        **extra,
    }


def _bedrock(citations: list[dict[str, Any]]) -> dict[str, Any]:
    document = {"format": "txt", "name": "Atlas", "source": {"text": ATLAS}, "citations": {"enabled": True}}
    cited = {"citationsContent": {"content": [{"text": "Paris."}], "citations": citations}}
    return {
        "modelId": "m",
        "messages": [
            {"role": "user", "content": [{"document": document}, {"text": "Which city?"}]},
            {"role": "assistant", "content": [cited]},
        ],
    }


def _codes(encoded: Any) -> list[tuple[str, str]]:
    return [(loss.code, loss.pointer) for loss in encoded.losses]


def _convert(wire: Any, source: str, target: str, shape: str = "request", **options: Any) -> Any:
    return convert(copy.deepcopy(wire), source=source, target=target, shape=shape, **options)


def test_anthropic_to_bedrock_and_back_keeps_every_document_citation() -> None:
    wire = _anthropic([_citation("char", 0, 31), _citation("page", 1, 2, None), _citation("block", 0, 1)])
    bedrock = _convert(wire, "anthropic_messages", "bedrock_converse")
    assert _codes(bedrock) == []
    assert bedrock.value["messages"][0]["content"][0]["document"]["citations"] == {"enabled": True}
    back = _convert(bedrock.value, "bedrock_converse", "anthropic_messages")
    assert _codes(back) == []
    assert back.value["messages"] == wire["messages"]


def test_a_response_keeps_its_citations_anthropic_to_bedrock_and_back() -> None:
    wire = _anthropic_response([_citation("char", 0, 31)])
    bedrock = _convert(wire, "anthropic_messages", "bedrock_converse", "response")
    assert bedrock.value["output"]["message"]["content"] == [
        {
            "citationsContent": {
                "content": [{"text": "Paris."}],
                "citations": [_bedrock_citation("documentChar", 0, 31)],
            }
        }
    ]
    back = _convert(bedrock.value, "bedrock_converse", "anthropic_messages", "response")
    assert back.value["content"] == wire["content"]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_maps_its_range_and_document_field_by_field(kind: str) -> None:
    _type, _start, _end, location = KINDS[kind]
    canonical = decoder("anthropic_messages", "request")(_anthropic([_citation(kind, 7, 12)]))
    assert canonical["messages"][1]["parts"][0]["citations"] == [
        {
            "kind": kind,
            "cited_text": "Paris is the capital of France.",
            "document_index": 0,
            "document_title": "Atlas",
            "start": 7,
            "end": 12,
        }
    ]
    bedrock = _convert(_anthropic([_citation(kind, 7, 12)]), "anthropic_messages", "bedrock_converse")
    block = bedrock.value["messages"][1]["content"][0]["citationsContent"]
    assert block["citations"] == [_bedrock_citation(location, 7, 12)]  # the numbers as they came
    from_bedrock = decoder("bedrock_converse", "request")(_bedrock([_bedrock_citation(location, 7, 12)]))
    assert from_bedrock["messages"][1]["parts"][0]["citations"] == canonical["messages"][1]["parts"][0]["citations"]


def test_a_null_document_title_is_none_and_anthropic_writes_it_back_as_null() -> None:
    wire = _anthropic([_citation("char", title=None)])
    canonical = decoder("anthropic_messages", "request")(copy.deepcopy(wire))
    assert "document_title" not in canonical["messages"][1]["parts"][0]["citations"][0]
    bedrock = _convert(wire, "anthropic_messages", "bedrock_converse").value
    assert "title" not in bedrock["messages"][1]["content"][0]["citationsContent"]["citations"][0]
    assert _convert(bedrock, "bedrock_converse", "anthropic_messages").value["messages"][1] == wire["messages"][1]


def test_a_web_search_citation_is_exact_within_anthropic_and_a_reported_loss_into_bedrock() -> None:
    wire = _anthropic([_citation("char"), WEB])
    assert _convert(wire, "anthropic_messages", "anthropic_messages").value == wire
    canonical = decoder("anthropic_messages", "request")(copy.deepcopy(wire))
    assert canonical["messages"][1]["parts"][0]["citations"][1] == {
        "kind": "wire",
        "dialect": "anthropic_messages",
        "value": WEB,
    }
    bedrock = _convert(wire, "anthropic_messages", "bedrock_converse")
    assert _codes(bedrock) == [("part.field_dropped", "/messages/1/parts/0/citations/1")]
    assert "web_search_result_location" in bedrock.losses[0].what
    assert bedrock.value["messages"][1]["content"][0]["citationsContent"]["citations"] == [
        _bedrock_citation("documentChar", 3, 9)
    ]
    with pytest.raises(LossError):
        _convert(wire, "anthropic_messages", "bedrock_converse", strict=True)


def test_a_bedrock_citation_with_a_key_its_kind_does_not_read_is_kept_whole() -> None:
    odd = _bedrock_citation("documentChar", 0, 5, source="s3://bucket/atlas.txt")
    wire = _bedrock([odd])
    assert _convert(wire, "bedrock_converse", "bedrock_converse").value == wire
    citation = decoder("bedrock_converse", "request")(copy.deepcopy(wire))["messages"][1]["parts"][0]["citations"][0]
    assert citation == {"kind": "wire", "dialect": "bedrock_converse", "value": odd}
    codes = _codes(_convert(wire, "bedrock_converse", "anthropic_messages"))
    assert ("part.field_dropped", "/messages/1/parts/0/citations/0") in codes


@pytest.mark.parametrize("target", ["openai_chat", "openai_responses", "gemini", "cohere_v2", "mistral", "ollama"])
def test_citations_into_any_other_dialect_are_a_reported_loss(target: str) -> None:
    encoded = _convert(_anthropic([_citation("char")]), "anthropic_messages", target)
    codes = _codes(encoded)
    assert ("part.field_dropped", "/messages/1/parts/0/citations") in codes
    assert "Which city?" in json.dumps(encoded.value) and "Paris." in json.dumps(encoded.value)
    response = _convert(_anthropic_response([_citation("char")]), "anthropic_messages", target, "response")
    assert ("part.field_dropped", "/message/parts/0/citations") in _codes(response)
    assert "citation" not in json.dumps(response.value)


@pytest.mark.parametrize(
    ("source", "wire", "pointer"),
    [
        (
            "anthropic_messages",
            _anthropic([dict(_citation("char"), start_char_index="3")]),
            "/messages/1/content/0/citations/0/start_char_index",
        ),
        (
            "anthropic_messages",
            _anthropic([dict(_citation("page"), cited_text=7)]),
            "/messages/1/content/0/citations/0/cited_text",
        ),
        ("anthropic_messages", _anthropic([{"type": "char_location"}, "x"]), "/messages/1/content/0/citations/1"),
        (
            "bedrock_converse",
            _bedrock([{"location": {"documentPage": {"documentIndex": 0, "start": 1.5}}}]),
            "/messages/1/content/0/citationsContent/citations/0/location/documentPage/start",
        ),
    ],
)
def test_a_wrong_typed_citation_field_is_refused_at_its_pointer(source: str, wire: Any, pointer: str) -> None:
    with pytest.raises(DecodeError) as raised:
        decoder(source, "request")(copy.deepcopy(wire))
    assert raised.value.pointer == pointer


def test_the_document_citations_flag_goes_both_ways() -> None:
    for enabled in (True, False):
        wire = _bedrock([_bedrock_citation("documentChar", 0, 5)])
        wire["messages"][0]["content"][0]["document"]["citations"] = {"enabled": enabled}
        anthropic = _convert(wire, "bedrock_converse", "anthropic_messages").value
        assert anthropic["messages"][0]["content"][0]["citations"] == {"enabled": enabled}
        back = _convert(anthropic, "anthropic_messages", "bedrock_converse").value
        assert back["messages"][0]["content"][0]["document"]["citations"] == {"enabled": enabled}


def _cases() -> list[tuple[Any, dict[str, Any]]]:
    cases: list[tuple[Any, dict[str, Any]]] = []
    requests = [
        ("anthropic_messages", _anthropic([_citation("char"), _citation("page", 1, 2, None), WEB])),
        ("anthropic_messages", _anthropic([dict(_citation("char"), end_char_index="9")])),
        ("bedrock_converse", _bedrock([_bedrock_citation("documentChunk", 0, 2), {"location": {"web": {}}}])),
    ]
    for source, wire in requests:
        for target in ("anthropic_messages", "bedrock_converse", "openai_chat", "gemini"):
            cases.append((wire, {"source": source, "target": target, "shape": "request", "model": "m"}))
    response = _anthropic_response([_citation("block"), WEB])
    for target in ("anthropic_messages", "bedrock_converse", "openai_responses"):
        cases.append((response, {"source": "anthropic_messages", "target": target, "shape": "response"}))
    return cases


def test_typescript_converts_citations_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for wire, options in _cases():
        jobs.append({"wire": wire, "options": options})
        expected.append(answer(convert, wire, options, DecodeError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum(a[0] == "error" for a in answers) == 4  # the wrong-typed end_char_index, into each target


# Streams: Anthropic's citations_delta and Bedrock's delta citation are read (canonical
# citation_delta events) but not relayed yet: one loss for the stream, never silent, and the
# stream around them relayed as before.
CITED = "the citations of the stream's text (not relayed)"
ANTHROPIC_STREAM = [
    {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "m",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 1},
        },
    },
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "", "citations": []}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": _citation("char")}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Paris"}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": WEB}},
    {"type": "content_block_stop", "index": 0},
    {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": 5},
    },
    {"type": "message_stop"},
]
BEDROCK_STREAM = [
    {"messageStart": {"role": "assistant"}},
    {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"text": "Paris"}}},
    {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"citation": _bedrock_citation("documentChar", 0, 5)}}},
    {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"citation": _bedrock_citation("documentPage", 1, 1)}}},
    {"contentBlockStop": {"contentBlockIndex": 0}},
    {"messageStop": {"stopReason": "end_turn"}},
    {"metadata": {"usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}, "metrics": {"latencyMs": 1}}},
]
RELAYS = [
    ("anthropic_messages", ANTHROPIC_STREAM, target)
    for target in ("anthropic_messages", "bedrock_converse", "openai_chat", "openai_responses")
] + [("bedrock_converse", BEDROCK_STREAM, target) for target in ("anthropic_messages", "bedrock_converse", "gemini")]


def _relay(source: str, events: list[Any], target: str) -> tuple[list[Any], list[Any]]:
    from toolwire_dialects.streams import convert_stream

    relay = convert_stream(copy.deepcopy(events), source=source, target=target)
    out = list(relay)
    return out, [[loss.code, loss.pointer, loss.what] for loss in relay.losses]


@pytest.mark.parametrize(("source", "events", "target"), RELAYS)
def test_a_streams_citations_are_one_reported_loss_and_its_text_is_relayed(
    source: str, events: list[Any], target: str
) -> None:
    out, losses = _relay(source, events, target)
    assert [loss for loss in losses if loss[0] == "part.field_dropped"] == [["part.field_dropped", "/citations", CITED]]
    assert "Paris" in json.dumps(out)


def test_a_streams_citations_are_read_as_they_came() -> None:
    from toolwire_dialects.streams import convert_stream

    relay = convert_stream([], source="anthropic_messages", target="openai_chat")
    read = [e for e in relay.canonical(copy.deepcopy(ANTHROPIC_STREAM)) if e["type"] == "citation_delta"]
    assert read == [
        {"type": "citation_delta", "dialect": "anthropic_messages", "value": _citation("char")},
        {"type": "citation_delta", "dialect": "anthropic_messages", "value": WEB},
    ]


def test_typescript_relays_a_cited_stream_as_python_does() -> None:
    from tests.test_typescript_json import STREAM_DRIVER, js_view, run_node, ts_dist

    jobs = [{"events": events, "source": source, "target": target} for source, events, target in RELAYS]
    expected = [list(_relay(source, events, target)) for source, events, target in RELAYS]
    answers = run_node(STREAM_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
