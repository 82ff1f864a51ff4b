# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The mapping term proto_json: a dialect whose wire is proto3 JSON (Gemini) accepts each
field name in lowerCamelCase or snake_case, and a single value where a repeated field is
expected. Decoding reads either spelling through a tree of the field names the mapping
knows (values the mapping reads as a whole, such as call arguments or schemas, are never
entered); the spelling the input used is kept as extension forms, by JSON Pointer as the
input spelled it, and encoding spells the output the same way again.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from ._errors import DecodeError, Encoded, escape

__all__ = ["as_spelled", "decode_spelling", "encode_spelling", "keep_spelling", "respelled", "spell_kept"]

SNAKE = "snake_case"
SINGLE = "single"
_UPPER = re.compile(r"(?<=[a-z0-9])([A-Z])")
_snake_cache: dict[str, str] = {}


def snake(name: str) -> str:
    """parametersJsonSchema -> parameters_json_schema (the proto field's own name)."""
    out = _snake_cache.get(name)
    if out is None:
        out = _snake_cache[name] = _UPPER.sub(r"_\1", name).lower()
    return out


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def decode_spelling(value: Any, tree: dict[str, Any], dialect: str, shape: str) -> tuple[Any, dict[str, str] | None]:
    """The value in the mapping's own spelling (lowerCamelCase, lists), and the forms that
    say how the input spelled it (None when it already was the mapping's: no copy made)."""
    forms: dict[str, str] = {}
    out = _walk(value, tree, ("", "", ""), forms, dialect, shape)
    return (out, forms) if forms else (value, None)


_ENTERED: dict[int, list[tuple[str, dict[str, Any]]]] = {}


def _entered(tree: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The names of a (module-long-lived) tree the walk enters, in order, remembered by identity."""
    found = _ENTERED.get(id(tree))
    if found is None:
        found = _ENTERED[id(tree)] = [(name, sub) for name, sub in tree.items() if sub is not None]
    return found


def _walk(
    node: Any, tree: dict[str, Any], where: tuple[str, str, str], forms: dict[str, str], dialect: str, shape: str
) -> Any:
    """where: this place's pointer in the mapping's spelling, in the input's names (the forms'
    pointers: a single value is element 0), and as the input is (for errors)."""
    if type(node) is not dict:
        return node
    at, got, shown = where
    renames: dict[str, str] = {}
    if any("_" in key for key in node):  # else no key can be a snake_case alias: the usual case
        for name in tree:
            alias = snake(name)
            if alias != name and alias in node:
                if name in node:
                    what = f"another spelling of {at}/{name}, which is given too; send one"
                    raise DecodeError(dialect, shape, f"{shown}/{escape(alias)}", what)
                renames[alias] = name
    out = {renames.get(key, key): value for key, value in node.items()} if renames else node
    for alias in renames:
        forms[f"{got}/{escape(alias)}"] = SNAKE
    for name, sub in _entered(tree):
        if name not in out:
            continue
        key = escape(next((a for a, n in renames.items() if n == name), name))
        spelled, seen = f"{got}/{key}", f"{shown}/{key}"
        child = out[name]
        if "*" in sub:  # a repeated field
            single = child is not None and type(child) is not list
            if single:
                forms[spelled] = f"{SNAKE}:{SINGLE}" if forms.get(spelled) == SNAKE else SINGLE
                child = [child]
            if sub["*"] and type(child) is list:
                items = [
                    _walk(
                        item,
                        sub["*"],
                        (f"{at}/{name}/{i}", f"{spelled}/{i}", seen if single else f"{seen}/{i}"),
                        forms,
                        dialect,
                        shape,
                    )
                    for i, item in enumerate(child)
                ]
                if any(a is not b for a, b in zip(items, child, strict=True)):
                    child = items
        else:
            child = _walk(child, sub, (f"{at}/{name}", spelled, seen), forms, dialect, shape)
        if child is not out[name]:
            if out is node:
                out = dict(node)
            out[name] = child
    return out


def _tokens(pointer: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def encode_spelling(value: Any, forms: dict[str, Any]) -> Any:
    """Spell an encoded value (built in the mapping's spelling) as the forms say the input
    was: snake_case names, single values for one-element lists. Changes value in place (the
    encoders and inject() built it afresh), but copies each object or list on the way to a
    field it respells: a part kept whole (a wire part) is the caller's canonical value's own."""
    spelled = [
        (pointer, form) for pointer, form in forms.items() if type(form) is str and form.startswith((SNAKE, SINGLE))
    ]
    if not spelled:
        return value
    copied = {id(value)}
    # deepest first: every parent is still in the mapping's spelling when its child is done
    for pointer, form in sorted(spelled, key=lambda item: -item[0].count("/")):
        toks = [camel(t) for t in _tokens(pointer)]
        parent = value
        for token in toks[:-1]:
            if type(parent) is dict and token in parent:
                slot: Any = token
            elif type(parent) is list and token.isdigit() and int(token) < len(parent):
                slot = int(token)
            else:
                parent = None
                break
            child = parent[slot]
            if type(child) in (dict, list) and id(child) not in copied:
                child = parent[slot] = copy.copy(child)
                copied.add(id(child))
            parent = child
        key = toks[-1]
        if type(parent) is not dict or key not in parent:
            continue  # the value no longer has that field: nothing to spell
        if form.endswith(SINGLE) and type(parent[key]) is list and len(parent[key]) == 1:
            parent[key] = parent[key][0]
        if form.startswith(SNAKE):
            alias = _tokens(pointer)[-1]
            items = list(parent.items())
            parent.clear()
            parent.update((alias if k == key else k, v) for k, v in items)
    return value


def as_spelled(error: DecodeError, forms: dict[str, str] | None) -> DecodeError:
    """A decode error whose pointer names the fields as the input spelled them."""
    if not forms:
        return error
    got = shown = ""  # the pointer in the forms' names (a single value is element 0), and as the input is
    single = False
    for token in _tokens(error.pointer):
        if single and token == "0":  # the one value given for a repeated field: no index on the wire
            got, single = f"{got}/0", False
            continue
        alias = escape(snake(token))
        name = alias if forms.get(f"{got}/{alias}", "").startswith(SNAKE) else escape(token)
        got, shown = f"{got}/{name}", f"{shown}/{name}"
        single = forms.get(got, "").endswith(SINGLE)
    return DecodeError(error.dialect, error.shape, shown, error.message)


def respelled(result: Encoded, forms: dict[str, str] | None) -> Encoded:
    """inject()'s result spelled as its input payload was."""
    return result if forms is None else Encoded(encode_spelling(result.value, forms), result.losses)


def keep_spelling(value: dict[str, Any], dialect: str, spelled: dict[str, str] | None) -> dict[str, Any]:
    """A decoded whole request or response, the input's spelling added to its own extension
    forms (a same-dialect encode spells it so again; other dialects ignore forms)."""
    if spelled:
        extensions = value.setdefault("extensions", {})
        own = extensions.setdefault(dialect, {})
        own["forms"] = {**own.get("forms", {}), **spelled}
    return value


def spell_kept(result: Encoded, canonical: dict[str, Any], dialect: str) -> Encoded:
    """An encoded whole request or response spelled as the canonical value's own forms say
    its input was (keep_spelling)."""
    extensions = canonical.get("extensions")
    own = extensions.get(dialect) if type(extensions) is dict else None
    forms = own.get("forms") if type(own) is dict else None
    if type(forms) is dict and forms:
        encode_spelling(result.value, forms)
    return result
