"""The field-name trees the proto_json mapping term walks (see templates' _proto_json).

A tree maps each proto field name the mapping reads to the tree below it: None for a value
read as a whole (never entered, so call arguments and schemas keep their own keys), and
{"*": element tree} for a repeated field, where a single value stands for a one-element list.
Besides one tree per shape and the envelope's (extract()), a whole request and response get
one each (decode_request/decode_response respell the body by it first): every key the
conversation layout reads, the shapes' trees where a part, a tool or the tool choice is decoded
by its shape, and in each message the tree enters the other fields the dialect's request or
response schema declares there (kept as extension fields, so named alike in either spelling).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from toolwire.ir.conversation import conversation_ir
from toolwire.ir.conversation_nodes import RequestLayout, ResponseLayout, Spelling, Turn
from toolwire.ir.nodes import ProtoJson, Tokens
from toolwire.spec.model import Dialect
from toolwire.spec.positions import tokens

_UPPER = re.compile(r"(?<=[a-z0-9])([A-Z])")


def snake(name: str) -> str:
    """parametersJsonSchema -> parameters_json_schema (as the runtimes' _proto_json spell it)."""
    return _UPPER.sub(r"_\1", name).lower()


# encodings whose value is a list of names: a repeated field
_REPEATED = {"string_list", "name_list"}


def _add(tree: dict[str, Any], toks: list[str], repeated: bool = False) -> None:
    """Put a path into the tree; '*' tokens are the elements of a repeated field."""
    node = tree
    for i, token in enumerate(toks):
        last = i == len(toks) - 1
        if token == "*":
            continue  # handled with the field before it
        followed = not last and toks[i + 1] == "*"
        if followed or (last and repeated):
            holder = node.get(token)
            if not isinstance(holder, dict) or "*" not in holder:
                holder = node[token] = {"*": None}
            rest = toks[i + 2 :] if followed else []
            if rest:
                if holder["*"] is None:
                    holder["*"] = {}
                node = holder["*"]
                _add(node, rest)
            return
        if last:
            node.setdefault(token, None)
            return
        if node.get(token) is None:
            node[token] = {}
        node = node[token]


def shape_tree(dialect: Dialect, shape: str) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for variant in dialect.mapping["shapes"][shape]["variants"]:
        for pointer in [*variant.get("constants", {}), *variant.get("optional_constants", {})]:
            _add(tree, tokens(pointer))
        for spec in variant.get("fields", {}).values():
            repeated = spec.get("encoding") in _REPEATED
            _add(tree, tokens(spec["pointer"]), repeated)
            for alias in spec.get("aliases", []):
                _add(tree, tokens(alias["pointer"]), repeated)
    return tree


def envelope_tree(dialect: Dialect) -> dict[str, Any]:
    """Every envelope's locations, finish reason, and the keys its elements are matched by."""
    tree: dict[str, Any] = {}
    for envelope in dialect.mapping.get("envelopes", {}).values():
        for loc in envelope.get("locations", []):
            toks = tokens(loc["path"])
            conditions = [*loc.get("when", {}), *loc.get("has", []), *loc.get("unless", {})]
            _add(tree, toks)
            for pointer in conditions:
                _add(tree, toks + tokens(pointer))
        if "finish_reason" in envelope:
            _add(tree, tokens(envelope["finish_reason"]))
    return tree


Tree = dict[str, Any] | None


def _merge(a: Tree, b: Tree) -> Tree:
    """Both trees' names; a value one reads whole and the other enters is entered."""
    if a is None or b is None:
        return b if a is None else a
    out = dict(a)
    for name, sub in b.items():
        out[name] = _merge(out[name], sub) if name in out else sub
    return out


def _at(node: Tree, toks: Tokens, sub: Tree) -> dict[str, Any]:
    """node with sub merged in at toks; '*' (or a list index: the layouts' /candidates/0)
    is each element of a repeated field."""
    out = dict(node or {})
    if not toks:
        return _merge(out, sub) or {}
    head = "*" if toks[0].isdigit() else toks[0]
    out[head] = _at(out.get(head), toks[1:], sub) if toks[1:] else _merge(out.get(head), sub)
    return out


def _parts_tree(dialect: Dialect, spellings: tuple[Spelling, ...]) -> dict[str, Any]:
    """Every key a part's (or a unit's) spellings read; a part its shape decodes: the shape's."""
    tree: dict[str, Any] = {}
    for spelling in spellings:
        if spelling.part in dialect.mapping["shapes"]:
            tree = _at(tree, (), shape_tree(dialect, spelling.part))
        for toks in [*spelling.has, *(t for t, _v in spelling.when), *(t for t, _v in spelling.defaults)]:
            tree = _at(tree, toks, None)
        for part_field in spelling.fields:
            tree = _at(tree, part_field.tokens, None)
    return tree


def _turn_tree(dialect: Dialect, turn: Turn, parts: dict[str, Any], units: tuple[Spelling, ...]) -> dict[str, Any]:
    tree = _at(_parts_tree(dialect, units), turn.role, None)
    tree = _at(tree, (*turn.content, "*"), parts)
    for turn_field in turn.fields:
        shaped = shape_tree(dialect, turn_field.part) if turn_field.part in dialect.mapping["shapes"] else None
        tree = _at(tree, (*turn_field.tokens, "*") if turn_field.many else turn_field.tokens, shaped)
    for toks, _value in turn.defaults:
        tree = _at(tree, toks, None)
    return tree


def request_tree(dialect: Dialect, layout: RequestLayout) -> dict[str, Any]:
    parts = _parts_tree(dialect, layout.parts)
    tree = _at({}, (*layout.turns, "*"), _turn_tree(dialect, layout.turn, parts, layout.units))
    if layout.system is not None:
        inner = _at({}, (*layout.system.parts, "*"), parts) if layout.system.parts is not None else None
        tree = _at(tree, layout.system.tokens, inner)
    for setting in layout.settings:
        repeated = setting.encoding == "list"  # always a list: one value stands for a list of one
        for toks in (setting.tokens, *setting.aliases):
            tree = _at(tree, (*toks, "*") if repeated else toks, None)
    envelope = dialect.mapping.get("envelopes", {}).get("request", {})
    for location in envelope.get("locations", []):
        if location["shape"] in ("tool_definition", "tool_choice"):
            tree = _at(tree, tuple(tokens(location["path"])), shape_tree(dialect, location["shape"]))
    for key in ("choice_fields", "tools_fields"):
        for place in envelope.get(key, {}).values():
            tree = _at(tree, tuple(tokens(place)), None)
    return _at(tree, layout.model, None) if layout.model is not None else tree


def response_tree(dialect: Dialect, layout: ResponseLayout) -> dict[str, Any]:
    turn = _turn_tree(dialect, layout.turn, _parts_tree(dialect, layout.parts), ())
    tree: dict[str, Any] = {}
    if layout.turns is not None:
        tree = _at(tree, (*layout.turns, "*"), _merge(turn, _parts_tree(dialect, layout.units)))
    elif layout.message is not None:
        tree = _at(tree, layout.message, turn)
    leaves = [layout.id, layout.model, layout.finish, *(t for _n, t in layout.usage)]
    leaves += [t for t, _v in (*layout.constants, *layout.required)]
    for toks in leaves:
        if toks:
            tree = _at(tree, toks, None)
    return tree


def _branches(node: Any, dialect: Dialect, home: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(schema, the file it lives in) of node and of its anyOf/oneOf branches, $refs followed."""
    if not isinstance(node, dict):
        return []
    ref = node.get("$ref")
    if isinstance(ref, str) and "#/$defs/" in ref:
        where, name = ref.split("#/$defs/")
        files = {Path(str(s.get("$id", ""))).name: s for s in dialect.envelopes.values()}
        home = files.get(where, {}) if where else home
        return _branches(home.get("$defs", {}).get(name), dialect, home)
    out = [(node, home)]
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key, []):
            out += _branches(branch, dialect, home)
    return out


def _declared(tree: dict[str, Any], node: Any, dialect: Dialect, home: dict[str, Any]) -> dict[str, Any]:
    """tree, and in every object it enters (a proto message), the lowerCamelCase fields the
    dialect's schema declares there (Gemini's thoughtSignature), as values read whole."""
    out = dict(tree)
    for schema, file in _branches(node, dialect, home):
        if "*" in tree:  # a repeated field: its items, or the single value standing for them
            if isinstance(tree["*"], dict):
                out["*"] = _declared(out["*"], schema.get("items", schema), dialect, file)
            continue
        props = schema.get("properties", {})
        for name in props:
            if snake(name) != name and name not in out:  # a proto field: either spelling
                out[name] = None
        for name, sub in tree.items():
            if name != "*" and isinstance(sub, dict) and name in props:
                out[name] = _declared(out[name], props[name], dialect, file)
    return out


def _with_schema(tree: dict[str, Any], dialect: Dialect, kind: str) -> dict[str, Any]:
    schema = dialect.envelopes.get(kind, {})
    return _declared(tree, schema, dialect, schema)


def proto_json_ir(dialect: Dialect) -> ProtoJson | None:
    if not dialect.mapping.get("proto_json"):
        return None
    conversation = conversation_ir(dialect)
    return ProtoJson(
        shapes={shape: shape_tree(dialect, shape) for shape in dialect.mapping["shapes"]},
        envelope=envelope_tree(dialect),
        request=_with_schema(request_tree(dialect, conversation.request), dialect, "request") if conversation else {},
        response=_with_schema(response_tree(dialect, conversation.response), dialect, "response")
        if conversation
        else {},
    )
