"""Hostile whole conversations (issue 21, classes 3, 4, 6 and the `text: null` item of 7): each
test enumerates every member of its class, in Python, and the last one runs every case through
the TypeScript package too and asks for the same values, losses and errors.

3: a result links to the nearest preceding call it can answer, one IdMap per conversation, a
   link made by position is noted (a canonical extension note: a loss in any other dialect).
4: a conversation decoder refuses another dialect's payload, as extract() does.
6: every target's output is valid: orphan results, deep input, bad settings, two spellings.
7: a text that is null is refused, never a TypeError.
"""

from __future__ import annotations

import copy
import json
import math
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.test_conversation_corpus import _validator

REPO = Path(__file__).resolve().parent.parent
VECTORS = REPO / "schemas" / "vectors"


def _pkg() -> Any:
    import toolwire_dialects

    return toolwire_dialects


def _talkers() -> list[str]:
    pkg = _pkg()
    return sorted(n for n in pkg.DIALECTS if hasattr(pkg.DIALECTS[n], "decode_request"))


TALKERS = _talkers()
NAMED_RESULTS = ("gemini", "ollama")  # results name their tool, ids are optional (or absent)


def _valid(target: str, shape: str, value: Any) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in _validator(f"dialects/{target}/{shape}.json").iter_errors(value)]


def _text(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "text": text}]}


def _call(call_id: str, name: str, **arguments: Any) -> dict[str, Any]:
    return {
        "role": "assistant",
        "parts": [{"type": "tool_call", "call": {"id": call_id, "name": name, "arguments": arguments}}],
    }


def _result(call_id: str, text: str) -> dict[str, Any]:
    content = [{"type": "text", "text": text}]
    return {"role": "user", "parts": [{"type": "tool_result", "result": {"call_id": call_id, "content": content}}]}


@pytest.fixture
def convert_cli(cli_runner: Any, repo_root: Path) -> Any:
    """`toolwire convert ARGS` in-process on this checkout's generated package, payload on stdin."""

    def run(*args: str, payload: Any) -> subprocess.CompletedProcess[str]:
        argv = ["convert", "--generated", repo_root / "generated", *args]
        result = cli_runner(argv, input=json.dumps(payload))
        return subprocess.CompletedProcess(argv, result.exit_code, result.stdout, result.stderr)

    return run


# ---- class 3: results linked to the wrong call ----------------------------------------------

REUSED = {  # call_0 is f, answered; then call_0 is g
    "model": "m",
    "messages": [
        _text("user", "go"),
        _call("call_0", "f"),
        _result("call_0", "from f"),
        _call("call_0", "g"),
        _result("call_0", "from g"),
    ],
}


def _result_names(target: str, wire: Any) -> list[Any]:
    """The tool name each result of a target's request states (or the call its id names)."""
    canonical = _pkg().DIALECTS[target].decode_request(wire)
    names: list[Any] = []
    calls: dict[Any, str] = {}
    for message in canonical["messages"]:
        for part in message["parts"]:
            if part["type"] == "tool_call":
                calls[part["call"]["id"]] = part["call"]["name"]
            elif part["type"] == "tool_result":
                names.append(part["result"].get("name") or calls.get(part["result"]["call_id"]))
    return names


@pytest.mark.parametrize("target", TALKERS)
def test_class3_a_reused_call_id_links_each_result_to_the_nearest_call(target: str) -> None:
    encoded = _pkg().DIALECTS[target].encode_request(copy.deepcopy(REUSED), strict=False)
    assert _valid(target, "request", encoded.value) == []
    assert [loss for loss in encoded.losses if "name" in loss.what] == []
    assert _result_names(target, encoded.value) == ["f", "g"]
    if target in NAMED_RESULTS:  # through a whole conversion too, strictly
        chat = _pkg().DIALECTS["openai_chat"].encode_request(copy.deepcopy(REUSED)).value
        # strictly, but for the placeholder signature Gemini's calls get (its own rule, not a name)
        allow = ["signature.placeholder"]
        there = _pkg().convert(chat, source="openai_chat", target=target, shape="request", allow=allow)
        assert _result_names(target, there.value) == ["f", "g"]


def test_class3_an_array_of_requests_is_one_conversation_each(convert_cli: Any) -> None:
    first = {"model": "m", "messages": [_text("user", "go"), _call("call_0", "f"), _result("call_0", "done")]}
    second = {"model": "m", "messages": [_text("user", "go"), _result("call_0", "whose?")]}
    chat = _pkg().DIALECTS["openai_chat"]
    payload = [chat.encode_request(first).value, chat.encode_request(second).value]
    done = convert_cli("--from", "openai_chat", "--to", "gemini", "--shape", "request", payload=payload)
    assert done.returncode == 0, done.stderr
    # the second request's result answers no call of its own: its name is not taken from the first
    assert "loss: /1/messages/1/parts/0/result/name: gemini cannot carry a result without its tool name" in done.stderr
    out = json.loads(done.stdout)
    assert [p.get("functionResponse", {}).get("name") for p in out[0]["contents"][2]["parts"]] == ["f"]
    assert [_valid("gemini", "request", value) for value in out] == [[], []]


