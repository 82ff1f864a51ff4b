"""Documents across dialects (issue #25, points 3 and 4): an Anthropic document block, a Bedrock
document, a Gemini inlineData/fileData of a non-image media type, a Chat file part and a
Responses input_file are one canonical document part (media type and base64 data, a URL, or
plain text; a name). Each ordered pair carries it where the target can, and reports what it
cannot (a URL into Bedrock or Chat, a name into Gemini, text into Chat): never a download, never
silent. Bedrock's s3Location sources and guardContent stay exact within their dialect and are
losses elsewhere; citations (Anthropic's, Bedrock's citationsContent) are canonical, carried
between the two and losses elsewhere (tests/test_citations.py). TypeScript converts each case as
Python does."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects import DecodeError, convert, decoder

PDF = "JVBERi0xLjQK"  # "%PDF-1.4\n"
DATA_URL = "data:application/pdf;base64," + PDF
DIALECTS = ("anthropic_messages", "bedrock_converse", "gemini", "openai_chat", "openai_responses")
ASK = "Summarise the document."


def _request(dialect: str, blocks: list[Any]) -> dict[str, Any]:
    """A request of one user turn: the blocks, then a question."""
    if dialect == "anthropic_messages":
        return {
            "model": "m",
            "max_tokens": 64,
            "messages": [{"role": "user", "content": [*blocks, {"type": "text", "text": ASK}]}],
        }
    if dialect == "bedrock_converse":
        return {"modelId": "m", "messages": [{"role": "user", "content": [*blocks, {"text": ASK}]}]}
    if dialect == "gemini":
        return {"contents": [{"role": "user", "parts": [*blocks, {"text": ASK}]}]}
    if dialect == "openai_chat":
        return {"model": "m", "messages": [{"role": "user", "content": [*blocks, {"type": "text", "text": ASK}]}]}
    return {"model": "m", "input": [{"role": "user", "content": [*blocks, {"type": "input_text", "text": ASK}]}]}


# one PDF, inline, with a name where the dialect has one
INLINE_PDF = {
    "anthropic_messages": {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
        "title": "Report",
    },
    "bedrock_converse": {"document": {"format": "pdf", "name": "Report", "source": {"bytes": PDF}}},
    "gemini": {"inlineData": {"mimeType": "application/pdf", "data": PDF}},
    "openai_chat": {"type": "file", "file": {"file_data": DATA_URL, "filename": "Report"}},
    "openai_responses": {"type": "input_file", "file_data": DATA_URL, "filename": "Report"},
}
CANONICAL_PDF = {"type": "document", "media_type": "application/pdf", "data": PDF, "name": "Report"}


def _convert(wire: Any, source: str, target: str, **options: Any) -> Any:
    return convert(copy.deepcopy(wire), source=source, target=target, shape="request", model="m", **options)


def _codes(encoded: Any) -> list[tuple[str, str]]:
    """The losses, but the max_tokens Anthropic requires (its default is another test's)."""
    return [(loss.code, loss.pointer) for loss in encoded.losses if loss.pointer != "/settings/max_tokens"]


def _first_part(wire: Any, dialect: str) -> dict[str, Any]:
    part: dict[str, Any] = decoder(dialect, "request")(copy.deepcopy(wire))["messages"][0]["parts"][0]
    return part


@pytest.mark.parametrize("source", DIALECTS)
def test_each_source_decodes_its_pdf_as_one_document_part(source: str) -> None:
    expected = {k: v for k, v in CANONICAL_PDF.items() if source != "gemini" or k != "name"}
    assert _first_part(_request(source, [INLINE_PDF[source]]), source) == expected


@pytest.mark.parametrize("target", DIALECTS)
@pytest.mark.parametrize("source", DIALECTS)
def test_an_inline_pdf_reaches_every_target_and_only_gemini_loses_its_name(source: str, target: str) -> None:
    encoded = _convert(_request(source, [INLINE_PDF[source]]), source, target)
    named = source != "gemini"
    if target == "gemini" and named:
        assert _codes(encoded) == [("part.field_dropped", "/messages/0/parts/0/name")]
    else:
        assert _codes(encoded) == []
    got = _first_part(encoded.value, target)
    want = dict(CANONICAL_PDF)
    if target == "gemini" or not named:
        del want["name"]
    if target == "bedrock_converse" and not named:
        want["name"] = "document"  # Bedrock requires a name: its default is written
    assert got == want


def test_within_one_dialect_a_document_block_is_sent_back_as_it_came() -> None:
    for dialect, block in INLINE_PDF.items():
        sent = _convert(_request(dialect, [block]), dialect, dialect).value
        turns = sent["contents" if dialect == "gemini" else "input" if dialect == "openai_responses" else "messages"]
        assert turns[0]["parts" if dialect == "gemini" else "content"][0] == block, dialect


# a document given by URL: no target downloads it; one that takes no URL reports it
URL = "https://example.com/report.pdf"
URL_SOURCES = {
    "anthropic_messages": {"type": "document", "source": {"type": "url", "url": URL}},
    "gemini": {"fileData": {"mimeType": "application/pdf", "fileUri": URL}},
    "openai_responses": {"type": "input_file", "file_url": URL},
}


@pytest.mark.parametrize("target", DIALECTS)
@pytest.mark.parametrize("source", sorted(URL_SOURCES))
def test_a_document_url_is_carried_as_a_url_or_reported_never_fetched(source: str, target: str) -> None:
    encoded = _convert(_request(source, [URL_SOURCES[source]]), source, target)
    typed = source == "gemini"  # only Gemini's fileData says the media type
    carried = target in ("anthropic_messages", "openai_responses") or (
        target == "gemini" and (typed or source == target)
    )
    if not carried:
        assert _codes(encoded) == [("part.unsupported", "/messages/0/parts/0")]
        assert URL not in json.dumps(encoded.value)
        return
    dropped = [("part.field_dropped", "/messages/0/parts/0/media_type")] if typed and target != "gemini" else []
    assert _codes(encoded) == dropped
    got = _first_part(encoded.value, target)
    assert got == {"type": "document", "url": URL, **({"media_type": "application/pdf"} if target == "gemini" else {})}


# a plain-text document: Anthropic's text source and Bedrock's text source carry it
TEXT_SOURCES = {
    "anthropic_messages": {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "The text."},
    },
    "bedrock_converse": {"document": {"format": "txt", "name": "document", "source": {"text": "The text."}}},
}


