"""The request schemas require what each provider requires of the body (#23 point 9), the
evidence in each dialect's SOURCE.md; detection relies on it.

A body missing a required field is invalid, the finding naming the field, in `validate` and in
the generated package's decode (both languages); and a lookalike of another dialect that lacks
what a dialect requires (a Cohere request with a thinking part, a model-less Anthropic-looking
chat) is not detected as that dialect.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec
from toolwire.validation.engine import Engine, Options, Result
from toolwire.validation.inputs import Record

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"

USER = {"role": "user", "content": "hi"}
# Per dialect: a smallest valid request, and the root fields its provider requires of the body
# (the model of Gemini and Bedrock is in the URL, so their bodies need none).
MINIMAL: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "anthropic_messages": ({"model": "m", "max_tokens": 8, "messages": [USER]}, ("model", "messages", "max_tokens")),
    "openai_chat": ({"model": "m", "messages": [USER]}, ("model", "messages")),
    "mistral": ({"model": "m", "messages": [USER]}, ("model", "messages")),
    "cohere_v2": ({"model": "m", "messages": [USER]}, ("model", "messages")),
    "ollama": ({"model": "m", "messages": [USER]}, ("model", "messages")),
    "gemini": ({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}, ("contents",)),
    "bedrock_converse": ({"messages": [{"role": "user", "content": [{"text": "hi"}]}]}, ("messages",)),
}
CASES = [(dialect, field) for dialect, (_, fields) in MINIMAL.items() for field in fields]


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(SCHEMAS)


@pytest.fixture(scope="module")
def engine(spec: Any) -> Engine:
    return Engine(spec, Options())


def _check(engine: Engine, value: Any) -> Result:
    return engine.check(Record("p", 1, json.dumps(value).encode()))


def _request_engine(spec: Any, dialect: str) -> Engine:
    return Engine(spec, Options(dialect=dialect, shape="request"))


def test_each_schema_requires_what_its_provider_requires(spec: Any) -> None:
    for dialect, (_, fields) in MINIMAL.items():
        assert sorted(spec.dialects[dialect].envelopes["request"]["required"]) == sorted(fields), dialect


@pytest.mark.parametrize(("dialect", "field"), CASES, ids=[f"{d}-{f}" for d, f in CASES])
def test_a_request_without_a_required_field_is_invalid_naming_it(spec: Any, dialect: str, field: str) -> None:
    body, _ = MINIMAL[dialect]
    single = _request_engine(spec, dialect)
    assert _check(single, body).status == "valid"
    result = _check(single, {k: v for k, v in body.items() if k != field})
    assert result.status == "invalid"
    assert [(f.pointer, f.keyword, f.message) for f in result.errors] == [
        ("", "required", f"{field!r} is a required property")
    ]


# A body whose model lives elsewhere (Azure OpenAI's deployment in the URL) decodes with no
# canonical model, the schema still requiring it: tests/test_model_elsewhere.py.


def test_responses_requires_a_model_unless_a_saved_prompt_names_one(spec: Any) -> None:
    single = _request_engine(spec, "openai_responses")
    assert _check(single, {"model": "gpt-5", "input": "hi"}).status == "valid"
    assert _check(single, {"prompt": {"id": "pmpt_1"}}).status == "valid"  # the prompt names the model
    assert _check(single, {"model": "gpt-5", "previous_response_id": "resp_1"}).status == "valid"
    assert _check(single, {"input": "hi"}).status == "invalid"
    assert _check(single, {"previous_response_id": "resp_1"}).status == "invalid"


def test_model_required_by_the_conversation_writers(spec: Any) -> None:
    """What the conversion writers read from the schemas (ir/conversation.py `model_required`)."""
    required = {
        name
        for name, dialect in spec.dialects.items()
        if (ir := conversation_ir(dialect)) is not None and ir.request.model_required
    }
    # Responses' model is in every alternative of its root anyOf a conversion can meet (not the
    # saved prompt's, which nothing converts into): tests/test_required_values.py
    # Gemini Interactions' model is in its root anyOf too (CreateModelInteraction; an agent may
    # stand in, which nothing converts into)
    assert required == {
        "anthropic_messages",
        "openai_chat",
        "mistral",
        "cohere_v2",
        "ollama",
        "openai_responses",
        "gemini_interactions",
    }


THINKING = {"type": "thinking", "thinking": "hm"}
COHERE = {
    "model": "command-a-reasoning",
    "messages": [USER, {"role": "assistant", "content": [THINKING, {"type": "text", "text": "hello"}]}],
}


def test_an_anthropic_block_needs_its_fields(spec: Any) -> None:
    single = _request_engine(spec, "anthropic_messages")
    body = {**COHERE, "max_tokens": 5}
    result = _check(single, body)
    assert result.status == "invalid"
    assert ("/messages/1/content/0", "'signature' is a required property") in [
        (f.pointer, f.message) for f in result.errors
    ]
    signed = json.loads(json.dumps(body))
    signed["messages"][1]["content"][0]["signature"] = "EqQB"
    assert _check(single, signed).status == "valid"
    assert _check(single, {**body, "messages": [{"role": "user", "content": [{"type": "text"}]}]}).status == "invalid"


@pytest.mark.parametrize("extra", [{}, {"max_tokens": 5}], ids=["plain", "with max_tokens"])
def test_a_cohere_request_with_thinking_is_cohere(engine: Engine, extra: dict[str, Any]) -> None:
    """The issue's example: Cohere's thinking part has no signature, which Anthropic requires,
    and Cohere's request no max_tokens; max_tokens (Cohere has it too) does not make it Anthropic."""
    result = _check(engine, {**COHERE, **extra})
    assert (result.status, result.label) == ("valid", "cohere_v2/request")


