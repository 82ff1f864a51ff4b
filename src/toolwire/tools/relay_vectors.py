"""The relay vectors: per dialect with a `relay` mapping, canonical stream events written as the
dialect's events and read back, in vectors/<dialect>/relay.json (golden files: a case changes
only when the mapping or the relay does; tests/test_relay.py replays them).

    python -m toolwire.tools.relay_vectors [--update] [SCHEMAS]

Without --update it names the dialects whose file differs from what the relay gives now and
exits 1 if any does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from toolwire.spec.builtin import builtin_folder
from toolwire.tools.dialects import stream_relay

FILE = "relay.json"
# canonical counts with every part inside its whole (schemas/canonical/usage.json)
PARTS_USAGE = {
    "input_tokens": 135,
    "output_tokens": 50,
    "cached_input_tokens": 100,
    "cache_write_input_tokens": 20,
    "tool_input_tokens": 5,
    "reasoning_tokens": 40,
}


def _cases(dialect: str) -> list[dict[str, Any]]:
    """The canonical streams every dialect's file has, one idea each."""
    start = {"type": "message_start", "id": "msg_1", "model": "model-1"}
    end = [{"type": "usage", "usage": {"input_tokens": 12, "output_tokens": 30}}, {"type": "message_stop"}]
    call = [
        {"type": "tool_call_start", "index": 0, "id": "call_42", "name": "get_weather"},
        {"type": "tool_call_delta", "index": 0, "arguments_delta": '{"city": '},
        {"type": "tool_call_delta", "index": 0, "arguments_delta": '"Paris"}'},
        {"type": "tool_call_stop", "index": 0},
    ]
    custom = [  # an OpenAI custom tool's call: plain input text, in pieces
        {"type": "tool_call_start", "index": 0, "id": "call_7", "name": "run_sql", "custom": True},
        {"type": "tool_call_delta", "index": 0, "arguments_delta": "SELECT id "},
        {"type": "tool_call_delta", "index": 0, "arguments_delta": "FROM users"},
        {"type": "tool_call_stop", "index": 0},
    ]
    signature = {
        "type": "reasoning_delta",
        "dialect": dialect,
        "extensions": {dialect: {"fields": {"/signature": "c2ln"}}},
    }
    return [
        {
            "description": "text only",
            "canonical": [
                start,
                {"type": "text_delta", "text": "Hello"},
                {"type": "text_delta", "text": " world"},
                {"type": "finish", "finish_reason": "stop"},
                *end,
            ],
        },
        {
            "description": "text, then one call",
            "canonical": [
                start,
                {"type": "text_delta", "text": "Let me check."},
                *call,
                {"type": "finish", "finish_reason": "tool_calls"},
                *end,
            ],
        },
        {
            "description": "reasoning with its signature before a call",
            "canonical": [
                start,
                {"type": "reasoning_delta", "dialect": dialect, "text": "The user wants the weather."},
                signature,
                *call,
                {"type": "finish", "finish_reason": "tool_calls"},
                *end,
            ],
        },
        {
            # a target whose rule puts reasoning before calls (part_order) leaves it out: a
            # stream cannot move it back before the call already sent
            "description": "a call, then reasoning",
            "canonical": [
                start,
                *call,
                {"type": "reasoning_delta", "dialect": dialect, "text": "That was the weather."},
                {"type": "finish", "finish_reason": "tool_calls"},
                *end,
            ],
        },
        {
            "description": "a call cut off by the length limit",
            "canonical": [start, *call[:2], {"type": "finish", "finish_reason": "length"}, *end],
        },
        {
            # each count as the dialect counts it (its usage_excludes), the total as the sum
            "description": "usage with every part: cache reads and writes, tool-use prompts, reasoning",
            "canonical": [
                start,
                {"type": "text_delta", "text": "Hello"},
                {"type": "finish", "finish_reason": "stop"},
                {"type": "usage", "usage": PARTS_USAGE},
                end[-1],
            ],
        },
        {
            # no finish: the stream ends where it was cut, its call open, nothing made up
            "description": "a stream cut off inside a call",
            "canonical": [start, {"type": "text_delta", "text": "Let me check."}, *call[:2], end[-1]],
        },
        {
            # Chat and Responses write it as a custom call; any other dialect leaves it out (a loss)
            "description": "a custom tool's call, then a function call",
            "canonical": [
                start,
                *custom,
                *[{**e, "index": 1} for e in call],
                {"type": "finish", "finish_reason": "tool_calls"},
                *end,
            ],
        },
        {
            # left out, it leaves no call: the message ends as a plain stop there
            "description": "a custom tool's call alone",
            "canonical": [start, *custom, {"type": "finish", "finish_reason": "tool_calls"}, *end],
        },
    ]


def relay_vectors(dialect: str) -> dict[str, Any]:
    dialect_object, RelayReader, RelayWriter = stream_relay()  # the generated package, built from these schemas
    found = dialect_object(dialect)
    cases = []
    for case in _cases(dialect):
        writer = RelayWriter(found)
        events = [e for c in case["canonical"] for e in writer.write(c)]
        reader = RelayReader(found)
        read = [c for e in events for c in reader.feed(e)] + reader.end()
        losses = [[loss.pointer, loss.what] for loss in writer.losses]
        cases.append({**case, "events": events, "losses": losses, "read": read})
    return {"$schema": "../../meta/relay_vectors.schema.json", "dialect": dialect, "cases": cases}


def _dump(data: dict[str, Any]) -> str:
    """One case element per line: diffs stay readable."""
    lines = [
        "{",
        f'  "$schema": {json.dumps(data["$schema"])},',
        f'  "dialect": {json.dumps(data["dialect"])},',
        '  "cases": [',
    ]
    for n, case in enumerate(data["cases"]):
        lines.append("    {")
        lines.append(f'      "description": {json.dumps(case["description"])},')
        for k, key in enumerate(("canonical", "events", "losses", "read")):
            items = ",\n".join("        " + json.dumps(v, ensure_ascii=False) for v in case[key])
            tail = "," if k < 3 else ""
            lines.append(f'      "{key}": [\n{items}\n      ]{tail}' if items else f'      "{key}": []{tail}')
        lines.append("    }" + ("," if n < len(data["cases"]) - 1 else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    update = "--update" in argv
    rest = [a for a in argv if a != "--update"]
    schemas = Path(rest[0]) if rest else builtin_folder("schemas")
    stale = []
    for path in sorted(schemas.glob("dialects/*/stream.json")):
        if "relay" not in json.loads(path.read_text(encoding="utf-8")):
            continue
        dialect = path.parent.name
        text = _dump(relay_vectors(dialect))
        target = schemas / "vectors" / dialect / FILE
        if update:
            target.write_text(text, encoding="utf-8")
        elif not target.is_file() or target.read_text(encoding="utf-8") != text:
            stale.append(dialect)
    for dialect in stale:
        print(f"vectors/{dialect}/{FILE} differs from the relay: run python -m toolwire.tools.relay_vectors --update")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
