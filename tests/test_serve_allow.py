"""A strict route's allow-list of loss codes (issue #26 point 3, on #24's codes): the listed
losses go through and are reported; any other refuses the exchange in the client's shape, for
requests, responses and streams alike."""

from __future__ import annotations

import json

import pytest

from tests.test_serve_exchange import CHAT, chat
from tests.test_serve_fakes import Answer, FakeUpstream, gateway_config, response_vector, stream_vector
from toolwire.serve.config import ConfigError, parse

TEXT_ANSWER = response_vector("anthropic_messages", "a text answer")


def test_an_allowed_loss_goes_through_and_is_reported_with_its_code() -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=TEXT_ANSWER))
    # the answer loses two things on its way back to Chat; the request, its seed
    allow = ["setting.dropped", "extension.field_dropped", "response.defaulted"]
    config = gateway_config("openai_chat", "anthropic_messages", losses="strict", allow_losses=allow)
    response = chat(config, fake, {**CHAT, "seed": 7})
    assert response.status_code == 200, response.text
    count, listed = response.headers["toolwire-losses"].split("; ")
    assert listed.split(", ")[0] == "setting.dropped /settings/seed" and int(count) == len(listed.split(", "))
    assert {entry.split(" ")[0] for entry in listed.split(", ")} <= set(allow)
    assert "seed" not in fake.received[0]["body"]


def test_a_loss_outside_the_list_is_refused_and_nothing_is_sent() -> None:
    fake = FakeUpstream("anthropic_messages", Answer(body=TEXT_ANSWER))
    config = gateway_config("openai_chat", "anthropic_messages", losses="strict", allow_losses=["id.rewritten"])
    response = chat(config, fake, {**CHAT, "seed": 7})
    assert response.status_code == 400 and fake.received == []
    message = response.json()["error"]["message"]
    assert "strict route" in message and "[setting.dropped]" in message


def _streamed_calls(text: str) -> list[str]:
    lines = [line[6:] for line in text.splitlines() if line.startswith("data: ")]
    return [json.dumps(chunk) for chunk in (json.loads(line) for line in lines if line != "[DONE]")]


@pytest.mark.parametrize(("allow", "refused"), [(["part.unsupported"], False), (["id.rewritten"], True)])
def test_a_strict_stream_lets_the_listed_codes_through(allow: list[str], refused: bool) -> None:
    # the upstream stream holds a server-side tool block: leaving it out is a part.unsupported loss
    events = stream_vector("anthropic_messages", "a server_tool_use block and its result are left out")
    fake = FakeUpstream("anthropic_messages", Answer(events=events))
    config = gateway_config("openai_chat", "anthropic_messages", losses="strict", allow_losses=allow)
    response = chat(config, fake, {**CHAT, "stream": True})
    body = response.text
    if refused:
        assert "[part.unsupported]" in body and "[DONE]" not in body
    else:
        assert body.rstrip().endswith("data: [DONE]") and _streamed_calls(body)
        assert "server_tool" not in body


@pytest.mark.parametrize(
    ("route", "message"),
    [
        (
            {"losses": "strict", "allow_losses": ["setting.droped"]},
            "allow_losses[0]: unknown loss code 'setting.droped'",
        ),
        ({"allow_losses": ["setting.dropped"]}, "allow_losses: only a strict route has one"),
        ({"losses": "strict", "allow_losses": "setting.dropped"}, "allow_losses: expected an array of loss codes"),
    ],
)
def test_a_bad_allow_list_is_a_configuration_error(route: dict[str, object], message: str) -> None:
    upstream = {"dialect": "anthropic_messages", "base_url": "http://u.test", "credential": "none"}
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse({"routes": [{"inbound": "openai_chat", "upstream": upstream, **route}]}, "t", "t")