@pytest.mark.parametrize("target", DIALECTS)
@pytest.mark.parametrize("source", sorted(TEXT_SOURCES))
def test_a_text_document_goes_where_a_text_source_exists_else_is_reported(source: str, target: str) -> None:
    encoded = _convert(_request(source, [TEXT_SOURCES[source]]), source, target)
    if target in TEXT_SOURCES:
        got = _first_part(encoded.value, target)
        assert got["type"] == "document" and got["text"] == "The text."
        assert _codes(encoded) == []
    else:
        assert _codes(encoded) == [("part.unsupported", "/messages/0/parts/0")]
        assert "The text." not in json.dumps(encoded.value)


# blocks no other dialect has: exact in their own, a loss elsewhere
OWN_BLOCKS = {
    "bedrock_converse": [
        {"document": {"format": "pdf", "name": "Report", "source": {"s3Location": {"uri": "s3://bucket/report.pdf"}}}},
        {
            "image": {
                "format": "png",
                "source": {"s3Location": {"uri": "s3://bucket/a.png", "bucketOwner": "111122223333"}},
            }
        },
        {"video": {"format": "mp4", "source": {"s3Location": {"uri": "s3://bucket/a.mp4"}}}},
        {"guardContent": {"text": {"text": "Guard this.", "qualifiers": ["guard_content"]}}},
    ],
    "openai_chat": [{"type": "file", "file": {"file_id": "file-abc123"}}],
    "openai_responses": [{"type": "input_file", "file_id": "file-abc123"}],
}


