"""Fields a schema does not describe: walk the instance alongside the schema.

The schemas stay open to unknown fields, so a provider adding one never fails validation; this
walk is how `--strict` still notices. At each object it gathers the subschemas that apply there
($ref, allOf, the anyOf/oneOf branches the value matches, if/then/else, dependentSchemas) and
calls a key unknown when none of them lists it in properties or patternProperties or covers it
with additionalProperties/unevaluatedProperties. An object whose schemas say nothing about its
keys (tool arguments, a JSON Schema of parameters) is opaque: free-form by design, not drift.
The same walk scores detection candidates: the schema describing more of a payload wins a tie.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import jsonschema
import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012

if TYPE_CHECKING:  # referencing has no public name for the type Registry.resolver() returns
    from referencing._core import Resolver

from toolwire.spec.positions import escape as _escape

_OBJECT_KEYWORDS = ("properties", "patternProperties", "additionalProperties", "unevaluatedProperties")
_MAX_DEPTH = 128  # deeper than any real payload; bounds recursion on adversarial input
_MAX_EXPANSION = 32  # $ref chains at one instance location (guards $ref cycles)


@dataclass(slots=True)
class Coverage:
    unknown: list[tuple[str, str]] = field(default_factory=list)  # (pointer, path with * for indices)
    described: int = 0  # keys the schema describes
    keys: list[str] = field(default_factory=list)  # pointers of the described keys
    opaque: list[str] = field(default_factory=list)  # pointers of objects free-form by design
    fixed: int = 0  # keys whose value an applicable schema fixes (const, one-value enum), as it is
    # --suggest only: per undescribed key, the schemas at its object, the object, the key.
    sites: list[tuple[list[tuple[Any, Resolver[Any]]], dict[str, Any], str]] | None = None

    @property
    def score(self) -> tuple[int, int, int]:
        """Smaller is a better description of the payload: fewest fields left undescribed; then
        most values the schema fixes and the payload has (a block's `type: "text"`, a `role`
        selecting a branch that describes more of the object): a dialect's constants say more
        about whose payload it is than how many optional fields a schema names; then most
        described. Detection uses `fair_score`."""
        return (len(self.unknown), -self.fixed, -self.described)

    def fair_score(self, opaque: set[str]) -> tuple[int, int, int]:
        """The score counting only the keys outside objects that another candidate leaves
        free-form: a schema that names the sub-fields of `thinking` or `response_format`, where
        another keeps them opaque, does not describe the payload better for that."""
        if not opaque:
            return self.score
        hidden = sum(1 for key in self.keys if _under(key, opaque))
        return (len(self.unknown), -self.fixed, -(self.described - hidden))


def _under(pointer: str, prefixes: set[str]) -> bool:
    """Whether pointer is strictly inside one of the objects at prefixes."""
    at = pointer.rfind("/")
    while at > 0:
        pointer = pointer[:at]
        if pointer in prefixes:
            return True
        at = pointer.rfind("/")
    return "" in prefixes


def _fixes(schema: Any, value: Any) -> bool:
    """Whether schema fixes the value (const, or an enum of one) and the value is it."""
    if not isinstance(schema, dict):
        return False
    if "const" in schema:
        return _same(schema["const"], value)
    enum = schema.get("enum")
    return isinstance(enum, list) and len(enum) == 1 and _same(enum[0], value)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b  # JSON equality: true is not 1


@lru_cache(maxsize=1024)
def _regex(pattern: str) -> re.Pattern[str] | None:
    try:
        return re.compile(pattern)
    except re.error:
        return None


class DriftWalker:
    def __init__(self, registry: referencing.Registry) -> None:
        self._uncrawled = registry
        self._validators: dict[int, jsonschema.protocols.Validator] = {}
        # id of an `if` subschema -> its `then` (and resolver): what the condition selects
        self._then: dict[int, tuple[Any, Resolver[Any]]] = {}

    @functools.cached_property
    def registry(self) -> referencing.Registry:
        # Crawled once, when first needed: lookups in an uncrawled registry crawl it again every
        # time (~60 ms), and most runs never walk a payload.
        return self._uncrawled.crawl()

    def coverage(self, value: Any, schema_id: str, *, sites: bool = False) -> Coverage:
        """sites: also keep where each undescribed key was found (for --suggest; slower)."""
        out = Coverage(sites=[] if sites else None)
        root = self.registry.resolver().lookup(schema_id)
        with contextlib.suppress(RecursionError):  # only on pathological schemas; keep what was found
            self._walk(value, [(root.contents, root.resolver)], [], [], out, 0)
        return out

    def _valid(self, schema: Any, resolver: Resolver[Any], value: Any) -> bool:
        # Subschemas live in the loaded documents for the walker's lifetime, so id() is stable,
        # and a subschema's base URI is fixed by where it sits: one validator per subschema.
        validator = self._validators.get(id(schema))
        if validator is None:
            validator = jsonschema.Draft202012Validator(schema, registry=self.registry, _resolver=resolver)
            self._validators[id(schema)] = validator
        try:
            valid: bool = validator.is_valid(value)
        except (referencing.exceptions.Unresolvable, RecursionError):
            return False
        return valid

    def _applicable(
        self, schema: Any, resolver: Resolver[Any], value: Any, hops: int = 0
    ) -> Iterator[tuple[dict[str, Any], Resolver[Any]]]:
        if not isinstance(schema, dict) or hops > _MAX_EXPANSION:
            return
        schema_id = schema.get("$id")
        if isinstance(schema_id, str):
            registered = self.registry.get(schema_id)
            if registered is not None and registered.contents is schema:
                # A schema file's root: its (relative) $id is its own URI, not one to join on
                # the current base again (that would compound into dialects/x/dialects/x/...).
                resolver = self.registry.resolver(base_uri=schema_id)
            else:  # an embedded resource
                resolver = resolver.in_subresource(DRAFT202012.create_resource(schema))
        yield schema, resolver
        for keyword in ("$ref", "$dynamicRef"):
            ref = schema.get(keyword)
            if isinstance(ref, str):
                try:
                    resolved = resolver.lookup(ref)
                except referencing.exceptions.Unresolvable:
                    continue
                yield from self._applicable(resolved.contents, resolved.resolver, value, hops + 1)
        for sub in schema.get("allOf", ()):
            yield from self._applicable(sub, resolver, value, hops + 1)
        for keyword in ("anyOf", "oneOf"):
            for sub in schema.get(keyword, ()):
                if self._valid(sub, resolver, value):
                    yield from self._applicable(sub, resolver, value, hops + 1)
        if "if" in schema:
            if self._valid(schema["if"], resolver, value):
                self._then[id(schema["if"])] = (schema.get("then"), resolver)
                yield from self._applicable(schema["if"], resolver, value, hops + 1)
                yield from self._applicable(schema.get("then"), resolver, value, hops + 1)
            else:
                yield from self._applicable(schema.get("else"), resolver, value, hops + 1)
        dependent = schema.get("dependentSchemas")
        if isinstance(dependent, dict) and isinstance(value, dict):
            for key, sub in dependent.items():
                if key in value:
                    yield from self._applicable(sub, resolver, value, hops + 1)

    def _walk(
        self,
        value: Any,
        schemas: list[tuple[Any, Resolver[Any]]],
        pointer: list[str],
        path: list[str],
        out: Coverage,
        depth: int,
    ) -> None:
        if depth > _MAX_DEPTH or not isinstance(value, dict | list):
            return
        applicable = [pair for schema, resolver in schemas for pair in self._applicable(schema, resolver, value)]
        if isinstance(value, dict):
            declaring = [(s, r) for s, r in applicable if any(k in s for k in _OBJECT_KEYWORDS)]
            if not declaring:
                out.opaque.append("".join(f"/{p}" for p in pointer))
                return  # opaque: free-form by design
            idle = self._idle_conditions(declaring, value)
            for key, child in value.items():
                children = self._describe(key, declaring)
                if children is None:
                    out.unknown.append(
                        (
                            "".join(f"/{p}" for p in [*pointer, _escape(key)]),
                            "".join(f"/{p}" for p in [*path, _escape(key)]),
                        )
                    )
                    if out.sites is not None:
                        out.sites.append((schemas, value, key))
                    continue
                out.described += 1
                if any(_fixes(sub, child) and id(sub) not in idle for sub, _ in children):
                    out.fixed += 1
                out.keys.append("".join(f"/{p}" for p in [*pointer, _escape(key)]))
                if children:
                    self._walk(child, children, [*pointer, _escape(key)], [*path, _escape(key)], out, depth + 1)
        else:
            for index, item in enumerate(value):
                children = []
                for s, r in applicable:
                    prefix = s.get("prefixItems")
                    if isinstance(prefix, list) and index < len(prefix):
                        children.append((prefix[index], r))
                    elif "items" in s:
                        children.append((s["items"], r))
                    elif "unevaluatedItems" in s:
                        children.append((s["unevaluatedItems"], r))
                if children:
                    self._walk(item, children, [*pointer, str(index)], [*path, "*"], out, depth + 1)

    def _idle_conditions(
        self, declaring: list[tuple[dict[str, Any], Resolver[Any]]], value: dict[str, Any]
    ) -> set[int]:
        """The subschemas of `if` conditions whose branch describes none of the object's other
        keys: a role or type that selects nothing the payload has is tested, not fixed, by the
        schema (Mistral's `if role is assistant then tool_calls` says nothing of a plain assistant
        turn, which Anthropic's role enum accepts alike), so it is no evidence of the dialect."""
        idle: set[int] = set()
        for condition, _ in declaring:
            selected = self._then.get(id(condition))
            if selected is None:
                continue
            own = condition.get("properties")
            if not isinstance(own, dict):
                continue
            branch = [s for s, _ in self._applicable(selected[0], selected[1], value)]
            others = [k for k in value if k not in own]
            if not any(isinstance(p := b.get("properties"), dict) and k in p for b in branch for k in others):
                idle.update(id(sub) for sub in own.values())
        return idle

    @staticmethod
    def _describe(
        key: str, declaring: list[tuple[dict[str, Any], Resolver[Any]]]
    ) -> list[tuple[Any, Resolver[Any]]] | None:
        """The subschemas that describe key's value, or None when no schema describes key."""
        children: list[tuple[Any, Resolver[Any]]] = []
        covered = False
        for schema, resolver in declaring:
            properties = schema.get("properties")
            if isinstance(properties, dict) and key in properties:
                children.append((properties[key], resolver))
                covered = True
                continue
            matched = False
            patterns = schema.get("patternProperties")
            if isinstance(patterns, dict):
                for pattern, sub in patterns.items():
                    regex = _regex(pattern)
                    if regex is not None and regex.search(key):
                        children.append((sub, resolver))
                        matched = True
            if matched:
                covered = True
                continue
            for keyword in ("additionalProperties", "unevaluatedProperties"):
                extra = schema.get(keyword)
                if extra is not None and extra is not False:
                    children.append((extra, resolver))
                    covered = True
                    break
        return children if covered else None
