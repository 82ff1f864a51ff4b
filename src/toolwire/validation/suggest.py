"""`validate --strict --suggest`: the drift report as a JSON Patch (RFC 6902) per schema file.

Each undescribed key is added to one schema object: among the subschemas that apply at its
object and declare object keywords (the ones the drift walk consulted), the most specific one
with `properties` of its own: reached through the most conditional branches (a matched anyOf/oneOf
branch, then/else, dependentSchemas), then through the most `$ref`s (the `$defs` entry, not each
user of it), then the last in the walk's order. An `if` is a condition, never a target, and a
branch that only re-states keys a less conditional schema declares defines none of its own. Types come
from the values seen: the JSON types (a list when several), an object's keys as properties, an
array's items; strings stay `{"type": "string"}` (no enums or formats are guessed from a
sample). The patch is computed from the loaded documents, so paths are relative to the spec
folder and the patch applies to any copy of it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012

if TYPE_CHECKING:  # referencing has no public name for the type Registry.resolver() returns
    from referencing._core import Resolver

from toolwire.spec.json_input import json_type
from toolwire.spec.positions import escape, pointer, tokens
from toolwire.validation.drift import _MAX_EXPANSION, _OBJECT_KEYWORDS, Coverage, DriftWalker

MAX_KEYS = 256  # distinct keys of one new object kept as properties; more is a map: free-form
MAX_DEPTH = 64  # deeper values are inferred as their type alone (free-form below)
MAX_SUGGESTIONS = 10_000  # distinct (schema object, key) pairs kept, like the drift report's paths
_BRANCHES = frozenset({"anyOf", "oneOf", "then", "else", "dependentSchemas"})

Site = tuple[str, str, str, Any]  # (schema file, JSON Pointer of the schema object, key, value)


@dataclass(slots=True)
class Shape:
    """What the values seen at one place have in common; merges across payloads and processes."""

    types: set[str] = field(default_factory=set)
    properties: dict[str, Shape] = field(default_factory=dict)
    items: Shape | None = None
    free: bool = False  # an object with too many keys, or too deep: left free-form

    def add(self, value: Any, depth: int = 0) -> None:
        kind = json_type(value)
        self.types.add(kind)
        if depth >= MAX_DEPTH:
            self.free = self.free or kind == "object"
            return
        if kind == "object" and not self.free:
            for key, child in value.items():
                self._property(key).add(child, depth + 1)
        elif kind == "array":
            for item in value:
                if self.items is None:
                    self.items = Shape()
                self.items.add(item, depth + 1)

    def _property(self, key: str) -> Shape:
        known = self.properties.get(key)
        if known is not None:
            return known
        if self.free or len(self.properties) >= MAX_KEYS:
            self.free = True
            self.properties.clear()
            return Shape()  # counted nowhere: the object is free-form now
        known = self.properties[key] = Shape()
        return known

    def merge(self, other: Shape) -> None:
        self.types |= other.types
        self.free = self.free or other.free
        for key, shape in other.properties.items():
            self._property(key).merge(shape)
        if self.free:
            self.properties.clear()
        if other.items is not None:
            if self.items is None:
                self.items = Shape()
            self.items.merge(other.items)

    def schema(self) -> dict[str, Any]:
        types = set(self.types)
        if "number" in types:
            types.discard("integer")  # every integer is a number
        ordered = sorted(types)
        out: dict[str, Any] = {"type": ordered[0] if len(ordered) == 1 else ordered}
        if "object" in types and self.properties and not self.free:
            out["properties"] = {k: self.properties[k].schema() for k in sorted(self.properties)}
        if "array" in types and self.items is not None:
            out["items"] = self.items.schema()
        return out


@dataclass
class Suggestions:
    """Undescribed keys by the schema object that should describe them: (file, pointer) -> key -> Shape."""

    added: dict[tuple[str, str], dict[str, Shape]] = field(default_factory=dict)
    count: int = 0  # distinct (schema object, key) pairs
    unplaced: set[str] = field(default_factory=set)  # drift paths no schema object could take

    def add(self, sites: list[Site]) -> None:
        for file, at, key, value in sites:
            self._shape(file, at, key).add(value)

    def _shape(self, file: str, at: str, key: str) -> Shape:
        keys = self.added.setdefault((file, at), {})
        shape = keys.get(key)
        if shape is None:
            shape = Shape()
            if self.count < MAX_SUGGESTIONS:
                keys[key] = shape
                self.count += 1
        return shape

    def unplace(self, paths: Iterable[str]) -> None:
        for path in paths:
            if len(self.unplaced) < MAX_SUGGESTIONS:
                self.unplaced.add(path)

    def merge(self, other: Suggestions) -> None:
        for (file, at), keys in other.added.items():
            for key, shape in keys.items():
                self._shape(file, at, key).merge(shape)
        self.unplace(other.unplaced)

    def patch(self, documents: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
        """{file: [RFC 6902 add operations]}: a key per op where the object has `properties`,
        else one op adding `properties` with all of them."""
        out: dict[str, list[dict[str, Any]]] = {}
        for (file, at), keys in sorted(self.added.items()):
            if not keys:
                continue
            node = _resolve(documents.get(file), at)
            ops = out.setdefault(file, [])
            if isinstance(node, dict) and isinstance(node.get("properties"), dict):
                for key in sorted(keys):
                    ops.append({"op": "add", "path": f"{at}/properties/{escape(key)}", "value": keys[key].schema()})
            else:
                value = {key: keys[key].schema() for key in sorted(keys)}
                ops.append({"op": "add", "path": f"{at}/properties", "value": value})
        for ops in out.values():
            ops.sort(key=lambda op: op["path"])
        return dict(sorted(out.items()))


def _resolve(node: Any, at: str) -> Any:
    """The node at a JSON Pointer, or None."""
    for token in tokens(at):
        if isinstance(node, dict):
            node = node.get(token)
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def _restates(properties: dict[str, Any], branches: int, found: list[tuple[dict[str, Any], int, int]]) -> bool:
    """A branch whose keys a less conditional applicable schema already declares only re-checks
    them (an if/then making `function` required, its schema by $ref to #/properties/function):
    it defines nothing there, so a new key belongs where those keys are defined."""
    if not branches or not properties:
        return False
    declared = {
        key
        for sub, b, _ in found
        if b < branches and isinstance(sub.get("properties"), dict)
        for key in sub["properties"]
    }
    return properties.keys() <= declared


class Suggester:
    """Turns a payload's undescribed keys into sites: the schema object each belongs in. Built
    only under --suggest, so detection and the plain --strict walk stay as they are."""

    def __init__(self, documents: dict[str, Any], walker: DriftWalker) -> None:
        self.documents = documents
        self.walker = walker

    @functools.cached_property
    def index(self) -> dict[int, tuple[str, str]]:
        """id() of every object in the loaded documents -> (file, JSON Pointer). The documents
        live as long as the walker, so ids are stable."""
        out: dict[int, tuple[str, str]] = {}
        for file, document in self.documents.items():
            stack: list[tuple[Any, list[str]]] = [(document, [])]
            while stack:
                node, path = stack.pop()
                if isinstance(node, dict):
                    out[id(node)] = (file, pointer(path))
                    stack.extend((v, [*path, k]) for k, v in node.items())
                elif isinstance(node, list):
                    stack.extend((v, [*path, str(i)]) for i, v in enumerate(node))
        return out

    def sites(self, value: Any, schema_id: str, coverage: Coverage | None = None) -> tuple[list[Site], list[str]]:
        """The sites of a payload's undescribed keys, and the drift paths no schema object can take."""
        if coverage is None or coverage.sites is None:
            coverage = self.walker.coverage(value, schema_id, sites=True)
        assert coverage.sites is not None
        out: list[Site] = []
        unplaced: list[str] = []
        chosen: dict[int, tuple[str, str] | None] = {}  # per object: its keys share a target
        for (schemas, obj, key), (_, path) in zip(coverage.sites, coverage.unknown, strict=True):
            if id(obj) not in chosen:
                chosen[id(obj)] = self._target(schemas, obj)
            target = chosen[id(obj)]
            if target is None:
                unplaced.append(path)
            else:
                out.append((*target, key, obj[key]))
        return out, unplaced

    def _target(self, schemas: list[tuple[Any, Resolver[Any]]], obj: dict[str, Any]) -> tuple[str, str] | None:
        found = [
            (sub, sum(s in _BRANCHES for s in steps), steps.count("$ref"))
            for schema, resolver in schemas
            for sub, steps in self._expand(schema, resolver, obj, (), 0)
            if "if" not in steps and any(k in sub for k in _OBJECT_KEYWORDS) and id(sub) in self.index
        ]
        best: tuple[tuple[bool, int, int, int], dict[str, Any]] | None = None
        for order, (sub, branches, refs) in enumerate(found):
            properties = sub.get("properties")
            defines = isinstance(properties, dict) and not _restates(properties, branches, found)
            rank = (defines, branches, refs, order)
            if best is None or rank > best[0]:
                best = (rank, sub)
        return self.index[id(best[1])] if best is not None else None

    def _expand(
        self, schema: Any, resolver: Resolver[Any], value: Any, steps: tuple[str, ...], hops: int
    ) -> Iterator[tuple[dict[str, Any], tuple[str, ...]]]:
        """DriftWalker._applicable with the keywords that led to each subschema (a test holds the
        two to the same subschemas)."""
        walker = self.walker
        if not isinstance(schema, dict) or hops > _MAX_EXPANSION:
            return
        schema_id = schema.get("$id")
        if isinstance(schema_id, str):
            registered = walker.registry.get(schema_id)
            if registered is not None and registered.contents is schema:
                resolver = walker.registry.resolver(base_uri=schema_id)
            else:
                resolver = resolver.in_subresource(DRAFT202012.create_resource(schema))
        yield schema, steps
        for keyword in ("$ref", "$dynamicRef"):
            ref = schema.get(keyword)
            if isinstance(ref, str):
                try:
                    resolved = resolver.lookup(ref)
                except referencing.exceptions.Unresolvable:
                    continue
                yield from self._expand(resolved.contents, resolved.resolver, value, (*steps, "$ref"), hops + 1)
        for sub in schema.get("allOf", ()):
            yield from self._expand(sub, resolver, value, (*steps, "allOf"), hops + 1)
        for keyword in ("anyOf", "oneOf"):
            for sub in schema.get(keyword, ()):
                if walker._valid(sub, resolver, value):
                    yield from self._expand(sub, resolver, value, (*steps, keyword), hops + 1)
        if "if" in schema:
            if walker._valid(schema["if"], resolver, value):
                yield from self._expand(schema["if"], resolver, value, (*steps, "if"), hops + 1)
                yield from self._expand(schema.get("then"), resolver, value, (*steps, "then"), hops + 1)
            else:
                yield from self._expand(schema.get("else"), resolver, value, (*steps, "else"), hops + 1)
        dependent = schema.get("dependentSchemas")
        if isinstance(dependent, dict) and isinstance(value, dict):
            for key, sub in dependent.items():
                if key in value:
                    yield from self._expand(sub, resolver, value, (*steps, "dependentSchemas"), hops + 1)
