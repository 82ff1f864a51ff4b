"""Issue #23's promise, checked whole: every converted request and response is one the target
accepts. Each valid conversation vector and each captured corpus request or response, converted
into every other dialect that maps conversations, passes `toolwire validate` for the target:
its wire schema and every one of its provider rules. Under strict, a conversion that repaired
a rule is refused with the rule's name instead."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, convert
from toolwire_dialects._errors import LossError

from tests.conftest import corpus_location
from toolwire.spec.loader import load_spec
from toolwire.validation.engine import validate_record

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
SPEC = load_spec(SCHEMAS)
TALKERS = sorted(vf.dialect for vf in SPEC.conversation_vectors)
VECTORS = [(vf.dialect, case) for vf in SPEC.conversation_vectors for case in vf.valid]


def _convert(wire: Any, source: str, target: str, shape: str) -> Any:
    return convert(copy.deepcopy(wire), source=source, target=target, shape=shape, model="m")


def _refusals(value: Any, target: str, shape: str) -> list[str]:
    """What `toolwire validate --dialect target --shape shape` finds in value (empty: accepted)."""
    result = validate_record(json.dumps(value), schemas=SCHEMAS, dialect=target, shape=shape)
    return [f"{e.pointer}: {e.keyword}: {e.message}" for e in result.errors] or (
        [] if result.status == "valid" else [result.status]
    )


def _check(wire: Any, source: str, shape: str, where: str) -> int:
    """Convert wire into every other talker; each output must be accepted. Returns how many."""
    checked = 0
    for target in TALKERS:
        if target == source:
            continue
        encoded = _convert(wire, source, target, shape)
        assert _refusals(encoded.value, target, shape) == [], (where, target, encoded.value)
        repaired = [loss for loss in encoded.losses if f"rule {target}/" in loss.what]
        if repaired:  # strict about the rules' codes alone refuses with a rule's name
            allowed = sorted({loss.code for loss in encoded.losses} - {loss.code for loss in repaired})
            with pytest.raises(LossError, match=f"rule {target}/"):
                convert(copy.deepcopy(wire), source=source, target=target, shape=shape, model="m", allow=allowed)
        checked += 1
    return checked


@pytest.mark.parametrize("source", TALKERS)
def test_every_vector_converted_is_accepted_by_the_target(source: str) -> None:
    checked = sum(
        _check(case["wire"], source, case["shape"], case["description"])
        for dialect, case in VECTORS
        if dialect == source
    )
    assert checked > 0


def corpus_payloads() -> list[tuple[str, str, Path, Any]]:
    """(dialect, shape, file, wire) of each captured request or response a talker decodes."""
    found = []
    corpus = corpus_location()
    for folder in (corpus, corpus.parent / "corpus-more"):
        for shape in ("request", "response"):
            for path in sorted(folder.glob(f"**/*.{shape}.json")) if folder.is_dir() else ():
                wire = json.loads(path.read_text(encoding="utf-8"))
                for name in TALKERS:
                    try:
                        getattr(DIALECTS[name], f"decode_{shape}")(copy.deepcopy(wire))
                    except Exception:  # not this dialect's payload
                        continue
                    found.append((name, shape, path, wire))
    return found


def test_every_corpus_payload_converted_is_accepted_by_the_target() -> None:
    payloads = corpus_payloads()
    if not payloads:
        pytest.skip("no corpus (../shared/corpus or $TOOLWIRE_CORPUS)")
    checked = sum(_check(wire, dialect, shape, str(path)) for dialect, shape, path, wire in payloads)
    assert checked >= len(payloads)
