"""`toolwire convert`: one payload (or a JSON array of them) from one dialect to another."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from toolwire.cli.config import GENERATED_HELP, SCHEMAS_HELP, resolve_or_exit
from toolwire.cli.generated_package import load
from toolwire.spec.json_input import display_name, max_bytes_option, read_json_text_or_exit
from toolwire.spec.positions import pointer_line

SHAPES = ("tool_definition", "tool_choice", "tool_call", "tool_result")


def _as_value(payload: Any) -> Any:
    """The converters read a str as JSON text: a JSON string document goes back to being one."""
    return json.dumps(payload) if isinstance(payload, str) else payload


def _decode_finding(file: str, text: str, exc: Any, prefix: str = "") -> NoReturn:
    """`file:line: dialect/shape: /pointer: message` for a payload the dialect does not read; exit 1."""
    where = prefix + exc.pointer
    line = pointer_line(text, where)
    click.echo(f"{display_name(file)}:{line}: {exc.dialect}/{exc.shape}: {where or '/'}: {exc.message}", err=True)
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
@click.option("--generated", type=click.Path(path_type=Path, file_okay=False), help=GENERATED_HELP)
@max_bytes_option()
@click.argument("file", default="-")
def convert(
    source: str,
    target: str,
    shape: str,
    strict: bool,
    strict_schema: bool,
    schema_profile: str | None,
    generated: Path | None,
    max_bytes: int,
    file: str,
) -> None:
    """Convert a payload of SHAPE from one dialect to another; losses go to stderr."""
    config = resolve_or_exit(out=generated)
    generated = config.out
    pkg = load(generated, config.package)
    for name in (source, target):
        if name not in pkg.DIALECTS:
            raise click.BadParameter(f"unknown dialect {name!r}; known: {', '.join(pkg.DIALECTS)}")
    options = _encoder_options(pkg, target, shape, strict_schema=strict_schema, schema_profile=schema_profile)
    text, payload = read_json_text_or_exit(file, f"{source}/{shape}", max_bytes)
    many = isinstance(payload, list) and shape != "tool_choice"
    items = payload if many else [payload]
    id_map = pkg.IdMap()
    out = []
    losses = 0
    for index, item in enumerate(items):
        prefix = f"/{index}" if many else ""
        try:
            result = pkg.convert(
                _as_value(item), source=source, target=target, shape=shape, strict=strict, id_map=id_map, **options
            )
        except pkg.DecodeError as exc:
            _decode_finding(file, text, exc, prefix)
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


def _profile_notes(schemas: Path, dialect: str, name: str, payload: Any) -> list[str]:
    """The documented quirks of the profile that the payload has, as notes (exit 2: no such profile)."""
    from toolwire.validation.profiles import ProfileError, load_profile

    try:
        profile = load_profile(schemas, dialect, name)
    except ProfileError as exc:
        raise click.BadParameter(str(exc), param_hint="--profile") from None
    accepted = profile.accept(payload, {"request", "response"})
    return [f"note: {s.pointer or '/'}: {name} profile: {s.quirk.what} [{s.quirk.name}]" for s in accepted.seen]


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
    "--profile",
    metavar="PROFILE",
    help="Name, on stderr, each documented server quirk of this profile the payload has (openai_chat: compat).",
)
@click.option("--generated", type=click.Path(path_type=Path, file_okay=False), help=GENERATED_HELP)
@click.option("--schemas", type=click.Path(path_type=Path, file_okay=False), help=SCHEMAS_HELP)
@max_bytes_option()
@click.argument("file", default="-")
def extract(
    dialect: str, profile: str | None, generated: Path | None, schemas: Path | None, max_bytes: int, file: str
) -> None:
    """Print the canonical tools, tool choice, calls and results of a whole request or response.

    Tools and calls of types the dialect does not convert (custom tools, server tools such as
    OpenRouter's openrouter:*) are left alone, as inject() leaves them in place."""
    config = resolve_or_exit(schemas=schemas, out=generated)
    generated, schemas = config.out, config.schemas
    pkg = load(generated, config.package)
    module = pkg.DIALECTS.get(dialect)
    if module is None:
        raise click.BadParameter(
            f"unknown dialect {dialect!r}; known: {', '.join(pkg.DIALECTS)}", param_hint="--dialect"
        )
    if not hasattr(module, "extract"):
        raise click.BadParameter(f"dialect {dialect} describes no request or response envelope", param_hint="--dialect")
    text, payload = read_json_text_or_exit(file, f"{dialect}/envelope", max_bytes)
    for note in _profile_notes(schemas, dialect, profile, payload) if profile else ():
        click.echo(note, err=True)
    try:
        out = module.extract(_as_value(payload))
    except pkg.DecodeError as exc:  # not a request or response of the dialect, or a bad part in it
        _decode_finding(file, text, exc)
    for note in out.pop("notes", []):  # links the wire did not state, reported as losses are
        click.echo(str(note), err=True)
    click.echo(json.dumps(out, ensure_ascii=False, indent=2))
