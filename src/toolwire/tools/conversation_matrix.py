"""The losses of every conversation pair: each valid case of vectors/<dialect>/conversation.json
converted to every other dialect that maps conversations, with the losses the conversion
reports, written to vectors/conversation_matrix.json (a golden file: the generated suite fails
when a conversion's losses change, and prints this command). Each output is first checked as
`toolwire validate` checks a captured payload (the target's wire schema and provider rules):
one the target would refuse is printed and nothing is written.

    python -m toolwire.tools.conversation_matrix [--update] [SCHEMAS]

Without --update it prints the pairs whose losses differ from the file and exits 1 if any do.
Review the diff of an update: every line is a claim that the target cannot carry something.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from toolwire.spec.builtin import builtin_folder
from toolwire.spec.loader import load_spec
from toolwire.tools.dialects import converter
from toolwire.validation.engine import validate_record

FILE = "conversation_matrix.json"
MODEL = {"model": "the-callers-model"}  # as the generated suite converts: a caller names the model


def _refused(schemas: Path, value: Any, target: str, shape: str) -> list[str]:
    """What validate finds in a converted payload (empty: the target accepts it)."""
    result = validate_record(json.dumps(value), schemas=schemas, dialect=target, shape=shape)
    found = [f"{e.pointer or '/'}: {e.message}" for e in result.errors]
    return found or ([] if result.status == "valid" else [result.status])


def matrix(schemas: Path, refusals: list[str]) -> dict[str, dict[str, list[str]]]:
    """Every pair's losses; each output the target would refuse is added to refusals."""
    convert = converter()  # the generated package, built from these schemas
    spec = load_spec(schemas)
    talkers = sorted(vf.dialect for vf in spec.conversation_vectors)
    out: dict[str, dict[str, list[str]]] = {}
    for vf in sorted(spec.conversation_vectors, key=lambda v: v.dialect):
        for case in vf.valid:
            where = f"{vf.dialect}/conversation.json::{case['description']}"
            row: dict[str, list[str]] = {}
            for target in talkers:
                if target == vf.dialect:
                    continue
                encoded: Any = convert(case["wire"], source=vf.dialect, target=target, shape=case["shape"], **MODEL)
                row[target] = [f"{loss.pointer}: {loss.what}" for loss in encoded.losses]
                refusals += [
                    f"{where} -> {target}: {found}" for found in _refused(schemas, encoded.value, target, case["shape"])
                ]
            out[where] = row
    return out


def main(argv: list[str]) -> int:
    update = "--update" in argv
    rest = [a for a in argv if a != "--update"]
    schemas = Path(rest[0]) if rest else builtin_folder("schemas")
    path = schemas / "vectors" / FILE
    refusals: list[str] = []
    fresh = matrix(schemas, refusals)
    if refusals:
        sys.stderr.write("".join(f"toolwire: the target refuses {line}\n" for line in refusals))
        return 1
    text = json.dumps(fresh, indent=2, ensure_ascii=False) + "\n"
    if update:
        path.write_text(text, encoding="utf-8")
        sys.stderr.write(f"toolwire: wrote {path} ({sum(len(r) for r in fresh.values())} pairs)\n")
        return 0
    old = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    changed = [f"{where} -> {t}" for where, row in fresh.items() for t in row if old.get(where, {}).get(t) != row[t]]
    for line in changed:
        sys.stdout.write(line + "\n")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
