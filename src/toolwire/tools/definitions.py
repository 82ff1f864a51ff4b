"""Reading tool definitions for `toolwire tools generate`: each file holds one definition or a
list, canonical or in any dialect's tool-definition shape (see shapes), checked and named."""

from __future__ import annotations

import keyword
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolwire.spec.json_input import ParseError, ReadProblem, parse_document, read_source
from toolwire.tools.errors import Converted, ToolsCodegenError, pointer_at
from toolwire.tools.shapes import from_dialect

_CANONICAL_KEYS = {"name", "description", "parameters", "strict", "extensions"}


@dataclass(frozen=True)
class Tool:
    """One tool definition read from a file, canonical, with the names its code gets."""

    definition: dict[str, Any]  # canonical
    path: Path
    pointer: str  # of the definition in its file
    class_name: str
    func_name: str
    name_pointer: str  # where the file spells the name and the parameters (shapes differ)
    parameters_pointer: str


# --- reading and converting definitions --------------------------------------------------


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


def _convert(value: Any, path: Path, pointer: str) -> Converted:
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


def _from_canonical(value: dict[str, Any], path: Path, pointer: str) -> Converted:
    converted = _common(value, "parameters", path, pointer)
    if "extensions" in value:
        if not isinstance(value["extensions"], dict):
            raise ToolsCodegenError(path, pointer_at(pointer, "extensions"), "must be an object")
        converted.definition["extensions"] = value["extensions"]
    return converted


def _common(source: dict[str, Any], parameters_key: str, path: Path, at: str) -> Converted:
    """name, description, parameters and strict, checked; `at` locates source in the file."""
    name = source.get("name")
    if not isinstance(name, str) or not name:
        where = pointer_at(at, "name")
        raise ToolsCodegenError(path, where, f"the tool name must be a non-empty string, got {_json_type(name)}")
    out: dict[str, Any] = {"name": name}
    if "description" in source:
        if not isinstance(source["description"], str):
            raise ToolsCodegenError(path, pointer_at(at, "description"), "must be a string")
        out["description"] = source["description"]
    parameters = source.get(parameters_key)
    parameters_pointer = pointer_at(at, parameters_key)
    if not isinstance(parameters, dict):
        raise ToolsCodegenError(path, parameters_pointer, f"must be a JSON Schema object, got {_json_type(parameters)}")
    if parameters.get("type", "object") != "object":
        raise ToolsCodegenError(
            path, pointer_at(parameters_pointer, "type"), 'tool arguments are an object: type must be "object"'
        )
    out["parameters"] = parameters
    if "strict" in source:
        if not isinstance(source["strict"], bool):
            raise ToolsCodegenError(path, pointer_at(at, "strict"), "must be true or false")
        out["strict"] = source["strict"]
    return Converted(out, pointer_at(at, "name"), parameters_pointer)


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


def read_tools(files: list[Path]) -> list[Tool]:
    tools: list[Tool] = []
    seen: dict[str, Tool] = {}  # by tool name, class name and function name
    for path in files:
        document = _load(path)
        items = list(enumerate(document)) if isinstance(document, list) else [(None, document)]
        for index, item in items:
            pointer = "" if index is None else pointer_at("", index)
            converted = _convert(item, path, pointer)
            _check_schema(converted.definition["parameters"], path, converted.parameters_pointer)
            name = converted.definition["name"]
            tool = Tool(
                converted.definition,
                path,
                pointer,
                camel(name) + "Params",
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
            path, pointer_at(pointer, *error.absolute_path), f"not valid JSON Schema: {error.message}"
        )


# --- names ----------------------------------------------------------------------------


def camel(name: str) -> str:
    words = [w for w in re.split(r"[^0-9A-Za-z]+", name) if w]
    camel = "".join(w[:1].upper() + w[1:] for w in words) or "Tool"
    return "Tool" + camel if camel[0].isdigit() else camel


def _identifier(name: str) -> str:
    ident = re.sub(r"\W", "_", name, flags=re.ASCII)
    if not ident or ident[0].isdigit():
        ident = "tool_" + ident
    return ident + "_" if keyword.iskeyword(ident) else ident
