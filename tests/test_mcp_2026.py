"""MCP revision 2026-07-28 (issue #25, point 6): structuredContent as the result's json part,
input_required results as canonical `pending`, resultType, _meta, resource_link, tool title
and icons. Each case runs through the Python package and the TypeScript one, which must agree
(value, losses with their codes, error); the vectors in schemas/vectors/mcp/ cover the round
trips, these the conversions between dialects and the wire schemas."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.test_typescript_json import REPO, run_node, ts_dist

WEATHER = {"temperature": 22, "conditions": "Partly cloudy", "humidity": 65}
WEATHER_TEXT = json.dumps(WEATHER, separators=(",", ":"))
INPUT_REQUIRED = {
    "resultType": "input_required",
    "inputRequests": {"github_login": {"method": "elicitation/create", "params": {"message": "Your GitHub name?"}}},
    "requestState": "eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0",
}

_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const out = { value: null, losses: null, error: null };
  try {
    const encoded = pkg.convert(job.payload, { source: job.source, target: job.target, shape: job.shape, strict: job.strict });
    out.value = encoded.value === undefined ? null : encoded.value;
    out.losses = encoded.losses.map((l) => [l.code, l.pointer]);
  } catch (e) {
    out.error = [e.name, e.message];
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
"""


def _python(job: dict[str, Any]) -> dict[str, Any]:
    from toolwire_dialects import convert

    out: dict[str, Any] = {"value": None, "losses": None, "error": None}
    try:
        encoded = convert(
            job["payload"], source=job["source"], target=job["target"], shape=job["shape"], strict=job["strict"]
        )
        out["value"], out["losses"] = encoded.value, [[loss.code, loss.pointer] for loss in encoded.losses]
    except Exception as exc:  # the TypeScript side must fail the same way
        out["error"] = [type(exc).__name__, str(exc)]
    return out


def both(source: str, target: str, payload: Any, shape: str = "tool_result", strict: bool = False) -> dict[str, Any]:
    """The conversion's outcome, the same in Python and in TypeScript."""
    job = {"source": source, "target": target, "shape": shape, "payload": payload, "strict": strict}
    python = _python(job)
    index = ts_dist() / "index.js"
    if not index.exists():
        pytest.skip(f"{index} is not built: run toolwire generate")
    (typescript,) = run_node(_DRIVER, [job], str(index))
    assert typescript == python, f"Python and TypeScript differ:\n{python}\n{typescript}"
    return python


def codes(out: dict[str, Any]) -> list[str]:
    return [code for code, _pointer in out["losses"]]


# --- structuredContent -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "payload"),
    [
        ("bedrock_converse", {"toolResult": {"toolUseId": "t1", "content": [{"json": WEATHER}]}}),
        ("gemini", {"functionResponse": {"id": "c1", "name": "weather", "response": WEATHER}}),
        (
            "cohere_v2",
            {"role": "tool", "tool_call_id": "c1", "content": [{"type": "document", "document": {"data": WEATHER}}]},
        ),
    ],
)
def test_a_json_result_becomes_structured_content_with_its_text_copy(source: str, payload: Any) -> None:
    out = both(source, "mcp", payload)
    assert out["value"] == {
        "content": [{"type": "text", "text": WEATHER_TEXT}],
        "structuredContent": WEATHER,
        "resultType": "complete",
    }
    assert out["losses"] == []


def test_structured_content_reaches_a_json_block_without_its_duplicate_text() -> None:
    wire = {"resultType": "complete", "content": [{"type": "text", "text": WEATHER_TEXT}], "structuredContent": WEATHER}
    out = both("mcp", "bedrock_converse", wire)
    assert out["value"]["toolResult"]["content"] == [{"json": WEATHER}]
    assert codes(out) == ["id.minted"]


def test_structured_content_reaches_gemini_as_the_response_object() -> None:
    wire = {"content": [{"type": "text", "text": WEATHER_TEXT}], "structuredContent": WEATHER}
    from toolwire_dialects import IdMap, gemini, mcp

    id_map = IdMap()
    id_map.note_call("c1", "weather")
    canonical = {**mcp.decode_tool_result(wire), "call_id": "c1"}
    assert gemini.encode_tool_result(canonical, id_map=id_map).value == {
        "functionResponse": {"id": "c1", "name": "weather", "response": WEATHER}
    }


def test_a_second_json_part_is_sent_as_text_and_reported() -> None:
    payload = {"toolResult": {"toolUseId": "t1", "content": [{"json": {"a": 1}}, {"json": [2]}]}}
    out = both("bedrock_converse", "mcp", payload)
    assert out["value"]["structuredContent"] == {"a": 1}
    assert out["value"]["content"] == [{"type": "text", "text": '{"a":1}'}, {"type": "text", "text": "[2]"}]
    assert codes(out) == ["content.json_as_text"]


def test_structured_content_no_text_repeats_comes_back_without_a_text_copy() -> None:
    wire = {"content": [], "structuredContent": {"rows": [1, 2]}}
    out = both("mcp", "mcp", wire)
    assert out["value"] == wire


def test_structured_content_too_deep_is_refused_naming_the_pointer() -> None:
    deep: Any = 0
    for _ in range(600):
        deep = [deep]
    out = both("mcp", "anthropic_messages", {"content": [], "structuredContent": deep})
    assert out["error"] is not None and "/structuredContent" in out["error"][1]


# --- input_required ----------------------------------------------------------------------


