"""docs/provider-rules.md: every provider rule of the built-in dialects, with the
documentation it comes from, rendered from the dialect.json `rules` sections (a test keeps
the page equal to this output).

    python -m toolwire.tools.rules_table > docs/provider-rules.md
"""

from __future__ import annotations

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

Three kinds: `range` (a number outside is sent as the nearer bound), `non_empty` (an empty
block is dropped, then a turn or system field left empty; where the dialect's roles must
alternate, the turns around a dropped one join when their roles match; a converted response
drops an empty block too, since a client replays it in its next request) and `role_order`
(the rule's bridge turn is put between the two turns).

Rules are named `<dialect>/<id>`. This page is generated:
`python -m toolwire.tools.rules_table > docs/provider-rules.md`.

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


def main() -> None:
    print(render(builtin_folder("schemas")), end="")


if __name__ == "__main__":
    main()
