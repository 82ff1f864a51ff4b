"""`validate --strict --suggest`: drift as a JSON Patch per schema file, and the loop it closes:
a drifting capture -> the patch -> applied -> `toolwire generate` -> the same capture is clean."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolwire.spec.loader import load_spec
from toolwire.spec.positions import tokens
from toolwire.validation.engine import Engine, Options
from toolwire.validation.inputs import Record
from toolwire.validation.suggest import MAX_DEPTH, MAX_KEYS, Shape

REPO = Path(__file__).resolve().parents[1]

# An OpenAI Chat request with new fields at several depths: the top level (two types across the
# capture, one an object with nested keys), a message (inside array items, in an allOf/if/then
# branch), a content part (a $defs entry, in its allOf/then branch), a tool call (items -> $ref
# to a $defs entry -> if/else -> $ref to another file) and its function (a nested object there).
REQUEST = {
    "model": "gpt-5-mini",
    "new_top": {"level": 1, "ratio": [1, 2.5], "inner": {"name": "x"}},
    "messages": [
        {"role": "user", "content": [{"type": "text", "text": "hi", "part_flag": True}]},
        {
            "role": "assistant",
            "content": None,
            "msg_note": "n",
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "call_meta": [{"k": 1}, {"k": "s", "j": None}],
                    "function": {"name": "f", "arguments": "{}", "fn_rank": 3},
                }
            ],
        },
    ],
    "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
}
REQUEST_2 = {
    "model": "gpt-5-mini",
    "new_top": "text",
    "messages": [{"role": "user", "content": "hi"}],
    "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
}
EXPECTED = {
    "dialects/openai_chat/request.json": {
        "/$defs/ContentPart/allOf/0/then/properties/part_flag": {"type": "boolean"},
        "/properties/messages/items/allOf/2/then/properties/msg_note": {"type": "string"},
        "/properties/new_top": {
            "type": ["object", "string"],
            "properties": {
                "inner": {"type": "object", "properties": {"name": {"type": "string"}}},
                "level": {"type": "integer"},
                "ratio": {"type": "array", "items": {"type": "number"}},
            },
        },
    },
    "dialects/openai_chat/tool_call.json": {
        "/properties/call_meta": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"j": {"type": "null"}, "k": {"type": ["integer", "string"]}},
            },
        },
        "/properties/function/properties/fn_rank": {"type": "integer"},
    },
}


def apply_patch(spec: Path, patch: dict[str, list[dict[str, Any]]]) -> None:
    """RFC 6902 `add`, the only operation --suggest writes, applied to the files below spec."""
    for file, ops in patch.items():
        path = spec / file
        document = json.loads(path.read_text(encoding="utf-8"))
        for op in ops:
            assert op["op"] == "add", op
            *parents, last = tokens(op["path"])
            node = document
            for token in parents:  # every parent must exist (RFC 6902 4.1)
                node = node[int(token)] if isinstance(node, list) else node[token]
            if isinstance(node, list):
                node.insert(len(node) if last == "-" else int(last), op["value"])
            else:
                assert last not in node, f"{file}: {op['path']} would replace a member"
                node[last] = op["value"]
        path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def as_table(patch: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    return {file: {op["path"]: op["value"] for op in ops} for file, ops in patch.items()}


def capture(path: Path, *payloads: Any) -> Path:
    path.write_text("".join(json.dumps(p) + "\n" for p in payloads), encoding="utf-8")
    return path


def test_patch_applied_and_regenerated_makes_the_capture_drift_free(toolwire, workspace, tmp_path: Path) -> None:
    cap = capture(tmp_path / "cap.jsonl", REQUEST, REQUEST_2)
    patch_file = tmp_path / "patch.json"
    args = ["validate", "--strict", "--dialect", "openai_chat", "--schemas", workspace.schemas, str(cap)]
    drifting = toolwire(*args[:2], "--suggest", patch_file, *args[2:])
    assert drifting.returncode == 1, drifting.stderr  # the exit code stays validate's
    assert "/messages/*/tool_calls/*/function/fn_rank: 1 (in 1 payload(s))" in drifting.stderr
    assert "suggested 5 addition(s) to 2 schema file(s)" in drifting.stderr
    patch = json.loads(patch_file.read_text(encoding="utf-8"))
    assert as_table(patch) == EXPECTED
    assert all(list(op) == ["op", "path", "value"] for ops in patch.values() for op in ops)

    apply_patch(workspace.schemas, patch)
    out = tmp_path / "out"
    generated = toolwire(
        "generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", out, timeout=600
    )
    assert generated.returncode == 0, generated.stderr
    models = out / "python/toolwire_dialects/models/dialects/openai_chat"
    tool_call, request = ((models / name).read_text(encoding="utf-8") for name in ("tool_call.py", "request.py"))
    assert "fn_rank" in tool_call and "call_meta" in tool_call  # the regenerated models carry the fields
    assert "new_top: NewTop | str | None" in request  # the type list

    clean = toolwire(*args)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "2 valid, 0 invalid, 0 undetected" in clean.stderr
    assert "not described" not in clean.stdout + clean.stderr
    again = toolwire(*args[:2], "--suggest", "-", *args[2:])  # nothing left to suggest
    assert again.returncode == 0 and json.loads(again.stdout) == {}


def test_ambiguous_payloads_patch_every_candidate_so_they_stay_a_tie(cli_runner, workspace, tmp_path: Path) -> None:
    # A plain Chat request is a valid request of several dialects; the patch must not pick one.
    cap = capture(tmp_path / "cap.jsonl", REQUEST_2)
    result = cli_runner(["validate", "--strict", "--suggest", "-", "--schemas", workspace.schemas, cap])
    assert result.exit_code == 1
    patch = json.loads(result.stdout)
    assert len(patch) > 1
    assert all(
        ops == [{"op": "add", "path": "/properties/new_top", "value": {"type": "string"}}] for ops in patch.values()
    )
    apply_patch(workspace.schemas, patch)
    clean = cli_runner(["validate", "--strict", "--format", "json", "--schemas", workspace.schemas, cap])
    assert clean.exit_code == 0, clean.stdout
    assert json.loads(clean.stdout)["status"] == "ambiguous"


def test_suggest_to_stdout_keeps_stdout_for_the_patch(cli_runner, tmp_path: Path) -> None:
    cap = capture(tmp_path / "cap.jsonl", REQUEST)
    result = cli_runner(["validate", "--strict", "--dialect", "openai_chat", "--suggest", "-", cap])
    assert result.exit_code == 1
    assert (
        as_table(json.loads(result.stdout))["dialects/openai_chat/tool_call.json"]
        == EXPECTED["dialects/openai_chat/tool_call.json"]
    )
    assert "/new_top: field not described by the schema [drift]" in result.stderr  # the results moved to stderr


def test_suggest_needs_strict(cli_runner, tmp_path: Path) -> None:
    result = cli_runner(["validate", "--suggest", "-", capture(tmp_path / "cap.jsonl", REQUEST)])
    assert result.exit_code == 2
    assert "--suggest needs --strict" in result.stderr


def test_unwritable_patch_file_is_a_usage_error(cli_runner, tmp_path: Path) -> None:
    cap = capture(tmp_path / "cap.jsonl", REQUEST)
    result = cli_runner(["validate", "--strict", "--suggest", tmp_path / "no" / "such" / "p.json", cap])
    assert result.exit_code == 2
    assert "cannot write the patch" in result.stderr


def test_jobs_give_the_same_patch(toolwire, tmp_path: Path) -> None:
    files = [capture(tmp_path / f"c{i}.jsonl", REQUEST if i % 2 else REQUEST_2) for i in range(4)]
    base = ["validate", "--strict", "--dialect", "openai_chat", "--suggest", "-"]
    runs = toolwire.many({str(j): {"args": [*base, "--jobs", str(j), *files]} for j in (1, 2)})
    assert runs["1"].returncode == runs["2"].returncode == 1
    assert runs["1"].stdout == runs["2"].stdout
    assert as_table(json.loads(runs["2"].stdout)) == EXPECTED


def test_a_schema_object_without_properties_gets_them(workspace, tmp_path: Path) -> None:
    # The $defs entry declares only patternProperties: the patch adds `properties` itself.
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "dialects/openai_chat/tool_call.json",
        "type": "object",
        "properties": {"id": {"type": "string"}, "meta": {"$ref": "#/$defs/Meta"}},
        "required": ["id"],
        "$defs": {"Meta": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}}},
    }
    (workspace.schemas / "dialects/openai_chat/tool_call.json").write_text(json.dumps(schema), encoding="utf-8")
    engine = Engine(
        load_spec(workspace.schemas), Options(dialect="openai_chat", shape="tool_call", strict=True, suggest=True)
    )
    result = engine.check(
        Record("p", 1, json.dumps({"id": "1", "meta": {"x-a": "b", "seen": 1, "also": "t"}}).encode())
    )
    assert result.drift == ["/meta/seen", "/meta/also"]
    tally_patch = _patch(engine, result)
    assert tally_patch == {
        "dialects/openai_chat/tool_call.json": [
            {
                "op": "add",
                "path": "/$defs/Meta/properties",
                "value": {"also": {"type": "string"}, "seen": {"type": "integer"}},
            }
        ]
    }


def test_a_branch_that_restates_keys_is_no_target_but_one_that_defines_them_is(workspace, tmp_path: Path) -> None:
    # `then` re-checks `a` by $ref to the root's definition (only making it required): a new key
    # belongs at the root, where the generated models read it; `else` defines `b` itself.
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "dialects/openai_chat/tool_call.json",
        "type": "object",
        "properties": {"kind": {"enum": ["a", "b"]}, "a": {"type": "object", "properties": {"x": {"type": "string"}}}},
        "if": {"properties": {"kind": {"const": "a"}}},
        "then": {"properties": {"a": {"$ref": "#/properties/a"}}, "required": ["a"]},
        "else": {"properties": {"b": {"type": "string"}}},
    }
    (workspace.schemas / "dialects/openai_chat/tool_call.json").write_text(json.dumps(schema), encoding="utf-8")
    engine = Engine(
        load_spec(workspace.schemas), Options(dialect="openai_chat", shape="tool_call", strict=True, suggest=True)
    )
    first = engine.check(Record("p", 1, json.dumps({"kind": "a", "a": {"x": "s", "y": 1}, "new": 1}).encode()))
    second = engine.check(Record("p", 2, json.dumps({"kind": "b", "b": "s", "other": True}).encode()))
    assert first.drift == ["/a/y", "/new"] and second.drift == ["/other"]
    assert as_table(_patch(engine, first, second)) == {
        "dialects/openai_chat/tool_call.json": {
            "/else/properties/other": {"type": "boolean"},
            "/properties/a/properties/y": {"type": "integer"},
            "/properties/new": {"type": "integer"},
        }
    }


def _patch(engine: Engine, *results: Any) -> dict[str, Any]:
    from toolwire.validation.report import Tally

    tally = Tally()
    for result in results:
        tally.add(result)
    return tally.suggestions.patch(engine.spec.documents)


def test_plain_strict_builds_no_suggester() -> None:
    spec = load_spec(REPO / "schemas")
    assert Engine(spec, Options(strict=True)).suggester is None
    assert Engine(spec, Options(strict=True, suggest=True)).suggester is not None


def test_expansion_matches_the_drift_walk() -> None:
    """The suggester's traced expansion and the walker's must reach the same subschemas, or a
    patch could target a schema the walk never consults (and the drift would stay)."""
    spec = load_spec(REPO / "schemas")
    engine = Engine(spec, Options(dialect="openai_chat", shape="request", strict=True, suggest=True))
    walker, suggester = engine.walker, engine.suggester
    assert suggester is not None
    coverage = walker.coverage(REQUEST, "dialects/openai_chat/request.json", sites=True)
    assert coverage.sites and len(coverage.sites) == len(coverage.unknown) == 5
    for schemas, obj, _ in coverage.sites:
        for schema, resolver in schemas:
            walked = [id(s) for s, _ in walker._applicable(schema, resolver, obj)]
            traced = [id(s) for s, _ in suggester._expand(schema, resolver, obj, (), 0)]
            assert walked == traced


# -- type inference --------------------------------------------------------------------------------


def infer(*values: Any) -> dict[str, Any]:
    shape = Shape()
    for value in values:
        shape.add(value)
    return shape.schema()


@pytest.mark.parametrize(
    ("values", "schema"),
    [
        (("a", "a", "b"), {"type": "string"}),  # no enum from a sample
        (("2026-12-01T00:00:00Z", "https://x.test"), {"type": "string"}),  # no format either
        ((1, 2.5), {"type": "number"}),
        ((1, True), {"type": ["boolean", "integer"]}),
        (("x", None), {"type": ["null", "string"]}),
        (([],), {"type": "array"}),
        (([1, "a"], [None]), {"type": "array", "items": {"type": ["integer", "null", "string"]}}),
        (({},), {"type": "object"}),
        (
            ({"a": 1}, {"b": {"c": [True]}}),
            {
                "type": "object",
                "properties": {
                    "a": {"type": "integer"},
                    "b": {"type": "object", "properties": {"c": {"type": "array", "items": {"type": "boolean"}}}},
                },
            },
        ),
    ],
)
def test_types_are_inferred_from_the_values(values: tuple[Any, ...], schema: dict[str, Any]) -> None:
    assert infer(*values) == schema


def test_merging_shapes_equals_adding_every_value() -> None:
    values = [{"a": 1, "l": [1]}, {"a": "x", "b": None, "l": [{"k": 2.5}]}, "s"]
    one, left, right = Shape(), Shape(), Shape()
    for value in values:
        one.add(value)
    left.add(values[0])
    for value in values[1:]:
        right.add(value)
    left.merge(right)
    assert left.schema() == one.schema()


def test_a_map_with_many_keys_and_deep_values_stay_free_form() -> None:
    assert infer({f"k{i}": i for i in range(MAX_KEYS + 1)}) == {"type": "object"}
    deep: Any = {"leaf": 1}
    for _ in range(MAX_DEPTH + 10):
        deep = {"d": deep}
    schema = infer(deep)
    for _ in range(MAX_DEPTH):
        schema = schema["properties"]["d"]
    assert schema == {"type": "object"}  # the depth bound: no recursion to the bottom


def test_an_if_is_never_the_target_and_keys_are_escaped(workspace) -> None:
    # The `if` applies and declares properties too, and comes later in the walk: it is a
    # condition, so the key goes to the schema itself. A key's `/` and `~` are escaped (RFC 6901).
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "dialects/openai_chat/tool_call.json",
        "type": "object",
        "properties": {"id": {"type": "string"}},
        "required": ["id"],
        "if": {"properties": {"id": {"const": "1"}}},
        "then": {"required": ["id"]},
    }
    (workspace.schemas / "dialects/openai_chat/tool_call.json").write_text(json.dumps(schema), encoding="utf-8")
    engine = Engine(
        load_spec(workspace.schemas), Options(dialect="openai_chat", shape="tool_call", strict=True, suggest=True)
    )
    result = engine.check(Record("p", 1, json.dumps({"id": "1", "x/y~z": 1.5}).encode()))
    assert _patch(engine, result) == {
        "dialects/openai_chat/tool_call.json": [
            {"op": "add", "path": "/properties/x~1y~0z", "value": {"type": "number"}}
        ]
    }
