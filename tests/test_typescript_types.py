"""The TypeScript types emitted from JSON Schemas (toolwire.targets.typescript.types)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import referencing

from toolwire.spec.loader import load_spec
from toolwire.spec.model import Spec
from toolwire.targets.typescript.names import comment_text, literal
from toolwire.targets.typescript.types import type_modules, type_names

ROOT = Path(__file__).resolve().parents[1]
# The pinned tsc README command 1 installs (npm ci --prefix generated/typescript).
TSC = ROOT / "generated" / "typescript" / "node_modules" / "typescript" / "lib" / "tsc.js"
TSCONFIG = ROOT / "runtime" / "typescript" / "tsconfig.json"


def _spec(tmp_path: Path, documents: dict[str, dict[str, Any]]) -> Spec:
    """A Spec of just these schema documents (by path below a scratch schemas folder)."""
    docs = {rel: {"$id": rel, **doc} for rel, doc in documents.items()}
    return Spec(
        root=tmp_path,
        documents=docs,
        canonical={},
        dialects={},
        vectors=[],
        stream_vectors=[],
        registry=referencing.Registry(),
        sources={rel: tmp_path / rel for rel in docs},
    )


def _one(tmp_path: Path, schema: dict[str, Any], rel: str = "canonical/thing.json") -> str:
    return type_modules(_spec(tmp_path, {rel: schema}))["src/types/" + rel.split("/")[-2] + ".ts"]


def test_object_properties_required_optional_and_closed(tmp_path: Path) -> None:
    text = _one(
        tmp_path,
        {
            "title": "Thing",
            "type": "object",
            "properties": {"id": {"type": ["string", "null"]}, "count": {"type": "integer"}, "odd-key": {}},
            "required": ["id", "missing"],
            "additionalProperties": False,
        },
    )
    assert (
        'export type Thing = {\n  id: string | null;\n  count?: number;\n  "odd-key"?: unknown;\n  missing: unknown;\n};\n'
        in text
    )
    assert "[key: string]" not in text


def test_open_object_and_additional_properties(tmp_path: Path) -> None:
    text = _one(
        tmp_path,
        {
            "title": "Open",
            "type": "object",
            "properties": {
                "free": {"type": "object"},
                "map": {"type": "object", "additionalProperties": {"type": "boolean"}},
                "both": {
                    "type": "object",
                    "properties": {"a": {"type": "string"}},
                    "additionalProperties": {"type": "number"},
                },
            },
        },
    )
    assert "  free?: {\n    [key: string]: unknown;\n  };\n" in text
    assert "  map?: {\n    [key: string]: boolean;\n  };\n" in text
    # beside declared properties the index signature must admit them: unknown, said in a comment
    assert (
        "    /** Other properties: number (an index signature must admit the declared ones). */\n    [key: string]: unknown;\n"
        in text
    )
    assert text.rstrip().endswith("[key: string]: unknown;\n};")


def test_enum_const_literals_and_escapes(tmp_path: Path) -> None:
    text = _one(
        tmp_path,
        {
            "title": "Lit",
            "description": "Ends a comment */ here",
            "type": "object",
            "properties": {
                "mode": {"enum": ["a", 'b"c', 1, None, True, "a"]},
                "kind": {"const": "x\u2028y"},
                "obj": {"const": {"k": [1, 2.5]}},
            },
            "additionalProperties": False,
        },
    )
    assert '  mode?: "a" | "b\\"c" | 1 | null | true;\n' in text
    assert '  kind?: "x\\u2028y";\n' in text
    assert "  obj?: { k: [1, 2.5]; };\n" in text
    assert "Ends a comment *\\/ here" in text and "*/ here" not in text


def test_unions_intersections_arrays_and_refs(tmp_path: Path) -> None:
    text = _one(
        tmp_path,
        {
            "title": "Root",
            "oneOf": [
                {"$ref": "#/$defs/A"},
                {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "number"}]}},
            ],
            "$defs": {
                "A": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False},
                "B": {"allOf": [{"$ref": "#/$defs/A"}, {"type": "object", "properties": {"b": {"type": "boolean"}}}]},
            },
        },
    )
    assert "export type Root = A | (string | number)[];\n" in text
    assert "export type A = {\n  a?: string;\n};\n" in text
    assert "export type B = A & {\n  b?: boolean;\n  [key: string]: unknown;\n};\n" in text


def test_refs_across_files_and_folders_are_named_imports(tmp_path: Path) -> None:
    spec = _spec(
        tmp_path,
        {
            "canonical/extensions.json": {"title": "Extensions", "type": "object"},
            "canonical/call.json": {
                "title": "Call",
                "type": "object",
                "properties": {"ext": {"$ref": "extensions.json"}},
            },
            "dialects/wire/call.json": {
                "title": "WireCall",
                "type": "object",
                "properties": {
                    "c": {"$ref": "../../canonical/call.json"},
                    "e": {"$ref": "../../canonical/extensions.json"},
                },
            },
        },
    )
    out = type_modules(spec)
    assert sorted(out) == ["src/types/canonical.ts", "src/types/index.ts", "src/types/wire.ts"]
    assert "  ext?: Extensions;\n" in out["src/types/canonical.ts"]
    assert "import" not in out["src/types/canonical.ts"]
    assert 'import type { Call, Extensions } from "./canonical.js";\n' in out["src/types/wire.ts"]
    assert "  c?: Call;\n  e?: Extensions;\n" in out["src/types/wire.ts"]
    assert (
        'export type * as canonical from "./canonical.js";\nexport type * as wire from "./wire.js";\n'
        in out["src/types/index.ts"]
    )
    for text in out.values():
        assert text.startswith("// DO NOT EDIT: generated by toolwire from ")
    assert type_modules(spec) == out  # byte-deterministic


def test_unexpressed_keywords_are_unknown_or_noted(tmp_path: Path) -> None:
    text = _one(
        tmp_path,
        {
            "title": "Odd",
            "type": "object",
            "properties": {
                "neg": {"not": {"type": "string"}},
                "cond": {"if": {"required": ["a"]}, "then": {"type": "string"}, "else": {"type": "number"}},
                "far": {"$ref": "https://example.com/schema.json"},
            },
            "if": {"required": ["neg"]},
            "then": {"required": ["cond"]},
        },
    )
    assert "  /** Not expressed: not. */\n  neg?: unknown /* not expressed: not */;\n" in text
    assert "  /** Not expressed: if/then/else. */\n  cond?: string | number;\n" in text
    assert "  far?: unknown /* $ref https://example.com/schema.json is outside the types */;\n" in text
    assert " * Not expressed: if/then/else.\n */\nexport type Odd = {" in text


def test_name_collisions_take_the_file_name(tmp_path: Path) -> None:
    spec = _spec(
        tmp_path,
        {
            "canonical/usage.json": {"title": "Usage", "type": "object"},
            "canonical/event.json": {
                "title": "Event",
                "$ref": "#/$defs/Usage",
                "$defs": {"Usage": {"type": "integer"}},
            },
        },
    )
    text = type_modules(spec)["src/types/canonical.ts"]
    assert "export type Event = EventUsage;\n" in text
    assert "export type EventUsage = number;\n" in text
    assert "export type Usage = {\n  [key: string]: unknown;\n};\n" in text


def test_the_spec_types_compile_with_tsc_strict(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not TSC.is_file():
        pytest.fail(f"needs node on PATH and tsc at {TSC}: run README command 1")
    out = type_modules(load_spec(ROOT / "schemas"))
    assert {"src/types/index.ts", "src/types/canonical.ts", "src/types/openai_chat.ts"} <= set(out)
    for path, text in out.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    shutil.copy(TSCONFIG, tmp_path / "tsconfig.json")
    # a use of the types, so a wrong shape fails too
    (tmp_path / "src" / "use.ts").write_text(
        'import type { canonical, openaiChat } from "./types/index.js";\n'
        'export const call: canonical.ToolCall = { id: null, name: "f", arguments: { a: 1 } };\n'
        'export const wire: openaiChat.OpenAIChatToolCall = { id: "c", type: "function", function: { name: "f", arguments: "{}" } };\n'
        "// @ts-expect-error: arguments is required\n"
        'export const bad: canonical.ToolCall = { id: null, name: "f" };\n'
        "// @ts-expect-error: a canonical object has no other fields\n"
        'export const extra: canonical.ToolCall = { id: null, name: "f", arguments: {}, more: 1 };\n'
        "// @ts-expect-error: a closed object with oneOf branches stays closed\n"
        'export const image: canonical.ImagePart = { type: "image", url: "u", more: 1 };\n'
        "// @ts-expect-error: an image needs data or url\n"
        'export const empty: canonical.ImagePart = { type: "image" };\n'
        "// @ts-expect-error: mode is one of four\n"
        'export const mode: canonical.ToolChoice = { mode: "any" };\n',
        encoding="utf-8",
    )
    done = subprocess.run(
        [node, str(TSC), "-p", str(tmp_path), "--pretty", "false"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _typed_values(spec: Spec) -> list[tuple[str, str, Any]]:
    """(what, type, value) for the vectors' valid wire and canonical values."""
    names = type_names(spec)
    out: list[tuple[str, str, Any]] = []
    for vectors in spec.vectors:
        dialect = spec.dialects[vectors.dialect]
        for number, case in enumerate(vectors.cases):
            if "canonical" not in case or "error" in case or "lenient" in case:
                continue
            what = f"{vectors.dialect}/{vectors.shape}#{number}"
            out.append((what + " wire", names[dialect.schema_id(vectors.shape)], case["wire"]))
            out.append((what + " canonical", names[f"canonical/{vectors.shape}.json"], case["canonical"]))
            for target, expected in case.get("to", {}).items():
                if expected.get("wire") is not None:
                    schema_id = spec.dialects[target].schema_id(vectors.shape)
                    out.append((f"{what} to {target}", names[schema_id], expected["wire"]))
    for conversations in spec.conversation_vectors:
        envelopes = spec.dialects[conversations.dialect].envelopes
        for number, case in enumerate(conversations.valid):
            what = f"{conversations.dialect}/conversation#{number}"
            out.append((what + " wire", names[envelopes[case["shape"]]["$id"]], case["wire"]))
            out.append((what + " canonical", names[f"canonical/{case['shape']}.json"], case["canonical"]))
    for streams in spec.stream_vectors:
        schema = spec.dialects[streams.dialect].envelopes.get("stream_event")
        for number, case in enumerate(streams.cases):
            if schema is None or {"error", "profile", "event_schema_gap"} & set(case):
                continue
            for index, event in enumerate(case["events"]):
                out.append((f"{streams.dialect}/stream#{number} event {index}", names[schema["$id"]], event))
    return out