def _abandoned(dialect: str) -> dict[str, Any]:
    """A call of f left unanswered, a second call of f, then one result of f naming no id (Gemini's
    calls signed, as Gemini 3 sends them and its provider rule asks)."""
    if dialect == "gemini":
        return {
            "contents": [
                {"role": "user", "parts": [{"text": "go"}]},
                {
                    "role": "model",
                    "parts": [{"functionCall": {"name": "f", "args": {"n": 1}}, "thoughtSignature": "c2ln"}],
                },
                {"role": "user", "parts": [{"text": "never mind, do it again"}]},
                {
                    "role": "model",
                    "parts": [{"functionCall": {"name": "f", "args": {"n": 2}}, "thoughtSignature": "c2ln"}],
                },
                {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {"output": "two"}}}]},
            ]
        }
    call = {"function": {"name": "f", "arguments": {"n": 1}}}
    return {
        "model": "m",
        "messages": [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "user", "content": "never mind, do it again"},
            {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "f", "arguments": {"n": 2}}}]},
            {"role": "tool", "tool_name": "f", "content": "two"},
        ],
    }


def _calls_and_results(canonical: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    parts = [p for m in canonical["messages"] for p in m["parts"]]
    return [p["call"] for p in parts if p["type"] == "tool_call"], [
        p["result"] for p in parts if p["type"] == "tool_result"
    ]


@pytest.mark.parametrize("dialect", NAMED_RESULTS)
def test_class3_an_id_less_result_answers_the_nearest_call_and_says_it_was_by_position(dialect: str) -> None:
    module = _pkg().DIALECTS[dialect]
    canonical = module.decode_request(_abandoned(dialect))
    calls, results = _calls_and_results(canonical)
    assert results[0]["call_id"] == calls[1]["id"]  # the later call, not the abandoned one
    notes = results[0]["extensions"][dialect]["notes"]
    assert len(notes) == 1 and "linked by position" in notes[0] and "nearest" in notes[0]
    # the same dialect writes the payload back as it was; any other reports the guess
    assert json.dumps(module.encode_request(canonical).value, sort_keys=True) == json.dumps(
        _abandoned(dialect), sort_keys=True
    )
    there = _pkg().convert(_abandoned(dialect), source=dialect, target="openai_chat", shape="request", model="m")
    assert any("linked by position" in loss.what for loss in there.losses)
    assert there.value["messages"][-1]["tool_call_id"] == there.value["messages"][-2]["tool_calls"][0]["id"]


@pytest.mark.parametrize("target", TALKERS)
@pytest.mark.parametrize("source", NAMED_RESULTS)
def test_class3_the_nearest_call_stays_answered_in_every_target(source: str, target: str) -> None:
    pkg = _pkg()
    there = pkg.convert(_abandoned(source), source=source, target=target, shape="request", model="m")
    assert _valid(target, "request", there.value) == []
    turns = pkg.conversation_view(pkg.DIALECTS[target].decode_request(there.value))
    said = [item for _role, items in turns for item in items if item[0] in ("call", "result")]
    assert [(item[0], item[1]) for item in said] == [("call", "#0"), ("call", "#1"), ("result", "#1")]


@pytest.mark.parametrize("dialect", NAMED_RESULTS)
def test_class3_conversations_note_what_extract_notes(dialect: str) -> None:
    """Two calls of one tool answered in one turn by results naming no id: extract() notes both
    links; the conversation decoder notes them too."""
    module = _pkg().DIALECTS[dialect]
    if dialect == "gemini":
        call = {"functionCall": {"name": "f", "args": {}}}
        result = {"functionResponse": {"name": "f", "response": {"output": "x"}}}
        wire: dict[str, Any] = {
            "contents": [
                {"role": "user", "parts": [{"text": "go"}]},
                {"role": "model", "parts": [call, call]},
                {"role": "user", "parts": [result, result]},
            ]
        }
    else:
        call = {"function": {"name": "f", "arguments": {}}}
        wire = {
            "model": "m",
            "messages": [
                {"role": "user", "content": "go"},
                {"role": "assistant", "content": "", "tool_calls": [call, call]},
                {"role": "tool", "tool_name": "f", "content": "x"},
                {"role": "tool", "tool_name": "f", "content": "y"},
            ],
        }
    assert len(module.extract(wire)["notes"]) == 2
    calls, results = _calls_and_results(module.decode_request(wire))
    assert [r["call_id"] for r in results] == [c["id"] for c in calls]
    assert [len(r["extensions"][dialect].get("notes", [])) for r in results] == [1, 1]


# ---- class 4: a conversation decoder reading another dialect's payload ----------------------


def _vectors(dialect: str, shape: str) -> list[Any]:
    cases = json.loads((VECTORS / dialect / "conversation.json").read_text(encoding="utf-8"))["valid"]
    return [case["wire"] for case in cases if case["shape"] == shape]


def _turns(canonical: dict[str, Any], shape: str) -> int:
    messages = canonical["messages"] if shape == "request" else [canonical["message"]]
    return sum(1 for m in messages if m["role"] != "system")


def _kept_whole(canonical: dict[str, Any], shape: str, reader: str) -> bool:
    """Whether the reader kept every unit of the payload whole, as items it has no kind for."""
    messages = canonical["messages"] if shape == "request" else [canonical["message"]]
    parts = [p for m in messages if m["role"] != "system" for p in m["parts"]]
    return bool(parts) and all(p["type"] == "wire" and p["dialect"] == reader and p.get("unit") for p in parts)


PAIRS = [(writer, reader) for writer in TALKERS for reader in TALKERS if writer != reader]


@pytest.mark.parametrize("shape", ["request", "response"])
@pytest.mark.parametrize(("writer", "reader"), PAIRS)
def test_class4_a_foreign_payload_is_refused_as_extract_refuses_it(writer: str, reader: str, shape: str) -> None:
    """All 112 ordered pairs of the 8 dialects, for requests and responses: each of the
    writer's conversation vectors, read by the reader's decoder, is a DecodeError with a
    pointer whenever the reader's extract() refuses it; a payload the decoder reads (dialects
    whose wires overlap: a plain messages list) extract() reads too, as the same turns."""
    pkg = _pkg()
    decode = getattr(pkg.DIALECTS[reader], f"decode_{shape}")
    for wire in _vectors(writer, shape):
        try:
            pkg.DIALECTS[reader].extract(copy.deepcopy(wire))
        except pkg.DecodeError:
            with pytest.raises(pkg.DecodeError) as refused:
                decode(copy.deepcopy(wire))
            assert refused.value.dialect == reader and str(refused.value).startswith(f"{reader}/")
            continue
        try:
            read = decode(copy.deepcopy(wire))
        except pkg.DecodeError as exc:  # refused deeper down than the envelope: a pointer all the same
            assert exc.dialect == reader and exc.pointer.startswith("/")
            continue
        if _kept_whole(read, shape, reader):
            continue  # a flat list of items the reader has no kind for (Responses' hosted items): nothing read
        own = getattr(pkg.DIALECTS[writer], f"decode_{shape}")(copy.deepcopy(wire))
        assert _turns(read, shape) == _turns(own, shape) > 0


def test_class4_the_payloads_of_the_issue_are_refused() -> None:
    pkg = _pkg()
    bedrock = _vectors("bedrock_converse", "request")[0]
    for reader in TALKERS:
        if reader != "bedrock_converse":
            with pytest.raises(pkg.DecodeError):
                pkg.DIALECTS[reader].decode_request(copy.deepcopy(bedrock))
    with pytest.raises(
        pkg.DecodeError, match="openai_chat/request: /messages/0/content/0/type: expected a string, got nothing"
    ):
        pkg.DIALECTS["openai_chat"].decode_request({**copy.deepcopy(bedrock), "model": "m"})  # past Chat's model


# Wrong-dialect payloads a decoder used to read otherwise (tests/test_hostile_properties.py
# found them): each (writer, reader, shape, payload, the refusal). The readers' schemas say
# what their APIs refuse: Chat's and Mistral's content part types (an enum), Mistral's finish
# reasons, Chat's response text (a string), and message members Mistral's and Anthropic's
# APIs refuse (`closed` at /messages/*).
_CHAT_PARTS = '"text", "image_url", "input_audio", "file", "refusal"'
_MISTRAL_CHUNKS = (
    '"text", "image_url", "document_url", "reference", "file", "thinking", "input_audio", "resource", "resource_link"'
)
_UNKNOWN = "the dialect's clients refuse fields the schema does not name"
_ANTHROPIC_TURNS = {
    "model": "m",
    "max_tokens": 10,
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "hm", "signature": "s"}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]},
    ],
}
_ANTHROPIC_CALLS = {**_ANTHROPIC_TURNS, "messages": [m for i, m in enumerate(_ANTHROPIC_TURNS["messages"]) if i != 1]}
_COHERE_TURNS = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "tool_plan": "I will call f",
            "tool_calls": [{"id": "tool_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
        },
        {"role": "tool", "tool_call_id": "tool_1", "content": [{"type": "document", "document": {"data": {"a": 1}}}]},
    ],
}
_CHAT_CALLS = {
    "model": "m",
    "messages": [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": "calling f",
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
    ],
}
_OLLAMA_THINKING = {
    "model": "m",
    "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "", "thinking": "hm"}],
}
_MISTRAL_THINKING = {
    "id": "r",
    "object": "chat.completion",
    "model": "m",
    "created": 0,
    "choices": [
        {
            "index": 0,
            "message": {
                "role": "assistant",
                "content": [{"type": "thinking", "thinking": [{"type": "text", "text": "?"}]}],
            },
            "finish_reason": "stop",
        }
    ],
    "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4},  # Mistral requires it
}
_CHAT_FILTERED = {
    "id": "r",
    "object": "chat.completion",
    "model": "m",
    "created": 0,
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "no"}, "finish_reason": "content_filter"}],
    "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4},  # Mistral requires it
}
MISREAD = [
    ("anthropic_messages", "openai_chat", "request", _ANTHROPIC_TURNS,
     f'/messages/1/content/0/type: expected one of {_CHAT_PARTS}, got "thinking"'),
    ("anthropic_messages", "mistral", "request", _ANTHROPIC_CALLS,
     f'/messages/1/content/0/type: expected one of {_MISTRAL_CHUNKS}, got "tool_use"'),
    ("cohere_v2", "openai_chat", "request", _COHERE_TURNS,
     f'/messages/2/content/0/type: expected one of {_CHAT_PARTS}, got "document"'),
    ("cohere_v2", "mistral", "request", _COHERE_TURNS, f"/messages/1/tool_plan: unknown field 'tool_plan': {_UNKNOWN}"),
    ("ollama", "mistral", "request", _OLLAMA_THINKING, f"/messages/1/thinking: unknown field 'thinking': {_UNKNOWN}"),
    # max_tokens: Anthropic requires it, and would refuse its absence first
    ("openai_chat", "anthropic_messages", "request", {**_CHAT_CALLS, "max_tokens": 5, "messages": _CHAT_CALLS["messages"][:2]},
     f"/messages/1/tool_calls: unknown field 'tool_calls': {_UNKNOWN}"),
    ("mistral", "openai_chat", "response", _MISTRAL_THINKING,
     "/choices/0/message/content: expected a string or null, got an array"),
    ("openai_chat", "mistral", "response", _CHAT_FILTERED,
     '/choices/0/finish_reason: expected one of "stop", "length", "model_length", "error", "tool_calls", null, '
     'got "content_filter"'),
]  # fmt: skip


