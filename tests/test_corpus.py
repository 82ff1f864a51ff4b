"""Real captured payloads (the shared corpus): every tool part is valid against its dialect's
wire schema and round-trips losslessly through the generated converters.

Parts are found at their known locations in requests and responses (streams come later).
The corpus is read in place (TOOLWIRE_CORPUS, else <repo>/../shared/corpus) and never
copied; without it these tests skip.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012
from toolwire_dialects import decoder, encoder

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
SHAPES = ("tool_definition", "tool_choice", "tool_call", "tool_result")
FOLDERS = {"openai-chat": "openai_chat", "anthropic": "anthropic_messages"}  # corpus folder -> dialect


def _corpus() -> Path | None:
    """The same lookup as conftest's `corpus_dir` fixture (checked by a test below), needed
    here at collection time to parametrize by payload."""
    configured = os.environ.get("TOOLWIRE_CORPUS")
    folder = Path(configured) if configured else REPO.parent / "shared" / "corpus"
    return folder if folder.is_dir() else None


Part = tuple[str, str]  # (shape, JSON Pointer of the part in its payload)


def _esc(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def openai_chat_parts(payload: dict[str, Any]) -> Iterator[Part]:
    """Requests: tools[], tool_choice, messages[].tool_calls[], role=tool messages.
    Responses: choices[].message.tool_calls[]."""
    for i, _tool in enumerate(payload.get("tools") or []):
        yield "tool_definition", f"/tools/{i}"
    if "tool_choice" in payload:
        yield "tool_choice", "/tool_choice"
    for m, message in enumerate(payload.get("messages") or []):
        for c, _call in enumerate(message.get("tool_calls") or []):
            yield "tool_call", f"/messages/{m}/tool_calls/{c}"
        if message.get("role") == "tool":
            yield "tool_result", f"/messages/{m}"
    for ch, choice in enumerate(payload.get("choices") or []):
        for c, _call in enumerate((choice.get("message") or {}).get("tool_calls") or []):
            yield "tool_call", f"/choices/{ch}/message/tool_calls/{c}"


def anthropic_messages_parts(payload: dict[str, Any]) -> Iterator[Part]:
    """Requests: tools[] (custom tools; server tools carry another type), tool_choice,
    messages[].content[] tool_use / tool_result blocks. Responses: content[] tool_use blocks."""
    for i, tool in enumerate(payload.get("tools") or []):
        if tool.get("type", "custom") == "custom":
            yield "tool_definition", f"/tools/{i}"
    if "tool_choice" in payload:
        yield "tool_choice", "/tool_choice"
    blocks = {"tool_use": "tool_call", "tool_result": "tool_result"}
    for m, message in enumerate(payload.get("messages") or []):
        content = message.get("content")
        if isinstance(content, list):
            for b, block in enumerate(content):
                if block.get("type") in blocks:
                    yield blocks[block["type"]], f"/messages/{m}/content/{b}"
    if payload.get("type") == "message" and isinstance(payload.get("content"), list):
        for b, block in enumerate(payload["content"]):
            if block.get("type") == "tool_use":
                yield "tool_call", f"/content/{b}"


FINDERS = {"openai_chat": openai_chat_parts, "anthropic_messages": anthropic_messages_parts}


def _resolve(payload: Any, pointer: str) -> Any:
    for token in pointer[1:].split("/") if pointer else []:
        token = token.replace("~1", "/").replace("~0", "~")
        payload = payload[int(token)] if isinstance(payload, list) else payload[token]
    return payload


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _collect() -> list[Any]:
    corpus = _corpus()
    if corpus is None:
        return [pytest.param(None, None, None, None, id="no-corpus")]
    params = []
    for folder, dialect in FOLDERS.items():
        for path in sorted((corpus / folder).glob("*.json")):
            for shape, pointer in FINDERS[dialect](_load(path)):
                params.append(pytest.param(dialect, shape, path, pointer, id=f"{folder}/{path.name}:{pointer}"))
    return params


PARTS = _collect()


@cache
def _wire_validator(dialect: str, shape: str) -> jsonschema.Draft202012Validator:
    """A validator for the wire schema, with every $ref resolved from the schemas folder only."""

    def refuse(uri: str) -> referencing.Resource:
        raise referencing.exceptions.NoSuchResource(ref=uri)

    documents = {}
    for path in SCHEMAS.rglob("*.json"):
        rel = path.relative_to(SCHEMAS).as_posix()
        if not rel.startswith("vectors/") and path.name != "dialect.json":
            documents[rel] = _load(path)
    registry = referencing.Registry(retrieve=refuse).with_resources(
        (rel, DRAFT202012.create_resource(doc)) for rel, doc in documents.items()
    )
    schema_file = _load(SCHEMAS / "dialects" / dialect / "dialect.json")["shapes"][shape]["schema"]
    return jsonschema.Draft202012Validator(documents[f"dialects/{dialect}/{schema_file}"], registry=registry)


def test_collection_uses_the_fixture_corpus(corpus_dir: Path) -> None:
    assert _corpus() == corpus_dir


def test_corpus_has_a_part_of_every_shape_in_every_dialect(corpus_dir: Path) -> None:
    found = {(p.values[0], p.values[1]) for p in PARTS}
    missing = [(dialect, shape) for dialect in FOLDERS.values() for shape in SHAPES if (dialect, shape) not in found]
    assert not missing, f"no corpus payload has these parts: {missing}"
    files = {p.values[2] for p in PARTS}
    non_stream = {path for folder in FOLDERS for path in (corpus_dir / folder).glob("*.json")}
    assert files <= non_stream and files, "parts must come from the non-stream payload files"


@pytest.mark.parametrize(("dialect", "shape", "path", "pointer"), PARTS)
def test_part_is_valid_against_its_wire_schema(
    corpus_dir: Path, dialect: str, shape: str, path: Path, pointer: str
) -> None:
    part = _resolve(_load(path), pointer)
    errors = [
        f"/{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in _wire_validator(dialect, shape).iter_errors(part)
    ]
    assert not errors, errors


@pytest.mark.parametrize(("dialect", "shape", "path", "pointer"), PARTS)
def test_part_round_trips_losslessly(corpus_dir: Path, dialect: str, shape: str, path: Path, pointer: str) -> None:
    part = _resolve(_load(path), pointer)
    original = copy.deepcopy(part)
    canonical = decoder(dialect, shape)(part)
    assert part == original, "decode changed its input"
    encoded = encoder(dialect, shape)(copy.deepcopy(canonical), strict=True)
    assert encoded.losses == []
    assert encoded.value == original
    # `==` takes True for 1 and 1 for 1.0; the JSON texts tell them apart.
    assert json.dumps(encoded.value, sort_keys=True) == json.dumps(original, sort_keys=True)
