"""Breaking changes between two spec folders, by rule (like buf's `breaking`).

A change breaks a consumer when code generated from the previous spec, or a payload the
previous spec accepted, no longer works with the current one. Each rule has a stable id
and a one-line purpose; every finding names the file, the JSON Pointer of the thing that
broke as the previous spec had it, and the line of the current file where that pointer (or,
when it is gone, its nearest parent) lands.

Schemas are compared node by node at the same place (properties by name, list branches by
position), so the rules read the structure of the schema, not its text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolwire.spec.files import spec_files
from toolwire.spec.positions import escape, pointer_line

# Stable rule ids -> what the rule guards. Never renumber or reuse an id.
RULES: dict[str, str] = {
    "DIALECT_REMOVED": "a dialect folder is gone: its generated module and every payload of it break",
    "SHAPE_REMOVED": "a dialect's shape or envelope schema is gone: its decoder and payloads break",
    "FIELD_REMOVED": "a wire field is removed or renamed: payloads carrying it stop validating",
    "FIELD_MADE_REQUIRED": "a field became required: payloads without it stop validating",
    "TYPE_NARROWED": "a field accepts fewer JSON types than before",
    "ENUM_VALUE_REMOVED": "an enum value or a constant is no longer accepted",
    "MAPPING_POINTER_MOVED": "a mapping pointer in dialect.json changed: converters read another place",
    "CANONICAL_FIELD_CHANGED": "a canonical field is removed, renamed, retyped or made required",
}

# Where a subschema sits below a schema node, compared position for position.
_NAMED_CHILDREN = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")
# `if` is a condition, not a shape a payload must have: it is not compared, only used to pair branches.
_SINGLE_CHILDREN = ("items", "additionalProperties", "contains", "not", "then", "else", "propertyNames")
_LISTED_CHILDREN = ("prefixItems", "anyOf", "oneOf", "allOf")
_JSON_TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")


@dataclass(frozen=True, order=True)
class Finding:
    file: str  # path below the spec folder
    line: int  # in the current file (1 when the file is gone)
    pointer: str
    rule: str
    message: str

    def text(self, spec_name: str = "schemas") -> str:
        return f"{spec_name}/{self.file}:{self.line}: {self.rule}: {self.pointer or '/'}: {self.message}"

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "pointer": self.pointer,
            "rule": self.rule,
            "message": self.message,
        }


@dataclass
class _Document:
    text: str
    value: Any


def read_spec(folder: Path, files: Mapping[str, Path] | None = None) -> dict[str, _Document]:
    """Every JSON file below a spec folder, or of the layered view `files` over it (overlay.py),
    by its relative path; a file that is not JSON is an error."""
    if files is None:
        files = spec_files(folder)
    documents: dict[str, _Document] = {}
    for rel, path in sorted(files.items()):
        text = path.read_text(encoding="utf-8-sig")
        try:
            documents[rel] = _Document(text, json.loads(text))
        except json.JSONDecodeError as exc:
            shown = f"{folder.name}/{rel}" if path.resolve().is_relative_to(folder.resolve()) else str(path)
            raise ValueError(f"{shown}:{exc.lineno}: /: not valid JSON: {exc.msg}") from None
    return documents


def compare(previous: dict[str, _Document], current: dict[str, _Document]) -> list[Finding]:
    """Every breaking change from the previous spec to the current one, sorted by file and line."""
    findings: list[Finding] = []
    findings.extend(_removed_dialects_and_shapes(previous, current))
    for rel, before in previous.items():
        after = current.get(rel)
        if after is None or rel.startswith(("vectors/", "meta/")):
            continue
        if rel.endswith("/dialect.json") or rel.endswith("/stream.json"):
            findings.extend(_moved_pointers(rel, before, after))
            continue
        rule = "CANONICAL_FIELD_CHANGED" if rel.startswith("canonical/") else None
        findings.extend(_schema_changes(rel, after, before.value, after.value, "", rule))
    return sorted(set(findings))


def _dialects(documents: dict[str, _Document]) -> set[str]:
    return {rel.split("/")[1] for rel in documents if rel.startswith("dialects/") and rel.count("/") == 2}


def _removed_dialects_and_shapes(previous: dict[str, _Document], current: dict[str, _Document]) -> Iterator[Finding]:
    gone = _dialects(previous) - _dialects(current)
    for dialect in sorted(gone):
        rel = f"dialects/{dialect}/dialect.json"
        if rel in previous:
            yield Finding(rel, 1, "", "DIALECT_REMOVED", f"dialect {dialect} was removed")
    for rel in sorted(previous):
        parts = rel.split("/")
        if len(parts) != 3 or parts[0] != "dialects" or parts[1] in gone or parts[2] == "dialect.json":
            continue
        if rel not in current:
            yield Finding(rel, 1, "", "SHAPE_REMOVED", f"{parts[1]} no longer has {parts[2].removesuffix('.json')}")
    for rel in sorted(previous):
        if rel.startswith("canonical/") and rel not in current:
            yield Finding(rel, 1, "", "CANONICAL_FIELD_CHANGED", f"canonical schema {rel} was removed")


def _types(schema: dict[str, Any]) -> set[str] | None:
    """The JSON types a schema node allows by its own `type` (None: it does not say)."""
    declared = schema.get("type")
    if declared is None:
        return None
    names = {declared} if isinstance(declared, str) else set(declared)
    if "number" in names:
        names.add("integer")  # integer is a subset of number: number -> integer narrows, not the reverse
    return names


def _schema_changes(rel: str, doc: _Document, before: Any, after: Any, at: str, rule: str | None) -> Iterator[Finding]:
    def finding(pointer: str, own_rule: str, message: str) -> Finding:
        return Finding(rel, pointer_line(doc.text, pointer), pointer, rule or own_rule, message)

    if before is None:  # the previous spec had nothing here: compare what the current one adds
        before = {}
    elif before in (True, {}) and after not in (True, {}):
        yield finding(at, "TYPE_NARROWED", "accepted any value, now only what a schema allows")
        return
    if after is False and before is not False:
        yield finding(at, "FIELD_REMOVED", "no value is accepted here any more")
        return
    if not isinstance(before, dict) or not isinstance(after, dict):
        return

    was, now = _types(before), _types(after)
    if was is not None and now is not None and not was <= now:
        lost = ", ".join(sorted(t for t in was - now if t in _JSON_TYPES))
        yield finding(at + "/type", "TYPE_NARROWED", f"no longer accepts {lost}")
    elif was is None and now is not None:
        yield finding(at or "", "TYPE_NARROWED", f"now accepts only {', '.join(sorted(now))}")
    if "enum" in before:
        kept = after["enum"] if "enum" in after else before["enum"]
        removed = [v for v in before["enum"] if v not in kept]
        if "const" in after and after["const"] in before["enum"]:
            removed = [v for v in before["enum"] if v != after["const"]]
        for value in removed:
            yield finding(at + "/enum", "ENUM_VALUE_REMOVED", f"{json.dumps(value)} is no longer accepted")
    if "const" in before and before["const"] != after.get("const", before["const"]):
        yield finding(at + "/const", "ENUM_VALUE_REMOVED", f"{json.dumps(before['const'])} is no longer accepted")
    newly_required = sorted(set(after.get("required", ())) - set(before.get("required", ())))
    for name in newly_required:
        if name in before.get("properties", {}) or name not in after.get("properties", {}):
            yield finding(at or "", "FIELD_MADE_REQUIRED", f"{name!r} is now required")
        else:
            yield finding(at or "", "FIELD_MADE_REQUIRED", f"new field {name!r} is required")
    yield from _child_changes(rel, doc, before, after, at, rule, finding)


def _child_changes(
    rel: str,
    doc: _Document,
    before: dict[str, Any],
    after: dict[str, Any],
    at: str,
    rule: str | None,
    finding: Callable[[str, str, str], Finding],
) -> Iterator[Finding]:
    old_props, new_props = before.get("properties", {}), after.get("properties", {})
    if isinstance(old_props, dict) and isinstance(new_props, dict):
        added = [name for name in new_props if name not in old_props]
        for name in old_props:
            if name not in new_props:
                hint = f" (renamed to {added[0]!r}?)" if len(added) == 1 else ""
                yield finding(f"{at}/properties/{escape(name)}", "FIELD_REMOVED", f"field {name!r} was removed{hint}")
    for key in _NAMED_CHILDREN:
        olds, news = before.get(key), after.get(key)
        if isinstance(olds, dict) and isinstance(news, dict):
            for name, sub in olds.items():
                if name in news:
                    yield from _schema_changes(rel, doc, sub, news[name], f"{at}/{key}/{escape(name)}", rule)
    for key in _SINGLE_CHILDREN:
        if key in after and (key in before or key not in ("not", "additionalProperties")):
            yield from _schema_changes(rel, doc, before.get(key), after[key], f"{at}/{key}", rule)
        elif key == "additionalProperties" and after.get(key) is False and before.get(key) is not False:
            yield finding(at or "", "FIELD_REMOVED", "fields the schema does not name are no longer accepted")
    for key in _LISTED_CHILDREN:
        olds, news = before.get(key), after.get(key)
        if isinstance(olds, list) and isinstance(news, list):
            pairs = _paired_branches(olds, news)
            for index, new_index in pairs:
                if new_index is not None:
                    yield from _schema_changes(rel, doc, olds[index], news[new_index], f"{at}/{key}/{index}", rule)
                elif key != "allOf":  # a branch fewer in allOf is a constraint fewer, not a break
                    yield finding(f"{at}/{key}/{index}", "TYPE_NARROWED", f"{key} branch {index} was removed")
            if key == "allOf":  # a branch more in allOf is a constraint more
                kept = {new_index for _index, new_index in pairs}
                for new_index in sorted(set(range(len(news))) - kept):
                    yield from _schema_changes(rel, doc, None, news[new_index], f"{at}/{key}/{new_index}", rule)


def _branch_key(branch: Any) -> str | None:
    """What names a branch of a list of subschemas, whatever its position: its condition,
    its reference, its title, or the constant its `type` property holds."""
    if not isinstance(branch, dict):
        return None
    for name in ("if", "$ref", "title"):
        if name in branch:
            return f"{name}:{json.dumps(branch[name], sort_keys=True)}"
    kind = branch.get("properties", {}).get("type", {})
    if isinstance(kind, dict) and "const" in kind:
        return f"const:{json.dumps(kind['const'])}"
    return None


def _paired_branches(olds: list[Any], news: list[Any]) -> list[tuple[int, int | None]]:
    """(previous index, current index or None) for every previous branch: by key when every
    branch of both lists has a distinct one, else by position."""
    old_keys, new_keys = [_branch_key(b) for b in olds], [_branch_key(b) for b in news]
    keyed = all(old_keys) and all(new_keys) and len(set(old_keys)) == len(olds) and len(set(new_keys)) == len(news)
    if not keyed:
        return [(i, i if i < len(news) else None) for i in range(len(olds))]
    return [(i, new_keys.index(k) if k in new_keys else None) for i, k in enumerate(old_keys)]


def _pointers(value: Any, at: str = "") -> Iterator[tuple[str, str]]:
    """(location in dialect.json, JSON Pointer) for every pointer a mapping states: string values
    that are pointers, and keys that are pointers (constants, conditions)."""
    if isinstance(value, dict):
        for key, sub in value.items():
            here = f"{at}/{escape(key)}"
            if key.startswith("/"):
                yield at, key
            if isinstance(sub, str) and sub.startswith("/"):
                yield here, sub
            else:
                yield from _pointers(sub, here)
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            if isinstance(sub, str) and sub.startswith("/"):
                yield f"{at}/{index}", sub
            else:
                yield from _pointers(sub, f"{at}/{index}")


def _moved_pointers(rel: str, before: _Document, after: _Document) -> Iterator[Finding]:
    now: dict[str, set[str]] = {}
    for location, value in _pointers(after.value):
        now.setdefault(location, set()).add(value)
    for location, value in _pointers(before.value):
        if value in now.get(location, set()):
            continue
        moved_to = sorted(now.get(location, set()) - {v for loc, v in _pointers(before.value) if loc == location})
        where = f"now {moved_to[0]}" if len(moved_to) == 1 else "no longer mapped"
        line = pointer_line(after.text, location) if location else 1
        yield Finding(rel, line, location, "MAPPING_POINTER_MOVED", f"{value} is {where}")
