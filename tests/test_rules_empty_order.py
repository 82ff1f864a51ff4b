"""Provider rules of kinds non_empty and role_order (issue #23 points 2 and 5): a conversion
never sends an empty block, turn or system field a provider refuses (it drops it, with a
loss naming the rule) nor a role order it refuses (it puts the rule's bridge turn between);
strict refuses instead; validate reports a captured payload that breaks either rule."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import LossError

from toolwire.ir.conversation import conversation_ir
from toolwire.ir.conversation_nodes import KEPT_RULES
from toolwire.ir.lower_rules import places
from toolwire.spec.loader import load_spec
from toolwire.spec.rules import rules_of
from toolwire.validation.engine import validate_record
from toolwire.validation.rules import broken

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
KEPT = {name: tuple(r for r in rules_of(d) if isinstance(r, KEPT_RULES)) for name, d in SPEC.dialects.items()}
TALKERS = sorted(vf.dialect for vf in SPEC.conversation_vectors)
CASES = [
    (vf.dialect, case["description"], case["wire"])
    for vf in SPEC.conversation_vectors
    for case in vf.valid
    if case["shape"] == "request"
]


def _convert(wire: dict[str, Any], source: str, target: str, strict: bool = False) -> Any:
    return convert(copy.deepcopy(wire), source=source, target=target, shape="request", model="m", strict=strict)


def _named(encoded: Any, rule: str) -> list[tuple[str, str]]:
    return [(loss.pointer, loss.what) for loss in encoded.losses if f"rule {rule})" in loss.what]


def _findings(dialect: str, value: Any) -> list[tuple[str, str]]:
    return [found for rule in KEPT[dialect] for found in broken(rule, value)]


BEDROCK_EMPTY_SYSTEM = {"modelId": "x", "system": [], "messages": [{"role": "user", "content": [{"text": "hi"}]}]}
CHAT_EMPTY_BESIDE_CALLS = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "Weather?"},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "Sunny"},
        {"role": "user", "content": "Thanks"},
    ],
}
CHAT_REFUSAL = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "refusal": "I can't."},
        {"role": "user", "content": "ok"},
    ],
}
GEMINI_EMPTY_USER = {
    "contents": [
        {"role": "user", "parts": [{"text": "Hi"}]},
        {"role": "model", "parts": [{"text": "Hello"}]},
        {"role": "user", "parts": [{"text": ""}]},
    ]
}
RESPONSES_EMPTY = {
    "model": "m",
    "instructions": "",
    "input": [
        {"role": "user", "content": "hi"},
        {"type": "message", "role": "assistant", "content": ""},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "done"},
        {"role": "user", "content": "next"},
    ],
}


@pytest.mark.parametrize("target", ["openai_chat", "cohere_v2"])
def test_an_empty_bedrock_system_list_is_no_system_turn(target: str) -> None:
    encoded = _convert(BEDROCK_EMPTY_SYSTEM, "bedrock_converse", target)
    assert [m["role"] for m in encoded.value["messages"]] == ["user"]
    assert _named(encoded, f"{target}/system-content") == [
        ("/messages/0", f"the system turn with empty content (dropped; rule {target}/system-content)")
    ]


@pytest.mark.parametrize(
    "target, rule",
    [
        ("anthropic_messages", "content-non-empty"),
        ("bedrock_converse", "content-non-empty"),
        ("gemini", "parts-non-empty"),
    ],
)
def test_a_refusal_only_assistant_turn_is_dropped_not_sent_empty(target: str, rule: str) -> None:
    encoded = _convert(CHAT_REFUSAL, "openai_chat", target)
    turns = encoded.value["contents" if target == "gemini" else "messages"]
    assert all(t["role"] == "user" for t in turns), turns
    assert _named(encoded, f"{target}/{rule}") and not _findings(target, encoded.value)


@pytest.mark.parametrize("target", ["bedrock_converse", "gemini"])
def test_the_turns_around_a_dropped_one_join_where_roles_must_alternate(target: str) -> None:
    request = copy.deepcopy(CHAT_REFUSAL)
    request["messages"].append({"role": "assistant", "content": "sure"})
    encoded = _convert(request, "openai_chat", target)
    turns = encoded.value["contents" if target == "gemini" else "messages"]
    assert [t["role"] for t in turns] == ["user", "model" if target == "gemini" else "assistant"]
    assert [b["text"] for b in turns[0]["parts" if target == "gemini" else "content"]] == ["hi", "ok"]


@pytest.mark.parametrize(
    "target, rule",
    [
        ("anthropic_messages", "text-block-non-empty"),
        ("bedrock_converse", "text-block-non-empty"),
        ("gemini", "text-part-non-empty"),
    ],
)
def test_empty_content_beside_tool_calls_sends_no_empty_text_block(target: str, rule: str) -> None:
    encoded = _convert(CHAT_EMPTY_BESIDE_CALLS, "openai_chat", target)
    turns = encoded.value["contents" if target == "gemini" else "messages"]
    blocks = turns[1]["parts" if target == "gemini" else "content"]
    assert len(blocks) == 1 and "text" not in blocks[0], blocks  # the call alone
    assert _named(encoded, f"{target}/{rule}") == [
        ("/messages/1/parts/0", f"a block with empty text (dropped; rule {target}/{rule})")
    ]


def test_strict_refuses_an_empty_text_block_naming_the_rule() -> None:
    with pytest.raises(LossError, match=r"rule anthropic_messages/text-block-non-empty"):
        _convert(CHAT_EMPTY_BESIDE_CALLS, "openai_chat", "anthropic_messages", strict=True)


@pytest.mark.parametrize("target", ["anthropic_messages", "bedrock_converse"])
def test_an_empty_gemini_user_text_is_no_empty_turn(target: str) -> None:
    encoded = _convert(GEMINI_EMPTY_USER, "gemini", target)
    assert [t["role"] for t in encoded.value["messages"]] == ["user", "assistant"]
    assert _named(encoded, f"{target}/content-non-empty") == [
        ("/messages/2", f"the user turn with empty content (dropped; rule {target}/content-non-empty)")
    ]


@pytest.mark.parametrize("target", sorted(set(TALKERS) - {"openai_responses"}))
def test_a_responses_history_with_empty_forms_keeps_every_rule(target: str) -> None:
    encoded = _convert(RESPONSES_EMPTY, "openai_responses", target)
    assert not _findings(target, encoded.value), encoded.value


def test_mistral_gets_an_assistant_turn_between_a_tool_result_and_a_user_turn() -> None:
    encoded = _convert(CHAT_EMPTY_BESIDE_CALLS, "openai_chat", "mistral")
    assert [m["role"] for m in encoded.value["messages"]] == ["user", "assistant", "tool", "assistant", "user"]
    assert encoded.value["messages"][3] == {"role": "assistant", "content": "OK"}
    what = 'a user turn right after a tool turn (the turn {"role": "assistant", "content": "OK"} put between; rule mistral/user-after-tool)'
    assert _named(encoded, "mistral/user-after-tool") == [("/messages/2", what)]  # the canonical turn holding the text
    nine = json.loads(json.dumps(CHAT_EMPTY_BESIDE_CALLS).replace('"c1"', '"abc123XYZ"'))  # an id Mistral keeps
    with pytest.raises(LossError, match="rule mistral/user-after-tool"):
        _convert(nine, "openai_chat", "mistral", strict=True)


def test_every_rule_has_a_writer_place() -> None:
    """The repair the docs promise needs a writer that makes the value (generate refuses otherwise)."""
    for name, rules in KEPT.items():
        if rules:
            ir = conversation_ir(SPEC.dialects[name])
            assert ir is not None, name
            found = places(ir.request)
            placed = [p.rule for group in (found.blocks, found.turns, found.system_blocks, found.system) for p in group]
            kept = (*placed, *found.orders, *found.firsts, *found.co_required, *found.signatures, *found.part_orders)
            kept += (*found.less_than, *found.counted)
            assert sorted(r.id for r in kept) == sorted(r.id for r in rules), name


@pytest.mark.parametrize(
    "dialect, payload, pointer",
    [
        ("anthropic_messages", {"model": "c", "max_tokens": 5, "messages": [{"role": "user", "content": [{"type": "text", "text": ""}]}]}, "/messages/0/content/0/text"),
        ("anthropic_messages", {"model": "c", "max_tokens": 5, "messages": [{"role": "user", "content": ""}]}, "/messages/0/content"),
        ("bedrock_converse", {"modelId": "x", "messages": [{"role": "user", "content": [{"text": ""}]}]}, "/messages/0/content/0/text"),
        ("openai_chat", {"model": "m", "messages": [{"role": "system", "content": None}, {"role": "user", "content": "hi"}]}, "/messages/0/content"),
        ("mistral", {"model": "m", "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "", "tool_calls": [{"id": "abcdefghi", "function": {"name": "f", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "abcdefghi", "content": "x"}, {"role": "user", "content": "b"}]}, "/messages/3/role"),
    ],
)  # fmt: skip
def test_validate_reports_a_broken_non_empty_or_role_order_rule(
    dialect: str, payload: dict[str, Any], pointer: str
) -> None:
    result = validate_record(json.dumps(payload), schemas=ROOT / "schemas", dialect=dialect, shape="request")
    assert result.status == "invalid", result
    assert [(f.pointer, f.keyword) for f in result.errors] == [(pointer, "rule")]
    assert f"(rule {dialect}/" in result.errors[0].message


@pytest.mark.parametrize("source", TALKERS)
def test_every_vector_converted_keeps_the_targets_rules_or_strict_refuses(source: str) -> None:
    """Property: every request vector into every other dialect passes the target's non_empty,
    role_order, first_role, co_required, signature and part_order rules (validate's checker); under strict, a
    conversion that repaired one is refused with the rule's name."""
    for dialect, description, wire in CASES:
        if dialect != source:
            continue
        for target in TALKERS:
            if target == source or not KEPT[target]:
                continue
            encoded = _convert(wire, source, target)
            assert not _findings(target, encoded.value), (description, target)
            repaired = [loss for loss in encoded.losses if f"(rule {target}/" in loss.what]
            if repaired and len(encoded.losses) == len(repaired):
                with pytest.raises(LossError, match=f"rule {target}/"):
                    _convert(wire, source, target, strict=True)


CHAT_RESPONSE = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4o",
    "choices": [
        {
            "index": 0,
            "message": {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
            },
            "finish_reason": "tool_calls",
        }
    ],
}


