# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""JSONPath arguments (Vertex AI partialArgs): typed values at JSONPaths (an RFC 9535 subset:
$, .name, ['name'], [index]), string values continued across items; read into a call's
arguments object on assembly, and written from an arguments object on emission. A path is
at most MAX_DEPTH names and indexes long, and an index at most one past its array's end."""

from __future__ import annotations

import re
from typing import Any

from .._strict_json import MAX_DEPTH
from ._emit import pieces
from ._state import Call, StreamState

__all__ = ["PathArgs", "get_path", "json_path", "partial_args", "set_path"]

# [0-9], not \d: an index is ASCII digits, as the TypeScript port reads it (\d takes any
# Unicode digit, "[\u0663]" would be index 3 in Python only)
_PATH_TOKEN = re.compile(r"\.([A-Za-z_$][\w$-]*)|\[([0-9]+)\]|\['((?:[^'\\]|\\.)*)'\]|\[\"((?:[^\"\\]|\\.)*)\"\]")


def json_path(path: str) -> list[str | int]:
    if not path.startswith("$"):
        raise ValueError(f"a JSONPath starts with $: {path!r}")
    toks: list[str | int] = []
    at = 1
    while at < len(path):
        m = _PATH_TOKEN.match(path, at)
        if m is None:
            raise ValueError(f"unsupported JSONPath {path!r} at {at}")
        name, index, single, double = m.groups()
        if index is not None:
            toks.append(int(index))
        else:
            raw = name if name is not None else single if single is not None else double
            toks.append(re.sub(r"\\(.)", r"\1", raw) if name is None else raw)
        at = m.end()
    if len(toks) > MAX_DEPTH:  # the arguments would nest deeper than any JSON text may
        raise ValueError(f"a JSONPath nested more than {MAX_DEPTH} levels deep")
    return toks


def get_path(root: Any, toks: list[str | int]) -> Any:
    node = root
    for t in toks:
        if type(t) is int:
            node = node[t] if type(node) is list and t < len(node) else None
        else:
            node = node.get(t) if type(node) is dict else None
    return node


def set_path(root: dict[str, Any], toks: list[str | int], value: Any) -> None:
    if not toks:
        raise ValueError("cannot replace the whole arguments object")
    node: Any = root
    for i, t in enumerate(toks):
        last = i == len(toks) - 1
        empty: Any = None if last else ([] if type(toks[i + 1]) is int else {})
        if type(t) is int:
            if type(node) is not list:
                raise ValueError("an index into something that is not an array")
            if t > len(node):  # elements arrive in order: a gap would be a padding of nulls (1e9: a hang)
                raise ValueError("an index past the end of the array")
            while len(node) <= t:
                node.append(None)
            if last:
                node[t] = value
            elif node[t] is None:
                node[t] = empty
            node = node[t]
        else:
            if type(node) is not dict:
                raise ValueError("a name into something that is not an object")
            if last:
                node[t] = value
            elif t not in node or node[t] is None:
                node[t] = empty
            node = node[t]


def _path_name(t: str | int) -> str:
    if isinstance(t, int):
        return f"[{t}]"
    if re.fullmatch(r"[A-Za-z_][\w]*", t):
        return f".{t}"
    return "['" + t.replace("\\", "\\\\").replace("'", "\\'") + "']"


def partial_args(arguments: Any, size: int | None) -> list[list[dict[str, Any]]]:
    """Arguments as Vertex partialArgs: one list per leaf value; long strings in pieces."""
    out: list[list[dict[str, Any]]] = []

    def leaf(path: str, value: Any) -> None:
        if type(value) is str:
            parts = pieces(value, size) or [""]
            for n, part in enumerate(parts):
                p: dict[str, Any] = {"jsonPath": path, "stringValue": part}
                if n < len(parts) - 1:
                    p["willContinue"] = True
                out.append([p])
        elif type(value) is bool:
            out.append([{"jsonPath": path, "boolValue": value}])
        elif type(value) in (int, float):
            out.append([{"jsonPath": path, "numberValue": value}])
        elif value is None:
            out.append([{"jsonPath": path, "nullValue": "NULL_VALUE"}])
        elif type(value) is dict and value:
            for k, v in value.items():
                leaf(path + _path_name(k), v)
        elif type(value) is list and value:
            for k, v in enumerate(value):
                leaf(path + _path_name(k), v)
        else:
            raise ValueError(f"an empty {'object' if type(value) is dict else 'array'} at {path} has no JSONPath value")

    for k, v in (arguments or {}).items():
        leaf("$" + _path_name(k), v)
    return out


class PathArgs(StreamState):
    """The assembler's json_path_args role (mixed into Assembler)."""

    __slots__ = ()

    def _path_args(self, c: Call, partial: Any, event: Any, item: Any, pointer: str) -> None:
        if type(partial) is not list:
            raise self._bad(event, item, pointer, "expected an array of partial arguments")
        if c.args is None:
            c.args = {}
        for j, p in enumerate(partial):
            at = f"{pointer}/{j}"
            if type(p) is not dict or type(p.get("jsonPath")) is not str:
                raise self._bad(event, item, at, "expected a partial argument with a jsonPath")
            path = p["jsonPath"]
            try:
                toks = json_path(path)
            except ValueError as exc:
                raise self._bad(event, item, at + "/jsonPath", str(exc)) from None
            if "stringValue" in p:
                value = p["stringValue"]
                if type(value) is not str:
                    raise self._bad(event, item, at + "/stringValue", "expected a string")
                if c.cont == path:
                    before = get_path(c.args, toks)
                    value = (before if type(before) is str else "") + value
            elif "numberValue" in p:
                value = p["numberValue"]
                if type(value) not in (int, float):
                    raise self._bad(event, item, at + "/numberValue", "expected a number")
            elif "boolValue" in p:
                value = p["boolValue"]
                if type(value) is not bool:
                    raise self._bad(event, item, at + "/boolValue", "expected a boolean")
            elif "nullValue" in p:
                value = None
            else:
                raise self._bad(event, item, at, "expected stringValue, numberValue, boolValue or nullValue")
            try:
                set_path(c.args, toks, value)
            except ValueError as exc:
                raise self._bad(event, item, at + "/jsonPath", str(exc)) from None
            c.cont = path if p.get("willContinue") is True else None
