"""The other libraries bench/conversation.py times: LiteLLM and llm-babel, each from a
bench-only venv of its own (never the toolkit's dependencies; see bench/README.md).

Each contender is a function of the OpenAI Chat request giving an Anthropic Messages request.
Neither gives the same value as toolwire (both write every content as a list of blocks, for
one), so `differences` compares what a request means: the turns with their blocks, the system
text, the tools and the settings; a library is timed on a request only where its turns are the
same, and the other fields that differ are printed with its rows.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

Contender = Callable[[dict[str, Any]], Any]

LITELLM = "litellm==1.81.13"
LLM_BABEL = "llm-babel==0.3.0"


def install(venv: str, requirement: str) -> str:
    """The commands that make a bench-only venv and run the bench with it."""
    return (
        f"python -m venv bench/{venv} && bench/{venv}/bin/pip install {requirement}"
        f" && bench/{venv}/bin/python bench/conversation.py"
    )


def litellm_contenders() -> dict[str, Contender]:
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
    def litellm(request: dict[str, Any]) -> Any:
        settings = {key: request[key] for key in keys if key in request}
        model, messages = request["model"], request["messages"]
        optional = get_optional_params(model=model, custom_llm_provider="anthropic", messages=messages, **settings)
        return config.transform_request(model, list(messages), optional, {}, {})

    def litellm_config(request: dict[str, Any]) -> Any:
        settings = {key: request[key] for key in keys if key in request}
        optional = config.map_openai_params(settings, {}, request["model"], drop_params=False)
        return config.transform_request(request["model"], list(request["messages"]), optional, {}, {})

    return {"litellm": litellm, "litellm-config": litellm_config}


def llm_babel_contenders() -> dict[str, Contender]:
    """llm-babel's request translation (import name `llm_transform`); empty when it is not
    installed. `registry.translate(source, target, wire)` is its public entry point: it copies
    the input to plain dicts and lists, decodes it into its IR, then encodes the target's
    request (no `model=`, so no reconciliation against a model's capabilities)."""
    try:
        from llm_transform.registry import translate
    except ImportError:
        return {}

    def llm_babel(request: dict[str, Any]) -> Any:
        return translate("openai-chat", "anthropic-messages", request)

    return {"llm-babel": llm_babel}


def _plain(value: Any) -> Any:
    """llm-babel's number tokens as plain numbers (for comparing; never timed)."""
    try:
        from llm_transform.registry import materialize
    except ImportError:
        return value
    return materialize(value)


def _blocks(content: Any) -> Any:
    """A content as a list of blocks: a string read as one text block."""
    return [{"type": "text", "text": content}] if type(content) is str else content


def differences(value: Any, expected: dict[str, Any]) -> tuple[bool, list[str]]:
    """Whether `value` has the turns of toolwire's `expected` request (each turn's role and
    blocks), and the other top-level fields where it differs, each as `key: theirs vs ours`."""
    value = _plain(value)
    if type(value) is not dict or type(value.get("messages")) is not list:
        return False, [f"not an Anthropic request: {str(value)[:200]}"]
    turns = [(turn.get("role"), _blocks(turn.get("content"))) for turn in value["messages"]]
    same = turns == [(turn["role"], _blocks(turn["content"])) for turn in expected["messages"]]
    notes = []
    for key in sorted(set(value) | set(expected)):
        if key == "messages":
            continue
        theirs, ours = value.get(key), expected.get(key)
        if key == "system":
            theirs, ours = _blocks(theirs), _blocks(ours)
        if theirs != ours:
            notes.append(f"{key}: {repr(theirs)[:80]} vs {repr(ours)[:80]}")
    return same, notes
