"""Usage semantics across dialects (issue #23, point 8): each canonical token count has one
meaning (schemas/canonical/usage.json) and each dialect declares which parts its wire counts
leave out (usage_excludes in its dialect.json). Every case runs through the Python package and
the TypeScript one, which must agree (values, losses, errors); the property tests convert random
counts A -> B -> A for every ordered pair of dialects and check that the canonical meaning (the
input, output and total sums, and every part both sides carry) survives."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.test_typescript_json import REPO, run_node, ts_dist

USAGE_DIALECTS = (
    "anthropic_messages",
    "bedrock_converse",
    "cohere_v2",
    "gemini",
    "gemini_interactions",
    "mistral",
    "ollama",
    "openai_chat",
    "openai_responses",
)
PAIRS = [(a, b) for a in USAGE_DIALECTS for b in USAGE_DIALECTS if a != b]
SUMS = ("input_tokens", "output_tokens", "total_tokens")


def _places(dialect: str) -> dict[str, str]:
    """The canonical counts a dialect's responses carry, from its mapping."""
    mapping = json.loads((REPO / "schemas/dialects" / dialect / "dialect.json").read_text(encoding="utf-8"))
    places: dict[str, str] = mapping["conversation"]["response"]["usage"]
    return places


# --- the TypeScript side: one node process answers every job ----------------------------

