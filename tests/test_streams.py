"""Streams: every captured stream assembles to the same calls as its non-streaming twin;
`toolwire assemble` exit codes; assembly keeps only the calls in flight.

Runs against this checkout's generated package (see conftest.py); the per-dialect stream
vectors, both directions, are in the generated suite (generated/python/tests/test_streams.py
runs every tests/vectors/<dialect>/stream.json).
"""

from __future__ import annotations

import copy
import gc
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
if not any((REPO / "schemas" / "dialects").glob("*/stream.json")):
    pytest.skip("no stream mappings yet (schemas/dialects/*/stream.json)", allow_module_level=True)
streams = pytest.importorskip(
    "toolwire_dialects.streams", reason="generated package without streams: run `toolwire generate`"
)

# Corpus folder -> dialect, for every *.stream.jsonl.
FOLDERS = {
    "openai-chat": "openai_chat",
    "openai-responses": "openai_responses",
    "anthropic": "anthropic_messages",
    "gemini": "gemini",
    "bedrock": "bedrock_converse",
    "mistral": "mistral",
    "cohere": "cohere_v2",
    "ollama": "ollama",
}


def stream_module(dialect: str) -> Any:
    module = streams.STREAMS.get(dialect)
    if module is None:
        pytest.fail(f"{dialect} has no generated stream module (schemas/dialects/{dialect}/stream.json)")
    return module


def read_events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _corpus() -> Path | None:
    """The same lookup as conftest's `corpus_dir` fixture, needed at collection time."""
    configured = os.environ.get("TOOLWIRE_CORPUS")
    folder = Path(configured) if configured else REPO.parent / "shared" / "corpus"
    return folder if folder.is_dir() else None


def corpus_streams() -> list[Any]:
    corpus = _corpus()
    if corpus is None:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason="no corpus"), id="no-corpus")]
    out = []
    for path in sorted(corpus.glob("*/*.stream.jsonl")):
        dialect = FOLDERS[path.parent.name]
        out.append(pytest.param(path, dialect, id=f"{path.parent.name}/{path.name}"))
    return out


def assemble(dialect: str, events: list[dict[str, Any]]) -> Any:
    assembler = stream_module(dialect).Assembler()
    for event in events:
        assembler.feed(event)
    return assembler


def without(call: dict[str, Any], *fields: str) -> dict[str, Any]:
    """A call without some extension fields (pointers), for twins that differ there."""
    call = copy.deepcopy(call)
    for ext in call.get("extensions", {}).values():
        for pointer in fields:
            ext.get("fields", {}).pop(pointer, None)
        if "fields" in ext and not ext["fields"]:
            del ext["fields"]
    return call


# --- every corpus stream ----------------------------------------------------------------


@pytest.mark.parametrize(("path", "dialect"), corpus_streams())
def test_corpus_stream_assembles_completely(path: Path, dialect: str, validate_schema: Any) -> None:
    module = stream_module(dialect)
    events = read_events(path)
    if module.EVENT_SCHEMA is not None:
        for event in events:
            validate_schema(module.EVENT_SCHEMA, event)
    assembler = assemble(dialect, events)
    calls = assembler.finish()
    assert calls, "every corpus stream carries at least one call"
    for call in calls:
        assert not call.get("incomplete") and call["arguments"] is not None, call
        validate_schema("canonical/tool_call.json", call)
    assert assembler.finish_reason is not None


