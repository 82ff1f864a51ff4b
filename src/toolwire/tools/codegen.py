"""Typed parameter models and stubs from tool definitions (the command is toolwire.cli.tools).

Each input file holds one tool definition or a list of them, as canonical ToolDefinitions or
in any dialect's tool-definition shape (read by the generated decoders). Every tool gets a
pydantic model of its parameters, ``<CamelName>Params`` (made by datamodel-code-generator), and a stub
``def <name>(params: <CamelName>Params) -> Any`` to fill in; ``TOOL_DEFINITIONS`` keeps the
canonical definitions. The output is byte-deterministic for the same inputs.
"""

from __future__ import annotations

import ast
import builtins
import json
import keyword
import re
import shlex
import sys
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolwire.spec.json_input import ParseError, ReadProblem, parse_document, read_source
from toolwire.spec.positions import pointer, pointer_line, tokens
from toolwire.targets.python import names as pytarget

__all__ = ["ToolsCodegenError", "generate_tool_stubs", "to_canonical_definition"]

_CANONICAL_KEYS = {"name", "description", "parameters", "strict", "extensions"}
_NO_PARAMETERS: dict[str, Any] = {"type": "object", "properties": {}}
# Keywords whose values are data, not subschemas: a "$ref" inside them is not a reference.
_DATA_KEYWORDS = {"const", "default", "enum", "examples"}
_LINE_LENGTH = 88


class ToolsCodegenError(Exception):
    """Bad input, located by file and JSON Pointer (RFC 6901; "" is the whole document)."""

    def __init__(self, path: Path | str, pointer: str, message: str, line: int | None = None) -> None:
        super().__init__(path, pointer, message)
        self.path = Path(path)
        self.pointer = pointer
        self.message = message
        self.line = line

    def __str__(self) -> str:
        # One line, like a compiler error (`file:line: /pointer: message`); the document is "/".
        message = " ".join(self.message.split())
        return f"{self.path}:{self.line or self._line()}: {self.pointer or '/'}: {message}"

    def _line(self) -> int:
        """Where the pointer starts in the file (1 when the file cannot be read as text)."""
        try:
            return pointer_line(self.path.read_text(encoding="utf-8-sig"), self.pointer)
        except (OSError, UnicodeDecodeError):
            return 1


@dataclass(frozen=True)
class _Tool:
    definition: dict[str, Any]  # canonical
    path: Path
    pointer: str  # of the definition in its file
    class_name: str
    func_name: str
    name_pointer: str  # where the file spells the name and the parameters (shapes differ)
    parameters_pointer: str


@dataclass(frozen=True)
class _Converted:
    definition: dict[str, Any]
    name_pointer: str
    parameters_pointer: str


# --- reading and converting definitions --------------------------------------------------


def _pointer(base: str, *tokens: str | int) -> str:
    return base + pointer(tokens)


def _load(path: Path) -> Any:
    """A definition file, read by the one JSON reader every command uses (toolwire.spec.json_input)."""
    try:
        return parse_document(read_source(str(path)))
    except ReadProblem as exc:
        raise ToolsCodegenError(path, "", str(exc)) from None
    except ParseError as exc:
        where = f"line {exc.line}" + (f" column {exc.column}" if exc.column else "")
        what = "invalid JSON" if exc.keyword == "parse" else "unreadable"
        raise ToolsCodegenError(path, "", f"{what} at {where}: {exc.message}", exc.line) from None


def to_canonical_definition(value: Any, path: Path, pointer: str = "") -> dict[str, Any]:
    """Convert one tool definition to a canonical ToolDefinition: a canonical ``{name,
    parameters}``, or the tool-definition shape of any dialect, read by that dialect's
    generated decoder."""
    return _convert(value, path, pointer).definition


def _convert(value: Any, path: Path, pointer: str) -> _Converted:
    from toolwire.tools.shapes import from_dialect  # it needs this module's error and result types

    if not isinstance(value, dict):
        raise ToolsCodegenError(path, pointer, f"a tool definition must be a JSON object, got {_json_type(value)}")
    if "name" in value and "parameters" in value and value.keys() <= _CANONICAL_KEYS:
        try:
            return _from_canonical(value, path, pointer)
        except ToolsCodegenError as error:
            try:  # Gemini's {name, parameters} in its OpenAPI subset looks canonical too
                return from_dialect(value, path, pointer)
            except ToolsCodegenError:
                raise error from None
    return from_dialect(value, path, pointer)


def _from_canonical(value: dict[str, Any], path: Path, pointer: str) -> _Converted:
    converted = _common(value, "parameters", path, pointer)
    if "extensions" in value:
        if not isinstance(value["extensions"], dict):
            raise ToolsCodegenError(path, _pointer(pointer, "extensions"), "must be an object")
        converted.definition["extensions"] = value["extensions"]
    return converted