_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const dist = process.argv[process.argv.length - 1];
const pkg = await import(pathToFileURL(`${dist}/index.js`).href);
const { RelayReader } = await import(pathToFileURL(`${dist}/streams/_relay_read.js`).href);
const losses = (ls) => ls.map((l) => [l.code, l.pointer, l.what]);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const out = {};
  try {
    if (job.kind === "convert") {
      const options = { source: job.source, target: job.target, shape: "response", strict: job.strict ?? false };
      const encoded = pkg.convert(job.payload, options);
      out.value = encoded.value;
      out.losses = losses(encoded.losses);
    } else if (job.kind === "decode") {
      out.value = pkg.decoder(job.dialect, "response")(job.payload);
    } else if (job.kind === "encode") {
      const encoded = pkg.encoder(job.dialect, "response")(job.payload);
      out.value = encoded.value;
      out.losses = losses(encoded.losses);
    } else if (job.kind === "relay") {
      const relay = pkg.convertStream(job.payload, { source: job.source, target: job.target });
      out.value = [];
      for await (const event of relay) out.value.push(event);
      out.losses = losses(relay.losses);
    } else {  // read: a dialect's events as canonical stream events
      const reader = new RelayReader(pkg.dialectObject(job.dialect));
      out.value = job.payload.flatMap((event) => reader.feed(event)).concat(reader.end());
    }
  } catch (e) {
    out.error = [e.name, e.message];
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
"""


def _python(job: dict[str, Any]) -> dict[str, Any]:
    from toolwire_dialects import convert, decoder, encoder
    from toolwire_dialects.convert import convert_stream
    from toolwire_dialects.dialects import dialect_object
    from toolwire_dialects.streams._relay_read import RelayReader

    def losses(found: Any) -> list[list[str]]:
        return [[loss.code, loss.pointer, loss.what] for loss in found]

    out: dict[str, Any] = {}
    try:
        if job["kind"] == "convert":
            strict = job.get("strict", False)
            encoded = convert(
                job["payload"], source=job["source"], target=job["target"], shape="response", strict=strict
            )
            out["value"], out["losses"] = encoded.value, losses(encoded.losses)
        elif job["kind"] == "decode":
            out["value"] = decoder(job["dialect"], "response")(job["payload"])
        elif job["kind"] == "encode":
            encoded = encoder(job["dialect"], "response")(job["payload"])
            out["value"], out["losses"] = encoded.value, losses(encoded.losses)
        elif job["kind"] == "relay":
            relay = convert_stream(job["payload"], source=job["source"], target=job["target"])
            out["value"] = list(relay)
            out["losses"] = losses(relay.losses)
        else:
            reader = RelayReader(dialect_object(job["dialect"]))
            out["value"] = [e for event in job["payload"] for e in reader.feed(event)] + reader.end()
    except Exception as exc:  # the TypeScript side must fail the same way
        out["error"] = [type(exc).__name__, str(exc)]
    return out


def both(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each job's outcome, the same in Python and in TypeScript."""
    python = [_python(job) for job in jobs]
    if not (ts_dist() / "index.js").exists():
        pytest.skip(f"{ts_dist()} is not built: run toolwire generate")
    typescript = run_node(_DRIVER, jobs, str(ts_dist()))
    for job, py, ts in zip(jobs, python, typescript, strict=True):
        assert ts == py, f"Python and TypeScript differ on {json.dumps(job)[:300]}:\n{py}\n{ts}"
    return python


def convert_both(payload: Any, source: str, target: str) -> dict[str, Any]:
    (out,) = both([{"kind": "convert", "payload": payload, "source": source, "target": target}])
    assert "error" not in out, out
    return out


def usage_losses(out: dict[str, Any]) -> list[tuple[str, str]]:
    return [(code, pointer) for code, pointer, _what in out["losses"] if code.startswith("usage.")]


# --- the example of the issue, and one per relation -------------------------------------

ANTHROPIC = {
    "type": "message",
    "id": "msg_1",
    "model": "claude-x",
    "role": "assistant",
    "content": [{"type": "text", "text": "Hi"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {
        "input_tokens": 10,
        "output_tokens": 5,
        "cache_read_input_tokens": 100,
        "cache_creation_input_tokens": 20,
    },
}


def test_anthropic_cache_counts_are_added_to_the_input_of_dialects_whose_input_includes_them() -> None:
    chat = convert_both(ANTHROPIC, "anthropic_messages", "openai_chat")
    assert chat["value"]["usage"] == {
        "prompt_tokens": 130,
        "completion_tokens": 5,
        "prompt_tokens_details": {"cached_tokens": 100},
        "total_tokens": 135,
    }
    assert usage_losses(chat) == [("usage.dropped", "/usage/cache_write_input_tokens")]
    gemini = convert_both(ANTHROPIC, "anthropic_messages", "gemini")
    assert gemini["value"]["usageMetadata"] == {
        "promptTokenCount": 130,
        "candidatesTokenCount": 5,
        "cachedContentTokenCount": 100,
        "totalTokenCount": 135,
    }
    ollama = convert_both(ANTHROPIC, "anthropic_messages", "ollama")
    assert (ollama["value"]["prompt_eval_count"], ollama["value"]["eval_count"]) == (130, 5)


def test_bedrock_counts_cache_reads_and_writes_apart_from_its_input_and_in_its_total() -> None:
    bedrock = convert_both(ANTHROPIC, "anthropic_messages", "bedrock_converse")
    assert bedrock["value"]["usage"] == {
        "inputTokens": 10,
        "outputTokens": 5,
        "cacheReadInputTokens": 100,
        "cacheWriteInputTokens": 20,
        "totalTokens": 135,
    }
    assert usage_losses(bedrock) == []
    back = convert_both(bedrock["value"], "bedrock_converse", "anthropic_messages")
    assert back["value"]["usage"] == ANTHROPIC["usage"]


def test_chat_cached_tokens_are_taken_out_of_an_anthropic_input() -> None:
    chat = {
        "id": "c1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-x",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hi"}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": 130,
            "completion_tokens": 50,
            "total_tokens": 180,
            "prompt_tokens_details": {"cached_tokens": 100},
            "completion_tokens_details": {"reasoning_tokens": 40},
        },
    }
    anthropic = convert_both(chat, "openai_chat", "anthropic_messages")
    assert anthropic["value"]["usage"] == {"input_tokens": 30, "output_tokens": 50, "cache_read_input_tokens": 100}
    # Anthropic has no reasoning count (output includes it); the total is the sum: no loss
    assert usage_losses(anthropic) == [("usage.dropped", "/usage/reasoning_tokens")]
    gemini = convert_both(chat, "openai_chat", "gemini")
    assert gemini["value"]["usageMetadata"] == {
        "promptTokenCount": 130,
        "candidatesTokenCount": 10,
        "totalTokenCount": 180,
        "cachedContentTokenCount": 100,
        "thoughtsTokenCount": 40,
    }


def test_gemini_thoughts_are_added_to_the_output_and_tool_use_prompts_to_the_input() -> None:
    # corpus/gemini/gemini25flash-function-call.response.json: 49 + 15 + 48 = 112
    gemini = {
        "candidates": [{"content": {"role": "model", "parts": [{"text": "Hi"}]}, "finishReason": "STOP"}],
        "usageMetadata": {
            "promptTokenCount": 49,
            "candidatesTokenCount": 15,
            "thoughtsTokenCount": 48,
            "toolUsePromptTokenCount": 7,
            "totalTokenCount": 119,
        },
    }
    (decoded,) = both([{"kind": "decode", "dialect": "gemini", "payload": gemini}])
    assert decoded["value"]["usage"] == {
        "input_tokens": 56,
        "output_tokens": 63,
        "total_tokens": 119,
        "reasoning_tokens": 48,
        "tool_input_tokens": 7,
    }
    chat = convert_both(gemini, "gemini", "openai_chat")
    assert chat["value"]["usage"] == {
        "prompt_tokens": 56,
        "completion_tokens": 63,
        "total_tokens": 119,
        "completion_tokens_details": {"reasoning_tokens": 48},
    }
    assert usage_losses(chat) == [("usage.dropped", "/usage/tool_input_tokens")]
    back = convert_both(chat["value"], "openai_chat", "gemini")
    assert back["value"]["usageMetadata"] == {
        "promptTokenCount": 56,  # the tool-use part is gone (reported above): the sum is kept
        "candidatesTokenCount": 15,
        "totalTokenCount": 119,
        "thoughtsTokenCount": 48,
    }


def test_a_part_larger_than_its_whole_is_reported_never_written_negative() -> None:
    chat = {
        "id": "c1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-x",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hi"}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": 10,
            "completion_tokens": 5,
            "total_tokens": 15,
            "prompt_tokens_details": {"cached_tokens": 100},
        },
    }
    anthropic = convert_both(chat, "openai_chat", "anthropic_messages")
    # the count is dropped, and Usage requires input_tokens: the documented default, never -90
    assert anthropic["value"]["usage"] == {"output_tokens": 5, "cache_read_input_tokens": 100, "input_tokens": 0}
    assert usage_losses(anthropic) == [("usage.inconsistent", "/usage/input_tokens")]
    assert ("response.defaulted", "/usage/input_tokens") in [(code, at) for code, at, _w in anthropic["losses"]]
    (what,) = [w for code, _p, w in anthropic["losses"] if code == "usage.inconsistent"]
    assert what == "the usage count input_tokens (10, less than its parts cached_input_tokens)"
    gemini = {  # the same counts, with no other loss into Anthropic (Chat's created is one)
        "responseId": "r1",
        "modelVersion": "gemini-x",
        "candidates": [{"content": {"role": "model", "parts": [{"text": "Hi"}]}, "finishReason": "STOP"}],
        "usageMetadata": {
            "promptTokenCount": 10,
            "candidatesTokenCount": 5,
            "totalTokenCount": 15,
            "cachedContentTokenCount": 100,
        },
    }
    (strict,) = both(
        [{"kind": "convert", "payload": gemini, "source": "gemini", "target": "anthropic_messages", "strict": True}]
    )
    assert strict["error"][0] == "LossError" and "input_tokens" in strict["error"][1]
    # canonical output 3 with 9 of it reasoning: the Gemini candidates count would be -6
    (encoded,) = both(
        [
            {
                "kind": "encode",
                "dialect": "gemini",
                "payload": {
                    "message": {"role": "assistant", "parts": [{"type": "text", "text": "Hi"}]},
                    "usage": {"input_tokens": 4, "output_tokens": 3, "reasoning_tokens": 9},
                },
            }
        ]
    )
    assert encoded["value"]["usageMetadata"] == {"promptTokenCount": 4, "thoughtsTokenCount": 9, "totalTokenCount": 7}
    assert [loss[0] for loss in encoded["losses"] if loss[0].startswith("usage.")] == ["usage.inconsistent"]


def test_same_dialect_round_trips_keep_the_wire_counts() -> None:
    out = convert_both(ANTHROPIC, "anthropic_messages", "anthropic_messages")
    assert out["value"] == ANTHROPIC and out["losses"] == []


def test_what_is_no_count_is_kept_as_it_came_and_never_summed() -> None:
    """A null (Anthropic's cache counts are nullable), a negative number, or a sum past what both
    runtimes hold exactly is no canonical count: the wire value stays an extension field, so a
    round trip keeps it, and another dialect reports it."""
    odd = {**ANTHROPIC, "usage": {"input_tokens": 10, "output_tokens": 5, "cache_read_input_tokens": None}}
    odd["usage"]["cache_creation_input_tokens"] = -3
    (decoded,) = both([{"kind": "decode", "dialect": "anthropic_messages", "payload": odd}])
    assert decoded["value"]["usage"] == {"input_tokens": 10, "output_tokens": 5}
    fields = decoded["value"]["extensions"]["anthropic_messages"]["fields"]
    assert fields["/usage/cache_read_input_tokens"] is None and fields["/usage/cache_creation_input_tokens"] == -3
    assert convert_both(odd, "anthropic_messages", "anthropic_messages")["value"] == odd
    chat = convert_both(odd, "anthropic_messages", "openai_chat")
    assert chat["value"]["usage"] == {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    dropped = [p for code, p, _w in chat["losses"] if code == "extension.field_dropped" and "usage" in p]
    assert len(dropped) == 2
    huge = {**ANTHROPIC, "usage": {"input_tokens": 2**53 - 1, "output_tokens": 5, "cache_read_input_tokens": 10}}
    (decoded,) = both([{"kind": "decode", "dialect": "anthropic_messages", "payload": huge}])
    assert decoded["value"]["usage"] == {"output_tokens": 5, "cached_input_tokens": 10}
    assert decoded["value"]["extensions"]["anthropic_messages"]["fields"]["/usage/input_tokens"] == 2**53 - 1
    assert convert_both(huge, "anthropic_messages", "anthropic_messages")["value"] == huge


# --- streams ------------------------------------------------------------------------------

ANTHROPIC_STREAM = [
    {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {
                "input_tokens": 10,
                "output_tokens": 1,
                "cache_read_input_tokens": 100,
                "cache_creation_input_tokens": 20,
            },
        },
    },
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
    {"type": "content_block_stop", "index": 0},
    # message_delta repeats the input without the cache counts: they come from message_start
    {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"input_tokens": 10, "output_tokens": 5},
    },
    {"type": "message_stop"},
]


