"""The runtime has no per-dialect branch: everything dialect-specific is data in schemas/
(dialect.json, stream.json, profiles.json), printed into the generated package. So no module of
the hand-written runtime, Python or its TypeScript port, names a built-in dialect in a string
literal (a constant, a key, a comparison), nor a reasoning profile (profiles.json); the names
are read from schemas/dialects, as the registry lists them. Comments and docstrings may name a dialect to explain a rule: only code
counts."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from toolwire_dialects.convert import DIALECTS

REPO = Path(__file__).resolve().parents[1]
PYTHON = REPO / "runtime/python/toolwire_dialects"
TYPESCRIPT = REPO / "runtime/typescript/src"
NAMES = sorted(p.parent.name for p in (REPO / "schemas/dialects").glob("*/dialect.json"))
# the profiles that read reasoning (profiles.json `reasoning`): data too, never a branch
PROFILES = sorted(
    name
    for path in (REPO / "schemas/dialects").glob("*/profiles.json")
    for name, profile in json.loads(path.read_text(encoding="utf-8"))["profiles"].items()
    if "reasoning" in profile
)
# modules whose dialect facts are not yet data (issue #25, points 8-10), each with its reason
KNOWN: dict[str, str] = {}


def _python_strings(text: str) -> list[tuple[int, str]]:
    """(line, value) of every string constant of a module but its docstrings."""
    tree = ast.parse(text)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and type(node.value) is str and id(node) not in docs
    ]


_TS_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`", re.S)
_TS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def _typescript_strings(text: str) -> list[tuple[int, str]]:
    """(line, text) of every string or template literal of a module, comments left out."""
    out: list[tuple[int, str]] = []
    at = 0
    while True:
        string, comment = _TS_STRING.search(text, at), _TS_COMMENT.search(text, at)
        first = min((m for m in (string, comment) if m is not None), key=lambda m: m.start(), default=None)
        if first is None:
            return out
        if first is string:
            out.append((text.count("\n", 0, first.start()) + 1, first.group()[1:-1]))
        at = first.end()


def _named(strings: list[tuple[int, str]]) -> list[str]:
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, NAMES + PROFILES)) + r")\b")
    return [f"line {line}: {value!r}" for line, value in strings if pattern.search(value)]


MODULES = sorted(
    [("py", p) for p in PYTHON.rglob("*.py")] + [("ts", p) for p in TYPESCRIPT.rglob("*.ts")],
    key=lambda m: (m[0], str(m[1])),
)


def _case(kind: str, path: Path) -> object:
    name = path.stem
    root = PYTHON if kind == "py" else TYPESCRIPT
    marks = [pytest.mark.xfail(reason=KNOWN[name], strict=True)] if name in KNOWN else []
    return pytest.param(kind, path, marks=marks, id=f"{kind}:{path.relative_to(root)}")


def test_the_names_are_the_registrys() -> None:
    assert sorted(DIALECTS) == NAMES and len(NAMES) >= 10
    assert PROFILES == ["deepseek", "openrouter"]


def test_the_readers_find_a_name() -> None:
    # the scanners are not blind: a literal is found, a comment or docstring is not
    source = '"""Docstring: openai_chat."""\n# gemini\nX = "mistral"\n'
    assert _python_strings(source) == [(3, "mistral")]
    ts = _typescript_strings('// gemini\nconst a = "mistral"; /* ollama */ const b = `x ${y} cohere_v2`;\n')
    assert _named(ts) == ["line 2: 'mistral'", "line 2: 'x ${y} cohere_v2'"]


@pytest.mark.parametrize(("kind", "path"), [_case(k, p) for k, p in MODULES])
def test_no_runtime_module_names_a_dialect(kind: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    strings = _python_strings(text) if kind == "py" else _typescript_strings(text)
    assert _named(strings) == [], f"{path.relative_to(REPO)} names a dialect or a reasoning profile in code"
