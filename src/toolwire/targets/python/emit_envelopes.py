"""The Python emitter of the envelope IR: locations and checks as the extract()/inject()
templates lay them out (module-level data tuples, literal conditions)."""

from __future__ import annotations

import builtins
import keyword
import re
from typing import Any

from toolwire.ir.nodes import Condition, Envelope, Location
from toolwire.targets.locations import merge_alike
from toolwire.targets.python.emit_objects import py


def _literal_conditions(conditions: tuple[Condition, ...]) -> list[tuple[list[str], str]]:
    return [(list(c.tokens), py(c.value)) for c in conditions]


def _toks(toks: tuple[str, ...]) -> str:
    """Pointer tokens as a Python tuple literal (as the templates' py_tuple writes them)."""
    return "(" + ", ".join(py(t) for t in toks) + ("," if len(toks) == 1 else "") + ")"


def _data_conditions(conditions: tuple[Condition, ...]) -> list[tuple[list[str], Any]]:
    return [(list(c.tokens), c.value) for c in conditions]


# Names extract() binds itself; a step of a walk never shadows them (or a builtin).
_TAKEN = {"wire", "payload", "id_map", "out", "element", "at", "parts", "encoders"}


def _step_name(token: str, taken: set[str]) -> str:
    name = re.sub(r"[^0-9a-zA-Z]+", "_", re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", token)).strip("_").lower() or "value"
    if name[0].isdigit() or keyword.iskeyword(name) or hasattr(builtins, name) or name in _TAKEN:
        name += "_value"
    out, n = name, 2
    while out in taken:
        out, n = f"{name}_{n}", n + 1
    taken.add(out)
    return out


def walk_steps(toks: list[str]) -> tuple[list[dict[str, Any]], str, str]:
    """The steps of a walk from the root to a location (a key read, or a loop over the
    elements of an array), the local holding the element, and the Python literal of its
    pointer (an f-string over the loop indexes)."""
    steps: list[dict[str, Any]] = []
    taken: set[str] = set()
    var, pointer = "wire", ""
    for token in toks:
        if token == "*":
            index, element = f"{var}_index", f"{var}_item"
            steps.append({"each": True, "source": var, "index": index, "var": element})
            pointer += "/{" + index + "}"
            var = element
        else:
            name = _step_name(token, taken)
            steps.append({"each": False, "source": var, "token": token, "var": name})
            escaped = token.replace("~", "~0").replace("/", "~1").replace("{", "{{").replace("}", "}}")
            pointer += "/" + escaped
            var = name
    return steps, var, ("f" if "{" in pointer else "") + py(pointer)


def emit_location(loc: Location) -> dict[str, Any]:
    toks = list(loc.tokens)
    has = [list(t) for t in loc.has]
    steps, element, pointer = walk_steps(toks)
    tests = [f"_rt.lookup(element, {_toks(c.tokens)}) != {py(c.value)}" for c in loc.unless]
    tests += [f"_rt.lookup(element, {_toks(c.tokens)}) == {py(c.value)}" for c in loc.when]
    tests += [f"_rt.lookup(element, {_toks(t)}) is not _MISSING" for t in loc.has]
    return {
        "steps": steps,
        "element": element,
        "pointer": pointer,
        "shape": loc.shape,
        "path": loc.path,
        "toks": toks,
        "tests": tests,
        "test": " and ".join(["element is not None", *tests]),
        "merged": False,
        "where": _data_conditions(loc.where),
        # the same conditions as data, for the cold paths that walk locations (inject)
        "data": (
            loc.shape,
            toks,
            _data_conditions(loc.when),
            has,
            _data_conditions(loc.unless),
            _data_conditions(loc.where),
        ),
        "many": "*" in toks,
    }


def emit_envelopes(envelopes: tuple[Envelope, ...]) -> list[dict[str, Any]]:
    out = []
    for e in envelopes:
        check = None
        if e.check is not None:
            check = {
                "required": [list(keys) for keys in e.check.required],
                "top": [(key, list(types)) for key, types in e.check.top],
                "checks": [
                    (
                        list(toks),
                        list(types),
                        must,
                        list(values) if values is not None else None,
                        list(keys) if keys is not None else None,
                    )
                    for toks, types, must, values, keys in e.check.checks
                ],
                "known": e.check.known,
            }
        out.append(
            {
                "kind": e.kind,
                "schema": e.schema,
                "locations": merge_alike([emit_location(loc) for loc in e.locations], " and ", " or "),
                "finish_reason": "/".join(("", *e.finish_reason)) if e.finish_reason is not None else None,
                "finish_toks": list(e.finish_reason) if e.finish_reason is not None else None,
                "choice_fields": [(name, list(toks)) for name, toks in e.choice_fields],
                "tools_fields": [(name, list(toks)) for name, toks in e.tools_fields],
                "check": check,
            }
        )
    return out
