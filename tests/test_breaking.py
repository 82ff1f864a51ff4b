"""`toolwire breaking`: each rule on its previous/current fixture pair, the output formats, git refs."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from toolwire.spec.breaking import RULES, compare, read_spec

FIXTURES = Path(__file__).parent / "fixtures" / "breaking"


def findings_of(name: str) -> list:
    return compare(read_spec(FIXTURES / name / "previous"), read_spec(FIXTURES / name / "current"))


def test_every_rule_has_a_fixture_pair() -> None:
    assert sorted(p.name for p in FIXTURES.iterdir() if p.name in RULES) == sorted(RULES)


@pytest.mark.parametrize("rule", sorted(RULES))
def test_rule_reports_its_fixture_and_only_it(rule: str) -> None:
    found = findings_of(rule)
    assert found, f"{rule}: nothing reported"
    assert {f.rule for f in found} == {rule}
    for finding in found:
        assert finding.line >= 1 and finding.message


@pytest.mark.parametrize("rule", sorted(RULES))
def test_a_spec_compared_with_itself_has_no_breaking_change(rule: str) -> None:
    current = read_spec(FIXTURES / rule / "current")
    assert compare(current, current) == []


def test_additions_and_widenings_do_not_break() -> None:
    assert findings_of("compatible") == []


def test_a_rename_is_a_removal_with_a_hint() -> None:
    (finding,) = findings_of("FIELD_REMOVED")
    assert finding.pointer == "/properties/name"
    assert "renamed to 'tool_name'?" in finding.message
    assert finding.file == "dialects/demo/tool_call.json"


def test_the_repository_spec_has_no_breaking_change_against_itself(repo_root: Path) -> None:
    spec = read_spec(repo_root / "schemas")
    assert compare(spec, spec) == []


def test_cli_exit_codes_and_formats(cli_runner, tmp_path: Path) -> None:
    previous, current = FIXTURES / "FIELD_MADE_REQUIRED" / "previous", FIXTURES / "FIELD_MADE_REQUIRED" / "current"
    text = cli_runner(["breaking", "--against", previous, "--schemas", current])
    assert text.exit_code == 1
    assert text.stdout.strip().endswith("FIELD_MADE_REQUIRED: /: 'name' is now required")
    shown = current.relative_to(Path.cwd()).as_posix()  # inside the working directory: relative
    assert text.stdout.startswith(f"{shown}/dialects/demo/tool_call.json:1: ")
    as_json = cli_runner(["breaking", "--against", previous, "--schemas", current, "--format", "json"])
    (record,) = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert record["rule"] == "FIELD_MADE_REQUIRED" and record["pointer"] == ""
    github = cli_runner(["breaking", "--against", previous, "--schemas", current, "--format", "github"])
    assert (
        github.stdout.startswith("::error file=")
        and "title=toolwire breaking%3A FIELD_MADE_REQUIRED::" in github.stdout
    )
    same = cli_runner(["breaking", "--against", current, "--schemas", current])
    assert same.exit_code == 0 and same.stdout == ""


def test_cli_usage_errors(cli_runner, tmp_path: Path) -> None:
    missing = cli_runner(["breaking", "--against", tmp_path / "nowhere", "--schemas", tmp_path])
    assert missing.exit_code == 2 and missing.stderr.startswith("toolwire: ")
    broken = tmp_path / "broken"
    (broken / "dialects").mkdir(parents=True)
    (broken / "dialects" / "x.json").write_text("{\n  oops\n}\n")
    result = cli_runner(["breaking", "--against", broken, "--schemas", FIXTURES / "compatible" / "current"])
    assert result.exit_code == 2 and "broken/dialects/x.json:2: /: not valid JSON" in result.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_against_a_git_ref(toolwire, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(FIXTURES / "ENUM_VALUE_REMOVED" / "previous", repo / "spec")

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)

    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "previous")
    shutil.copytree(FIXTURES / "ENUM_VALUE_REMOVED" / "current", repo / "spec", dirs_exist_ok=True)
    proc = toolwire("breaking", "--against", "HEAD", "--schemas", "spec", cwd=repo)
    assert proc.returncode == 1, proc.stderr
    assert 'ENUM_VALUE_REMOVED: /properties/type/enum: "custom" is no longer accepted' in proc.stdout
    unknown = toolwire("breaking", "--against", "no-such-ref", "--schemas", "spec", cwd=repo)
    assert unknown.returncode == 2 and "no-such-ref" in unknown.stderr
