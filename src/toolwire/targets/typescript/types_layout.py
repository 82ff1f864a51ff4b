"""Where each schema's TypeScript type lives: one module per folder of schema files, and a
name for each file's root, `$defs` entry and titled subschema (by title, else the `$defs` key;
a name taken in its module gets the file's root name before it, then a number)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from toolwire.ir.errors import GenerateError
from toolwire.spec.model import Spec
from toolwire.targets.typescript.names import RESERVED

__all__ = ["Named", "Names", "escape", "layout", "resolve", "type_name"]

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


@dataclass
class Named:
    module: str
    name: str
    rel: str
    pointer: str


@dataclass
class Names:
    """Every named schema by (file, JSON pointer), and each module's declarations in order."""

    by_place: dict[tuple[str, str], Named] = field(default_factory=dict)
    modules: dict[str, list[Named]] = field(default_factory=dict)
    taken: dict[str, set[str]] = field(default_factory=dict)

    def add(self, module: str, rel: str, pointer: str, wanted: str, prefix: str) -> None:
        if (rel, pointer) in self.by_place:
            return
        taken = self.taken.setdefault(module, set())
        name = wanted
        if name in taken and not name.startswith(prefix):
            name = prefix + name
        base, count = name, 2
        while name in taken:
            name, count = f"{base}{count}", count + 1
        taken.add(name)
        named = Named(module, name, rel, pointer)
        self.by_place[(rel, pointer)] = named
        self.modules.setdefault(module, []).append(named)


def layout(spec: Spec) -> tuple[dict[str, list[str]], dict[str, str], Names]:
    """The schema files by folder, each folder's module name, and every named schema."""
    folders: dict[str, list[str]] = {}
    for rel in sorted(spec.documents):
        if not rel.startswith("meta/"):
            folders.setdefault(rel.rpartition("/")[0], []).append(rel)
    module_of: dict[str, str] = {}
    for folder in folders:
        module = folder.rpartition("/")[2] or "schemas"
        if module in module_of.values() or not _IDENTIFIER.match(module) or module in RESERVED:
            raise GenerateError(f"schemas/{folder}/: no TypeScript type module name for this folder")
        module_of[folder] = module
    names = Names()
    for folder, rels in folders.items():  # every file's root first: they keep their titles
        for rel in rels:
            names.add(module_of[folder], rel, "", _root_name(spec.documents[rel], rel), "")
    for folder, rels in folders.items():
        for rel in rels:
            doc = spec.documents[rel]
            _name_below(names, module_of[folder], rel, "", doc, _root_name(doc, rel))
    return folders, module_of, names


def type_name(text: str) -> str:
    """A TypeScript type name for a title or key ("" when it has no letters or digits)."""
    if not _IDENTIFIER.match(text):
        parts = [p for p in re.split(r"[^A-Za-z0-9_$]+", text) if p]
        text = "".join(p[:1].upper() + p[1:] for p in parts)
        if text[:1].isdigit():
            text = "_" + text
    return text + "_" if text in RESERVED else text


def _root_name(doc: dict[str, Any], rel: str) -> str:
    title = doc.get("title")
    name = type_name(title) if isinstance(title, str) else ""
    stem = rel.rsplit("/", 1)[-1].removesuffix(".json")
    return (
        name or type_name("".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", stem))) or "Schema"
    )


def _children(schema: dict[str, Any], pointer: str) -> list[tuple[str, Any]]:
    """The subschemas the emitter writes as types (not those of if/then/not: unexpressed)."""
    out: list[tuple[str, Any]] = []
    properties = schema.get("properties")
    if isinstance(properties, dict):
        out += [(f"{pointer}/properties/{escape(k)}", v) for k, v in properties.items()]
    for key in ("additionalProperties", "items"):
        if isinstance(schema.get(key), dict):
            out.append((f"{pointer}/{key}", schema[key]))
    for key in ("allOf", "anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            out += [(f"{pointer}/{key}/{i}", v) for i, v in enumerate(schema[key])]
    if "then" in schema and "else" in schema:  # a value meets one of them: then | else
        out += [(f"{pointer}/then", schema["then"]), (f"{pointer}/else", schema["else"])]
    return out


def _name_below(names: Names, module: str, rel: str, pointer: str, schema: Any, prefix: str) -> None:
    """Name the $defs entries and titled subschemas below schema, in document order."""
    if not isinstance(schema, dict):
        return
    for child_pointer, child in _children(schema, pointer):
        title = child.get("title") if isinstance(child, dict) else None
        if isinstance(title, str) and type_name(title):
            names.add(module, rel, child_pointer, type_name(title), prefix)
        _name_below(names, module, rel, child_pointer, child, prefix)
    defs = schema.get("$defs")
    if isinstance(defs, dict):
        for key, child in defs.items():
            title = child.get("title") if isinstance(child, dict) else None
            wanted = (type_name(title) if isinstance(title, str) else "") or type_name(key) or "Def"
            names.add(module, rel, f"{pointer}/$defs/{escape(key)}", wanted, prefix)
            _name_below(names, module, rel, f"{pointer}/$defs/{escape(key)}", child, prefix)


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def resolve(doc: Any, pointer: str) -> Any:
    """The subschema at a JSON pointer (percent-decoded), or KeyError."""
    node = doc
    for token in unquote(pointer).split("/")[1:] if pointer else []:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise KeyError(pointer)
    return node
