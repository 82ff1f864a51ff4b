"""TypeScript declarations of every canonical and wire schema, by our own small emitter.

Why not json-schema-to-typescript: generating must not need Node beyond tsc, must never follow
a $ref out to the network, and must give the same bytes on every run. The schemas use a small
part of JSON Schema, and this module maps that part:

- an object -> a type literal (named by an alias), `required` properties plain, the others
  optional; `additionalProperties` true or absent -> `[key: string]: unknown` (absent in a
  branch of an object schema: the intersection is as open as that schema), a schema -> an
  index signature of its type (of `unknown` beside declared properties, which TypeScript
  requires to fit the index signature), false -> none;
- `enum`/`const` -> a union of literal types; `oneOf`/`anyOf` -> a union; `allOf` and `$ref`
  beside other keywords -> an intersection; `type` lists -> unions; `items` -> arrays;
- `then` and `else` (both given) -> the union of the two, the condition unsaid;
- `$ref` within a file or to another file of the spec -> the target's name (a named import from
  another module); a target with no name of its own is written out in place.

Named types: each schema file's root, each `$defs` entry and each titled subschema, by title
(else the `$defs` key). One module per folder (`src/types/canonical.ts`,
`src/types/<dialect>.ts`) plus `src/types/index.ts` exporting each as a namespace.
Validation keywords (minLength, pattern, minimum, ...) narrow values only and are left out.
Structural keywords a type cannot say (if/then/else, not, contains, propertyNames, ...) are
named in the doc comment ("Not expressed: ..."), and a schema made only of them is `unknown`
with a comment naming them.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urljoin

from toolwire.spec.model import Spec
from toolwire.spec.overlay import label
from toolwire.targets.typescript.names import camel, doc_text, header, string
from toolwire.targets.typescript.types_layout import Named, Names, escape, layout, resolve, type_name

__all__ = ["type_modules", "type_names"]

# Keywords that only narrow the values of a type we do express, or only annotate it.
_QUIET = frozenset(
    {
        "$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples",
        "deprecated", "readOnly", "writeOnly", "format", "contentEncoding", "contentMediaType",
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems",
        "minProperties", "maxProperties", "minContains", "maxContains",
    }
)  # fmt: skip
# Keywords the emitter maps.
_MAPPED = frozenset(
    {"type", "properties", "required", "additionalProperties", "items", "enum", "const"}
    | {"oneOf", "anyOf", "allOf", "$ref"}
)
_OBJECT_KEYS = ("properties", "required", "additionalProperties")
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_WIDTH = 100
_UNION, _INTERSECTION, _ATOM = 0, 1, 2  # precedence of an emitted type
_KINDS = ("object", "array", "string", "number", "integer", "boolean", "null")  # JSON Schema's types


def _within(schema: dict[str, Any], within: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of value schema allows, of those within allows (integer is within number)."""
    types = schema.get("type")
    if isinstance(types, str):
        types = [types]
    if not isinstance(types, list):
        return within
    kinds = [t for t in types if isinstance(t, str)]
    if "number" in kinds:
        kinds.append("integer")
    return tuple(k for k in dict.fromkeys(kinds) if k in within or k not in _KINDS)


@dataclass(frozen=True)
class _Ts:
    """One emitted type: its text, precedence, and whether it says nothing (`unknown`, dropped
    from intersections)."""

    text: str
    prec: int = _ATOM
    is_unknown: bool = False

    def wrapped(self, prec: int) -> str:
        return self.text if self.prec >= prec else f"({self.text})"


_UNKNOWN = _Ts("unknown", is_unknown=True)


def type_modules(spec: Spec) -> dict[str, str]:
    """`src/types/<module>.ts` for each folder of canonical and wire schemas, and
    `src/types/index.ts`, by path."""
    folders, module_of, names = layout(spec)
    out: dict[str, str] = {}
    for folder, rels in folders.items():
        module = module_of[folder]
        sources = [label(spec, spec.sources[rel]) for rel in rels]
        out[f"src/types/{module}.ts"] = _Module(spec, names, module).render(sources)
    lines = [header(["schemas/"]), ""]
    lines += [f'export type * as {camel(m)} from "./{m}.js";' for m in module_of.values()]
    out["src/types/index.ts"] = "\n".join(lines) + "\n"
    return out


def type_names(spec: Spec) -> dict[str, str]:
    """Each schema file's type as src/types/index.ts exports it (`canonical.ToolCall`,
    `openaiChat.OpenAIChatToolCall`), by the file's path below schemas/."""
    _, _, names = layout(spec)
    return {rel: f"{camel(n.module)}.{n.name}" for (rel, pointer), n in names.by_place.items() if pointer == ""}


def _literal(value: Any) -> str:
    if isinstance(value, str):
        return string(value)
    if value is None or isinstance(value, (bool, int, float)):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    return "{ " + " ".join(f"{_key(str(k))}: {_literal(v)};" for k, v in value.items()) + " }"


def _key(name: str) -> str:
    return name if _IDENTIFIER.match(name) else string(name)


