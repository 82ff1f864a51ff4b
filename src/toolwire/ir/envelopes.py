"""What makes a payload a request or response of a dialect, read from its envelope schema.

extract() must refuse a payload that is not an envelope of its dialect (another dialect's
response, a bare tool call, `{"choices": 5}`) instead of finding no parts in it. The check
is derived here, at generation time, from the envelope schema itself: the root's required
keys (with its anyOf/oneOf alternatives), and the JSON types the schema allows at every
root property and along every location path. The derivation is sound: where the schema is
unclear (if/then, patternProperties, a contradiction) it constrains nothing, so a payload
the schema accepts is never refused.
"""

from __future__ import annotations

import posixpath
from typing import Any

from toolwire.spec.json_input import json_type
from toolwire.spec.positions import tokens

JSON_TYPES = ("object", "array", "string", "number", "integer", "boolean", "null")
_DEPTH = 40  # $ref chains deeper than this constrain nothing (a recursive schema)


class _Schemas:
    """The offline schema set, by $id, with $ref resolved relative to the referring file."""

    def __init__(self, documents: dict[str, dict[str, Any]]) -> None:
        self.documents = documents

    def resolve(self, rel: str, ref: str) -> tuple[str, Any]:
        file, _, fragment = ref.partition("#")
        target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), file)) if file else rel
        node: Any = self.documents.get(target)
        for token in tokens(fragment):
            node = node.get(token) if isinstance(node, dict) else None
        return target, node

    def types(self, rel: str, node: Any, toks: list[str], depth: int = 0) -> frozenset[str] | None:
        """The JSON types a value at toks below node may have (None: any)."""
        if not isinstance(node, dict) or depth > _DEPTH:
            return None
        found: list[frozenset[str] | None] = []  # every entry must hold (a conjunction)
        if toks:
            head, rest = toks[0], toks[1:]
            sub = node.get("items") if head == "*" else _property(node, head)
            if sub is not None:
                found.append(self.types(rel, sub, rest, depth + 1))
        else:
            found.append(_own_types(node))
        if isinstance(node.get("$ref"), str):
            found.append(self.types(*self.resolve(rel, node["$ref"]), toks, depth + 1))
        for member in node.get("allOf", []):
            found.append(self.types(rel, member, toks, depth + 1))
        for key in ("anyOf", "oneOf"):
            if key in node:
                branches = [self.types(rel, b, toks, depth + 1) for b in self._holding(rel, node[key], toks, depth)]
                typed = [b for b in branches if b is not None]
                found.append(frozenset().union(*typed) if len(typed) == len(branches) else None)
        known = [f for f in found if f is not None]
        if not known:
            return None
        allowed = frozenset.intersection(*known)
        return allowed or None  # a contradiction is this reading's fault, not the payload's

    def values(self, rel: str, node: Any, toks: list[str], depth: int = 0) -> tuple[Any, ...] | None:
        """The only values (an enum or const of scalars) a value at toks below node may have
        (None: any); read like types(): every $ref and allOf entry holds, an alternative each."""
        if not isinstance(node, dict) or depth > _DEPTH:
            return None
        found: list[tuple[Any, ...] | None] = []
        if toks:
            head, rest = toks[0], toks[1:]
            sub = node.get("items") if head == "*" else _property(node, head)
            if sub is not None:
                found.append(self.values(rel, sub, rest, depth + 1))
        else:
            found.append(_own_values(node))
        if isinstance(node.get("$ref"), str):
            found.append(self.values(*self.resolve(rel, node["$ref"]), toks, depth + 1))
        for member in node.get("allOf", []):
            found.append(self.values(rel, member, toks, depth + 1))
        for key in ("anyOf", "oneOf"):
            if key in node:
                branches = [self.values(rel, b, toks, depth + 1) for b in self._holding(rel, node[key], toks, depth)]
                present = [b for b in branches if b is not None]
                if branches and len(present) == len(branches):
                    found.append(tuple(v for b in present for v in b))
        known = [f for f in found if f is not None]
        if not known:
            return None
        allowed = tuple(v for v in dict.fromkeys(known[0]) if all(_member(v, other) for other in known[1:]))
        return allowed or None  # a contradiction is this reading's fault, not the payload's

    def names(self, rel: str, node: Any, toks: list[str], depth: int = 0) -> set[str] | None:
        """Every member name the schema gives an object at toks below node, under any
        condition (if/then/else too): a closed object's only keys (None: any key may be)."""
        if not isinstance(node, dict) or depth > _DEPTH:
            return set()
        if not toks and node.get("patternProperties"):
            return None
        names: set[str] | None = set()
        subs: list[tuple[str, Any, list[str]]] = []
        if toks:
            head, rest = toks[0], toks[1:]
            sub = node.get("items") if head == "*" else _property(node, head)
            subs.append((rel, sub, rest))
        else:
            names = set(node.get("properties", {}))
        if isinstance(node.get("$ref"), str):
            subs.append((*self.resolve(rel, node["$ref"]), toks))
        for key in ("allOf", "anyOf", "oneOf"):
            subs += [(rel, member, toks) for member in node.get(key, [])]
        subs += [(rel, node[key], toks) for key in ("then", "else") if key in node]
        for where, sub, at in subs:
            more = self.names(where, sub, at, depth + 1)
            if more is None or names is None:
                return None
            names |= more
        return names

    def required_at(self, rel: str, node: Any, toks: list[str], depth: int = 0) -> set[str]:
        """The keys an object at toks below node must have (if/then and alternatives that
        disagree require nothing)."""
        if not isinstance(node, dict) or depth > _DEPTH:
            return set()
        keys: set[str] = set()
        if toks:
            head, rest = toks[0], toks[1:]
            sub = node.get("items") if head == "*" else _property(node, head)
            if sub is not None:
                keys |= self.required_at(rel, sub, rest, depth + 1)
        else:
            keys |= set(node.get("required", []))
        if isinstance(node.get("$ref"), str):
            keys |= self.required_at(*self.resolve(rel, node["$ref"]), toks, depth + 1)
        for member in node.get("allOf", []):
            keys |= self.required_at(rel, member, toks, depth + 1)
        for key in ("anyOf", "oneOf"):
            branches = self._holding(rel, node.get(key, []), toks, depth)
            if branches:
                keys |= set.intersection(*[self.required_at(rel, b, toks, depth + 1) for b in branches])
        return keys

    def _holding(self, rel: str, branches: list[Any], toks: list[str], depth: int) -> list[Any]:
        """The alternatives that can hold a value at toks: a path into an array or object
        says nothing about a string alternative (content: a string or an array of blocks)."""
        if not toks:
            return branches
        container = "array" if toks[0] == "*" else "object"
        held = []
        for branch in branches:
            own = self.types(rel, branch, [], depth + 1)
            if own is None or container in own:
                held.append(branch)
        return held

    def properties(self, rel: str, node: Any, depth: int = 0) -> set[str]:
        """Root property names the schema describes (through $ref and allOf)."""
        if not isinstance(node, dict) or depth > _DEPTH:
            return set()
        names = set(node.get("properties", {}))
        if isinstance(node.get("$ref"), str):
            names |= self.properties(*self.resolve(rel, node["$ref"]), depth + 1)
        for member in node.get("allOf", []):
            names |= self.properties(rel, member, depth + 1)
        return names

    def required(self, rel: str, node: Any) -> list[tuple[str, ...]]:
        """The alternative sets of root keys a payload must have (one set must be complete)."""
        base = set(node.get("required", []))
        if isinstance(node.get("$ref"), str):
            _target, ref = self.resolve(rel, node["$ref"])
            base |= set(ref.get("required", [])) if isinstance(ref, dict) else set()
        for key in ("anyOf", "oneOf"):
            if key in node and all(isinstance(b, dict) for b in node[key]):
                return sorted({tuple(sorted(base | set(b.get("required", [])))) for b in node[key]})
        return [tuple(sorted(base))]