@pytest.mark.parametrize(
    ("writer", "reader", "shape", "wire", "message"), MISREAD, ids=lambda v: v if type(v) is str else ""
)
def test_class4_a_payload_once_read_otherwise_is_refused_with_a_pointer(
    writer: str, reader: str, shape: str, wire: dict[str, Any], message: str
) -> None:
    """Each payload is its writer's (its own decoder reads it) and the reader refuses it, in
    its conversation decoder and in extract() alike, naming the place and what was expected."""
    pkg = _pkg()
    getattr(pkg.DIALECTS[writer], f"decode_{shape}")(copy.deepcopy(wire))
    for read in (getattr(pkg.DIALECTS[reader], f"decode_{shape}"), pkg.DIALECTS[reader].extract):
        with pytest.raises(pkg.DecodeError) as refused:
            read(copy.deepcopy(wire))
        assert str(refused.value) == f"{reader}/{shape}: {message}"


def test_class4_a_shared_wire_is_still_read_as_the_same_conversation() -> None:
    """The stricter checks keep what the wires share: a plain Chat request is read by Mistral
    as Chat reads it, a Mistral chunk without `type` is not refused, and Mistral's own finish reasons pass."""
    pkg = _pkg()
    chat = copy.deepcopy(_CHAT_CALLS)
    chat["messages"][0]["content"] = [{"type": "text", "text": "hi"}]
    view = pkg.conversation_view(pkg.DIALECTS["openai_chat"].decode_request(copy.deepcopy(chat)))
    assert pkg.conversation_view(pkg.DIALECTS["mistral"].decode_request(copy.deepcopy(chat))) == view
    untyped = {"model": "m", "messages": [{"role": "user", "content": [{"text": "hi"}]}]}
    assert len(pkg.DIALECTS["mistral"].decode_request(untyped)["messages"]) == 1  # its schema allows no type
    stopped = copy.deepcopy(_CHAT_FILTERED)
    stopped["choices"][0]["finish_reason"] = "model_length"
    assert pkg.DIALECTS["mistral"].decode_response(stopped)["finish_reason"] == "length"