@pytest.mark.parametrize(("path", "dialect"), corpus_streams())
def test_corpus_stream_as_text_split_anywhere(path: Path, dialect: str) -> None:
    module = stream_module(dialect)
    expected = assemble(dialect, read_events(path)).finish()
    data = "".join(f"data: {line}\n\n" for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    raw = data.encode("utf-8")
    for size in (1, 5, 17):
        assembler = module.Assembler()
        for start in range(0, len(raw), size):
            assembler.feed_text(raw[start : start + size])
        assert assembler.finish() == expected
    # and as plain JSON lines, fed in one piece
    assembler = module.Assembler()
    assembler.feed_text(path.read_bytes())
    assert assembler.finish() == expected


@pytest.mark.parametrize(("path", "dialect"), corpus_streams())
def test_corpus_calls_emit_and_assemble_back(path: Path, dialect: str, validate_schema: Any) -> None:
    module = stream_module(dialect)
    assembler = assemble(dialect, read_events(path))
    calls = assembler.finish()
    for size in (None, 4):
        events = module.emit(calls, assembler.finish_reason, fragment_size=size)
        if module.EVENT_SCHEMA is not None:
            for event in events:
                validate_schema(module.EVENT_SCHEMA, event)
        again = assemble(dialect, events)
        assert again.finish() == calls
        assert again.finish_reason == assembler.finish_reason


# --- streams against their non-streaming twins --------------------------------------------


def test_openai_chat_stream_equals_the_call_replayed_in_history(corpus_dir: Path) -> None:
    """The request of the next turn replays the streamed call as a whole tool_calls entry."""
    from toolwire_dialects import openai_chat

    calls = assemble("openai_chat", read_events(corpus_dir / "openai-chat/gpt4omini-tool-call.stream.jsonl")).finish()
    history = openai_chat.extract(
        json.loads((corpus_dir / "openai-chat/gpt4omini-tool-history-stream.request.json").read_text())
    )
    assert calls == history["tool_calls"]
    assert calls[0]["raw_arguments"] == '{"country":"UK"}'


def test_anthropic_stream_equals_its_tool_use_block_decoded_whole(corpus_dir: Path) -> None:
    """No-argument tool: content_block_start input {} + one empty partial_json = input {}."""
    from toolwire_dialects import anthropic_messages

    events = read_events(corpus_dir / "anthropic/sonnet45-tool-use-empty-input.stream.jsonl")
    calls = assemble("anthropic_messages", events).finish()
    block = next(
        e["content_block"]
        for e in events
        if e["type"] == "content_block_start" and e["content_block"]["type"] == "tool_use"
    )
    assert calls == [anthropic_messages.decode_tool_call(block)]
    assert calls[0]["arguments"] == {} and calls[0]["name"] == "updateIssueList"


def test_gemini_stream_equals_the_response(corpus_dir: Path) -> None:
    """Same call, same minted id; the two captures carry different thought signatures (the
    response's was shortened by the fixture's maintainers, see SOURCES.md)."""
    from toolwire_dialects import gemini

    assembler = assemble("gemini", read_events(corpus_dir / "gemini/gemini3pro-function-call.stream.jsonl"))
    response = gemini.extract(json.loads((corpus_dir / "gemini/gemini3pro-function-call.response.json").read_text()))
    calls = assembler.finish()
    assert [without(c, "/thoughtSignature") for c in calls] == [
        without(c, "/thoughtSignature") for c in response["tool_calls"]
    ]
    assert all("/thoughtSignature" in c["extensions"]["gemini"]["fields"] for c in calls)
    assert assembler.finish_reason == response["finish_reason"] == "STOP"


def test_ollama_stream_equals_the_response(corpus_dir: Path) -> None:
    from toolwire_dialects import ollama

    assembler = assemble("ollama", read_events(corpus_dir / "ollama/docs-llama32-tool-call.stream.jsonl"))
    response = ollama.extract(json.loads((corpus_dir / "ollama/docs-llama32-tool-call.response.json").read_text()))
    assert assembler.finish() == response["tool_calls"]
    assert assembler.finish_reason == response["finish_reason"] == "stop"


def test_cohere_stream_is_one_call_without_arguments(corpus_dir: Path) -> None:
    """tool-call-start with arguments "" and no tool-call-delta before tool-call-end."""
    assembler = assemble("cohere_v2", read_events(corpus_dir / "cohere/empty-arguments.stream.jsonl"))
    calls = assembler.finish()
    assert len(calls) == 1
    assert calls[0]["name"] == "currentTime" and calls[0]["id"] == "currentTime_y46ar19t5gvw"
    assert calls[0]["arguments"] == {}
    assert assembler.finish_reason == "TOOL_CALL"


# --- memory: only the calls in flight ------------------------------------------------------


def _reachable(root: Any) -> int:
    """Objects reachable from the assembler (not counting classes, functions, modules)."""
    seen: set[int] = set()
    stack = [root]
    skip = (type, type(sys), type(len), type(_reachable))
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return len(seen)


def _openai_fragments(n: int, calls: int = 1) -> Any:
    for k in range(calls):
        yield {
            "choices": [
                {
                    "index": 0,
                    "delta": {
                        "tool_calls": [
                            {
                                "index": k,
                                "id": f"call_{k}",
                                "type": "function",
                                "function": {"name": "f", "arguments": '{"t":"'},
                            }
                        ]
                    },
                }
            ]
        }
    for i in range(n):
        k = i % calls
        yield {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": k, "function": {"arguments": "ab"}}]}}]}


@pytest.mark.parametrize("calls", [1, 3])
def test_state_stays_bounded_over_100k_fragments(calls: int) -> None:
    module = stream_module("openai_chat")
    sizes = {}
    for n in (1_000, 100_000):
        assembler = module.Assembler()
        for event in _openai_fragments(n, calls):
            assembler.feed(event)
        sizes[n] = _reachable(assembler)
        assert assembler.calls_in_flight == calls
    # the text grows, the number of retained objects does not
    assert sizes[100_000] <= sizes[1_000] + 10 * calls, sizes
    assert sizes[100_000] < 2_000, sizes


def test_state_is_released_as_calls_complete() -> None:
    """Anthropic: each stopped call leaves only its canonical result behind."""
    module = stream_module("anthropic_messages")
    assembler = module.Assembler()
    for k in range(50):
        assembler.feed(
            {
                "type": "content_block_start",
                "index": k,
                "content_block": {"type": "tool_use", "id": f"toolu_{k}", "name": "f", "input": {}},
            }
        )
        for _ in range(200):
            assembler.feed(
                {"type": "content_block_delta", "index": k, "delta": {"type": "input_json_delta", "partial_json": " "}}
            )
        assembler.feed(
            {"type": "content_block_delta", "index": k, "delta": {"type": "input_json_delta", "partial_json": "{}"}}
        )
        assembler.feed({"type": "content_block_stop", "index": k})
        assert assembler.calls_in_flight == 0
    assert len(assembler.finish()) == 50


# --- toolwire assemble ---------------------------------------------------------------------


@pytest.fixture
def run_assemble(repo_root: Path) -> Any:
    """Invoke the assemble command in-process (click's runner), stderr kept apart."""
    from click.testing import CliRunner

    from toolwire.cli.assemble import assemble as command

    def run(*args: str | Path, input: str | None = None) -> Any:
        result = CliRunner().invoke(
            command, ["--generated", str(repo_root / "generated"), *map(str, args)], input=input
        )
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
        assert "Traceback" not in result.stderr
        return result

    return run


def test_assemble_prints_the_canonical_calls(run_assemble: Any, corpus_dir: Path) -> None:
    result = run_assemble("--dialect", "openai_chat", corpus_dir / "openai-chat/gpt4omini-tool-call.stream.jsonl")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["finish_reason"] == "tool_calls"
    assert out["tool_calls"][0]["arguments"] == {"country": "UK"}
    assert result.stderr == ""


def test_assemble_reads_sse_from_stdin(run_assemble: Any) -> None:
    sse = (
        "event: content_block_start\n"
        'data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}\n\n'
        ": keep-alive\n\n"
        'data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"a\\": 1}"}}\n\n'
        'data: {"type":"content_block_stop","index":0}\n\n'
        'data: {"type":"message_delta","delta":{"stop_reason":"tool_use"}}\n\n'
        "data: [DONE]\n\n"
    )
    result = run_assemble("--dialect", "anthropic_messages", "-", input=sse)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {
        "tool_calls": [{"id": "toolu_1", "name": "f", "arguments": {"a": 1}}],
        "finish_reason": "tool_use",
    }


def test_assemble_reads_a_json_array_of_events(run_assemble: Any) -> None:
    events = stream_module("openai_chat").emit([{"id": "call_1", "name": "f", "arguments": {"x": 1}}], fragment_size=2)
    result = run_assemble("--dialect", "openai_chat", input=json.dumps(events, indent=2))
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["tool_calls"][0]["arguments"] == {"x": 1}


def test_assemble_exits_1_on_an_incomplete_call(run_assemble: Any) -> None:
    calls = [
        {
            "id": "call_1",
            "name": "write",
            "arguments": None,
            "raw_arguments": '{"text": "Once',
            "arguments_error": "cut",
            "incomplete": True,
        }
    ]
    text = stream_module("openai_chat").emit_text(calls)
    result = run_assemble("--dialect", "openai_chat", input=text)
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["finish_reason"] == "length"
    assert out["tool_calls"][0]["incomplete"] is True and out["tool_calls"][0]["arguments"] is None
    assert out["tool_calls"][0]["raw_arguments"] == '{"text": "Once'
    assert result.stderr.startswith("<stdin>: /tool_calls/0: incomplete call 'write'")


def test_assemble_exits_1_on_an_invalid_call(run_assemble: Any) -> None:
    calls = [
        {
            "id": "call_1",
            "name": "f",
            "arguments": None,
            "raw_arguments": '{"a":1}{"b":2}',
            "arguments_error": "not valid JSON",
        }
    ]
    result = run_assemble("--dialect", "openai_chat", input=stream_module("openai_chat").emit_text(calls))
    assert result.exit_code == 1
    assert "invalid call 'f': not valid JSON" in result.stderr


def test_assemble_names_line_and_pointer_of_another_dialects_stream(run_assemble: Any, corpus_dir: Path) -> None:
    path = corpus_dir / "anthropic/sonnet45-tool-use-empty-input.stream.jsonl"
    result = run_assemble("--dialect", "openai_chat", path)
    assert result.exit_code == 1
    assert result.stderr == f"{path}:1: openai_chat/stream_event: /: 'choices' is a required property [required]\n"
    assert result.stdout == ""


def test_assemble_names_the_line_of_bad_json_and_of_a_bad_event(run_assemble: Any) -> None:
    good = '{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":""}}]}}]}'
    result = run_assemble("--dialect", "openai_chat", input=good + "\n\n{not json\n")
    assert (result.exit_code, result.stderr.split(": /:")[0]) == (1, "<stdin>:3: openai_chat/stream_event")
    bad = '{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":7}}]}}]}'
    result = run_assemble("--dialect", "openai_chat", input=good + "\n" + bad + "\n")
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "<stdin>:2: openai_chat/stream_event: /choices/0/delta/tool_calls/0/function/arguments: "
    )


def test_assemble_usage_errors_exit_2(run_assemble: Any, tmp_path: Path) -> None:
    assert run_assemble("--dialect", "no_such_dialect", input="").exit_code == 2
    assert run_assemble("--dialect", "mcp", input="").exit_code == 2  # MCP streams no calls
    assert run_assemble("--dialect", "openai_chat", tmp_path / "missing.jsonl").exit_code == 2
    assert run_assemble(input="").exit_code == 2


def test_assemble_is_a_toolwire_command(toolwire: Any, repo_root: Path, corpus_dir: Path) -> None:
    from toolwire.cli.main import main

    if "assemble" not in main.commands:
        pytest.skip("`assemble` is not registered in toolwire.cli yet")
    proc = toolwire(
        "assemble", "--dialect", "ollama", corpus_dir / "ollama/docs-llama32-tool-call.stream.jsonl", cwd=repo_root
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["tool_calls"][0]["name"] == "get_weather"


# --- the mapping vocabulary -----------------------------------------------------------------


def test_a_dialect_without_stream_mapping_generates_no_stream_code(repo_root: Path) -> None:
    assert "mcp" not in streams.STREAMS
    assert not (repo_root / "generated/python/toolwire_dialects/streams/mcp.py").exists()
    assert not (repo_root / "generated/python/tests/vectors/mcp/stream.json").exists()


@pytest.mark.parametrize(
    ("rule", "why"),
    [
        ({"role": "fragment", "key": "/index"}, "a fragment rule needs fragment or full"),
        ({"role": "start", "key": "/index", "event_key": "/index", "name": "/name"}, "key and event_key together"),
        ({"role": "finish"}, "a finish rule needs its pointer"),
        ({"role": "stop", "as_call": True}, "as_call is for start and delta"),
        ({"role": "fragment", "fragment": "/x", "drop": ["/y"]}, "drop without as_call on a fragment"),
        ({"role": "delta", "fragment": "no-slash"}, "a pointer starts with /"),
        ({"role": "json_path_args"}, "json_path_args needs partial_args"),
    ],
)
def test_the_meta_schema_rejects_bad_rules(repo_root: Path, rule: dict[str, Any], why: str) -> None:
    import jsonschema

    schema = json.loads((repo_root / "schemas/meta/stream.schema.json").read_text())
    mapping = {"dialect": "x", "rules": [rule], "emit": {"finish": "stop"}}
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(mapping)), why


def test_every_stream_mapping_is_valid_and_has_vectors(repo_root: Path) -> None:
    import jsonschema

    schema = json.loads((repo_root / "schemas/meta/stream.schema.json").read_text())
    mappings = sorted((repo_root / "schemas/dialects").glob("*/stream.json"))
    assert mappings
    for path in mappings:
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.loads(path.read_text())))
        assert not errors, f"{path}: {errors[0].message}"
        assert (repo_root / "schemas/vectors" / path.parent.name / "stream.json").is_file(), (
            f"{path.parent.name} has no stream vectors"
        )
        assert path.parent.name in streams.STREAMS


