"""The Python target: how a string reaches generated Python code, and what the code must be.

Every value from the inputs (schemas, mappings, tool definitions, file names) enters generated
code through one function per context here: `literal` (an expression), `docstring_text`
(inside triple quotes) or `comment_text` (after `#`). Names are checked against the words
Python reserves, and every rendered file is compiled before anything is written.
"""

from __future__ import annotations

import ast
import builtins
import json
import keyword
import math
import sys
import tomllib
from collections.abc import Iterator
from typing import Any

from toolwire.targets import REGENERATE


def _escape_char(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _escape_unprintable(text: str, keep: str = "") -> str:
    """Python escapes for every character that is not printable: controls (NUL is refused by
    the compiler, a CR or form feed breaks a line), the line separators other tools split on,
    surrogates (not encodable as UTF-8). A space counts as printable."""
    return "".join(c if c.isprintable() or c in keep else _escape_char(c) for c in text)


def literal(value: Any) -> str:
    """A Python literal for a JSON value, deterministic; lists stay lists. A float that is
    not finite has no literal: ValueError."""
    if value is None:
        return "None"
    if value is True:
        return "True"
    if value is False:
        return "False"
    if isinstance(value, str):
        return string(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value!r} is not a JSON number and has no Python literal")
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def check_finite(value: Any) -> None:
    """ValueError for a float in value that is not finite (repr would spell it nan or inf)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value!r} is not a JSON number and has no Python literal")
    if isinstance(value, dict):
        for item in value.values():
            check_finite(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            check_finite(item)


def string(text: str) -> str:
    """A double-quoted Python string literal; printable characters stay as they are."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char.isprintable():
            out.append(char)
        else:
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or _escape_char(char))
    return '"' + "".join(out) + '"'


def docstring_text(text: str, *, multiline: bool = False) -> str:
    """Text that can stand between triple double quotes, even last: backslashes escaped, a
    quote escaped where it would make a third in a row or touch the closing quotes, and no
    unprintable character raw but a tab (and newlines, when multiline)."""
    keep = "\t\n" if multiline else "\t"
    out, run = [], 0  # run: raw quotes just written
    for i, char in enumerate(text):
        if char == '"':
            raw = run < 2 and i < len(text) - 1
            out.append('"' if raw else '\\"')
            run = run + 1 if raw else 0
            continue
        run = 0
        if char == "\\":
            out.append("\\\\")
        else:
            out.append(char if char.isprintable() or char in keep else _escape_char(char))
    return "".join(out)


def comment_text(text: str) -> str:
    """Text that stays on its comment line: every unprintable character (a newline, a CR, a
    line separator) escaped."""
    return _escape_unprintable(text)


def reserved(name: str) -> str | None:
    """Why a name cannot be a module or module-level name of generated code, or None."""
    if keyword.iskeyword(name):
        return "a Python keyword"
    if not name.isidentifier():
        return "not a Python identifier"
    if name in dir(builtins):
        return "a Python builtin, which the generated modules use"
    return None


# Third-party modules the generated package (runtime, models, suite) imports, and toolwire
# itself: a package of one of these names would shadow it wherever the package is installed.
IMPORTED_MODULES = frozenset(
    {
        "annotated_types",
        "jsonschema",
        "pydantic",
        "pydantic_core",
        "pytest",
        "referencing",
        "toolwire",
        "typing_extensions",
    }
)


def package_name_problem(name: str) -> str | None:
    """Why a name cannot name the generated package, or None: it must be an identifier that
    shadows no module the package or its users import (the standard library's, a dependency's)."""
    why = reserved(name)
    if why:
        return f"expected a Python identifier of your own (e.g. acme_dialects), not {why}"
    if name in sys.stdlib_module_names:
        return f"expected a name of your own (e.g. acme_dialects), not the standard library's module {name}"
    if name in IMPORTED_MODULES:
        return f"expected a name of your own (e.g. acme_dialects), not {name}, which the generated package imports"
    return None


def syntax_problems(files: dict[str, str]) -> list[str]:
    """`path:line: message` for every rendered .py file that does not compile and every .toml
    file that does not parse."""
    problems = []
    for path, text in sorted(files.items()):
        if path.endswith(".py"):
            try:
                compile(text, path, "exec", dont_inherit=True)
            except SyntaxError as exc:
                problems.append(f"{path}:{exc.lineno or 1}: generated code does not compile: {exc.msg}")
            except ValueError as exc:  # a NUL byte
                problems.append(f"{path}:1: generated code does not compile: {exc}")
        elif path.endswith(".toml"):
            try:
                tomllib.loads(text)
            except tomllib.TOMLDecodeError as exc:
                problems.append(f"{path}:1: generated TOML does not parse: {exc}")
    return problems


def bindings(tree: ast.Module) -> Iterator[tuple[str, int, str | None]]:
    """(name, line, source) for every name a module binds at top level; source is the sibling
    module a relative import takes it from ("" for `from . import name`), else None."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name, node.lineno, None
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            relative = isinstance(node, ast.ImportFrom) and node.level == 1
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                source = (node.module or "") if relative and alias.asname is None else None  # type: ignore[union-attr]
                yield bound, node.lineno, source
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        yield sub.id, node.lineno, None


def namespace_clashes(files: dict[str, str]) -> list[tuple[str, str]]:
    """(name, what it clashes with) for every module name the generated package binds twice:
    a module and a package of one name, a submodule its package's __init__ binds as something
    else, a sibling module a module imports and then rebinds."""
    out: list[tuple[str, str]] = []
    modules: dict[str, set[str]] = {}  # folder -> the names of its modules and packages
    for path in files:
        if path.endswith(".py"):
            folder, _, name = path.rpartition("/")
            modules.setdefault(folder, set()).add(name.removesuffix(".py"))
    for folder in list(modules):
        parent, _, name = folder.rpartition("/")
        if name in modules.get(parent, set()):
            out.append((name, f"the package {folder}/ beside the module {folder}.py"))
        modules.setdefault(parent, set()).add(name)
    for path, text in sorted(files.items()):
        # Only a package's __init__ and a module importing siblings can bind a sibling's name
        # (and parsing all the generated code would double the time of a run).
        if not (path.endswith("/__init__.py") or (path.endswith(".py") and "from . import" in text)):
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue  # syntax_problems reports it
        submodules = modules.get(path.rpartition("/")[0], set())
        bound = list(bindings(tree))
        siblings = {name for name, _line, source in bound if source == ""}
        for name, line, source in bound:
            if source == "":
                continue
            if name in siblings:
                out.append((name, f"{path}:{line}, which imports the module {name} and binds the name again"))
            elif path.endswith("/__init__.py") and name in submodules and source != name:
                out.append((name, f"{path}:{line}, which binds the name of its submodule {name} to something else"))
    return out


def header(sources: list[str], comment: str = "#") -> str:
    joined = ", ".join(sources)
    return f"{comment} DO NOT EDIT: generated by toolwire from {joined}.\n{comment} Change the sources and run `{REGENERATE}`."
