"""Prompt-cache breakpoints (issue #25 point 2, docs/caching.md): Anthropic cache_control and
Bedrock cachePoint map onto each other through the canonical `cache`, ttl included; every other
dialect reports each breakpoint as `cache.dropped`. Each case runs through both packages: the
TypeScript one must give the same value, losses and errors (tests/test_typescript_json's node)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, IdMap, LossError, convert, get_dialect

from tests.test_typescript_json import run_node, ts_dist

ANTHROPIC = "anthropic_messages"
BEDROCK = "bedrock_converse"
CONVERSATIONAL = sorted(d for d in DIALECTS if hasattr(get_dialect(d), "encode_request"))
OTHERS = [d for d in CONVERSATIONAL if d not in (ANTHROPIC, BEDROCK)]
MODEL = {"model": "m"}  # a request naming no model converts into a dialect requiring one

WEATHER = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
# A cached tool and system block (1h) and user text block (5m default), in each dialect's
# spelling: longest lifetimes first, as both providers require.
SOURCES: dict[str, dict[str, Any]] = {
    ANTHROPIC: {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "system": [{"type": "text", "text": "Style guide.", "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
        "tools": [
            {"name": "get_weather", "input_schema": WEATHER, "cache_control": {"type": "ephemeral", "ttl": "1h"}}
        ],
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Reference text.", "cache_control": {"type": "ephemeral"}},
                    {"type": "text", "text": "Weather in Paris?"},
                ],
            }
        ],
    },
    BEDROCK: {
        "modelId": "anthropic.claude-sonnet-4-5",
        "system": [{"text": "Style guide."}, {"cachePoint": {"type": "default", "ttl": "1h"}}],
        "toolConfig": {
            "tools": [
                {"toolSpec": {"name": "get_weather", "inputSchema": {"json": WEATHER}}},
                {"cachePoint": {"type": "default", "ttl": "1h"}},
            ]
        },
        "messages": [
            {
                "role": "user",
                "content": [
                    {"text": "Reference text."},
                    {"cachePoint": {"type": "default"}},
                    {"text": "Weather in Paris?"},
                ],
            }
        ],
        "inferenceConfig": {"maxTokens": 512},
    },
}
# The three breakpoints' canonical pointers, with the text of the loss a dialect without a marker reports.
DROPPED = {
    ("/tools/0/cache", "a prompt-cache breakpoint (ttl 1h)"),
    ("/messages/0/parts/0/cache", "a prompt-cache breakpoint (ttl 1h)"),
    ("/messages/1/parts/0/cache", "a prompt-cache breakpoint"),
}

_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const out = { value: null, losses: null, error: null };
  try {
    const encoded = job.source === null
      ? pkg.getDialect(job.target).encodeRequest(job.payload, { strict: job.strict })
      : pkg.convert(job.payload, { source: job.source, target: job.target, shape: "request", strict: job.strict, model: "m" });
    out.value = encoded.value ?? null;
    out.losses = encoded.losses.map((l) => [l.code, l.pointer, l.target, l.what]);
  } catch (e) {
    out.error = [e.name, e.message];
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
"""


def _python(job: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"value": None, "losses": None, "error": None}
    payload = copy.deepcopy(job["payload"])
    try:
        if job["source"] is None:
            encoded = get_dialect(job["target"]).encode_request(payload, strict=job["strict"])
        else:
            encoded = convert(
                payload, source=job["source"], target=job["target"], shape="request", strict=job["strict"], **MODEL
            )
        out["value"], out["losses"] = encoded.value, [list(loss) for loss in encoded.losses]
    except Exception as exc:
        out["error"] = [type(exc).__name__, str(exc)]
    assert job["payload"] == payload, "the conversion changed its input"
    return out


def _job(source: str | None, target: str, payload: Any, strict: bool = False) -> dict[str, Any]:
    return {"source": source, "target": target, "payload": payload, "strict": strict}


def _both(*jobs: dict[str, Any]) -> list[dict[str, Any]]:
    """Each job's Python answer, after checking the TypeScript package answers the same."""
    python = [_python(job) for job in jobs]
    index = ts_dist() / "index.js"
    if index.is_file():
        typescript = run_node(_DRIVER, list(jobs), str(index))
        for job, py, ts in zip(jobs, python, typescript, strict=True):
            assert ts == json.loads(json.dumps(py)), f"{job['source']} -> {job['target']}: TypeScript differs"
    return python


def _losses(answer: dict[str, Any], code: str) -> set[tuple[str, str]]:
    return {(pointer, what) for c, pointer, _t, what in answer["losses"] if c == code}


