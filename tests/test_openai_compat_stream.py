"""OpenAI-compatible servers' stream chunks (issue 11, items 2 and 6): the `compat` profile
accepts Azure OpenAI's prompt-filter and content-filter annotation chunks (`object: ""`) and
Perplexity's `chat.completion.done` / `chat.reasoning` chunks in `toolwire validate` and
`toolwire assemble --profile compat`, naming each; without the profile OpenAI's rules hold.
The events are hand-made after the providers' API references, not only the captured file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import Result

from toolwire.spec.loader import load_spec
from toolwire.spec.model import SpecError
from toolwire.validation.profiles import Profile

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
GENERATED = REPO / "generated"

SAFE = {"filtered": False, "severity": "safe"}
FILTERS = {"hate": SAFE, "self_harm": SAFE, "sexual": SAFE, "violence": SAFE}

# Azure OpenAI (content filtering / content streaming references): the first chunk carries the
# prompt's filter results with no choices and id, model and object empty.
AZURE_PROMPT_FILTER = {
    "choices": [],
    "created": 0,
    "id": "",
    "model": "",
    "object": "",
    "prompt_filter_results": [
        {"prompt_index": 0, "content_filter_results": {**FILTERS, "jailbreak": {"filtered": False, "detected": False}}}
    ],
}
# Azure's asynchronous filter: annotation chunks between the answer's chunks, a choice with
# content_filter_results and content_filter_offsets and no delta.
AZURE_ANNOTATION = {
    "id": "",
    "object": "",
    "created": 0,
    "model": "",
    "choices": [
        {
            "index": 0,
            "finish_reason": None,
            "content_filter_results": FILTERS,
            "content_filter_offsets": {"check_offset": 44, "start_offset": 44, "end_offset": 198},
        }
    ],
    "usage": None,
}
# Perplexity (chat completions, stream_mode concise): reasoning chunks, then the answer's chunks,
# then a done chunk repeating the message with search_results and usage.
PERPLEXITY_DONE = {
    "id": "pplx-2",
    "model": "sonar-pro",
    "created": 1759441590,
    "object": "chat.completion.done",
    "choices": [
        {
            "index": 0,
            "finish_reason": "stop",
            "message": {"role": "assistant", "content": "Sunny, 18 C [1]."},
            "delta": {"role": "assistant", "content": ""},
        }
    ],
    "search_results": [{"title": "Seattle weather", "url": "https://example.com/w", "date": None}],
    "usage": {"prompt_tokens": 9, "completion_tokens": 7, "total_tokens": 16},
}
PERPLEXITY_REASONING = {
    "id": "pplx-2",
    "model": "sonar-pro",
    "created": 1759441590,
    "object": "chat.reasoning",
    "choices": [
        {
            "index": 0,
            "finish_reason": None,
            "message": {"role": "assistant", "content": ""},
            "delta": {
                "role": "assistant",
                "content": "",
                "reasoning_steps": [{"thought": "Searching the web", "type": "web_search", "web_search": {}}],
            },
        }
    ],
}
PERPLEXITY_REASONING_DONE = {**PERPLEXITY_REASONING, "object": "chat.reasoning.done"}

QUIRKY = {
    "azure prompt-filter chunk": (
        AZURE_PROMPT_FILTER,
        [("empty_object", "/object"), ("prompt_filter_chunk", "/prompt_filter_results")],
    ),
    "azure annotation chunk": (AZURE_ANNOTATION, [("empty_object", "/object")]),
    "perplexity done chunk": (PERPLEXITY_DONE, [("done_chunk", "/object")]),
    "perplexity reasoning chunk": (PERPLEXITY_REASONING, [("reasoning_chunk", "/object")]),
    "perplexity reasoning done chunk": (PERPLEXITY_REASONING_DONE, [("reasoning_chunk", "/object")]),
}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-9",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "content_filter_results": {}}],
    }


CALL_START = {
    "tool_calls": [{"index": 0, "id": "call_9", "type": "function", "function": {"name": "f", "arguments": ""}}]
}
CALL_ARGS = {"tool_calls": [{"index": 0, "function": {"arguments": '{"a": 1}'}}]}
# An Azure stream with a tool call: the prompt-filter chunk first, an annotation after the call.
AZURE_TOOL_STREAM = [
    AZURE_PROMPT_FILTER,
    _chunk({"role": "assistant", "content": None}),
    _chunk(CALL_START),
    _chunk(CALL_ARGS),
    AZURE_ANNOTATION,
    _chunk({}, "tool_calls"),
]


def _jsonl(tmp_path: Path, events: list[Any], name: str = "s.stream.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def _validate(cli_runner: Callable[..., Result], path: Path, *args: str) -> tuple[int, list[dict[str, Any]]]:
    result = cli_runner(["validate", "--schemas", SCHEMAS, "--dialect", "openai_chat", "--format", "json", *args, path])
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def _assemble(cli_runner: Callable[..., Result], path: Path, *args: str) -> Result:
    return cli_runner(["assemble", "--generated", GENERATED, "--dialect", "openai_chat", *args, path])


def _notes(row: dict[str, Any]) -> list[tuple[str, str]]:
    return [(n["keyword"], n["pointer"]) for n in row.get("notes", [])]


# -- validate -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(QUIRKY))
@pytest.mark.parametrize("shape", [(), ("--shape", "stream_event")], ids=["detected", "--shape"])
def test_each_stream_quirk_is_valid_under_the_profile_and_named(
    cli_runner: Callable[..., Result], tmp_path: Path, name: str, shape: tuple[str, ...]
) -> None:
    event, quirks = QUIRKY[name]
    code, (row,) = _validate(cli_runner, _jsonl(tmp_path, [event]), "--profile", "compat", *shape)
    assert code == 0 and row["status"] == "valid" and row["shape"] == "stream_event", row
    assert _notes(row) == quirks
    assert all(n["message"].startswith("compat profile: ") for n in row["notes"])


@pytest.mark.parametrize("name", sorted(QUIRKY))
def test_each_stream_quirk_is_a_finding_under_openai_rules(
    cli_runner: Callable[..., Result], tmp_path: Path, name: str
) -> None:
    code, (row,) = _validate(cli_runner, _jsonl(tmp_path, [QUIRKY[name][0]]), "--shape", "stream_event")
    assert code == 1 and row["status"] == "invalid", row
    assert [e["pointer"] for e in row["errors"]] == ["/object"]


def test_the_profile_accepts_only_the_documented_object_spellings(
    cli_runner: Callable[..., Result], tmp_path: Path
) -> None:
    for spelling in ("chat.completion", "chat.completion.chunk.done", " ", None):
        code, (row,) = _validate(
            cli_runner,
            _jsonl(tmp_path, [{**AZURE_ANNOTATION, "object": spelling}]),
            "--profile",
            "compat",
            "--shape",
            "stream_event",
        )
        assert code == 1 and [e["pointer"] for e in row["errors"]] == ["/object"], (spelling, row)
        assert "notes" not in row or ("empty_object", "/object") not in _notes(row)


def test_a_finding_beside_an_accepted_quirk_is_still_a_finding(
    cli_runner: Callable[..., Result], tmp_path: Path
) -> None:
    bad = {**PERPLEXITY_DONE, "choices": [{**PERPLEXITY_DONE["choices"][0], "index": -1}]}
    code, (row,) = _validate(cli_runner, _jsonl(tmp_path, [bad]), "--profile", "compat", "--shape", "stream_event")
    assert code == 1 and [e["pointer"] for e in row["errors"]] == ["/choices/0/index"], row
    assert _notes(row) == [("done_chunk", "/object")]


def test_a_stream_quirk_is_not_one_of_a_response(cli_runner: Callable[..., Result], tmp_path: Path) -> None:
    """A quirk is accepted only in the kinds it names: an Azure response (not a chunk) carries
    prompt_filter_results too, and is a valid response with no note of the chunk's quirk."""
    response = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": "x"},
                "content_filter_results": FILTERS,
            }
        ],
        "prompt_filter_results": AZURE_PROMPT_FILTER["prompt_filter_results"],
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(response), encoding="utf-8")
    code, (row,) = _validate(cli_runner, path, "--profile", "compat")
    assert code == 0 and row["status"] == "valid" and row["shape"] == "response", row
    assert "notes" not in row, row


