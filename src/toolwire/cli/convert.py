"""`toolwire convert`: one payload (or a JSON array of them) from one dialect to another."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import click

from toolwire.cli.config import resolve_or_exit
from toolwire.cli.convert_stream import relay
from toolwire.cli.generated_package import as_value, decode_finding, known_dialects, load
from toolwire.cli.inputs import read_json_text_or_exit
from toolwire.cli.options import (
    allow_option,
    allowed_codes,
    complete_dialect,
    dialects_epilog,
    generated_option,
    max_bytes_option,
)
from toolwire.cli.report import ExitStatus, echo, fail, loss_line, report

SHAPES = ("tool_definition", "tool_choice", "tool_call", "tool_result", "error", "request", "response", "stream")
WHOLE = ("request", "response")  # whole payloads of the dialects that map conversations


@click.command(short_help="Convert a payload between dialects.", epilog=dialects_epilog())
@click.option(
    "--from", "source", required=True, metavar="DIALECT", shell_complete=complete_dialect, help="Dialect of the input."
)
@click.option(
    "--to", "target", required=True, metavar="DIALECT", shell_complete=complete_dialect, help="Dialect to produce."
)
@click.option("--shape", required=True, type=click.Choice(SHAPES), help="Shape of the input.")
@click.option("--strict", is_flag=True, help="Exit 1 on the first loss instead of reporting it.")
@allow_option()
@click.option(
    "--strict-schema",
    is_flag=True,
    help="tool_definition into OpenAI: adapt the parameters to strict mode and send strict (each change is reported).",
)
@click.option(
    "--reasoning",
    type=click.Choice(["keep", "text", "drop"]),
    help="request/response/stream: keep (the default) replays reasoning where the target can, else a loss;"
    " text sends what it cannot replay as text; drop removes all reasoning (a loss each, never refused).",
)
@click.option("--reasoning-as-text", is_flag=True, help="Deprecated: --reasoning text.")
@click.option(
    "--from-profile",
    type=click.Choice(["deepseek", "openrouter"]),
    help="openai_chat request/response/stream: read the server's reasoning fields (reasoning_content, reasoning_details).",
)
@click.option(
    "--to-profile",
    type=click.Choice(["deepseek", "openrouter"]),
    help="openai_chat request/response/stream: write reasoning as the server's reasoning fields.",
)
@click.option(
    "--schema-profile",
    type=click.Choice(["json_schema", "openapi_subset"]),
    help="tool_definition into Gemini: the parameters' schema language (default: the input's spelling).",
)
@click.option(
    "--custom-tools",
    type=click.Choice(["drop", "function"]),
    help="request/response/stream: OpenAI custom (freeform) tools into a dialect without them: drop (the default,"
    " a loss each) or function (a function of one string parameter input, a tool.custom_as_function loss each).",
)
@click.option(
    "--model",
    metavar="NAME",
    help="request/response: the model to name when the input names none (Gemini and Bedrock: in the URL).",
)
@generated_option()
@max_bytes_option()
@click.argument("file", default="-")
def convert(
    source: str,
    target: str,
    shape: str,
    strict: bool,
    allow: tuple[str, ...],
    strict_schema: bool,
    reasoning: str | None,
    reasoning_as_text: bool,
    from_profile: str | None,
    to_profile: str | None,
    schema_profile: str | None,
    custom_tools: str | None,
    model: str | None,
    generated: Path | None,
    max_bytes: int,
    file: str,
) -> None:
    """Convert a payload of SHAPE from one dialect to another; losses go to stderr.

    SHAPE is a tool part, a whole request or response (one conversation: its ids stay linked),
    or a stream (relayed event by event as it is read, framed as the target frames it). FILE
    is a JSON file (a top-level array: one payload per element) or - for stdin (the default).

    \b
    Examples:
      toolwire convert --from openai_chat --to anthropic_messages --shape request req.json
      toolwire convert --from openai_chat --to gemini --shape tool_call --strict call.json
      toolwire convert --from openai_chat --to anthropic_messages --shape request \\
          --allow setting.dropped --allow id.rewritten req.json
      toolwire convert --from gemini --to openai_chat --shape request --model gpt-4o req.json
      toolwire convert --from anthropic_messages --to gemini --shape request --reasoning drop req.json
      toolwire convert --from openai_responses --to anthropic_messages --shape request \\
          --custom-tools function req.json
      curl -sN ... | toolwire convert --from openai_chat --to anthropic_messages --shape stream
    """
    config = resolve_or_exit(out=generated)
    pkg = load(config.out, config.package)
    for name in (source, target):
        if name not in pkg.DIALECTS:
            raise click.BadParameter(f"unknown dialect {name!r}; known: {known_dialects(pkg, pkg.DIALECTS)}")
    allowed = allowed_codes(pkg, strict, allow)
    if reasoning_as_text and reasoning not in (None, "text"):
        raise click.UsageError(f"--reasoning-as-text is --reasoning text, not --reasoning {reasoning}")
    reasoning = "text" if reasoning_as_text else reasoning
    for flag, name, profile in (("--from-profile", source, from_profile), ("--to-profile", target, to_profile)):
        if profile and (name != "openai_chat" or shape not in (*WHOLE, "stream")):
            raise click.UsageError(f"{flag} reads an openai_chat request, response or stream, not {name} {shape}")
    if shape == "stream":  # relayed as it is read: never held whole
        if strict_schema or schema_profile or model:
            raise click.UsageError(
                "--strict-schema and --schema-profile are tool_definition options, --model a request's or response's"
            )
        relay(
            pkg, source, target, file, strict, allowed, reasoning, max_bytes, (from_profile, to_profile), custom_tools
        )
        return
    if shape in WHOLE:
        for name in (source, target):
            if not hasattr(pkg.DIALECTS[name], f"decode_{shape}"):
                raise click.BadParameter(f"dialect {name} maps no whole conversations (no {shape} shape)")
    options = _encoder_options(
        pkg,
        target,
        shape,
        strict_schema=strict_schema,
        schema_profile=schema_profile,
        reasoning=reasoning,
        model=model,
        custom_tools=custom_tools,
    )
    text, payload = read_json_text_or_exit(file, f"{source}/{shape}", max_bytes)
    many = isinstance(payload, list) and shape != "tool_choice"
    items = payload if many else [payload]
    id_map = pkg.IdMap()
    out = []
    for index, item in enumerate(items):
        prefix = f"/{index}" if many else ""
        if shape in WHOLE and index:  # each request or response is a conversation of its own
            id_map = pkg.IdMap()
        try:
            result = pkg.convert(
                as_value(item),
                source=source,
                target=target,
                shape=shape,
                strict=strict,
                allow=allowed,
                id_map=id_map,
                source_profile=from_profile,
                target_profile=to_profile,
                **options,
            )
        except pkg.DecodeError as exc:
            report([decode_finding(file, text, exc, prefix)], ExitStatus.FINDINGS)
        except pkg.LossError as exc:
            report([loss_line(exc.loss, prefix)], ExitStatus.FINDINGS)
        except pkg.ConversionError as exc:
            fail(f"{prefix or '/'}: {exc}", ExitStatus.FINDINGS)
        for loss in result.losses:
            echo(loss_line(loss, prefix))
        out.append(result.value)
    click.echo(json.dumps(out if many else out[0], ensure_ascii=False, indent=2))


def _encoder_options(pkg: ModuleType, target: str, shape: str, **given: object) -> dict[str, object]:
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
