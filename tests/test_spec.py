"""The schemas folder: valid 2020-12 schemas, offline $refs, and precise errors when broken.

The real schemas are checked on their own (metaschema, $id, every $ref resolved from a local
registry that refuses retrieval) and through `load_spec`. Broken copies must give a
SpecError naming `file:line: /pointer`, and `toolwire generate` on them must exit 2
without writing anything.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012

from toolwire.spec.loader import load_spec
from toolwire.spec.model import SHAPES, SpecError

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _is_schema(path: Path) -> bool:
    """Everything but vectors and the dialects' mapping files (dialect.json, stream.json, profiles.json) is a schema."""
    rel = path.relative_to(SCHEMAS).as_posix()
    is_mapping = rel.startswith("dialects/") and path.name in ("dialect.json", "stream.json", "profiles.json")
    return not rel.startswith("vectors/") and not is_mapping


def _rels(pattern: str) -> list[str]:
    return sorted(p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.glob(pattern))


SCHEMA_FILES = sorted(p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.rglob("*.json") if _is_schema(p))
DIALECT_FILES = _rels("dialects/*/dialect.json")
VECTOR_FILES = [
    rel for rel in _rels("vectors/*/*.json") if not rel.endswith(("/stream.json", "/conversation.json", "/relay.json"))
]
STREAM_VECTOR_FILES = _rels("vectors/*/stream.json")


def _load(rel: str) -> Any:
    return json.loads((SCHEMAS / rel).read_text(encoding="utf-8"))


