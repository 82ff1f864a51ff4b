"""The generated package ships the JSON Schemas as data files, read when first asked for."""

from __future__ import annotations

import json
from pathlib import Path

from toolwire.spec.loader import load_spec


def test_every_schema_is_a_data_file_equal_to_the_spec_file(repo_root: Path) -> None:
    spec = load_spec(repo_root / "schemas")
    data = repo_root / "generated" / "python" / "toolwire_dialects" / "schemas"
    shipped = sorted(p.relative_to(data).as_posix() for p in data.rglob("*.json"))
    assert shipped == sorted(spec.documents)
    for rel in shipped:
        assert (data / rel).read_bytes() == (repo_root / "schemas" / rel).read_bytes(), rel


def test_schemas_are_read_when_asked_for(repo_root: Path) -> None:
    from toolwire_dialects import _schemas

    fresh = _schemas._Schemas()
    assert len(fresh) == len(_schemas.IDS) and not fresh._loaded
    schema = fresh["dialects/openai_chat/tool_call.json"]
    assert schema == json.loads((repo_root / "schemas/dialects/openai_chat/tool_call.json").read_text())
    assert list(fresh._loaded) == ["dialects/openai_chat/tool_call.json"]
    assert "nope.json" not in fresh and fresh.get("nope.json") is None
