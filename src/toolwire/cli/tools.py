"""`toolwire tools generate`: typed parameter models and stubs from tool definitions (the
generator is toolwire.tools.codegen; this is its command)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from toolwire.cli.report import ExitStatus, fail, located, report, say


@click.group(name="tools", short_help="Generate typed models for your tools.")
def tools_group() -> None:
    """Work with tool definitions.

    \b
    Example:
      toolwire tools generate weather.json search.json --out my_tools.py
    """


@tools_group.command(name="generate", short_help="Write typed models and stubs for tools.")
@click.argument(
    "definitions",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="The Python module to write.",
)
def generate_command(definitions: tuple[Path, ...], out: Path) -> None:
    """Write typed parameter models and stubs for the tools in DEFINITIONS (JSON files).

    Exit codes: 0 written, 1 bad definitions (reported as `path:line: /pointer: message`),
    2 usage error, the output cannot be written or would not compile.

    \b
    Example:
      toolwire tools generate weather.json search.json --out my_tools.py
    """
    from toolwire.targets.python import names
    from toolwire.tools.codegen import ToolsCodegenError, generate_tool_stubs

    for source in definitions:  # the module never replaces a definition it is made from
        if out.resolve() == source.resolve() or (out.exists() and os.path.samefile(out, source)):
            fail(f"--out {out}: it is the definitions file {source}; expected another file")

    try:
        code = generate_tool_stubs(list(definitions), out=out)
    except ToolsCodegenError as exc:
        report([str(exc)], ExitStatus.FINDINGS)
    except RecursionError:  # read within the depth limit, but too deep for the model generator
        where = ", ".join(str(p) for p in definitions)
        report([located(where, None, "", "parameters nest too deeply to generate models for")], ExitStatus.FINDINGS)
    problems = names.syntax_problems({names.comment_text(str(out)): code})
    if problems:  # never write a module that does not compile
        report(
            problems, ExitStatus.USAGE, f"internal error: the generated module would not compile; {out} was not written"
        )
    staged = out.parent / f".toolwire-staging-{out.name}"  # a killed run never leaves half a module
    try:
        staged.write_bytes(code.encode("utf-8"))  # bytes: the same file on every platform
        os.replace(staged, out)
    except OSError as exc:
        staged.unlink(missing_ok=True)
        fail(f"{out}: cannot write: {exc.strerror or exc}")
    say(f"wrote {out}")
