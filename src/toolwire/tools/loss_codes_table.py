"""docs/losses.md: every loss code with its meaning, rendered from spec/loss_codes.py (a test
keeps the page equal to this output).

    python -m toolwire.tools.loss_codes_table > docs/losses.md
"""

from __future__ import annotations

from toolwire.spec.loss_codes import LOSS_CODES

INTRO = """\
# Loss codes

Every loss a conversion reports names what was lost (`what`, for people) and a **code** (for
programs). Codes are stable: one is never renamed or given another meaning, only added. They
are the same in Python and TypeScript, and the generated packages carry this table as
`LOSS_CODES` (Python `toolwire_dialects.LOSS_CODES`, TypeScript `LOSS_CODES` and the
`LossCode` type).

An allow-list lets the losses you accept through and refuses any other:

- Python: `convert(payload, source=..., target=..., shape="request", allow=["id.rewritten", "setting.dropped"])`
  (also `convert_stream(..., allow=[...])`); any other loss raises `LossError`, and an unknown
  code is a `ValueError`;
- TypeScript: `convert(payload, { source, target, shape: "request", allow: ["id.rewritten"] })`;
- the CLI: `toolwire convert ... --allow id.rewritten --allow setting.dropped` (exit 1 on any
  other loss, each loss line ends with its code in brackets);
- the gateway: a route's `allow_losses = [...]` under the `strict` policy (see [serve](serve.md)).

`strict=True` is the empty list: no loss gets through. Allowed losses are still listed in the
result. This page is generated: `python -m toolwire.tools.loss_codes_table > docs/losses.md`.

| code | what was lost |
| --- | --- |
"""


def render() -> str:
    rows = [f"| `{code}` | {meaning} |" for code, meaning in sorted(LOSS_CODES.items())]
    return INTRO + "\n".join(rows) + "\n"


def main() -> None:
    print(render(), end="")


if __name__ == "__main__":
    main()
