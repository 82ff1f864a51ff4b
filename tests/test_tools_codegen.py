"""Tests of `toolwire tools generate` (src/toolwire/tools/codegen.py, src/toolwire/cli/tools.py)."""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner
from pydantic import ValidationError

from toolwire.cli.tools import tools_group
from toolwire.spec.positions import pointer_line
from toolwire.tools.codegen import ToolsCodegenError, generate_tool_stubs, to_canonical_definition

WEATHER_PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "City name"},
        "unit": {"enum": ["c", "f"], "default": "c"},
        "days": {"type": "integer", "minimum": 1, "maximum": 14},
        "at": {"$ref": "#/$defs/Location"},
    },
    "required": ["city"],
    "additionalProperties": False,
    "$defs": {
        "Location": {
            "type": "object",
            "properties": {"lat": {"type": "number"}, "near": {"$ref": "#/$defs/Location"}},
            "required": ["lat"],
        }
    },
}
CANONICAL = {
    "name": "get_weather",
    "description": 'Forecast for a "city".',
    "parameters": WEATHER_PARAMETERS,
    "strict": True,
}
OPENAI = {
    "type": "function",
    "function": {
        "name": "search-web",
        "description": "Search the web",
        "parameters": {
            "type": "object",
            "properties": {"query": {"type": "string"}, "unit": {"enum": ["x", "y"]}},
            "required": ["query"],
        },
    },
}
ANTHROPIC = {
    "name": "class",
    "description": "A Python keyword as a tool name",
    "input_schema": {"type": "object", "properties": {"n": {"type": "integer"}}},
    "cache_control": {"type": "ephemeral"},
}


VECTORS = Path(__file__).resolve().parents[1] / "schemas" / "vectors"


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, Any], Path]:
    def write(name: str, content: Any) -> Path:
        path = tmp_path / name
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return path

    return write


def load_module(code: str, tmp_path: Path, name: str = "generated_tools") -> ModuleType:
    path = tmp_path / f"{name}.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # pydantic resolves the string annotations through it
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


# --- converting definitions --------------------------------------------------------------