def _property(node: dict[str, Any], name: str) -> Any:
    props = node.get("properties", {})
    if name in props:
        return props[name]
    extra = node.get("additionalProperties")
    return extra if isinstance(extra, dict) and not node.get("patternProperties") else None


def _own_types(node: dict[str, Any]) -> frozenset[str] | None:
    found = []
    if "type" in node:
        named = {node["type"]} if isinstance(node["type"], str) else set(node["type"])
        found.append(frozenset(named | ({"integer"} if "number" in named else set())))
    if "const" in node:
        found.append(frozenset({json_type(node["const"])}))
    if "enum" in node:
        found.append(frozenset(json_type(v) for v in node["enum"]))
    return frozenset.intersection(*found) if found else None


def _own_values(node: dict[str, Any]) -> tuple[Any, ...] | None:
    found = [(node["const"],)] if "const" in node else []
    if isinstance(node.get("enum"), list):
        found.append(tuple(node["enum"]))
    scalar = [f for f in found if all(v is None or isinstance(v, (str, bool, int, float)) for v in f)]
    if len(scalar) != len(found) or not found:
        return None  # an object or array value: checked by type only
    return tuple(v for v in scalar[0] if all(_member(v, other) for other in scalar[1:]))


def _member(value: Any, values: tuple[Any, ...]) -> bool:
    """value is one of values, as the runtimes compare (true is not 1; 1 is 1.0)."""
    return any((type(v) is bool) == (type(value) is bool) and v == value for v in values)


