"""`toolwire convert`: one payload (or a JSON array of them) from one dialect to another."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from toolwire.generated_package import load

SHAPES = ("tool_definition", "tool_choice", "tool_call", "tool_result")


def read_json_input(source: str, what: str) -> Any:
    """Read JSON from a file or '-' (stdin); exit 1 with a one-line error when it is not JSON."""
    name = "<stdin>" if source == "-" else source
    try:
        data = sys.stdin.buffer.read() if source == "-" else Path(source).read_bytes()
    except OSError as exc:
        click.echo(f"toolwire: cannot read {source}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        click.echo(f"{name}:{line}: {what}: /: not UTF-8 text (byte {exc.start})", err=True)
        sys.exit(1)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        click.echo(f"{name}:{exc.lineno}: {what}: /: not valid JSON: {exc.msg}", err=True)
        sys.exit(1)


@click.command()
@click.option("--from", "source", required=True, metavar="DIALECT", help="Dialect of the input.")
@click.option("--to", "target", required=True, metavar="DIALECT", help="Dialect to produce.")
@click.option("--shape", required=True, type=click.Choice(SHAPES), help="Shape of the input.")
@click.option("--strict", is_flag=True, help="Exit 1 on the first loss instead of reporting it.")
@click.option(
    "--strict-schema",
    is_flag=True,
    help="tool_definition into OpenAI: adapt the parameters to strict mode and send strict (each change is reported).",
)
@click.option(
    "--schema-profile",
    type=click.Choice(["json_schema", "openapi_subset"]),
    help="tool_definition into Gemini: the parameters' schema language (default: the input's spelling).",
)
@click.option(
    "--generated", type=click.Path(path_type=Path, file_okay=False), default=Path("generated"), show_default=True
)
@click.argument("file", default="-")
def convert(
    source: str,
    target: str,
    shape: str,
    strict: bool,
    strict_schema: bool,
    schema_profile: str | None,
    generated: Path,
    file: str,
) -> None:
    """Convert a payload of SHAPE from one dialect to another; losses go to stderr."""
    pkg = load(generated)
    for name in (source, target):
        if name not in pkg.DIALECTS:
            raise click.BadParameter(f"unknown dialect {name!r}; known: {', '.join(pkg.DIALECTS)}")
    options = _encoder_options(pkg, target, shape, strict_schema=strict_schema, schema_profile=schema_profile)
    payload = read_json_input(file, f"{source}/{shape}")
    many = isinstance(payload, list) and shape != "tool_choice"
    items = payload if many else [payload]
    id_map = pkg.IdMap()
    out = []
    losses = 0
    for index, item in enumerate(items):
        prefix = f"/{index}" if many else ""
        try:
            result = pkg.convert(
                item, source=source, target=target, shape=shape, strict=strict, id_map=id_map, **options
            )
        except pkg.DecodeError as exc:
            click.echo(f"{exc.dialect}/{exc.shape}: {prefix}{exc.pointer or '/'}: {exc.message}", err=True)
            sys.exit(1)
        except pkg.LossError as exc:
            click.echo(
                f"loss: {prefix}{exc.loss.pointer or '/'}: {exc.loss.target} cannot carry {exc.loss.what}", err=True
            )
            sys.exit(1)
        except pkg.ConversionError as exc:
            click.echo(f"toolwire: {prefix or '/'}: {exc}", err=True)
            sys.exit(1)
        for loss in result.losses:
            losses += 1
            click.echo(f"loss: {prefix}{loss.pointer or '/'}: {loss.target} cannot carry {loss.what}", err=True)
        out.append(result.value)
    click.echo(json.dumps(out if many else out[0], ensure_ascii=False, indent=2))


def _encoder_options(pkg: Any, target: str, shape: str, **given: Any) -> dict[str, Any]:
    """The encoder options asked for; a usage error (exit 2) when the target's encoder lacks one."""
    options = {name: value for name, value in given.items() if value not in (None, False)}
    if not options:
        return options
    encode = getattr(pkg.DIALECTS[target], f"encode_{shape}", None)
    accepted = set(getattr(encode, "__kwdefaults__", None) or ())
    for name in options:
        if name not in accepted:
            flag = "--" + name.replace("_", "-")
            raise click.UsageError(f"{flag}: {target} {shape} encoding has no such option")
    return options


@click.command()
@click.option("--dialect", required=True, metavar="DIALECT", help="Dialect of the payload.")
@click.option(
    "--generated", type=click.Path(path_type=Path, file_okay=False), default=Path("generated"), show_default=True
)
@click.argument("file", default="-")
def extract(dialect: str, generated: Path, file: str) -> None:
    """Print the canonical tools, tool choice, calls and results of a whole request or response."""
    pkg = load(generated)
    module = pkg.DIALECTS.get(dialect)
    if module is None:
        raise click.BadParameter(
            f"unknown dialect {dialect!r}; known: {', '.join(pkg.DIALECTS)}", param_hint="--dialect"
        )
    if not hasattr(module, "extract"):
        raise click.BadParameter(f"dialect {dialect} describes no request or response envelope", param_hint="--dialect")
    payload = read_json_input(file, f"{dialect}/envelope")
    try:
        out = module.extract(payload)
    except pkg.DecodeError as exc:
        click.echo(f"{exc.dialect}/{exc.shape}: {exc.pointer or '/'}: {exc.message}", err=True)
        sys.exit(1)
    click.echo(json.dumps(out, ensure_ascii=False, indent=2))
