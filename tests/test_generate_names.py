"""Strings and names from the schemas that reach generated code: a hostile title or pointer
is escaped (the module compiles and says it back), a dialect named after a Python keyword,
a builtin or a module the package already has is a spec error at its /dialect (exit 2), and
code that would not compile is never written (exit 2, naming the file and line)."""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolwire.generation import generate as gen
from toolwire.spec.loader import load_spec
from toolwire.spec.model import SpecError

# (a lone surrogate escape is not JSON text: the spec reader refuses it, see test_hostile_parsing)
TITLE = 'Evil """ title \\ with a NUL \x00, a CR \r and a line separator \u2028, ending in a quote"'
CONVERTER = "python/toolwire_dialects/mistral.py"
STREAMS = "python/toolwire_dialects/streams/mistral.py"


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _rename_dialect(schemas: Path, old: str, new: str) -> None:
    """The dialect `old` as `new`: its folders, its name, and every reference to it."""
    (schemas / "dialects" / old).rename(schemas / "dialects" / new)
    (schemas / "vectors" / old).rename(schemas / "vectors" / new)
    for path in (schemas / "dialects" / new).glob("*.json"):
        path.write_text(path.read_text(encoding="utf-8").replace(f"dialects/{old}/", f"dialects/{new}/"), "utf-8")
    _edit(schemas / "dialects" / new / "dialect.json", lambda d: d.update(dialect=new))

    def rename_in_vectors(data: dict[str, Any]) -> None:
        if data.get("dialect") == old:
            data["dialect"] = new
        for case in data.get("cases", []):
            if old in case.get("to", {}):
                case["to"][new] = case["to"].pop(old)

    for path in (schemas / "vectors").rglob("*.json"):
        _edit(path, rename_in_vectors)


def _first_location(mapping: dict[str, Any]) -> dict[str, Any]:
    return next(iter(mapping["envelopes"].values()))["locations"][0]


def test_hostile_title_and_pointer_are_escaped_and_the_code_compiles(workspace: Any) -> None:
    dialect_json = workspace.schemas / "dialects" / "mistral" / "dialect.json"
    original = _first_location(json.loads(dialect_json.read_text(encoding="utf-8")))["path"]
    injected = original + "/x\nimport os; os.system('echo pwned')"

    def change(mapping: dict[str, Any]) -> None:
        mapping["title"] = TITLE
        _first_location(mapping)["path"] = injected

    _edit(dialect_json, change)
    rendered = gen.render(load_spec(workspace.schemas), workspace.templates)

    for path in (CONVERTER, STREAMS):
        tree = ast.parse(rendered.files[path].decode("utf-8"))
        assert ast.get_docstring(tree, clean=False).startswith(TITLE + " (`mistral`)"), path
        assert not [node for node in tree.body if isinstance(node, ast.Import) and node.names[0].name == "os"]
    converter = rendered.files[CONVERTER].decode("utf-8")
    functions = {n.name: n for n in ast.parse(converter).body if isinstance(n, ast.FunctionDef)}
    assert TITLE in ast.get_docstring(functions["decode_tool_call"], clean=False)
    comment = next(line for line in converter.splitlines() if "x\\x0aimport os" in line)
    assert comment.lstrip().startswith("#")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("import", "a Python keyword"),
        ("class", "a Python keyword"),
        ("list", "a Python builtin"),
        ("registry", "already has a module of that name (runtime/python/toolwire_dialects/registry.py)"),
        ("convert", "already has a module of that name (templates/python/package/toolwire_dialects/convert.py.j2)"),
        ("streams", "already has a module of that name (templates/python/package/toolwire_dialects/streams/"),
        ("models", "already has toolwire_dialects/models/"),
        ("get_dialect", "toolwire_dialects/__init__.py:"),
    ],
)
def test_a_dialect_name_the_package_cannot_use_is_a_spec_error(tmp_path: Path, name: str, reason: str) -> None:
    shutil.copytree(Path(__file__).resolve().parents[1] / "schemas", tmp_path / "schemas")
    _rename_dialect(tmp_path / "schemas", "mistral", name)
    spec = load_spec(tmp_path / "schemas")  # the schemas themselves are fine
    with pytest.raises(SpecError) as raised:
        gen.render(spec)
    problem = raised.value.problems[0]
    assert problem.startswith(f"schemas/dialects/{name}/dialect.json:"), problem
    assert f": /dialect: {name!r} cannot name a generated Python module: " in problem
    assert reason in problem