@pytest.mark.parametrize("target", DIALECTS)
@pytest.mark.parametrize("source", sorted(OWN_BLOCKS))
def test_s3_sources_guard_content_and_file_ids_stay_in_their_dialect(source: str, target: str) -> None:
    blocks = OWN_BLOCKS[source]
    wire = _request(source, blocks)
    encoded = _convert(wire, source, target)
    if target == source:
        assert _codes(encoded) == [] and encoded.value == wire
        return
    lost = [("part.unsupported", f"/messages/0/parts/{i}") for i in range(len(blocks))]
    assert _codes(encoded) == lost
    assert "s3://" not in json.dumps(encoded.value) and "file-abc123" not in json.dumps(encoded.value)


def test_citations_are_exact_within_anthropic_carried_into_bedrock_and_a_named_loss_elsewhere() -> None:
    cited = {
        "type": "text",
        "text": "Paris.",
        "citations": [
            {
                "type": "char_location",
                "cited_text": "Paris",
                "document_index": 0,
                "document_title": None,
                "start_char_index": 0,
                "end_char_index": 5,
            }
        ],
    }
    doc = dict(INLINE_PDF["anthropic_messages"], citations={"enabled": True})
    wire = {
        "model": "m",
        "max_tokens": 64,
        "messages": [{"role": "user", "content": [doc]}, {"role": "assistant", "content": [cited]}],
    }
    assert _convert(wire, "anthropic_messages", "anthropic_messages").value == wire
    assert _codes(_convert(wire, "anthropic_messages", "bedrock_converse")) == []
    for target in DIALECTS[2:]:
        codes = _codes(_convert(wire, "anthropic_messages", target))
        pointers = [p for code, p in codes if code == "part.field_dropped" and p.endswith("/citations")]
        assert pointers == ["/messages/0/parts/0/citations", "/messages/1/parts/0/citations"], target


def test_a_bedrock_citation_without_a_location_is_exact_within_bedrock_and_a_loss_elsewhere() -> None:
    block = {
        "citationsContent": {
            "content": [{"text": "Paris."}],
            "citations": [{"title": "Report", "sourceContent": [{"text": "Paris"}]}],
        }
    }
    wire = {
        "modelId": "m",
        "messages": [
            {"role": "user", "content": [INLINE_PDF["bedrock_converse"]]},
            {"role": "assistant", "content": [block]},
        ],
    }
    assert _convert(wire, "bedrock_converse", "bedrock_converse").value == wire
    lost = ("part.field_dropped", "/messages/1/parts/0/citations/0")  # no kind the target spells: kept whole
    assert lost in _codes(_convert(wire, "bedrock_converse", "anthropic_messages"))
    for target in ("gemini", "openai_chat", "openai_responses"):
        assert ("part.field_dropped", "/messages/1/parts/0/citations") in _codes(
            _convert(wire, "bedrock_converse", target)
        ), target


def test_a_gemini_image_stays_an_image_and_a_pdf_is_no_image() -> None:
    png = {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}
    wire = _request("gemini", [png, INLINE_PDF["gemini"]])
    parts = decoder("gemini", "request")(copy.deepcopy(wire))["messages"][0]["parts"]
    assert [p["type"] for p in parts] == ["image", "document", "text"]
    into = _convert(wire, "gemini", "anthropic_messages").value["messages"][0]["content"]
    assert [(b["type"], b["source"]["media_type"]) for b in into[:2]] == [
        ("image", "image/png"),
        ("document", "application/pdf"),
    ]


def test_a_media_type_bedrock_has_no_format_for_is_reported() -> None:
    zipped = {"type": "document", "source": {"type": "base64", "media_type": "application/zip", "data": PDF}}
    encoded = _convert(_request("anthropic_messages", [zipped]), "anthropic_messages", "bedrock_converse")
    assert _codes(encoded) == [("part.unsupported", "/messages/0/parts/0")]


