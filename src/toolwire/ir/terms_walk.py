"""Walk the two meta-schemas, and the mappings written against them, in the registry's key
spelling (see toolwire.ir.terms for the spelling and for which enums are term-valued).

One walker serves both: over a meta-schema alone it lists every term the vocabulary has; over
a mapping it lists the terms that mapping writes. Both follow the same `$defs`, so a term's key
is the same whichever side finds it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final

from toolwire.spec.model import Spec

DIALECT_META: Final = "meta/dialect.schema.json"
STREAM_META: Final = "meta/stream.schema.json"

# Where each meta-schema's root and vocabulary `$defs` are written: the key prefix of their
# terms (the registry's contexts). A `$def` not named here is inlined where it is referenced
# (pointer, constants, values, id_policy are parts of the term that uses them, not places).
CONTEXTS: Final[Mapping[str, Mapping[str, str]]] = {
    DIALECT_META: {
        "#": "dialect",
        "shape": "shape",
        "variant": "variant",
        "field": "field",
        "schema_profile": "field.schema_profile",
        "envelope": "envelope",
        "conversation": "conversation",
        "request": "conversation.request",
        "response": "conversation.response",
        "system": "conversation.system",
        "turn": "conversation.turn",
        "spelling": "conversation.spelling",
        "setting": "conversation.setting",
        "rule": "rule",
    },
    STREAM_META: {"#": "stream", "rule": "stream.rules[]", "event_kind": "stream.events[]"},
}

# Enums whose values are vocabulary terms: each value names behaviour the code implements.
TERM_VALUED: Final = frozenset(
    {
        "field.encoding",
        "field.parts[].fields{}.encoding",
        "field.schema_profile",
        "field.fallback",
        "field.string",
        "field.parts[].canonical.type",
        "stream.framing",
        "stream.rules[].role",
        "stream.events[].types{}",
        "stream.relay.reads[].kind",
        "stream.relay.writes{}[].set{}",
        "conversation.system.string",
        "conversation.turn.string",
        "conversation.turn.empty",
        "conversation.spelling.fields{}.encoding",
        "conversation.setting.encoding",
        "rule.kind",
        "rule.fill",
    }
)
# Enums whose values are names of things defined elsewhere (the canonical shapes, JSON's types).
STRUCTURAL: Final = frozenset(
    {
        "envelope.locations[].shape",
        "rule.envelope",  # an envelope kind
        "rule.empty[]",  # JSON's empty forms
        "field.parts[].fields{}.wire_type",
        # canonical names: message part kinds, roles, finish reasons
        "conversation.spelling.part",
        "conversation.spelling.role",
        "conversation.spelling.roles[]",
        "conversation.spelling.fields{}.citations[].kind",  # canonical citation kinds
        "conversation.turn.fields[].part",
        "conversation.turn.fields[].with",
        "conversation.turn.fields[].roles[]",
        "conversation.response.role",
        "conversation.turn.absent_role",
        "conversation.response.finish_reason.values[][]",
        "conversation.response.finish_reason.detail.values[][]",
        "conversation.response.usage_excludes{}[]",  # canonical usage count names
    }
)

# Keywords whose subschemas are conditions on the term's value, not places to write terms.
_CONDITIONS: Final = ("if", "then", "else", "allOf", "anyOf", "oneOf", "not")
_NO_DATA: Final = object()  # walking a meta-schema alone, not a mapping


class UnclassifiedEnum(ValueError):
    """A meta-schema enum the registry has not decided about (term-valued or structural)."""


def spell(value: object) -> str:
    """An enum value as written in a key: strings as they are, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


