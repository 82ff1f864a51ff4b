"""`toolwire init dialect NAME --like DIALECT`: scaffold a dialect in the user's overlay folder.

The new dialect is a copy of an existing one (schemas, mapping, stream mapping, vectors) with
its name put in place of the old one, so it generates and passes its conformance suite at once;
the user then edits it towards their server's quirks. Conversation vectors are not copied: the
losses of their conversions into every other dialect are a golden file
(vectors/conversation_matrix.json), which a new dialect's own vectors are added to.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from toolwire.cli.config import Config, resolve_or_exit
from toolwire.cli.options import complete_dialect, dialects_epilog
from toolwire.cli.report import ExitStatus, fail, report, say
from toolwire.ir.errors import GenerateError
from toolwire.spec.conversation_vectors import FILE as CONVERSATIONS
from toolwire.targets import dialect_name_problem


@click.group("init", short_help="Scaffold a dialect in your spec folder.")
def init_group() -> None:
    """Scaffold things in your own spec folder.

    \b
    Example:
      toolwire init dialect acme_chat --like openai_chat --into my-dialects
    """


def _dialects(files: dict[str, Path]) -> set[str]:
    return {rel.split("/")[1] for rel in files if re.fullmatch(r"dialects/[^/]+/dialect\.json", rel)}


def _rename(text: str, old: str, new: str) -> str:
    """The dialect's name replaced where it stands as a name (ids, `dialect`, extension keys and
    pointers, messages), not inside other words or model names such as `gemini-3-pro`."""
    return re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", new, text)


def _retitle(text: str, name: str) -> str:
    """dialect.json's title names the new dialect (the generated docstrings and tables show it)."""
    try:
        old = json.loads(text).get("title")
    except (ValueError, AttributeError):  # a broken mapping is copied as it is; load_spec reports it
        return text
    if not isinstance(old, str):
        return text
    new = json.dumps(f"{name} (scaffolded from {old})", ensure_ascii=False)
    pattern = rf'("title"\s*:\s*){re.escape(json.dumps(old, ensure_ascii=False))}'
    return re.sub(pattern, lambda m: m.group(1) + new, text, count=1)


def _check_name(name: str, base: set[str], known: dict[str, str], config: Config) -> None:
    try:
        why = dialect_name_problem(name, config.targets, config.templates)  # generate's own check
    except GenerateError as exc:  # the configured templates folder lacks a target's
        fail(str(exc))
    if why:
        fail(f"dialect name {name!r}: {why}")
    if name in base:
        fail(f"dialect name {name!r}: a built-in dialect has that name; override its files instead")
    if name in known:
        fail(f"dialect {name!r} exists already in {known[name]}; refusing to overwrite it")


@init_group.command("dialect", short_help="Scaffold dialect NAME like another.", epilog=dialects_epilog())
@click.argument("name")
@click.option(
    "--like",
    required=True,
    metavar="DIALECT",
    shell_complete=complete_dialect,
    help="The dialect to copy (e.g. openai_chat).",
)
@click.option(
    "--into",
    type=click.Path(path_type=Path, file_okay=False),
    help="Overlay folder to write into (default: the last configured overlay).",
)
def init_dialect(name: str, like: str, into: Path | None) -> None:
    """Scaffold dialect NAME in your overlay folder as a copy of the dialect LIKE.

    \b
    Examples:
      toolwire init dialect acme_chat --like openai_chat --into my-dialects
      toolwire init dialect acme_chat --like openai_chat  # into the last configured overlay
    """
    from toolwire.spec.model import SpecError
    from toolwire.spec.overlay import layer_of, layered_files

    config = resolve_or_exit()
    if into is None:
        if not config.overlays:
            fail("no overlay folder: pass --into DIR, or name one in [tool.toolwire] overlays")
        into = config.overlays[-1]
    if into.exists() and not into.is_dir():
        fail(f"{into}: not a folder")
    if not config.schemas.is_dir():
        fail(f"{config.schemas}: schemas folder not found")
    layers = [o for o in (*config.overlays, into) if o.is_dir()]
    try:
        files = layered_files(config.schemas, layers)
        base = _dialects(layered_files(config.schemas))
    except SpecError as exc:
        report(exc.problems, ExitStatus.USAGE, f"{len(exc.problems)} problem(s) in the spec; nothing was written")
    known = {d: str(layer_of(rel, path)) for rel, path in files.items() for d in _dialects({rel: path})}
    for folder in ("dialects", "vectors"):
        if (into / folder / name).exists():
            known.setdefault(name, str(into))
    _check_name(name, base, known, config)
    if like not in known:
        fail(f"--like {like!r}: no such dialect; known: {', '.join(sorted(_dialects(files)))}{config.spec_source()}")
    written = 0
    for rel, path in sorted(files.items()):
        top, _, rest = rel.partition("/")
        if top not in ("dialects", "vectors") or not rest.startswith(f"{like}/"):
            continue
        if rest == f"{like}/{CONVERSATIONS}":
            # their conversions' losses are the golden vectors/conversation_matrix.json: not copied
            say(f"not copied: vectors/{like}/{CONVERSATIONS} (add {name}'s own, then update the loss matrix)")
            continue
        text = _rename(path.read_text(encoding="utf-8"), like, name)
        if rel == f"dialects/{like}/dialect.json":
            text = _retitle(text, name)
        target = into / top / name / rest.removeprefix(f"{like}/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written += 1
    say(f"wrote {written} file(s) of dialect {name} (like {like}) in {into}")
    if into.resolve() not in {o.resolve() for o in (config.schemas, *config.overlays)}:
        say(f"{into} is not a configured overlay: add it to overlays, or pass --overlay {into}")