@pytest.mark.parametrize(
    ("dialect", "block", "pointer"),
    [
        ("openai_chat", {"type": "file", "file": {"file_data": URL}}, "/messages/0/content/0/file/file_data"),
        ("openai_responses", {"type": "input_file", "file_data": "JVBERi0="}, "/input/0/content/0/file_data"),
    ],
)
def test_file_data_that_is_no_data_url_is_refused_at_its_pointer(dialect: str, block: Any, pointer: str) -> None:
    with pytest.raises(DecodeError) as refused:
        _convert(_request(dialect, [block]), dialect, "anthropic_messages")
    assert f"{pointer}: expected a data: URL, got " in str(refused.value)


# media types (issue #25): each target takes the media types its provider documents and
# reports the rest, naming the type; Anthropic takes base64 PDFs and plain text (a text source)
HI = "aMOpbGxv"  # "héllo" in UTF-8
TAKES = {
    "application/pdf": {"anthropic_messages", "bedrock_converse", "gemini", "openai_chat", "openai_responses"},
    "text/plain": {"anthropic_messages", "bedrock_converse", "gemini", "openai_responses"},
    "text/csv": {"bedrock_converse", "gemini", "openai_responses"},
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {"bedrock_converse", "openai_responses"},
    "application/zip": {"openai_responses"},
}


def _input_file(media_type: str, data: str = HI) -> dict[str, Any]:
    """A Responses input_file: Responses takes every media type, so any decodes from it."""
    return _request("openai_responses", [{"type": "input_file", "file_data": f"data:{media_type};base64,{data}"}])


@pytest.mark.parametrize("target", DIALECTS)
@pytest.mark.parametrize("media_type", sorted(TAKES))
def test_a_document_reaches_a_target_that_takes_its_media_type_else_is_reported(media_type: str, target: str) -> None:
    encoded = _convert(_input_file(media_type), "openai_responses", target)
    if target in TAKES[media_type]:
        assert _codes(encoded) == []
        got = _first_part(encoded.value, target)
        if target == "anthropic_messages" and media_type == "text/plain":
            assert got == {"type": "document", "text": "héllo"}  # a text source: the data as text
        else:
            assert (got["media_type"], got["data"]) == (media_type, HI)
        return
    lost = [loss for loss in encoded.losses if loss.pointer != "/settings/max_tokens"]
    assert (lost[0].code, lost[0].pointer) == ("part.unsupported", "/messages/0/parts/0")
    assert lost[0].what == f"a document part ({media_type}) in an user turn"
    assert HI not in json.dumps(encoded.value)


def test_a_plain_text_document_is_sent_to_anthropic_as_a_text_source() -> None:
    for source, block in (
        ("bedrock_converse", {"document": {"format": "txt", "name": "Notes", "source": {"bytes": HI}}}),
        ("gemini", {"inlineData": {"mimeType": "text/plain", "data": HI}}),
        ("openai_responses", {"type": "input_file", "file_data": "data:text/plain;base64," + HI, "filename": "Notes"}),
    ):
        encoded = _convert(_request(source, [block]), source, "anthropic_messages")
        sent = encoded.value["messages"][0]["content"][0]
        want = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "héllo"}}
        assert sent == (want if source == "gemini" else {**want, "title": "Notes"}), source
        assert _codes(encoded) == [], source


def test_plain_text_that_is_no_utf8_is_reported_not_sent_and_no_crash() -> None:
    for data in ("//4=", "aGk"):  # the bytes ff fe; base64 without its padding
        encoded = _convert(_input_file("text/plain", data), "openai_responses", "anthropic_messages")
        assert _codes(encoded) == [("part.unsupported", "/messages/0/parts/0")], data
        assert encoded.value["messages"] == [{"role": "user", "content": ASK}], data


def test_a_block_of_a_media_type_its_dialect_does_not_take_stays_a_block_of_that_dialect() -> None:
    chat_text = {"type": "file", "file": {"file_data": "data:text/plain;base64," + HI}}
    gemini_audio = {"inlineData": {"mimeType": "audio/mpeg", "data": HI}}
    anthropic_text = {"type": "document", "source": {"type": "base64", "media_type": "text/plain", "data": HI}}
    for dialect, block in (
        ("openai_chat", chat_text),
        ("gemini", gemini_audio),
        ("anthropic_messages", anthropic_text),
    ):
        wire = _request(dialect, [block])
        assert _first_part(wire, dialect) == {"type": "wire", "dialect": dialect, "value": block}
        sent = _convert(wire, dialect, dialect).value
        assert {key: sent[key] for key in wire} == wire, dialect  # Gemini's model is the option's