@pytest.mark.parametrize("target", ["anthropic_messages", "openai_chat", "bedrock_converse", "gemini", "ollama"])
def test_an_input_required_result_is_never_sent_as_a_completed_one(target: str) -> None:
    out = both("mcp", target, INPUT_REQUIRED)
    assert out["value"] is None
    assert "result.pending" in codes(out)


def test_an_input_required_result_fails_in_strict_mode() -> None:
    out = both("mcp", "openai_chat", INPUT_REQUIRED, strict=True)
    assert out["error"] is not None and out["error"][0] == "LossError"


def test_an_input_required_result_round_trips_within_mcp() -> None:
    out = both("mcp", "mcp", INPUT_REQUIRED)
    assert out["value"] == INPUT_REQUIRED and out["losses"] == []


def test_a_completed_result_from_another_dialect_is_never_input_required() -> None:
    out = both("anthropic_messages", "mcp", {"type": "tool_result", "tool_use_id": "toolu_1", "content": []})
    assert out["value"] == {"content": [], "resultType": "complete"}
    assert out["losses"] == []


@pytest.mark.parametrize("result_type", ["task", 1, None])
def test_an_unknown_result_type_is_refused(result_type: Any) -> None:
    out = both("mcp", "openai_chat", {"resultType": result_type, "content": []})
    assert out["error"] is not None and out["error"][0] == "DecodeError" and "/resultType" in out["error"][1]


# --- _meta, title, icons, resource_link ----------------------------------------------------


def test_request_meta_is_reported_never_dropped_silently() -> None:
    params = {
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
        },
        "name": "get_weather",
        "arguments": {"city": "Paris"},
    }
    out = both("mcp", "anthropic_messages", params, shape="tool_call")
    assert ["extension.field_dropped", "/extensions/mcp/fields/~1_meta"] in out["losses"]
    assert both("mcp", "mcp", params, shape="tool_call")["value"] == params


def test_tool_title_and_icons_are_reported_elsewhere() -> None:
    tool = {
        "name": "get_weather",
        "title": "Weather",
        "icons": [{"src": "https://example.com/w.png"}],
        "annotations": {"title": "Weather (display)"},
        "inputSchema": {"type": "object"},
    }
    out = both("mcp", "openai_responses", tool, shape="tool_definition")
    dropped = [pointer for code, pointer in out["losses"] if code == "extension.field_dropped"]
    assert dropped == [
        "/extensions/mcp/fields/~1annotations",
        "/extensions/mcp/fields/~1icons",
        "/extensions/mcp/fields/~1title",
    ]


def test_a_resource_link_is_reported_where_it_cannot_go() -> None:
    link = {"type": "resource_link", "uri": "file:///a.rs", "name": "a.rs"}
    out = both("mcp", "anthropic_messages", {"content": [{"type": "text", "text": "see"}, link]})
    assert ["part.unsupported", "/content/1"] in out["losses"]
    assert out["value"]["content"] == [{"type": "text", "text": "see"}]


# --- the wire schemas ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        (INPUT_REQUIRED, True),
        ({"resultType": "input_required", "requestState": "x"}, True),
        ({"resultType": "input_required"}, False),  # at least one of inputRequests, requestState
        ({"resultType": "input_required", "inputRequests": {"k": {"params": {}}}}, False),  # no method
        ({"content": [], "requestState": "x"}, False),  # only an input_required result has it
        ({"content": [{"type": "resource_link", "uri": "file:///a"}]}, False),  # a link needs its name
        ({"content": [{"type": "resource_link", "uri": "file:///a", "name": "a", "size": 3}]}, True),
        ({"resultType": "task", "content": []}, False),
    ],
)
def test_the_result_schema(value: Any, valid: bool) -> None:
    import jsonschema
    from referencing import Registry, Resource

    schemas = REPO / "schemas"
    registry: Registry[Any] = Registry()
    for path in (schemas / "dialects" / "mcp").glob("*.json"):
        if path.name != "dialect.json":
            document = json.loads(path.read_text(encoding="utf-8"))
            registry = registry.with_resource(document["$id"], Resource.from_contents(document))
    schema = json.loads((schemas / "dialects" / "mcp" / "tool_result.json").read_text(encoding="utf-8"))
    errors = list(jsonschema.Draft202012Validator(schema, registry=registry).iter_errors(value))
    assert (not errors) == valid, [e.message for e in errors]


# --- the JSON-RPC response envelope ---------------------------------------------------------

_EXTRACT = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const found = pkg.getDialect("mcp").extract(JSON.parse(line));
  process.stdout.write(JSON.stringify(found.tool_results) + "\n");
}
"""


def test_a_tools_call_response_that_asks_for_input_is_read_as_a_pending_result() -> None:
    from toolwire_dialects import mcp

    response = {"jsonrpc": "2.0", "id": 3, "result": INPUT_REQUIRED}
    results = mcp.extract(response)["tool_results"]
    assert [r.get("pending") for r in results] == [True]
    assert results[0]["extensions"]["mcp"]["fields"]["/requestState"] == INPUT_REQUIRED["requestState"]
    index = ts_dist() / "index.js"
    if not index.exists():
        pytest.skip(f"{index} is not built: run toolwire generate")
    assert run_node(_EXTRACT, [response], str(index)) == [results]


@pytest.mark.parametrize("pointer", ["/a/b", ""])
def test_a_structured_key_elsewhere_than_beside_the_blocks_is_a_mapping_error(pointer: str) -> None:
    from toolwire.ir.shapes import compile_object

    content = {"pointer": "/content", "encoding": "content", "structured": pointer, "parts": []}
    with pytest.raises(ValueError, match="structured must be a key of the object that holds /content"):
        compile_object({}, {"content": content}, {})