def test_a_relay_adds_cache_counts_from_an_earlier_event() -> None:
    (read,) = both([{"kind": "read", "dialect": "anthropic_messages", "payload": ANTHROPIC_STREAM}])
    usages = [e["usage"] for e in read["value"] if e["type"] == "usage"]
    assert usages == [
        {"input_tokens": 130, "output_tokens": 1, "cached_input_tokens": 100, "cache_write_input_tokens": 20},
        {"input_tokens": 130, "output_tokens": 5},
    ]
    (chat,) = both(
        [{"kind": "relay", "payload": ANTHROPIC_STREAM, "source": "anthropic_messages", "target": "openai_chat"}]
    )
    (last,) = [e for e in chat["value"] if e.get("usage")]
    assert last["usage"] == {
        "prompt_tokens": 130,
        "completion_tokens": 5,
        "total_tokens": 135,
        "prompt_tokens_details": {"cached_tokens": 100},
    }
    assert [(c, p) for c, p, _w in chat["losses"]] == [("usage.dropped", "/usage/cache_write_input_tokens")]
    (bedrock,) = both(
        [{"kind": "relay", "payload": ANTHROPIC_STREAM, "source": "anthropic_messages", "target": "bedrock_converse"}]
    )
    assert bedrock["value"][-1]["metadata"]["usage"] == {
        "inputTokens": 10,
        "outputTokens": 5,
        "totalTokens": 135,
        "cacheReadInputTokens": 100,
        "cacheWriteInputTokens": 20,
    }
    (same,) = both(
        [{"kind": "relay", "payload": ANTHROPIC_STREAM, "source": "anthropic_messages", "target": "anthropic_messages"}]
    )
    (delta,) = [e for e in same["value"] if e["type"] == "message_delta"]
    assert delta["usage"] == {
        "output_tokens": 5,
        "input_tokens": 10,
        "cache_read_input_tokens": 100,
        "cache_creation_input_tokens": 20,
    }
    assert same["losses"] == []


