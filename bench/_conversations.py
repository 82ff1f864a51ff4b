"""The requests of bench/conversation.py and the hand-written converter it times toolwire against.

`request.json` is the base request (also bench/typescript's): 3 tools, tool_choice,
temperature/top_p/stop/max_completion_tokens, and a 6-message history: system, user,
assistant with 2 parallel tool_calls, tool, tool, user. `scaled_request(turns)` repeats its
middle turn (user, assistant with the 2 calls, the 2 tool results) `turns` times between the
system message and the last user message, each copy with ids and user text of its own, so one
turn is the base request and n turns have 4n + 2 messages (bench/typescript/_conversations.mjs
scales it the same way).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

BASE: dict[str, Any] = json.loads((Path(__file__).with_name("request.json")).read_text(encoding="utf-8"))
TURNS = (1, 10, 100, 1000)


def scaled_request(turns: int) -> dict[str, Any]:
    """The base request with `turns` turns of tool use (deterministic; 1 gives the base)."""
    system, *turn, last = BASE["messages"]
    messages = [copy.deepcopy(system)]
    for k in range(turns):
        suffix = "" if k == 0 else f"_{k}"  # turn 0 keeps the base request's ids and text
        for message in copy.deepcopy(turn):
            if message["role"] == "user" and k:
                message["content"] = f"{message['content']} (turn {k + 1})"
            for call in message.get("tool_calls") or ():
                call["id"] += suffix
            if "tool_call_id" in message:
                message["tool_call_id"] += suffix
            messages.append(message)
    messages.append(copy.deepcopy(last))
    return {**copy.deepcopy(BASE), "messages": messages}


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
