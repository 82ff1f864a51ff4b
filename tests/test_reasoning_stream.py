"""Reasoning in relayed streams (issue #25 points 3, 4 and 9): the Chat profiles' stream fields
(DeepSeek's delta.reasoning_content, OpenRouter's delta.reasoning_details) read under
source_profile and written under target_profile, reported once without one; the reasoning
policy in relays; Claude's signed and redacted reasoning replayed between Anthropic and
Bedrock, both ways, in streams and in whole conversions, and a loss saying why anywhere else.
TypeScript relays and converts each case as Python does."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest
from toolwire_dialects._errors import LossError
from toolwire_dialects.convert import convert
from toolwire_dialects.streams import convert_stream, convert_stream_text

from tests.test_reasoning_policy import _RELAY_DRIVER
from tests.test_relay import outcome
from tests.test_typescript_json import CONVERT_DRIVER, run_node, ts_dist

CHAT = "openai_chat"
ANTHROPIC = "anthropic_messages"
BEDROCK = "bedrock_converse"
FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model"
REASONING_TARGETS = (ANTHROPIC, BEDROCK, "gemini", "openai_responses")


def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": [choice]}


DEEPSEEK = [
    chunk({"role": "assistant", "content": None, "reasoning_content": "Think"}),
    chunk({"content": None, "reasoning_content": "ing."}),
    chunk({"content": "Hi", "reasoning_content": None}),
    chunk({}, "stop"),
]
_FORMAT = {"format": "anthropic-claude-v1"}
OPENROUTER = [
    chunk(
        {
            "role": "assistant",
            "content": "",
            "reasoning": "Think",
            "reasoning_details": [{"type": "reasoning.text", "text": "Think", **_FORMAT, "index": 0}],
        }
    ),
    chunk(
        {
            "content": "",
            "reasoning": "ing.",
            "reasoning_details": [{"type": "reasoning.text", "text": "ing.", **_FORMAT, "index": 0}],
        }
    ),
    chunk(
        {"content": "", "reasoning_details": [{"type": "reasoning.text", "signature": "SIG", **_FORMAT, "index": 0}]}
    ),
    chunk(
        {"content": "", "reasoning_details": [{"type": "reasoning.encrypted", "data": "ENC", **_FORMAT, "index": 1}]}
    ),
    chunk({"content": "Hi"}),
    chunk({}, "stop"),
]
STREAMS = {"deepseek": DEEPSEEK, "openrouter": OPENROUTER}


def relayed(events: list[Any], **options: Any) -> tuple[list[dict[str, Any]], list[tuple[str, str, str]]]:
    relay = convert_stream(copy.deepcopy(events), **options)
    out = list(relay)
    return out, [(loss.code, loss.pointer, loss.what) for loss in relay.losses]


def field_of(out: list[dict[str, Any]], key: str) -> list[Any]:
    """The values of one delta field across a Chat stream's chunks."""
    return [c["delta"][key] for e in out for c in e["choices"] if key in c["delta"]]


# --- the Chat profiles in streams ------------------------------------------------------------


@pytest.mark.parametrize("profile", ["deepseek", "openrouter"])
@pytest.mark.parametrize("target", REASONING_TARGETS)
def test_a_profile_reads_the_chat_streams_reasoning(profile: str, target: str) -> None:
    out, losses = relayed(STREAMS[profile], source=CHAT, target=target, source_profile=profile)
    got = outcome(target, out)
    assert (got["reasoning"], got["text"], got["finish"]) == ("Thinking.", "Hi", "stop")
    signed = [loss for loss in losses if loss[1] == "/reasoning/extensions"]
    # OpenRouter's signature and encrypted item are bound to their model: a loss, saying why
    assert signed == (
        [("reasoning.dropped", "/reasoning/extensions", f"a reasoning signature of {CHAT} ({FOREIGN})")]
        if profile == "openrouter"
        else []
    )


@pytest.mark.parametrize("profile", ["deepseek", "openrouter"])
def test_without_the_profile_each_field_is_reported_once(profile: str) -> None:
    out, losses = relayed(STREAMS[profile], source=CHAT, target=ANTHROPIC)
    assert outcome(ANTHROPIC, out)["reasoning"] == ""
    fields = ["reasoning_content"] if profile == "deepseek" else ["reasoning", "reasoning_details"]
    # as convert() reports the field of a response read without the profile, naming the profile
    assert sorted(losses) == sorted(
        (
            "extension.field_dropped",
            f"/message/extensions/{CHAT}/fields/~1{field}",
            f"{CHAT} field /{field} (read as reasoning with source_profile {profile})",
        )
        for field in fields
    )
    with pytest.raises(LossError, match="read as reasoning with source_profile"):
        relayed(STREAMS[profile], source=CHAT, target=ANTHROPIC, strict=True)