def _all_cases() -> list[tuple[Any, dict[str, Any]]]:
    cases: list[tuple[Any, dict[str, Any]]] = []
    for table in (INLINE_PDF, URL_SOURCES, TEXT_SOURCES, OWN_BLOCKS):
        for source, blocks in table.items():
            wire = _request(source, blocks if isinstance(blocks, list) else [blocks])
            for target in DIALECTS:
                cases.append((wire, {"source": source, "target": target, "shape": "request", "model": "m"}))
    for media_type in sorted(TAKES):
        for target in DIALECTS:
            options = {"source": "openai_responses", "target": target, "shape": "request", "model": "m"}
            cases.append((_input_file(media_type), options))
    for data in ("//4=", "aGk"):
        options = {"source": "openai_responses", "target": "anthropic_messages", "shape": "request", "model": "m"}
        cases.append((_input_file("text/plain", data), options))
    bad = _request("openai_chat", [{"type": "file", "file": {"file_data": URL}}])
    cases.append((bad, {"source": "openai_chat", "target": "gemini", "shape": "request", "model": "m"}))
    return cases


def test_typescript_converts_documents_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for wire, options in _all_cases():
        jobs.append({"wire": wire, "options": options})
        expected.append(answer(convert, wire, options, DecodeError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum(a[0] == "error" for a in answers) == 1


def test_the_conversation_view_says_what_a_document_holds_not_its_name() -> None:
    from toolwire_dialects import conversation_view

    canonical = decoder("anthropic_messages", "request")(
        _request("anthropic_messages", [INLINE_PDF["anthropic_messages"]])
    )
    assert conversation_view(canonical)[0][1][0] == ["document", "application/pdf", PDF, None, None]


# Gemini's multimodal function responses (issue #25, point 5): functionResponse.parts
PNG = "iVBORw0KGgo="
FUNCTION_RESPONSE = {
    "contents": [
        {"role": "user", "parts": [{"text": "Take a photo."}]},
        {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "camera", "args": {}}}]},
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "id": "c1",
                        "name": "camera",
                        "response": {"output": "done"},
                        "parts": [
                            {"inlineData": {"mimeType": "image/png", "data": PNG}},
                            {"fileData": {"mimeType": "image/jpeg", "fileUri": "gs://bucket/a.jpg"}},
                            {"inlineData": {"mimeType": "application/pdf", "data": PDF}},
                        ],
                    }
                }
            ],
        },
    ]
}
RESULT_IMAGES = [
    {"type": "image", "media_type": "image/png", "data": PNG},
    {"type": "image", "media_type": "image/jpeg", "url": "gs://bucket/a.jpg"},
]


def _result(wire: Any, dialect: str) -> dict[str, Any]:
    result: dict[str, Any] = decoder(dialect, "request")(copy.deepcopy(wire))["messages"][2]["parts"][0]["result"]
    return result


def test_a_gemini_function_response_s_parts_are_the_result_s_images_and_documents() -> None:
    content = _result(FUNCTION_RESPONSE, "gemini")["content"]
    assert content[:3] == [{"type": "text", "text": "done"}, *RESULT_IMAGES]
    assert content[3] == {"type": "document", "media_type": "application/pdf", "data": PDF}
    back = _convert(FUNCTION_RESPONSE, "gemini", "gemini").value["contents"][2]["parts"][0]["functionResponse"]
    assert back["parts"] == FUNCTION_RESPONSE["contents"][2]["parts"][0]["functionResponse"]["parts"]


# where each target's tool result carries an inline image, an image URL and a PDF (Bedrock:
# neither a URL nor a document without the name it requires; Chat: text only)
RESULT_CARRIES = {
    "anthropic_messages": (1, 2, 3),
    "bedrock_converse": (1,),
    "openai_chat": (),
    "openai_responses": (1, 2, 3),
}