def _refs(node: Any, pointer: str = "") -> Iterator[tuple[str, str]]:
    """(pointer of the $ref, its value) for every $ref keyword, skipping literal values."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield f"{pointer}/$ref", value
            elif key not in ("const", "enum", "default", "examples"):
                yield from _refs(value, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _refs(value, f"{pointer}/{i}")


def _refuse(uri: str) -> referencing.Resource:
    raise referencing.exceptions.NoSuchResource(ref=uri)


def _offline_registry() -> referencing.Registry:
    return referencing.Registry(retrieve=_refuse).with_resources(
        (rel, DRAFT202012.create_resource(_load(rel))) for rel in SCHEMA_FILES
    )


def _validator(schema_rel: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(
        _load(schema_rel), registry=_offline_registry(), format_checker=jsonschema.FormatChecker()
    )


# --- the real schemas ------------------------------------------------------------------


def test_the_schemas_folder_has_every_part() -> None:
    assert {f"canonical/{shape}.json" for shape in SHAPES} <= set(SCHEMA_FILES)
    assert {"meta/dialect.schema.json", "meta/vectors.schema.json"} <= set(SCHEMA_FILES)
    assert {"dialects/openai_chat/dialect.json", "dialects/anthropic_messages/dialect.json"} <= set(DIALECT_FILES)
    assert VECTOR_FILES


@pytest.mark.parametrize("rel", SCHEMA_FILES)
def test_schema_is_valid_2020_12_with_its_path_as_id(rel: str) -> None:
    schema = _load(rel)
    assert schema.get("$schema") == DRAFT
    assert schema.get("$id") == rel
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("rel", SCHEMA_FILES)
def test_every_ref_resolves_offline(rel: str) -> None:
    resolver = _offline_registry().resolver(base_uri=rel)
    refs = list(_refs(_load(rel)))
    for pointer, ref in refs:
        assert not ref.startswith(("http://", "https://")), f"{rel}: {pointer}: remote $ref {ref!r}"
        try:
            resolver.lookup(ref)
        except referencing.exceptions.Unresolvable as exc:
            pytest.fail(f"{rel}: {pointer}: $ref {ref!r} does not resolve offline: {exc!r}")


@pytest.mark.parametrize("rel", DIALECT_FILES)
def test_dialect_mapping_is_valid_against_its_meta_schema(rel: str) -> None:
    mapping = _load(rel)
    errors = [
        f"/{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in _validator("meta/dialect.schema.json").iter_errors(mapping)
    ]
    assert not errors, errors
    assert mapping["dialect"] == Path(rel).parent.name
    for shape in mapping["shapes"].values():
        assert (SCHEMAS / Path(rel).parent / shape["schema"]).is_file()


@pytest.mark.parametrize("rel", VECTOR_FILES + STREAM_VECTOR_FILES)
def test_vector_file_is_valid_with_unique_descriptions(rel: str) -> None:
    vectors = _load(rel)
    meta = "meta/stream_vectors.schema.json" if rel.endswith("/stream.json") else "meta/vectors.schema.json"
    errors = [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator(meta).iter_errors(vectors)]
    assert not errors, errors
    descriptions = [case["description"] for case in vectors["cases"]]
    assert len(descriptions) == len(set(descriptions))
    assert (SCHEMAS / "dialects" / Path(rel).parent.name / "dialect.json").is_file()
    assert vectors.get("dialect", Path(rel).parent.name) == Path(rel).parent.name


def test_load_spec_succeeds_on_the_real_schemas() -> None:
    spec = load_spec(SCHEMAS)
    assert set(spec.documents) == set(SCHEMA_FILES)
    assert set(spec.canonical) == set(SHAPES)
    assert {"openai_chat", "anthropic_messages"} <= set(spec.dialects)
    assert set(spec.dialects) == {Path(rel).parent.name for rel in DIALECT_FILES}
    for name in ("openai_chat", "anthropic_messages"):
        assert set(spec.dialects[name].schemas) == set(SHAPES), name
    for dialect in spec.dialects.values():
        assert set(dialect.schemas) == set(dialect.mapping["shapes"]) and dialect.schemas, dialect.name
        assert set(dialect.schemas) <= set(SHAPES), dialect.name
    assert sorted(spec_rel(v.path) for v in spec.vectors) == VECTOR_FILES
    assert sorted(spec_rel(v.path) for v in spec.stream_vectors) == STREAM_VECTOR_FILES
    # The registry the spec built resolves every $ref without any retrieval.
    for rel in SCHEMA_FILES:
        resolver = spec.registry.resolver(base_uri=rel)
        for _pointer, ref in _refs(spec.documents[rel]):
            resolver.lookup(ref)


def spec_rel(path: Path) -> str:
    return path.resolve().relative_to(SCHEMAS.resolve()).as_posix()


# --- broken copies ---------------------------------------------------------------------


def _pointer_of(node: Any, value: str, pointer: str = "") -> str | None:
    """JSON Pointer of the (first) string equal to value in node."""
    if node == value:
        return pointer
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        found = _pointer_of(child, value, f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}")
        if found is not None:
            return found
    return None


def _line_of(text: str, needle: str) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(lines) == 1, f"{needle!r} must be on exactly one line, found {lines}"
    return lines[0]


def _replace_once(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: expected {old!r} exactly once"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


Expected = tuple[str, int, str, str]  # file (relative to the schemas' parent), line, pointer, message part


def _break_ref(schemas: Path, target: str, fragment: str = "does not resolve offline") -> Expected:
    rel = "canonical/tool_call.json"
    text = _replace_once(schemas / rel, '"$ref": "extensions.json"', f'"$ref": {json.dumps(target)}')
    pointer = _pointer_of(json.loads(text), target)
    assert pointer is not None
    return f"schemas/{rel}", _line_of(text, target), pointer, fragment


def break_ref_to_missing_file(schemas: Path) -> Expected:
    return _break_ref(schemas, "no_such_file.json")


def break_ref_to_missing_definition(schemas: Path) -> Expected:
    return _break_ref(schemas, "extensions.json#/$defs/NoSuchDefinition")


def break_remote_ref(schemas: Path) -> Expected:
    return _break_ref(schemas, "https://example.com/schemas/extensions.json")


def break_json_syntax(schemas: Path) -> Expected:
    rel = "canonical/tool_choice.json"
    path = schemas / rel
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.lstrip().startswith('"title"'))
    lines[index] = lines[index].replace('"title"', '@"title"', 1)
    text = "".join(lines)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(json.JSONDecodeError) as exc:
        json.loads(text)
    assert exc.value.lineno == index + 1
    return f"schemas/{rel}", index + 1, "/", "not valid JSON"


def break_dialect_mapping(schemas: Path) -> Expected:
    rel = "dialects/openai_chat/dialect.json"
    text = _replace_once(schemas / rel, '"encoding": "json_text"', '"encoding": "no_such_encoding"')
    pointer = _pointer_of(json.loads(text), "no_such_encoding")
    assert pointer is not None and pointer.endswith("/encoding")
    return f"schemas/{rel}", _line_of(text, "no_such_encoding"), pointer, "invalid mapping"


def break_vector_descriptions(schemas: Path) -> Expected:
    rel = "vectors/openai_chat/tool_call.json"
    path = schemas / rel
    vectors = json.loads(path.read_text(encoding="utf-8"))
    assert len(vectors["cases"]) >= 2
    marker = "the same description twice"
    vectors["cases"][0]["description"] = vectors["cases"][1]["description"] = marker
    text = json.dumps(vectors, indent=2) + "\n"
    path.write_text(text, encoding="utf-8")
    lines = [i for i, line in enumerate(text.splitlines(), 1) if marker in line]
    assert len(lines) == 2
    return f"schemas/{rel}", lines[1], "/cases/1/description", "duplicate of /cases/0"


BREAKAGES: list[Callable[[Path], Expected]] = [
    break_ref_to_missing_file,
    break_ref_to_missing_definition,
    break_remote_ref,
    break_json_syntax,
    break_dialect_mapping,
    break_vector_descriptions,
]


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Records (and refuses) every attempt to open a network connection."""
    attempts: list[Any] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(args)
        raise OSError("network access is not allowed in this test")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    return attempts


