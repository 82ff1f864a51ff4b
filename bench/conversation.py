"""Benchmark: a whole OpenAI Chat request -> an Anthropic Messages request, three ways.

The request: 3 tools, tool_choice, temperature/top_p/stop/max_completion_tokens, and a
6-message history: system, user, assistant with 2 parallel tool_calls, tool, tool, user.

1. toolwire: the generated converter, `toolwire_dialects.convert(payload, source="openai_chat",
   target="anthropic_messages", shape="request")` (the value and its losses),
2. hand-written: a plain-Python function giving the SAME value and losses (asserted
   before timing): system turns -> top-level `system`, `tool_calls` -> `tool_use` blocks
   (arguments text parsed to an object, ids checked against Anthropic's pattern), the
   `role: tool` messages -> `tool_result` blocks of one user turn with the next user text,
   settings mapped (max_completion_tokens -> max_tokens, stop -> stop_sequences),
3. LiteLLM's own OpenAI -> Anthropic request transformation, no network: what its
   completion() runs before sending, `AnthropicConfig().map_openai_params(...)` (tools,
   tool_choice, settings) then `.transform_request(...)` (system, messages, defaults).

LiteLLM is a bench-only dependency, in a venv of its own (never the toolkit's):

    python -m venv bench/.venv-litellm
    bench/.venv-litellm/bin/pip install litellm==1.81.13
    bench/.venv-litellm/bin/python bench/conversation.py

Without LiteLLM (any Python with this checkout) it times toolwire and hand-written only:

    python bench/conversation.py [--rounds 15] [--number 2000]

Prints median and range per contender (rounds interleaved), and the ratios
toolwire/hand-written (target: at most 2x) and litellm/toolwire (target: at least 15x).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generated" / "python"))

from _timing import describe, interleaved, profile, ratio
from toolwire_dialects import convert

INSTALL = (
    "python -m venv bench/.venv-litellm && bench/.venv-litellm/bin/pip install litellm==1.81.13"
    " && bench/.venv-litellm/bin/python bench/conversation.py"
)
HAND_TARGET = 2.0
LITELLM_TARGET = 15.0

_WEATHER = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "City name, e.g. Paris"},
        "date": {"type": "string", "format": "date"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
    },
    "required": ["city", "date"],
    "additionalProperties": False,
}
_RESTAURANTS = {
    "type": "object",
    "properties": {
        "city": {"type": "string"},
        "cuisine": {"type": "string"},
        "party_size": {"type": "integer", "minimum": 1},
        "price": {"type": "array", "items": {"type": "string", "enum": ["$", "$$", "$$$"]}},
    },
    "required": ["city", "party_size"],
}
_BOOK = {
    "type": "object",
    "properties": {
        "restaurant_id": {"type": "string"},
        "time": {"type": "string", "format": "date-time"},
        "party_size": {"type": "integer"},
        "note": {"type": "string"},
    },
    "required": ["restaurant_id", "time", "party_size"],
}

REQUEST: dict[str, Any] = {
    "model": "claude-sonnet-4-5",
    "messages": [
        {"role": "system", "content": "You are a travel assistant. Use the tools; answer in one short paragraph."},
        {"role": "user", "content": "Will it rain tomorrow in Paris or in Lyon? Then find us a table for 2."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_42",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city":"Paris","date":"2026-12-02"}'},
                },
                {
                    "id": "call_43",
                    "type": "function",
                    "function": {
                        "name": "get_weather",
                        "arguments": '{"city":"Lyon","date":"2026-12-02","unit":"celsius"}',
                    },
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_42", "content": '{"sky":"rain","high_c":9,"low_c":4}'},
        {"role": "tool", "tool_call_id": "call_43", "content": '{"sky":"sunny","high_c":11,"low_c":2}'},
        {"role": "user", "content": "Lyon then. Italian, mid-range, tomorrow at 8pm."},
    ],
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "The weather forecast for a city on a date.",
                "parameters": _WEATHER,
            },
        },
        {
            "type": "function",
            "function": {
                "name": "find_restaurants",
                "description": "Restaurants in a city with a free table.",
                "parameters": _RESTAURANTS,
            },
        },
        {
            "type": "function",
            "function": {"name": "book_table", "description": "Book a table.", "parameters": _BOOK},
        },
    ],
    "tool_choice": "auto",
    "max_completion_tokens": 1024,
    "temperature": 0.3,
    "top_p": 0.9,
    "stop": "\n\nUser:",
}


def run_toolwire(request: dict[str, Any]) -> Any:
    return convert(request, source="openai_chat", target="anthropic_messages", shape="request")


# --- the hand-written converter -------------------------------------------------------

TARGET = "anthropic_messages"
DEFAULT_MAX_TOKENS = 4096  # the contract's documented default when the source has none
ANTHROPIC_ID = re.compile(r"[a-zA-Z0-9_-]+")
# The Chat request keys this function reads; any other is reported as not carried.
KNOWN = frozenset(
    [
        "model",
        "messages",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "max_completion_tokens",
        "max_tokens",
        "temperature",
        "top_p",
        "stop",
        "safety_identifier",
        "user",
        "stream",
        "seed",
        "presence_penalty",
        "frequency_penalty",
        "n",
    ]
)
ALIASES = {"user": "safety_identifier", "max_tokens": "max_completion_tokens"}  # older -> newer spelling
MESSAGE_KNOWN = frozenset(["role", "content", "tool_calls", "tool_call_id"])
LOST_SETTINGS = {  # Chat settings Anthropic has no place for: Chat key -> canonical name
    "seed": "seed",
    "presence_penalty": "presence_penalty",
    "frequency_penalty": "frequency_penalty",
    "n": "candidates",
}
TOOL_CHOICES = {"auto": {"type": "auto"}, "required": {"type": "any"}, "none": {"type": "none"}}


def _text_blocks(content: Any, where: str) -> list[dict[str, Any]]:
    """A Chat content that must be text (one string, or a list of text parts) as text blocks."""
    if type(content) is str:
        return [{"type": "text", "text": content}]
    if type(content) is not list:
        raise ValueError(f"{where}: content is neither a string nor a list")
    blocks = []
    for k, part in enumerate(content):
        if type(part) is not dict or part.get("type") != "text" or type(part.get("text")) is not str:
            raise ValueError(f"{where}/{k}: not a text part")
        blocks.append({"type": "text", "text": part["text"]})
    return blocks


def _tool_use(call: Any, where: str) -> dict[str, Any]:
    if type(call) is not dict or call.get("type") != "function":
        raise ValueError(f"{where}: not a function call")
    function = call["function"]
    text = function.get("arguments")
    arguments = json.loads(text) if text else {}
    if type(arguments) is not dict:
        raise ValueError(f"{where}: arguments are not an object")
    call_id = call["id"]
    if type(call_id) is not str or not ANTHROPIC_ID.fullmatch(call_id):
        raise ValueError(f"{where}: an id Anthropic rejects")
    return {"type": "tool_use", "id": call_id, "name": function["name"], "input": arguments}


def _tool_result(message: dict[str, Any], where: str) -> dict[str, Any]:
    call_id = message["tool_call_id"]
    if type(call_id) is not str or not ANTHROPIC_ID.fullmatch(call_id):
        raise ValueError(f"{where}: an id Anthropic rejects")
    content = message["content"]
    if type(content) is not str:
        content = _text_blocks(content, where)
    return {"type": "tool_result", "tool_use_id": call_id, "content": content}


def _tool(tool: Any, where: str) -> dict[str, Any]:
    if type(tool) is not dict or tool.get("type") != "function":
        raise ValueError(f"{where}: not a function tool")
    function = tool["function"]
    out: dict[str, Any] = {"name": function["name"]}
    out["input_schema"] = function.get("parameters", {"type": "object", "properties": {}})
    if "description" in function:
        out["description"] = function["description"]
    if "strict" in function:
        out["strict"] = function["strict"]
    return out


def _tool_choice(choice: Any) -> dict[str, Any]:
    if type(choice) is str:
        return dict(TOOL_CHOICES[choice])
    if type(choice) is dict and choice.get("type") == "function":
        return {"type": "tool", "name": choice["function"]["name"]}
    raise ValueError("/tool_choice: unknown tool choice")


def hand_written(request: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    """What a careful engineer writes by hand for this job: same value, same losses."""
    losses: list[tuple[str, str, str]] = []
    for key in sorted(request):  # toolwire lists them by pointer
        if key not in KNOWN or ALIASES.get(key) in request:  # an older spelling beside the newer one
            losses.append((f"/extensions/openai_chat/fields/~1{key}", TARGET, f"openai_chat field /{key}"))
    out: dict[str, Any] = {}
    if "model" in request:
        out["model"] = request["model"]
    system: list[dict[str, Any]] = []
    turns: list[dict[str, Any]] = []
    for i, message in enumerate(request["messages"]):
        where = f"/messages/{i}"
        role = message["role"]
        for key in message:
            if key not in MESSAGE_KNOWN:
                losses.append((f"{where}/extensions/openai_chat/fields/~1{key}", TARGET, f"openai_chat field /{key}"))
        if role == "system" or role == "developer":
            if turns:
                raise NotImplementedError(f"{where}: a system turn after the conversation started")
            system.extend(_text_blocks(message["content"], where))
            continue
        if role == "tool":
            role, blocks = "user", [_tool_result(message, where)]
        elif role == "user":
            blocks = _text_blocks(message["content"], where)
        elif role == "assistant":
            content = message.get("content")
            blocks = [] if content is None or content == "" else _text_blocks(content, where)
            for k, call in enumerate(message.get("tool_calls") or ()):
                blocks.append(_tool_use(call, f"{where}/tool_calls/{k}"))
        else:
            raise ValueError(f"{where}: unknown role {role!r}")
        # Anthropic wants alternating roles: adjacent same-role turns merge, order kept.
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})
    for turn in turns:  # a turn of one text block is sent as a string
        content = turn["content"]
        if len(content) == 1 and content[0]["type"] == "text":
            turn["content"] = content[0]["text"]
    if system:
        out["system"] = system[0]["text"] if len(system) == 1 else system
    out["messages"] = turns
    if "tools" in request:
        out["tools"] = [_tool(tool, f"/tools/{k}") for k, tool in enumerate(request["tools"])]
    if "tool_choice" in request or "parallel_tool_calls" in request:
        choice = _tool_choice(request.get("tool_choice", "auto"))
        if request.get("parallel_tool_calls") is False:
            choice["disable_parallel_tool_use"] = True
        out["tool_choice"] = choice
    max_tokens = request.get("max_completion_tokens", request.get("max_tokens"))
    out["max_tokens"] = max_tokens
    for key in ("temperature", "top_p"):
        if key in request:
            out[key] = request[key]
    if "stop" in request:
        stop = request["stop"]
        out["stop_sequences"] = [stop] if type(stop) is str else list(stop)
    user = request.get("safety_identifier", request.get("user"))
    if user is not None:
        out["metadata"] = {"user_id": user}
    if "stream" in request:
        out["stream"] = request["stream"]
    for key, name in LOST_SETTINGS.items():
        if key in request:
            losses.append((f"/settings/{name}", TARGET, f"the {name} setting"))
    if max_tokens is None:
        max_tokens = out["max_tokens"] = DEFAULT_MAX_TOKENS
        losses.append(
            ("/settings/max_tokens", TARGET, f"a request without max_tokens (sent the documented default {max_tokens})")
        )
    return out, losses


# --- LiteLLM --------------------------------------------------------------------------


def litellm_contenders() -> dict[str, Any]:
    """LiteLLM's transformation as functions of the request; empty when it is not installed.

    "litellm" is what its completion() runs to build the body it would send:
    `get_optional_params` (checks and maps tools, tool_choice, settings) then the provider
    config's `transform_request` (system, messages, defaults). "litellm-config" calls the
    provider config alone (`map_openai_params` instead of get_optional_params): LiteLLM's
    cheapest path, skipping its checks."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch of its price list
    try:
        from litellm.llms.anthropic.chat.transformation import AnthropicConfig
        from litellm.utils import get_optional_params
    except ImportError:
        return {}
    config = AnthropicConfig()
    keys = ("tools", "tool_choice", "max_completion_tokens", "temperature", "top_p", "stop")

    # transform_request takes the system message out of the list it is given: a shallow
    # copy of the list (timed too) is enough to leave the request as it was.
    def litellm(request: dict[str, Any]) -> dict[str, Any]:
        settings = {key: request[key] for key in keys if key in request}
        model, messages = request["model"], request["messages"]
        optional = get_optional_params(model=model, custom_llm_provider="anthropic", messages=messages, **settings)
        return config.transform_request(model, list(messages), optional, {}, {})

    def litellm_config(request: dict[str, Any]) -> dict[str, Any]:
        settings = {key: request[key] for key in keys if key in request}
        optional = config.map_openai_params(settings, {}, request["model"], drop_params=False)
        return config.transform_request(request["model"], list(request["messages"]), optional, {}, {})

    return {"litellm": litellm, "litellm-config": litellm_config}