def test_openrouter_round_trips_through_its_profile() -> None:
    out, losses = relayed(
        OPENROUTER, source=CHAT, target=CHAT, source_profile="openrouter", target_profile="openrouter"
    )
    assert losses == []
    details = [item for e in out for c in e["choices"] for item in c["delta"].get("reasoning_details", [])]
    want = [item for e in OPENROUTER for item in e["choices"][0]["delta"].get("reasoning_details", [])]
    assert details == want  # text fragments, the signature and the encrypted item, with their index and format


def test_a_profile_writes_another_dialects_reasoning() -> None:
    thinking = relayed(OPENROUTER, source=CHAT, target=ANTHROPIC, source_profile="openrouter")[0]
    out, losses = relayed(thinking, source=ANTHROPIC, target=CHAT, target_profile="deepseek")
    assert "".join(field_of(out, "reasoning_content")) == "Thinking."
    assert losses == []
    out, losses = relayed(thinking, source=ANTHROPIC, target=CHAT, target_profile="openrouter")
    items = [i for items in field_of(out, "reasoning_details") for i in items]
    assert items == [{"type": "reasoning.text", "text": t, "index": 0} for t in ("Think", "ing.")]
    # without a target profile Chat has no reasoning: the policy decides
    assert relayed(thinking, source=ANTHROPIC, target=CHAT)[1][0][0] == "reasoning.dropped"


def test_the_deepseek_profile_carries_text_only() -> None:
    out, losses = relayed(OPENROUTER, source=CHAT, target=CHAT, source_profile="openrouter", target_profile="deepseek")
    assert "".join(field_of(out, "reasoning_content")) == "Thinking."
    what = "the fields of an OpenRouter reasoning item (the deepseek profile carries its text only)"
    assert losses == [("extension.field_dropped", f"/reasoning/extensions/{CHAT}/fields", what)]


def test_an_unknown_openrouter_item_is_reported() -> None:
    events = [
        chunk({"reasoning_details": [{"type": "reasoning.other", "text": "x"}]}),
        chunk({"content": "Hi"}, "stop"),
    ]
    out, losses = relayed(events, source=CHAT, target=ANTHROPIC, source_profile="openrouter")
    assert outcome(ANTHROPIC, out)["text"] == "Hi"
    assert [loss[2] for loss in losses] == [
        "an OpenRouter reasoning_details item of type 'reasoning.other' (the openrouter profile reads"
        " reasoning.text, reasoning.summary and reasoning.encrypted)"
    ]


@pytest.mark.parametrize("policy", ["keep", "text", "drop"])
def test_the_policy_applies_to_a_profiles_reasoning(policy: str) -> None:
    got = outcome(CHAT, relayed(DEEPSEEK, source=CHAT, target=CHAT, source_profile="deepseek", reasoning=policy)[0])
    assert got["text"] == ("Thinking.Hi" if policy == "text" else "Hi")  # Chat without a profile has no reasoning
    out, losses = relayed(DEEPSEEK, source=CHAT, target=ANTHROPIC, source_profile="deepseek", reasoning=policy)
    assert outcome(ANTHROPIC, out)["reasoning"] == ("" if policy == "drop" else "Thinking.")
    assert [loss[2] for loss in losses] == (
        ["reasoning (dropped as asked: reasoning='drop')"] if policy == "drop" else []
    )


def test_a_profile_is_for_chat_only() -> None:
    with pytest.raises(
        ValueError, match=r"source_profile reads an openai_chat request, response or stream, not gemini stream"
    ):
        convert_stream([], source="gemini", target=CHAT, source_profile="deepseek")
    with pytest.raises(ValueError, match="unknown openai_chat reasoning profile 'x'"):
        convert_stream([], source=CHAT, target=CHAT, target_profile="x")


def test_the_text_relay_takes_the_profiles() -> None:
    text = "".join(f"data: {json.dumps(e)}\n\n" for e in DEEPSEEK) + "data: [DONE]\n\n"
    out = "".join(convert_stream_text([text], source=CHAT, target=ANTHROPIC, source_profile="deepseek"))
    assert '"thinking":"Think"' in out


