"""The vocabulary registry (toolwire.ir.terms): it agrees exactly with the two meta-schemas,
every term is exercised (by the vectors of a built-in mapping that writes it, or by a named
test), every doc line is one line of its own, and docs/vocabulary.md is what it renders."""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from toolwire.generation.generate import manifest_path, render
from toolwire.ir import terms
from toolwire.ir.terms_walk import UnclassifiedEnum, mapping_usage, meta_schema_terms, term_vectors
from toolwire.spec.loader import load_spec
from toolwire.spec.model import Spec

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec(SCHEMAS)


def disagreement(schemas_root: Path) -> str:
    """'' when the registry's keys are exactly the meta-schemas' terms, else what differs."""
    registry, found = set(terms.by_key()), meta_schema_terms(schemas_root)
    problems = []
    if found - registry:
        problems.append(f"in the meta-schemas but not in TERMS: {sorted(found - registry)}")
    if registry - found:
        problems.append(f"in TERMS but not in the meta-schemas: {sorted(registry - found)}")
    return "; ".join(problems)


# --- (a) the registry and the meta-schemas agree exactly ---


def test_the_registry_and_the_meta_schemas_agree_exactly() -> None:
    assert disagreement(SCHEMAS) == ""


def test_every_term_is_defined_once() -> None:
    twice = [key for key, n in Counter(t.key for t in terms.TERMS).items() if n > 1]
    assert twice == []


def test_a_mapping_writes_only_registry_terms(spec: Spec) -> None:
    assert sorted(set(mapping_usage(spec)) - set(terms.by_key())) == []


def test_usage_names_the_dialects_that_write_a_term(spec: Spec) -> None:
    usage = mapping_usage(spec)
    assert usage["field.encoding=negated"] == ["anthropic_messages"]
    assert usage["stream.rules[].role=skip"] == ["anthropic_messages", "bedrock_converse", "gemini_interactions"]
    assert usage["field.aliases[].schema_profile"] == ["gemini"]
    assert usage["field.schema_profile=openapi_subset"] == ["gemini"]  # written under an alias
    assert "mcp" not in usage["dialect.ids"]  # mcp has no id policy
    # a field that leaves its encoding out writes the meta-schema's default
    assert usage["field.encoding=value"] == sorted(spec.dialects)


def test_a_terms_vectors_are_those_of_the_dialects_writing_it(spec: Spec) -> None:
    assert term_vectors(spec, "stream.rules[].role=json_path_args") == [SCHEMAS / "vectors/gemini/stream.json"]
    negated = term_vectors(spec, "field.encoding=negated")
    assert negated and {p.parent.name for p in negated} == {"anthropic_messages"}
    assert all(p.name != "stream.json" for p in negated)


# --- (b) every term is exercised ---


def _test_exists(tested_by: str) -> bool:
    file, _, name = tested_by.partition("::")
    path = REPO / file
    return path.is_file() and f"def {name}(" in path.read_text(encoding="utf-8")


def test_every_term_has_vectors_or_names_the_test_that_exercises_it(spec: Spec) -> None:
    usage = mapping_usage(spec)
    unexercised, bad_names, stale = [], [], []
    for term in terms.TERMS:
        vectors = term_vectors(spec, term.key, usage)
        if term.tested_by:
            if not (_test_exists(term.tested_by) and term.why):
                bad_names.append(term.key)
            if vectors:  # a mapping with vectors writes it now: the vectors are its test
                stale.append(term.key)
        elif not vectors:
            unexercised.append(term.key)
    assert unexercised == [], "no built-in mapping with vectors writes these: name a test (tested_by) and why"
    assert bad_names == [], "tested_by names no existing test, or gives no reason"
    assert stale == [], "written by a mapping with vectors now: drop tested_by"


# --- (c) one doc line per term, each its own ---


def test_every_doc_is_one_line_of_its_own() -> None:
    for term in terms.TERMS:
        assert term.doc.strip() and "\n" not in term.doc and term.doc == term.doc.strip(), term.key
    copies = [doc for doc, n in Counter(t.doc for t in terms.TERMS).items() if n > 1]
    assert copies == []


def test_every_term_has_a_context() -> None:
    assert {t.context for t in terms.TERMS} == set(terms.CONTEXT_DOCS)
    assert terms.by_key()["field.parts[].fields{}.encoding=data_url"].context == "field"
    assert terms.by_key()["stream.rules[].role=skip"].value == "skip"
    assert terms.by_key()["stream.events[].in"].meta_schema == "meta/stream.schema.json"