def _common(source: dict[str, Any], parameters_key: str, path: Path, at: str) -> _Converted:
    """name, description, parameters and strict, checked; `at` locates source in the file."""
    name = source.get("name")
    if not isinstance(name, str) or not name:
        where = _pointer(at, "name")
        raise ToolsCodegenError(path, where, f"the tool name must be a non-empty string, got {_json_type(name)}")
    out: dict[str, Any] = {"name": name}
    if "description" in source:
        if not isinstance(source["description"], str):
            raise ToolsCodegenError(path, _pointer(at, "description"), "must be a string")
        out["description"] = source["description"]
    parameters = source.get(parameters_key)
    parameters_pointer = _pointer(at, parameters_key)
    if not isinstance(parameters, dict):
        raise ToolsCodegenError(path, parameters_pointer, f"must be a JSON Schema object, got {_json_type(parameters)}")
    if parameters.get("type", "object") != "object":
        raise ToolsCodegenError(
            path, _pointer(parameters_pointer, "type"), 'tool arguments are an object: type must be "object"'
        )
    out["parameters"] = parameters
    if "strict" in source:
        if not isinstance(source["strict"], bool):
            raise ToolsCodegenError(path, _pointer(at, "strict"), "must be true or false")
        out["strict"] = source["strict"]
    return _Converted(out, _pointer(at, "name"), parameters_pointer)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def _read_tools(files: list[Path]) -> list[_Tool]:
    tools: list[_Tool] = []
    seen: dict[str, _Tool] = {}  # by tool name, class name and function name
    for path in files:
        document = _load(path)
        items = list(enumerate(document)) if isinstance(document, list) else [(None, document)]
        for index, item in items:
            pointer = "" if index is None else _pointer("", index)
            converted = _convert(item, path, pointer)
            _check_schema(converted.definition["parameters"], path, converted.parameters_pointer)
            name = converted.definition["name"]
            tool = _Tool(
                converted.definition,
                path,
                pointer,
                _camel(name) + "Params",
                _identifier(name),
                converted.name_pointer,
                converted.parameters_pointer,
            )
            for key in (f"tool name {name!r}", f"class {tool.class_name}", f"function {tool.func_name}"):
                if key in seen:
                    other = seen[key]
                    where = f"{other.path}: {other.pointer or '/'}"
                    raise ToolsCodegenError(
                        path, tool.name_pointer, f"{name!r} clashes with the tool at {where}: both need the {key}"
                    )
                seen[key] = tool
            tools.append(tool)
    return tools