@pytest.fixture
def validate_schema() -> Any:
    """validate(schema_id, instance) against the generated package's schemas, offline."""
    import jsonschema
    import referencing
    import referencing.exceptions
    from referencing.jsonschema import DRAFT202012
    from toolwire_dialects._schemas import SCHEMAS

    def refuse(uri: str) -> referencing.Resource:
        raise referencing.exceptions.NoSuchResource(ref=uri)

    registry = referencing.Registry(retrieve=refuse).with_resources(
        (k, DRAFT202012.create_resource(v)) for k, v in SCHEMAS.items()
    )

    def check(schema_id: str, instance: Any) -> None:
        errors = [
            f"{'/'.join(map(str, e.absolute_path)) or '/'}: {e.message}"
            for e in jsonschema.Draft202012Validator(SCHEMAS[schema_id], registry=registry).iter_errors(instance)
        ]
        assert not errors, f"{schema_id}: " + "; ".join(errors)

    return check


def test_generate_names_the_stream_mapping_it_cannot_generate(toolwire: Any, workspace: Any) -> None:
    path = workspace.schemas / "dialects/openai_chat/stream.json"
    mapping = json.loads(path.read_text())
    for rule in mapping["rules"]:
        if rule["role"] == "finish":
            del rule["emit"]
    path.write_text(json.dumps(mapping, indent=2))
    proc = toolwire(
        "generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", workspace.out
    )
    assert proc.returncode == 2
    assert "schemas/dialects/openai_chat/stream.json: no finish rule is marked for emission" in proc.stderr
    assert not workspace.out.exists()