def test_a_signed_thinking_request_is_anthropic(engine: Engine) -> None:
    body = json.loads(json.dumps({**COHERE, "max_tokens": 5}))
    body["messages"][1]["content"][0]["signature"] = "EqQB"
    assert _check(engine, body).label == "anthropic_messages/request"


# A plain chat that Anthropic and Mistral both accept (an Anthropic vector: every field is
# described by both schemas). Mistral's `if role is assistant then tool_calls` selected nothing
# here, so it was no evidence, yet it counted as a value Mistral fixes and the chat was
# detected as Mistral's.
PLAIN_CHAT = {
    "model": "claude-sonnet-4-5",
    "messages": [USER, {"role": "assistant", "content": "Hi!"}, {"role": "user", "content": "Colours?"}],
    "max_tokens": 256,
    "temperature": 0.7,
    "top_p": 0.9,
    "top_k": 40,
    "metadata": {"user_id": "user-8f3a"},
    "stream": False,
}


def test_a_chat_two_dialects_accept_alike_is_ambiguous(engine: Engine, cli_runner: Callable[..., Any]) -> None:
    result = _check(engine, PLAIN_CHAT)
    assert (result.status, sorted(result.candidates)) == (
        "ambiguous",
        ["anthropic_messages/request", "mistral/request"],
    )
    shown = cli_runner(["validate", "--schemas", SCHEMAS, "-"], input=json.dumps(PLAIN_CHAT))
    assert shown.exit_code == 0
    assert shown.stdout == (
        "<stdin>:1: note: /: valid against 2 schemas that describe it equally well: "
        "anthropic_messages/request, mistral/request; pass --dialect to choose [ambiguous]\n"
    )


def test_a_condition_counts_as_fixed_only_when_its_branch_describes_the_payload(engine: Engine) -> None:
    mistral = engine.spec.dialects["mistral"].all_schemas()["request"]["$id"]
    plain = {"model": "m", "messages": [{"role": "assistant", "content": "hi"}]}
    calls = {"model": "m", "messages": [{"role": "assistant", "content": "", "tool_calls": []}]}
    assert engine.walker.coverage(plain, mistral).fixed == 0
    assert engine.walker.coverage(calls, mistral).fixed == 1  # the role selects the tool_calls it has


def test_a_request_without_its_model_is_reported_against_a_schema_that_describes_it(engine: Engine) -> None:
    """Now that no chat-like schema accepts it, the model-less request is undetected, and the
    nearest schema named is one that describes every field, the finding its missing model.
    Schemas describing none of its keys (Bedrock's tool shapes) no longer use up the tries."""
    result = _check(engine, {"messages": [USER], "temperature": 0.2})
    assert result.status == "undetected"
    nearest = result.candidates[0]
    assert nearest in {f"{d}/request" for d in ("openai_chat", "mistral", "cohere_v2")}, result.candidates
    assert [(f.pointer, f.message) for f in result.errors[1:]] == [("", "'model' is a required property")]
