"""TypedDicts of the canonical model (schemas/canonical/*.json): the generated package's
`canonical_types` module, which the converters' signatures name (`decode_tool_call(...) ->
ToolCall`). Types only: the runtime never reads them.

The schemas use a small part of JSON Schema and this module maps that part:

- an object with `properties` -> a TypedDict, `required` keys plain, the others `NotRequired`;
  an object without them -> `dict[str, X]`, X the `additionalProperties` type (else Any);
- `const`/`enum` -> `Literal[...]`; `oneOf`/`anyOf` -> a union; `type` lists -> unions;
  `items` -> `list[X]`; `true` or `{}` -> Any; `$ref` -> the target's name.

Named types: each file's root and each `$defs` entry or titled subschema, by title (a title
taken by another file gets the file's title in front). An anonymous object with properties is
named after its parent and key. Conditions a type cannot say (if/then/else, allOf, a oneOf of
`required` lists) are named in the docstring ("Not expressed: ...").
"""

from __future__ import annotations

import keyword
import re
import textwrap
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urljoin

from toolwire.spec.model import TYPE_NAMES, Spec
from toolwire.spec.overlay import label
from toolwire.targets.python.names import docstring_text, header, literal

__all__ = ["canonical_types", "type_name_of"]

MODULE = "canonical_types"
_UNSAID = ("if", "then", "else", "not", "allOf", "dependentRequired", "dependentSchemas", "propertyNames")
_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_WIDTH = 100  # the formatter's line length (it wraps code, never docstrings or comments)
_REFERENCE = re.compile("\x00([A-Za-z0-9_]+)\x00")  # a named type in a spelled type, until it is laid out
_TAKEN = frozenset({"Any", "Literal", "NotRequired", "TypeAlias", "TypedDict"})  # the module's imports