def _blocks(anthropic: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """Each turn's role and blocks, a string content read as one text block."""
    turns = []
    for turn in anthropic["messages"]:
        content = turn["content"]
        turns.append((turn["role"], [{"type": "text", "text": content}] if type(content) is str else content))
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--number", type=int, default=2000, help="calls per contender per round")
    parser.add_argument("--profile", action="store_true", help="profile toolwire's side instead of timing")
    args = parser.parse_args()
    request = copy.deepcopy(REQUEST)
    encoded = run_toolwire(request)
    expected = hand_written(request)
    assert (encoded.value, list(encoded.losses)) == expected, (
        f"hand-written converts differently:\n toolwire:     {encoded}\n hand-written: {expected}"
    )
    contenders: dict[str, Any] = {
        "toolwire": lambda: run_toolwire(request),
        "hand-written": lambda: hand_written(request),
    }
    others = litellm_contenders()
    for name, run in others.items():
        value = run(request)
        # Not equal to toolwire's (LiteLLM writes every content as a list of blocks), but
        # the same turns with the same blocks.
        assert _blocks(value) == _blocks(encoded.value), f"{name} converts another conversation: {value}"
        contenders[name] = lambda run=run: run(request)
    if args.profile:
        if "toolwire" in contenders:
            profile(contenders["toolwire"], args.number)
        return
    times = interleaved(contenders, args.rounds, args.number)
    assert request == REQUEST, "a contender changed its input"
    print(
        f"OpenAI Chat request -> Anthropic Messages request: {len(request['messages'])} messages, "
        f"{len(request['tools'])} tools; {args.rounds} interleaved rounds of {args.number} calls"
    )
    for name, runs in times.items():
        print(describe(name, runs))
    print(ratio("toolwire/hand-written", times["toolwire"], times["hand-written"], HAND_TARGET, at_least=False))
    if not others:
        print(f"  litellm: not installed; to time it too: {INSTALL}")
    for name in others:
        print(ratio(f"{name}/toolwire", times[name], times["toolwire"], LITELLM_TARGET, at_least=True))


if __name__ == "__main__":
    main()