def test_generate_reports_an_invalid_stream_mapping_with_its_line(toolwire: Any, workspace: Any) -> None:
    path = workspace.schemas / "dialects/anthropic_messages/stream.json"
    mapping = json.loads(path.read_text())
    mapping["rules"][0]["role"] = "begin"
    path.write_text(json.dumps(mapping, indent=2))
    proc = toolwire(
        "generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", workspace.out
    )
    assert proc.returncode == 2
    assert "dialects/anthropic_messages/stream.json:" in proc.stderr and "/rules/0" in proc.stderr


# --- another dialect's stream, error events, stray fragments, server tools (issues 10, 11) ---


def _first_events(dialect: str) -> list[dict[str, Any]]:
    vectors = json.loads((REPO / "schemas" / "vectors" / dialect / "stream.json").read_text(encoding="utf-8"))
    return next(c["events"] for c in vectors["cases"] if c.get("calls"))


# Mistral streams are OpenAI Chat chunks (the same wire shape): each reads the other's.
SAME_WIRE = {frozenset({"openai_chat", "mistral"})}


@pytest.mark.parametrize("dialect", sorted(streams.STREAMS))
def test_an_assembler_fed_another_dialects_stream_raises_naming_the_dialect(dialect: str) -> None:
    """Issue 10.1: never an empty result without error for a stream of another dialect."""
    module = stream_module(dialect)
    for other in sorted(streams.STREAMS):
        if other == dialect or frozenset({dialect, other}) in SAME_WIRE:
            continue
        assembler = module.Assembler()
        with pytest.raises(streams.StreamError) as caught:
            for event in _first_events(other):
                assembler.feed(event)
        assert (caught.value.dialect, caught.value.shape) == (dialect, "stream_event"), other
        assert f"not a {dialect} stream event: expected" in caught.value.message, other
        with pytest.raises(streams.StreamError) as caught:
            module.Assembler().feed_text("".join(json.dumps(e) + "\n" for e in _first_events(other)))
        assert caught.value.line == 1, other


