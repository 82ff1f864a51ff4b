"""docs/provider-rules.md: every provider rule of the built-in dialects, with the
documentation it comes from, rendered from the dialect.json `rules` sections; and the same
rules, shorter, as the README's per-dialect table and each dialect's SOURCE.md section (a
test keeps all three equal to this output).

    python -m toolwire.tools.rules_table --write
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from toolwire.spec.builtin import builtin_folder
from toolwire.spec.loader import load_spec
from toolwire.spec.positions import pointer
from toolwire.spec.rules import rules_of

INTRO = """\
# Provider rules

What each provider enforces beyond its wire schema's types, as data: the `rules` section of
each `schemas/dialects/<dialect>/dialect.json` (`dialect.rules` in
[the vocabulary](vocabulary.md)). Two things read them:

- **Conversions** into the dialect keep every rule. A value that would break one is repaired
  in the rule's documented way, with a loss that names the rule; under `strict=True` that loss
  is an error (`LossError`), so nothing invalid is sent.
- **`toolwire validate`** reports a captured payload that breaks a rule as a finding with the
  keyword `rule` and the rule's name (a payload valid against several dialects' schemas alike
  is reported as ambiguous, without rule checks).

Nine kinds: `range` (a number outside is sent as the nearer bound), `non_empty` (an empty
block is dropped, then a turn or system field left empty; where the dialect's roles must
alternate, the turns around a dropped one join when their roles match; a converted response
drops an empty block too, since a client replays it in its next request), `role_order`
(the rule's bridge turn is put between the two turns), `first_role` (the rule's bridge turn
is put before a first turn of another role), `co_required` (a field some blocks need,
such as tool definitions beside tool calls, is filled from the rule's source; where nothing
can fill it, the conversion is an error), `signature` (the first block of a kind in each turn
carries a key: the provider's documented placeholder is put on one another dialect made),
`part_order` (blocks of some kinds come before others in a turn: a later one is moved
before them), `less_than` (a number stays below another, such as Anthropic's thinking
budget below max_tokens: it is lowered to one below the other where that keeps its range,
else the other is raised to one above it) and `at_most` (the provider takes only so many
values at some places, such as Anthropic's four cache breakpoints: the first ones, in the
order the provider reads the prompt, are kept, and each later one is removed with the loss
the rule names) and `ordered` (values read in the provider's order must follow a given order,
such as Anthropic's cache lifetimes, "1h" before "5m": each value out of order is removed, so
its default applies, with the loss the rule names).

A stream relayed into the dialect (`convert_stream`) is one turn and keeps the last two as
they are found in the dialect's relay templates: the first call written gets the signature
placeholder unless it came signed, and a block of an earlier kind that arrives after one of a
later kind (reasoning after a call) is left out with a `part.unsupported` loss naming the
rule, since a stream cannot move it back before what it already sent.

Checked and not added, for want of evidence that the provider enforces them today: for
Anthropic, tools beside tool blocks (the API dropped "Requests which include tool_use or
tool_result blocks must define tools" on 2025-02-27, its API release notes, as Anthropic's
SDK maintainers answered in anthropic-sdk-python#849) and a first user turn (the 2024 error
"first message must use the user role" is no longer in the Messages API reference and is
reported gone since 2025); for Gemini a first user turn (reports conflict; the API reference
states no such rule); for Cohere and Mistral neither (no such rule documented or reported;
mistral-common's validator checks the order of turns after the first); for Anthropic an empty
`system` array (`system: []`: no refusal is documented or reported, and clients send it in place
of a null system, agentlang-ai/agentlang-clj#1634; an empty system string or text block is
refused, and those rules are below).

Rules are named `<dialect>/<id>`. This page is generated:
`python -m toolwire.tools.rules_table --write` (which also writes the README's table and
each dialect's `SOURCE.md` section).

`value at` is a JSON Pointer in which `*` stands for every element of an array.

| rule | payload | value at | accepts | repair | source |
| --- | --- | --- | --- | --- | --- |
"""


def render(schemas: Path) -> str:
    spec = load_spec(schemas)
    rows = [
        f"| `{rule.name}` | {rule.envelope} | `{pointer(rule.tokens)}` | {_cell(rule.describe())} "
        f"| {_cell(rule.repair)} | {_cell(rule.source)} |"
        for name in sorted(spec.dialects)
        for rule in rules_of(spec.dialects[name])
    ]
    return INTRO + "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


BEGIN, END = "<!-- provider rules: begin -->", "<!-- provider rules: end (rendered by tools/rules_table.py) -->"
_DOC = re.compile(r"(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s),;]*)")  # a documentation address


def readme_table(schemas: Path) -> str:
    """One row per dialect: its rules and the documentation they come from."""
    spec = load_spec(schemas)
    rows = ["| dialect | rules | documentation |", "| --- | --- | --- |"]
    for name in sorted(spec.dialects):
        rules = rules_of(spec.dialects[name])
        if rules:
            ids = ", ".join(f"`{r.id}`" for r in rules)
            docs = ", ".join(dict.fromkeys(d for r in rules for d in _DOC.findall(r.source)))
            rows.append(f"| {name} | {ids} | {_cell(docs)} |")
    return "\n".join(rows) + "\n"


def source_section(schemas: Path, dialect: str) -> str:
    """The rules of one dialect with their sources, as its SOURCE.md lists them."""
    rules = rules_of(load_spec(schemas).dialects[dialect])
    lines = ["## Provider rules", "", "Where each rule of `dialect.json` comes from (see docs/provider-rules.md):", ""]
    lines += [f"- `{rule.id}` ({rule.kind.value}): {rule.source}" for rule in rules]
    return "\n".join(lines) + "\n"


def between(text: str, inner: str) -> str:
    """text with what lies between the markers replaced by inner (the markers appended if absent)."""
    if BEGIN not in text:
        return f"{text.rstrip()}\n\n{BEGIN}\n{inner}{END}\n"
    head, rest = text.split(BEGIN, 1)
    return f"{head}{BEGIN}\n{inner}{END}{rest.split(END, 1)[1]}"


def write(repo: Path) -> None:
    """Render the rules page, the README's table and each dialect's SOURCE.md section in repo."""
    schemas = repo / "schemas"
    (repo / "docs" / "provider-rules.md").write_text(render(schemas), encoding="utf-8")
    readme = repo / "README.md"
    readme.write_text(between(readme.read_text(encoding="utf-8"), readme_table(schemas)), encoding="utf-8")
    for name, dialect in load_spec(schemas).dialects.items():
        if rules_of(dialect):
            source = schemas / "dialects" / name / "SOURCE.md"
            text = between(source.read_text(encoding="utf-8"), source_section(schemas, name))
            source.write_text(text, encoding="utf-8")


def main() -> None:
    if "--write" in sys.argv[1:]:  # the checkout's docs, README and SOURCE.md files
        write(builtin_folder("schemas").parent)
    else:
        print(render(builtin_folder("schemas")), end="")


if __name__ == "__main__":
    main()
