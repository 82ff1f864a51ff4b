"""User dialects as overlays: `toolwire init dialect`, then generate, validate and the generated
suite from a project folder whose pyproject.toml names an overlay (issue 15.3).

One module-scoped project does the slow part once: scaffold acme_chat, override one built-in
file, generate, run the generated conformance suite in a subprocess.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from toolwire.cli.config import ConfigError, resolve
from toolwire.spec.model import SpecError
from toolwire.spec.overlay import label, layered_files, load_layered

REPO = Path(__file__).resolve().parents[1]
BUILT_IN = sorted(p.name for p in (REPO / "schemas" / "dialects").iterdir() if (p / "dialect.json").is_file())
PYPROJECT = '[project]\nname = "acme-app"\n\n[tool.toolwire]\noverlays = ["my-spec"]\n'
CALL = {"id": "call_1", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}
RESPONSE = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "acme-large",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}],
}


def _override_response(overlay: Path) -> None:
    """openai_chat/response.json with one more (optional) top-level field, acme_trace."""
    schema = json.loads((REPO / "schemas/dialects/openai_chat/response.json").read_text(encoding="utf-8"))
    schema["properties"]["acme_trace"] = {"type": "string", "description": "The gateway's trace id."}
    target = overlay / "dialects" / "openai_chat" / "response.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")


@dataclass
class Project:
    root: Path
    init: subprocess.CompletedProcess[str]
    generate: subprocess.CompletedProcess[str]
    suite: subprocess.CompletedProcess[str]
    junit: Path

    @property
    def generated(self) -> Path:
        return self.root / "generated" / "python"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, toolwire) -> Project:
    root = tmp_path_factory.mktemp("project")
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    init = toolwire("init", "dialect", "acme_chat", "--like", "openai_chat", cwd=root)
    assert init.returncode == 0, init.stderr
    _override_response(root / "my-spec")
    generate = toolwire("generate", "--out", root / "generated", cwd=root)
    assert generate.returncode == 0, generate.stderr
    junit = root / "suite.xml"
    env = {**os.environ, "PYTHONPATH": str(root / "generated" / "python")}
    tests = root / "generated/python/tests"
    # The new dialect's vectors and the overridden dialect's (the other dialects' are the built-in ones)
    ours = "acme_chat/ or openai_chat/"
    suite = subprocess.run(
        [sys.executable, "-m", "pytest", str(tests), "-k", ours, "-q", "-p", "no:cacheprovider", f"--junitxml={junit}"],
        capture_output=True, text=True, cwd=root, env=env, timeout=600, check=False,
    )  # fmt: skip
    return Project(root, init, generate, suite, junit)


def test_init_scaffolds_the_dialect_in_the_configured_overlay(project: Project) -> None:
    ours, like = project.root / "my-spec", REPO / "schemas"
    names = sorted(
        p.relative_to(ours / "dialects/acme_chat").as_posix() for p in (ours / "dialects/acme_chat").iterdir()
    )
    assert names == sorted(p.name for p in (like / "dialects/openai_chat").glob("*.json"))  # not SOURCE.md
    mapping = json.loads((ours / "dialects/acme_chat/dialect.json").read_text(encoding="utf-8"))
    assert mapping["dialect"] == "acme_chat" and "acme_chat" in mapping["title"]
    for name in names:
        schema = json.loads((ours / "dialects/acme_chat" / name).read_text(encoding="utf-8"))
        if name not in ("dialect.json", "stream.json", "profiles.json"):  # mappings, not schemas
            assert schema["$id"] == f"dialects/acme_chat/{name}"
    assert not (ours / "vectors/acme_chat/conversation.json").exists()  # its losses are a golden file
    for path in sorted((like / "vectors/openai_chat").glob("*.json")):
        if path.name == "conversation.json":
            continue
        before = json.loads(path.read_text(encoding="utf-8"))
        after = json.loads((ours / "vectors/acme_chat" / path.name).read_text(encoding="utf-8"))
        assert after["dialect"] == "acme_chat" and len(after["cases"]) == len(before["cases"])
        # conversions to other dialects are kept, case by case
        renamed = [sorted("acme_chat" if t == "openai_chat" else t for t in c.get("to", {})) for c in before["cases"]]
        assert [sorted(c.get("to", {})) for c in after["cases"]] == renamed  # a conversion into itself stays one
    assert "acme_chat" in project.init.stderr and "my-spec" in project.init.stderr
    assert sorted(p.name for p in (ours / "dialects").iterdir()) == ["acme_chat", "openai_chat"]  # no copy of the rest


def test_the_generated_package_holds_the_built_ins_and_the_new_dialect(project: Project) -> None:
    package = project.generated / "toolwire_dialects"
    assert sorted(
        p.stem
        for p in package.glob("*.py")
        if not p.stem.startswith("_")
        and p.stem not in ("canonical_types", "convert", "dialects", "loss_codes", "registry")
    ) == sorted([*BUILT_IN, "acme_chat"])
    header = (package / "acme_chat.py").read_text(encoding="utf-8").splitlines()[0]
    assert "my-spec/dialects/acme_chat/" in header
    manifest = json.loads((project.generated / "MANIFEST.json").read_text(encoding="utf-8"))["inputs"]
    assert "my-spec/dialects/acme_chat/dialect.json" in manifest
    assert "my-spec/dialects/openai_chat/response.json" in manifest
    assert "schemas/dialects/openai_chat/response.json" not in manifest  # overridden
    assert "schemas/dialects/openai_chat/request.json" in manifest  # the rest stays built-in
    shipped = (project.generated / "tests/vectors/acme_chat/tool_call.json").read_bytes()
    assert shipped == (project.root / "my-spec/vectors/acme_chat/tool_call.json").read_bytes()  # the vectors as data


def test_the_generated_conformance_suite_passes_with_the_new_dialect_in_it(project: Project) -> None:
    assert project.suite.returncode == 0, project.suite.stdout[-3000:]
    cases = ET.parse(project.junit).getroot().iter("testcase")
    names = [case.get("name", "") for case in cases]  # test ids name the vector file: [acme_chat/tool_call.json::...]
    ours = [name for name in names if "acme_chat/" in name]
    assert len(ours) > 50, "the acme_chat vectors did not become tests"
    assert any("acme_chat/stream.json::" in name for name in ours)
    assert any("openai_chat/" in name for name in names)  # the built-ins' vectors too


def test_an_overriding_file_takes_effect_in_the_generated_models(project: Project) -> None:
    model = project.generated / "toolwire_dialects/models/dialects/openai_chat/response.py"
    text = model.read_text(encoding="utf-8")
    assert "acme_trace" in text and "my-spec/dialects/openai_chat/response.json" in text.splitlines()[0]
    built_in = REPO / "generated/python/toolwire_dialects/models/dialects/openai_chat/response.py"
    assert "acme_trace" not in built_in.read_text(encoding="utf-8")


def test_validate_knows_the_new_dialect(project: Project, toolwire) -> None:
    (project.root / "call.json").write_text(json.dumps(CALL), encoding="utf-8")
    (project.root / "bad.json").write_text(json.dumps({**CALL, "function": {"name": 5}}), encoding="utf-8")
    (project.root / "call2.json").write_text(json.dumps({**CALL, "id": "call_2"}), encoding="utf-8")
    ok = toolwire("validate", "--dialect", "acme_chat", "call.json", cwd=project.root)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    workers = toolwire("validate", "-j", "2", "--dialect", "acme_chat", "call.json", "call2.json", cwd=project.root)
    assert workers.returncode == 0 and "2 valid" in workers.stderr, workers.stderr  # worker processes layer too
    bad = toolwire("validate", "--dialect", "acme_chat", "--shape", "tool_call", "bad.json", cwd=project.root)
    assert bad.returncode == 1 and "acme_chat/tool_call: /function/name" in bad.stdout, bad.stdout


def test_an_overriding_file_takes_effect_in_validate(project: Project, toolwire, tmp_path: Path) -> None:
    (project.root / "response.json").write_text(json.dumps({**RESPONSE, "acme_trace": "t-1"}), encoding="utf-8")
    (project.root / "typed.json").write_text(json.dumps({**RESPONSE, "acme_trace": 5}), encoding="utf-8")
    args = ("validate", "--strict", "--dialect", "openai_chat", "--shape", "response")
    layered = toolwire(*args, "response.json", cwd=project.root)
    assert layered.returncode == 0, layered.stdout + layered.stderr
    typed = toolwire(*args, "typed.json", cwd=project.root)
    assert typed.returncode == 1 and "/acme_trace" in typed.stdout
    (tmp_path / "empty").mkdir()  # --overlay replaces the configured overlays: the built-in alone
    built_in = toolwire(*args, "--overlay", tmp_path / "empty", "response.json", cwd=project.root)
    assert built_in.returncode == 1 and "acme_trace" in built_in.stdout + built_in.stderr


def test_the_layered_view_takes_only_the_overlay_files(project: Project) -> None:
    spec = load_layered(REPO / "schemas", [project.root / "my-spec"])
    assert sorted(spec.dialects) == sorted([*BUILT_IN, "acme_chat"])
    overlay = (project.root / "my-spec").resolve()
    assert spec.sources["dialects/openai_chat/response.json"].resolve().is_relative_to(overlay)
    assert spec.sources["dialects/openai_chat/request.json"].is_relative_to(spec.root)
    assert "acme_trace" in spec.documents["dialects/openai_chat/response.json"]["properties"]
    assert label(spec, spec.sources["dialects/acme_chat/tool_call.json"]) == "my-spec/dialects/acme_chat/tool_call.json"
    assert label(spec, spec.sources["canonical/tool_call.json"]) == "schemas/canonical/tool_call.json"


def test_a_later_overlay_wins(tmp_path: Path) -> None:
    for name, title in (("first", "First"), ("second", "Second")):
        schema = json.loads((REPO / "schemas/dialects/openai_chat/tool_call.json").read_text(encoding="utf-8"))
        schema["title"] = title
        (tmp_path / name / "dialects/openai_chat").mkdir(parents=True)
        (tmp_path / name / "dialects/openai_chat/tool_call.json").write_text(json.dumps(schema), encoding="utf-8")
    files = layered_files(REPO / "schemas", [tmp_path / "first", tmp_path / "second"])
    assert files["dialects/openai_chat/tool_call.json"] == tmp_path / "second/dialects/openai_chat/tool_call.json"
    with pytest.raises(SpecError, match=r"nowhere:1: /: overlay folder not found"):
        layered_files(REPO / "schemas", [Path("nowhere")])


# -- problems name the overlay's own file ---------------------------------------------------------


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_broken_overlay_file_is_reported_with_the_overlays_path(in_tmp: Path, cli_runner) -> None:
    assert cli_runner(["init", "dialect", "bad_chat", "--like", "openai_chat", "--into", "broken"]).exit_code == 0
    mapping = in_tmp / "broken/dialects/bad_chat/dialect.json"
    lines = mapping.read_text(encoding="utf-8").splitlines()
    assert lines[2].strip() == '"dialect": "bad_chat",'
    lines[2] = '  "dialect": "other_chat",'
    mapping.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (in_tmp / "broken/dialects/openai_chat").mkdir(parents=True)
    (in_tmp / "broken/dialects/openai_chat/response.json").write_text('{\n  "type": "object",\n  oops\n}\n')
    for command in (["losses"], ["validate", "call.json"], ["generate", "--check"]):
        result = cli_runner([*command, "--overlay", "broken"])
        assert result.exit_code == 2, (command, result.stderr)
        assert (
            "broken/dialects/bad_chat/dialect.json:3: /dialect: expected the folder's name 'bad_chat'" in result.stderr
        )
        assert "broken/dialects/openai_chat/response.json:3: /: not valid JSON" in result.stderr
        assert "toolwire-layered" not in result.stderr and "Traceback" not in result.stderr


# -- init dialect: names and refusals -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("1chat", "Python identifier"),
        ("acme-chat", "Python identifier"),
        ("class", "keyword"),
        ("openai_chat", "built-in dialect"),
        ("convert", "module"),
        ("registry", "module"),
        ("streams", "module"),
        ("models", "module"),
    ],
)
def test_init_refuses_a_bad_name(in_tmp: Path, cli_runner, name: str, says: str) -> None:
    result = cli_runner(["init", "dialect", name, "--like", "openai_chat"])
    assert result.exit_code == 2 and says in result.stderr, result.stderr
    assert not (in_tmp / "my-spec").exists()


def test_init_refuses_to_overwrite_and_needs_a_known_like(in_tmp: Path, cli_runner) -> None:
    assert cli_runner(["init", "dialect", "acme_chat", "--like", "mistral"]).exit_code == 0
    mapping = in_tmp / "my-spec/dialects/acme_chat/dialect.json"
    before = mapping.read_bytes()
    again = cli_runner(["init", "dialect", "acme_chat", "--like", "openai_chat"])
    assert again.exit_code == 2 and "exists already" in again.stderr
    assert mapping.read_bytes() == before
    unknown = cli_runner(["init", "dialect", "other_chat", "--like", "nosuch"])
    assert unknown.exit_code == 2 and "--like 'nosuch': no such dialect" in unknown.stderr


def test_init_without_an_overlay_folder_says_how_to_name_one(tmp_path: Path, monkeypatch, cli_runner) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.toolwire]\n", encoding="utf-8")
    result = cli_runner(["init", "dialect", "acme_chat", "--like", "openai_chat"])
    assert result.exit_code == 2 and "--into" in result.stderr


# -- configuration and breaking -------------------------------------------------------------------


def test_config_shows_the_overlays_and_where_they_came_from(in_tmp: Path, cli_runner) -> None:
    shown = cli_runner(["config"]).stdout
    assert "overlays = my-spec  (pyproject.toml [tool.toolwire])" in shown
    flagged = resolve(overlays=(Path("a"), Path("b")), start=in_tmp)
    assert flagged.overlays == (Path("a"), Path("b")) and flagged.origin["overlays"] == "--overlay"
    (in_tmp / "pyproject.toml").write_text('[tool.toolwire]\nschemas = "s"\noverlays = "my-spec"\n')
    with pytest.raises(ConfigError, match=r"pyproject.toml:3: overlays must be a list"):
        resolve(start=in_tmp)
    (in_tmp / "pyproject.toml").write_text("[tool.toolwire]\n")
    assert "overlays = none  (default)" in cli_runner(["config"]).stdout


def test_breaking_compares_the_layered_spec(in_tmp: Path, cli_runner) -> None:
    assert cli_runner(["init", "dialect", "acme_chat", "--like", "openai_chat"]).exit_code == 0
    shutil.copytree(in_tmp / "my-spec", in_tmp / "old-spec")
    assert cli_runner(["breaking", "--against", "old-spec"]).exit_code == 0
    path = in_tmp / "my-spec/dialects/acme_chat/tool_call.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    del schema["properties"]["type"]
    path.write_text(json.dumps(schema, indent=2), encoding="utf-8")
    result = cli_runner(["breaking", "--against", "old-spec"])
    assert result.exit_code == 1
    assert result.stdout.startswith("my-spec/dialects/acme_chat/tool_call.json:"), result.stdout
    assert "FIELD_REMOVED: /properties/type" in result.stdout


def test_every_built_in_dialect_scaffolds_to_a_valid_spec(in_tmp: Path, cli_runner) -> None:
    for like in BUILT_IN:
        result = cli_runner(["init", "dialect", f"acme_{like}", "--like", like])
        assert result.exit_code == 0, result.stderr
    spec = load_layered(REPO / "schemas", [in_tmp / "my-spec"])
    for like in BUILT_IN:
        ours, theirs = spec.dialects[f"acme_{like}"], spec.dialects[like]
        assert sorted(ours.all_schemas()) == sorted(theirs.all_schemas())
        assert all(s["$id"].startswith(f"dialects/acme_{like}/") for s in ours.all_schemas().values())
        assert [v.shape for v in spec.vectors if v.dialect == f"acme_{like}"] == [
            v.shape for v in spec.vectors if v.dialect == like
        ]
