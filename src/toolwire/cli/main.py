"""The `toolwire` command group: the lazy registry of its commands, and nothing else.

Each command is a module of this package; exit codes and the shape of what goes to stderr are
cli/report.py's (ExitStatus). Status goes to stderr, results to stdout.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import click

from toolwire.cli.report import guard, run_standalone

# Commands imported only when run, so `toolwire --help` and each command load no more than
# they need (jsonschema, jinja2 and the generated package are slow to import): import path and
# the short help --help lists (a test keeps it equal to the command's own).
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "assemble": (
        "toolwire.cli.assemble:assemble",
        "Assemble the tool calls of a stream (JSON lines, SSE text or a JSON array of events).",
    ),
    "breaking": (
        "toolwire.cli.breaking:breaking",
        "Report changes since REF|DIR that break generated code or captured payloads.",
    ),
    "config": (
        "toolwire.cli.show_config:show_config",
        "Print the configuration in force: each value and where it came from.",
    ),
    "convert": (
        "toolwire.cli.convert:convert",
        "Convert a payload of SHAPE from one dialect to another; losses go to stderr.",
    ),
    "extract": (
        "toolwire.cli.extract:extract",
        "Print the canonical tools, tool choice, calls and results of a whole request or response.",
    ),
    "generate": (
        "toolwire.cli.generate:generate",
        "Generate models, converters and the conformance suite from the schemas.",
    ),
    "init": ("toolwire.cli.init:init_group", "Scaffold things in your own spec folder."),
    "losses": (
        "toolwire.cli.losses:losses",
        "Print the Markdown table of what each dialect can carry (the README's loss table).",
    ),
    "serve": (
        "toolwire.serve.command:serve",
        "Run the protocol gateway: any client dialect in, each route's upstream dialect out.",
    ),
    "tools": ("toolwire.cli.tools:tools_group", "Work with tool definitions."),
    "validate": (
        "toolwire.cli.validate:validate",
        "Check captured payloads (PATH: files, folders, - for stdin) against the schemas.",
    ),
}


class _Group(click.Group):
    """Loads commands lazily; anything unexpected is one line and exit 2 (report.guard)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY_COMMANDS and name not in self.commands:
            module, attribute = LAZY_COMMANDS[name][0].split(":")
            command = getattr(importlib.import_module(module), attribute)
            assert isinstance(command, click.Command), LAZY_COMMANDS[name][0]
            self.add_command(command, name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        limit = formatter.width - 6 - max(len(name) for name in self.list_commands(ctx))
        rows = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            text = command.get_short_help_str(limit) if command else _shorten(LAZY_COMMANDS[name][1], limit)
            rows.append((name, text))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """click's main; standalone, its usage errors are reported the way every error is."""

        def run() -> object:
            return super(_Group, self).main(args, prog_name, complete_var, standalone_mode=False, **extra)

        if not standalone_mode:
            return run()
        run_standalone(run)

    def invoke(self, ctx: click.Context) -> Any:
        with guard():
            return super().invoke(ctx)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="toolwire")
def main() -> None:
    """toolwire: one spec for LLM tool calls across provider dialects."""


def _shorten(text: str, limit: int) -> str:
    """What click's short help makes of a long first sentence."""
    return text if len(text) <= limit else text[: limit - 3].rsplit(" ", 1)[0] + "..."