def _pascal(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


@dataclass
class _Named:
    name: str
    rel: str
    pointer: str
    schema: Any
    doc: list[str] = field(default_factory=list)
    fields: list[tuple[str, str, bool]] | None = None  # a TypedDict's (key, type, required)
    alias: str = ""  # else the type it names
    uses: list[str] = field(default_factory=list)  # names it refers to (laid out before it)


class _Emitter:
    """Names every canonical schema worth a name, then spells each as a TypedDict or alias."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.rels = sorted(rel for rel in spec.documents if rel.startswith("canonical/"))
        self.by_place: dict[tuple[str, str], str] = {}
        self.named: dict[str, _Named] = {}
        roots = {rel: self._title(spec.documents[rel], rel) for rel in self.rels}
        for rel in self.rels:  # the files' own names first: a $defs entry gives way to them
            self._name(rel, "", roots[rel], roots[rel])
        for rel in self.rels:
            doc = spec.documents[rel]
            for key, sub in sorted((doc.get("$defs") or {}).items()):
                self._name(rel, f"/$defs/{key}", self._title(sub, key), roots[rel])
            for index, sub in enumerate(doc.get("oneOf") or []):
                if isinstance(sub, dict) and isinstance(sub.get("title"), str):
                    self._name(rel, f"/oneOf/{index}", sub["title"], roots[rel])

    @staticmethod
    def _title(schema: Any, fallback: str) -> str:
        title = schema.get("title") if isinstance(schema, dict) else None
        return _pascal(title if isinstance(title, str) else fallback.removesuffix(".json").rsplit("/", 1)[-1])

    def _name(self, rel: str, pointer: str, wanted: str, root: str) -> str:
        name = wanted if wanted not in self.named else root + wanted
        if not name or name[0].isdigit():  # a title of no letters, or one a name cannot start with
            name = "Type" + name
        while name in self.named or name in _TAKEN or keyword.iskeyword(name):
            name += "_"
        self.named[name] = _Named(name, rel, pointer, _resolve(self.spec.documents[rel], pointer))
        self.by_place[(rel, pointer)] = name
        return name

    def emit(self) -> list[str]:
        for named in list(self.named.values()):
            self._declare(named)
        return self._ordered()

    def _declare(self, named: _Named) -> None:
        schema, notes = named.schema, _unsaid(named.schema)
        if isinstance(schema, dict) and isinstance(schema.get("description"), str):
            named.doc.append(schema["description"])
        named.doc.append(f"From `{label(self.spec, self.spec.sources[named.rel])}#{named.pointer}`.")
        if notes:
            named.doc.append("Not expressed: " + ", ".join(notes) + ".")
        if isinstance(schema, dict) and isinstance(schema.get("properties"), dict):
            required = set(schema.get("required") or [])
            named.fields = [
                (
                    key,
                    self._type(sub, named.rel, f"{named.pointer}/properties/{key}", named, named.name + _pascal(key)),
                    key in required,
                )
                for key, sub in schema["properties"].items()
            ]
        else:
            named.alias = self._type(schema, named.rel, named.pointer, named)

    def _use(self, owner: _Named, name: str) -> str:
        owner.uses.append(name)
        return f"\x00{name}\x00"

    def _type(self, schema: Any, rel: str, pointer: str, owner: _Named, anonymous: str = "") -> str:
        if schema is True or schema == {} or not isinstance(schema, dict):
            return "Any"
        if isinstance(schema.get("$ref"), str):
            return self._ref(schema["$ref"], rel, owner)
        if "const" in schema:
            return f"Literal[{literal(schema['const'])}]"
        if isinstance(schema.get("enum"), list):
            return "Literal[" + ", ".join(literal(v) for v in schema["enum"]) + "]"
        for key in ("oneOf", "anyOf"):
            if isinstance(schema.get(key), list) and "properties" not in schema:
                subs = [self._member(sub, rel, f"{pointer}/{key}/{i}", owner) for i, sub in enumerate(schema[key])]
                return " | ".join(dict.fromkeys(subs))
        kinds = schema.get("type")
        if kinds is None:  # no type: an object only where object keywords say so
            kinds = ["object"] if "additionalProperties" in schema or "properties" in schema else []
        kinds = [kinds] if isinstance(kinds, str) else kinds if isinstance(kinds, list) else []
        if not kinds:
            return "Any"
        return " | ".join(self._kind(k, schema, rel, pointer, owner, anonymous) for k in kinds)

    def _member(self, schema: Any, rel: str, pointer: str, owner: _Named) -> str:
        place = self.by_place.get((rel, pointer))
        return self._type(schema, rel, pointer, owner) if place is None else self._use(owner, place)

    def _kind(self, kind: str, schema: dict[str, Any], rel: str, pointer: str, owner: _Named, anonymous: str) -> str:
        if kind in _SCALARS:
            return _SCALARS[kind]
        if kind == "array":
            return f"list[{self._type(schema.get('items', True), rel, f'{pointer}/items', owner)}]"
        if kind != "object":
            return "Any"
        if isinstance(schema.get("properties"), dict):  # an anonymous object: a TypedDict of its own
            name = self._name(rel, pointer, anonymous or owner.name + "Item", owner.name)
            self._declare(self.named[name])
            return self._use(owner, name)
        extra = schema.get("additionalProperties", True)
        value = (
            "Any"
            if extra is True or extra is False
            else self._type(extra, rel, f"{pointer}/additionalProperties", owner, f"{anonymous or owner.name}Value")
        )
        return f"dict[str, {value}]"

    def _ref(self, ref: str, rel: str, owner: _Named) -> str:
        target = urljoin(rel, ref)
        file, _, pointer = target.partition("#")
        name = self.by_place.get((file, unquote(pointer)))
        if name is None:  # a target without a name of its own: spelled in place
            schema = _resolve(self.spec.documents[file], unquote(pointer))
            return self._type(schema, file, unquote(pointer), owner)
        return self._use(owner, name)

    def _ordered(self) -> list[str]:
        """Each declaration after the ones it names; a name not declared yet (a cycle) makes
        the type that uses it a string, as Python needs it."""
        done: dict[str, str] = {}
        visiting: set[str] = set()

        def visit(named: _Named) -> None:
            if named.name in done or named.name in visiting:
                return
            visiting.add(named.name)
            for used in named.uses:
                visit(self.named[used])
            visiting.discard(named.name)
            done[named.name] = _declaration(named, done)

        for named in sorted(self.named.values(), key=lambda n: (n.rel, n.pointer != "", n.name)):
            visit(named)
        return list(done.values())


def _spelled(spelling: str, declared: dict[str, str]) -> str:
    """A spelled type with its names laid out: quoted as a whole when it names one not declared yet."""
    ahead = any(m[1] not in declared for m in _REFERENCE.finditer(spelling))
    plain = _REFERENCE.sub(lambda m: m[1], spelling)
    return literal(plain) if ahead else plain


def _declaration(named: _Named, declared: dict[str, str]) -> str:
    """A TypedDict class (functional syntax when a key is no identifier), or a type alias."""
    if named.fields is None:
        comment = "".join(f"# {line}\n" for line in textwrap.wrap(" ".join(named.doc), _WIDTH - 2))
        return f"{comment}{named.name}: TypeAlias = {_spelled(named.alias, declared)}\n"
    fields = [
        (k, _spelled(t, declared) if req else f"NotRequired[{_spelled(t, declared)}]") for k, t, req in named.fields
    ]
    doc = _docstring(named.doc)
    if all(_IDENTIFIER.match(key) and not keyword.iskeyword(key) for key, _ in fields):
        body = "".join(f"    {key}: {spelled}\n" for key, spelled in fields) or "    pass\n"
        return f"class {named.name}(TypedDict):\n    {doc}\n\n{body}"
    items = "".join(f"        {literal(key)}: {spelled},\n" for key, spelled in fields)
    doc = doc.replace("\n    ", "\n")
    return f'{named.name} = TypedDict(\n    "{named.name}",\n    {{\n{items}    }},\n)\n{doc}\n'


def _docstring(paragraphs: list[str]) -> str:
    """A class docstring, its quotes included, each paragraph wrapped and indented one level."""
    # the first line starts after the quotes: three characters of it stand in for them
    text = "\n\n".join(
        textwrap.fill(p, _WIDTH - 4, initial_indent="   " if not i else "") for i, p in enumerate(paragraphs)
    )
    text = text[3:]
    if "\n" not in text and len(text) <= _WIDTH - 10:
        return f'"""{docstring_text(text)}"""'
    body = docstring_text(text, multiline=True).replace("\n", "\n    ").replace("\n    \n", "\n\n")
    return f'"""{body}\n    """'


def _resolve(document: Any, pointer: str) -> Any:
    node = document
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


def _unsaid(schema: Any) -> list[str]:
    if not isinstance(schema, dict):
        return []
    notes = [key for key in _UNSAID if key in schema]
    if "properties" in schema and "oneOf" in schema:
        notes.append("oneOf")
    return notes


def canonical_types(spec: Spec) -> str:
    """The module's text (formatted by the target's formatter afterwards)."""
    emitter = _Emitter(spec)
    declared = emitter.emit()
    names = list(emitter.named)
    sources = sorted({label(spec, spec.sources[n.rel]) for n in emitter.named.values()})
    doc = (
        '"""The canonical model as TypedDicts: what `decode_<shape>` returns and `encode_<shape>`\n'
        "takes (a plain dict, one of these or a pydantic model of `models.canonical`).\n"
        "Types only: the converters neither build nor check these classes.\n"
        '"""\n'
    )
    imports = "from typing import Any, Literal, NotRequired, TypeAlias, TypedDict\n"
    exported = "__all__ = [\n" + "".join(f"    {literal(n)},\n" for n in sorted(names)) + "]\n"
    body = "\n\n".join(declared)
    return f"{header(sources)}\n{doc}\n{imports}\n{exported}\n\n{body}"


def type_name_of(shape: str) -> str:
    """The TypedDict a canonical shape's converters speak (tool_call -> ToolCall)."""
    return TYPE_NAMES.get(shape) or _pascal(shape)