class _Walker:
    def __init__(self, meta: Mapping[str, Any], contexts: Mapping[str, str]) -> None:
        self.defs: Mapping[str, Any] = meta.get("$defs", {})
        self.contexts = contexts
        self.found: set[str] = set()

    def walk(self, node: Any, key: str, data: Any = _NO_DATA) -> None:
        if not isinstance(node, dict):
            return  # a boolean schema says nothing about terms
        ref = node.get("$ref")
        if isinstance(ref, str):
            self._ref(ref, key, data)
        if "enum" in node:
            self._enum(node["enum"], key, data)
        properties: Mapping[str, Any] = node.get("properties", {})
        for name, sub in properties.items():
            if data is _NO_DATA:
                self.found.add(f"{key}.{name}")
                self.walk(sub, f"{key}.{name}")
            elif isinstance(data, dict) and name in data:
                self.found.add(f"{key}.{name}")
                self.walk(sub, f"{key}.{name}", data[name])
            elif isinstance(data, dict) and f"{key}.{name}" in TERM_VALUED and "default" in sub:
                # leaving the keyword out writes the meta-schema's default (encoding value)
                self.found.add(f"{key}.{name}={spell(sub['default'])}")
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            if data is _NO_DATA:
                self.walk(extra, key + "{}")
            elif isinstance(data, dict):
                for name, value in data.items():
                    if name not in properties:
                        self.walk(extra, key + "{}", value)
        for items in [node.get("items"), *node.get("prefixItems", [])]:
            if data is _NO_DATA:
                self.walk(items, key + "[]")
            elif isinstance(data, list):
                for value in data:
                    self.walk(items, key + "[]", value)
        # propertyNames are the keys of a map (shape, envelope, canonical field names): names,
        # never terms; the _CONDITIONS keywords constrain values and are not walked either.

    def _ref(self, ref: str, key: str, data: Any) -> None:
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"{key}: only local $refs are walked, got {ref!r}")
        name = ref.removeprefix("#/$defs/")
        if name in self.contexts:
            if data is not _NO_DATA:  # in a mapping, the subtree is written in the def's context
                self.walk(self.defs[name], self.contexts[name], data)
            return  # in the meta-schema, every context's def is walked once on its own
        self.walk(self.defs[name], key, data)

    def _enum(self, values: list[Any], key: str, data: Any) -> None:
        if key in STRUCTURAL:
            return
        if key not in TERM_VALUED:
            raise UnclassifiedEnum(f"{key}: enum {values!r} is neither in TERM_VALUED nor in STRUCTURAL")
        if data is _NO_DATA:
            self.found.update(f"{key}={spell(v)}" for v in values)
        elif any(data == v and type(data) is type(v) for v in values):
            self.found.add(f"{key}={spell(data)}")


def schema_terms(meta: Mapping[str, Any], contexts: Mapping[str, str]) -> set[str]:
    """Every term key one meta-schema defines."""
    walker = _Walker(meta, contexts)
    walker.walk(meta, contexts["#"])
    for name, prefix in contexts.items():
        if name != "#":
            walker.walk(walker.defs[name], prefix)
    return walker.found


def meta_schema_terms(schemas_root: Path) -> set[str]:
    """Every term key the two meta-schemas below schemas_root define."""
    found: set[str] = set()
    for rel, contexts in CONTEXTS.items():
        meta = json.loads((schemas_root / rel).read_text(encoding="utf-8"))
        found |= schema_terms(meta, contexts)
    return found


def mapping_terms(meta: Mapping[str, Any], contexts: Mapping[str, str], mapping: Any) -> set[str]:
    """The term keys one mapping (a dialect.json or stream.json) writes."""
    walker = _Walker(meta, contexts)
    walker.walk(meta, contexts["#"], mapping)
    return walker.found


def _mappings(spec: Spec) -> Iterator[tuple[str, str, Any]]:
    for name, dialect in sorted(spec.dialects.items()):
        yield DIALECT_META, name, dialect.mapping
        if dialect.stream is not None:
            yield STREAM_META, name, dialect.stream


def mapping_usage(spec: Spec) -> dict[str, list[str]]:
    """Term key -> the dialects (sorted) whose dialect.json or stream.json write it."""
    usage: dict[str, list[str]] = {}
    for rel, name, mapping in _mappings(spec):
        for key in mapping_terms(spec.documents[rel], CONTEXTS[rel], mapping):
            usage.setdefault(key, []).append(name)
    return usage


def is_stream_term(key: str) -> bool:
    return key == "stream" or key.startswith(("stream.", "stream="))


def term_vectors(spec: Spec, key: str, usage: Mapping[str, list[str]] | None = None) -> list[Path]:
    """The vector files that exercise a term: those of the dialects whose mappings write it
    (their stream vectors for a stream.json term, their shape vectors for a dialect.json one)."""
    dialects = set((mapping_usage(spec) if usage is None else usage).get(key, []))
    if is_stream_term(key):
        return sorted(v.path for v in spec.stream_vectors if v.dialect in dialects)
    if key == "dialect.conversation" or key.startswith("conversation."):
        return sorted(v.path for v in spec.conversation_vectors if v.dialect in dialects)
    return sorted(v.path for v in spec.vectors if v.dialect in dialects)
