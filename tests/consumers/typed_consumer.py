"""A consumer of the generated Python package's typed API, as a user writes it: no casts, no
Any from the package. tests/test_typed_api.py checks it with mypy --strict and runs it."""

from __future__ import annotations

from typing import Any

from toolwire_dialects import (
    LOSS_CODES,
    DialectName,
    Encoded,
    IdMap,
    LossCode,
    Shape,
    anthropic_messages,
    convert,
    decoder,
    encoder,
    get_dialect,
    openai_chat,
)
from toolwire_dialects.canonical_types import Request, Settings, ToolCall, ToolDefinition, ToolResult
from toolwire_dialects.streams import assembler, convert_stream

WIRE_CALL: dict[str, Any] = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
}


def call_name(wire: dict[str, Any]) -> str:
    call: ToolCall = openai_chat.decode_tool_call(wire)
    return call["name"]


def city(call: ToolCall) -> object:
    arguments = call["arguments"]
    return None if arguments is None else arguments.get("city")


def texts(request: Request) -> list[str]:
    """Every text part of a request: the part's type narrows the union."""
    found: list[str] = []
    for message in request["messages"]:
        for part in message["parts"]:
            if part["type"] == "text":
                found.append(part["text"])
            elif part["type"] == "tool_call":
                found.append(part["call"]["name"])
    return found


def temperature(request: Request) -> float | None:
    settings: Settings = request.get("settings", {})
    return settings.get("temperature")


def result_for(call: ToolCall) -> ToolResult:
    return {"call_id": call["id"], "content": [{"type": "text", "text": "18 C"}], "is_error": False}


def relay(wire: dict[str, Any], source: DialectName, target: DialectName, shape: Shape) -> Encoded:
    return convert(wire, source=source, target=target, shape=shape, id_map=IdMap())


def main() -> None:
    assert call_name(WIRE_CALL) == "get_weather"
    call = openai_chat.decode_tool_call(WIRE_CALL)
    assert city(call) == "Paris"
    encoded = anthropic_messages.encode_tool_call(call)
    assert encoded.value == {"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {"city": "Paris"}}
    assert relay(WIRE_CALL, "openai_chat", "anthropic_messages", "tool_call").value == encoded.value
    allowed: list[LossCode] = ["id.rewritten"]
    rewritten = convert(WIRE_CALL, source="openai_chat", target="mistral", shape="tool_call", allow=allowed)
    assert rewritten.losses[0].code == "id.rewritten" and LOSS_CODES["id.rewritten"]
    tool: ToolDefinition = {"name": "get_weather", "parameters": {"type": "object"}}
    assert encoder("gemini", "tool_definition")(tool).value == {
        "name": "get_weather",
        "parametersJsonSchema": {"type": "object"},
    }
    decoded: ToolResult = decoder("mcp", "tool_result")({"content": [{"type": "text", "text": "18 C"}]})
    assert decoded["is_error"] is False and decoded["call_id"] is None
    assert (
        anthropic_messages.decode_tool_result(anthropic_messages.encode_tool_result(result_for(call)).value)["call_id"]
        == "call_1"
    )
    request = openai_chat.decode_request(
        {"model": "m", "messages": [{"role": "user", "content": "hi"}], "temperature": 0.5}
    )
    assert texts(request) == ["hi"] and temperature(request) == 0.5
    assert get_dialect("mistral").DIALECT == "mistral"
    assert (
        assembler("openai_chat").finish() == [] and convert_stream([], source="gemini", target="mistral").losses == []
    )


if __name__ == "__main__":
    main()
