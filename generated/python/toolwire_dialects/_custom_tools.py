# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The custom_tools option of an encoder: "drop" (the default) leaves OpenAI custom (freeform)
tools to the target (exact where it has them, a tool.custom_dropped loss where not);
"function" sends each as a function of one required string parameter `input`, whatever the
target, so a dialect without custom tools can still offer it. The tool's description says
its format (a grammar's text included: no function schema can state one), its calls carry
their input text as arguments {"input": ...}, their results answer a function call. Each
tool and call so sent is a tool.custom_as_function loss, recorded even in strict mode (the
caller asked for it), as reasoning="drop" records its losses."""

from __future__ import annotations

from typing import Any

from ._errors import Loss

__all__ = ["CUSTOM_TOOLS", "PARAMETER", "custom_tools_policy", "customs_as_functions", "function_call"]

CUSTOM_TOOLS = ("drop", "function")
PARAMETER = "input"
_PARAMETERS = {
    "type": "object",
    "properties": {PARAMETER: {"type": "string", "description": "The tool's whole input, as plain text."}},
    "required": [PARAMETER],
    "additionalProperties": False,
}


def _loss(code: str, at: str, dialect: str, what: str) -> Loss:
    """A loss the caller asked for: recorded, never raised (strict mode or not)."""
    return Loss(code, at, dialect, what)


def custom_tools_policy(value: str | None) -> str:
    """The option an encoder was given (None: "drop"); ValueError for another value."""
    if value is None:
        return "drop"
    if value not in CUSTOM_TOOLS:
        raise ValueError(f"unknown custom_tools option {value!r}; known: {', '.join(CUSTOM_TOOLS)}")
    return value


def _described(tool: dict[str, Any]) -> str:
    """The function's description: the custom tool's, then what its input must be."""
    if tool.get("format") == "grammar":
        note = (
            f"Its input is plain text matching this {tool.get('syntax')} grammar, passed whole as the"
            f" string parameter {PARAMETER}:\n{tool.get('grammar')}"
        )
    else:
        note = f"Its input is plain text, passed whole as the string parameter {PARAMETER}."
    description = tool.get("description")
    return f"{description}\n\n{note}" if type(description) is str and description else note


def function_call(call: dict[str, Any]) -> dict[str, Any]:
    """A custom tool's call as the function call it is sent as: its input as arguments."""
    return {**{k: v for k, v in call.items() if k != "input"}, "arguments": {PARAMETER: call["input"]}}


def _tool(tool: Any) -> Any:
    if type(tool) is not dict or "format" not in tool:
        return tool
    kept = {k: v for k, v in tool.items() if k not in ("format", "syntax", "grammar", "description")}
    return {**kept, "description": _described(tool), "parameters": _PARAMETERS}


def _parts(parts: Any, at: str, losses: list[Loss], dialect: str) -> Any:
    if type(parts) is not list:
        return parts
    out = []
    for p, part in enumerate(parts):
        kind = part.get("type") if type(part) is dict else None
        call = part.get("call") if kind == "tool_call" else None
        result = part.get("result") if kind == "tool_result" else None
        if type(call) is dict and "input" in call:
            part = {**part, "call": function_call(call)}
            what = f"the call of custom tool {call.get('name')!r}, sent as a function call (its input as arguments.{PARAMETER})"
            losses.append(_loss("tool.custom_as_function", f"{at}/{p}/call", dialect, what))
        elif type(result) is dict and "custom" in result:
            part = {**part, "result": {k: v for k, v in result.items() if k != "custom"}}
        out.append(part)
    return out


def _message(message: Any, at: str, losses: list[Loss], dialect: str) -> Any:
    if type(message) is not dict or "parts" not in message:
        return message
    return {**message, "parts": _parts(message["parts"], f"{at}/parts", losses, dialect)}


def customs_as_functions(canonical: Any, policy: str, shape: str, losses: list[Loss], dialect: str) -> Any:
    """The canonical request or response with its custom tools, calls and results as functions'
    under policy "function"; unchanged under "drop"."""
    if policy != "function" or type(canonical) is not dict:
        return canonical
    out = dict(canonical)
    if shape == "response":
        out["message"] = _message(canonical.get("message"), "/message", losses, dialect)
        return out if "message" in canonical else canonical
    tools = canonical.get("tools")
    if type(tools) is list:
        out["tools"] = [_tool(tool) for tool in tools]
        for i, tool in enumerate(tools):
            if out["tools"][i] is not tool:
                what = f"custom tool {tool.get('name')!r}, sent as a function of one string parameter {PARAMETER}"
                losses.append(_loss("tool.custom_as_function", f"/tools/{i}", dialect, what))
    messages = canonical.get("messages")
    if type(messages) is list:
        out["messages"] = [_message(m, f"/messages/{i}", losses, dialect) for i, m in enumerate(messages)]
    choice = canonical.get("tool_choice")
    if type(choice) is dict and "custom_names" in choice:
        out["tool_choice"] = {k: v for k, v in choice.items() if k != "custom_names"}
    return out