def _check_schema(schema: dict[str, Any], path: Path, pointer: str) -> None:
    """Report a parameters schema that is not valid JSON Schema (datamodel-code-generator
    would quietly make Any of an unknown type, say)."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
    from jsonschema.validators import validator_for

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an unknown $schema falls back to draft 2020-12
        cls = validator_for(schema, default=Draft202012Validator)
    error = best_match(cls(cls.META_SCHEMA).iter_errors(schema))
    if error is not None:
        raise ToolsCodegenError(
            path, _pointer(pointer, *error.absolute_path), f"not valid JSON Schema: {error.message}"
        )


# --- names ----------------------------------------------------------------------------


def _camel(name: str) -> str:
    words = [w for w in re.split(r"[^0-9A-Za-z]+", name) if w]
    camel = "".join(w[:1].upper() + w[1:] for w in words) or "Tool"
    return "Tool" + camel if camel[0].isdigit() else camel


def _identifier(name: str) -> str:
    ident = re.sub(r"\W", "_", name, flags=re.ASCII)
    if not ident or ident[0].isdigit():
        ident = "tool_" + ident
    return ident + "_" if keyword.iskeyword(ident) else ident


# --- JSON Schemas into one document ----------------------------------------------------


def _combined_schema(tools: list[_Tool]) -> dict[str, Any]:
    """All parameter schemas as $defs of one document, so one run names every class.

    Each tool's own $defs/definitions move up beside it under prefixed names, and its local
    $refs are rewritten to match. Generating in one run lets datamodel-code-generator
    see every name and keep nested classes apart (GetWeatherParamsUnit, SearchParamsUnit).
    """
    defs: dict[str, Any] = {}
    for tool in tools:
        defs.update(_hoist(tool, set(defs)))
    return {"$defs": defs}


def _hoist(tool: _Tool, taken: set[str]) -> dict[str, Any]:
    schema = dict(tool.definition["parameters"])
    schema.pop("$schema", None)
    schema.pop("$id", None)
    moved: dict[tuple[str, str], str] = {}  # (container, def name) -> new $defs key
    out: dict[str, Any] = {}
    names = {tool.class_name} | taken
    for container in ("$defs", "definitions"):
        inner = schema.pop(container, None)
        if inner is None:
            continue
        if not isinstance(inner, dict):
            raise ToolsCodegenError(tool.path, _parameters_pointer(tool, container), "must be an object")
        for def_name in inner:
            new = tool.class_name + _camel(def_name)
            while new in names:
                new += "_"
            names.add(new)
            moved[(container, def_name)] = new
    rewrite = _ref_rewriter(tool, moved)
    out[tool.class_name] = _rewrite_refs(schema, rewrite, _parameters_pointer(tool))
    for container in ("$defs", "definitions"):
        inner = tool.definition["parameters"].get(container) or {}
        for def_name, def_schema in inner.items():
            at = _parameters_pointer(tool, container, def_name)
            out[moved[(container, def_name)]] = _rewrite_refs(def_schema, rewrite, at)
    return out


def _parameters_pointer(tool: _Tool, *tokens: str) -> str:
    return _pointer(tool.parameters_pointer, *tokens)


def _ref_rewriter(tool: _Tool, moved: dict[tuple[str, str], str]) -> Callable[[str, str], str]:
    root = f"#/$defs/{tool.class_name}"

    def rewrite(ref: str, at: str) -> str:
        if not ref.startswith("#"):
            raise ToolsCodegenError(tool.path, at, f"only local $refs (#/...) are supported, not {ref!r}")
        if ref in ("#", "#/"):
            return root
        parts = ref[2:].split("/")  # still escaped: the rest is copied as it is
        if len(parts) >= 2 and parts[0] in ("$defs", "definitions"):
            new = moved.get((parts[0], tokens("/" + parts[1])[0]))
            if new is None:
                raise ToolsCodegenError(tool.path, at, f"$ref {ref!r} points to no definition")
            return "/".join([f"#/$defs/{new}", *parts[2:]])
        return root + ref[1:]

    return rewrite


def _rewrite_refs(node: Any, rewrite: Callable[[str, str], str], at: str) -> Any:
    if isinstance(node, list):
        return [_rewrite_refs(item, rewrite, _pointer(at, i)) for i, item in enumerate(node)]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            out[key] = rewrite(value, _pointer(at, key))
        elif key in _DATA_KEYWORDS:
            out[key] = value
        else:
            out[key] = _rewrite_refs(value, rewrite, _pointer(at, key))
    return out


# --- generating ------------------------------------------------------------------------


def _datamodel_codegen(schema: dict[str, Any]) -> str:
    # Imported here: it is slow to import and only this command needs it.
    from datamodel_code_generator import DataModelType, InputFileType, NamingStrategy, PythonVersion, generate
    from datamodel_code_generator.format import Formatter
    from datamodel_code_generator.parser import LiteralType

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice is for its own CLI users; errors still raise
        code = generate(
            json.dumps(schema),
            input_file_type=InputFileType.JsonSchema,
            output_model_type=DataModelType.PydanticV2BaseModel,
            target_python_version=PythonVersion.PY_311,
            disable_timestamp=True,
            formatters=[Formatter.BUILTIN],
            naming_strategy=NamingStrategy.ParentPrefixed,  # nested classes named after their tool
            skip_root_model=True,  # the document root only holds $defs
            strict_refs=True,
            enum_field_as_literal=LiteralType.All,  # Literal["c", "f"]: plain strings validate, defaults stay valid
            field_constraints=True,  # Field(ge=1) rather than conint(ge=1)
            use_double_quotes=True,
        )
    if not isinstance(code, str):
        raise TypeError(f"datamodel-code-generator returned {type(code).__name__}, expected one module")
    return code


def _models(tools: list[_Tool]) -> tuple[list[str], str]:
    """Import lines and class definitions for every tool's parameter model."""
    try:
        code = _datamodel_codegen(_combined_schema(tools))
    except ToolsCodegenError:
        raise
    except Exception as exc:  # find which tool it was, to point at it
        for tool in tools:
            try:
                _datamodel_codegen(_combined_schema([tool]))
            except Exception as single:
                raise ToolsCodegenError(
                    tool.path, _parameters_pointer(tool), f"cannot generate a model: {single}"
                ) from None
        raise ToolsCodegenError(tools[0].path, "", f"cannot generate models: {exc}") from None
    imports, body = _split_imports(code)
    defined = {node.name for node in ast.parse(body).body if isinstance(node, ast.ClassDef)}
    for tool in tools:
        if tool.class_name not in defined:
            raise ToolsCodegenError(
                tool.path, _parameters_pointer(tool), f"the model was not generated as {tool.class_name}"
            )
    imports.setdefault("typing", set()).add(("Any", None))
    return _render_imports(imports), body


