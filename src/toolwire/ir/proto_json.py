"""The field-name trees the proto_json mapping term walks (see templates' _proto_json).

A tree maps each proto field name the mapping reads to the tree below it: None for a value
read as a whole (never entered, so call arguments and schemas keep their own keys), and
{"*": element tree} for a repeated field, where a single value stands for a one-element list.
"""

from __future__ import annotations

from typing import Any

from toolwire.ir.nodes import ProtoJson
from toolwire.spec.model import Dialect
from toolwire.spec.positions import tokens

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


def proto_json_ir(dialect: Dialect) -> ProtoJson | None:
    if not dialect.mapping.get("proto_json"):
        return None
    return ProtoJson(
        shapes={shape: shape_tree(dialect, shape) for shape in dialect.mapping["shapes"]},
        envelope=envelope_tree(dialect),
    )