def test_assemble_cli_exits_1_on_another_dialects_stream_naming_the_pointer(run_assemble: Any) -> None:
    text = "".join(json.dumps(e) + "\n" for e in _first_events("ollama"))
    result = run_assemble("--dialect", "gemini", "-", input=text)
    assert result.exit_code == 1
    assert result.stderr.startswith("<stdin>:1: gemini/stream_event: /: ")


def test_a_stray_fragment_keeps_the_good_calls_in_the_cli(run_assemble: Any) -> None:
    """Issue 10.17: the stray fragment is a finding with its line; the good call is printed."""
    events = [
        {
            "type": "content_block_start",
            "index": 0,
            "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
        },
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"a": 1}'}},
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_delta", "index": 7, "delta": {"type": "input_json_delta", "partial_json": '{"b": 2}'}},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}},
    ]
    result = run_assemble("--dialect", "anthropic_messages", "-", input="".join(json.dumps(e) + "\n" for e in events))
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["tool_calls"] == [{"id": "toolu_1", "name": "f", "arguments": {"a": 1}}]
    assert out["findings"] == [
        {"event": 3, "pointer": "/index", "message": "argument text for a call that is not open (key 7): left out"}
    ]
    assert (
        result.stderr
        == "<stdin>:4: anthropic_messages/stream_event: /index: argument text for a call that is not open (key 7): left out\n"
    )