@pytest.mark.parametrize("target", sorted(RESULT_CARRIES))
def test_function_response_images_and_documents_reach_the_targets_tool_results(target: str) -> None:
    encoded = _convert(FUNCTION_RESPONSE, "gemini", target)
    carried = RESULT_CARRIES[target]
    lost = [("part.unsupported", f"/messages/2/parts/0/result/content/{i}") for i in (1, 2, 3) if i not in carried]
    assert [c for c in _codes(encoded) if c[0] == "part.unsupported"] == lost
    content = _result(encoded.value, target)["content"]
    images = [p for p in content if p["type"] in ("image", "document")]
    pdf = {"type": "document", "media_type": "application/pdf", "data": PDF}
    want = [[*RESULT_IMAGES, pdf][i - 1] for i in carried]
    assert [{k: v for k, v in p.items() if k != "media_type" or "data" in p} for p in images] == [
        {k: v for k, v in p.items() if k != "media_type" or "data" in p} for p in want
    ]


@pytest.mark.parametrize("source", ["anthropic_messages", "openai_responses"])
def test_tool_result_images_become_function_response_parts(source: str) -> None:
    there = _convert(FUNCTION_RESPONSE, "gemini", source).value
    encoded = _convert(there, source, "gemini")
    response = encoded.value["contents"][2]["parts"][0]["functionResponse"]
    assert response["parts"][0] == {"inlineData": {"mimeType": "image/png", "data": PNG}}
    assert response["response"] == {"output": "done"}


def test_typescript_converts_function_response_parts_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    wires = [("gemini", FUNCTION_RESPONSE)]
    wires += [(t, _convert(FUNCTION_RESPONSE, "gemini", t).value) for t in sorted(RESULT_CARRIES)]
    for source, wire in wires:
        for target in DIALECTS:
            options = {"source": source, "target": target, "shape": "request", "model": "m"}
            jobs.append({"wire": wire, "options": options})
            got = convert(copy.deepcopy(wire), **options)
            expected.append([got.value, [list(loss) for loss in got.losses]])
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))


def test_media_parts_with_constants_are_refused_when_the_mapping_is_read() -> None:
    from pathlib import Path

    from toolwire.ir.shapes import shape_ir
    from toolwire.spec.loader import load_spec

    spec = load_spec(Path(__file__).resolve().parents[1] / "schemas")
    dialect = spec.dialects["gemini"]
    assert shape_ir(spec, dialect, "tool_result").variants[0].obj.fields  # as written: accepted
    content = dialect.mapping["shapes"]["tool_result"]["variants"][0]["fields"]["content"]
    content["parts"][0]["constants"] = {"/kind": "blob"}
    with pytest.raises(ValueError, match="media parts are spelled by plain fields"):
        shape_ir(spec, dialect, "tool_result")


# every key of a tool result's content part is carried or reported (issue #25, point 3): a
# spelling that writes fewer keys than the part has (an image URL's media type into Anthropic)
RESULT_PARTS = [
    {"type": "text", "text": "t"},
    {"type": "json", "value": {"a": 1}},
    {"type": "image", "media_type": "image/png", "data": PNG},
    {"type": "image", "url": "https://example.com/a.png"},
    {"type": "image", "url": "https://example.com/a.png", "media_type": "image/png"},
    {"type": "image", "url": "data:image/png;base64," + PNG},
]


def _plain(part: dict[str, Any]) -> dict[str, Any]:
    """A part with a data URL spelled as its media type and data (the same image)."""
    url = part.get("url", "")
    if part.get("type") == "image" and url.startswith("data:"):
        media_type, data = url[len("data:") :].split(";base64,")
        return {"type": "image", "media_type": media_type, "data": data}
    return part


def _result_dialects() -> list[str]:
    from toolwire_dialects import DIALECTS

    return [d for d in DIALECTS if "tool_result" in DIALECTS[d].ENCODERS]


