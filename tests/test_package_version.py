"""The generated package's version: the toolkit's version plus the spec's content hash."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from toolwire.spec.fingerprint import package_version
from toolwire.spec.loader import load_spec


def test_version_is_in_the_metadata_and_the_manifest(repo_root: Path) -> None:
    python = repo_root / "generated" / "python"
    manifest = json.loads((python / "MANIFEST.json").read_text())
    metadata = tomllib.loads((python / "pyproject.toml").read_text())["project"]
    assert metadata["version"] == manifest["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+\+spec\.[0-9a-f]{12}", manifest["version"])
    assert manifest["version"].endswith(manifest["spec_sha256"][:12])


def test_a_spec_change_changes_the_version_and_nothing_else_does(workspace) -> None:
    before = package_version(load_spec(workspace.schemas))
    assert package_version(load_spec(workspace.schemas)) == before
    dialect = workspace.schemas / "dialects" / "openai_chat" / "dialect.json"
    mapping = json.loads(dialect.read_text())
    mapping["title"] = mapping["title"] + " (changed)"
    dialect.write_text(json.dumps(mapping, indent=2))
    after = package_version(load_spec(workspace.schemas))
    assert after != before and after.split("+")[0] == before.split("+")[0]
