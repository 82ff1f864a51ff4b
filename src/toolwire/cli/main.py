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
    "assemble": ("toolwire.cli.assemble:assemble", "Assemble the tool calls of a stream."),
    "breaking": ("toolwire.cli.breaking:breaking", "List breaking changes since REF or DIR."),
    "config": ("toolwire.cli.show_config:show_config", "Show the configuration in force."),
    "convert": ("toolwire.cli.convert:convert", "Convert a payload between dialects."),
    "extract": ("toolwire.cli.extract:extract", "Print a payload's tools, calls and results."),
    "generate": ("toolwire.cli.generate:generate", "Generate the packages from the schemas."),
    "init": ("toolwire.cli.init:init_group", "Scaffold a dialect in your spec folder."),
    "losses": ("toolwire.cli.losses:losses", "Print what each dialect can carry."),
    "serve": ("toolwire.serve.command:serve", "Run the gateway: any SDK to any provider."),
    "tools": ("toolwire.cli.tools:tools_group", "Generate typed models for your tools."),
    "validate": ("toolwire.cli.validate:validate", "Check captured payloads against the schemas."),
}
SHORT_HELP_LIMIT = 45  # click's own default: every summary fits whole, in any terminal width


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

        # One name however the program was started (`python -m toolwire` too): usage lines and
        # the completion script name `toolwire`, and the documented variable turns completion on.
        prog_name = prog_name or "toolwire"
        complete_var = complete_var or "_TOOLWIRE_COMPLETE"
        if not standalone_mode:
            return run()
        run_standalone(run)

    def invoke(self, ctx: click.Context) -> Any:
        with guard():
            return super().invoke(ctx)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="toolwire")
def main() -> None:
    """toolwire: one spec for LLM tool calls across provider dialects.

    Convert requests, responses, tool calls and streams between provider dialects, check
    captured payloads against the schemas, and generate the Python and TypeScript packages.
    `toolwire COMMAND --help` shows each command's options and examples.

    \b
    Examples:
      toolwire convert --from openai_chat --to anthropic_messages --shape request req.json
      toolwire validate captures/
      toolwire generate

    \b
    Shell completion (bash; zsh_source and fish_source for those shells):
      eval "$(_TOOLWIRE_COMPLETE=bash_source toolwire)"
    """


def _shorten(text: str, limit: int) -> str:
    """What click's short help makes of a long first sentence."""
    return text if len(text) <= limit else text[: limit - 3].rsplit(" ", 1)[0] + "..."