@pytest.mark.parametrize("dialect", _result_dialects())
@pytest.mark.parametrize("part", RESULT_PARTS, ids=lambda p: "-".join(sorted(p)))
def test_every_key_of_a_result_content_part_is_carried_or_reported(dialect: str, part: dict[str, Any]) -> None:
    from toolwire_dialects import encoder

    encoded = encoder(dialect, "tool_result")(
        {"call_id": "c1", "name": "f", "content": [{"type": "text", "text": "x"}, part]}
    )
    reported = [loss.pointer for loss in encoded.losses if loss.pointer.startswith("/content")]
    back = [_plain(p) for p in decoder(dialect, "tool_result")(encoded.value)["content"]]
    want = _plain(part)
    if want not in back:  # not sent as it was: some loss must say so
        assert reported, (dialect, part, back)
    if part.get("media_type") and "url" in part and not part["url"].startswith("data:"):
        kept = any(p.get("media_type") == part["media_type"] for p in back)
        assert kept or any(p.startswith("/content/1") for p in reported), (dialect, back, reported)


# documents inside tool results (issue #25): every ordered pair, value and losses
RESULT_DIALECTS = ("anthropic_messages", "bedrock_converse", "gemini", "openai_responses", "openai_chat")
DOC_RESULT = {
    "model": "m",
    "max_tokens": 64,
    "messages": [
        {"role": "user", "content": "Find the report."},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "find", "input": {}}]},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_1",
                    "content": [{"type": "text", "text": "Found it."}, INLINE_PDF["anthropic_messages"]],
                }
            ],
        },
    ],
}


def _doc_result_wire(dialect: str) -> Any:
    """The request in each dialect: Anthropic's, converted (each carries the document but Chat)."""
    if dialect == "anthropic_messages":
        return DOC_RESULT
    return _convert(DOC_RESULT, "anthropic_messages", dialect).value


def _result_content(wire: Any, dialect: str) -> list[dict[str, Any]]:
    messages = decoder(dialect, "request")(copy.deepcopy(wire))["messages"]
    results = [p["result"] for m in messages for p in m["parts"] if p["type"] == "tool_result"]
    assert len(results) == 1
    content: list[dict[str, Any]] = results[0]["content"]
    return content


@pytest.mark.parametrize("target", RESULT_DIALECTS)
@pytest.mark.parametrize("source", RESULT_DIALECTS[:-1])
def test_a_document_in_a_tool_result_reaches_each_target_or_is_reported(source: str, target: str) -> None:
    wire = _doc_result_wire(source)
    named = source != "gemini"  # a function response part has no name
    assert _result_content(wire, source)[1] == {k: v for k, v in CANONICAL_PDF.items() if named or k != "name"}
    encoded = _convert(wire, source, target)
    at = "/messages/2/parts/0/result/content/1"
    codes = [c for c in _codes(encoded) if c[1].startswith(at)]
    if target == "openai_chat" or (target == "bedrock_converse" and not named):  # text only; a name required
        assert codes == [("part.unsupported", at)]
        assert PDF not in json.dumps(encoded.value)
        return
    assert codes == ([("part.field_dropped", at + "/name")] if target == "gemini" and named else [])
    want = {k: v for k, v in CANONICAL_PDF.items() if k != "name" or (named and target != "gemini")}
    assert _result_content(encoded.value, target)[1] == want


def test_typescript_converts_documents_in_tool_results_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, js_view, run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for source in RESULT_DIALECTS[:-1]:
        for target in RESULT_DIALECTS:
            options = {"source": source, "target": target, "shape": "request", "model": "m"}
            wire = _doc_result_wire(source)
            jobs.append({"wire": wire, "options": options})
            got = convert(copy.deepcopy(wire), **options)
            expected.append([got.value, [list(loss) for loss in got.losses]])
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))


def test_a_tool_may_return_a_document_part() -> None:
    from toolwire_dialects import registry as registry_module

    registry = registry_module.ToolRegistry()
    registry.register(lambda: registry_module.Content(dict(CANONICAL_PDF)), name="fetch")
    result = registry.call({"id": "call_1", "name": "fetch", "arguments": {}})
    assert result["is_error"] is False and result["content"] == [CANONICAL_PDF]
