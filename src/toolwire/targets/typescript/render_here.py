"""Render the TypeScript package into a folder of one's choice, without touching generated/:
`python -m toolwire.targets.typescript.render_here OUT_DIR [--dist]`.

Writes package.json, tsconfig.json, src/ and test/ (dist/ only with --dist, which runs tsc);
then `tsc -p OUT_DIR` type-checks it and `tsc -p OUT_DIR --outDir OUT_DIR/dist` builds it."""

from __future__ import annotations

import sys
from pathlib import Path

from toolwire.spec.builtin import builtin_folder
from toolwire.spec.loader import load_spec
from toolwire.targets.typescript.render import PACKAGE, TS_TEMPLATES, render


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip().splitlines()[1], file=sys.stderr)
        return 2
    out = Path(argv[0])
    spec = load_spec(builtin_folder("schemas"))
    files = render(spec, TS_TEMPLATES, PACKAGE, compile_dist="--dist" in argv[1:])
    for path, text in files.items():
        file = out / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8", newline="\n")
    print(f"{len(files)} files written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
