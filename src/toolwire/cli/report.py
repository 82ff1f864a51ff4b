"""The one way a command reports and exits: `ExitStatus`, and the lines it prints on stderr.

Every stderr line is one of:
- a finding about the input, `path:line: what: /pointer: message` (what: dialect/shape, a rule),
  built by `located()`; compiler-style, so editors and CI jump to it;
- a status or error line of toolwire itself, `toolwire: message` (`say()`, `fail()`); an error
  about a place in a file carries the same `path:line: /pointer: message` after the prefix;
- `note: ...` (changes nothing) and `loss: ...` (what a target could not carry);
- on a terminal only, a status line redrawn in place and erased before anything else (`redraw()`).
Results go to stdout. Nothing else in cli/ calls sys.exit: `fail`, `report` and `finish` do.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from enum import IntEnum
from typing import Any, NoReturn, TextIO

import click

PREFIX = "toolwire: "
STDIN = "-"


def loss_line(loss: Any, prefix: str = "") -> str:
    """A loss as its stderr line: where, which dialect, what, and its code (for --allow)."""
    return f"loss: {prefix}{loss.pointer or '/'}: {loss.target} cannot carry {loss.what} [{loss.code}]"


class ExitStatus(IntEnum):
    """The exit codes the README documents (its "Exit codes" table)."""

    OK = 0
    FINDINGS = 1  # bad or wrong-dialect input, stale generated/, a loss under --strict, an incomplete call
    USAGE = 2  # usage, configuration or internal error, unreadable input (one code: the README's 2)
    INTERRUPTED = 130  # the operator pressed Ctrl-C (128 + SIGINT, as shells report it)


def display_name(source: str) -> str:
    """How findings name an input: `<stdin>` for '-'."""
    return "<stdin>" if source == STDIN else source


def located(source: str, line: int | None, pointer: str, message: str, what: str = "") -> str:
    """`path:line: what: /pointer: message` (the line left out when unknown, `what` when empty)."""
    where = display_name(source) if line is None else f"{display_name(source)}:{line}"
    return f"{where}: {what + ': ' if what else ''}{pointer or '/'}: {message}"


def echo(line: str) -> None:
    """A finding, note or loss line on stderr, as it is."""
    click.echo(line, err=True)


def say(message: str) -> None:
    """A status line of toolwire's own on stderr: `toolwire: message`."""
    echo(PREFIX + message)


def redraw(text: str, stream: TextIO | None = None) -> None:
    """A terminal's status line drawn over the previous one (`toolwire: text`); "" erases it,
    so the next line starts clean. Only for a terminal: piped output never gets one."""
    out = stream or sys.stderr
    out.write(f"\r\033[K{PREFIX}{text}" if text else "\r\033[K")
    out.flush()


def finish(status: ExitStatus) -> NoReturn:
    """End the command with status (the only sys.exit of cli/)."""
    sys.exit(int(status))


def fail(message: str, status: ExitStatus = ExitStatus.USAGE) -> NoReturn:
    """`toolwire: message` on stderr, then exit with status (usage unless told)."""
    say(message)
    finish(status)


def report(lines: Iterable[str], status: ExitStatus, summary: str | None = None) -> NoReturn:
    """Each finding or problem line as it is, then `toolwire: summary` when given; exit with status."""
    for line in lines:
        echo(line)
    if summary is not None:
        say(summary)
    finish(status)


@contextlib.contextmanager
def guard() -> Iterator[None]:
    """A command line reports, it does not print tracebacks: anything unexpected is one
    `toolwire: internal error: ...` line and exit 2; Ctrl-C exits 130; a reader that left
    (`| head`) ends the run quietly with exit 1."""
    try:
        yield
    except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, SystemExit):
        raise
    except KeyboardInterrupt:
        fail("interrupted", ExitStatus.INTERRUPTED)
    except BrokenPipeError:
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        finish(ExitStatus.FINDINGS)
    except Exception as exc:
        fail(f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())}")


# click 8.2 on raises this for a group run without a command (8.1 prints the help itself).
_NO_ARGS_IS_HELP: type[click.UsageError] | tuple[()] = getattr(click.exceptions, "NoArgsIsHelpError", ())


def run_standalone(main: Callable[[], object]) -> NoReturn:
    """Run a click main (with standalone_mode=False) as the command line: click's own usage
    errors become the same one `toolwire: ` line as every other error, with a pointer to --help."""
    try:
        result = main()
    except _NO_ARGS_IS_HELP as exc:  # `toolwire` alone: the help, as click shows it
        exc.show()
        finish(ExitStatus.USAGE)
    except click.ClickException as exc:
        message = exc.format_message()
        if isinstance(exc, click.UsageError) and exc.ctx is not None:
            message = f"{message.rstrip('.')} (see '{exc.ctx.command_path} --help')"
        fail(message, ExitStatus.USAGE if exc.exit_code == ExitStatus.USAGE else ExitStatus.FINDINGS)
    except click.exceptions.Abort:
        fail("aborted", ExitStatus.INTERRUPTED)
    # click returns an Exit's code (--help, --version: 0) or the command's return value (None)
    finish(ExitStatus(result) if isinstance(result, int) else ExitStatus.OK)
