"""The Python emitter of the envelope IR: locations and checks as the extract()/inject()
templates lay them out (module-level data tuples, literal conditions)."""

from __future__ import annotations

from typing import Any

from toolwire.ir.nodes import Condition, Envelope, Location
from toolwire.targets.python.emit_shapes import py


def _literal_conditions(conditions: tuple[Condition, ...]) -> list[tuple[list[str], str]]:
    return [(list(c.tokens), py(c.value)) for c in conditions]


def _data_conditions(conditions: tuple[Condition, ...]) -> list[tuple[list[str], Any]]:
    return [(list(c.tokens), c.value) for c in conditions]


def emit_location(loc: Location) -> dict[str, Any]:
    toks = list(loc.tokens)
    has = [list(t) for t in loc.has]
    return {
        "shape": loc.shape,
        "path": loc.path,
        "toks": toks,
        "when": _literal_conditions(loc.when),
        "has": has,
        "where": _data_conditions(loc.where),
        "unless": _literal_conditions(loc.unless),
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
                "checks": [(list(toks), list(types), must) for toks, types, must in e.check.checks],
                "known": e.check.known,
            }
        out.append(
            {
                "kind": e.kind,
                "schema": e.schema,
                "locations": [emit_location(loc) for loc in e.locations],
                "finish_reason": "/".join(("", *e.finish_reason)) if e.finish_reason is not None else None,
                "finish_toks": list(e.finish_reason) if e.finish_reason is not None else None,
                "choice_fields": [(name, list(toks)) for name, toks in e.choice_fields],
                "tools_fields": [(name, list(toks)) for name, toks in e.tools_fields],
                "check": check,
            }
        )
    return out
