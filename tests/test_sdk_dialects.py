"""Each dialect with an official Python SDK decodes that SDK's own objects exactly as it
decodes the equivalent wire dict. The SDKs are test-only dependencies."""

from __future__ import annotations

from typing import Any

from toolwire_dialects import get_dialect


def _same_as_dict(dialect: str, shape: str, sdk_object: Any, wire: dict[str, Any]) -> dict[str, Any]:
    decode = getattr(get_dialect(dialect), f"decode_{shape}")
    canonical = decode(sdk_object)
    assert canonical == decode(wire)
    return canonical


def test_google_genai_parts_and_declarations() -> None:
    from google.genai import types

    part = types.Part(
        function_call=types.FunctionCall(name="get_weather", args={"city": "Paris"}), thought_signature=b"sig"
    )
    call = _same_as_dict(
        "gemini",
        "tool_call",
        part,
        {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}, "thoughtSignature": "c2ln"},
    )
    assert call["arguments"] == {"city": "Paris"}
    assert call["extensions"]["gemini"]["fields"]["/thoughtSignature"] == "c2ln"  # survives the round trip

    result = types.Part(
        function_response=types.FunctionResponse(id="c1", name="get_weather", response={"output": "Sunny"})
    )
    decoded = _same_as_dict(
        "gemini",
        "tool_result",
        result,
        {"functionResponse": {"id": "c1", "name": "get_weather", "response": {"output": "Sunny"}}},
    )
    assert decoded["content"] == [{"type": "text", "text": "Sunny"}]

    schema = {"type": "object", "properties": {"city": {"type": "string"}}}
    declaration = types.FunctionDeclaration(name="get_weather", description="Weather", parameters_json_schema=schema)
    tool = _same_as_dict(
        "gemini",
        "tool_definition",
        declaration,
        {"name": "get_weather", "description": "Weather", "parametersJsonSchema": schema},
    )
    assert tool["parameters"] == schema


def test_cohere_tool_call() -> None:
    import cohere

    sdk = cohere.ToolCallV2(
        id="get_weather_abc",
        type="function",
        function=cohere.ToolCallV2Function(name="get_weather", arguments='{"city":"Paris"}'),
    )
    wire = {
        "id": "get_weather_abc",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
    }
    assert _same_as_dict("cohere_v2", "tool_call", sdk, wire)["arguments"] == {"city": "Paris"}


def test_ollama_tool_call() -> None:
    import ollama

    sdk = ollama.Message.ToolCall(
        function=ollama.Message.ToolCall.Function(name="get_weather", arguments={"city": "Tokyo"})
    )
    call = _same_as_dict(
        "ollama", "tool_call", sdk, {"function": {"name": "get_weather", "arguments": {"city": "Tokyo"}}}
    )
    assert (call["name"], call["arguments"]) == ("get_weather", {"city": "Tokyo"})


def test_mcp_tool_and_result() -> None:
    import mcp.types as mcp_types

    tool = mcp_types.Tool(
        name="add", description="Add", inputSchema={"type": "object", "properties": {"a": {"type": "number"}}}
    )
    wire_tool = {
        "name": "add",
        "description": "Add",
        "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}}},
    }
    assert _same_as_dict("mcp", "tool_definition", tool, wire_tool)["name"] == "add"

    result = mcp_types.CallToolResult(content=[mcp_types.TextContent(type="text", text="3")], isError=True)
    decoded = get_dialect("mcp").decode_tool_result(result)
    assert decoded["content"] == [{"type": "text", "text": "3"}]
    assert decoded["is_error"] is True


def test_mistral_tool_call() -> None:
    from mistralai.client import models

    sdk = models.ToolCall(id="abcDEF123", function=models.FunctionCall(name="f", arguments='{"a":1}'))
    wire = sdk.model_dump(mode="json", by_alias=True, exclude_none=True)
    call = _same_as_dict("mistral", "tool_call", sdk, wire)
    assert (call["id"], call["arguments"]) == ("abcDEF123", {"a": 1})


def test_openai_responses_function_call() -> None:
    from openai.types.responses import ResponseFunctionToolCall

    sdk = ResponseFunctionToolCall(
        type="function_call",
        id="fc_1",
        call_id="call_1",
        name="get_weather",
        arguments='{"city":"Paris"}',
        status="completed",
    )
    wire = {
        "type": "function_call",
        "id": "fc_1",
        "call_id": "call_1",
        "name": "get_weather",
        "arguments": '{"city":"Paris"}',
        "status": "completed",
    }
    call = _same_as_dict("openai_responses", "tool_call", sdk, wire)
    assert (call["id"], call["arguments"]) == ("call_1", {"city": "Paris"})


def test_the_generated_package_depends_on_pydantic_only() -> None:
    import tomllib
    from pathlib import Path

    import toolwire_dialects

    root = Path(toolwire_dialects.__file__).resolve().parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert [dep.split(">")[0].split("=")[0].strip() for dep in project["dependencies"]] == ["pydantic"]
    for module in (root / "toolwire_dialects").rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        for sdk in ("google.genai", "cohere", "ollama", "mcp", "openai", "anthropic", "mistralai"):
            assert f"\nimport {sdk}" not in text and f"\nfrom {sdk}" not in text, f"{module} imports {sdk}"
