"""Issue #23 point 6 in turn fields: an element of a tool turn field naming a kind the field's
shape does not read is refused only when it names no kind at all; an OpenAI Chat custom tool
call in /tool_calls, once kept as a wire part, is now a canonical call (issue #25 point 1,
tests/test_custom_tools.py): read back in its place by Chat, and a reported loss, its result
dropped with it, in a dialect without custom tools, by the compiled request reader and
writer, the response interpreter and the differential oracle alike."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import DecodeError
from toolwire_dialects._ids import IdMap

from tests.oracle.request_in import decode_request as oracle_decode
from tests.oracle.request_out import encode_request as oracle_encode
from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
CHAT = "openai_chat"
OTHERS = sorted(n for n, d in SPEC.dialects.items() if n != CHAT and conversation_ir(d) is not None)
CUSTOM = {"id": "call_c1", "type": "custom", "custom": {"name": "code_exec", "input": "print(1)"}}
FUNCTION = {"id": "call_f2", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}


def _request(*calls: dict[str, Any]) -> dict[str, Any]:
    return {
        "model": "gpt-5",
        "messages": [
            {"role": "user", "content": "Print 1, then the weather in Paris."},
            {"role": "assistant", "content": None, "tool_calls": [copy.deepcopy(c) for c in calls]},
            *({"role": "tool", "tool_call_id": c["id"], "content": "ok"} for c in calls),
        ],
    }


def _response(*calls: dict[str, Any]) -> dict[str, Any]:
    message = {"role": "assistant", "content": None, "tool_calls": [copy.deepcopy(c) for c in calls]}
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-5",
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
    }


def test_the_kind_key_comes_from_the_shape_variants_constants() -> None:
    kinds = {
        name: [tf.kinds for tf in conversation_ir(SPEC.dialects[name]).request.turn.fields]  # type: ignore[union-attr]
        for name in (CHAT, "cohere_v2", "mistral", "ollama")
    }
    assert kinds[CHAT] == [(("type",), ("function", "custom")), None]  # tool_calls, refusal
    assert kinds["cohere_v2"] == [None, (("type",), ("function",))]  # tool_plan, tool_calls
    assert kinds["mistral"] == [None]  # its tool_call shape names no kind: every element is a call
    assert kinds["ollama"] == [None, None, None]


@pytest.mark.parametrize("calls", [(CUSTOM,), (CUSTOM, FUNCTION), (FUNCTION, CUSTOM)], ids=["alone", "first", "last"])
@pytest.mark.parametrize("shape", ["request", "response"])
def test_chat_carries_a_custom_call_back_in_its_place(shape: str, calls: tuple[dict[str, Any], ...]) -> None:
    wire = _request(*calls) if shape == "request" else _response(*calls)
    out = convert(copy.deepcopy(wire), source=CHAT, target=CHAT, shape=shape)
    assert out.value == wire
    assert out.losses == []
    canonical = getattr(DIALECTS[CHAT], f"decode_{shape}")(copy.deepcopy(wire), id_map=IdMap())
    message = canonical["messages"][1] if shape == "request" else canonical["message"]
    i = calls.index(CUSTOM)
    call = {"id": "call_c1", "name": "code_exec", "arguments": None, "input": "print(1)"}
    assert message["parts"][i] == {"type": "tool_call", "call": call}


@pytest.mark.parametrize("target", OTHERS)
def test_another_dialect_reports_the_custom_call_and_drops_its_result(target: str) -> None:
    out = convert(_request(CUSTOM, FUNCTION), source=CHAT, target=target, shape="request")
    said = {(loss.code, loss.pointer) for loss in out.losses}
    if target == "openai_responses":  # it has custom tools: the call and its output map
        assert said == set() and out.value["input"][1]["type"] == "custom_tool_call"
        return
    assert ("tool.custom_dropped", "/messages/1/parts/0/call/input") in said
    assert ("tool.custom_dropped", "/messages/2/parts/0/result/custom") in said  # never orphaned
    sent = json.dumps(out.value)
    assert "print(1)" not in sent and "call_c1" not in sent  # neither the call nor its result is sent
    response = convert(_response(FUNCTION, CUSTOM), source=CHAT, target=target, shape="response")
    assert ("tool.custom_dropped", "/message/parts/1/call/input") in {(x.code, x.pointer) for x in response.losses}


def test_a_result_answering_a_call_carries_no_note() -> None:
    for calls in ((FUNCTION,), (CUSTOM,)):
        canonical = DIALECTS[CHAT].decode_request(_request(*calls), id_map=IdMap())
        assert "extensions" not in canonical["messages"][2]["parts"][0]["result"]


@pytest.mark.parametrize(
    ("call", "pointer"),
    [
        ({"id": "c", "type": "function"}, "/function"),  # its own kind, malformed: refused as before
        ({"id": "c", "type": 7, "custom": {"name": "x", "input": ""}}, "/type"),  # no kind named
        ({"id": "c", "custom": {"name": "x", "input": ""}}, "/type"),
    ],
)
@pytest.mark.parametrize("shape", ["request", "response"])
def test_an_element_of_the_fields_own_kind_or_no_kind_is_still_refused(
    shape: str, call: dict[str, Any], pointer: str
) -> None:
    wire = _request(call) if shape == "request" else _response(call)
    at = "/messages/1/tool_calls/0" if shape == "request" else "/choices/0/message/tool_calls/0"
    with pytest.raises(DecodeError) as caught:
        convert(wire, source=CHAT, target="anthropic_messages", shape=shape)
    assert caught.value.pointer == at + pointer


def test_the_compiled_reader_and_writer_agree_with_the_oracle() -> None:
    module = DIALECTS[CHAT]
    wire = _request(FUNCTION, CUSTOM)
    compiled = module._request_in(copy.deepcopy(wire), IdMap())
    assert compiled == oracle_decode(copy.deepcopy(wire), module._REQUEST, module._CODECS, IdMap())
    out = module.encode_request(copy.deepcopy(compiled))
    held = module._rt.hold_canonical(module._rt.as_canonical(copy.deepcopy(compiled), "request"), "request")
    assert out == oracle_encode(held, module._REQUEST, module._CODECS, False, None, False, None)
    assert out.value == wire


def test_an_element_whose_field_the_turn_cannot_hold_is_lost_not_put_in_content() -> None:
    part = {"type": "wire", "dialect": CHAT, "value": CUSTOM, "field": "/tool_calls"}
    canonical = {"model": "gpt-5", "messages": [{"role": "user", "parts": [{"type": "text", "text": "a"}, part]}]}
    module = DIALECTS[CHAT]
    out = module.encode_request(copy.deepcopy(canonical))
    held = module._rt.hold_canonical(module._rt.as_canonical(copy.deepcopy(canonical), "request"), "request")
    assert out == oracle_encode(held, module._REQUEST, module._CODECS, False, None, False, None)
    assert out.value["messages"] == [{"role": "user", "content": "a"}]
    assert [(loss.code, loss.pointer) for loss in out.losses] == [("part.unsupported", "/messages/0/parts/1")]


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-5", "choices": [choice]}


CUSTOM_CHUNKS = [
    _chunk({"role": "assistant", "content": None}),
    _chunk({"tool_calls": [{"index": 0, "id": "call_c1", "type": "custom", "custom": {"name": "code_exec"}}]}),
    _chunk({"tool_calls": [{"index": 0, "custom": {"input": "print("}}]}),
    _chunk({"tool_calls": [{"index": 0, "custom": {"input": "1)"}}]}),
    _chunk({"tool_calls": [{"index": 1, "id": "call_f2", "type": "function", "function": {"name": "f"}}]}),
    _chunk({"tool_calls": [{"index": 1, "function": {"arguments": "{}"}}]}),
    _chunk({}, "tool_calls"),
]


def test_a_streamed_custom_call_is_assembled_and_the_function_call_beside_it_stays() -> None:
    """A streamed custom call is a canonical custom call (tests/test_custom_tools_stream.py):
    its custom.input fragments are its input, never merged into the function call beside it;
    the relay into Chat writes both back."""
    from toolwire_dialects.streams import assembler, convert_stream

    a = assembler(CHAT)
    for event in copy.deepcopy(CUSTOM_CHUNKS):
        a.feed(event)
    calls = a.finish()
    assert [(c["id"], c["name"], c["arguments"], c.get("input")) for c in calls] == [
        ("call_c1", "code_exec", None, "print(1)"),
        ("call_f2", "f", {}, None),
    ]
    assert a.findings == []
    relay = convert_stream(iter(copy.deepcopy(CUSTOM_CHUNKS)), source=CHAT, target=CHAT)
    out = json.dumps(list(relay))
    assert "print(" in out and "call_f2" in out
    assert relay.findings == [] and relay.losses == []
