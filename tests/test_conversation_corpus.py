"""Every real request and response of the corpus (../shared/corpus, and corpus-more) of a
dialect that maps whole conversations: it decodes, encodes back to the same JSON with no loss,
converts to every other such dialect into a payload that validates against that dialect's
schema, and where no message lost anything, converts back to the same conversation
(issue 13, "done when"). Skipped cleanly without the corpus."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012

from tests.conftest import corpus_location

FOLDERS = {  # corpus folder -> dialect
    "openai-chat": "openai_chat",
    "openai-chat-compat": "openai_chat",
    "openai-responses": "openai_responses",
    "anthropic": "anthropic_messages",
    "gemini": "gemini",
    "bedrock": "bedrock_converse",
    "mistral": "mistral",
    "cohere": "cohere_v2",
    "ollama": "ollama",
}


def _payloads() -> list[Any]:
    out = []
    for root in (corpus_location(), corpus_location().parent / "corpus-more"):
        for folder, dialect in FOLDERS.items():
            for path in sorted((root / folder).glob("*.json")):
                shape = path.name.rsplit(".", 2)[-2]
                if shape in ("request", "response"):
                    out.append(pytest.param(dialect, shape, path, id=f"{root.name}/{folder}/{path.name}"))
    return out


PAYLOADS = _payloads()


def _dialects() -> Any:
    import toolwire_dialects

    return toolwire_dialects


def _talkers() -> list[str]:
    pkg = _dialects()
    return sorted(name for name in pkg.DIALECTS if hasattr(pkg.DIALECTS[name], "decode_request"))


def _validator(schema_id: str) -> jsonschema.Draft202012Validator:
    from toolwire_dialects._schemas import SCHEMAS

    def refuse(uri: str) -> referencing.Resource:
        raise referencing.exceptions.NoSuchResource(ref=uri)

    registry = referencing.Registry(retrieve=refuse).with_resources(
        (i, DRAFT202012.create_resource(s)) for i, s in SCHEMAS.items()
    )
    return jsonschema.Draft202012Validator(SCHEMAS[schema_id], registry=registry)


def _schema_id(dialect: str, shape: str) -> str:
    return f"dialects/{dialect}/{shape}.json"


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _skip_unmapped(dialect: str) -> None:
    if dialect not in _talkers():
        pytest.fail(f"{dialect} maps no conversations: every conversational dialect must")


def test_the_corpus_has_conversations_of_every_conversational_dialect(corpus_dir: Path) -> None:
    found = {p.values[0] for p in PAYLOADS}
    assert found == set(FOLDERS.values())


@pytest.mark.parametrize(("dialect", "shape", "path"), PAYLOADS)
def test_corpus_conversation_round_trips_within_its_dialect(
    corpus_dir: Path, dialect: str, shape: str, path: Path
) -> None:
    _skip_unmapped(dialect)
    module = _dialects().DIALECTS[dialect]
    wire = json.loads(path.read_text(encoding="utf-8"))
    canonical = getattr(module, f"decode_{shape}")(wire)
    encoded = getattr(module, f"encode_{shape}")(canonical)
    assert [str(loss) for loss in encoded.losses] == []
    assert _json(encoded.value) == _json(wire)


@pytest.mark.parametrize(("dialect", "shape", "path"), PAYLOADS)
def test_corpus_conversation_converts_to_every_dialect_and_back(
    corpus_dir: Path, dialect: str, shape: str, path: Path
) -> None:
    _skip_unmapped(dialect)
    pkg = _dialects()
    wire = json.loads(path.read_text(encoding="utf-8"))
    original = pkg.conversation_view(getattr(pkg.DIALECTS[dialect], f"decode_{shape}")(wire), shape)
    problems = []
    for target in _talkers():
        if target == dialect:
            continue
        id_map = pkg.IdMap()
        there = pkg.convert(wire, source=dialect, target=target, shape=shape, id_map=id_map, model="the-callers-model")
        errors = [e.message for e in _validator(_schema_id(target, shape)).iter_errors(there.value)]
        if errors:
            problems.append(f"{target}: invalid {shape}: {errors[:3]}")
            continue
        back = pkg.convert(there.value, source=target, target=dialect, shape=shape, id_map=id_map)
        lost = [
            loss
            for loss in [*there.losses, *back.losses]
            if loss.pointer.startswith(("/messages", "/message/", "/finish_reason"))
        ]
        if lost:
            continue  # reported: the conversation need not survive (the losses say what went)
        returned = pkg.conversation_view(getattr(pkg.DIALECTS[dialect], f"decode_{shape}")(back.value), shape)
        if returned != original:
            problems.append(f"{target}: the conversation changed on the way back")
    assert problems == []
