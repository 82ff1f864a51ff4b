"""vectors/<dialect>/conversation.json: whole requests and responses with the canonical values
they decode to, and wire values decoding must reject (meta/conversation_vectors.schema.json)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from toolwire.spec.model import ConversationVectorFile, Dialect

FILE = "conversation.json"
META = "meta/conversation_vectors.schema.json"


class _Problems(Protocol):
    """What the loader's problem list offers (spec/loader.py)."""

    items: list[str]
    broken_dialects: set[str]

    def glob(self, pattern: str) -> list[Path]: ...
    def read_json(self, path: Path) -> Any: ...
    def schema_errors(self, path: Path, data: Any, validator: Any, what: str) -> None: ...
    def add(self, path: Path, pointer: str, message: str) -> None: ...
    def rel(self, path: Path) -> str: ...


def load_conversation_vectors(
    root: Path, problems: _Problems, dialects: dict[str, Dialect], validator: object | None
) -> list[ConversationVectorFile]:
    out: list[ConversationVectorFile] = []
    files = problems.glob(f"vectors/*/{FILE}")
    if files and validator is None:
        problems.items.append(f"{problems.rel(root / 'meta')}:1: /: missing {META}")
        return out
    for path in files:
        data = problems.read_json(path)
        if data is None or validator is None:
            continue
        before = len(problems.items)
        problems.schema_errors(path, data, validator, "invalid conversation vectors")
        if len(problems.items) > before:
            continue
        dialect = dialects.get(path.parent.name)
        if data["dialect"] != path.parent.name:
            problems.add(path, "/dialect", f"expected the folder's name {path.parent.name!r}")
            continue
        if dialect is None or "conversation" not in dialect.mapping:
            if path.parent.name not in problems.broken_dialects:
                problems.add(
                    path, "", f"dialect {path.parent.name!r} maps no conversations (no `conversation` in dialect.json)"
                )
            continue
        _unique(problems, path, data)
        out.append(ConversationVectorFile(path, data["dialect"], data["valid"], data.get("invalid", [])))
    return out


def _unique(problems: _Problems, path: Path, data: dict[str, Any]) -> None:
    """A case's description is its name in test reports: two alike would hide one."""
    seen: dict[str, str] = {}
    for kind in ("valid", "invalid"):
        for i, case in enumerate(data.get(kind, [])):
            at = f"/{kind}/{i}"
            if case["description"] in seen:
                problems.add(path, f"{at}/description", f"duplicate of {seen[case['description']]}")
            seen[case["description"]] = at
