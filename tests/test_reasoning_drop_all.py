"""reasoning="drop" removes every reasoning part in every pair (issue #25, point 10), requests
and responses, in Python and TypeScript alike.

The sources are each dialect's conversation vectors that hold reasoning (Anthropic thinking and
redacted_thinking, Bedrock reasoningText and its redactedContent wire block, a Responses
reasoning item with encrypted_content, Gemini and Gemini Interactions thoughts, Cohere, Mistral
and Ollama thinking), a Bedrock response holding both Bedrock kinds, and Chat read under the
deepseek and openrouter profiles. Each goes into every conversational dialect (Chat also under
each profile): no text, signature or data of its reasoning may reach the wire, and each
reasoning part is one `reasoning.dropped` loss that says it was asked for, at its place.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects._chat_reasoning import profile_in, profile_of
from toolwire_dialects.convert import DIALECTS, REASONING_PROFILES, convert

from tests.test_typescript_json import CONVERT_DRIVER, run_node, ts_dist

REPO = Path(__file__).resolve().parents[1]
ASKED = "reasoning (dropped as asked: reasoning='drop')"
CHAT = "openai_chat"
CONVERSATIONAL = [d for d in DIALECTS if (REPO / "schemas/vectors" / d / "conversation.json").exists()]

BEDROCK_RESPONSE = {
    "output": {
        "message": {
            "role": "assistant",
            "content": [
                {"reasoningContent": {"reasoningText": {"text": "THINK-B", "signature": "SIG-B"}}},
                {"reasoningContent": {"redactedContent": "UkVEQUNURUQtQg=="}},
                {"text": "yo"},
            ],
        }
    },
    "stopReason": "end_turn",
    "usage": {"inputTokens": 1, "outputTokens": 2, "totalTokens": 3},
    "metrics": {"latencyMs": 1},
}
DEEPSEEK = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "yo", "reasoning_content": "THINK-D"},
        {"role": "user", "content": "ok"},
    ],
}
OPENROUTER = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": "yo",
            "reasoning_details": [
                {"type": "reasoning.text", "text": "THINK-O", "signature": "SIG-O", "format": "f", "index": 0},
                {"type": "reasoning.encrypted", "data": "ENC-O", "format": "f", "index": 1},
                {"type": "reasoning.summary", "summary": "SUMMARY-O", "format": "f", "index": 2},
            ],
        },
        {"role": "user", "content": "ok"},
    ],
}
DEEPSEEK_RESPONSE = {
    "id": "gen-1",
    "object": "chat.completion",
    "created": 1,
    "model": "m",
    "choices": [
        {
            "index": 0,
            "finish_reason": "stop",
            "message": {"role": "assistant", "content": "yo", "reasoning_content": "THINK-R"},
        }
    ],
}


def _sources() -> list[tuple[str, str, str, Any, str | None]]:
    """(id, dialect, shape, wire, source profile) of every source holding reasoning."""
    out: list[tuple[str, str, str, Any, str | None]] = []
    for dialect in CONVERSATIONAL:
        cases = json.loads((REPO / "schemas/vectors" / dialect / "conversation.json").read_text())["valid"]
        for n, case in enumerate(cases):
            if _reasoning(case["canonical"], case["shape"]):
                out.append((f"{dialect}/{case['shape']}/{n}", dialect, case["shape"], case["wire"], None))
    out.append(("bedrock_converse/response/both", "bedrock_converse", "response", BEDROCK_RESPONSE, None))
    out.append(("openai_chat/request/deepseek", CHAT, "request", DEEPSEEK, "deepseek"))
    out.append(("openai_chat/request/openrouter", CHAT, "request", OPENROUTER, "openrouter"))
    out.append(("openai_chat/response/deepseek", CHAT, "response", DEEPSEEK_RESPONSE, "deepseek"))
    return out


def _is_reasoning(part: Any) -> bool:
    # Bedrock's redacted reasoning is a wire part: a reasoningContent block the canonical model has no kind for
    if type(part) is not dict:
        return False
    value = part.get("value")
    return part.get("type") == "reasoning" or (
        part.get("type") == "wire" and type(value) is dict and "reasoningContent" in value
    )


def _reasoning(canonical: dict[str, Any], shape: str) -> list[tuple[str, Any]]:
    """(pointer, part) of each reasoning part of a canonical request or response."""
    if shape == "response":
        places = [("/message", canonical.get("message") or {})]
    else:
        places = [(f"/messages/{i}", m) for i, m in enumerate(canonical.get("messages") or [])]
    return [
        (f"{at}/parts/{j}", part)
        for at, message in places
        for j, part in enumerate(message.get("parts") or [])
        if _is_reasoning(part)
    ]


def _markers(part: Any) -> list[str]:
    """The strings a reasoning part carries (its text, signature, data), not its kind or dialect."""
    if type(part) is str:
        return [part] if len(part) >= 4 and part not in DIALECTS and not part.startswith("reasoning.") else []
    if type(part) is dict:
        return [m for k, v in part.items() if k not in ("type", "dialect", "format") for m in _markers(v)]
    if type(part) is list:
        return [m for v in part for m in _markers(v)]
    return []


def _canonical(dialect: str, shape: str, wire: Any, profile: str | None) -> dict[str, Any]:
    decoded = getattr(DIALECTS[dialect], f"decode_{shape}")(copy.deepcopy(wire))
    if profile is None:
        return decoded
    return profile_in(decoded, shape, profile_of(REASONING_PROFILES, dialect, profile))


SOURCES = _sources()
TARGETS = [(t, None) for t in CONVERSATIONAL] + [(CHAT, "deepseek"), (CHAT, "openrouter")]
JOBS = [(source, target) for source in SOURCES for target in TARGETS]


def _options(source: tuple[str, str, str, Any, str | None], target: tuple[str, str | None]) -> dict[str, Any]:
    _id, dialect, shape, _wire, profile = source
    options = {"source": dialect, "target": target[0], "shape": shape, "model": "m", "reasoning": "drop"}
    if profile is not None:
        options["source_profile"] = profile
    if target[1] is not None:
        options["target_profile"] = target[1]
    return options


def test_every_kind_of_reasoning_is_a_source() -> None:
    kinds = {
        (dialect, json.dumps(part.get("value"))[:40] if part["type"] == "wire" else part["type"])
        for _id, dialect, shape, wire, profile in SOURCES
        for _at, part in _reasoning(_canonical(dialect, shape, wire, profile), shape)
    }
    assert {d for d, _kind in kinds} >= {"anthropic_messages", "bedrock_converse", "gemini", "openai_responses", CHAT}
    assert any(d == "bedrock_converse" and "redactedContent" in k for d, k in kinds)  # the wire part itself
    redacted_thinking = [
        part
        for _id, dialect, shape, wire, profile in SOURCES
        if dialect == "anthropic_messages"
        for _at, part in _reasoning(_canonical(dialect, shape, wire, profile), shape)
        if "/data" in json.dumps(part)
    ]
    assert redacted_thinking


@pytest.mark.parametrize(("source", "target"), JOBS, ids=[f"{s[0]}->{t[0]}:{t[1]}" for s, t in JOBS])
def test_drop_removes_every_reasoning_part(
    source: tuple[str, str, str, Any, str | None], target: tuple[str, str | None]
) -> None:
    _id, dialect, shape, wire, profile = source
    parts = _reasoning(_canonical(dialect, shape, wire, profile), shape)
    assert parts
    got = convert(copy.deepcopy(wire), **_options(source, target))
    sent = json.dumps(got.value)
    markers = [m for _at, part in parts for m in _markers(part)]
    assert markers and [m for m in markers if m in sent] == []
    dropped = sorted((loss.pointer, loss.what) for loss in got.losses if loss.code == "reasoning.dropped")
    assert dropped == sorted((at, ASKED) for at, _part in parts)


def test_typescript_drops_as_python_does() -> None:
    jobs: list[dict[str, Any]] = []
    want: list[Any] = []
    names = {"source_profile": "sourceProfile", "target_profile": "targetProfile"}
    for source, target in JOBS:
        options = _options(source, target)
        got = convert(copy.deepcopy(source[3]), **options)
        want.append([got.value, [list(loss) for loss in got.losses]])
        jobs.append({"wire": source[3], "options": {names.get(k, k): v for k, v in options.items()}})
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == json.loads(json.dumps(want))