def test_the_vectors_values_have_the_types(tmp_path: Path) -> None:
    """Every valid wire and canonical value of the vectors, as a TypeScript literal of its
    schema's type: the types must admit them (tsc's excess property check included)."""
    node = shutil.which("node")
    if node is None or not TSC.is_file():
        pytest.fail(f"needs node on PATH and tsc at {TSC}: run README command 1")
    spec = load_spec(ROOT / "schemas")
    values = _typed_values(spec)
    assert len(values) > 300
    for path, text in type_modules(spec).items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    shutil.copy(TSCONFIG, tmp_path / "tsconfig.json")
    lines = ['import type * as t from "./types/index.js";']
    for number, (what, type_name, value) in enumerate(values):
        lines.append(f"// {comment_text(what)}\nexport const v{number}: t.{type_name} = {literal(value)};")
    (tmp_path / "src" / "values.ts").write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(
        [node, str(TSC), "-p", str(tmp_path), "--pretty", "false"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[:6000] + done.stderr


def test_keywords_without_type_constrain_only_their_kind(tmp_path: Path) -> None:
    text = _one(
        tmp_path,
        {
            "title": "Loose",
            "type": "object",
            "properties": {"content": {"items": {"type": "string"}}},
            "required": ["kind"],
            "additionalProperties": False,
            "oneOf": [{"required": ["content"]}, {"properties": {"kind": {"const": "x"}}}],
        },
    )
    # a string, a number... is valid against {"items": ...}: only arrays are constrained
    assert "  content?: {\n    [key: string]: unknown;\n  } | string[] | string | number | boolean | null;\n" in text
    # a branch of an object schema is about objects only, and leaves other properties to it
    assert '} & ({\n  content: unknown;\n} | {\n  kind?: "x";\n});\n' in text


def test_a_closed_object_stays_closed_with_its_branches(tmp_path: Path) -> None:
    """The oneOf branches of a closed object add no index signature: tsc still rejects an
    unknown property (the type compiles and is used in the tsc test below)."""
    text = _one(
        tmp_path,
        {
            "title": "Image",
            "type": "object",
            "properties": {"data": {"type": "string"}, "url": {"type": "string"}},
            "additionalProperties": False,
            "oneOf": [{"required": ["data"]}, {"required": ["url"]}],
        },
    )
    assert (
        "export type Image = {\n  data?: string;\n  url?: string;\n} & ({\n  data: unknown;\n} | {\n  url: unknown;\n});\n"
        in text
    )


def test_an_untitled_file_is_named_after_itself(tmp_path: Path) -> None:
    text = _one(tmp_path, {"type": "string"}, rel="dialects/some_wire/tool_call.json")
    assert "export type ToolCall = string;\n" in text
