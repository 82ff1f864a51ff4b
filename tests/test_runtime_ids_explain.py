"""_ids (encode_id, minting, linking results by position) and _explain (the pointer of the
first failed check), tested directly against the runtime modules. The collision rules of
IdMap.rewrite are in test_id_map.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from toolwire_dialects._errors import DecodeError, Loss, LossError
from toolwire_dialects._explain import explain, string_list
from toolwire_dialects._ids import CANONICAL_IDS, IdMap, IdPolicy, Note, encode_id, id_checker, note_position

SHORT = IdPolicy("short", re.compile(r"^[A-Za-z0-9]{9}$"), "", 9)


def test_encode_id_passes_a_fitting_id_and_rewrites_the_rest_with_a_loss() -> None:
    losses: list[Loss] = []
    assert encode_id("abcdefghi", SHORT, None, losses, False, "/id") == "abcdefghi" and losses == []
    sent = encode_id("call_1", SHORT, None, losses, False, "/id")
    assert SHORT.pattern.fullmatch(sent) and losses == [
        Loss("id.rewritten", "/id", "short", f"id 'call_1' (rewritten to {sent!r} in the id map)")
    ]
    with pytest.raises(LossError):
        encode_id("call_1", SHORT, None, [], True, "/id")


def test_encode_id_through_a_map_is_stable_and_reversible() -> None:
    id_map = IdMap()
    first = encode_id("call.1", SHORT, id_map, [], False, "/id")
    assert encode_id("call.1", SHORT, id_map, [], False, "/x") == first
    assert id_map.original(first) == "call.1"
    assert encode_id("call.2", SHORT, id_map, [], False, "/id") != first


def test_a_missing_id_is_minted_and_reported() -> None:
    losses: list[Loss] = []
    id_map = IdMap()
    minted = encode_id(None, SHORT, id_map, losses, False, "/tool_calls/0/id")
    assert SHORT.pattern.fullmatch(minted)
    assert losses == [Loss("id.minted", "/tool_calls/0/id", "short", f"a missing id (minted {minted!r})")]
    assert id_map.original(minted) == minted, "a minted id stands for no other id"
    assert encode_id(None, SHORT, id_map, [], False, "/id") != minted, "each missing id gets its own"


def test_minted_canonical_ids_are_deterministic_per_map() -> None:
    a, b = IdMap(), IdMap()
    assert [a.mint_call() for _ in range(3)] == [b.mint_call() for _ in range(3)]
    assert all(CANONICAL_IDS.pattern.fullmatch(a.mint_call()) for _ in range(3))


def test_id_less_results_are_linked_to_the_oldest_unanswered_call_and_say_so() -> None:
    id_map = IdMap()
    for call_id in ("c1", "c2", "c3"):
        id_map.note_call(call_id, "weather")
    id_map.note_call("c9", "time")
    id_map.note_result("c2")  # names its call: no longer waiting
    assert id_map.claim("weather") == "c1"
    assert id_map.linked_by_position("c1") == 2, "chosen between c1 and c3"
    assert id_map.linked_by_position("c1") == 0, "answered once"
    assert id_map.claim("weather") == "c3"
    assert id_map.linked_by_position("c3") == 1, "the last of a group linked by position says so too"
    assert id_map.claim("weather") is None
    assert id_map.claim("time") == "c9" and id_map.linked_by_position("c9") == 0, "the only candidate"
    assert id_map.name_for("c9") == "time" and id_map.name_for(None) is None


def test_a_result_naming_the_rewrite_answers_the_original_call() -> None:
    id_map = IdMap()
    sent = encode_id("call.1", SHORT, id_map, [], False, "/id")
    id_map.note_call("call.1", "f")
    id_map.note_call("call.2", "f")
    id_map.note_result(sent)
    assert id_map.claim("f") == "call.2"


def test_note_position_records_the_link_as_a_note() -> None:
    id_map = IdMap()
    id_map.note_call("c1", "f")
    id_map.note_call("c2", "f")
    out: dict[str, Any] = {"tool_results": [{"call_id": id_map.claim("f"), "name": "f"}], "notes": []}
    note_position(out, id_map, "/contents/1/parts/0", "gemini")
    assert out["notes"] == [
        Note(
            "/tool_results/0/call_id",
            "gemini",
            "result at /contents/1/parts/0 names no call id: linked by position to the oldest of 2 unanswered calls of 'f' ('c1')",
        )
    ]
    assert str(out["notes"][0]).startswith("note: /tool_results/0/call_id: gemini result at")


def test_id_checker_remembers_matches_in_a_bounded_set() -> None:
    known: set[str] = set()
    ok = id_checker(re.compile("^a+$"), known, limit=2)
    assert ok("a") and ok("aa") and not ok("b")
    assert known == {"a", "aa"}
    assert ok("aaa") and known == {"aaa"}, "full: cleared before the next one is kept"


CALL_CHECKS = (
    ("", "object", None),
    ("/type", "const", "function"),
    ("/function", "object", None),
    ("/function/name", "nonempty", None),
)
CHOICE_VARIANTS = (
    (("", "const", "auto"),),
    (("", "const", "none"),),
    (
        ("", "object", None),
        ("/type", "const", "function"),
        ("/function", "object", None),
        ("/function/name", "nonempty", None),
    ),
)


@pytest.mark.parametrize(
    ("wire", "pointer", "message"),
    [
        ([], "", "expected an object, got an array"),
        ({"type": "custom"}, "/type", 'expected "function", got "custom"'),
        ({"type": "function"}, "/function", "expected an object, got nothing"),
        ({"type": "function", "function": {"name": ""}}, "/function/name", 'expected a non-empty string, got ""'),
        ({"type": True, "function": {}}, "/type", 'expected "function", got true'),
    ],
)
def test_explain_names_the_first_failed_check(wire: Any, pointer: str, message: str) -> None:
    error = explain(wire, (CALL_CHECKS,), "openai_chat", "tool_call")
    assert (error.pointer, error.message) == (pointer, message)
    assert str(error) == f"openai_chat/tool_call: {pointer or '/'}: {message}"


def test_explain_blames_the_variant_whose_constants_matched() -> None:
    error = explain({"type": "function", "function": {"name": 3}}, CHOICE_VARIANTS, "d", "tool_choice")
    assert (error.pointer, error.message) == ("/function/name", "expected a non-empty string, got 3")
    error = explain("sometimes", CHOICE_VARIANTS, "d", "tool_choice")
    assert (error.pointer, error.message) == ("", 'expected "auto", got "sometimes"')


@pytest.mark.parametrize(
    ("check", "value", "message"),
    [
        (("/x", "optional", "string"), 1, "expected a string, got 1"),
        (("/x", "absent_or", "string"), None, "expected a string or nothing, got null"),
        (("/x", "optional_const", "a"), "b", 'expected "a" or nothing, got "b"'),
        (("/x", "optional_values", ("a", "b")), "c", 'expected one of "a", "b", got "c"'),
        (("/x", "values", ("a",)), None, 'expected one of "a", got null'),
        (("/x", "array", None), [], "expected a non-empty array, got an array"),
        (("/x", "string_or_null", None), 2, "expected a string or null, got 2"),
        (("/x", "any", None), None, None),  # null is a value
        (("/x", "optional", "string"), None, None),  # optional: null passes
    ],
)
def test_each_kind_of_check(check: tuple[str, str, Any], value: Any, message: str | None) -> None:
    error = explain({"x": value}, ((check,),), "d", "s", fallback="fits")
    assert (error.pointer, error.message) == (("/x", message) if message else ("", "fits"))


def test_explain_reads_escaped_pointers_and_array_indexes() -> None:
    checks = (("/a~1b/0/c~0d", "string", None),)
    error = explain({"a/b": [{"c~d": 1}]}, (checks,), "d", "s")
    assert (error.pointer, error.message) == ("/a~1b/0/c~0d", "expected a string, got 1")
    assert explain({"a/b": [{"c~d": "ok"}]}, (checks,), "d", "s").message == "does not match this shape"


def test_decode_error_at_prefixes_the_pointer() -> None:
    error = DecodeError("d", "tool_call", "/id", "expected a string, got 1").at("/messages/2/tool_calls/0")
    assert error.pointer == "/messages/2/tool_calls/0/id" and error.message == "expected a string, got 1"


def test_string_list_names_the_bad_element() -> None:
    assert string_list(("a", "b"), "d", "tool_choice", "/names") == ["a", "b"]
    with pytest.raises(DecodeError) as caught:
        string_list(["a", ""], "d", "tool_choice", "/allowed/tools")
    assert caught.value.pointer == "/allowed/tools/1"