def envelope_check(
    documents: dict[str, dict[str, Any]], rel: str, paths: list[Any], closed: tuple[Any, ...] = ()
) -> dict[str, Any]:
    """The check of one envelope kind: alternative sets of required root keys; (key, allowed
    JSON types) of the root's properties; and (pointer tokens, allowed JSON types, required)
    at the root and every deeper prefix of every location path (required: the key must be in
    every object holding it), shallowest first so that the first failure is the root cause, each
    with the only values the schema allows there (an enum) and, at a closed path (its clients
    refuse unknown members), the only keys an object there may have; and, for a closed root,
    its only keys. closed: the token lists of the closed paths (() the root)."""
    schemas = _Schemas(documents)
    root = documents[rel]
    wanted: list[tuple[str, ...]] = [()]
    wanted += [(name,) for name in sorted(schemas.properties(rel, root))]
    paths = [tuple(toks) for toks in paths] + [tuple(toks) for toks in closed if toks]
    for toks in paths:
        wanted += [toks[:n] for n in range(1, len(toks) + 1)]
    # where the schema says nothing (an if/then), the location path itself says what holds the
    # next step: an array before '*', an object before a key (null: left out)
    holders = {toks[:n]: ("array" if toks[n] == "*" else "object") for toks in paths for n in range(len(toks))}
    checks = []

    def add(toks: tuple[str, ...], allowed: frozenset[str] | None, must: bool) -> None:
        values = schemas.values(rel, root, list(toks))
        keys = schemas.names(rel, root, list(toks)) if toks in closed and toks else None
        if (allowed is not None and set(allowed) != set(JSON_TYPES)) or must or values or keys is not None:
            types = tuple(t for t in JSON_TYPES if t in (allowed or JSON_TYPES))
            checks.append((toks, types, must, values, tuple(sorted(keys)) if keys is not None else None))

    for toks in sorted(set(wanted), key=lambda t: (len(t), wanted.index(t))):
        allowed = schemas.types(rel, root, list(toks))
        if allowed is None and tuple(toks) in holders:
            allowed = frozenset({holders[tuple(toks)], "null"})
        add(toks, allowed, False)
        if toks:  # the root's required keys are the alternatives below
            for key in sorted(schemas.required_at(rel, root, list(toks))):
                add((*toks, key), schemas.types(rel, root, [*toks, key]), True)
    # the root's properties are checked by looking each payload key up: most are left out
    top = [(toks[0], types) for toks, types, must, values, keys in checks if len(toks) == 1 and not must]
    deeper = [check for check in checks if len(check[0]) != 1 or check[2] or check[3] or check[4] is not None]
    known = tuple(sorted(schemas.properties(rel, root))) if () in closed else None
    return {"required": schemas.required(rel, root), "top": top, "checks": deeper, "known": known}