@pytest.mark.parametrize("breakage", BREAKAGES, ids=lambda f: f.__name__.removeprefix("break_"))
def test_broken_copy_gives_a_spec_error_naming_file_line_and_pointer(
    breakage: Callable[[Path], Expected], workspace: Any, no_network: list[Any]
) -> None:
    file, line, pointer, message = breakage(workspace.schemas)
    with pytest.raises(SpecError) as exc:
        load_spec(workspace.schemas)
    prefix = f"{file}:{line}: {pointer}: "
    matching = [p for p in exc.value.problems if p.startswith(prefix) and message in p]
    assert matching, f"no problem starting with {prefix!r} and containing {message!r} in:\n" + "\n".join(
        exc.value.problems
    )
    assert str(exc.value).splitlines() == exc.value.problems
    assert no_network == [], "load_spec tried to reach the network"


@pytest.mark.parametrize("breakage", BREAKAGES, ids=lambda f: f.__name__.removeprefix("break_"))
def test_generate_on_a_broken_copy_exits_2_and_writes_nothing(
    breakage: Callable[[Path], Expected], workspace: Any, cli_runner: Any, read_tree: Any
) -> None:
    file, line, pointer, _message = breakage(workspace.schemas)
    previous = workspace.root / "previous"
    (previous / "python").mkdir(parents=True)
    (previous / "python" / "keep.txt").write_text("an earlier output\n", encoding="utf-8")
    before = read_tree(previous)
    missing = workspace.root / "never_created"
    for out in (previous, missing):
        result = cli_runner(
            ["generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", out]
        )
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        assert f"{file}:{line}: {pointer}: " in result.stderr
        assert "nothing was generated" in result.stderr
    assert read_tree(previous) == before
    assert not missing.exists()
    assert not list(workspace.root.glob(".toolwire-staging-*"))


# --- one mistake, one problem --------------------------------------------------------------


def _break_dialect_pointer(schemas: Path) -> str:
    """The issue's case: one pointer without its leading slash (134 problems once)."""
    rel = "dialects/openai_chat/dialect.json"
    mapping = json.loads((schemas / rel).read_text(encoding="utf-8"))
    fields = mapping["shapes"]["tool_call"]["variants"][0]["fields"]
    name = next(iter(fields))
    fields[name]["pointer"] = fields[name]["pointer"].lstrip("/") + "x"
    (schemas / rel).write_text(json.dumps(mapping, indent=2), encoding="utf-8")
    return f"schemas/{rel}:"


def _break_file(rel: str) -> Callable[[Path], str]:
    def breakage(schemas: Path) -> str:
        (schemas / rel).write_text('{"truncated": ', encoding="utf-8")
        return f"schemas/{rel}:1: /: not valid JSON"

    breakage.__name__ = "truncate_" + rel.replace("/", "_").removesuffix(".json")
    return breakage


ROOT_CAUSES: list[Callable[[Path], str]] = [
    _break_dialect_pointer,
    lambda schemas: break_dialect_mapping(schemas)[0] + ":",
    _break_file("dialects/openai_chat/dialect.json"),  # every vector converting to openai_chat
    _break_file("dialects/anthropic_messages/tool_call.json"),  # the schema a mapping names
    _break_file("canonical/extensions.json"),  # the schema every other one refers to
]


@pytest.mark.parametrize(
    "breakage", ROOT_CAUSES, ids=["dialect_pointer", "dialect_encoding", "dialect_json", "wire_schema", "shared_schema"]
)
def test_one_broken_item_is_reported_once_without_its_cascade(breakage: Callable[[Path], str], workspace: Any) -> None:
    where = breakage(workspace.schemas)
    with pytest.raises(SpecError) as exc:
        load_spec(workspace.schemas)
    assert len(exc.value.problems) == 1, "\n".join(exc.value.problems[:20])
    assert exc.value.problems[0].startswith(where), exc.value.problems[0]


def test_independent_mistakes_are_each_still_reported(workspace: Any) -> None:
    _break_dialect_pointer(workspace.schemas)
    break_vector_descriptions(workspace.schemas)  # in openai_chat's own vectors, not a cascade
    _break_file("dialects/gemini/tool_call.json")(workspace.schemas)
    with pytest.raises(SpecError) as exc:
        load_spec(workspace.schemas)
    files = sorted(problem.split(":", 1)[0] for problem in exc.value.problems)
    assert files == [
        "schemas/dialects/gemini/tool_call.json",
        "schemas/dialects/openai_chat/dialect.json",
        "schemas/vectors/openai_chat/tool_call.json",
    ], exc.value.problems
