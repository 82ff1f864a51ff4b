"""Click options more than one command shares, with one help text each."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

SCHEMAS_HELP = "Spec folder (default: as configured, else the built-in spec)."
OVERLAY_HELP = "A folder laid over the spec, file by file (repeatable, a later one wins; replaces the configured ones)."
GENERATED_HELP = (
    "Folder of the generated packages (default: as configured, else ./generated, else the installed package)."
)
MAX_BYTES_HELP = "Larger input is a finding (exit 1), not read into memory."


if TYPE_CHECKING:  # generic from click 8.2 on; the package supports 8.1
    _IntType = click.ParamType[int, object]
else:
    _IntType = click.ParamType


class ByteSize(_IntType):
    """A size such as 1048576, 512K, 16M or 1G."""

    name = "size"
    _UNITS: ClassVar[dict[str, int]] = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        match = re.fullmatch(r"\s*(\d+)\s*([kmg]?)(?:i?b)?\s*", str(value), re.IGNORECASE)
        if not match or int(match.group(1)) < 1:
            self.fail(f"{value!r} is not a size like 65536, 512K, 16M or 1G", param, ctx)
        return int(match.group(1)) * self._UNITS[match.group(2).lower()]


def _folder() -> click.Path:
    return click.Path(path_type=Path, file_okay=False)


def max_bytes_option(help: str = MAX_BYTES_HELP, name: str = "max_bytes") -> Callable[[F], F]:
    return click.option("--max-record-bytes", name, type=ByteSize(), default="16M", show_default=True, help=help)


def schemas_option() -> Callable[[F], F]:
    return click.option("--schemas", type=_folder(), help=SCHEMAS_HELP)


def overlay_option() -> Callable[[F], F]:
    return click.option("--overlay", "overlays", multiple=True, type=_folder(), help=OVERLAY_HELP)


def generated_option() -> Callable[[F], F]:
    return click.option("--generated", type=_folder(), help=GENERATED_HELP)


def builtin_dialects() -> list[str]:
    """The dialects of the built-in spec (a folder listing: help and completion stay cheap).
    Every command's list starts from these, whatever the working directory; a project's
    configuration can add more through its overlays (`toolwire config` names it)."""
    from toolwire.spec.builtin import builtin_folder

    folder = builtin_folder("schemas") / "dialects"
    return sorted(p.parent.name for p in folder.glob("*/dialect.json")) if folder.is_dir() else []


def dialects_epilog() -> str:
    """The help's closing block: the dialect names, one wrapped list that click keeps as it is."""
    names = textwrap.wrap(", ".join(builtin_dialects()), 72, break_on_hyphens=False)
    return "\b\nDialects (built in; a configuration's overlays may add more, see `toolwire config`):\n" + "\n".join(
        f"  {line}" for line in names
    )


def complete_dialect(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a DIALECT value."""
    return [name for name in builtin_dialects() if name.startswith(incomplete)]


def complete_loss_code(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a loss CODE value."""
    from toolwire.spec.loss_codes import LOSS_CODES

    return [code for code in LOSS_CODES if code.startswith(incomplete)]


def allow_option() -> Callable[[F], F]:
    return click.option(
        "--allow",
        multiple=True,
        metavar="CODE",
        shell_complete=complete_loss_code,
        help="Let losses of this code through and exit 1 on any other (repeatable; docs/losses.md lists the codes).",
    )


def allowed_codes(pkg: Any, strict: bool, allow: tuple[str, ...]) -> list[str] | None:
    """--allow's codes, checked against the generated package's (a usage error names an
    unknown one before any input is read); None when none were given."""
    if not allow:
        return None
    if strict:
        raise click.UsageError("--strict and --allow exclude each other (--strict lets no loss through)")
    unknown = sorted(set(allow) - set(pkg.LOSS_CODES))
    if unknown:
        raise click.BadParameter(
            f"unknown loss code {', '.join(map(repr, unknown))}; known: {', '.join(sorted(pkg.LOSS_CODES))}",
            param_hint="--allow",
        )
    return list(allow)