def test_class4_a_chat_stream_read_by_mistral_gives_the_calls_chat_reads() -> None:
    """Mistral's stream is Chat's chunk wire: a Chat stream (ids Mistral's API would not make)
    is read, as a shared wire is, to the same calls (not otherwise), and so is its relay."""
    from toolwire_dialects.streams import convert_stream, get_stream

    call = {"type": "function", "id": "call_1", "function": {"name": "f", "arguments": '{"a": 1}'}, "index": 0}
    events = [
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]},
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    ]

    def calls(dialect: str, stream: list[Any]) -> list[Any]:  # extensions are the reader's spelling
        return [(c["id"], c["name"], c["arguments"]) for c in get_stream(dialect).assemble(stream)["tool_calls"]]

    assert calls("openai_chat", copy.deepcopy(events)) == [("call_1", "f", {"a": 1})]
    assert calls("mistral", copy.deepcopy(events)) == [("call_1", "f", {"a": 1})]
    relayed = list(convert_stream(copy.deepcopy(events), source="mistral", target="openai_chat"))
    assert calls("openai_chat", relayed) == [("call_1", "f", {"a": 1})]


# ---- class 6: invalid output ----------------------------------------------------------------

ORPHAN = {"model": "m", "messages": [_text("user", "hi"), _result("call_x", "from nowhere")]}


