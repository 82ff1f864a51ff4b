"""Misuses of the generated Python package's typed API: mypy --strict must report each line
marked `expect: <code>` with that code, and nothing else (tests/test_typed_api.py)."""

from __future__ import annotations

from typing import Any

from toolwire_dialects import DialectName, Shape, convert, decoder, get_dialect, openai_chat
from toolwire_dialects.canonical_types import ToolResult
from toolwire_dialects.streams import assembler, convert_stream

WIRE: dict[str, Any] = {}

convert(WIRE, source="anthropic", target="openai_chat", shape="tool_call")  # expect: arg-type
convert(WIRE, source="openai_chat", target="anthropic_messages", shape="toolcall")  # expect: arg-type
get_dialect("openai")  # expect: arg-type
decoder("openai_chat", "tool_calls")  # expect: call-overload
name: DialectName = "gemini_v1"  # expect: assignment
shape: Shape = "requests"  # expect: assignment
call = openai_chat.decode_tool_call(WIRE)
call["nme"]  # expect: typeddict-item
count: int = call["name"]  # expect: assignment
result: ToolResult = {"call_id": "c", "content": [], "is_eror": False}  # expect: typeddict-item, typeddict-unknown-key
decoder("mcp", "tool_result")(WIRE)["call_idd"]  # expect: typeddict-item
assembler("mcp")  # expect: arg-type
convert_stream([], source="anthropic", target="openai_chat")  # expect: arg-type
convert(WIRE, source="gemini", target="mistral", shape="tool_call", allow=["id.rewriten"])  # expect: list-item