@pytest.mark.parametrize(
    "target, rule",
    [
        ("anthropic_messages", "text-block-non-empty"),
        ("bedrock_converse", "text-block-non-empty"),
        ("gemini", "text-part-non-empty"),
    ],
)
def test_a_converted_response_holds_no_empty_text_block_a_client_would_replay(target: str, rule: str) -> None:
    encoded = convert(copy.deepcopy(CHAT_RESPONSE), source="openai_chat", target=target, shape="response")
    assert ("/message/parts/0", f"a block with empty text (dropped; rule {target}/{rule})") in _named(
        encoded, f"{target}/{rule}"
    )
    assert '"text": ""' not in json.dumps(encoded.value)
    canonical = DIALECTS["openai_chat"].decode_response(copy.deepcopy(CHAT_RESPONSE))
    for key in ("extensions", "id", "model"):  # losses of their own where the target has no place, before the block's
        canonical.pop(key, None)
    with pytest.raises(LossError, match=f"rule {target}/{rule}"):
        DIALECTS[target].encode_response(canonical, strict=True)


def test_typescript_repairs_as_python_does() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, answer, js_view, run_node, ts_dist

    sources = [
        ("bedrock_converse", BEDROCK_EMPTY_SYSTEM, "request"),
        ("openai_chat", CHAT_EMPTY_BESIDE_CALLS, "request"),
        ("openai_chat", CHAT_REFUSAL, "request"),
        ("gemini", GEMINI_EMPTY_USER, "request"),
        ("openai_responses", RESPONSES_EMPTY, "request"),
        ("openai_chat", CHAT_RESPONSE, "response"),
    ]
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for source, wire, shape in sources:
        for target in TALKERS:
            for strict in (False, True):
                options = {"source": source, "target": target, "shape": shape, "model": "m", "strict": strict}
                jobs.append({"wire": wire, "options": options})
                expected.append(answer(convert, wire, options, LossError))
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    assert sum("; rule " in json.dumps(a) for a in answers) > 20


