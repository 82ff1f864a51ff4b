"""The Python target's escaping and checks (src/toolwire/pytarget.py): every hostile string
comes back as itself through the literal, docstring and comment spellings, names Python
reserves are refused, and code that does not compile or binds a module name twice is found."""

from __future__ import annotations

import ast

import pytest

from toolwire.targets.python import names as pytarget

NASTY = [
    'three """ quotes',
    'ends with a quote"',
    'ends with an escaped quote\\"',
    "a backslash \\ and \\n spelled",
    "a NUL \x00 byte",
    "line\nbreaks\r\nand a CR\r alone",
    "form feed \x0c and vertical tab \x0b",
    "separators \u2028 \u2029 \x85",
    "a lone surrogate \ud800 and \udfff",
    "beyond the BMP \U0001f600 and unassigned \U000e0001",
    "a tab \t and DEL \x7f",
    '""""""',
    '"',
    "",
]


@pytest.mark.parametrize("text", NASTY)
def test_string_literal_round_trips(text: str) -> None:
    spelled = pytarget.literal(text)
    spelled.encode("utf-8")  # a surrogate would not encode
    assert ast.literal_eval(spelled) == text
    assert len(spelled.splitlines()) <= 1


@pytest.mark.parametrize("text", NASTY)
@pytest.mark.parametrize("multiline", [False, True])
def test_docstring_text_round_trips(text: str, multiline: bool) -> None:
    inner = pytarget.docstring_text(text, multiline=multiline)
    inner.encode("utf-8")
    assert ast.literal_eval('"""' + inner + '"""') == text
    assert ast.literal_eval('"""Before ' + inner + ' after."""') == f"Before {text} after."
    if not multiline:
        assert len(inner.splitlines()) <= 1


@pytest.mark.parametrize("text", NASTY)
def test_comment_text_stays_on_its_line(text: str) -> None:
    line = "# " + pytarget.comment_text(text)
    line.encode("utf-8")
    assert len(line.splitlines()) == 1
    assert compile(line + "\nx = 1\n", "<comment>", "exec")


def test_literal_of_nested_json_values() -> None:
    value = {"a": [1, 2.5, -0.0, 1e300, None, True, False], "b\n": {"c": "\x00"}}
    assert ast.literal_eval(pytarget.literal(value)) == value


@pytest.mark.parametrize("number", [float("nan"), float("inf"), float("-inf")])
def test_literal_refuses_numbers_json_does_not_have(number: float) -> None:
    with pytest.raises(ValueError, match="not a JSON number"):
        pytarget.literal({"x": [number]})


@pytest.mark.parametrize(
    ("name", "reason"),
    [("import", "keyword"), ("class", "keyword"), ("None", "keyword"), ("list", "builtin"), ("type", "builtin")],
)
def test_reserved_names(name: str, reason: str) -> None:
    assert reason in (pytarget.reserved(name) or "")


@pytest.mark.parametrize("name", ["openai_chat", "match", "case", "gemini"])
def test_ordinary_names_are_not_reserved(name: str) -> None:
    assert pytarget.reserved(name) is None


def test_syntax_problems_name_file_and_line() -> None:
    files = {
        "pkg/good.py": "x = 1\n",
        "pkg/bad.py": "x = 1\ndef f(:\n",
        "pkg/nul.py": "x = '\x00'\n",
        "pkg/outside.py": "x = 1\nreturn x\n",  # parses, but does not compile
        "pyproject.toml": "[project\n",
    }
    problems = pytarget.syntax_problems(files)
    assert any(p.startswith("pkg/bad.py:2: ") for p in problems), problems
    assert any(p.startswith("pkg/nul.py:") for p in problems), problems
    assert any(p.startswith("pkg/outside.py:2: ") for p in problems), problems
    assert any(p.startswith("pyproject.toml:") for p in problems), problems
    assert not any(p.startswith("pkg/good.py") for p in problems)


def test_namespace_clashes() -> None:
    files = {
        "p/__init__.py": "from .convert import convert, get_dialect\nfrom . import streams\n",
        "p/convert.py": "from . import emit, gemini\n\n\ndef emit():\n    pass\n",
        "p/get_dialect.py": "",
        "p/gemini.py": "",
        "p/emit.py": "",
        "p/streams.py": "",
        "p/streams/__init__.py": "",
    }
    clashes = dict(pytarget.namespace_clashes(files))
    assert set(clashes) == {"get_dialect", "emit", "streams"}, clashes
    assert "p/__init__.py:1" in clashes["get_dialect"]
    assert "p/convert.py:4" in clashes["emit"]
    assert "beside the module p/streams.py" in clashes["streams"]