def _tools_from_calls() -> set[str]:
    """Dialects whose rules require tool definitions beside tool blocks, filled from the calls'
    names: an orphan result leaves none to fill them from (tests/test_rules_first_turn.py)."""
    from toolwire.spec.loader import load_spec
    from toolwire.spec.rules import CoRequiredRule, rules_of

    spec = load_spec(REPO / "schemas")
    return {n for n, d in spec.dialects.items() if any(isinstance(r, CoRequiredRule) for r in rules_of(d))}


@pytest.mark.parametrize("target", TALKERS)
def test_class6_an_orphan_result_gives_valid_output_and_a_loss_where_its_name_is_needed(target: str) -> None:
    if target in _tools_from_calls():  # a required value that cannot be filled is an error, not invalid output
        with pytest.raises(_pkg().RequiredValueError, match=rf"has no name to make one from; rule {target}/"):
            _pkg().DIALECTS[target].encode_request(copy.deepcopy(ORPHAN))
        return
    encoded = _pkg().DIALECTS[target].encode_request(copy.deepcopy(ORPHAN))
    assert _valid(target, "request", encoded.value) == []
    assert "null" not in json.dumps(encoded.value)
    named = [str(loss) for loss in encoded.losses if "without its tool name" in loss.what]
    assert len(named) == (1 if target in NAMED_RESULTS else 0), encoded.losses


@pytest.mark.parametrize("target", TALKERS)
def test_class6_a_response_without_a_model_is_valid_and_read_back(target: str) -> None:
    """A response that names no model (a Bedrock response's) is still a valid response of every
    target: a required field gets the documented default, reported."""
    module = _pkg().DIALECTS[target]
    encoded = module.encode_response({"message": _text("assistant", "hi"), "finish_reason": "stop"})
    assert _valid(target, "response", encoded.value) == []
    assert module.decode_response(encoded.value)["message"]["parts"] == [{"type": "text", "text": "hi"}]


