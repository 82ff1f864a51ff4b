"""Decoding provider SDK objects: the generated decoders accept real openai / anthropic SDK
objects (pydantic models via model_dump, TypedDict params as dicts) and JSON text, and give
exactly what decoding the equivalent plain dict gives. When model_dump cannot run (pydantic's
MockValSer: a serializer that was never built), fields are read by attribute instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic.types as anthropic_types
import openai.types.chat as openai_chat_types
import pytest
from pydantic import BaseModel, ConfigDict, Field
from toolwire_dialects import anthropic_messages, decoder, encoder, openai_chat

# The function tool call model: its name changed across openai versions.
OpenAIToolCall = (
    getattr(openai_chat_types, "ChatCompletionMessageFunctionToolCall", None)
    or openai_chat_types.ChatCompletionMessageToolCall
)

OPENAI_CALL = {
    "id": "call_sdk1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
}
ANTHROPIC_CALL = {"type": "tool_use", "id": "toolu_sdk1", "name": "get_weather", "input": {"city": "Paris", "days": 2}}


def _round_trip(dialect: str, shape: str, sdk_object: Any, plain: dict[str, Any]) -> None:
    """sdk_object decodes exactly as plain does, and encodes back to plain."""
    got = decoder(dialect, shape)(sdk_object)
    assert got == decoder(dialect, shape)(plain)
    encoded = encoder(dialect, shape)(got, strict=True)
    assert encoded.value == plain
    assert encoded.losses == []


# --- pydantic SDK models ---------------------------------------------------------------


def test_openai_tool_call_object() -> None:
    obj = OpenAIToolCall.model_validate(OPENAI_CALL)
    assert isinstance(obj, BaseModel) and not isinstance(obj, dict)
    _round_trip("openai_chat", "tool_call", obj, OPENAI_CALL)
    assert openai_chat.decode_tool_call(obj)["arguments"] == {"city": "Paris"}


def test_openai_tool_call_object_with_invalid_arguments_keeps_the_text() -> None:
    plain = {"id": "call_sdk2", "type": "function", "function": {"name": "f", "arguments": '{"a":1}{"b":2}'}}
    decoded = openai_chat.decode_tool_call(OpenAIToolCall.model_validate(plain))
    assert decoded == openai_chat.decode_tool_call(plain)
    assert decoded["arguments"] is None and decoded["raw_arguments"] == '{"a":1}{"b":2}'


def test_openai_function_tool_definition_object() -> None:
    plain = {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather for a city.",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
                "additionalProperties": False,  # strict mode requires it
            },
            "strict": True,
        },
    }
    _round_trip(
        "openai_chat", "tool_definition", openai_chat_types.ChatCompletionFunctionTool.model_validate(plain), plain
    )


def test_anthropic_tool_use_block() -> None:
    obj = anthropic_types.ToolUseBlock(
        type="tool_use", id="toolu_sdk1", name="get_weather", input={"city": "Paris", "days": 2}
    )
    _round_trip("anthropic_messages", "tool_call", obj, ANTHROPIC_CALL)
    assert anthropic_messages.decode_tool_call(obj)["arguments"] == {"city": "Paris", "days": 2}


# --- TypedDict params: plain dicts at run time -----------------------------------------


def test_anthropic_tool_result_block_param() -> None:
    param = anthropic_types.ToolResultBlockParam(
        type="tool_result",
        tool_use_id="toolu_sdk1",
        content=[anthropic_types.TextBlockParam(type="text", text="Sunny, 22C")],
        is_error=True,
    )
    plain = json.loads(json.dumps(param))
    _round_trip("anthropic_messages", "tool_result", param, plain)
    decoded = anthropic_messages.decode_tool_result(param)
    assert decoded["call_id"] == "toolu_sdk1" and decoded["is_error"] is True
    assert decoded["content"] == [{"type": "text", "text": "Sunny, 22C"}]


@pytest.mark.parametrize(
    ("dialect", "shape", "param"),
    [
        (
            "openai_chat",
            "tool_result",
            openai_chat_types.ChatCompletionToolMessageParam(role="tool", tool_call_id="call_sdk1", content="Sunny"),
        ),
        (
            "openai_chat",
            "tool_definition",
            openai_chat_types.ChatCompletionFunctionToolParam(
                type="function", function={"name": "f", "parameters": {"type": "object", "properties": {}}}
            ),
        ),
        (
            "anthropic_messages",
            "tool_definition",
            anthropic_types.ToolParam(name="f", input_schema={"type": "object", "properties": {}}),
        ),
        (
            "anthropic_messages",
            "tool_choice",
            anthropic_types.ToolChoiceAutoParam(type="auto", disable_parallel_tool_use=True),
        ),
    ],
    ids=["openai_tool_message", "openai_function_tool", "anthropic_tool", "anthropic_tool_choice_auto"],
)
def test_typed_dict_params(dialect: str, shape: str, param: dict[str, Any]) -> None:
    _round_trip(dialect, shape, param, json.loads(json.dumps(param)))


# --- JSON text -------------------------------------------------------------------------


@pytest.mark.parametrize("encode", [json.dumps, lambda v: json.dumps(v).encode("utf-8")], ids=["str", "bytes"])
def test_json_text_decodes_like_the_dict(encode: Any) -> None:
    assert openai_chat.decode_tool_call(encode(OPENAI_CALL)) == openai_chat.decode_tool_call(OPENAI_CALL)
    assert anthropic_messages.decode_tool_call(encode(ANTHROPIC_CALL)) == anthropic_messages.decode_tool_call(
        ANTHROPIC_CALL
    )


# --- SDK objects parsed from real responses --------------------------------------------


def test_openai_chat_completion_from_the_corpus(corpus_dir: Path) -> None:
    raw = json.loads((corpus_dir / "openai-chat" / "gpt5mini-tool-call.response.json").read_text(encoding="utf-8"))
    completion = openai_chat_types.ChatCompletion.model_validate(raw)
    calls = completion.choices[0].message.tool_calls
    assert calls
    for obj, plain in zip(calls, raw["choices"][0]["message"]["tool_calls"], strict=True):
        _round_trip("openai_chat", "tool_call", obj, plain)


def test_anthropic_message_from_the_corpus(corpus_dir: Path) -> None:
    raw = json.loads((corpus_dir / "anthropic" / "parallel-tool-use.response.json").read_text(encoding="utf-8"))
    message = anthropic_types.Message.model_validate(raw)
    pairs = [(b, p) for b, p in zip(message.content, raw["content"], strict=True) if p["type"] == "tool_use"]
    assert len(pairs) >= 2
    for obj, plain in pairs:
        _round_trip("anthropic_messages", "tool_call", obj, plain)


# --- model_dump unavailable: the attribute fallback ------------------------------------

MOCK_VAL_SER_MESSAGE = "'MockValSer' object cannot be converted to 'SchemaSerializer'"


class _NoDump(BaseModel):
    """model_dump fails the way pydantic does when a model's serializer is a MockValSer."""

    def model_dump(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        raise TypeError(MOCK_VAL_SER_MESSAGE)

    def model_dump_json(self, *args: Any, **kwargs: Any) -> str:
        raise TypeError(MOCK_VAL_SER_MESSAGE)


class FakeFunction(_NoDump):
    name: str
    arguments: str
    ignored: str | None = None  # None fields are left out, like exclude_none


class FakeToolCall(_NoDump):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str
    kind: str = Field(alias="type")
    function: FakeFunction


def test_fake_model_whose_model_dump_raises_type_error_decodes_by_attribute() -> None:
    obj = FakeToolCall(
        id="call_sdk1", type="function", function=FakeFunction(name="get_weather", arguments='{"city":"Paris"}')
    )
    with pytest.raises(TypeError):
        obj.model_dump()
    _round_trip("openai_chat", "tool_call", obj, OPENAI_CALL)


def test_fake_model_extra_fields_are_kept_like_the_dicts() -> None:
    plain = {**OPENAI_CALL, "index": 0}
    obj = FakeToolCall(
        id="call_sdk1",
        type="function",
        function=FakeFunction(name="get_weather", arguments='{"city":"Paris"}'),
        index=0,
    )
    decoded = openai_chat.decode_tool_call(obj)
    assert decoded == openai_chat.decode_tool_call(plain)
    assert encoder("openai_chat", "tool_call")(decoded).value == plain


class UnbuiltFunction(BaseModel):
    name: str
    arguments: str
    later: NotDefinedYet | None = None  # type: ignore[name-defined] # noqa: F821 - never defined: no serializer is built


class UnbuiltToolCall(BaseModel):
    id: str
    type: str
    function: UnbuiltFunction


def test_real_mock_val_ser_model_decodes_by_attribute() -> None:
    """A model whose forward reference was never resolved keeps pydantic's MockValSer as its
    serializer; model_construct still builds instances (as SDKs do) but model_dump fails."""
    obj = UnbuiltToolCall.model_construct(
        id="call_sdk1",
        type="function",
        function=UnbuiltFunction.model_construct(name="get_weather", arguments='{"city":"Paris"}'),
    )
    with pytest.raises(Exception, match="not fully defined"):
        obj.model_dump(mode="json", by_alias=True, exclude_none=True)
    _round_trip("openai_chat", "tool_call", obj, OPENAI_CALL)
