"""The command line's help (issue #24, CLI point 2): every summary fits whole, every command's
help has examples kept line by line, a command taking a dialect lists the dialect names, and
shell completion works through click's standard variable, however toolwire is started."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from toolwire.cli.main import LAZY_COMMANDS, SHORT_HELP_LIMIT, main
from toolwire.cli.options import builtin_dialects

REPO = Path(__file__).resolve().parents[1]


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))


COMMANDS = dict(_commands(main))


def test_the_built_in_dialects_are_the_spec_folders() -> None:
    folders = sorted(p.name for p in (REPO / "schemas" / "dialects").iterdir() if (p / "dialect.json").is_file())
    assert builtin_dialects() == folders and "openai_chat" in folders


@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_every_summary_fits_whole(path: tuple[str, ...]) -> None:
    summary = COMMANDS[path].get_short_help_str(limit=1000)
    assert len(summary) <= SHORT_HELP_LIMIT, summary
    assert COMMANDS[path].get_short_help_str(limit=SHORT_HELP_LIMIT) == summary


@pytest.mark.parametrize("group", [(), ("init",), ("tools",)], ids=lambda p: " ".join(("toolwire", *p)))
def test_the_command_lists_are_not_cut_off(cli_runner, group: tuple[str, ...]) -> None:
    result = cli_runner([*group, "--help"])
    assert result.exit_code == 0, result.output
    listed = result.output.split("Commands:", 1)[1]
    assert "..." not in listed and "\u2026" not in listed
    for name in LAZY_COMMANDS if not group else ():
        assert re.search(rf"^  {name} +{re.escape(LAZY_COMMANDS[name][1])}$", listed, re.MULTILINE), listed


@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_every_help_has_examples_kept_line_by_line(cli_runner, path: tuple[str, ...]) -> None:
    result = cli_runner([*path, "--help"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.strip() in ("Example:", "Examples:") for line in lines), result.output
    # each example is one whole line (click rewraps paragraphs; the \b block keeps them)
    command = " ".join(("toolwire", *path))
    examples = [line.strip() for line in lines if line.startswith("    " + command)]
    assert examples, result.output


def _takes_a_dialect(command: click.Command) -> bool:
    return any(getattr(param, "metavar", None) == "DIALECT" for param in command.params)


DIALECT_COMMANDS = sorted(path for path, command in COMMANDS.items() if _takes_a_dialect(command))


def test_the_commands_taking_a_dialect_are_known() -> None:
    assert DIALECT_COMMANDS == [("assemble",), ("convert",), ("extract",), ("init", "dialect"), ("validate",)]


@pytest.mark.parametrize("path", DIALECT_COMMANDS, ids=" ".join)
def test_a_command_taking_a_dialect_lists_the_names(cli_runner, path: tuple[str, ...]) -> None:
    result = cli_runner([*path, "--help"])
    listed = result.output.split("Dialects (built in", 1)[1]
    assert [name for name in builtin_dialects() if name not in listed] == []


def _complete(*words: str, shell: str = "bash") -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "_TOOLWIRE_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": " ".join(("toolwire", *words)),
        "COMP_CWORD": str(len(words)),
    }
    return subprocess.run(
        [sys.executable, "-m", "toolwire"], env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_the_completion_script_is_produced_by_the_documented_variable(cli_runner) -> None:
    assert "_TOOLWIRE_COMPLETE=bash_source toolwire" in cli_runner(["--help"]).output
    env = {**os.environ, "_TOOLWIRE_COMPLETE": "bash_source"}
    proc = subprocess.run([sys.executable, "-m", "toolwire"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert (
        "_toolwire_completion()" in proc.stdout and "complete -o nosort -F _toolwire_completion toolwire" in proc.stdout
    )


def test_completion_offers_commands_and_dialect_names() -> None:
    commands = _complete("con")
    assert commands.returncode == 0, commands.stderr
    assert commands.stdout.split() == ["plain,config", "plain,convert"]
    dialects = _complete("convert", "--from", "openai_")
    assert dialects.stdout.split() == ["plain,openai_chat", "plain,openai_responses"]
