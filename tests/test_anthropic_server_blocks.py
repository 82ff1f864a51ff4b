"""Anthropic tool fields and server tool blocks (issue #25 point 3): a request, response or
stream with server tools, tool search, programmatic calls (`caller`), the beta tool fields and
signature-only thinking round-trips within the dialect; converted elsewhere, what maps maps
(`strict`; `defer_loading`, which Responses has with the same meaning) and everything else is
a loss naming its pointer. A relay never turns a server tool block into a client call, and
reports each server block and result it leaves out. Python and TypeScript alike."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, IdMap, convert
from toolwire_dialects.streams import convert_stream

from toolwire.validation.engine import validate_record

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "schemas" / "vectors" / "anthropic_messages"
SOURCE = "anthropic_messages"
ELSEWHERE = ["openai_chat", "openai_responses", "bedrock_converse", "gemini", "mistral", "cohere_v2", "ollama"]
STREAMING = ["anthropic_messages", "openai_chat", "openai_responses"]


def _case(shape: str, starts: str) -> dict[str, Any]:
    cases = json.loads((VECTORS / f"{shape}.json").read_text(encoding="utf-8"))
    found = [c for c in cases.get("valid", cases.get("cases", [])) if c["description"].startswith(starts)]
    assert len(found) == 1, starts
    return found[0]


REQUEST = _case("conversation", "server tools, tool search, a programmatic call")["wire"]
RESPONSE = _case("conversation", "a response with web fetch, tool search")["wire"]
STREAM = _case("stream", "each server tool result block is left out")["events"]
SERVER_BLOCKS = [
    "web_search_tool_result",
    "web_fetch_tool_result",
    "tool_search_tool_result",
    "text_editor_code_execution_tool_result",
    "code_execution_tool_result",
]


def _losses(encoded: Any) -> list[tuple[str, str]]:
    return [(loss.code, loss.pointer) for loss in encoded.losses]


@pytest.mark.parametrize(("wire", "shape"), [(REQUEST, "request"), (RESPONSE, "response")])
def test_the_dialect_round_trips_every_block_and_field_exactly(wire: dict[str, Any], shape: str) -> None:
    dialect = DIALECTS[SOURCE]
    canonical = getattr(dialect, f"decode_{shape}")(copy.deepcopy(wire), id_map=IdMap())
    encoded = getattr(dialect, f"encode_{shape}")(canonical, id_map=IdMap())
    assert encoded.losses == []
    assert encoded.value == wire


@pytest.mark.parametrize("target", ELSEWHERE)
def test_a_request_elsewhere_reports_each_server_block_field_and_hosted_tool(target: str) -> None:
    encoded = convert(copy.deepcopy(REQUEST), source=SOURCE, target=target, shape="request")
    losses = _losses(encoded)
    # the server_tool_use and its web_search_tool_result: no canonical kind, never a client call
    assert ("part.unsupported", "/messages/1/parts/1") in losses
    assert ("part.unsupported", "/messages/1/parts/2") in losses
    assert (
        "extension.field_dropped",
        "/messages/1/parts/3/call/extensions/anthropic_messages/fields/~1caller",
    ) in losses
    for field in ("allowed_callers", "eager_input_streaming", "input_examples"):
        assert ("extension.field_dropped", f"/tools/0/extensions/anthropic_messages/fields/~1{field}") in losses
    for i in range(3):  # web search, the tool search tool, code execution: hosted tools
        assert ("extension.field_dropped", f"/extensions/anthropic_messages/fields/~1tools~1{i}") in losses
    text = json.dumps(encoded.value)
    assert "srvtoolu_01" not in text  # no orphan result, no server call as a client call
    assert "toolu_01" in text or target == "mistral"  # the client call keeps its id (Mistral: rewritten)
    deferred = ("field.dropped", "/tools/0/defer_loading") in losses
    assert deferred == (target != "openai_responses")


def test_defer_loading_maps_to_responses_and_back() -> None:
    there = convert(copy.deepcopy(REQUEST), source=SOURCE, target="openai_responses", shape="request")
    tool = next(t for t in there.value["tools"] if t.get("name") == "get_weather")
    assert tool["defer_loading"] is True
    assert tool["strict"] is True
    back = convert(there.value, source="openai_responses", target=SOURCE, shape="request")
    assert back.value["tools"][0]["defer_loading"] is True
    assert back.value["tools"][0]["strict"] is True


@pytest.mark.parametrize(("target", "pointer"), [("bedrock_converse", "/toolConfig/tools/0/toolSpec/strict")])
def test_strict_maps_where_the_target_has_it(target: str, pointer: str) -> None:
    encoded = convert(copy.deepcopy(REQUEST), source=SOURCE, target=target, shape="request")
    node: Any = encoded.value
    for token in pointer.split("/")[1:]:
        node = node[int(token)] if isinstance(node, list) else node[token]
    assert node is True
    assert not any(loss.code == "tool.strict_dropped" for loss in encoded.losses)


def test_strict_into_chat_needs_a_strict_schema() -> None:
    """Chat keeps strict for a schema strict mode accepts; for another it reports the drop."""
    wire = copy.deepcopy(REQUEST)
    loose = convert(copy.deepcopy(wire), source=SOURCE, target="openai_chat", shape="request")
    assert ("tool.strict_dropped", "/tools/0/strict") in _losses(loose)
    schema = wire["tools"][3]["input_schema"]
    schema.update({"additionalProperties": False, "required": ["city"]})
    tight = convert(wire, source=SOURCE, target="openai_chat", shape="request")
    assert tight.value["tools"][0]["function"]["strict"] is True
    assert ("tool.strict_dropped", "/tools/0/strict") not in _losses(tight)


@pytest.mark.parametrize("target", ELSEWHERE)
def test_a_response_elsewhere_keeps_only_the_client_call(target: str) -> None:
    encoded = convert(copy.deepcopy(RESPONSE), source=SOURCE, target=target, shape="response")
    unsupported = [(loss.pointer, loss.what) for loss in encoded.losses if loss.code == "part.unsupported"]
    assert [pointer for pointer, _what in unsupported] == [f"/message/parts/{i}" for i in range(1, 9)]
    for (_pointer, what), block in zip(unsupported, RESPONSE["content"][1:9], strict=True):
        # the loss names the block's type: a server tool call is not any block
        assert what == f"an anthropic_messages block the canonical model has no kind for ({block['type']})"
    back = convert(encoded.value, source=target, target=SOURCE, shape="response", id_map=IdMap())
    calls = [b for b in back.value["content"] if b["type"] == "tool_use"]
    assert [c["name"] for c in calls] == ["get_weather"]
    assert not [b for b in back.value["content"] if b["type"] != "tool_use" and "tool_use_id" in b]


def _relay(target: str) -> tuple[list[Any], list[tuple[str, str, str]]]:
    relay = convert_stream(copy.deepcopy(STREAM), source=SOURCE, target=target)
    events = list(relay)
    return events, [(loss.code, loss.pointer, loss.what) for loss in relay.losses]


@pytest.mark.parametrize("target", STREAMING)
def test_a_relay_reports_each_server_block_and_result_it_leaves_out(target: str) -> None:
    events, losses = _relay(target)
    told = [what for code, _pointer, what in losses if code == "part.unsupported"]
    assert len(told) == 1 + len(SERVER_BLOCKS), told
    assert "'web_search' (id srvtoolu_01)" in told[0]
    for block, what in zip(SERVER_BLOCKS, told[1:], strict=True):
        assert what.startswith(f"'{block}' (id srvtoolu_0"), what
    # no server tool reaches the target as a client call; the client call's caller (the code
    # execution that made it) is carried within Anthropic only, a loss elsewhere (tests/test_caller.py)
    callers = [e["content_block"].pop("caller", None) for e in events if "content_block" in e]
    assert any(callers) == (target == SOURCE)
    text = json.dumps(events)
    assert "srvtoolu" not in text
    assert "toolu_01" in text and "get_weather" in text


def test_a_relay_keeps_a_signature_only_thinking_block() -> None:
    events, _losses = _relay(SOURCE)
    thinking = [e for e in events if e.get("content_block", {}).get("type") == "thinking"]
    signed = [e for e in events if e.get("delta", {}).get("type") == "signature_delta"]
    assert len(thinking) == 1 and thinking[0]["content_block"]["thinking"] == ""
    assert [e["delta"]["signature"] for e in signed] == ["EqQBCkYIARgC"]


def _assistant(block: dict[str, Any]) -> dict[str, Any]:
    turns = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": [block]}]
    return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": turns}


@pytest.mark.parametrize(
    ("block", "missing"),
    [
        ({"type": "server_tool_use", "name": "web_search", "input": {}}, "id"),
        ({"type": "server_tool_use", "id": "srvtoolu_01", "input": {}}, "name"),
        ({"type": "web_search_tool_result", "content": []}, "tool_use_id"),
        ({"type": "code_execution_tool_result", "tool_use_id": "srvtoolu_01"}, "content"),
        ({"type": "tool_search_tool_result", "content": {}}, "tool_use_id"),
        ({"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "list_issues", "input": {}}, "server_name"),
        ({"type": "mcp_tool_result", "content": "[]"}, "tool_use_id"),
    ],
)
def test_validate_reports_a_server_block_without_a_required_field(block: dict[str, Any], missing: str) -> None:
    result = validate_record(json.dumps(_assistant(block)), schemas=ROOT / "schemas", dialect=SOURCE, shape="request")
    assert result.status == "invalid", result
    assert any(e.keyword == "required" and missing in e.message for e in result.errors), result.errors
    assert all(e.pointer.startswith("/messages/1/content/0") for e in result.errors), result.errors


def test_validate_accepts_the_vectors() -> None:
    for wire, shape in ((REQUEST, "request"), (RESPONSE, "response")):
        result = validate_record(json.dumps(wire), schemas=ROOT / "schemas", dialect=SOURCE, shape=shape)
        assert result.status == "valid", result.errors


def test_typescript_converts_and_relays_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, STREAM_DRIVER, js_view, run_node, ts_dist

    package = (ts_dist() / "index.js").as_uri()
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for wire, shape in ((REQUEST, "request"), (RESPONSE, "response")):
        for target in [SOURCE, *ELSEWHERE]:
            options = {"source": SOURCE, "target": target, "shape": shape}
            jobs.append({"wire": wire, "options": options})
            got = convert(copy.deepcopy(wire), **options)
            expected.append([got.value, [list(loss) for loss in got.losses]])
    assert run_node(CONVERT_DRIVER, jobs, package) == js_view(json.loads(json.dumps(expected)))
    relays = [{"events": STREAM, "source": SOURCE, "target": target} for target in STREAMING]
    relayed = []
    for target in STREAMING:
        events, losses = _relay(target)
        relayed.append([events, [list(loss) for loss in losses]])
    assert run_node(STREAM_DRIVER, relays, package) == js_view(json.loads(json.dumps(relayed)))