# ---- every ordered pair from Anthropic and from Bedrock -----------------------------------------


@pytest.mark.parametrize("source", [ANTHROPIC, BEDROCK])
def test_every_target_carries_the_breakpoints_or_reports_each(source: str) -> None:
    answers = _both(*(_job(source, target, SOURCES[source]) for target in CONVERSATIONAL))
    for target, answer in zip(CONVERSATIONAL, answers, strict=True):
        assert answer["error"] is None, (target, answer["error"])
        text = json.dumps(answer["value"])
        if target in (ANTHROPIC, BEDROCK):
            assert _losses(answer, "cache.dropped") == set(), target
            if target == source:
                assert answer["value"] == SOURCES[source], "the round trip is exact"
        else:
            assert _losses(answer, "cache.dropped") == DROPPED, target
            assert "cache" not in text and "ttl" not in text, f"{target} got a marker: {text}"


def test_anthropic_markers_become_bedrock_cache_points_after_their_blocks() -> None:
    (answer,) = _both(_job(ANTHROPIC, BEDROCK, SOURCES[ANTHROPIC]))
    wire = answer["value"]
    assert wire["system"] == SOURCES[BEDROCK]["system"]
    assert wire["toolConfig"]["tools"] == SOURCES[BEDROCK]["toolConfig"]["tools"]
    assert wire["messages"] == SOURCES[BEDROCK]["messages"]


def test_bedrock_cache_points_become_anthropic_markers_on_the_block_before() -> None:
    (answer,) = _both(_job(BEDROCK, ANTHROPIC, SOURCES[BEDROCK]))
    wire = answer["value"]
    assert wire["system"] == SOURCES[ANTHROPIC]["system"]
    assert wire["tools"] == SOURCES[ANTHROPIC]["tools"]
    assert wire["messages"] == SOURCES[ANTHROPIC]["messages"]


def test_tool_calls_and_results_carry_breakpoints_both_ways() -> None:
    anthropic = {
        "model": "c",
        "max_tokens": 64,
        "tools": [{"name": "get_weather", "input_schema": WEATHER}],
        "messages": [
            {"role": "user", "content": "Paris?"},
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"city": "Paris"}},
                    {"type": "tool_use", "id": "t2", "name": "get_weather", "input": {"city": "Oslo"}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "t1",
                        "content": "18 C",
                        "cache_control": {"type": "ephemeral"},
                    }
                ],
            },
        ],
    }
    anthropic["messages"][1]["content"][0]["cache_control"] = {"type": "ephemeral", "ttl": "5m"}
    (bedrock,) = _both(_job(ANTHROPIC, BEDROCK, anthropic))
    calls = bedrock["value"]["messages"][1]["content"]
    assert [next(iter(block)) for block in calls] == ["toolUse", "cachePoint", "toolUse"]
    assert calls[1] == {"cachePoint": {"type": "default", "ttl": "5m"}}
    assert bedrock["value"]["messages"][2]["content"][1] == {"cachePoint": {"type": "default"}}
    (back,) = _both(_job(BEDROCK, ANTHROPIC, bedrock["value"]))
    assert back["value"]["messages"][1:] == anthropic["messages"][1:]


# ---- the top-level form -------------------------------------------------------------------------


def test_the_top_level_breakpoint_ends_the_whole_prompt() -> None:
    anthropic = {
        "model": "c",
        "max_tokens": 64,
        "cache_control": {"type": "ephemeral", "ttl": "1h"},
        "messages": [{"role": "user", "content": [{"type": "text", "text": "Hello"}]}],
    }
    bedrock, chat, same = _both(*(_job(ANTHROPIC, t, anthropic) for t in (BEDROCK, "openai_chat", ANTHROPIC)))
    assert bedrock["value"]["messages"][-1]["content"] == [
        {"text": "Hello"},
        {"cachePoint": {"type": "default", "ttl": "1h"}},
    ]
    assert bedrock["losses"] == []
    assert _losses(chat, "cache.dropped") == {("/cache", "a prompt-cache breakpoint (ttl 1h)")}
    assert same["value"] == anthropic and same["losses"] == []


def test_a_top_level_breakpoint_where_the_last_block_has_one_is_reported() -> None:
    anthropic = {
        "model": "c",
        "max_tokens": 64,
        "cache_control": {"type": "ephemeral"},
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "Hi", "cache_control": {"type": "ephemeral"}}]}
        ],
    }
    (bedrock,) = _both(_job(ANTHROPIC, BEDROCK, anthropic))
    assert bedrock["value"]["messages"][0]["content"] == [{"text": "Hi"}, {"cachePoint": {"type": "default"}}]
    assert _losses(bedrock, "cache.dropped") == {("/cache", "a prompt-cache breakpoint")}