def test_the_cli_exits_2_on_a_keyword_dialect_and_writes_nothing(workspace: Any, toolwire: Any) -> None:
    _rename_dialect(workspace.schemas, "mistral", "import")
    proc = toolwire(
        "generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", workspace.out
    )
    assert proc.returncode == 2, proc.stderr
    assert "schemas/dialects/import/dialect.json:3: /dialect: 'import' cannot name" in proc.stderr
    assert "nothing was generated" in proc.stderr
    assert not workspace.out.exists()


@pytest.mark.parametrize(
    ("template", "broken", "output"),
    [("package/toolwire_dialects/{dialect}.py.j2", "x = 1\n  y = 2\n", "python/toolwire_dialects/gemini.py")],
)
def test_code_that_does_not_compile_is_never_written(
    workspace: Any, toolwire: Any, template: str, broken: str, output: str
) -> None:
    path = workspace.templates / "python" / template
    text = path.read_text(encoding="utf-8")
    path.write_text(text + broken, encoding="utf-8")
    proc = toolwire(
        "generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", workspace.out
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = [line for line in proc.stderr.splitlines() if line.startswith(output + ":")]
    assert lines, proc.stderr
    rendered_line = int(lines[0].split(":")[1])
    assert rendered_line > 1
    assert "does not compile" in lines[0]
    assert "nothing was generated" in proc.stderr
    assert not workspace.out.exists()


def test_a_schema_the_model_generator_cannot_take_is_named(workspace: Any, toolwire: Any) -> None:
    """A lone surrogate (valid JSON escape, not encodable) in a wire schema's description."""
    path = workspace.schemas / "dialects" / "mistral" / "tool_call.json"
    _edit(path, lambda schema: schema.update(description="a lone surrogate \ud800"))
    proc = toolwire(
        "generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", workspace.out
    )
    assert proc.returncode == 2, proc.stderr
    assert "schemas/dialects/mistral/" in proc.stderr  # the file, or the first one that refers to it
    assert "internal error" not in proc.stderr
    assert not workspace.out.exists()


@pytest.mark.parametrize("where", ["mapping", "vectors"])
def test_a_number_python_cannot_spell_is_an_error_not_code(workspace: Any, toolwire: Any, where: str) -> None:
    """NaN and Infinity are accepted by Python's JSON reader; generated code must never say them."""
    if where == "mapping":
        path = workspace.schemas / "dialects" / "mistral" / "dialect.json"
        text = path.read_text(encoding="utf-8")
        mapping = json.loads(text)
        mapping["shapes"]["tool_call"]["variants"][0]["optional_constants"]["/x_limit"] = 1.5
        path.write_text(json.dumps(mapping, indent=2).replace("1.5", "Infinity"), encoding="utf-8")
    else:
        path = workspace.schemas / "vectors" / "mistral" / "tool_call.json"
        text = path.read_text(encoding="utf-8")
        vectors = json.loads(text)
        vectors["cases"][0]["canonical"]["arguments"]["limit"] = 1.5
        path.write_text(json.dumps(vectors, indent=2).replace("1.5", "NaN"), encoding="utf-8")
    proc = toolwire(
        "generate", "--schemas", workspace.schemas, "--templates", workspace.templates, "--out", workspace.out
    )
    assert proc.returncode == 2, proc.stderr
    assert "internal error" not in proc.stderr
    assert f"schemas/{path.relative_to(workspace.schemas).as_posix()}" in proc.stderr
    assert not workspace.out.exists()
