"""`toolwire validate` end to end through its click command: inputs, reports, exit codes,
bad input, the drift report, --jobs, --fail-fast, --quiet.

Detection depends on which dialects exist, and dialects keep being added (a new one may share
a shape with an old one: that is ambiguity, correctly). So these tests run on a copy of the
schemas holding two dialects only; the corpus tests cover the full set.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from toolwire.cli.validate import validate

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"

CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
ANTHROPIC_CALL = {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}}
RESPONSE = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-5-mini",
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {"role": "assistant", "content": None, "tool_calls": [CALL]},
        }
    ],
}


KEEP = ("openai_chat", "anthropic_messages")


def copy_schemas(target: Path, *extra: str) -> Path:
    """canonical/, meta/ and the KEEP dialects of the real schemas (no vectors: they name other dialects)."""
    for folder in ("canonical", "meta"):
        shutil.copytree(SCHEMAS / folder, target / folder)
    for name in (*KEEP, *extra):
        shutil.copytree(SCHEMAS / "dialects" / name, target / "dialects" / name)
    return target


@pytest.fixture(scope="module", autouse=True)
def schemas(tmp_path_factory: pytest.TempPathFactory) -> Path:
    global SCHEMAS_UNDER_TEST
    SCHEMAS_UNDER_TEST = copy_schemas(tmp_path_factory.mktemp("schemas") / "schemas")
    return SCHEMAS_UNDER_TEST


SCHEMAS_UNDER_TEST = SCHEMAS


def run(*args: str, stdin: bytes | None = None, schemas: Path | None = None) -> Result:
    result = CliRunner().invoke(validate, ["--schemas", str(schemas or SCHEMAS_UNDER_TEST), *args], input=stdin)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def jsonl(path: Path, *lines: Any) -> Path:
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines), encoding="utf-8")
    return path


def objects(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines()]


# -- detection and verdicts ---------------------------------------------------------------------


def test_valid_payloads_are_detected_and_exit_0(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "mixed.jsonl", CALL, ANTHROPIC_CALL, RESPONSE)
    result = run(str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    got = [(o["line"], o["dialect"], o["shape"], o["valid"], o["errors"]) for o in objects(result)]
    assert got == [
        (1, "openai_chat", "tool_call", True, []),
        (2, "anthropic_messages", "tool_call", True, []),
        (3, "openai_chat", "response", True, []),
    ]
    assert set(objects(result)[0]) >= {"path", "line", "dialect", "shape", "valid", "errors"}
    assert "3 valid, 0 invalid, 0 undetected" in result.stderr


def test_text_format_names_what_each_valid_payload_was_detected_as(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "ok.jsonl", CALL)
    result = run(str(path))
    assert result.exit_code == 0
    assert result.stdout == f"{path}:1: openai_chat/tool_call: valid\n"
    assert "1 valid, 0 invalid, 0 undetected" in result.stderr


@pytest.mark.parametrize(
    ("args", "payload", "pointer", "keyword"),
    [
        pytest.param(
            ["--dialect", "openai_chat", "--shape", "tool_call"],
            {"id": "call_1", "type": "function", "function": {"arguments": "{}"}},
            "/function",
            "required",
            id="missing-required",
        ),
        pytest.param(
            ["--dialect", "openai_chat", "--shape", "response"],
            {
                **RESPONSE,
                "choices": [
                    {**RESPONSE["choices"][0], "message": {"role": "assistant", "tool_calls": [{**CALL, "id": 7}]}}
                ],
            },
            "/choices/0/message/tool_calls/0/id",
            "type",
            id="deep-type",
        ),
        pytest.param(
            # content is oneOf [string, array of text parts]: the array branch is reported, not both
            ["--dialect", "openai_chat", "--shape", "tool_result"],
            {"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text"}]},
            "/content/0",
            "required",
            id="oneOf-best-branch",
        ),
        pytest.param(
            ["--dialect", "anthropic_messages", "--shape", "tool_choice"],
            {"type": "tool"},
            "",
            "required",
            id="if-then",
        ),
        pytest.param(
            ["--dialect", "anthropic_messages", "--shape", "tool_call"],
            {**ANTHROPIC_CALL, "id": "bad id!"},
            "/id",
            "pattern",
            id="pattern",
        ),
    ],
)
def test_crafted_invalid_payloads_give_pointer_and_keyword(
    tmp_path: Path, args: list[str], payload: Any, pointer: str, keyword: str
) -> None:
    path = jsonl(
        tmp_path / "bad.jsonl", CALL if "openai_chat" in args and "tool_call" in args else ANTHROPIC_CALL, payload
    )
    if "tool_call" not in args:
        path = jsonl(tmp_path / "bad.jsonl", payload)
    result = run(str(path), *args, "--format", "json")
    assert result.exit_code == 1, result.output
    bad = [o for o in objects(result) if not o["valid"]]
    assert len(bad) == 1
    assert bad[0]["status"] == "invalid"
    assert bad[0]["errors"][0]["pointer"] == pointer
    assert bad[0]["errors"][0]["keyword"] == keyword
    assert len(bad[0]["errors"]) == 1, bad[0]["errors"]  # one precise error, not every branch
    text = run(str(path), *args)
    label = f"{args[1]}/{args[3]}"
    assert f"{path}:{bad[0]['line']}: {label}: {pointer or '/'}: " in text.stdout
    assert text.stdout.rstrip().endswith(f"[{keyword}]")


def test_error_lines_point_into_pretty_printed_json(tmp_path: Path) -> None:
    payload = json.loads(json.dumps(RESPONSE))
    payload["choices"][0]["message"]["tool_calls"][0]["id"] = 7
    path = tmp_path / "response.json"
    path.write_text(json.dumps(payload, indent=2), encoding="utf-8")
    result = run(str(path), "--dialect", "openai_chat", "--shape", "response")
    assert result.exit_code == 1
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if '"id": 7' in text)
    assert result.stdout.startswith(
        f"{path}:{line}: openai_chat/response: /choices/0/message/tool_calls/0/id: 7 is not of type 'string' [type]"
    )


def test_json_array_with_shape_checks_each_element_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "calls.json"
    path.write_text(json.dumps([CALL, {**CALL, "type": "custom"}, CALL], indent=2), encoding="utf-8")
    result = run(str(path), "--shape", "tool_call", "--format", "json")
    assert result.exit_code == 1
    lines = [i for i, text in enumerate(path.read_text().splitlines(), 1) if text == "  {"]
    assert [(o["line"], o["valid"]) for o in objects(result)] == [(lines[0], True), (lines[1], False), (lines[2], True)]


def test_undetected_payload_is_a_finding_with_the_nearest_schema(tmp_path: Path) -> None:
    broken = {
        **RESPONSE,
        "choices": [{**RESPONSE["choices"][0], "message": {"role": "assistant", "tool_calls": [{**CALL, "id": 7}]}}],
    }
    path = jsonl(tmp_path / "x.jsonl", broken, {"hello": "world"})
    result = run(str(path), "--format", "json")
    assert result.exit_code == 1
    first, second = objects(result)
    assert (first["status"], first["dialect"], first["candidates"]) == ("undetected", None, ["openai_chat/response"])
    assert first["errors"][0]["keyword"] == "undetected"
    assert first["errors"][1]["pointer"] == "/choices/0/message/tool_calls/0/id"
    assert second["status"] == "undetected"
    assert "candidates" not in second  # nothing is near: no misleading guess
    assert "0 valid, 0 invalid, 2 undetected" in result.stderr
    text = run(str(path))
    assert f"{path}:1: undetected: /: no schema matches; nearest: openai_chat/response [undetected]" in text.stdout
    assert (
        f"{path}:1: nearest openai_chat/response: /choices/0/message/tool_calls/0/id: 7 is not of type 'string' [type]"
        in text.stdout
    )


def test_dialect_option_narrows_detection(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "x.jsonl", CALL)
    assert run(str(path), "--dialect", "openai_chat").exit_code == 0
    result = run(str(path), "--dialect", "anthropic_messages", "--format", "json")
    assert result.exit_code == 1
    assert objects(result)[0]["status"] == "undetected"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dialect", "nope"], "unknown dialect 'nope'"),
        (["--shape", "nope"], "has no schema for 'nope'"),
        (["--format", "xml"], "Invalid value for '--format'"),
        (["--max-record-bytes", "lots"], "is not a size"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = run(str(jsonl(tmp_path / "x.jsonl", CALL)), *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_missing_path_exits_2_after_checking_the_rest(tmp_path: Path) -> None:
    good = jsonl(tmp_path / "x.jsonl", CALL)
    result = run(str(tmp_path / "missing.jsonl"), str(good))
    assert result.exit_code == 2
    assert "cannot read" in result.stderr and "missing.jsonl" in result.stderr
    assert "1 valid, 0 invalid, 0 undetected" in result.stderr


def test_broken_schemas_folder_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(validate, ["--schemas", str(tmp_path / "none"), "-"], input=b"{}")
    assert result.exit_code == 2
    assert "Traceback" not in result.stderr


def test_no_payload_files_in_folder_exits_2(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("hi")
    result = run(str(tmp_path))
    assert result.exit_code == 2
    assert "no .json/.jsonl/.ndjson/.sse files" in result.stderr


# -- inputs -------------------------------------------------------------------------------------


def test_folders_are_recursive_and_skip_other_files(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    jsonl(tmp_path / "a" / "b" / "deep.ndjson", CALL)
    (tmp_path / "a" / "one.json").write_text(json.dumps(ANTHROPIC_CALL, indent=2))
    (tmp_path / "a" / "README.md").write_text("not a payload")
    (tmp_path / ".hidden").mkdir()
    jsonl(tmp_path / ".hidden" / "x.jsonl", "garbage")
    result = run(str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.output
    assert sorted(Path(o["path"]).name for o in objects(result)) == ["deep.ndjson", "one.json"]


def test_stdin_json_lines_and_pretty_json(tmp_path: Path) -> None:
    lines = (json.dumps(CALL) + "\n" + json.dumps(ANTHROPIC_CALL) + "\n").encode()
    result = run("-", "--format", "json", stdin=lines)
    assert result.exit_code == 0
    assert [(o["path"], o["line"], o["dialect"]) for o in objects(result)] == [
        ("<stdin>", 1, "openai_chat"),
        ("<stdin>", 2, "anthropic_messages"),
    ]
    pretty = run("-", "--format", "json", stdin=json.dumps(RESPONSE, indent=2).encode())
    assert pretty.exit_code == 0
    assert [(o["line"], o["shape"]) for o in objects(pretty)] == [(1, "response")]


def test_sse_transcript(tmp_path: Path) -> None:
    path = tmp_path / "capture.sse"
    path.write_text(
        ": a comment\n"
        "event: call\n"
        f"data: {json.dumps(CALL)}\n"
        "\n"
        "id: 2\n"
        f"data: {json.dumps(ANTHROPIC_CALL)[:20]}\n"
        f"data: {json.dumps(ANTHROPIC_CALL)[20:]}\n"
        "\n"
        "data: [DONE]\n"
        "\n",
        encoding="utf-8",
    )
    result = run(str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    assert [(o["line"], o["dialect"]) for o in objects(result)] == [(3, "openai_chat"), (6, "anthropic_messages")]


def test_sse_framing_left_in_a_jsonl_file_is_read_as_sse(tmp_path: Path) -> None:
    path = tmp_path / "stream.jsonl"
    path.write_text(f"data: {json.dumps(CALL)}\n\ndata: {json.dumps(CALL)}\n\n", encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 0
    assert "2 valid" in result.stderr


# -- bad input: each problem is a finding with its line; the rest is still checked --------------


def test_bad_lines_are_findings_and_the_rest_is_checked(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    deep = "[" * 1500 + "]" * 1500
    path.write_bytes(
        b"\n".join(
            [
                json.dumps(CALL).encode(),  # 1 valid
                b'{"id": "call_1", "type": ',  # 2 truncated
                b'{"id": "caf\xe9"}',  # 3 invalid UTF-8
                deep.encode(),  # 4 deeply nested
                b"x" * 5000,  # 5 huge line (over --max-record-bytes)
                b"",  # 6 blank: skipped
                b"NaN",  # 7 not JSON
                json.dumps(ANTHROPIC_CALL).encode(),  # 8 valid
            ]
        )
        + b"\n"
    )
    result = run(str(path), "--format", "json", "--max-record-bytes", "4K")
    assert result.exit_code == 1
    got = {o["line"]: (o["status"], [e["keyword"] for e in o["errors"]]) for o in objects(result)}
    assert got == {
        1: ("valid", []),
        2: ("unreadable", ["parse"]),
        3: ("unreadable", ["parse"]),
        4: ("unreadable", ["depth"]),
        5: ("unreadable", ["size"]),
        7: ("unreadable", ["parse"]),
        8: ("valid", []),
    }
    assert "invalid UTF-8 at byte 11" in result.stdout
    assert "2 valid, 5 invalid, 0 undetected (5 unreadable)" in result.stderr


@pytest.mark.parametrize("name", ["empty.json", "empty.jsonl", "blank.json"])
def test_empty_files_are_findings(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text("\n  \n" if name.startswith("blank") else "")
    result = run(str(path), "--format", "json")
    assert result.exit_code == 1
    assert [(o["line"], o["errors"][0]["keyword"]) for o in objects(result)] == [(1, "empty")]


def test_malformed_json_file_reports_the_line_of_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "id": "call_1",\n  "type": "function",\n  "function": {,\n}\n')
    result = run(str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:4: unreadable: /: not valid JSON")


def test_huge_json_file_is_not_read_into_memory(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"pad": "' + "x" * 100_000 + '"}')
    result = run(str(path), "--max-record-bytes", "1K", "--format", "json")
    assert result.exit_code == 1
    assert objects(result)[0]["errors"][0]["keyword"] == "size"


def test_deep_pretty_json_document_is_a_finding(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"a":' * 3000 + "1" + "}" * 3000)
    result = run(str(path), "--format", "json")
    assert result.exit_code == 1
    assert objects(result)[0]["errors"][0]["keyword"] == "depth"


# -- drift ----------------------------------------------------------------------------------------


def test_strict_reports_added_fields_and_counts_them(tmp_path: Path) -> None:
    drifted = {**CALL, "function": {**CALL["function"], "thought": "hmm"}, "new_top": 1}
    path = jsonl(tmp_path / "drift.jsonl", drifted, CALL, drifted)
    assert run(str(path)).exit_code == 0  # open schemas: unknown fields are fine by default
    result = run(str(path), "--strict", "--format", "json")
    assert result.exit_code == 1
    first, second, third = objects(result)
    assert sorted((e["pointer"], e["keyword"]) for e in first["errors"]) == [
        ("/function/thought", "drift"),
        ("/new_top", "drift"),
    ]
    assert second["valid"] and not third["valid"]
    assert "openai_chat/tool_call /function/thought: 2 (in 2 payload(s))" in result.stderr
    assert "openai_chat/tool_call /new_top: 2 (in 2 payload(s))" in result.stderr
    assert "2 field path(s) not described by the schemas" in result.stderr


def test_strict_normalises_array_indices(tmp_path: Path) -> None:
    response = json.loads(json.dumps(RESPONSE))
    response["choices"][0]["message"]["tool_calls"] = [{**CALL, "extra": 1}, {**CALL, "extra": 2}]
    result = run(
        str(jsonl(tmp_path / "r.jsonl", response)), "--strict", "--dialect", "openai_chat", "--shape", "response"
    )
    assert result.exit_code == 1
    assert "openai_chat/response /choices/*/message/tool_calls/*/extra: 2 (in 1 payload(s))" in result.stderr
    assert "/choices/0/message/tool_calls/1/extra: field not described by the schema [drift]" in result.stdout


def test_strict_does_not_flag_free_form_objects(tmp_path: Path) -> None:
    call = {**ANTHROPIC_CALL, "input": {"anything": {"goes": [1, {"here": True}]}}}
    result = run(str(jsonl(tmp_path / "a.jsonl", call)), "--strict")
    assert result.exit_code == 0, result.output


# -- formats, options -------------------------------------------------------------------------------


def test_github_annotations(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "x.jsonl", {"id": "call_1", "type": "function", "function": {"arguments": "{}"}})
    result = run(str(path), "--dialect", "openai_chat", "--shape", "tool_call", "--format", "github")
    assert result.exit_code == 1
    assert result.stdout == (
        f"::error file={path},line=1,title=toolwire validate%3A openai_chat/tool_call::/function: 'name' is a required property [required]\n"
    )


def test_quiet_prints_findings_only(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "x.jsonl", CALL, {"hello": 1})
    result = run(str(path), "--quiet", "--format", "json")
    assert result.exit_code == 1
    assert [o["line"] for o in objects(result)] == [2]
    assert result.stderr == ""


def test_fail_fast_stops_at_the_first_finding(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "x.jsonl", CALL, {"a": 1}, {"b": 2}, CALL)
    result = run(str(path), "--fail-fast", "--format", "json")
    assert result.exit_code == 1
    assert [o["line"] for o in objects(result)] == [1, 2]
    assert "--fail-fast" in result.stderr


def test_no_progress_bar_when_not_a_terminal(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "x.jsonl", *([CALL] * 3000))
    result = run(str(path))
    assert "\r" not in result.stderr


def test_jobs_give_the_same_output_as_one_process(tmp_path: Path) -> None:
    lines = [CALL, ANTHROPIC_CALL, {"x": 1}, RESPONSE, "not json", {**CALL, "extra": True}] * 200
    big = jsonl(tmp_path / "big.jsonl", *lines)
    other = jsonl(tmp_path / "other.jsonl", CALL, "{")
    args = [str(big), str(other), "--format", "json", "--strict", "--segment-bytes", "20K"]
    one = run(*args)
    many = run(*args, "--jobs", "2")
    assert one.exit_code == many.exit_code == 1
    assert one.stdout == many.stdout
    assert len(one.stdout.splitlines()) == len(lines) + 2
    summary = [line for line in one.stderr.splitlines() if "valid," in line]
    assert summary == [line for line in many.stderr.splitlines() if "valid," in line]
    assert [o["line"] for o in objects(many)][: len(lines)] == list(range(1, len(lines) + 1))


def clone_dialect(root: Path, name: str = "openai_clone") -> Path:
    clone = root / "dialects" / name
    shutil.copytree(root / "dialects" / "openai_chat", clone)
    for file in clone.glob("*.json"):
        text = file.read_text(encoding="utf-8").replace("dialects/openai_chat/", f"dialects/{name}/")
        if file.name == "dialect.json":
            text = text.replace('"dialect": "openai_chat"', f'"dialect": "{name}"')
        file.write_text(text, encoding="utf-8")
    return clone


def test_ambiguity_is_reported_with_the_candidates(tmp_path: Path) -> None:
    """A clone of a dialect accepts and describes exactly the same payloads: a true tie."""
    root = copy_schemas(tmp_path / "schemas")
    clone_dialect(root)
    path = jsonl(tmp_path / "x.jsonl", CALL, ANTHROPIC_CALL)
    result = run(str(path), "--format", "json", schemas=root)
    # Valid against every candidate: reported, but not a finding.
    assert result.exit_code == 0, result.output
    first, second = objects(result)
    assert (first["status"], first["valid"], first["errors"]) == ("ambiguous", True, [])
    assert first["candidates"] == ["openai_chat/tool_call", "openai_clone/tool_call"]
    assert (first["dialect"], first["shape"]) == (None, "tool_call")  # the kind all candidates share
    assert second["valid"]
    assert "2 valid, 0 invalid, 0 undetected (1 of them ambiguous)" in result.stderr
    text = run(str(path), schemas=root)
    assert text.stdout == (
        f"{path}:1: note: /: valid against 2 schemas that describe it equally well: "
        "openai_chat/tool_call, openai_clone/tool_call; pass --dialect to choose [ambiguous]\n"
        f"{path}:2: anthropic_messages/tool_call: valid\n"
    )
    assert run(str(path), "--quiet", schemas=root).stdout == ""
    assert run(str(path), "--format", "github", schemas=root).stdout.startswith(f"::notice file={path},line=1,")

    strict = run(str(path), "--strict", "--format", "json", schemas=root)
    assert objects(strict)[0]["status"] == "ambiguous"  # nothing undescribed: still valid
    drifted = jsonl(tmp_path / "y.jsonl", {**CALL, "brand_new": 1})
    strict = run(str(drifted), "--strict", schemas=root)
    assert strict.exit_code == 1
    assert (
        f"{drifted}:1: openai_chat/tool_call|openai_clone/tool_call: /brand_new: field not described" in strict.stdout
    )
    assert (
        run(str(path), "--dialect", "openai_clone", "--format", "json", schemas=root).stdout.count('"valid":true') == 1
    )


def test_a_tie_goes_to_the_schema_describing_more_of_the_payload(tmp_path: Path) -> None:
    root = copy_schemas(tmp_path / "schemas")
    clone = clone_dialect(root)
    schema = json.loads((clone / "tool_call.json").read_text())
    schema["properties"]["index"] = {"type": "integer"}  # the clone knows one more field
    (clone / "tool_call.json").write_text(json.dumps(schema))
    # Two inputs: within one, the lines before a tie settle it (the next test).
    path = jsonl(tmp_path / "x.jsonl", {**CALL, "index": 0})
    other = jsonl(tmp_path / "y.jsonl", CALL)
    result = run(str(path), str(other), "--format", "json", schemas=root)
    first, second = objects(result)
    assert (first["dialect"], first["valid"]) == ("openai_clone", True)
    assert second["status"] == "ambiguous"  # without the field, the two describe it equally


def test_a_tie_on_a_line_is_settled_by_the_lines_before_it(tmp_path: Path) -> None:
    root = copy_schemas(tmp_path / "schemas")
    clone = clone_dialect(root)
    schema = json.loads((clone / "tool_call.json").read_text())
    schema["properties"]["index"] = {"type": "integer"}
    (clone / "tool_call.json").write_text(json.dumps(schema))
    path = jsonl(tmp_path / "x.jsonl", CALL, {**CALL, "index": 0}, CALL)
    first, second, third = objects(run(str(path), "--format", "json", schemas=root))
    assert first["status"] == "ambiguous"  # nothing before it to settle it
    assert (second["dialect"], second["status"]) == ("openai_clone", "valid")
    assert (third["dialect"], third["status"]) == ("openai_clone", "valid")  # settled by line 2


def test_an_ambiguity_names_the_option_that_tells_the_candidates_apart(tmp_path: Path) -> None:
    """Ties across dialects of one shape need --dialect (Google's error body is Gemini's and
    Gemini Interactions'); ties within one dialect need --shape; Ollama's error-only body is an
    error, no longer also a response (its response requires model, message and done)."""
    from toolwire.validation.report import _chooser

    google = tmp_path / "google.json"
    google.write_text('{"error": {"code": 400, "message": "bad", "status": "INVALID_ARGUMENT"}}', encoding="utf-8")
    ollama = tmp_path / "ollama.json"
    ollama.write_text('{"error": "model not found"}', encoding="utf-8")
    out = run(str(google), str(ollama), schemas=SCHEMAS).stdout
    assert "gemini/error, gemini_interactions/error; pass --dialect to choose [ambiguous]" in out
    assert f"{ollama}:1: ollama/error: valid" in out
    assert _chooser(["ollama/error", "ollama/response"]) == "pass --shape to choose"
    assert _chooser(["a/request", "b/response"]) == "pass --dialect and --shape to choose"