def test_shapes_convert_to_canonical(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    assert to_canonical_definition(CANONICAL, path) == CANONICAL
    assert to_canonical_definition(OPENAI, path) == {
        "name": "search-web",
        "description": "Search the web",
        "parameters": OPENAI["function"]["parameters"],
    }
    assert to_canonical_definition(ANTHROPIC, path) == {
        "name": "class",
        "description": "A Python keyword as a tool name",
        "parameters": ANTHROPIC["input_schema"],
        "extensions": {"anthropic_messages": {"fields": {"/cache_control": {"type": "ephemeral"}}}},
    }
    no_parameters = {"type": "function", "function": {"name": "ping"}}
    assert to_canonical_definition(no_parameters, path)["parameters"] == {"type": "object", "properties": {}}


@pytest.mark.parametrize("dialect", sorted(p.parent.name for p in VECTORS.glob("*/tool_definition.json")))
def test_every_dialects_tool_definition_shape_converts(dialect: str, tmp_path: Path) -> None:
    """Through the generated decoders: the vectors' valid wire definitions give their canonical
    name, description and parameters (a shape several dialects share may be read by any)."""
    cases = json.loads((VECTORS / dialect / "tool_definition.json").read_text())["cases"]
    checked = 0
    for case in cases:
        if "canonical" not in case or "known_failure" in case:
            continue
        got = to_canonical_definition(case["wire"], tmp_path / "x.json")
        want = case["canonical"]
        assert (got["name"], got.get("description")) == (want["name"], want.get("description")), case["description"]
        # A wire value that is a valid canonical definition too is read as canonical (documented).
        readings = [want.get("parameters", got["parameters"]), case["wire"].get("parameters")]
        assert got["parameters"] in readings, case["description"]
        checked += 1
    assert checked


# --- generating --------------------------------------------------------------------------


def test_generated_module_validates_and_rejects(write: Callable[[str, Any], Path], tmp_path: Path) -> None:
    files = [write("canonical.json", CANONICAL), write("more.json", [OPENAI, ANTHROPIC])]
    code = generate_tool_stubs(files, out=Path("tools.py"))
    tools = load_module(code, tmp_path)

    params = tools.GetWeatherParams.model_validate({"city": "Oslo", "days": "3", "at": {"lat": 1, "near": {"lat": 2}}})
    assert (params.city, params.unit, params.days, params.at.near.lat) == ("Oslo", "c", 3, 2.0)
    for bad in ({}, {"city": "Oslo", "days": 0}, {"city": "Oslo", "unit": "k"}, {"city": "Oslo", "colour": "red"}):
        with pytest.raises(ValidationError):
            tools.GetWeatherParams.model_validate(bad)

    assert tools.SearchWebParams.model_validate({"query": "q", "unit": "y"}).unit == "y"
    with pytest.raises(ValidationError):
        tools.SearchWebParams.model_validate({"query": "q", "unit": "x-ray"})  # its own enum, not get_weather's
    assert tools.ClassParams.model_validate({"n": "4"}).n == 4

    definitions = tools.TOOL_DEFINITIONS
    assert definitions == [
        CANONICAL,
        to_canonical_definition(OPENAI, files[1]),
        to_canonical_definition(ANTHROPIC, files[1]),
    ]
    stubs = [name for name, f in inspect.getmembers(tools, inspect.isfunction) if f.__module__ == tools.__name__]
    assert stubs == ["class_", "get_weather", "search_web"]
    assert inspect.signature(tools.get_weather).parameters["params"].annotation == "GetWeatherParams"
    assert tools.get_weather.__doc__ == 'Forecast for a "city".'
    with pytest.raises(NotImplementedError):
        tools.search_web(tools.SearchWebParams(query="q"))


def test_header_and_layout(write: Callable[[str, Any], Path]) -> None:
    path = write("one.json", OPENAI)
    code = generate_tool_stubs([path], out=Path("out/tools.py"))
    first = code.splitlines()[0]
    assert first == f"# DO NOT EDIT: generated by `toolwire tools generate {path.as_posix()} --out out/tools.py`"
    assert code.endswith("raise NotImplementedError\n") and not code.endswith("\n\n")
    assert "from typing import Any" in code
    assert "datamodel-codegen" not in code  # its own header is replaced by ours
    compile(code, "tools.py", "exec")


def test_keyword_and_odd_names_become_identifiers(write: Callable[[str, Any], Path], tmp_path: Path) -> None:
    definitions = [
        {"name": "import", "parameters": {"type": "object"}},
        {"name": "2fa.check", "parameters": {"type": "object"}},
        {"name": "BaseModel", "parameters": {"type": "object"}},  # would shadow the pydantic import
        {"name": "list", "description": 'Ends in a quote: "\\d+\x00"', "parameters": {"type": "object"}},
    ]
    tools = load_module(generate_tool_stubs([write("n.json", definitions)]), tmp_path)
    assert callable(tools.import_) and callable(tools.tool_2fa_check)
    assert "list" not in vars(tools) and tools.list_.__doc__ == 'Ends in a quote: "\\d+\x00"'
    assert tools.BaseModel_.__annotations__["params"] == "BaseModelParams"
    assert issubclass(tools.Tool2faCheckParams, tools.BaseModel)


def test_empty_list_gives_a_module_without_tools(write: Callable[[str, Any], Path], tmp_path: Path) -> None:
    tools = load_module(generate_tool_stubs([write("none.json", [])]), tmp_path)
    assert tools.TOOL_DEFINITIONS == []


def test_output_is_deterministic(write: Callable[[str, Any], Path], tmp_path: Path) -> None:
    files = [write("a.json", [CANONICAL, OPENAI]), write("b.json", ANTHROPIC)]
    first = generate_tool_stubs(files, out=Path("t.py"))
    assert generate_tool_stubs(files, out=Path("t.py")) == first

    # And across interpreters with different hash seeds (set and dict ordering).
    src = Path(__file__).parents[1] / "src"
    script = (
        "import sys; from pathlib import Path; from toolwire.tools.codegen import generate_tool_stubs; "
        "sys.stdout.write(generate_tool_stubs([Path(p) for p in sys.argv[1:]], out=Path('t.py')))"
    )
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {
            **os.environ,
            "PYTHONHASHSEED": seed,
            "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]),
        }
        done = subprocess.run(
            [sys.executable, "-c", script, *map(str, files)], env=env, capture_output=True, check=True
        )
        outputs.add(done.stdout)
    assert outputs == {first.encode("utf-8")}


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "pointer", "fragment"),
    [
        ("[1, {", "", "invalid JSON at line 1 column"),
        ('{"name": "a", "parameters": {"default": NaN}}', "", "NaN is not valid JSON"),
        ([CANONICAL, 7], "/1", "must be a JSON object, got a number"),
        ({"nom": "a"}, "", "not a tool definition"),
        ({"type": "function", "function": {"name": "a", "paramters": {}}}, "/function/paramters", "unknown key"),
        ({"name": "a", "parameters": {}, "extra": 1}, "/extra", "unknown key"),
        ({"name": "", "parameters": {}}, "/name", "non-empty string"),
        (
            {"name": "a", "input_schema": []},
            "/input_schema",
            "read as the Anthropic Messages tool-definition shape: expected an object",
        ),
        ({"name": "a", "parameters": {"type": "array"}}, "/parameters/type", 'type must be "object"'),
        (
            {"name": "a", "parameters": {"properties": {"x": {"type": "strin"}}}},
            "/parameters/properties/x/type",
            "not valid JSON Schema",
        ),
        (
            {"name": "a", "parameters": {"properties": {"x": {"$ref": "other.json#/x"}}}},
            "/parameters/properties/x/$ref",
            "only local $refs",
        ),
        (
            {"name": "a", "parameters": {"properties": {"x": {"$ref": "#/$defs/Nope"}}}},
            "/parameters/properties/x/$ref",
            "points to no definition",
        ),
        ([CANONICAL, {**CANONICAL, "description": "again"}], "/1/name", "clashes with the tool at"),
        (
            [{"name": "get-weather", "parameters": {}}, {"name": "get_weather", "parameters": {}}],
            "/1/name",
            "GetWeatherParams",
        ),
        ({"name": "a", "input_schema": {"type": "object"}, "type": "bash_20250124"}, "/type", "'custom' was expected"),
    ],
)
def test_bad_input_is_located(write: Callable[[str, Any], Path], content: Any, pointer: str, fragment: str) -> None:
    path = write("bad.json", content)
    with pytest.raises(ToolsCodegenError) as caught:
        generate_tool_stubs([path])
    assert caught.value.path == path
    assert caught.value.pointer == pointer
    assert fragment in caught.value.message
    line = caught.value.line or pointer_line(path.read_text(), pointer)
    assert str(caught.value) == f"{path}:{line}: {pointer or '/'}: {caught.value.message}"