def test_an_error_event_is_a_finding_with_the_calls_so_far(run_assemble: Any) -> None:
    """Issue 11.2, in every streaming dialect that has one: the complete calls stay, the open
    ones are incomplete, later events are not read."""
    module = stream_module("openai_chat")
    start = {
        "choices": [
            {
                "index": 0,
                "delta": {
                    "tool_calls": [
                        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a"'}}
                    ]
                },
            }
        ]
    }
    error = {"error": {"message": "Rate limit reached", "type": "tokens", "code": "rate_limit_exceeded"}}
    after = {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}
    assembler = module.Assembler()
    for event in (start, error, after):
        assembler.feed(event)
    (call,) = assembler.finish()
    assert call["incomplete"] is True and call["raw_arguments"] == '{"a"' and assembler.finish_reason is None
    assert assembler.findings == [
        {
            "event": 1,
            "pointer": "/error/message",  # where the message was found (the rule's `message`)
            "message": "the stream ended with an error: rate_limit_exceeded: Rate limit reached",
        }
    ]
    result = run_assemble(
        "--dialect", "openai_chat", "-", input="".join(f"data: {json.dumps(e)}\n\n" for e in (start, error, after))
    )
    assert result.exit_code == 1
    assert json.loads(result.stdout)["tool_calls"][0]["incomplete"] is True
    assert (
        result.stderr.splitlines()[0]
        == "<stdin>:3: openai_chat/stream_event: /error/message: the stream ended with an error: rate_limit_exceeded: Rate limit reached"
    )


def test_corpus_more_anthropic_code_execution_stream_assembles(corpus_more_dir: Path, run_assemble: Any) -> None:
    """Issue 11.1: a server_tool_use block streams input_json_delta; it is not a client call."""
    path = corpus_more_dir / "anthropic/code-execution-server-tool.stream.jsonl"
    assembler = assemble("anthropic_messages", read_events(path))
    assert assembler.finish() == [] and assembler.finish_reason == "end_turn" and assembler.findings == []
    assert [n["pointer"] for n in assembler.notes] == ["/content_block", "/content_block"]  # the call, its result
    assert (
        "'bash_code_execution' (id srvtoolu_01MwXaweAHve88x6s3Fc8x6Q) is a server-side tool"
        in assembler.notes[0]["message"]
    )
    assert "'bash_code_execution_tool_result' (id srvtoolu_01MwXaweAHve88x6s3Fc8x6Q)" in assembler.notes[1]["message"]
    result = run_assemble("--dialect", "anthropic_messages", path)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith(f"{path}:11: anthropic_messages/stream_event: /content_block: note: ")


