"""The cross-dialect reasoning policy (issue #25, point 10): `reasoning="keep" | "text" | "drop"`
in convert(), the encoders, convert_stream() and `toolwire convert --reasoning`.

Every ordered pair of the dialects whose reasoning carries a provider's signature or encrypted
data (Anthropic, Bedrock, Gemini, Responses) is converted under each policy, and the value and
losses checked against the rule, in Python and in TypeScript (the same values and losses):

- keep: a dialect replays its own reasoning (the round trip is exact); into any other dialect
  each reasoning part is a `reasoning.dropped` loss naming the dialect that signed it (a
  signature is only valid for the provider and model that produced it);
- text: what keep cannot replay is sent as text, without its signature; a part without text
  (Anthropic's redacted thinking) is still a loss;
- drop: every reasoning part is removed, a `reasoning.dropped` loss each that says it was
  asked for, which strict mode and an allow-list do not refuse.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects._errors import LossError
from toolwire_dialects.convert import DIALECTS, convert

from tests.test_typescript_json import CONVERT_DRIVER, run_node, ts_dist

REPO = Path(__file__).resolve().parents[1]
ASKED = "reasoning (dropped as asked: reasoning='drop')"
POLICIES = ("keep", "text", "drop")

# one request per dialect: a turn whose reasoning is signed (or encrypted), then the answer
SOURCES: dict[str, dict[str, Any]] = {
    "anthropic_messages": {
        "model": "m",
        "max_tokens": 100,
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "THINK-A", "signature": "SIG-A"},
                    {"type": "redacted_thinking", "data": "REDACTED-A"},
                    {"type": "text", "text": "yo"},
                ],
            },
            {"role": "user", "content": "ok"},
        ],
    },
    "bedrock_converse": {
        "modelId": "m",
        "messages": [
            {"role": "user", "content": [{"text": "hi"}]},
            {
                "role": "assistant",
                "content": [
                    {"reasoningContent": {"reasoningText": {"text": "THINK-B", "signature": "SIG-B"}}},
                    {"text": "yo"},
                ],
            },
            {"role": "user", "content": [{"text": "ok"}]},
        ],
    },
    "gemini": {
        "model": "m",
        "contents": [
            {"role": "user", "parts": [{"text": "hi"}]},
            {
                "role": "model",
                "parts": [{"text": "THINK-G", "thought": True, "thoughtSignature": "U0lHLUc="}, {"text": "yo"}],
            },
            {"role": "user", "parts": [{"text": "ok"}]},
        ],
    },
    "openai_responses": {
        "model": "m",
        "input": [
            {"role": "user", "content": "hi"},
            {
                "type": "reasoning",
                "id": "rs_1",
                "summary": [{"type": "summary_text", "text": "THINK-R"}],
                "encrypted_content": "ENC-R",
            },
            {"role": "assistant", "type": "message", "content": [{"type": "output_text", "text": "yo"}]},
            {"role": "user", "content": "ok"},
        ],
    },
}
# what each source's reasoning leaves on the wire: its text, and its signature or encrypted data
TEXTS = {
    "anthropic_messages": ["THINK-A"],
    "bedrock_converse": ["THINK-B"],
    "gemini": ["THINK-G"],
    "openai_responses": ["THINK-R"],
}
SECRETS = {
    "anthropic_messages": ["SIG-A", "REDACTED-A"],
    "bedrock_converse": ["SIG-B"],
    "gemini": ["U0lHLUc="],
    "openai_responses": ["ENC-R", "rs_1"],
}
PAIRS = [(s, t) for s in SOURCES for t in SOURCES]
CLAUDE = {"anthropic_messages", "bedrock_converse"}  # one model's signatures: each replays the other's
FOREIGN = "only the model that produced it can replay it: a signature is only valid for that model"


def _reasoning(source: str) -> list[tuple[str, bool]]:
    """Each reasoning part of the source's canonical request: its pointer, whether it has text."""
    canonical = DIALECTS[source].decode_request(copy.deepcopy(SOURCES[source]))
    return [
        (f"/messages/{i}/parts/{j}", bool(part.get("text")))
        for i, message in enumerate(canonical["messages"])
        for j, part in enumerate(message["parts"])
        if part["type"] == "reasoning"
    ]


def _convert(source: str, target: str, **options: Any) -> Any:
    # a Gemini request names its model in the URL: the caller names it for the others
    return convert(copy.deepcopy(SOURCES[source]), source=source, target=target, shape="request", model="m", **options)


def _dropped(losses: list[Any]) -> list[tuple[str, str]]:
    return [(loss.pointer, loss.what) for loss in losses if loss.code == "reasoning.dropped"]