# --- the property: A -> B -> A keeps the canonical meaning -------------------------------


# Each provider's own total, as its documentation and captures define it (the oracle the
# property checks written payloads against, independent of the mappings): total -> its summands.
WIRE_TOTALS = {
    "openai_chat": ("/usage/total_tokens", ("/usage/prompt_tokens", "/usage/completion_tokens")),
    "mistral": ("/usage/total_tokens", ("/usage/prompt_tokens", "/usage/completion_tokens")),
    "openai_responses": ("/usage/total_tokens", ("/usage/input_tokens", "/usage/output_tokens")),
    "bedrock_converse": (
        "/usage/totalTokens",
        ("/usage/inputTokens", "/usage/outputTokens", "/usage/cacheReadInputTokens", "/usage/cacheWriteInputTokens"),
    ),
    "gemini": (
        "/usageMetadata/totalTokenCount",
        (
            "/usageMetadata/promptTokenCount",
            "/usageMetadata/candidatesTokenCount",
            "/usageMetadata/thoughtsTokenCount",
            "/usageMetadata/toolUsePromptTokenCount",
        ),
    ),
}


def _at(value: Any, pointer: str) -> Any:
    for token in pointer.split("/")[1:]:
        value = value.get(token) if isinstance(value, dict) else None
    return value


