# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""What a canonical conversation says, whatever dialect it came through: for comparing a
conversation with itself after a trip through another dialect."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["conversation_view"]


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def conversation_view(canonical: dict[str, Any], shape: str = "request") -> list[Any]:
    """The turns of a canonical request (or a response's one turn and its finish reason):
    adjacent turns of one role as one, each with its texts (an empty one says nothing), images, documents, calls (name, arguments)
    and results (content, error flag). Ids are replaced by the order they first appear in, so
    a call and its result stay linked through any rewrite; spellings and extensions are left
    out (they are the dialect's, not the conversation's)."""
    ids: dict[Any, str] = {}

    def link(value: Any) -> str | None:
        return None if value is None else ids.setdefault(value, f"#{len(ids)}")

    turns: list[Any] = []
    messages = canonical["messages"] if shape == "request" else [canonical["message"]]
    for message in messages:
        said: list[Any] = []
        for part in message["parts"]:
            kind = part["type"]
            if kind == "text":
                if part["text"] != "":  # an empty text says nothing (dialects differ in whether they keep one)
                    said.append(["text", part["text"]])
            elif kind == "image":
                said.append(["image", part.get("media_type"), part.get("data"), part.get("url")])
            elif kind == "document":  # its content, not its name (a wire that requires one writes a default)
                said.append(["document", part.get("media_type"), part.get("data"), part.get("url"), part.get("text")])
            elif kind == "tool_call":
                call = part["call"]
                said.append(["call", link(call["id"]), call["name"], _json(call["arguments"])])
            elif kind == "tool_result":
                result = part["result"]
                said.append(
                    ["result", link(result["call_id"]), _json(result["content"]), result.get("is_error", False)]
                )
            else:
                said.append([kind, part.get("text")])
        if turns and turns[-1][0] == message["role"]:
            turns[-1][1].extend(said)
        else:
            turns.append([message["role"], said])
    if shape == "response":
        turns.append(["finish", canonical.get("finish_reason")])
    return turns