@pytest.mark.parametrize(("source", "target"), PAIRS)
@pytest.mark.parametrize("policy", POLICIES)
def test_each_policy_between_each_pair(source: str, target: str, policy: str) -> None:
    got = _convert(source, target, reasoning=policy)
    wire = json.dumps(got.value)
    parts = _reasoning(source)
    assert parts  # every source has reasoning to decide about
    foreign = f"reasoning from {source} ({FOREIGN})"
    if policy == "drop":
        assert _dropped(got.losses) == [(at, ASKED) for at, _text in parts]
        assert not any(marker in wire for marker in TEXTS[source] + SECRETS[source])
    elif source == target:  # its own reasoning, signed: replayed exactly
        assert got.value == SOURCES[source] and got.losses == []
    elif {source, target} == CLAUDE:  # Claude's signatures replay in both; REDACTED-A is no base64 blob
        assert all(marker in wire for marker in TEXTS[source] + SECRETS[source][:1])
        assert "REDACTED-A" not in wire
        assert _dropped(got.losses) == [(at, foreign) for at, text in parts if not text]
    elif policy == "keep":
        assert _dropped(got.losses) == [(at, foreign) for at, _text in parts]
        assert not any(marker in wire for marker in TEXTS[source] + SECRETS[source])
    else:  # text: the text, never the signature (a loss saying why); a part without text is still a loss
        signature = f"the signature of reasoning sent as text ({FOREIGN})"
        assert _dropped(got.losses) == [
            (at + "/extensions", signature) if text else (at, foreign) for at, text in parts
        ]
        assert all(marker in wire for marker in TEXTS[source])
        assert not any(marker in wire for marker in SECRETS[source])


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_an_asked_for_drop_is_not_refused(source: str, target: str) -> None:
    lenient = _convert(source, target, reasoning="drop")
    others = sorted({loss.code for loss in lenient.losses} - {"reasoning.dropped"})
    for options in ({"allow": others}, {"strict": True} if not others else {"allow": others}):
        assert _convert(source, target, reasoning="drop", **options) == lenient
    if source != target and (source, target) != ("bedrock_converse", "anthropic_messages"):
        # under keep the same drop is a loss the allow-list refuses (Bedrock's signed reasoning replays in Anthropic)
        with pytest.raises(LossError, match=r"\[reasoning.dropped\]"):
            _convert(source, target, reasoning="keep", allow=others)


def test_strict_drop_within_one_dialect() -> None:
    got = _convert("anthropic_messages", "anthropic_messages", reasoning="drop", strict=True)
    assert got.value["messages"][1] == {"role": "assistant", "content": "yo"}  # the one text left
    assert _dropped(got.losses) == [("/messages/1/parts/0", ASKED), ("/messages/1/parts/1", ASKED)]


def test_a_response_follows_the_policy() -> None:
    response = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [{"type": "thinking", "thinking": "THINK-A", "signature": "SIG-A"}, {"type": "text", "text": "yo"}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 1, "output_tokens": 2},
    }
    options = {"source": "anthropic_messages", "shape": "response"}
    kept = convert(copy.deepcopy(response), target="anthropic_messages", reasoning="keep", **options)
    assert kept.value == response and kept.losses == []
    dropped = convert(copy.deepcopy(response), target="anthropic_messages", reasoning="drop", strict=True, **options)
    assert "THINK-A" not in json.dumps(dropped.value) and _dropped(dropped.losses) == [("/message/parts/0", ASKED)]
    text = convert(copy.deepcopy(response), target="openai_chat", reasoning="text", **options)
    # a Chat response's content is one string: the reasoning text and the answer are joined
    assert text.value["choices"][0]["message"]["content"] == "THINK-A\n\nyo" and _dropped(text.losses) == [
        ("/message/parts/0/extensions", f"the signature of reasoning sent as text ({FOREIGN})")
    ]


def test_reasoning_as_text_is_the_deprecated_spelling_of_text() -> None:
    for source, target in PAIRS:
        assert _convert(source, target, reasoning_as_text=True) == _convert(source, target, reasoning="text")
        assert _convert(source, target, reasoning_as_text=True, reasoning="text") == _convert(
            source, target, reasoning="text"
        )


def test_a_bad_policy_is_a_value_error() -> None:
    with pytest.raises(ValueError, match=r"^unknown reasoning policy 'hide'; known: keep, text, drop$"):
        _convert("gemini", "openai_chat", reasoning="hide")
    with pytest.raises(ValueError, match=r"^reasoning_as_text=True is reasoning='text', not reasoning='drop'$"):
        _convert("gemini", "openai_chat", reasoning="drop", reasoning_as_text=True)
    with pytest.raises(ValueError, match="takes no option reasoning"):  # a tool part has no reasoning
        convert({"name": "f"}, source="openai_chat", target="gemini", shape="tool_definition", reasoning="drop")