def _corpus_requests() -> list[tuple[str, dict[str, Any]]]:
    """(source dialect, wire) of each captured request a dialect reads (both corpora)."""
    from tests.test_outputs_accepted import corpus_payloads

    return [(name, wire) for name, shape, _path, wire in corpus_payloads() if shape == "request"]


@pytest.mark.parametrize("target", [t for t in TALKERS if KEPT[t]])
def test_every_corpus_request_converted_keeps_the_targets_rules(target: str) -> None:
    requests = _corpus_requests()
    if not requests:
        pytest.skip("no corpus (../shared/corpus or $TOOLWIRE_CORPUS)")
    for source, wire in requests:
        if source != target:
            encoded = _convert(wire, source, target)
            assert not _findings(target, encoded.value), (source, wire)


def test_a_rule_no_writer_can_keep_is_a_clear_spec_error(tmp_path: Path, toolwire: Any) -> None:
    """generate refuses a non_empty rule at a place the request writer does not make, naming it."""
    import shutil

    schemas = tmp_path / "schemas"
    shutil.copytree(ROOT / "schemas", schemas)
    path = schemas / "dialects" / "mistral" / "dialect.json"
    mapping = json.loads(path.read_text(encoding="utf-8"))
    odd = {"id": "odd", "kind": "non_empty", "envelope": "request", "pointer": "/tools/*/x"}
    mapping["rules"].append({**odd, "source": "Mistral API reference, a rule at a place no writer makes"})
    path.write_text(json.dumps(mapping), encoding="utf-8")
    done = toolwire("generate", "--target", "python", "--schemas", schemas, "--out", tmp_path / "out")
    assert done.returncode == 2, done.stderr
    assert "dialects/mistral/dialect.json:1: /rules: rule mistral/odd: pointer '/tools/*/x' is not" in done.stderr
    assert "internal error" not in done.stderr
