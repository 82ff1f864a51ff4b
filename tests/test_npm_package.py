"""The npm package a newcomer installs: what `npm pack` puts in it (a README, a LICENSE, the
compiled code and its types; no tests), a description that says what it does, and the
README's example running as pasted against the package."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from tests.test_typescript_json import node_or_skip

PACKAGE = Path(__file__).resolve().parents[1] / "generated" / "typescript"


def _npm() -> str:
    node_or_skip()
    npm = shutil.which("npm")
    assert npm is not None, "node is on PATH but npm is not"
    return npm


def test_npm_pack_ships_the_readme_the_license_and_the_compiled_package_only() -> None:
    packed = subprocess.run(
        [_npm(), "pack", "--dry-run", "--json", "--ignore-scripts"],
        cwd=PACKAGE,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    files = {f["path"] for f in json.loads(packed.stdout)[0]["files"]}
    assert {"README.md", "LICENSE", "package.json", "dist/index.js", "dist/index.d.ts"} <= files
    assert not [f for f in files if f.startswith(("test/", "node_modules/"))], "tests or installs in the package"
    assert "MIT License" in (PACKAGE / "LICENSE").read_text(encoding="utf-8")


def test_the_package_metadata_says_what_it_does() -> None:
    manifest = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    assert manifest["license"] == "MIT"
    assert "DO NOT EDIT" not in manifest["description"] and "provider dialects" in manifest["description"]
    assert "DO NOT EDIT" in manifest["//"]  # said to whoever edits the file, not to npm users


def test_the_readme_example_runs_as_pasted_against_the_package(tmp_path: Path) -> None:
    node = node_or_skip()
    readme = (PACKAGE / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```js\n(.*?)```", readme, flags=re.DOTALL)
    assert blocks, "the README shows no example"
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "toolwire-dialects").symlink_to(PACKAGE, target_is_directory=True)
    for n, block in enumerate(blocks):
        script = tmp_path / f"example{n}.mjs"
        script.write_text(block, encoding="utf-8")
        run = subprocess.run([node, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        lines = run.stdout.splitlines()
        assert json.loads(lines[0])["temperature"] == 1  # what the text after the example says
        assert any("max_tokens" in line for line in lines[1:])
        assert any("anthropic_messages/temperature-range" in line for line in lines[1:])
