# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Paths into whole payloads: reading and writing a value at a tuple of keys (a key of digits
indexes a list), and the keys a layout knows, as a tree, so that every other wire value is
kept as an extension field and put back in its place for an exact round trip."""

from __future__ import annotations

from typing import Any

from ._errors import MISSING, escape, unescape

__all__ = ["get", "json_copy", "known_tree", "pointer", "put", "put_back", "put_fresh", "unknown_into"]

Toks = tuple[str, ...]
LEAF: dict[str, Any] = {}  # a known value read whole: nothing below it is kept apart


_POINTERS: dict[Toks, str] = {}


def pointer(toks: Toks) -> str:
    """The JSON Pointer of toks (layouts ask for the same few over and over: remembered)."""
    known = _POINTERS.get(toks)
    if known is None:
        known = _POINTERS[toks] = "".join("/" + escape(t) for t in toks)
    return known


def get(node: Any, toks: Toks) -> Any:
    """The value at toks, or MISSING."""
    if len(toks) == 1 and type(node) is dict:  # most layout pointers are one key
        return node.get(toks[0], MISSING)
    for token in toks:
        if type(node) is dict:
            node = node.get(token, MISSING)
            if node is MISSING:
                return MISSING
        elif type(node) is list and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return MISSING
    return node


def put(root: dict[str, Any], toks: Toks, value: Any) -> None:
    """Write value at toks, making the objects (and, for a key of digits, lists) on the way."""
    if len(toks) == 1:
        root[toks[0]] = value
        return
    node: Any = root
    for i, token in enumerate(toks[:-1]):
        nxt: Any = [] if toks[i + 1].isdigit() else {}
        if type(node) is list:
            index = int(token)
            while len(node) <= index:
                node.append({})
            child = node[index]
        else:
            child = node.get(token)
            if child is None:
                child = node[token] = nxt
        node = child
    last = toks[-1]
    if type(node) is list:
        index = int(last)
        while len(node) < index:
            node.append({})
        if index == len(node):
            node.append(value)
        else:
            node[index] = value
    else:
        node[last] = value


def json_copy(value: Any) -> Any:
    """A copy of a JSON value (its lists and objects new, its scalars shared)."""
    if type(value) is list:
        return [json_copy(item) for item in value]
    if type(value) is dict:
        return {key: json_copy(item) for key, item in value.items()}
    return value


def put_fresh(root: dict[str, Any], toks: Toks, value: Any) -> None:
    """put a copy of a layout's own value (a default, a constant): a caller changing one result
    must not change what the next conversion writes."""
    put(root, toks, json_copy(value))


def known_tree(paths: list[Toks], leaves: list[Toks]) -> dict[str, Any]:
    """The keys a layout reads: `leaves` are values read whole, `paths` objects whose other
    keys are kept as extension fields. A list index of 0 in a path stands for that element."""
    tree: dict[str, Any] = {}
    for toks, leaf in [(p, False) for p in paths] + [(p, True) for p in leaves]:
        node = tree
        for i, token in enumerate(toks):
            last = i == len(toks) - 1
            child = node.get(token)
            if child is LEAF:
                break
            if last and leaf:
                node[token] = LEAF
                break
            if child is None:
                child = node[token] = {}
            node = child
    return tree


_LEAF_KEYS: dict[int, frozenset[str]] = {}


def _leaf_keys(tree: dict[str, Any]) -> frozenset[str]:
    """The keys of a (layout-long-lived) tree that are read whole, remembered by identity."""
    keys = _LEAF_KEYS.get(id(tree))
    if keys is None:
        keys = _LEAF_KEYS[id(tree)] = frozenset(key for key, sub in tree.items() if sub is LEAF)
    return keys


def unknown_into(value: Any, tree: dict[str, Any], base: str, into: dict[str, Any] | None) -> dict[str, Any] | None:
    """Adds every value below `value` that `tree` does not know to `into`, by JSON Pointer.
    `tree` must live as long as its layout (it is remembered by identity)."""
    if type(value) is dict:
        if value.keys() <= _leaf_keys(tree):  # the usual case: every key is one the layout reads whole
            return into
        items: Any = value.items()
    elif type(value) is list:
        items = ((str(i), item) for i, item in enumerate(value))
    else:
        return into
    for key, item in items:
        sub = tree.get(key)
        if sub is LEAF:
            continue
        if sub is not None and type(item) in (dict, list) and item:
            into = unknown_into(item, sub, f"{base}/{escape(key)}", into)
            continue
        if into is None:  # unknown, empty, or a value where the layout expected an object or a list
            into = {}
        into[f"{base}/{escape(key)}"] = item
    return into


def put_back(wire: Any, at: str, value: Any) -> bool:
    """Put an extension field back at its pointer (a list index inserts there); False when
    its place no longer exists or is taken."""
    toks = [unescape(t) for t in at[1:].split("/")]
    node = wire
    for i, token in enumerate(toks[:-1]):
        child = get(node, (token,))
        if child is MISSING:
            if type(node) is not dict:
                return False
            child = node[token] = [] if toks[i + 1].isdigit() else {}
        node = child
    last = toks[-1]
    if type(node) is dict:
        if last in node:
            return False
        node[last] = value
        return True
    if type(node) is list and last.isdigit():
        node.insert(min(int(last), len(node)), value)
        return True
    return False
