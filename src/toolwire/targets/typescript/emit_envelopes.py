"""The TypeScript emitter of the envelope IR: locations and checks as the extract()/inject()
templates lay them out (module-level data arrays, literal conditions). The port of
targets/python/emit_envelopes.py."""

from __future__ import annotations

import re
from typing import Any

from toolwire.ir.nodes import Condition, Envelope, Location
from toolwire.targets.locations import merge_alike
from toolwire.targets.typescript.emit_objects import differs, equals, ts
from toolwire.targets.typescript.names import RESERVED, camel


def _data_conditions(conditions: tuple[Condition, ...]) -> list[list[Any]]:
    return [[list(c.tokens), c.value] for c in conditions]


# Names extract() binds itself; a step of a walk never shadows them (or a module name).
_TAKEN = {"wire", "payload", "idMap", "out", "element", "at", "parts", "encoders", "rt", "P", "pj", "conv", "envelopes"}


def _step_name(token: str, taken: set[str]) -> str:
    snake = re.sub(r"[^0-9a-zA-Z]+", "_", re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", token)).strip("_").lower() or "value"
    name = camel(snake)
    if name[0].isdigit() or name in RESERVED or name in _TAKEN:
        name += "Value"
    out, n = name, 2
    while out in taken:
        out, n = f"{name}{n}", n + 1
    taken.add(out)
    return out


def _template_text(text: str) -> str:
    """Text inside a template literal: backslashes, backquotes and `${` escaped."""
    return ts(text)[1:-1].replace('\\"', '"').replace("`", "\\`").replace("${", "\\${")


def walk_steps(toks: list[str]) -> tuple[list[dict[str, Any]], str, str]:
    """The steps of a walk from the root to a location (a key read, or a loop over the
    elements of an array), the local holding the element, and the TypeScript literal of its
    pointer (a template literal over the loop indexes)."""
    steps: list[dict[str, Any]] = []
    taken: set[str] = set()
    var = "wire"
    pieces: list[tuple[bool, str]] = []  # (is an index, text)
    for token in toks:
        if token == "*":
            index, element = f"{var}Index", f"{var}Item"
            steps.append({"each": True, "source": var, "index": index, "var": element})
            pieces.append((True, index))
            var = element
        else:
            name = _step_name(token, taken)
            steps.append({"each": False, "source": var, "token": token, "var": name})
            pieces.append((False, token.replace("~", "~0").replace("/", "~1")))
            var = name
    if any(is_index for is_index, _ in pieces):
        pointer = "`" + "".join("/${" + t + "}" if i else "/" + _template_text(t) for i, t in pieces) + "`"
    else:
        pointer = ts("".join("/" + t for _, t in pieces))
    return steps, var, pointer


def emit_location(loc: Location) -> dict[str, Any]:
    toks = list(loc.tokens)
    has = [list(t) for t in loc.has]
    steps, element, pointer = walk_steps(toks)
    tests: list[str] = []
    tests += [differs(f"rt.lookup(element, {ts(list(c.tokens))})", c.value) for c in loc.unless]
    tests += [equals(f"rt.lookup(element, {ts(list(c.tokens))})", c.value) for c in loc.when]
    tests += [f"rt.lookup(element, {ts(t)}) !== undefined" for t in has]
    return {
        "steps": steps,
        "element": element,
        "pointer": pointer,
        "shape": loc.shape,
        "camel": camel(loc.shape)[:1].upper() + camel(loc.shape)[1:],
        "path": loc.path,
        "toks": toks,
        "tests": tests,
        "test": " && ".join(["element != null", *tests]),
        "merged": False,
        "where": _data_conditions(loc.where),
        # the same conditions as data, for the cold paths that walk locations (inject)
        "data": [
            loc.shape,
            toks,
            _data_conditions(loc.when),
            has,
            _data_conditions(loc.unless),
            _data_conditions(loc.where),
        ],
        "many": "*" in toks,
    }


def emit_envelopes(envelopes: tuple[Envelope, ...]) -> list[dict[str, Any]]:
    out = []
    for e in envelopes:
        check = None
        if e.check is not None:
            check = {
                "required": [list(keys) for keys in e.check.required],
                "top": {key: list(types) for key, types in e.check.top},
                "checks": [
                    [
                        list(toks),
                        list(types),
                        must,
                        list(values) if values is not None else None,
                        list(keys) if keys is not None else None,
                    ]
                    for toks, types, must, values, keys in e.check.checks
                ],
                "known": list(e.check.known) if e.check.known is not None else None,
            }
        out.append(
            {
                "kind": e.kind,
                "schema": e.schema,
                "locations": merge_alike([emit_location(loc) for loc in e.locations], " && ", " || "),
                "finish_reason": "/".join(("", *e.finish_reason)) if e.finish_reason is not None else None,
                "finish_toks": list(e.finish_reason) if e.finish_reason is not None else None,
                "choice_fields": [[name, list(toks)] for name, toks in e.choice_fields],
                "tools_fields": [[name, list(toks)] for name, toks in e.tools_fields],
                "check": check,
            }
        )
    return out