def test_clash_across_files_names_the_first_file(write: Callable[[str, Any], Path]) -> None:
    first, second = write("a.json", CANONICAL), write("b.json", [OPENAI, CANONICAL])
    with pytest.raises(ToolsCodegenError) as caught:
        generate_tool_stubs([first, second])
    assert (caught.value.path, caught.value.pointer) == (second, "/1/name")
    assert f"{first}: /" in caught.value.message


# --- the command -------------------------------------------------------------------------


def test_command_writes_the_module(write: Callable[[str, Any], Path], tmp_path: Path) -> None:
    source, out = write("defs.json", [CANONICAL]), tmp_path / "tools.py"
    result = CliRunner().invoke(tools_group, ["generate", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == generate_tool_stubs([source], out=out).encode("utf-8")
    assert load_module(out.read_text(encoding="utf-8"), tmp_path, "cli_tools").GetWeatherParams(city="x").days is None


def test_command_reports_bad_input_in_one_line(write: Callable[[str, Any], Path], tmp_path: Path) -> None:
    source, out = write("defs.json", [CANONICAL, {"nom": "x"}]), tmp_path / "tools.py"
    result = CliRunner().invoke(tools_group, ["generate", str(source), "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{source}:1: /1: not a tool definition: expected canonical {{name, parameters}} or the tool-definition "
        'shape of a dialect (OpenAI Chat {type: "function", function: {...}}, Anthropic {name, input_schema}, ...)'
    ]
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert not out.exists()


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--out", "x.py"],  # no definitions
        ["generate", "defs.json"],  # no --out
        ["generate", "missing.json", "--out", "x.py"],
        ["generate", "defs.json", "--out", "x.py", "--bogus"],
    ],
)
def test_command_usage_errors_exit_2(write: Callable[[str, Any], Path], tmp_path: Path, args: list[str]) -> None:
    write("defs.json", CANONICAL)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        result = CliRunner().invoke(tools_group, args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.py").exists()


def test_command_unwritable_output_exits_2(write: Callable[[str, Any], Path], tmp_path: Path) -> None:
    source = write("defs.json", CANONICAL)
    result = CliRunner().invoke(tools_group, ["generate", str(source), "--out", str(tmp_path / "no" / "dir" / "t.py")])
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and len(result.stderr.splitlines()) == 1


# --- hostile strings reach the module escaped ----------------------------------------------

HOSTILE_TEXT = [
    'three """ quotes',
    'ends in a quote"',
    "a backslash \\ at the end \\",
    "a NUL \x00, a CR \r, a form feed \x0c",
    # (a lone surrogate is not JSON text at all: reading refuses it, see test_hostile_parsing)
    "separators \u2028 \x85",
]


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_hostile_descriptions_compile_and_say_themselves(
    write: Callable[[str, Any], Path], tmp_path: Path, text: str
) -> None:
    parameters = {"type": "object", "properties": {"q": {"type": "string", "description": text, "default": text}}}
    source = write("defs.json", {"name": "search", "description": text, "parameters": parameters})
    code = generate_tool_stubs([source])
    module = load_module(code, tmp_path, "hostile_tools")
    assert module.search.__doc__ == text.strip()
    assert module.TOOL_DEFINITIONS[0]["description"] == text
    assert module.TOOL_DEFINITIONS[0]["parameters"] == parameters


@pytest.mark.parametrize("name", ["new\nline.json", 'quotes""" and \\ .json', "cr\rand tab\t.json"])
def test_hostile_file_names_stay_in_the_header_comment(tmp_path: Path, name: str) -> None:
    source = tmp_path / name
    source.write_text(json.dumps(CANONICAL), encoding="utf-8")
    out = tmp_path / ("out\n" + "put.py")
    result = CliRunner().invoke(tools_group, ["generate", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    code = out.read_text(encoding="utf-8")
    header = code.splitlines()[0]
    assert header.startswith("# DO NOT EDIT: generated by `toolwire tools generate ")
    assert code.splitlines()[1].startswith('"""Parameter models')
    assert load_module(code, tmp_path, "named_tools").GetWeatherParams(city="x").city == "x"


def test_a_module_that_would_not_compile_is_not_written(
    write: Callable[[str, Any], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last line of defence: whatever slipped through, the command compiles the module
    before writing it, and exits 2 naming the line."""
    from toolwire.tools import codegen as tools_codegen

    real = tools_codegen.generate_tool_stubs
    monkeypatch.setattr(tools_codegen, "generate_tool_stubs", lambda *a, **k: real(*a, **k) + "def broken(:\n")
    source, out = write("defs.json", CANONICAL), tmp_path / "tools.py"
    result = CliRunner().invoke(tools_group, ["generate", str(source), "--out", str(out)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{out}:") and "does not compile" in lines[0], result.stderr
    assert int(lines[0].split(":")[1]) == real([source], out=out).count("\n") + 1
    assert not out.exists()


# --- a definition that no shape reads: the closest shape is blamed ---------------------------

OPENAI_CHAT = "OpenAI Chat Completions"


@pytest.mark.parametrize(
    ("content", "pointer", "title", "hint"),
    [
        # The issue's case: OpenAI's shape, spelled alike by Cohere and others, once blamed on Cohere alone.
        ({"type": "functon", "function": {"name": "a", "parameters": {}}}, "/type", OPENAI_CHAT, None),
        ({"type": "function", "function": {"nme": "a", "parameters": {}}}, "/function/name", OPENAI_CHAT, "nme"),
        (
            {"type": "function", "function": {"name": "a", "paramters": {}}},
            "/function/paramters",
            OPENAI_CHAT,
            "paramters",
        ),
        # Once blamed on Gemini, which has a `name` too: the near-miss key says Anthropic.
        ({"name": "a", "input_schem": {"type": "object"}}, "/input_schema", "Anthropic Messages", "input_schem"),
        ({"name": "a", "inputSchem": {"type": "object"}}, "/inputSchema", "Model Context Protocol", "inputSchem"),
        ({"toolSpec": {"name": "a", "inputSchema": {"jsn": {}}}}, "/toolSpec/inputSchema/json", "Bedrock", "jsn"),
    ],
    ids=["openai_type", "openai_name", "openai_parameters", "anthropic", "mcp", "bedrock"],
)
def test_the_closest_shape_is_blamed(
    write: Callable[[str, Any], Path], content: Any, pointer: str, title: str, hint: str | None
) -> None:
    path = write("defs.json", content)
    with pytest.raises(ToolsCodegenError) as caught:
        generate_tool_stubs([path])
    error = caught.value
    assert error.pointer == pointer, str(error)
    shape = error.message.split(" shape", 1)[0]  # "read as the A, B or C" / "unknown key in the A"
    assert title in shape, str(error)
    if hint is None:
        assert "typo" not in error.message
    else:
        assert f"is /{hint}" in error.message or f"/{hint} a typo of" in error.message, str(error)


def test_shapes_that_object_alike_are_all_named(write: Callable[[str, Any], Path]) -> None:
    path = write("defs.json", {"type": "functon", "function": {"name": "a", "parameters": {}}})
    with pytest.raises(ToolsCodegenError) as caught:
        generate_tool_stubs([path])
    named = caught.value.message.removeprefix("read as the ").split(" tool-definition shape")[0]
    assert OPENAI_CHAT in named and " or " in named, named  # never one of them, chosen by name order
    assert caught.value.message.endswith('expected "function", got "functon"')


def test_command_replaces_the_module_in_one_step(
    write: Callable[[str, Any], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, out = write("defs.json", CANONICAL), tmp_path / "tools.py"
    out.write_text("# the previous module\n", encoding="utf-8")
    with monkeypatch.context() as patch:  # the step that would put the new module in place fails
        patch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
        result = CliRunner().invoke(tools_group, ["generate", str(source), "--out", str(out)])
    assert result.exit_code == 2 and "cannot write" in result.stderr
    assert out.read_text(encoding="utf-8") == "# the previous module\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["defs.json", "tools.py"]
    result = CliRunner().invoke(tools_group, ["generate", str(source), "--out", str(out)])
    assert result.exit_code == 0
    assert out.read_bytes() == generate_tool_stubs([source], out=out).encode("utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["defs.json", "tools.py"]


def _synthetic_shape(name: str, schema: dict[str, Any]) -> Any:
    from toolwire.tools.dialects import DecodeFailed, ToolDefinitionShape

    def decode(value: Any) -> dict[str, Any]:
        if value.get("kind") != "function":
            raise DecodeFailed("/kind", f'expected "function", got {json.dumps(value.get("kind"))}')
        return {"name": value["function"]["name"], "parameters": {"type": "object"}}

    spellings = ({"name": ("/function/name",), "parameters": ("/function/parameters",)},)
    return ToolDefinitionShape(name, name.upper(), schema, spellings, decode)


def test_a_shape_with_if_then_branches_is_as_close_as_a_plain_one(
    write: Callable[[str, Any], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The class behind the Chat regression, on synthetic shapes: a shape that picks its form by
    if/then/else is judged by the branch the definition is closest to, not the else branch."""
    from toolwire.tools import shapes

    function = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    branched = {
        "type": "object",
        "properties": {"kind": {"enum": ["function", "custom"]}, "function": function, "custom": function},
        "required": ["kind"],
        "if": {"properties": {"kind": {"const": "function"}}},
        "then": {"properties": {"function": {"$ref": "#/properties/function"}}, "required": ["function"]},
        "else": {"required": ["custom"], "not": {"required": ["function"]}},
    }
    plain = {"type": "object", "properties": {"kind": {"const": "function"}, "function": function}}
    found = (_synthetic_shape("branched", branched), _synthetic_shape("plain", plain))
    monkeypatch.setattr(shapes, "tool_definition_shapes", lambda: found)
    path = write("defs.json", {"kind": "functon", "function": {"name": "a"}})
    with pytest.raises(ToolsCodegenError) as caught:
        generate_tool_stubs([path])
    assert caught.value.pointer == "/kind"
    assert (
        caught.value.message
        == 'read as the BRANCHED or PLAIN tool-definition shape: expected "function", got "functon"'
    )


def test_keys_a_shape_names_only_in_its_if_then_branches_count_and_are_hinted(
    write: Callable[[str, Any], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shape that names `function` only in its then branch (its other form in else) knows the
    key: a near-miss inside it gets its typo hint, and the shape is the closest."""
    from toolwire.tools import shapes

    function = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    branched = {
        "type": "object",
        "properties": {"kind": {"enum": ["function", "custom"]}},
        "required": ["kind"],
        "if": {"properties": {"kind": {"const": "function"}}},
        "then": {"properties": {"function": function}, "required": ["function"]},
        "else": {"properties": {"custom": function}, "required": ["custom"]},
    }
    other = {"type": "object", "properties": {"kind": {"type": "string"}, "name": {"type": "string"}}}
    found = (_synthetic_shape("other", other), _synthetic_shape("branched", branched))
    monkeypatch.setattr(shapes, "tool_definition_shapes", lambda: found)
    path = write("defs.json", {"kind": "functon", "function": {"nme": "a"}})
    with pytest.raises(ToolsCodegenError) as caught:
        generate_tool_stubs([path])
    assert caught.value.message.startswith("read as the BRANCHED tool-definition shape"), caught.value.message
    assert caught.value.message.endswith("(is /function/nme a typo of name?)")