def _deep(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(levels):
        value = {"a": value}
    return value


@pytest.mark.parametrize("source", TALKERS)
def test_class6_input_nested_deeper_than_text_allows_is_refused(source: str) -> None:
    """A payload handed over as a value is held to the depth the JSON reader allows text (a
    600-deep call argument would become argument text that no reader reads back)."""
    pkg = _pkg()
    module = pkg.DIALECTS[source]
    canonical = {"model": "m", "messages": [_text("user", "go"), _call("call_1", "f", deep=_deep(600))]}
    with pytest.raises(pkg.CanonicalError, match=r"/messages/1/parts/0/call/arguments/deep(/a)+: nested more than 512"):
        module.encode_request(canonical)
    canonical["messages"][1]["parts"][0]["call"]["arguments"] = {}
    wire = module.encode_request(canonical).value
    turns = module._REQUEST.turns
    wire[turns[0]][0]["x"] = _deep(600)  # a field of the first turn (kept as an extension field)
    with pytest.raises(pkg.DecodeError) as refused:
        module.decode_request(wire)
    assert (refused.value.dialect, refused.value.message) == (source, "nested more than 512 levels deep")
    assert refused.value.pointer == f"/{turns[0]}/0/x" + "/a" * 509  # the 513th level


BAD_SETTINGS = [
    ("temperature", "hot", "a number"),
    ("max_tokens", -5, "at least 0"),
    ("top_p", math.nan, "a finite number"),
    ("max_tokens", 2.5, "an integer"),
    ("stop", [1], "a string"),
]


def _setting_names(dialect: str) -> set[tuple[str, ...]]:
    """The canonical settings a dialect has a place for (its conversation IR)."""
    from toolwire.ir.conversation import conversation_ir
    from toolwire.spec.loader import load_spec

    ir = conversation_ir(load_spec(Path(__file__).resolve().parents[1] / "schemas").dialects[dialect])
    assert ir is not None
    return {s.name for s in ir.request.settings}


@pytest.mark.parametrize(("name", "value", "expected"), BAD_SETTINGS)
@pytest.mark.parametrize("target", TALKERS)
def test_class6_a_setting_of_the_wrong_type_is_never_passed_on(
    target: str, name: str, value: Any, expected: str
) -> None:
    """Canonical settings are checked against schemas/canonical/settings.json: a bad value is a
    CanonicalError naming /settings/<name> when encoding, a DecodeError at its wire pointer
    when decoding; never sent."""
    pkg = _pkg()
    module = pkg.DIALECTS[target]
    request = {"model": "m", "messages": [_text("user", "go")], "settings": {name: value}}
    if (name,) not in _setting_names(target):
        encoded = module.encode_request(request)  # a setting the dialect has no place for: a loss
        assert [loss.pointer for loss in encoded.losses if loss.pointer.startswith("/settings")] == [
            f"/settings/{name}"
        ]
        return
    with pytest.raises(pkg.CanonicalError, match=f"/settings/{name}: expected {expected}"):
        module.encode_request(request)
    good = {"temperature": 0.5, "max_tokens": 5, "top_p": 0.5, "stop": ["x"]}[name]
    wire = module.encode_request({**request, "settings": {name: good}}).value
    text = json.dumps(wire).replace(json.dumps(good), json.dumps(value) if value == value else "NaN", 1)
    payload = json.loads(text)
    with pytest.raises(pkg.DecodeError, match=f": expected {expected}"):
        module.decode_request(payload)


def test_class6_gemini_refuses_both_spellings_of_a_field() -> None:
    pkg = _pkg()
    wire = {
        "contents": [{"role": "user", "parts": [{"text": "go"}]}],
        "systemInstruction": {"parts": [{"text": "a"}]},
        "system_instruction": {"parts": [{"text": "b"}]},
    }
    with pytest.raises(pkg.DecodeError, match="/system_instruction: another spelling of /systemInstruction"):
        pkg.DIALECTS["gemini"].decode_request(wire)
    wire = {"contents": [{"role": "user", "parts": [{"text": "go"}]}], "generationConfig": {}, "generation_config": {}}
    with pytest.raises(pkg.DecodeError, match="/generation_config: another spelling of /generationConfig"):
        pkg.DIALECTS["gemini"].decode_request(wire)


def _lost_only(target: str) -> dict[str, Any]:
    """A response whose only part the target cannot carry (another dialect's reasoning)."""
    other = "gemini" if target != "gemini" else "anthropic_messages"
    return {"message": {"role": "assistant", "parts": [{"type": "reasoning", "dialect": other, "text": "hm"}]}}


@pytest.mark.parametrize("target", TALKERS)
def test_class6_a_response_whose_every_part_is_lost_is_still_a_turn(target: str) -> None:
    """The response's turn is written with its role and (empty) content even when every part
    of it is lost, never left out (Anthropic's role/content, Bedrock's /output/message)."""
    module = _pkg().DIALECTS[target]
    encoded = module.encode_response(_lost_only(target))
    assert _valid(target, "response", encoded.value) == []
    assert [loss.pointer for loss in encoded.losses if loss.pointer.startswith("/message")] == ["/message/parts/0"]
    assert module.decode_response(encoded.value)["message"]["parts"] == []


def _error_result(content: list[dict[str, Any]]) -> dict[str, Any]:
    result = {"call_id": "call_1", "content": content, "is_error": True}
    return {"role": "user", "parts": [{"type": "tool_result", "result": result}]}


def _answered(*results: dict[str, Any]) -> dict[str, Any]:
    return {"model": "m", "messages": [_text("user", "go"), _call("call_1", "f"), *results]}


EMPTY_ERROR = _answered(_error_result([]))
UNSENDABLE_ERROR = _answered(_error_result([{"type": "image", "url": "https://example.com/a.png"}]))


@pytest.mark.parametrize("request_", [EMPTY_ERROR, UNSENDABLE_ERROR], ids=["empty", "every-part-lost"])
@pytest.mark.parametrize("target", TALKERS)
def test_class6_an_error_result_without_content_is_valid(target: str, request_: dict[str, Any]) -> None:
    """An error result whose content is empty, or whose every part is lost, stays valid where
    the wire refuses an empty error result (Bedrock: status error needs a content block, a text
    block must not be empty): it is sent with the mapping's text (empty_error_text), reported."""
    pkg = _pkg()
    encoded = pkg.DIALECTS[target].encode_request(copy.deepcopy(request_))
    assert _valid(target, "request", encoded.value) == []
    placeholder = [loss for loss in encoded.losses if "error result without content" in loss.what]
    if target == "bedrock_converse":
        result = encoded.value["messages"][2]["content"][0]["toolResult"]
        assert (result["content"], result["status"]) == ([{"text": "error"}], "error")
        assert [loss.pointer for loss in placeholder] == ["/messages/2/parts/0/result/content"]
        first_loss = "error result without content" if request_ is EMPTY_ERROR else "image given by URL"
        with pytest.raises(pkg.LossError, match=first_loss):
            pkg.DIALECTS[target].encode_request(copy.deepcopy(request_), strict=True)
    else:
        assert placeholder == []
    success = _answered(_result("call_1", "x"))
    success["messages"][2]["parts"][0]["result"]["content"] = []
    assert not any("without content" in loss.what for loss in pkg.DIALECTS[target].encode_request(success).losses)


def test_class6_an_anthropic_error_result_without_content_converts_to_valid_bedrock() -> None:
    pkg = _pkg()
    anthropic = pkg.DIALECTS["anthropic_messages"].encode_request(copy.deepcopy(EMPTY_ERROR)).value
    out = pkg.convert(anthropic, source="anthropic_messages", target="bedrock_converse", shape="request")
    assert _valid("bedrock_converse", "request", out.value) == []
    assert out.value["messages"][2]["content"][0]["toolResult"]["content"] == [{"text": "error"}]


JSON_VALUES = [{"a": 1}, "text", [1, "x"], True, 7, 2.5, None, []]


def _json_results() -> dict[str, Any]:
    results = []
    for i, value in enumerate(JSON_VALUES):
        result = {"call_id": f"call_{i}", "content": [{"type": "json", "value": value}]}
        results.append({"role": "user", "parts": [{"type": "tool_result", "result": result}]})
    calls = [{"type": "tool_call", "call": {"id": f"call_{i}", "name": "f", "arguments": {}}} for i in range(8)]
    return {"model": "m", "messages": [_text("user", "go"), {"role": "assistant", "parts": calls}, *results]}


@pytest.mark.parametrize("target", TALKERS)
def test_class6_a_json_result_of_any_type_is_valid(target: str) -> None:
    """JSON content of every type gives a valid result: where the wire's JSON block takes only
    some types (Cohere's document data: an object or a string, the wire_type term), the others
    are sent as their JSON text, reported."""
    encoded = _pkg().DIALECTS[target].encode_request(_json_results())
    assert _valid(target, "request", encoded.value) == []
    if target == "cohere_v2":
        contents = [m["content"] for m in encoded.value["messages"] if m["role"] == "tool"]
        assert contents[:2] == [[{"type": "document", "document": {"data": v}}] for v in JSON_VALUES[:2]]
        assert contents[2:] == [
            [{"type": "text", "text": json.dumps(v, separators=(",", ":"))}] for v in JSON_VALUES[2:]
        ]
        as_text = [loss.pointer for loss in encoded.losses if loss.what == "a json part as such (sent as JSON text)"]
        assert as_text == [f"/messages/{i + 2}/parts/0/result/content/0" for i in range(2, 8)]


# ---- class 7: text that is null -------------------------------------------------------------


@pytest.mark.parametrize("target", TALKERS)
def test_class7_a_null_text_is_refused_by_every_encoder_and_decoder(target: str) -> None:
    pkg = _pkg()
    module = pkg.DIALECTS[target]
    request = {"model": "m", "messages": [_text("user", "go"), _text("assistant", "x")]}
    request["messages"][1]["parts"][0]["text"] = None
    with pytest.raises(pkg.CanonicalError, match="/messages/1/parts/0/text: expected a string, got null"):
        module.encode_request(request)
    with pytest.raises(pkg.CanonicalError, match="/message/parts/0/text: expected a string, got null"):
        module.encode_response({"message": request["messages"][1]})
    two = {"role": "user", "parts": [{"type": "text", "text": "go"}, {"type": "text", "text": "MARK"}]}
    wire = module.encode_request({"model": "m", "messages": [two]}).value
    text = json.dumps(wire)
    if '"MARK"' not in text:  # the dialect's turn is one string (Ollama): no text block to be null
        assert target == "ollama"
        return
    with pytest.raises(pkg.DecodeError, match=r"/(messages|contents|input)/0/\S*: expected a string, got null"):
        module.decode_request(json.loads(text.replace('"MARK"', "null")))


# ---- the same in TypeScript -----------------------------------------------------------------

_DRIVER = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
const camel = (name) => name.replace(/_([a-z])/g, (_m, c) => c.toUpperCase());
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  if (job.nan) job.payload.settings[job.nan] = NaN; // no JSON text for it
  const out = { value: null, losses: null, error: null };
  try {
    const result = job.op === "convert"
      ? pkg.convert(job.payload, job.options)
      : pkg.getDialect(job.dialect)[camel(job.op)](job.payload, job.options);
    out.value = job.op.startsWith("decode") ? result : result.value;
    out.losses = job.op.startsWith("decode") ? [] : result.losses.map((l) => [l.code, l.pointer, l.target, l.what]);
  } catch (e) {
    out.error = [e.name, e.message];
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
"""


def _job(op: str, dialect: str, payload: Any, **options: Any) -> dict[str, Any]:
    return {"op": op, "dialect": dialect, "payload": payload, "options": options}


def _parity_jobs() -> list[dict[str, Any]]:
    chat = _pkg().DIALECTS["openai_chat"].encode_request(copy.deepcopy(REUSED)).value
    deep = {"model": "m", "messages": [_text("user", "go"), _call("call_1", "f", deep=_deep(520))]}
    jobs = []
    for target in TALKERS:
        jobs.append(_job("encode_request", target, REUSED))
        jobs.append(_job("convert", target, chat, source="openai_chat", target=target, shape="request", strict=True))
        jobs.append(_job("encode_request", target, ORPHAN))
        jobs.append(_job("encode_response", target, {"message": _text("assistant", "hi"), "finish_reason": "stop"}))
        jobs.append(_job("encode_request", target, deep))
        null_text = {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": None}]}]}
        jobs.append(_job("encode_request", target, null_text))
        for name, value, _expected in BAD_SETTINGS:
            nan = value != value  # no JSON text for NaN: the driver sets it
            request = {"model": "m", "messages": [_text("user", "go")], "settings": {name: None if nan else value}}
            jobs.append({**_job("encode_request", target, request), "nan": name if nan else None})
    for dialect in NAMED_RESULTS:
        jobs.append(_job("decode_request", dialect, _abandoned(dialect)))
        jobs.append(
            _job("convert", dialect, _abandoned(dialect), source=dialect, target="openai_chat", shape="request")
        )
    for shape in ("request", "response"):
        for writer, reader in PAIRS:
            jobs += [_job(f"decode_{shape}", reader, wire) for wire in _vectors(writer, shape)]
    for target in TALKERS:  # class 6: every part lost, an empty error result, JSON of any type
        jobs.append(_job("encode_response", target, _lost_only(target)))
        jobs += [_job("encode_request", target, r) for r in (EMPTY_ERROR, UNSENDABLE_ERROR, _json_results())]
    jobs += [_job(f"decode_{shape}", reader, wire) for _w, reader, shape, wire, _m in MISREAD]
    jobs += [_job("extract", reader, wire) for _w, reader, _s, wire, _m in MISREAD]
    both = {"contents": [], "generationConfig": {"topK": 1}, "generation_config": {"topK": 2}}
    jobs.append(_job("decode_request", "gemini", both))
    return jobs


def test_typescript_does_the_same() -> None:
    """Every case above through both packages: the same values, losses and errors (class and
    message)."""
    from tests.test_typescript_json import run_node, ts_dist

    index = ts_dist() / "index.js"
    if not index.is_file():
        pytest.fail(f"{index} is not built: run `toolwire generate`")
    pkg = _pkg()
    jobs = _parity_jobs()
    answers = run_node(_DRIVER, jobs, str(index))
    for job, answer in zip(jobs, answers, strict=True):
        out: dict[str, Any] = {"value": None, "losses": None, "error": None}
        payload = json.loads(json.dumps(job["payload"]))  # deepcopy recurses twice a level
        if job.get("nan"):
            payload["settings"][job["nan"]] = math.nan
        try:
            if job["op"] == "convert":
                result = pkg.convert(payload, **job["options"])
            else:
                result = getattr(pkg.DIALECTS[job["dialect"]], job["op"])(payload, **job["options"])
            decoded = job["op"].startswith("decode")
            out["value"] = result if decoded else result.value
            out["losses"] = [] if decoded else [list(loss) for loss in result.losses]
        except pkg.ConversionError as exc:
            out["error"] = [type(exc).__name__, str(exc)]
        assert json.loads(json.dumps(out)) == answer, f"{job['op']} {job['dialect']}: {json.dumps(job)[:300]}"
