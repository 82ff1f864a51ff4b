"""The rule a dialect's name follows, wherever a name enters: `init dialect`, a dialect folder
the loader reads. A dialect's name is a folder, a module of every target and part of the names
generated code defines, so it is plain lowercase ASCII (no look-alike letters that normalise
onto another dialect's name), starts with a letter (no private `_x`, no `__pycache__`) and is
short enough to be a file name everywhere. Each target adds the words it reserves
(toolwire.targets.dialect_name_problem)."""

from __future__ import annotations

import re

DIALECT_NAME = re.compile(r"[a-z][a-z0-9_]*")  # the meta-schema's $defs/name pattern
MAX_DIALECT_NAME = 64


def dialect_name_problem(name: str) -> str | None:
    """Why name cannot name a dialect in any target, or None."""
    if not DIALECT_NAME.fullmatch(name):
        return "expected a Python identifier of lowercase ASCII letters, digits and _, starting with a letter (e.g. acme_chat)"
    if len(name) > MAX_DIALECT_NAME:
        return f"expected at most {MAX_DIALECT_NAME} characters, got {len(name)}"
    return None