# ---- parts a target leaves out, and where a marker cannot go -----------------------------------


def test_the_breakpoint_of_a_part_the_target_drops_is_reported_not_moved() -> None:
    anthropic = {
        "model": "c",
        "max_tokens": 64,
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "one", "cache_control": {"type": "ephemeral"}},
                    {
                        "type": "image",
                        "source": {"type": "url", "url": "https://x/a.png"},
                        "cache_control": {"type": "ephemeral"},
                    },
                    {"type": "text", "text": "two"},
                ],
            }
        ],
    }
    (bedrock,) = _both(_job(ANTHROPIC, BEDROCK, anthropic))
    assert bedrock["value"]["messages"][0]["content"] == [
        {"text": "one"},
        {"cachePoint": {"type": "default"}},
        {"text": "two"},
    ]
    assert _losses(bedrock, "cache.dropped") == {("/messages/0/parts/1/cache", "a prompt-cache breakpoint")}
    assert {p for _c, p, _t, _w in bedrock["losses"]} == {"/messages/0/parts/1/cache", "/messages/0/parts/1"}


def test_a_thinking_block_holds_no_marker() -> None:
    canonical = {
        "model": "c",
        "messages": [
            {"role": "user", "parts": [{"type": "text", "text": "Hi"}]},
            {
                "role": "assistant",
                "parts": [
                    {
                        "type": "reasoning",
                        "dialect": ANTHROPIC,
                        "text": "hm",
                        "cache": {},
                        "extensions": {ANTHROPIC: {"fields": {"/signature": "s"}}},
                    },
                    {"type": "text", "text": "Hello"},
                ],
            },
        ],
        "settings": {"max_tokens": 64},
    }
    (answer,) = _both(_job(None, ANTHROPIC, canonical))
    assert "cache_control" not in json.dumps(answer["value"])
    assert _losses(answer, "cache.dropped") == {("/messages/1/parts/0/cache", "a prompt-cache breakpoint")}


def test_strict_refuses_a_breakpoint_the_target_cannot_carry() -> None:
    (answer,) = _both(_job(ANTHROPIC, "gemini", SOURCES[ANTHROPIC], strict=True))
    assert answer["error"][0] == "LossError" and "[cache.dropped]" in answer["error"][1]
    with pytest.raises(LossError, match=r"cache\.dropped"):
        convert(SOURCES[ANTHROPIC], source=ANTHROPIC, target="gemini", shape="request", strict=True)


# ---- Bedrock's tool list and blocks that stay blocks --------------------------------------------


def test_cache_points_around_other_tool_list_items_stay_in_place() -> None:
    bedrock = {
        "modelId": "m",
        "messages": [{"role": "user", "content": [{"text": "Hi"}]}],
        "toolConfig": {
            "tools": [
                {"cachePoint": {"type": "default", "ttl": "1h"}},
                {"toolSpec": {"name": "a", "inputSchema": {"json": WEATHER}}},
                {"cachePoint": {"type": "default", "ttl": "1h"}},
                {"systemTool": {"name": "nova_grounding"}},
                {"toolSpec": {"name": "b", "inputSchema": {"json": WEATHER}}},
                {"cachePoint": {"type": "default"}},
            ]
        },
    }
    canonical = get_dialect(BEDROCK).decode_request(copy.deepcopy(bedrock), id_map=IdMap())
    assert [t.get("cache") for t in canonical["tools"]] == [{"ttl": "1h"}, {}]
    same, anthropic = _both(_job(BEDROCK, BEDROCK, bedrock), _job(BEDROCK, ANTHROPIC, bedrock))
    assert same["value"] == bedrock and same["losses"] == []
    assert [t.get("cache_control") for t in anthropic["value"]["tools"]] == [
        {"type": "ephemeral", "ttl": "1h"},
        {"type": "ephemeral"},
    ]


def test_a_cache_point_with_no_block_before_it_stays_a_bedrock_block() -> None:
    bedrock = {
        "modelId": "m",
        "messages": [
            {
                "role": "user",
                "content": [
                    {"cachePoint": {"type": "default"}},
                    {"text": "Hi"},
                    {"cachePoint": {"type": "default"}},
                    {"cachePoint": {"type": "default"}},
                ],
            }
        ],
    }
    parts = get_dialect(BEDROCK).decode_request(copy.deepcopy(bedrock), id_map=IdMap())["messages"][0]["parts"]
    assert [p["type"] for p in parts] == ["wire", "text", "wire"] and parts[1]["cache"] == {}
    same, anthropic = _both(_job(BEDROCK, BEDROCK, bedrock), _job(BEDROCK, ANTHROPIC, bedrock))
    assert same["value"] == bedrock
    assert anthropic["value"]["messages"][0]["content"] == [
        {"type": "text", "text": "Hi", "cache_control": {"type": "ephemeral"}}
    ]
    assert {c for c, *_rest in anthropic["losses"]} >= {"part.unsupported"}