def test_captured_azure_stream_validates_under_the_profile(
    cli_runner: Callable[..., Result], corpus_more_dir: Path
) -> None:
    path = corpus_more_dir / "openai-chat-compat" / "azure-prompt-filter.stream.jsonl"
    code, rows = _validate(cli_runner, path, "--profile", "compat")
    assert code == 0 and {r["status"] for r in rows} == {"valid"}, rows
    assert _notes(rows[0]) == [("empty_object", "/object"), ("prompt_filter_chunk", "/prompt_filter_results")]
    assert not any(r.get("notes") for r in rows[1:])
    code, rows = _validate(cli_runner, path)
    assert code == 1 and rows[0]["status"] != "valid" and all(r["status"] == "valid" for r in rows[1:]), rows


# -- assemble --profile -------------------------------------------------------------------------


def test_assemble_accepts_the_quirks_and_notes_each(cli_runner: Callable[..., Result], tmp_path: Path) -> None:
    path = _jsonl(tmp_path, [PERPLEXITY_REASONING, *AZURE_TOOL_STREAM, PERPLEXITY_DONE])
    result = _assemble(cli_runner, path, "--profile", "compat")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["tool_calls"] == [{"id": "call_9", "name": "f", "arguments": {"a": 1}, "raw_arguments": '{"a": 1}'}]
    at = f"{path}:{{}}: openai_chat/stream_event: {{}}: note: compat profile: "
    expected = [
        (1, "/object", "reasoning_chunk"),
        (2, "/object", "empty_object"),
        (2, "/prompt_filter_results", "prompt_filter_chunk"),
    ]
    expected += [(6, "/object", "empty_object"), (8, "/object", "done_chunk")]
    lines = result.stderr.splitlines()
    assert len(lines) == len(expected), result.stderr
    for text, (line, pointer, quirk) in zip(lines, expected, strict=True):
        assert text.startswith(at.format(line, pointer)) and text.endswith(f"[{quirk}]"), text