def _total_adds_up(dialect: str, wire: Any) -> bool:
    """The payload's total is the sum its provider defines (true where it has no total)."""
    if dialect not in WIRE_TOTALS or _at(wire, WIRE_TOTALS[dialect][0]) is None:
        return True
    total, summands = WIRE_TOTALS[dialect]
    return bool(_at(wire, total) == sum(_at(wire, s) or 0 for s in summands))


def _random_usage(rng: random.Random) -> dict[str, int]:
    """Counts that mean what canonical usage says: the parts within their wholes."""
    cached, written, tools = (rng.choice([0, rng.randint(1, 5000)]) for _ in range(3))
    reasoning = rng.choice([0, rng.randint(1, 3000)])
    input_tokens = rng.randint(0, 4000) + cached + written + tools
    output_tokens = rng.randint(0, 2000) + reasoning
    return {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "total_tokens": input_tokens + output_tokens,
        "cached_input_tokens": cached,
        "cache_write_input_tokens": written,
        "tool_input_tokens": tools,
        "reasoning_tokens": reasoning,
    }


def _response(usage: dict[str, int]) -> dict[str, Any]:
    return {
        "id": "r1",
        "model": "m",
        "message": {"role": "assistant", "parts": [{"type": "text", "text": "Hi"}]},
        "finish_reason": "stop",
        "usage": usage,
    }


def _kept(a: str, b: str) -> set[str]:
    """The counts A -> B -> A must keep: the sums whenever both carry them (a total either side
    lacks is the sum of input and output again), and each part both carry."""
    pa, pb = set(_places(a)), set(_places(b))
    kept = (pa & pb) | {"total_tokens"} & pa
    return kept if {"input_tokens", "output_tokens"} <= pa & pb else kept - {"total_tokens"}


@pytest.mark.parametrize("seed", range(4))
def test_random_counts_keep_their_meaning_through_every_pair(seed: int) -> None:
    rng = random.Random(seed)
    usages = [_random_usage(rng) for _ in PAIRS]
    encoded = both(
        [{"kind": "encode", "dialect": a, "payload": _response(u)} for (a, _b), u in zip(PAIRS, usages, strict=True)]
    )
    wires = [e["value"] for e in encoded]
    there = both(
        [{"kind": "convert", "payload": w, "source": a, "target": b} for (a, b), w in zip(PAIRS, wires, strict=True)]
    )
    back = both(
        [
            {"kind": "convert", "payload": t["value"], "source": b, "target": a}
            for (a, b), t in zip(PAIRS, there, strict=True)
        ]
    )
    first = both([{"kind": "decode", "dialect": a, "payload": w} for (a, _b), w in zip(PAIRS, wires, strict=True)])
    last = both(
        [{"kind": "decode", "dialect": a, "payload": r["value"]} for (a, _b), r in zip(PAIRS, back, strict=True)]
    )
    for (a, b), start, end, went in zip(PAIRS, first, last, there, strict=True):
        want = {k: v for k, v in start["value"]["usage"].items() if k in _kept(a, b)}
        got = {k: v for k, v in end["value"]["usage"].items() if k in want}
        assert got == want, f"{a} -> {b} -> {a}: {start['value']['usage']} came back as {end['value']['usage']}"
        assert all(v >= 0 for v in end["value"]["usage"].values())
        assert all(code != "usage.inconsistent" for code, _p, _w in went["losses"]), f"{a} -> {b}"
        assert _total_adds_up(b, went["value"]), f"{a} -> {b}: {json.dumps(went['value'])}"


