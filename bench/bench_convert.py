"""Benchmark: OpenAI Chat tool call -> canonical -> Anthropic tool_use block, three ways.

1. the generated dict path (toolwire_dialects: decode + encode),
2. a hand-written plain-Python function doing the same job: it refuses what is not a
   function call, reads "" as no arguments, and checks the id against Anthropic's id
   pattern (an id Anthropic rejects fails every later request of the conversation),
3. the pydantic-model path (wire model -> canonical model -> Anthropic model).

For scale it also times a minimal hand-written function that skips the id check, and the
careful one parsing with toolwire_dialects' own `loads` (which skips json.loads' wrapper):
that ratio is the converter's overhead alone, with the parser's gain taken out.
Run: python bench/bench_convert.py [--number N]. Prints each path's time per call and the
generated/hand-written ratio (target: within 1.3x).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generated" / "python"))

from toolwire_dialects import anthropic_messages, openai_chat
from toolwire_dialects._runtime import loads as runtime_loads
from toolwire_dialects.models.canonical.tool_call import ToolCall
from toolwire_dialects.models.dialects.anthropic_messages.tool_call import AnthropicToolUseBlock
from toolwire_dialects.models.dialects.openai_chat.tool_call import OpenAIChatToolCall

CALL = {
    "id": "call_aDdJTteHrpMdhdkEkyxjxEHH",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city":"Paris","unit":"celsius","days":3}'},
}


def generated(call: dict[str, Any]) -> dict[str, Any]:
    return anthropic_messages.encode_tool_call(openai_chat.decode_tool_call(call)).value


ANTHROPIC_ID = re.compile(r"[a-zA-Z0-9_-]+")


def careful(parse: Any) -> Any:
    def convert(call: dict[str, Any]) -> dict[str, Any]:
        """What a careful engineer writes by hand for the same job; keeps ids."""
        if call.get("type") != "function":
            raise ValueError("not a function call")
        function = call["function"]
        text = function["arguments"]
        arguments = parse(text) if text else {}
        if not isinstance(arguments, dict):
            raise ValueError("arguments are not an object")
        call_id = call["id"]
        if not ANTHROPIC_ID.fullmatch(call_id):
            raise ValueError("an id Anthropic rejects")
        return {"type": "tool_use", "id": call_id, "name": function["name"], "input": arguments}

    return convert


hand_written = careful(json.loads)
hand_written.__name__ = "hand_written"
same_parser = careful(runtime_loads)
same_parser.__name__ = "same_parser"


def hand_minimal(call: dict[str, Any]) -> dict[str, Any]:
    """The shortest version: no check of the id, crashes on "" arguments."""
    if call.get("type") != "function":
        raise ValueError("not a function call")
    function = call["function"]
    arguments = json.loads(function["arguments"])
    if not isinstance(arguments, dict):
        raise ValueError("arguments are not an object")
    return {"type": "tool_use", "id": call["id"], "name": function["name"], "input": arguments}


def pydantic_models(call: dict[str, Any]) -> dict[str, Any]:
    wire = OpenAIChatToolCall.model_validate(call)
    canonical = ToolCall(id=wire.id, name=wire.function.name, arguments=json.loads(wire.function.arguments))
    block = AnthropicToolUseBlock(type="tool_use", id=canonical.id, name=canonical.name, input=canonical.arguments)
    return block.model_dump(exclude_none=True)


def best_times(funcs: list[Any], number: int, rounds: int = 9) -> dict[str, float]:
    """Best time per call of each function; rounds interleave the functions so that a
    noisy neighbour slows them all alike."""
    best = {f.__name__: float("inf") for f in funcs}
    for _ in range(rounds):
        for func in funcs:
            seconds = timeit.timeit(lambda func=func: func(CALL), number=number) / number
            best[func.__name__] = min(best[func.__name__], seconds)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=20000)
    args = parser.parse_args()
    expected = hand_written(CALL)
    for func in (generated, pydantic_models, hand_minimal, same_parser):
        assert func(CALL) == expected, f"{func.__name__} converts differently"
    times = best_times([hand_written, hand_minimal, same_parser, generated, pydantic_models], args.number)
    for name, seconds in times.items():
        print(f"{name:16} {seconds * 1e6:8.2f} us/call")
    ratio = times["generated"] / times["hand_written"]
    print(f"generated / hand_written = {ratio:.2f}x (target <= 1.30x)")
    print(f"generated / hand_minimal = {times['generated'] / times['hand_minimal']:.2f}x (no target)")
    print(f"generated / same_parser  = {times['generated'] / times['same_parser']:.2f}x (overhead alone, no target)")
    print(f"pydantic_models / generated = {times['pydantic_models'] / times['generated']:.2f}x")


if __name__ == "__main__":
    main()