def _doc(lines: list[str], indent: str) -> list[str]:
    """A JSDoc comment of paragraphs, wrapped; none when there is nothing to say."""
    body: list[str] = []
    for paragraph in lines:
        for line in (doc_text(part) for part in paragraph.replace("\r\n", "\n").split("\n")):
            body += textwrap.wrap(
                line, max(40, _WIDTH - len(indent) - 3), break_long_words=False, break_on_hyphens=False
            ) or [""]
    if not body:
        return []
    if len(body) == 1 and len(indent) + len(body[0]) + 7 <= _WIDTH:
        return [f"{indent}/** {body[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {b}".rstrip() for b in body), f"{indent} */"]


class _Module:
    """The declarations of one module's named schemas, and the imports they need."""

    def __init__(self, spec: Spec, names: Names, module: str) -> None:
        self.spec, self.names, self.module = spec, names, module
        self.imports: dict[str, dict[str, str]] = {}  # module -> name -> local alias
        self.local = {n.name for n in names.modules.get(module, [])}

    def render(self, sources: list[str]) -> str:
        blocks = [self._declaration(named) for named in self.names.modules.get(self.module, [])]
        lines = [header(sources), ""]
        for module in sorted(self.imports):
            imported = self.imports[module]
            parts = [n if a == n else f"{n} as {a}" for n, a in sorted(imported.items())]
            lines.append(f'import type {{ {", ".join(parts)} }} from "./{module}.js";')
        if self.imports:
            lines.append("")
        return "\n".join(lines) + "\n" + "\n".join(blocks)

    def _declaration(self, named: Named) -> str:
        schema = resolve(self.spec.documents[named.rel], named.pointer)
        notes: set[str] = set()
        ts = self._schema(schema, named.rel, named.pointer, "", notes, top=True)
        doc = []
        if isinstance(schema, dict) and isinstance(schema.get("description"), str):
            doc.append(schema["description"])
        doc.append(f"From `{label(self.spec, self.spec.sources[named.rel])}#{named.pointer}`.")
        if notes:
            doc.append("Not expressed: " + ", ".join(sorted(notes)) + ".")
        lines = _doc(doc, "")
        # Always a type alias, never an interface: an object type alias has an implicit index
        # signature, so a decoder's ToolCall is also a JsonObject wherever the runtime takes one.
        lines.append(f"export type {named.name} = {ts.text};")
        return "\n".join(lines) + "\n"

    def _reference(self, named: Named) -> _Ts:
        if named.module == self.module:
            return _Ts(named.name)
        imported = self.imports.setdefault(named.module, {})
        if named.name not in imported:
            alias = named.name
            if alias in self.local or alias in {a for m in self.imports.values() for a in m.values()}:
                alias = type_name(named.module.title().replace("_", "")) + named.name
            imported[named.name] = alias
        return _Ts(imported[named.name])

    def _schema(
        self,
        schema: Any,
        rel: str,
        pointer: str,
        indent: str,
        notes: set[str],
        top: bool = False,
        seen: frozenset[tuple[str, str]] = frozenset(),
        within: tuple[str, ...] = _KINDS,
    ) -> _Ts:
        """The type of schema (at pointer of file rel); within: the kinds of value the schemas
        around it allow (a branch of `"type": "object"` is about objects only)."""
        if not top and (rel, pointer) in self.names.by_place:
            return self._reference(self.names.by_place[(rel, pointer)])
        if schema is True or schema == {}:
            return _UNKNOWN
        if schema is False:
            return _Ts("never")
        if not isinstance(schema, dict):
            return _Ts("unknown /* not a schema */", is_unknown=True)
        unmapped = sorted(k for k in schema if k not in _MAPPED and k not in _QUIET)
        for key in unmapped:
            notes.add("if/then/else" if key in ("if", "then", "else") else key)
        seen = seen | {(rel, pointer)}
        # A branch of an object schema (allOf, oneOf, ...) leaves the other properties to it.
        closed = within == ("object",)
        within = _within(schema, within)
        parts = [self._own(schema, rel, pointer, indent, notes, seen, within, closed)]
        if "$ref" in schema:
            parts.append(self._ref(schema["$ref"], rel, indent, notes, seen, within))
        for key in ("allOf", "oneOf", "anyOf"):
            branches = schema.get(key)
            if isinstance(branches, list):
                items = [
                    self._schema(b, rel, f"{pointer}/{key}/{i}", indent, notes, seen=seen, within=within)
                    for i, b in enumerate(branches)
                ]
                parts += items if key == "allOf" else [_union(items)]
        if "then" in schema and "else" in schema:  # whichever `if` picks, one of them holds
            branches = [
                self._schema(schema[k], rel, f"{pointer}/{k}", indent, notes, seen=seen, within=within)
                for k in ("then", "else")
            ]
            parts.append(_union(branches))
        said = [p for p in parts if not p.is_unknown]
        if not said:
            commented = [p for p in parts if p.text != "unknown"]
            if commented:
                return commented[0]
            if unmapped and not any(k in schema for k in ("type", "enum", "const", "$ref", *_OBJECT_KEYS)):
                words = ", ".join(dict.fromkeys("if/then/else" if k in ("if", "then", "else") else k for k in unmapped))
                return _Ts(f"unknown /* not expressed: {words} */", is_unknown=True)
            return _UNKNOWN
        if len(said) == 1:
            return said[0]
        return _Ts(" & ".join(p.wrapped(_ATOM) for p in said), _INTERSECTION)

    def _ref(
        self,
        ref: Any,
        rel: str,
        indent: str,
        notes: set[str],
        seen: frozenset[tuple[str, str]],
        within: tuple[str, ...],
    ) -> _Ts:
        if not isinstance(ref, str):
            return _Ts("unknown /* $ref is not a string */", is_unknown=True)
        target, _, fragment = urljoin(rel, ref).partition("#")
        if target not in self.spec.documents or target.startswith("meta/") or "://" in ref:
            return _Ts(f"unknown /* $ref {doc_text(ref)} is outside the types */", is_unknown=True)
        try:
            schema = resolve(self.spec.documents[target], fragment)
        except KeyError:
            return _Ts(f"unknown /* $ref {doc_text(ref)} names no schema */", is_unknown=True)
        place = (target, unquote(fragment))
        if place in self.names.by_place:
            return self._reference(self.names.by_place[place])
        if place in seen:
            return _Ts(f"unknown /* $ref {doc_text(ref)} is recursive and has no name */", is_unknown=True)
        return self._schema(schema, target, place[1], indent, notes, top=True, seen=seen, within=within)

    def _own(
        self,
        schema: dict[str, Any],
        rel: str,
        pointer: str,
        indent: str,
        notes: set[str],
        seen: frozenset[tuple[str, str]],
        within: tuple[str, ...],
        closed: bool = False,
    ) -> _Ts:
        """The type said by type, enum, const and the object and array keywords: without
        `type`, each kind within allows (the keywords only constrain their own kind)."""
        if "const" in schema:
            return _Ts(_literal(schema["const"]))
        if isinstance(schema.get("enum"), list):
            return _union([_Ts(text) for text in dict.fromkeys(_literal(v) for v in schema["enum"])])
        if "type" not in schema and not any(k in schema for k in (*_OBJECT_KEYS, "items")):
            return _UNKNOWN
        out: list[_Ts] = []
        for kind in within:
            if kind == "object":
                out.append(self._object(schema, rel, pointer, indent, notes, seen, closed))
            elif kind == "array":
                items = schema.get("items", True)
                item = self._schema(items, rel, f"{pointer}/items", indent, notes, seen=seen)
                out.append(_Ts(f"{item.wrapped(_ATOM)}[]"))
            elif kind in ("string", "boolean", "null", "number"):
                out.append(_Ts(kind))
            elif kind == "integer":
                out.append(_Ts("number"))
            else:
                out.append(_Ts(f"unknown /* type {doc_text(str(kind))} */", is_unknown=True))
        return _union(out)

    def _object(
        self,
        schema: dict[str, Any],
        rel: str,
        pointer: str,
        indent: str,
        notes: set[str],
        seen: frozenset[tuple[str, str]],
        closed: bool = False,
    ) -> _Ts:
        inner = indent + "  "
        found = schema.get("properties")
        properties: dict[str, Any] = found if isinstance(found, dict) else {}
        required = [r for r in schema.get("required", []) if isinstance(r, str)]
        lines: list[str] = []
        for key in [*properties, *(r for r in dict.fromkeys(required) if r not in properties)]:
            sub = properties.get(key, True)
            own: set[str] = set()
            ts = self._schema(sub, rel, f"{pointer}/properties/{escape(key)}", inner, own, seen=seen)
            doc = [sub["description"]] if isinstance(sub, dict) and isinstance(sub.get("description"), str) else []
            if own:
                doc.append("Not expressed: " + ", ".join(sorted(own)) + ".")
            lines += _doc(doc, inner)
            lines.append(f"{inner}{_key(key)}{'' if key in required else '?'}: {ts.text};")
        extra = schema.get("additionalProperties", not closed)
        if extra is not False:
            value = self._schema(extra, rel, f"{pointer}/additionalProperties", inner, notes, seen=seen)
            if properties and not value.is_unknown:
                lines += (
                    _doc(
                        [f"Other properties: {value.text.strip()} (an index signature must admit the declared ones)."],
                        inner,
                    )
                    if "\n" not in value.text
                    else []
                )
                value = _UNKNOWN
            lines.append(f"{inner}[key: string]: {value.text};")
        if not lines:
            return _Ts("{}")
        return _Ts("{\n" + "\n".join(lines) + f"\n{indent}}}")


def _union(items: list[_Ts]) -> _Ts:
    if not items:
        return _Ts("never")
    if any(i.is_unknown for i in items):
        return next(i for i in items if i.is_unknown)
    texts = list(dict.fromkeys(i.wrapped(_INTERSECTION) for i in items))
    if len(texts) == 1:
        return items[0]
    return _Ts(" | ".join(texts), _UNION)