@pytest.mark.parametrize("seed", range(2))
def test_random_counts_keep_their_meaning_through_every_relay_pair(seed: int) -> None:
    from toolwire_dialects.dialects import dialect_object
    from toolwire_dialects.streams._relay_write import RelayWriter

    rng = random.Random(seed)
    jobs, starts = [], []
    for a, b in PAIRS:
        usage = _random_usage(rng)
        writer = RelayWriter(dialect_object(a))
        canonical = [
            {"type": "message_start", "id": "msg_1", "model": "m"},
            {"type": "text_delta", "text": "Hi"},
            {"type": "finish", "finish_reason": "stop"},
            {"type": "usage", "usage": usage},
            {"type": "message_stop"},
        ]
        events = [event for c in canonical for event in writer.write(c)]
        starts.append(events)
        jobs.append({"kind": "relay", "payload": events, "source": a, "target": b})
    there = both(jobs)
    back = both(
        [
            {"kind": "relay", "payload": t["value"], "source": b, "target": a}
            for (a, b), t in zip(PAIRS, there, strict=True)
        ]
    )
    first = both([{"kind": "read", "dialect": a, "payload": e} for (a, _b), e in zip(PAIRS, starts, strict=True)])
    last = both([{"kind": "read", "dialect": a, "payload": r["value"]} for (a, _b), r in zip(PAIRS, back, strict=True)])

    def merged(events: list[dict[str, Any]]) -> dict[str, int]:
        usage: dict[str, int] = {}
        for event in events:
            if event["type"] == "usage":
                usage.update(event["usage"])
        return usage

    for (a, b), start, end, went in zip(PAIRS, first, last, there, strict=True):
        for event in went["value"]:  # the event that holds the target's total has all its counts
            assert _total_adds_up(b, event), f"{a} -> {b}: {json.dumps(event)}"
        begun, ended = merged(start["value"]), merged(end["value"])
        kept = _kept(a, b) & _relayed(a) & _relayed(b)
        want = {k: v for k, v in begun.items() if k in kept}
        assert {k: v for k, v in ended.items() if k in want} == want, f"{a} -> {b} -> {a}: {begun} came back as {ended}"


def _relayed(dialect: str) -> set[str]:
    """The counts a dialect's stream reads (its relay may carry fewer than its responses)."""
    stream = json.loads((REPO / "schemas/dialects" / dialect / "stream.json").read_text(encoding="utf-8"))
    names = {n for read in stream["relay"]["reads"] if read["kind"] == "usage" for n in read["usage"]}
    return names | ({"total_tokens"} if {"input_tokens", "output_tokens"} <= names else set())


# --- the declaration is checked ----------------------------------------------------------


@pytest.mark.parametrize(
    ("excludes", "problem"),
    [
        (
            '{"input_tokens": ["cached_input_tokens", "reasoning_tokens"]}',
            "/conversation/response/usage_excludes/input_tokens/1: "
            "the part reasoning_tokens has no place in /conversation/response/usage",
        ),
        (
            '{"input_tokens": ["cached_input_tokens"], "output_tokens": ["cached_input_tokens"]}',
            "/conversation/response/usage_excludes/output_tokens: output_tokens has no place in "
            "/conversation/response/usage",
        ),
    ],
)
def test_a_count_or_part_without_a_place_is_a_spec_error_with_its_line(
    workspace: Any, excludes: str, problem: str
) -> None:
    from toolwire.spec.loader import load_spec
    from toolwire.spec.model import SpecError

    path = workspace.schemas / "dialects" / "anthropic_messages" / "dialect.json"
    text = path.read_text(encoding="utf-8")
    old = '"usage_excludes": {"input_tokens": ["cached_input_tokens", "cache_write_input_tokens"]}'
    assert old in text
    text = text.replace('        "output_tokens": "/usage/output_tokens",\n', "", 1)  # a count with no place
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, f'"usage_excludes": {excludes}'), encoding="utf-8")
    with pytest.raises(SpecError) as error:
        load_spec(workspace.schemas)
    assert f"schemas/dialects/anthropic_messages/dialect.json:{line}: {problem}" in error.value.problems
