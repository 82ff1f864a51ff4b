"""Provider rules of kinds signature and part_order (issue #23 point 8): a call converted into
Gemini carries a thoughtSignature on the first functionCall of each model turn (the
documented placeholder, with a loss naming the rule, where none came with it), while a
signature Gemini gave is replayed exactly; Anthropic's thinking blocks and Bedrock's
reasoningContent come before the turn's tool use (moved, with a loss). Strict refuses
instead; validate reports a captured payload that breaks either rule; responses a client
replays are repaired the same way, in Python and TypeScript alike."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import LossError

from toolwire.spec.loader import load_spec
from toolwire.spec.rules import PartOrderRule, SignatureRule, rules_of
from toolwire.validation.engine import validate_record
from toolwire.validation.rules import broken

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
PLACEHOLDER = "skip_thought_signature_validator"
SIGNATURE = "gemini/call-thought-signature"
SIGNATURE_LOSS = (
    'the first functionCall block of the turn without thoughtSignature (sent "skip_thought_signature_validator"; '
    f"rule {SIGNATURE})"
)
KINDS = {
    name: tuple(r for r in rules_of(d) if isinstance(r, SignatureRule | PartOrderRule))
    for name, d in SPEC.dialects.items()
}


def _convert(wire: Any, source: str, target: str, shape: str = "request", **options: Any) -> Any:
    return convert(copy.deepcopy(wire), source=source, target=target, shape=shape, model="m", **options)


def _findings(dialect: str, value: Any) -> list[tuple[str, str]]:
    return [found for rule in KINDS[dialect] for found in broken(rule, value)]


def _named(encoded: Any, rule: str) -> list[tuple[str, str, str]]:
    return [(loss.code, loss.pointer, loss.what) for loss in encoded.losses if f"rule {rule})" in loss.what]


def _call(i: str, name: str) -> dict[str, Any]:
    return {"id": i, "type": "function", "function": {"name": name, "arguments": "{}"}}


# parallel calls (one step), then a second step: a sequential call
CHAT_STEPS = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "Weather in Paris and London, then book a taxi"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c1", "weather"), _call("c2", "weather")]},
        {"role": "tool", "tool_call_id": "c1", "content": "Sunny"},
        {"role": "tool", "tool_call_id": "c2", "content": "Rain"},
        {"role": "assistant", "content": "Booking.", "tool_calls": [_call("c3", "taxi")]},
        {"role": "tool", "tool_call_id": "c3", "content": "Booked"},
    ],
}
GEMINI_SIGNED = {
    "contents": [
        {"role": "user", "parts": [{"text": "Weather in Paris and London?"}]},
        {
            "role": "model",
            "parts": [
                {"text": "Checking", "thought": True},
                {"functionCall": {"name": "weather", "args": {"city": "Paris"}}, "thoughtSignature": "QUJDRA=="},
                {"functionCall": {"name": "weather", "args": {"city": "London"}}},
            ],
        },
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "weather", "response": {"output": "Sunny"}}},
                {"functionResponse": {"name": "weather", "response": {"output": "Rain"}}},
            ],
        },
    ]
}


def test_calls_converted_into_gemini_carry_the_placeholder_on_each_steps_first_call() -> None:
    encoded = _convert(CHAT_STEPS, "openai_chat", "gemini")
    model = [c["parts"] for c in encoded.value["contents"] if c["role"] == "model"]
    assert [[p.get("thoughtSignature") for p in parts if "functionCall" in p] for parts in model] == [
        [PLACEHOLDER, None],  # parallel: only the first
        [PLACEHOLDER],  # every step of a sequential call
    ]
    assert _named(encoded, SIGNATURE) == [
        ("signature.placeholder", "/messages/1/parts/0", SIGNATURE_LOSS),
        ("signature.placeholder", "/messages/4/parts/1", SIGNATURE_LOSS),  # after the turn's text
    ]
    assert not _findings("gemini", encoded.value)


def test_strict_refuses_a_call_gemini_would_refuse_naming_the_rule() -> None:
    calls_only = {"model": "m", "messages": CHAT_STEPS["messages"][:4]}
    canonical = DIALECTS["openai_chat"].decode_request(copy.deepcopy(calls_only))
    with pytest.raises(LossError, match=f"rule {SIGNATURE}"):
        DIALECTS["gemini"].encode_request(canonical, strict=True, model="m")
    codes = sorted({loss.code for loss in _convert(calls_only, "openai_chat", "gemini").losses})
    assert "signature.placeholder" in codes
    allowed = _convert(calls_only, "openai_chat", "gemini", allow=codes)  # an allow-list naming the code lets it by
    assert allowed.value["contents"][1]["parts"][0]["thoughtSignature"] == PLACEHOLDER


@pytest.mark.parametrize("spelling", ["thoughtSignature", "thought_signature"])
def test_gemini_signatures_round_trip_exactly_and_get_no_placeholder(spelling: str) -> None:
    wire = json.loads(json.dumps(GEMINI_SIGNED).replace('"thoughtSignature"', json.dumps(spelling)))
    if spelling == "thought_signature":  # a snake_case body spells its calls so too
        wire = json.loads(json.dumps(wire).replace('"functionCall"', '"function_call"'))
        wire = json.loads(json.dumps(wire).replace('"functionResponse"', '"function_response"'))
    encoded = _convert(wire, "gemini", "gemini")
    assert encoded.value == {**wire, "model": "m"}, encoded.value  # model= is written into the body
    assert not _named(encoded, SIGNATURE)
    assert PLACEHOLDER not in json.dumps(encoded.value)


def test_a_gemini_history_without_signatures_is_repaired_too() -> None:
    """The rule holds for every Gemini request (the model is often only in the URL): an
    unsigned Gemini 2 history replayed through a conversion gets the placeholder, reported."""
    unsigned = json.loads(json.dumps(GEMINI_SIGNED).replace(', "thoughtSignature": "QUJDRA=="', ""))
    assert "QUJDRA" not in json.dumps(unsigned)
    encoded = _convert(unsigned, "gemini", "gemini")
    assert encoded.value["contents"][1]["parts"][1]["thoughtSignature"] == PLACEHOLDER
    assert _named(encoded, SIGNATURE) == [("signature.placeholder", "/messages/1/parts/1", SIGNATURE_LOSS)]


def test_a_gemini_signature_does_not_travel_to_another_dialect_and_back_as_its_own() -> None:
    """Gemini -> Chat loses the signature (reported); back into Gemini the call is foreign, so
    it gets the placeholder, reported again: never a request Gemini 3 refuses."""
    there = _convert(GEMINI_SIGNED, "gemini", "openai_chat")
    assert any("/thoughtSignature" in loss.what for loss in there.losses)
    back = _convert(there.value, "openai_chat", "gemini")
    assert back.value["contents"][1]["parts"][0]["thoughtSignature"] == PLACEHOLDER
    assert not _findings("gemini", back.value)


ANTHROPIC_ODD = {
    "model": "claude",
    "max_tokens": 100,
    "messages": [
        {"role": "user", "content": "Weather?"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Let me check."},
                {"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {}},
                {"type": "thinking", "thinking": "The user wants weather.", "signature": "c2ln"},
                {"type": "redacted_thinking", "data": "ZGF0YQ=="},
            ],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "Sunny"}]},
    ],
}
BEDROCK_ODD = {
    "modelId": "anthropic.claude",
    "messages": [
        {"role": "user", "content": [{"text": "Weather?"}]},
        {
            "role": "assistant",
            "content": [
                {"toolUse": {"toolUseId": "t1", "name": "weather", "input": {}}},
                {"reasoningContent": {"reasoningText": {"text": "The user wants weather.", "signature": "c2ln"}}},
            ],
        },
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "Sunny"}]}}]},
    ],
    "toolConfig": {"tools": [{"toolSpec": {"name": "weather", "inputSchema": {"json": {"type": "object"}}}}]},
}


def test_anthropic_thinking_after_a_tool_use_is_moved_before_it() -> None:
    encoded = _convert(ANTHROPIC_ODD, "anthropic_messages", "anthropic_messages")
    assert [b["type"] for b in encoded.value["messages"][1]["content"]] == [
        "text",
        "thinking",
        "redacted_thinking",
        "tool_use",
    ]
    what = (
        "the reasoning part after a later block in its turn "
        "(moved before it; rule anthropic_messages/thinking-before-tool-use)"
    )
    assert _named(encoded, "anthropic_messages/thinking-before-tool-use") == [
        ("part.reordered", "/messages/1/parts/2", what),
        ("part.reordered", "/messages/1/parts/3", what),
    ]
    assert not _findings("anthropic_messages", encoded.value)
    with pytest.raises(LossError, match="rule anthropic_messages/thinking-before-tool-use"):
        _convert(ANTHROPIC_ODD, "anthropic_messages", "anthropic_messages", strict=True)


def test_bedrock_reasoning_after_a_tool_use_is_moved_before_it() -> None:
    encoded = _convert(BEDROCK_ODD, "bedrock_converse", "bedrock_converse")
    assert [next(iter(b)) for b in encoded.value["messages"][1]["content"]] == ["reasoningContent", "toolUse"]
    assert [c for c, _p, _w in _named(encoded, "bedrock_converse/reasoning-before-tool-use")] == ["part.reordered"]
    assert not _findings("bedrock_converse", encoded.value)


def test_a_canonical_request_with_reasoning_after_its_call_is_written_in_the_providers_order() -> None:
    canonical = {
        "messages": [
            {"role": "user", "parts": [{"type": "text", "text": "Weather?"}]},
            {
                "role": "assistant",
                "parts": [
                    {"type": "tool_call", "call": {"id": "toolu_1", "name": "weather", "arguments": {}}},
                    {
                        "type": "reasoning",
                        "dialect": "anthropic_messages",
                        "text": "hm",
                        "extensions": {"anthropic_messages": {"fields": {"/signature": "c2ln"}}},
                    },
                ],
            },
        ]
    }
    encoded = DIALECTS["anthropic_messages"].encode_request(canonical, model="m")
    assert [b["type"] for b in encoded.value["messages"][1]["content"]] == ["thinking", "tool_use"]
    assert [loss.code for loss in encoded.losses if "rule " in loss.what] == ["part.reordered"]


RESPONSES_REASONING_AFTER_CALL = {
    "model": "o4-mini",
    "input": [
        {"role": "user", "content": "Weather?"},
        {"type": "function_call", "call_id": "call_1", "name": "weather", "arguments": "{}"},
        {
            "type": "reasoning",
            "id": "rs_1",
            "summary": [{"type": "summary_text", "text": "hm"}],
            "encrypted_content": "x",
        },
        {"type": "function_call_output", "call_id": "call_1", "output": "Sunny"},
    ],
}


@pytest.mark.parametrize("target", ["anthropic_messages", "bedrock_converse", "gemini"])
@pytest.mark.parametrize("as_text", [False, True])
def test_reasoning_another_dialect_made_never_lands_after_a_call(target: str, as_text: bool) -> None:
    """Only the dialect that made reasoning replays it (elsewhere it is dropped or sent as text),
    so a Responses history with reasoning after its call keeps every rule of the target."""
    encoded = _convert(RESPONSES_REASONING_AFTER_CALL, "openai_responses", target, reasoning_as_text=as_text)
    assert not _findings(target, encoded.value), encoded.value


@pytest.mark.parametrize(
    "dialect, payload, pointer",
    [
        ("gemini", {"contents": [{"role": "user", "parts": [{"text": "a"}]}, {"role": "model", "parts": [{"text": "b"}, {"functionCall": {"name": "f"}}, {"functionCall": {"name": "g"}, "thoughtSignature": "QQ=="}]}]}, "/contents/1/parts/1/thoughtSignature"),
        ("gemini", {"contents": [{"role": "user", "parts": [{"text": "a"}]}, {"role": "model", "parts": [{"function_call": {"name": "f"}}]}]}, "/contents/1/parts/0/thoughtSignature"),
        ("anthropic_messages", ANTHROPIC_ODD, "/messages/1/content/2"),
        ("bedrock_converse", BEDROCK_ODD, "/messages/1/content/1"),
    ],
)  # fmt: skip
def test_validate_reports_a_broken_signature_or_part_order_rule(dialect: str, payload: Any, pointer: str) -> None:
    result = validate_record(json.dumps(payload), schemas=ROOT / "schemas", dialect=dialect, shape="request")
    assert result.status == "invalid", result
    assert (pointer, "rule") == (result.errors[0].pointer, result.errors[0].keyword), result.errors
    assert f"(rule {dialect}/" in result.errors[0].message


@pytest.mark.parametrize(
    "dialect, payload",
    [
        ("gemini", GEMINI_SIGNED),
        ("gemini", json.loads(json.dumps(GEMINI_SIGNED).replace("thoughtSignature", "thought_signature"))),
        ("gemini", {"contents": [{"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {}}}]}]}),
    ],
)
def test_validate_accepts_a_signed_history(dialect: str, payload: Any) -> None:
    assert _findings(dialect, payload) == []


CHAT_CALLS_RESPONSE = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4o",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": None, "tool_calls": [_call("c1", "f"), _call("c2", "g")]},
            "finish_reason": "tool_calls",
        }
    ],
}
GEMINI_RESPONSE = {
    "candidates": [
        {
            "content": {
                "role": "model",
                "parts": [{"functionCall": {"name": "f", "args": {}}, "thoughtSignature": "QUJD"}],
            },
            "finishReason": "STOP",
        }
    ]
}


def test_a_response_converted_into_gemini_is_signed_as_a_client_will_replay_it() -> None:
    encoded = _convert(CHAT_CALLS_RESPONSE, "openai_chat", "gemini", "response")
    parts = encoded.value["candidates"][0]["content"]["parts"]
    assert [p.get("thoughtSignature") for p in parts] == [PLACEHOLDER, None]
    assert _named(encoded, SIGNATURE) == [("signature.placeholder", "/message/parts/0", SIGNATURE_LOSS)]
    same = convert(copy.deepcopy(GEMINI_RESPONSE), source="gemini", target="gemini", shape="response")
    assert same.value == GEMINI_RESPONSE and not same.losses


def test_a_response_with_anthropic_thinking_after_its_call_is_reordered() -> None:
    canonical = {
        "message": {
            "role": "assistant",
            "parts": [
                {"type": "tool_call", "call": {"id": "toolu_1", "name": "f", "arguments": {}}},
                {
                    "type": "reasoning",
                    "dialect": "anthropic_messages",
                    "text": "hm",
                    "extensions": {"anthropic_messages": {"fields": {"/signature": "c2ln"}}},
                },
            ],
        },
        "finish_reason": "tool_calls",
    }
    encoded = DIALECTS["anthropic_messages"].encode_response(copy.deepcopy(canonical))
    assert [b["type"] for b in encoded.value["content"]] == ["thinking", "tool_use"]
    assert [loss.code for loss in encoded.losses if "rule " in loss.what] == ["part.reordered"]


def test_typescript_repairs_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    sources = [
        ("openai_chat", CHAT_STEPS, "request", "gemini"),
        ("gemini", GEMINI_SIGNED, "request", "gemini"),
        ("anthropic_messages", ANTHROPIC_ODD, "request", "anthropic_messages"),
        ("bedrock_converse", BEDROCK_ODD, "request", "bedrock_converse"),
        ("openai_chat", CHAT_CALLS_RESPONSE, "response", "gemini"),
        ("gemini", GEMINI_RESPONSE, "response", "gemini"),
        ("anthropic_messages", ANTHROPIC_ODD, "request", "gemini"),
    ]
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for source, wire, shape, target in sources:
        for strict in (False, True):
            options = {"source": source, "target": target, "shape": shape, "model": "m", "strict": strict}
            jobs.append({"wire": wire, "options": options})
            expected.append(answer(convert, wire, options, LossError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum("signature.placeholder" in json.dumps(a) or "part.reordered" in json.dumps(a) for a in answers) >= 5


def test_a_signature_rule_matching_kinds_by_constants() -> None:
    """A signature rule whose kinds are told by constants (no built-in rule is) reads, describes
    and validates as one told by a key: the first block of the kind in each of its turns."""
    import dataclasses

    rule = {
        "id": "odd-signature",
        "kind": "signature",
        "envelope": "request",
        "pointer": "/messages/*/content/*/signature",
        "turn": {"/role": "assistant"},
        "parts": [{"when": {"/type": "tool_use"}}],
        "placeholder": "none",
        "source": "a rule for this test only",
    }
    anthropic = SPEC.dialects["anthropic_messages"]
    dialect = dataclasses.replace(anthropic, mapping={**anthropic.mapping, "rules": [rule]})
    (read,) = rules_of(dialect)
    assert isinstance(read, SignatureRule)
    assert read.describe() == 'a signature on the first /type "tool_use" block of each turn with /role "assistant"'
    turn = {
        "role": "assistant",
        "content": [{"type": "text", "text": "a"}, {"type": "tool_use"}, {"type": "tool_use"}],
    }
    assert [p for p, _m in broken(read, {"messages": [turn]})] == ["/messages/0/content/1/signature"]
    turn["content"][1]["signature"] = "s"
    assert broken(read, {"messages": [turn, {**turn, "role": "user", "content": [{"type": "tool_use"}]}]}) == []


def _rule_errors(rule: dict[str, Any]) -> list[str]:
    """What the meta-schema says of a dialect whose rules are [rule] (gemini's mapping otherwise)."""
    from jsonschema import Draft202012Validator

    meta = json.loads((ROOT / "schemas" / "meta" / "dialect.schema.json").read_text(encoding="utf-8"))
    mapping = {**SPEC.dialects["gemini"].mapping, "rules": [rule]}
    return [e.message for e in Draft202012Validator(meta).iter_errors(mapping)]


@pytest.mark.parametrize(
    "change, refused",
    [
        ({}, False),
        ({"pointer": "/contents/*/parts/thoughtSignature"}, True),  # no key under each block
        ({"placeholder": ""}, True),
        ({"parts": []}, True),
        ({"parts": [{"has": "/functionCall", "then": 1}]}, True),
        ({"first": [{"has": "/x"}]}, True),  # a part_order key on a signature rule
        (
            {"kind": "part_order", "pointer": "/contents/*/parts", "first": [{"has": "/a"}], "then": [{"has": "/b"}]},
            True,
        ),
    ],
)
def test_the_meta_schema_checks_signature_and_part_order_rules(change: dict[str, Any], refused: bool) -> None:
    (rule,) = [r for r in SPEC.dialects["gemini"].mapping["rules"] if r["kind"] == "signature"]
    assert bool(_rule_errors({**rule, **change})) == refused, _rule_errors({**rule, **change})
    if change.get("kind") == "part_order":  # the same part_order rule without the signature keys is fine
        plain = {k: v for k, v in {**rule, **change}.items() if k not in ("aliases", "turn", "parts", "placeholder")}
        assert _rule_errors(plain) == []