def test_assemble_without_the_profile_keeps_openai_rules(cli_runner: Callable[..., Result], tmp_path: Path) -> None:
    path = _jsonl(tmp_path, AZURE_TOOL_STREAM)
    result = _assemble(cli_runner, path)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:1: openai_chat/stream_event: /object: ")


def test_assemble_reports_a_finding_beside_a_quirk(cli_runner: Callable[..., Result], tmp_path: Path) -> None:
    bad = {**AZURE_PROMPT_FILTER, "created": "0"}
    path = _jsonl(tmp_path, [_chunk(CALL_START), bad])
    result = _assemble(cli_runner, path, "--profile", "compat")
    assert result.exit_code == 1
    *notes, finding = result.stderr.splitlines()
    assert [n.rsplit(" ", 1)[-1] for n in notes] == ["[empty_object]", "[prompt_filter_chunk]"]
    assert finding.startswith(f"{path}:2: openai_chat/stream_event: /created: ") and finding.endswith("[type]"), finding


def test_assemble_captured_azure_stream_with_the_profile(
    cli_runner: Callable[..., Result], corpus_more_dir: Path
) -> None:
    path = corpus_more_dir / "openai-chat-compat" / "azure-prompt-filter.stream.jsonl"
    result = _assemble(cli_runner, path, "--profile", "compat")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {"tool_calls": [], "finish_reason": "stop"}
    assert [line.split(": ")[2] for line in result.stderr.splitlines()] == ["/object", "/prompt_filter_results"]
    assert all(line.startswith(f"{path}:1: ") for line in result.stderr.splitlines())
    result = _assemble(cli_runner, path)
    assert result.exit_code == 1 and result.stderr.startswith(f"{path}:1: openai_chat/stream_event: /object: ")


def test_assemble_groq_error_stream_is_still_a_finding(
    cli_runner: Callable[..., Result], corpus_more_dir: Path
) -> None:
    path = corpus_more_dir / "openai-chat-compat" / "groq-error-event.stream.jsonl"
    plain, profiled = _assemble(cli_runner, path), _assemble(cli_runner, path, "--profile", "compat")
    assert plain.exit_code == profiled.exit_code == 1
    assert json.loads(profiled.stdout) == json.loads(plain.stdout) and "findings" in json.loads(profiled.stdout)
    assert profiled.stderr == plain.stderr and "/error/message: the stream ended with an error" in profiled.stderr