def test_corpus_more_server_tool_stream_keeps_a_client_call_beside_it(corpus_more_dir: Path) -> None:
    """The same real stream with a client tool_use block appended: only that call comes out."""
    events = read_events(corpus_more_dir / "anthropic/code-execution-server-tool.stream.jsonl")
    client = [
        {
            "type": "content_block_start",
            "index": 5,
            "content_block": {"type": "tool_use", "id": "toolu_9", "name": "save", "input": {}},
        },
        {"type": "content_block_delta", "index": 5, "delta": {"type": "input_json_delta", "partial_json": '{"x": 1}'}},
        {"type": "content_block_stop", "index": 5},
    ]
    assembler = assemble("anthropic_messages", events[:-2] + client + events[-2:])
    assert assembler.finish() == [{"id": "toolu_9", "name": "save", "arguments": {"x": 1}}]


def test_corpus_more_azure_content_filter_stream_assembles(corpus_more_dir: Path) -> None:
    """Issue 11.2: a first chunk with prompt_filter_results, choices [] and object "" is no error."""
    assembler = assemble(
        "openai_chat", read_events(corpus_more_dir / "openai-chat-compat/azure-prompt-filter.stream.jsonl")
    )
    assert assembler.finish() == [] and assembler.finish_reason == "stop"
    assert assembler.findings == [] and assembler.notes == []


def test_corpus_more_groq_error_stream_is_a_finding(corpus_more_dir: Path, run_assemble: Any) -> None:
    path = corpus_more_dir / "openai-chat-compat/groq-error-event.stream.jsonl"
    events = read_events(path)
    assembler = assemble("openai_chat", events)
    assert assembler.finish() == []
    (finding,) = assembler.findings
    assert finding["event"] == len(events) - 1 and finding["pointer"] == "/error/message"
    assert finding["message"].startswith("the stream ended with an error: tool_use_failed: Tool call validation failed")
    result = run_assemble("--dialect", "openai_chat", path)
    assert result.exit_code == 1
    assert json.loads(result.stdout)["tool_calls"] == []
    assert result.stderr.startswith(
        f"{path}:{len(events)}: openai_chat/stream_event: /error/message: the stream ended with an error: tool_use_failed: "
    )


def test_bedrock_server_tool_use_and_its_result_are_not_client_parts() -> None:
    """Issue 11.1: Nova's code interpreter call (toolUse type server_tool_use) and its result
    (toolResult type nova_code_interpreter_result) are neither a client call nor an orphan
    client result, in a response or in the next request; inject leaves them in place."""
    from toolwire_dialects import bedrock_converse

    server = [
        {
            "toolUse": {
                "toolUseId": "tooluse_srv",
                "name": "nova_code_interpreter",
                "type": "server_tool_use",
                "input": {"code": "1+1"},
            }
        },
        {
            "toolResult": {
                "toolUseId": "tooluse_srv",
                "type": "nova_code_interpreter_result",
                "status": "success",
                "content": [{"text": '{"stdOut":"2"}'}],
            }
        },
    ]
    client_call = {"toolUse": {"toolUseId": "tooluse_c1", "name": "save", "input": {"x": 2}}}
    response = {
        "output": {"message": {"role": "assistant", "content": [*server, client_call]}},
        "stopReason": "tool_use",
        "usage": {"inputTokens": 40, "outputTokens": 12, "totalTokens": 52},
        "metrics": {"latencyMs": 900},
    }
    parts = bedrock_converse.extract(response)
    assert [c["id"] for c in parts["tool_calls"]] == ["tooluse_c1"] and parts["tool_results"] == []
    request = {
        "modelId": "amazon.nova-pro-v1:0",
        "messages": [
            {"role": "user", "content": [{"text": "2+2?"}]},
            {"role": "assistant", "content": [*server, client_call]},
            {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_c1", "content": [{"text": "ok"}]}}]},
        ],
    }
    parts = bedrock_converse.extract(request)
    assert [c["id"] for c in parts["tool_calls"]] == ["tooluse_c1"]
    assert [r["call_id"] for r in parts["tool_results"]] == ["tooluse_c1"]
    assert bedrock_converse.inject(request, parts).value["messages"][1]["content"][:2] == server