def _split_imports(code: str) -> tuple[dict[str, set[tuple[str, str | None]]], str]:
    """datamodel-code-generator's imports by module, and the code after them."""
    tree = ast.parse(code)
    imports: dict[str, set[tuple[str, str | None]]] = {}
    last_line = 0
    for node in tree.body:
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            break
        last_line = node.end_lineno or node.lineno
        if isinstance(node, ast.ImportFrom):
            if node.module != "__future__":
                imports.setdefault(node.module or "", set()).update((a.name, a.asname) for a in node.names)
        else:
            for alias in node.names:
                imports.setdefault("", set()).add((alias.name, alias.asname))
    body = "\n".join(code.splitlines()[last_line:]).strip("\n")
    return imports, body


def _render_imports(imports: dict[str, set[tuple[str, str | None]]]) -> list[str]:
    groups: tuple[list[str], list[str]] = ([], [])
    for module in sorted(imports):
        names = sorted(imports[module], key=lambda n: (n[0], n[1] or ""))
        if module == "":  # plain `import x`
            for name, alias in names:
                groups[0 if name.split(".")[0] in sys.stdlib_module_names else 1].append(
                    f"import {name}" + (f" as {alias}" if alias else "")
                )
            continue
        spelled = [name + (f" as {alias}" if alias else "") for name, alias in names]
        line = f"from {module} import {', '.join(spelled)}"
        if len(line) > _LINE_LENGTH:
            line = f"from {module} import (\n" + "".join(f"    {s},\n" for s in spelled) + ")"
        groups[0 if module.split(".")[0] in sys.stdlib_module_names else 1].append(line)
    lines = ["from __future__ import annotations", ""]
    for group in groups:
        if group:
            lines += [*group, ""]
    return lines


def _literal(value: Any, indent: str = "", used: int = 0) -> str:
    """A JSON value as a Python literal, laid out as a formatter would: on one line where it
    fits (``used`` columns are taken before it), else one item per line."""
    flat = _flat_literal(value)
    if len(indent) + used + len(flat) + 1 <= _LINE_LENGTH or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = indent + "    "
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            spelled = pytarget.string(key) + ": "
            items.append(f"{inner}{spelled}{_literal(item, inner, len(spelled))},\n")
        return "{\n" + "".join(items) + indent + "}"
    return "[\n" + "".join(f"{inner}{_literal(item, inner)},\n" for item in value) + indent + "]"


def _flat_literal(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{pytarget.string(k)}: {_flat_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flat_literal(v) for v in value) + "]"
    return pytarget.literal(value)


def _docstring(text: str, indent: str) -> str:
    lines = pytarget.docstring_text(text.strip(), multiline=True).split("\n")
    body = "\n".join([lines[0], *((indent + line) if line.strip() else "" for line in lines[1:])])
    return f'{indent}"""{body}"""' if len(lines) == 1 else f'{indent}"""{body}\n{indent}"""'


def _stub(tool: _Tool, taken: set[str]) -> Iterator[str]:
    func = tool.func_name
    while func in taken:  # never shadow a class or import of this module
        func += "_"
    taken.add(func)
    yield f"def {func}(params: {tool.class_name}) -> Any:"
    description = tool.definition.get("description")
    if description and description.strip():
        yield _docstring(description, "    ")
    yield "    raise NotImplementedError"


def generate_tool_stubs(definition_files: list[Path], *, out: Path | None = None) -> str:
    """The stub module for the tools in definition_files, as text.

    ``out`` only appears in the DO NOT EDIT header, which spells the regenerating command.
    Raises ToolsCodegenError (file and JSON Pointer) for input it cannot use.
    """
    paths = [Path(p) for p in definition_files]
    tools = _read_tools(paths)
    command = " ".join(["toolwire tools generate", *(shlex.quote(p.as_posix()) for p in paths)])
    if out is not None:
        command += f" --out {shlex.quote(Path(out).as_posix())}"
    lines = [
        f"# DO NOT EDIT: generated by `{pytarget.comment_text(command)}`",
        f'"""Parameter models and stubs for {len(tools)} tool(s)."""',
        "",
    ]
    if tools:
        imports, models = _models(tools)
    else:
        imports, models = ["from __future__ import annotations", "", "from typing import Any", ""], ""
    lines += imports
    if models:
        lines += ["", models, "", ""]
    else:
        lines += [""]
    definitions = [tool.definition for tool in tools]
    assignment = "TOOL_DEFINITIONS: list[dict[str, Any]] = "
    lines.append(assignment + _literal(definitions, "", len(assignment)))
    # A stub must not shadow a class, an import or a builtin that the models may still resolve.
    taken = _module_names("\n".join([*imports, models])) | {"TOOL_DEFINITIONS", *dir(builtins)}
    for tool in tools:
        lines += ["", "", *_stub(tool, taken)]
    return "\n".join(lines) + "\n"


def _module_names(code: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(code)) if code else ():
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
    return names