def test_assemble_keeps_a_cut_off_call_incomplete_under_the_profile(
    cli_runner: Callable[..., Result], tmp_path: Path
) -> None:
    path = _jsonl(
        tmp_path,
        [
            AZURE_PROMPT_FILTER,
            _chunk(CALL_START),
            _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"a"'}}]}),
        ],
    )
    result = _assemble(cli_runner, path, "--profile", "compat")
    assert result.exit_code == 1
    (call,) = json.loads(result.stdout)["tool_calls"]
    assert call["incomplete"] is True and "incomplete call 'f'" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--dialect", "openai_chat", "--profile", "lax"],
            "dialect openai_chat has no profile 'lax'; known: azure, compat",
        ),
        (["--dialect", "mistral", "--profile", "compat"], "dialect mistral has no profile 'compat'; known: none"),
    ],
)
def test_assemble_profile_usage_errors(cli_runner: Callable[..., Result], args: list[str], message: str) -> None:
    result = cli_runner(["assemble", "--generated", GENERATED, *args, "-"], input="{}\n")
    assert result.exit_code == 2 and "--profile" in result.stderr and message in result.stderr, result.stderr


# -- the stream vectors that name a profile ---------------------------------------------------


def _profile_vectors() -> list[Any]:
    spec = load_spec(SCHEMAS)
    return [
        pytest.param(f.dialect, case, id=case["description"])
        for f in spec.stream_vectors
        for case in f.cases
        if "profile" in case
    ]


@pytest.mark.parametrize(("dialect", "case"), _profile_vectors())
def test_profile_stream_vectors_are_valid_stream_events_under_their_profile(dialect: str, case: dict[str, Any]) -> None:
    """The generated suite checks the dialect's own schema rejects one of these events; here
    every one is valid once the named profile accepted its quirks, and some quirk was seen."""
    spec = load_spec(SCHEMAS)
    data = spec.dialects[dialect]
    profile = Profile(case["profile"], data.profiles[case["profile"]])
    schema_id = f"dialects/{dialect}/stream_event.json"
    validator = jsonschema.Draft202012Validator(spec.documents[schema_id], registry=spec.registry)
    seen = []
    for i, event in enumerate(case["events"]):
        accepted = profile.accept(event, {"stream_event"})
        errors = [e.message for e in validator.iter_errors(accepted.value)]
        assert not errors, (i, errors)
        seen.extend(s.quirk.name for s in accepted.seen)
    assert seen, "no quirk of the profile in these events: they need no profile"


def test_the_openai_chat_vectors_use_the_profile() -> None:
    names = {case["description"] for _, case in (p.values for p in _profile_vectors())}
    assert any("Azure" in n for n in names) and any("Perplexity" in n for n in names), names


def test_a_stream_vector_naming_an_unknown_profile_is_a_spec_error(workspace: Any) -> None:
    path = workspace.schemas / "vectors" / "openai_chat" / "stream.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    index = next(i for i, c in enumerate(data["cases"]) if "profile" in c)
    data["cases"][index]["profile"] = "lax"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(workspace.schemas)
    text = "\n".join(info.value.problems)
    assert f"/cases/{index}/profile" in text and "has no profile 'lax'" in text, text


@pytest.mark.parametrize(
    "accept",
    [{"replace": "chat.completion.chunk", "fill": {"a": 1}}, {"replace_with": "x"}, "replace"],
    ids=["replace and fill", "unknown form", "bare word"],
)
def test_a_broken_accept_form_is_a_spec_error(workspace: Any, accept: Any) -> None:
    path = workspace.schemas / "dialects" / "openai_chat" / "profiles.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    quirks = data["profiles"]["compat"]["quirks"]
    index = next(i for i, q in enumerate(quirks) if q["name"] == "done_chunk")
    quirks[index]["accept"] = accept
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(workspace.schemas)
    text = "\n".join(info.value.problems)
    assert "openai_chat/profiles.json:" in text and f"/profiles/compat/quirks/{index}/accept" in text, text


def test_replace_leaves_the_payload_alone() -> None:
    data = load_spec(SCHEMAS).dialects["openai_chat"].profiles["compat"]
    event = json.loads(json.dumps(PERPLEXITY_DONE))
    accepted = Profile("compat", data).accept(event, {"stream_event"})
    assert accepted.value["object"] == "chat.completion.chunk" and event == PERPLEXITY_DONE
    assert [(s.pointer, s.quirk.name) for s in accepted.seen] == [("/object", "done_chunk")]
