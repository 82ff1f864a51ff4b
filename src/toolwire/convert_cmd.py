"""`toolwire convert`: one payload (or a JSON array of them) from one dialect to another."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from toolwire.generated_package import load
from toolwire.json_input import max_bytes_option, read_json_or_exit

SHAPES = ("tool_definition", "tool_choice", "tool_call", "tool_result")


@click.command()
@click.option("--from", "source", required=True, metavar="DIALECT", help="Dialect of the input.")
@click.option("--to", "target", required=True, metavar="DIALECT", help="Dialect to produce.")
@click.option("--shape", required=True, type=click.Choice(SHAPES), help="Shape of the input.")
@click.option("--strict", is_flag=True, help="Exit 1 on the first loss instead of reporting it.")
@click.option("--generated", type=click.Path(path_type=Path, file_okay=False), default=Path("generated"), show_default=True)
@max_bytes_option()
@click.argument("file", default="-")
def convert(source: str, target: str, shape: str, strict: bool, generated: Path, max_bytes: int, file: str) -> None:
    """Convert a payload of SHAPE from one dialect to another; losses go to stderr."""
    pkg = load(generated)
    for name in (source, target):
        if name not in pkg.DIALECTS:
            raise click.BadParameter(f"unknown dialect {name!r}; known: {', '.join(pkg.DIALECTS)}")
    payload = read_json_or_exit(file, f"{source}/{shape}", max_bytes)
    many = isinstance(payload, list) and shape != "tool_choice"
    items = payload if many else [payload]
    id_map = pkg.IdMap()
    out = []
    losses = 0
    for index, item in enumerate(items):
        prefix = f"/{index}" if many else ""
        try:
            result = pkg.convert(item, source=source, target=target, shape=shape, strict=strict, id_map=id_map)
        except pkg.DecodeError as exc:
            click.echo(f"{exc.dialect}/{exc.shape}: {prefix}{exc.pointer or '/'}: {exc.message}", err=True)
            sys.exit(1)
        except pkg.LossError as exc:
            click.echo(f"loss: {prefix}{exc.loss.pointer or '/'}: {exc.loss.target} cannot carry {exc.loss.what}", err=True)
            sys.exit(1)
        except pkg.ConversionError as exc:
            click.echo(f"toolwire: {prefix or '/'}: {exc}", err=True)
            sys.exit(1)
        for loss in result.losses:
            losses += 1
            click.echo(f"loss: {prefix}{loss.pointer or '/'}: {loss.target} cannot carry {loss.what}", err=True)
        out.append(result.value)
    click.echo(json.dumps(out if many else out[0], ensure_ascii=False, indent=2))


@click.command()
@click.option("--dialect", required=True, metavar="DIALECT", help="Dialect of the payload.")
@click.option("--generated", type=click.Path(path_type=Path, file_okay=False), default=Path("generated"), show_default=True)
@max_bytes_option()
@click.argument("file", default="-")
def extract(dialect: str, generated: Path, max_bytes: int, file: str) -> None:
    """Print the canonical tools, tool choice, calls and results of a whole request or response."""
    pkg = load(generated)
    module = pkg.DIALECTS.get(dialect)
    if module is None:
        raise click.BadParameter(f"unknown dialect {dialect!r}; known: {', '.join(pkg.DIALECTS)}", param_hint="--dialect")
    if not hasattr(module, "extract"):
        raise click.BadParameter(f"dialect {dialect} describes no request or response envelope", param_hint="--dialect")
    payload = read_json_or_exit(file, f"{dialect}/envelope", max_bytes)
    try:
        out = module.extract(payload)
    except pkg.DecodeError as exc:
        click.echo(f"{exc.dialect}/{exc.shape}: {exc.pointer or '/'}: {exc.message}", err=True)
        sys.exit(1)
    click.echo(json.dumps(out, ensure_ascii=False, indent=2))