# --- (d) docs/vocabulary.md is what the registry renders ---


def test_docs_vocabulary_is_the_one_the_registry_renders(spec: Spec) -> None:
    rendered = terms.render_markdown(spec)
    assert (REPO / "docs/vocabulary.md").read_text(encoding="utf-8") == rendered, (
        "docs/vocabulary.md is stale: python -m toolwire.ir.terms > docs/vocabulary.md"
    )
    assert len([line for line in rendered.splitlines() if line.startswith("| `")]) == len(terms.TERMS)


def test_the_module_prints_the_vocabulary() -> None:
    run = subprocess.run([sys.executable, "-m", "toolwire.ir.terms"], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout == (REPO / "docs/vocabulary.md").read_text(encoding="utf-8")


# --- (e) a planted mismatch is reported ---


def _meta_copy(tmp_path: Path) -> Path:
    shutil.copytree(SCHEMAS / "meta", tmp_path / "meta")
    return tmp_path


def _edit(path: Path, change: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_a_planted_enum_value_and_property_are_reported(tmp_path: Path) -> None:
    root = _meta_copy(tmp_path)
    _edit(
        root / "meta/dialect.schema.json",
        lambda d: d["$defs"]["field"]["properties"]["encoding"]["enum"].append("base64"),
    )
    _edit(root / "meta/stream.schema.json", lambda d: d["$defs"]["rule"]["properties"].update(index={"type": "string"}))
    found = disagreement(root)
    assert found == "in the meta-schemas but not in TERMS: ['field.encoding=base64', 'stream.rules[].index']"


def test_a_term_dropped_from_the_meta_schema_is_reported(tmp_path: Path) -> None:
    root = _meta_copy(tmp_path)
    _edit(root / "meta/dialect.schema.json", lambda d: d["$defs"]["variant"]["properties"].pop("meaning"))
    _edit(root / "meta/stream.schema.json", lambda d: d["properties"]["framing"]["enum"].remove("ndjson"))
    assert disagreement(root) == "in TERMS but not in the meta-schemas: ['stream.framing=ndjson', 'variant.meaning']"


def test_conditions_are_not_places_to_write_terms(tmp_path: Path) -> None:
    """A property that only appears inside if/then/else (a constraint) is no new term."""
    root = _meta_copy(tmp_path)
    _edit(
        root / "meta/dialect.schema.json",
        lambda d: d["$defs"]["field"]["allOf"].append({"if": {"properties": {"nowhere": {"const": 1}}}}),
    )
    assert disagreement(root) == ""


def test_a_new_enum_needs_a_decision(tmp_path: Path) -> None:
    root = _meta_copy(tmp_path)
    _edit(
        root / "meta/dialect.schema.json",
        lambda d: d["$defs"]["variant"]["properties"].update(kind={"enum": ["a", "b"]}),
    )
    with pytest.raises(UnclassifiedEnum, match=r"variant\.kind"):
        meta_schema_terms(root)


# --- the tests named by tested_by: terms no built-in mapping writes ---


def _subset(tmp_path: Path, dialects: set[str]) -> Path:
    """A schemas folder with only these dialects and no vectors (quick to render)."""
    root = tmp_path / "schemas"
    shutil.copytree(SCHEMAS, root, ignore=shutil.ignore_patterns("vectors"))
    for folder in (root / "dialects").iterdir():
        if folder.name not in dialects:
            shutil.rmtree(folder)
    return root


def _rendered(root: Path) -> dict[str, bytes]:
    files = render(load_spec(root)).files
    # these two carry a fingerprint of the input files (the version), which differ by design
    files.pop(manifest_path("python"))
    files.pop("python/pyproject.toml")
    return files


def test_spelling_out_a_default_changes_no_generated_code(tmp_path: Path) -> None:
    """schema_profile json_schema, string false and a part field's encoding value are what
    leaving the keyword out means: written explicitly, the generated code is the same."""
    root = _subset(tmp_path, {"anthropic_messages", "bedrock_converse"})
    before = _rendered(root)

    def spell_defaults(mapping: dict[str, Any]) -> None:
        for shape in mapping["shapes"].values():
            for variant in shape["variants"]:
                for field in variant.get("fields", {}).values():
                    if field.get("encoding") == "parameters":
                        field.setdefault("schema_profile", "json_schema")
                    if field.get("encoding") == "content":
                        field.setdefault("string", False)
                        for part in field["parts"]:
                            for part_field in part["fields"].values():
                                part_field.setdefault("encoding", "value")

    for name in ("anthropic_messages", "bedrock_converse"):
        _edit(root / f"dialects/{name}/dialect.json", spell_defaults)
    spelled = load_spec(root)
    usage = mapping_usage(spelled)
    for key in terms.by_key():
        if terms.by_key()[key].tested_by.endswith("::test_spelling_out_a_default_changes_no_generated_code"):
            assert usage.get(key), f"{key} is not spelled out by this test"
    assert _rendered(root) == before


def test_event_kind_types_object_and_string_tell_events_apart(tmp_path: Path) -> None:
    root = _subset(tmp_path, {"openai_chat"})
    events = [{"types": {"/choices": "array", "/object": "string"}}, {"types": {"/error": "object"}}]
    _edit(root / "dialects/openai_chat/stream.json", lambda d: d.update(events=events))
    usage = mapping_usage(load_spec(root))
    assert usage["stream.events[].types{}=object"] == usage["stream.events[].types{}=string"] == ["openai_chat"]
    out = tmp_path / "out"
    for rel, data in _rendered(root).items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    probe = """
import json
from toolwire_dialects.streams import StreamError, openai_chat
said = {}
for name, event in [
    ("chunk", {"object": "chat.completion.chunk", "choices": []}),
    ("object not a string", {"object": 5, "choices": []}),
    ("error object", {"error": {"message": "boom"}}),
    ("object missing", {"choices": []}),
]:
    assembler = openai_chat.Assembler()
    try:
        assembler.feed(event)
        said[name] = "ok " + json.dumps(assembler.findings)
    except StreamError as exc:
        said[name] = "refused " + exc.message
print(json.dumps(said))
"""
    run = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(out / "python"), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    expected = "expected an event with /choices (an array) and /object (a string), or with /error (an object)"
    assert said["chunk"] == "ok []"
    assert said["object not a string"] == f"refused not a openai_chat stream event: {expected}"
    assert said["error object"].startswith("ok ") and "boom" in said["error object"]
    assert said["object missing"] == f"refused not a openai_chat stream event: {expected}"


# --- IR binding: how the IR's dataclass fields will name their terms ---


class _Encoding(enum.Enum):
    VALUE = "value"
    JSON_TEXT = "json_text"


@dataclasses.dataclass(frozen=True)
class _Field:
    pointer: str = dataclasses.field(metadata={"term": "field.pointer"})
    encoding: _Encoding | None = dataclasses.field(default=None, metadata={"term": "field.encoding"})
    helper: str = ""  # no term: a target's detail


def test_ir_nodes_collects_the_terms_ir_fields_bind() -> None:
    found = terms.ir_nodes([sys.modules[__name__]])  # this module's _Field stands in for the IR
    at = f"{__name__}._Field"
    assert found == {
        "field.pointer": [f"{at}.pointer"],
        "field.encoding": [f"{at}.encoding"],
        "field.encoding=value": [f"{at}.encoding"],
        "field.encoding=json_text": [f"{at}.encoding"],
    }
    assert set(found) <= set(terms.by_key())


IR_MODULES = (
    "toolwire.ir.nodes",
    "toolwire.ir.stream_nodes",
    "toolwire.ir.stream_relay",
    "toolwire.ir.conversation_nodes",
    "toolwire.spec.rules",  # the provider rules: read by the IR and by validation alike
)


def test_every_keyword_is_carried_by_an_ir_field_and_every_binding_is_a_term() -> None:
    """The term registry, the meta-schema and the typed IR agree: each keyword a mapping can
    write is a field of some IR node (a value term rides on its keyword's field)."""
    bound = terms.ir_nodes(importlib.import_module(name) for name in IR_MODULES)
    keywords = {t.key for t in terms.TERMS if t.value is None and not t.no_ir}
    assert not keywords - set(bound), f"terms no IR field carries: {sorted(keywords - set(bound))}"
    assert not set(bound) - set(terms.by_key()), (
        f"IR fields bound to no term: {sorted(set(bound) - set(terms.by_key()))}"
    )
    doc_only = {t.key for t in terms.TERMS if t.no_ir}
    assert not doc_only & set(bound), "a term said to have no IR field is bound to one"