def test_typescript_converts_as_python_does() -> None:
    jobs: list[dict[str, Any]] = []
    want: list[Any] = []
    cases: list[dict[str, Any]] = [
        {"source": s, "target": t, "reasoning": p, **extra}
        for s, t in PAIRS
        for p in POLICIES
        for extra in ({}, {"strict": True})
    ]
    cases += [
        {"source": "gemini", "target": "openai_chat", "reasoning": "hide"},
        {"source": "gemini", "target": "openai_chat", "reasoning": "drop", "reasoningAsText": True},
        {"source": "anthropic_messages", "target": "gemini", "reasoningAsText": True},
        {"source": "anthropic_messages", "target": "gemini", "reasoning": "drop", "allow": []},
        {"source": "anthropic_messages", "target": "gemini", "reasoning": "keep", "allow": []},
    ]
    for case in cases:
        jobs.append({"wire": SOURCES[case["source"]], "options": {**case, "shape": "request", "model": "m"}})
        options = {"reasoning_as_text" if k == "reasoningAsText" else k: v for k, v in case.items()}
        try:
            got = _convert(options.pop("source"), options.pop("target"), **options)
            want.append([got.value, [list(loss) for loss in got.losses]])
        except LossError as exc:
            want.append(["error", "LossError", str(exc)])
        except ValueError as exc:
            want.append(["error", "ValueError", str(exc)])
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == json.loads(json.dumps(want))
    assert sum(answer[0] == "error" for answer in answers) >= 3  # the refusals are compared too


# --- streams ---------------------------------------------------------------------------------


def test_a_relay_follows_the_policy() -> None:
    from toolwire_dialects.streams import convert_stream

    from tests.test_relay import outcome, script, written

    events = written("anthropic_messages", script("anthropic_messages"))
    relay = convert_stream(
        events, source="anthropic_messages", target="anthropic_messages", reasoning="drop", strict=True
    )
    out = list(relay)
    assert not [e for e in out if e.get("type") == "content_block_start" and e["content_block"]["type"] == "thinking"]
    assert [(loss.pointer, loss.what) for loss in relay.losses] == [("/reasoning", ASKED)]
    relay = convert_stream(events, source="anthropic_messages", target="openai_chat", reasoning="text")
    assert outcome("openai_chat", list(relay))["text"] == "The user wants the weather.Let me check."
    relay = convert_stream(events, source="anthropic_messages", target="openai_chat", reasoning="drop", allow=[])
    assert outcome("openai_chat", list(relay))["text"] == "Let me check."
    assert [loss.what for loss in relay.losses] == [ASKED]
    with pytest.raises(ValueError, match="unknown reasoning policy"):
        convert_stream(events, source="anthropic_messages", target="openai_chat", reasoning="hide")


# --- the command line ------------------------------------------------------------------------


def _cli(*args: str, payload: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolwire", "convert", *args],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_line_takes_the_policy() -> None:
    base = ("--from", "anthropic_messages", "--to", "openai_chat", "--shape", "request", "-")
    dropped = _cli(*base, "--reasoning", "drop", "--strict", payload=SOURCES["anthropic_messages"])
    assert dropped.returncode == 0, dropped.stderr
    assert "THINK-A" not in dropped.stdout and dropped.stderr.count("dropped as asked") == 2
    text = _cli(*base, "--reasoning", "text", payload=SOURCES["anthropic_messages"])
    assert text.returncode == 0 and "THINK-A" in text.stdout
    assert json.loads(text.stdout) == json.loads(
        _cli(*base, "--reasoning-as-text", payload=SOURCES["anthropic_messages"]).stdout
    )
    kept = _cli(*base, "--strict", payload=SOURCES["anthropic_messages"])
    assert kept.returncode == 1 and FOREIGN in kept.stderr
    both = _cli(*base, "--reasoning", "drop", "--reasoning-as-text", payload=SOURCES["anthropic_messages"])
    assert both.returncode == 2 and "--reasoning-as-text is --reasoning text, not --reasoning drop" in both.stderr
    assert "Traceback" not in both.stderr


_RELAY_DRIVER = r"""
import { createInterface } from "node:readline";
const { convertStream } = await import(process.argv[process.argv.length - 1]);
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  try {
    const relay = convertStream(job.events, job.options);
    const out = [...relay];
    console.log(JSON.stringify([out, relay.losses.map((l) => [l.code, l.pointer, l.target, l.what])]));
  } catch (exc) {
    console.log(JSON.stringify(["error", exc.name, exc.message]));
  }
}
"""


def test_typescript_relays_as_python_does() -> None:
    from toolwire_dialects.streams import convert_stream

    from tests.test_relay import script, written

    jobs, want = [], []
    for source in SOURCES:
        events = written(source, script(source))
        for target in (*SOURCES, "openai_chat"):
            for policy in POLICIES:
                relay = convert_stream(copy.deepcopy(events), source=source, target=target, reasoning=policy)
                out = list(relay)
                jobs.append({"events": events, "options": {"source": source, "target": target, "reasoning": policy}})
                want.append([out, [list(loss) for loss in relay.losses]])
    answers = run_node(_RELAY_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == json.loads(json.dumps(want))
    assert sum(ASKED in json.dumps(answer[1]) for answer in answers) == len(SOURCES) * (len(SOURCES) + 1)
