"""OpenAI-compatible reasoning fields as profiles (issue #25, point 9): DeepSeek's
`reasoning_content` and OpenRouter's `reasoning_details`, read as canonical reasoning parts
under `source_profile=` (`--from-profile`), written back under `target_profile=`
(`--to-profile`): exact on a same-profile round trip, a reported loss where the target cannot
carry them, and left as plain Chat reads them (extension fields) without a profile. Python
and TypeScript alike."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects._chat_reasoning import moved_back, profile_of, profile_out
from toolwire_dialects._errors import Loss, LossError
from toolwire_dialects.convert import REASONING_PROFILES, convert

from tests.test_typescript_json import CONVERT_DRIVER, run_node, ts_dist

REPO = Path(__file__).resolve().parents[1]
CHAT = "openai_chat"
PROFILES = tuple(REASONING_PROFILES[CHAT])  # the profiles that read reasoning (profiles.json)

DEEPSEEK = {
    "model": "deepseek-reasoner",
    "messages": [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": None,
            "reasoning_content": "THINK-D",
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "42"},
    ],
}
OPENROUTER = {
    "model": "anthropic/claude-sonnet-4",
    "messages": [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": "yo",
            "reasoning": "THINK-O",
            "reasoning_details": [
                {
                    "type": "reasoning.text",
                    "text": "THINK-O",
                    "signature": "SIG-O",
                    "format": "anthropic-claude-v1",
                    "index": 0,
                },
                {
                    "type": "reasoning.encrypted",
                    "data": "ENC-O",
                    "format": "openai-responses-v1",
                    "id": "rs_1",
                    "index": 1,
                },
                {"type": "reasoning.summary", "summary": "SUMMARY-O", "format": "openai-responses-v1", "index": 2},
            ],
        },
        {"role": "user", "content": "ok"},
    ],
}
RESPONSE = {
    "id": "gen-1",
    "object": "chat.completion",
    "created": 1,
    "model": "deepseek-reasoner",
    "choices": [
        {
            "index": 0,
            "finish_reason": "stop",
            "message": {"role": "assistant", "content": "yo", "reasoning_content": "THINK-R"},
        }
    ],
}
SOURCES = {"deepseek": DEEPSEEK, "openrouter": OPENROUTER}


def _chat(payload: Any, shape: str = "request", **options: Any) -> Any:
    return convert(copy.deepcopy(payload), source=CHAT, shape=shape, **{"target": CHAT, **options})


@pytest.mark.parametrize("profile", PROFILES)
def test_a_same_profile_round_trip_is_exact(profile: str) -> None:
    got = _chat(SOURCES[profile], source_profile=profile, target_profile=profile)
    assert got.value == SOURCES[profile] and got.losses == []
    response = _chat(RESPONSE, "response", source_profile="deepseek", target_profile="deepseek")
    assert response.value == RESPONSE and response.losses == []


def test_the_fields_are_read_as_reasoning_parts() -> None:
    """Each item a part of the openai_chat dialect, first in its message; its other keys kept."""
    got = _chat(OPENROUTER, target="anthropic_messages", source_profile="openrouter", reasoning="text", model="m")
    texts = [b["text"] for b in got.value["messages"][1]["content"] if b["type"] == "text"]
    assert texts == ["THINK-O", "SUMMARY-O", "yo"]  # the encrypted item has no text: a loss
    assert "SIG-O" not in json.dumps(got.value) and "ENC-O" not in json.dumps(got.value)
    dropped = [(loss.pointer, loss.what) for loss in got.losses if loss.code == "reasoning.dropped"]
    assert dropped == [
        (  # the reasoning.text item's text goes, its signature cannot
            "/messages/1/parts/0/extensions",
            "the signature of reasoning sent as text (only the model that produced it can replay it: a signature is only valid for that model)",
        ),
        (
            "/messages/1/parts/1",
            f"reasoning from {CHAT} (only the model that produced it can replay it: a signature is only valid for that model)",
        ),
    ]
    kept = _chat(DEEPSEEK, target="gemini", source_profile="deepseek")
    assert [(loss.code, loss.pointer) for loss in kept.losses if loss.code.startswith("reasoning")] == [
        ("reasoning.dropped", "/messages/1/parts/0")
    ]
    assert "THINK-D" not in json.dumps(kept.value)


def test_without_a_profile_chat_keeps_them_as_fields() -> None:
    for payload in SOURCES.values():
        assert _chat(payload).value == payload  # exact within Chat, as before
        codes = {loss.code for loss in _chat(payload, target="gemini", model="m").losses}
        assert "extension.field_dropped" in codes and "reasoning.dropped" not in codes


def test_across_profiles_what_the_target_cannot_carry_is_a_loss() -> None:
    got = _chat(OPENROUTER, source_profile="openrouter", target_profile="deepseek")
    assert got.value["messages"][1]["reasoning_content"] == "THINK-OSUMMARY-O"
    assert "reasoning_details" not in got.value["messages"][1]
    assert [(loss.code, loss.pointer) for loss in got.losses] == [
        ("extension.field_dropped", f"/messages/1/parts/0/extensions/{CHAT}/fields"),
        ("reasoning.dropped", "/messages/1/parts/1"),
        ("extension.field_dropped", f"/messages/1/parts/2/extensions/{CHAT}/fields"),
    ]
    with pytest.raises(LossError, match="the fields of an OpenRouter reasoning item"):
        _chat(OPENROUTER, source_profile="openrouter", target_profile="deepseek", strict=True)
    up = _chat(DEEPSEEK, source_profile="deepseek", target_profile="openrouter")
    assert up.value["messages"][1]["reasoning_details"] == [{"type": "reasoning.text", "text": "THINK-D"}]
    assert up.losses == []


def test_another_dialects_reasoning_under_a_target_profile_is_a_loss() -> None:
    anthropic = {
        "model": "m",
        "max_tokens": 10,
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [{"type": "thinking", "thinking": "T", "signature": "S"}, {"type": "text", "text": "yo"}],
            },
        ],
    }
    got = convert(anthropic, source="anthropic_messages", target=CHAT, shape="request", target_profile="openrouter")
    assert "reasoning_details" not in got.value["messages"][1]
    assert [loss.code for loss in got.losses] == ["reasoning.dropped"]


def test_a_loss_after_a_moved_part_points_at_the_part_given() -> None:
    canonical = {
        "messages": [
            {
                "role": "assistant",
                "parts": [{"type": "reasoning", "dialect": CHAT, "text": "T"}, {"type": "text", "text": "a"}],
            }
        ]
    }
    lost: list[Loss] = []
    written, moved = profile_out(canonical, "request", profile_of(REASONING_PROFILES, CHAT, "deepseek"), lost, False)
    assert written["messages"][0]["parts"] == [{"type": "text", "text": "a"}] and lost == []
    assert written["messages"][0]["extensions"] == {CHAT: {"fields": {"/reasoning_content": "T"}}}
    losses = [Loss("x", "/messages/0/parts/0/text", CHAT, "w"), Loss("x", "/messages/0", CHAT, "w")]
    assert [loss.pointer for loss in moved_back(losses, moved)] == ["/messages/0/parts/1/text", "/messages/0"]


def test_a_bad_profile_is_refused() -> None:
    with pytest.raises(
        ValueError, match=r"^unknown openai_chat reasoning profile 'groq'; known: deepseek, openrouter$"
    ):
        _chat(DEEPSEEK, source_profile="groq")
    with pytest.raises(
        ValueError, match=r"^target_profile reads an openai_chat request, response or stream, not gemini request$"
    ):
        _chat(DEEPSEEK, target="gemini", target_profile="deepseek")


def test_the_profiles_are_the_specs() -> None:
    """Each profile the runtime reads is documented in profiles.json, with the fields it reads."""
    spec = json.loads((REPO / "schemas" / "dialects" / CHAT / "profiles.json").read_text())["profiles"]
    for profile, field in (("deepseek", "reasoning_content"), ("openrouter", "reasoning_details")):
        paths = {q["path"] for q in spec[profile]["quirks"]}
        assert {f"/messages/*/{field}", f"/choices/*/message/{field}", f"/choices/*/delta/{field}"} <= paths


def test_typescript_reads_and_writes_them_as_python_does() -> None:
    cases: list[tuple[Any, dict[str, Any]]] = []
    for source in ("deepseek", "openrouter"):
        for target in (*PROFILES, None):
            cases.append((SOURCES[source], {"sourceProfile": source, "targetProfile": target}))
        cases.append((SOURCES[source], {"sourceProfile": source, "target": "anthropic_messages", "reasoning": "text"}))
        cases.append((SOURCES[source], {"sourceProfile": source, "targetProfile": "deepseek", "strict": True}))
    cases.append((RESPONSE, {"shape": "response", "sourceProfile": "deepseek", "targetProfile": "openrouter"}))
    cases.append((DEEPSEEK, {"sourceProfile": "groq"}))
    cases.append((DEEPSEEK, {"target": "gemini", "targetProfile": "deepseek"}))
    jobs, want = [], []
    for payload, given in cases:
        options = {"source": CHAT, "target": CHAT, "shape": "request", "model": "m", **given}
        jobs.append({"wire": payload, "options": options})
        python = {
            {"sourceProfile": "source_profile", "targetProfile": "target_profile"}.get(k, k): v
            for k, v in options.items()
        }
        try:
            got = convert(copy.deepcopy(payload), **python)
            want.append([got.value, [list(loss) for loss in got.losses]])
        except (LossError, ValueError) as exc:
            want.append(["error", type(exc).__name__, str(exc)])
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == json.loads(json.dumps(want))


def test_the_command_line_takes_the_profiles() -> None:
    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "toolwire", "convert", "--from", CHAT, "--shape", "request", *args, "-"]
        return subprocess.run(command, input=json.dumps(OPENROUTER), capture_output=True, text=True, check=False)

    same = cli("--to", CHAT, "--from-profile", "openrouter", "--to-profile", "openrouter")
    assert same.returncode == 0 and json.loads(same.stdout) == OPENROUTER and same.stderr == ""
    text = cli("--to", "anthropic_messages", "--from-profile", "openrouter", "--reasoning", "text")
    assert text.returncode == 0 and "SUMMARY-O" in text.stdout
    wrong = cli("--to", "gemini", "--to-profile", "deepseek")
    assert wrong.returncode == 2 and "--to-profile reads an openai_chat request, response or stream" in wrong.stderr
    assert "Traceback" not in wrong.stderr
