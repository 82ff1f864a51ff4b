"""The conversation vectors cover what issue 13 asks of every conversational dialect: at
least eight request conversations (one call and its result, parallel calls, an error result,
two rounds, text and calls in one turn, a system prompt, an image, no tools; reasoning with
its signature where the dialect carries reasoning) and responses (text, calls, a length
stop), plus cases decoding must reject."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
# Every dialect whose mapping lays out whole conversations, read from the registry.
CONVERSATIONAL = sorted(name for name, dialect in SPEC.dialects.items() if conversation_ir(dialect) is not None)
REQUEST_TAGS = {
    "one_call",
    "parallel_calls",
    "error_result",
    "two_rounds",
    "text_and_calls",
    "system_prompt",
    "image",
    "no_tools",
}
RESPONSE_TAGS = {"response_text", "response_calls", "response_length"}
FILES = {vf.dialect: vf for vf in SPEC.conversation_vectors}


@pytest.mark.parametrize("dialect", sorted(SPEC.dialects))
def test_a_dialect_has_conversation_vectors_exactly_when_it_maps_conversations(dialect: str) -> None:
    assert (dialect in FILES) == (dialect in CONVERSATIONAL), dialect


@pytest.mark.parametrize("dialect", CONVERSATIONAL)
def test_the_vectors_cover_every_conversation_the_issue_lists(dialect: str) -> None:
    vf = FILES.get(dialect)
    assert vf is not None, f"no vectors/{dialect}/conversation.json"
    requests = [c for c in vf.valid if c["shape"] == "request"]
    covered = {tag for case in vf.valid for tag in case.get("covers", [])}
    tags = REQUEST_TAGS | RESPONSE_TAGS
    request = conversation_ir(SPEC.dialects[dialect]).request
    if any(x.part == "reasoning" for x in (*request.parts, *request.units, *request.turn.fields)):
        tags |= {"reasoning"}
    assert len(requests) >= 8
    assert sorted(tags - covered) == []
    assert vf.invalid, "no case decoding must reject"