def test_the_command_line_takes_the_profiles(tmp_path: Any) -> None:
    path = tmp_path / "s.sse"
    path.write_text("".join(f"data: {json.dumps(e)}\n\n" for e in DEEPSEEK), encoding="utf-8")
    base = [sys.executable, "-m", "toolwire", "convert", "--from", CHAT, "--to", ANTHROPIC, "--shape", "stream"]
    done = subprocess.run([*base, "--from-profile", "deepseek", str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and '"thinking":"Think"' in done.stdout, done.stderr
    plain = subprocess.run([*base, "--strict", str(path)], capture_output=True, text=True, check=False)
    assert plain.returncode == 1 and "source_profile deepseek" in plain.stderr and "Traceback" not in plain.stderr
    wrong = subprocess.run([*base, "--to-profile", "deepseek", str(path)], capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "--to-profile reads an openai_chat request, response or stream" in wrong.stderr


# --- Claude's signed reasoning: Anthropic <-> Bedrock ------------------------------------------

ANTHROPIC_STREAM = [
    {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 5, "output_tokens": 1},
        },
    },
    {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "", "signature": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Hmm."}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "SIG1"}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1, "content_block": {"type": "redacted_thinking", "data": "UkVEQUNURUQ="}},
    {"type": "content_block_stop", "index": 1},
    {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "Hi"}},
    {"type": "content_block_stop", "index": 2},
    {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": 9},
    },
    {"type": "message_stop"},
]


def test_a_stream_replays_signed_and_redacted_reasoning_between_anthropic_and_bedrock() -> None:
    bedrock, losses = relayed(ANTHROPIC_STREAM, source=ANTHROPIC, target=BEDROCK)
    assert losses == []
    reasoning = [
        e["contentBlockDelta"]["delta"]["reasoningContent"]
        for e in bedrock
        if "reasoningContent" in e.get("contentBlockDelta", {}).get("delta", {})
    ]
    assert reasoning == [{"text": "Hmm."}, {"signature": "SIG1"}, {"redactedContent": "UkVEQUNURUQ="}]
    back, losses = relayed(bedrock, source=BEDROCK, target=ANTHROPIC)
    assert [loss[1] for loss in losses] == ["/id", "/model"]  # Bedrock's stream names neither
    assert [e for e in back if e["type"].startswith("content_block")] == [
        e for e in ANTHROPIC_STREAM if e["type"].startswith("content_block")
    ]


@pytest.mark.parametrize("target", [CHAT, "gemini", "openai_responses"])
def test_elsewhere_the_signature_is_a_loss_saying_why(target: str) -> None:
    out, losses = relayed(ANTHROPIC_STREAM, source=ANTHROPIC, target=target)
    assert ("reasoning.dropped", "/reasoning/extensions", f"a reasoning signature of {ANTHROPIC} ({FOREIGN})") in losses
    assert outcome(target, out)["text"] == "Hi"


def test_redacted_data_bedrock_cannot_carry_is_a_loss() -> None:
    events = copy.deepcopy(ANTHROPIC_STREAM)
    events[5]["content_block"]["data"] = "not base64!"
    out, losses = relayed(events, source=ANTHROPIC, target=BEDROCK)
    assert ("reasoning.dropped", "/reasoning/extensions", "redacted reasoning whose data is not base64") in losses
    assert "redactedContent" not in json.dumps(out)


REQUEST = {
    "model": "claude",
    "max_tokens": 2000,
    "messages": [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "hmm", "signature": "SIG1"},
                {"type": "redacted_thinking", "data": "UkVE"},
                {"type": "text", "text": "a"},
            ],
        },
        {"role": "user", "content": "again"},
    ],
}
RESPONSE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude",
    "content": [
        {"type": "thinking", "thinking": "hmm", "signature": "SIG1"},
        {"type": "redacted_thinking", "data": "UkVE"},
        {"type": "text", "text": "a"},
    ],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 2},
}
BEDROCK_BLOCKS = [
    {"reasoningContent": {"reasoningText": {"text": "hmm", "signature": "SIG1"}}},
    {"reasoningContent": {"redactedContent": "UkVE"}},
    {"text": "a"},
]


@pytest.mark.parametrize("policy", ["keep", "text"])
def test_a_conversation_replays_claude_reasoning_both_ways(policy: str) -> None:
    there = convert(REQUEST, source=ANTHROPIC, target=BEDROCK, shape="request", reasoning=policy)
    assert there.value["messages"][1]["content"] == BEDROCK_BLOCKS and not any(
        loss.code == "reasoning.dropped" for loss in there.losses
    )
    back = convert(there.value, source=BEDROCK, target=ANTHROPIC, shape="request", reasoning=policy)
    assert back.value["messages"][1]["content"] == REQUEST["messages"][1]["content"]
    response = convert(RESPONSE, source=ANTHROPIC, target=BEDROCK, shape="response", reasoning=policy)
    assert response.value["output"]["message"]["content"] == BEDROCK_BLOCKS
    again = convert(response.value, source=BEDROCK, target=ANTHROPIC, shape="response", reasoning=policy)
    assert again.value["content"] == RESPONSE["content"] and not any(
        loss.code == "reasoning.dropped" for loss in again.losses
    )


def test_a_conversation_elsewhere_drops_the_signature_saying_why() -> None:
    for shape, value in (("request", REQUEST), ("response", RESPONSE)):
        got = convert(value, source=ANTHROPIC, target=CHAT, shape=shape)
        dropped = [loss.what for loss in got.losses if loss.code == "reasoning.dropped"]
        assert dropped == [f"reasoning from {ANTHROPIC} ({FOREIGN})"] * 2, shape


