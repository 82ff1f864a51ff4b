"""IdMap: a rewrite never equals another id the map has seen, in either order (issue 10 item 4)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS, IdMap
from toolwire_dialects._runtime import encode_id

MISTRAL = DIALECTS["mistral"]
POLICY = MISTRAL._IDS  # 9 alphanumerics: most canonical ids are rewritten


def _send(id_map: IdMap, call_id: str) -> str:
    call = {"id": call_id, "name": "f", "arguments": {}}
    return MISTRAL.encode_tool_call(call, id_map=id_map).value["id"]


def test_a_literal_id_equal_to_an_earlier_rewrite_is_rewritten_too() -> None:
    id_map = IdMap()
    rewritten = _send(id_map, "call.1")
    literal = _send(id_map, rewritten)  # a second call whose id is literally the rewrite
    assert literal != rewritten
    assert id_map.original(rewritten) == "call.1"
    assert id_map.original(literal) == rewritten
    assert _send(id_map, rewritten) == literal, "the same id keeps its rewrite"


def test_a_rewrite_avoids_an_id_that_was_passed_through_first() -> None:
    id_map = IdMap()
    rewritten_alone = _send(IdMap(), "call.1")
    assert _send(id_map, rewritten_alone) == rewritten_alone  # fits: sent as it is
    rewritten = _send(id_map, "call.1")
    assert rewritten != rewritten_alone
    assert id_map.original(rewritten) == "call.1"
    assert id_map.original(rewritten_alone) == rewritten_alone


def test_the_collision_is_reported_as_a_rewrite() -> None:
    id_map = IdMap()
    rewritten = _send(id_map, "call.1")
    result = MISTRAL.encode_tool_call({"id": rewritten, "name": "f", "arguments": {}}, id_map=id_map)
    assert [loss.pointer for loss in result.losses] == ["/id"]
    assert "call.1" in result.losses[0].what


def test_a_minted_id_is_not_a_rewrite_of_anything() -> None:
    id_map = IdMap()
    minted = id_map.mint_call()
    openai = DIALECTS["openai_chat"]
    result = openai.encode_tool_call({"id": minted, "name": "f", "arguments": {}}, id_map=id_map)
    assert result.value["id"] == minted and result.losses == []
    assert id_map.original(minted) == minted


# Ids that Mistral's pattern rejects (rewritten) and ids it accepts (passed through), mixed
# with the rewrites themselves, so that every ordering of literal-vs-rewrite turns up.
_ALNUM9 = st.text(alphabet="0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=9, max_size=9)
_OTHER = st.text(alphabet="abc._-19", min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_ALNUM9, _OTHER, st.integers(0, 20).map(lambda i: ("rewrite-of", i))), max_size=25))
def test_sent_ids_are_distinct_per_distinct_id_and_reversible(plan: list[Any]) -> None:
    id_map = IdMap()
    sent: dict[str, str] = {}  # id given -> id sent
    for step in plan:
        if isinstance(step, tuple):  # replay an earlier output literally, as a new id
            outputs = list(sent.values())
            if not outputs:
                continue
            step = outputs[step[1] % len(outputs)]
        out = encode_id(step, POLICY, id_map, [], False, "/id")
        assert POLICY.pattern.fullmatch(out)
        assert sent.setdefault(step, out) == out, "the same id is always sent the same way"
    outputs = list(sent.values())
    assert len(set(outputs)) == len(outputs), "two different ids were sent as one"
    for given_id, out in sent.items():
        assert id_map.original(out) == given_id
