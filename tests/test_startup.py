"""Fast start, checked by what is imported (timings are for bench/bench_startup.py): the
package and `toolwire --help` load only what they need."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from toolwire.cli.main import LAZY_COMMANDS, main

HEAVY_FOR_THE_PACKAGE = ("pydantic", "asyncio", "toolwire_dialects.registry", "toolwire_dialects.openai_chat")
HEAVY_FOR_HELP = (
    "jsonschema",
    "jinja2",
    "referencing",
    "toolwire_dialects",
    "toolwire.spec.model",
    "toolwire.spec.loader",
    "toolwire.validation",
)


def _modules_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(proc.stdout.splitlines()[-1]))


def test_importing_the_package_loads_no_dialect_and_no_registry() -> None:
    loaded = _modules_after("import toolwire_dialects")
    assert not [name for name in HEAVY_FOR_THE_PACKAGE if name in loaded]


def test_what_a_caller_touches_is_loaded_then() -> None:
    code = "import toolwire_dialects as t\nt.DIALECTS['gemini']\nt.ToolRegistry"
    loaded = _modules_after(code)
    assert {"toolwire_dialects.gemini", "toolwire_dialects.registry", "pydantic"} <= loaded
    assert "toolwire_dialects.openai_chat" not in loaded


def test_help_loads_no_command_module() -> None:
    loaded = _modules_after(
        "import sys\nsys.argv = ['toolwire', '--help']\nfrom toolwire.cli.main import main\ntry:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert not [name for name in loaded if name.startswith(HEAVY_FOR_HELP)]
    # Only the group and its reporting: every command module is loaded when it runs.
    assert {name for name in loaded if name.startswith("toolwire.")} == {
        "toolwire.cli",
        "toolwire.cli.main",
        "toolwire.cli.report",
    }


@pytest.mark.parametrize("name", sorted(LAZY_COMMANDS))
def test_the_short_help_listed_is_the_commands_own(name: str) -> None:
    import click

    command = main.get_command(click.Context(main), name)
    assert command is not None
    assert command.get_short_help_str(limit=1000) == LAZY_COMMANDS[name][1]


def test_the_dialects_mapping_behaves_as_a_mapping() -> None:
    import toolwire_dialects as t

    assert list(t.DIALECTS) == sorted(t.DIALECTS) and len(t.DIALECTS) == len(list(t.DIALECTS))
    assert "openai_chat" in t.DIALECTS and "nope" not in t.DIALECTS and t.DIALECTS.get("nope") is None
    with pytest.raises(ValueError, match="unknown dialect 'nope'"):
        t.get_dialect("nope")