def test_a_conversation_sent_as_text_reports_the_signature() -> None:
    signature = f"the signature of reasoning sent as text ({FOREIGN})"
    for shape, value, at in (("request", REQUEST, "/messages/1/parts"), ("response", RESPONSE, "/message/parts")):
        got = convert(value, source=ANTHROPIC, target=CHAT, shape=shape, reasoning="text")
        assert "SIG1" not in json.dumps(got.value) and "hmm" in json.dumps(got.value)
        dropped = [(loss.pointer, loss.what) for loss in got.losses if loss.code == "reasoning.dropped"]
        # the text went as text, its signature could not; the redacted block has no text
        assert dropped == [(f"{at}/0/extensions", signature), (f"{at}/1", f"reasoning from {ANTHROPIC} ({FOREIGN})")]


def test_a_conversation_leaves_out_redacted_data_that_is_not_base64() -> None:
    value = copy.deepcopy(REQUEST)
    value["messages"][1]["content"][1]["data"] = "not base64!"
    got = convert(value, source=ANTHROPIC, target=BEDROCK, shape="request")
    assert got.value["messages"][1]["content"] == [BEDROCK_BLOCKS[0], BEDROCK_BLOCKS[2]]
    assert [loss.pointer for loss in got.losses if loss.code == "reasoning.dropped"] == ["/messages/1/parts/1"]


# --- TypeScript ------------------------------------------------------------------------------


def _relay_jobs() -> list[tuple[list[Any], dict[str, Any]]]:
    jobs = []
    for profile, events in STREAMS.items():
        for target in (*REASONING_TARGETS, CHAT):
            jobs.append((events, {"source": CHAT, "target": target, "sourceProfile": profile}))
            jobs.append((events, {"source": CHAT, "target": target}))
        for tp in ("deepseek", "openrouter"):
            jobs.append((events, {"source": CHAT, "target": CHAT, "sourceProfile": profile, "targetProfile": tp}))
        for policy in ("keep", "text", "drop"):
            jobs.append((events, {"source": CHAT, "target": ANTHROPIC, "sourceProfile": profile, "reasoning": policy}))
    for target in (BEDROCK, ANTHROPIC, CHAT, "gemini", "openai_responses"):
        jobs.append((ANTHROPIC_STREAM, {"source": ANTHROPIC, "target": target}))
    bedrock = relayed(ANTHROPIC_STREAM, source=ANTHROPIC, target=BEDROCK)[0]
    jobs.append((bedrock, {"source": BEDROCK, "target": ANTHROPIC}))
    jobs.append((ANTHROPIC_STREAM, {"source": ANTHROPIC, "target": CHAT, "targetProfile": "openrouter"}))
    jobs.append(([], {"source": "gemini", "target": CHAT, "sourceProfile": "deepseek"}))
    return jobs


def _python_relay(events: list[Any], options: dict[str, Any]) -> Any:
    names = {"sourceProfile": "source_profile", "targetProfile": "target_profile"}
    try:
        out, losses = relayed(events, **{names.get(k, k): v for k, v in options.items()})
    except ValueError as exc:
        return ["error", "ValueError", str(exc)]
    return [out, [[c, p, "", w] for c, p, w in losses]]


def test_typescript_relays_reasoning_as_python_does() -> None:
    jobs = _relay_jobs()
    answers = run_node(_RELAY_DRIVER, [{"events": e, "options": o} for e, o in jobs], (ts_dist() / "index.js").as_uri())
    for (events, options), answer in zip(jobs, answers, strict=True):
        want = _python_relay(events, options)
        if want[0] != "error":  # the driver gives each loss's target too
            answer = [answer[0], [[c, p, "", w] for c, p, _t, w in answer[1]]]
        assert answer == json.loads(json.dumps(want)), options


def test_typescript_converts_claude_reasoning_as_python_does() -> None:
    jobs, want = [], []
    for source, target, shape, value in (
        (ANTHROPIC, BEDROCK, "request", REQUEST),
        (ANTHROPIC, BEDROCK, "response", RESPONSE),
        (ANTHROPIC, CHAT, "request", REQUEST),
        (ANTHROPIC, CHAT, "response", RESPONSE),
        (BEDROCK, ANTHROPIC, "request", convert(REQUEST, source=ANTHROPIC, target=BEDROCK, shape="request").value),
    ):
        for policy in ("keep", "text"):
            got = convert(value, source=source, target=target, shape=shape, reasoning=policy)
            options = {"source": source, "target": target, "shape": shape, "reasoning": policy}
            jobs.append({"wire": value, "options": options})
            want.append([got.value, [list(loss) for loss in got.losses]])
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == json.loads(json.dumps(want))
