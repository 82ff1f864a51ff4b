"""Modules stay small, one job each (issue #12): no hand-written module or template of the
toolkit or the runtime runs much over 400 lines."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 420  # "about 400": a module a little over it is not worth a split for its own sake


def test_no_module_or_template_is_over_the_limit() -> None:
    sources = [
        *(ROOT / "src" / "toolwire").rglob("*.py"),
        *(ROOT / "src" / "toolwire").rglob("*.j2"),
        *(ROOT / "runtime").rglob("*.py"),
        *(p for p in (ROOT / "runtime").rglob("*.ts") if "node_modules" not in p.parts),
    ]
    assert len(sources) > 80
    long = {
        path.relative_to(ROOT).as_posix(): lines
        for path in sources
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert not long, f"over {LIMIT} lines: {long}"
