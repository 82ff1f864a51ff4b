"""`toolwire tools generate`: typed parameter models and stubs from tool definitions.

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
import shlex
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from toolwire.spec.positions import tokens
from toolwire.targets.python import names as pytarget
from toolwire.tools.definitions import Tool, camel, read_tools, to_canonical_definition
from toolwire.tools.errors import ToolsCodegenError, pointer_at

__all__ = ["ToolsCodegenError", "generate_tool_stubs", "to_canonical_definition"]

# Keywords whose values are data, not subschemas: a "$ref" inside them is not a reference.
_DATA_KEYWORDS = {"const", "default", "enum", "examples"}
_LINE_LENGTH = 88


# --- JSON Schemas into one document ----------------------------------------------------


def _combined_schema(tools: list[Tool]) -> dict[str, Any]:
    """All parameter schemas as $defs of one document, so one run names every class.

    Each tool's own $defs/definitions move up beside it under prefixed names, and its local
    $refs are rewritten to match. Generating in one run lets datamodel-code-generator
    see every name and keep nested classes apart (GetWeatherParamsUnit, SearchParamsUnit).
    """
    defs: dict[str, Any] = {}
    for tool in tools:
        defs.update(_hoist(tool, set(defs)))
    return {"$defs": defs}


def _hoist(tool: Tool, taken: set[str]) -> dict[str, Any]:
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
            new = tool.class_name + camel(def_name)
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


def _parameters_pointer(tool: Tool, *tokens: str) -> str:
    return pointer_at(tool.parameters_pointer, *tokens)


def _ref_rewriter(tool: Tool, moved: dict[tuple[str, str], str]) -> Callable[[str, str], str]:
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
        return [_rewrite_refs(item, rewrite, pointer_at(at, i)) for i, item in enumerate(node)]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            out[key] = rewrite(value, pointer_at(at, key))
        elif key in _DATA_KEYWORDS:
            out[key] = value
        else:
            out[key] = _rewrite_refs(value, rewrite, pointer_at(at, key))
    return out


# --- generating ------------------------------------------------------------------------


def _datamodel_codegen(schema: dict[str, Any]) -> str:
    # Imported here: it is slow to import and only this command needs it.
    from datamodel_code_generator import InputFileType, NamingStrategy, PythonVersion, generate
    from datamodel_code_generator.enums import DataModelType
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


def _models(tools: list[Tool]) -> tuple[list[str], str]:
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


def _stub(tool: Tool, taken: set[str]) -> Iterator[str]:
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
    tools = read_tools(paths)
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


# --- CLI -------------------------------------------------------------------------------