# ---- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cache", "message"),
    [
        ({"ttl": "2h"}, "expected a cache breakpoint ({} or {ttl: 5m or 1h}), got an object"),
        ("1h", 'expected a cache breakpoint ({} or {ttl: 5m or 1h}), got "1h"'),
        ({"ttl": "5m", "scope": "x"}, "expected a cache breakpoint ({} or {ttl: 5m or 1h}), got an object"),
    ],
)
@pytest.mark.parametrize("target", [ANTHROPIC, BEDROCK, "openai_chat"])
def test_a_canonical_breakpoint_that_is_none_is_an_error_naming_it(cache: Any, message: str, target: str) -> None:
    canonical = {"messages": [{"role": "user", "parts": [{"type": "text", "text": "Hi", "cache": cache}]}]}
    (answer,) = _both(_job(None, target, canonical))
    assert answer["error"] == [
        "CanonicalError",
        f"canonical request is invalid: /messages/0/parts/0/cache: {message}",
    ]


@pytest.mark.parametrize(
    ("source", "wire", "pointer"),
    [
        (
            ANTHROPIC,
            {
                "model": "c",
                "max_tokens": 9,
                "messages": [
                    {
                        "role": "user",
                        "content": [{"type": "text", "text": "Hi", "cache_control": {"type": "ephemeral", "ttl": 60}}],
                    }
                ],
            },
            "/messages/0/content/0/cache_control/ttl",
        ),
        (
            BEDROCK,
            {
                "messages": [
                    {"role": "user", "content": [{"text": "Hi"}, {"cachePoint": {"type": "default", "ttl": "1d"}}]}
                ]
            },
            "/messages/0/content/1/cachePoint/ttl",
        ),
        (
            BEDROCK,
            {"messages": [{"role": "user", "content": [{"text": "Hi", "cachePoint": {"type": "default"}}]}]},
            "/messages/0/content/0/cachePoint",
        ),
    ],
)
def test_a_wire_marker_that_is_none_is_a_decode_error_naming_it(source: str, wire: Any, pointer: str) -> None:
    (answer,) = _both(_job(source, "openai_chat", wire))
    assert answer["error"] is not None and answer["error"][0] == "DecodeError"
    assert f"{source}/request: {pointer}: expected a cache" in answer["error"][1]


# ---- usage: cache reads and writes --------------------------------------------------------------


def test_response_usage_carries_cache_reads_and_writes_between_anthropic_and_bedrock() -> None:
    anthropic = {
        "id": "msg_1",
        "model": "claude-sonnet-4-5",
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": "Sunny."}],
        "stop_reason": "end_turn",
        "usage": {
            "input_tokens": 5,
            "output_tokens": 3,
            "cache_read_input_tokens": 100,
            "cache_creation_input_tokens": 20,
        },
    }
    bedrock = convert(anthropic, source=ANTHROPIC, target=BEDROCK, shape="response").value
    usage = bedrock["usage"]
    assert (usage["inputTokens"], usage["cacheReadInputTokens"], usage["cacheWriteInputTokens"]) == (5, 100, 20)
    assert usage["totalTokens"] == 128
    back = convert(bedrock, source=BEDROCK, target=ANTHROPIC, shape="response").value
    assert back["usage"] == anthropic["usage"]


def test_a_block_kept_verbatim_carries_its_breakpoint_inside() -> None:
    document = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "A long manual."}}
    marked = {**document, "cache_control": {"type": "ephemeral"}}
    canonical = {
        "model": "c",
        "settings": {"max_tokens": 64},
        "messages": [
            {
                "role": "user",
                "parts": [
                    {"type": "wire", "dialect": ANTHROPIC, "value": document, "cache": {"ttl": "1h"}},
                    {"type": "wire", "dialect": ANTHROPIC, "value": marked, "cache": {}},
                ],
            }
        ],
    }
    (answer,) = _both(_job(None, ANTHROPIC, canonical))
    first, second = answer["value"]["messages"][0]["content"]
    assert first == {**document, "cache_control": {"type": "ephemeral", "ttl": "1h"}}
    assert second == marked, "the block's own marker stays"
    assert _losses(answer, "cache.dropped") == {("/messages/0/parts/1/cache", "a prompt-cache breakpoint")}
