"""Compiled settings (ir/lower_settings.py printed by targets/python/print_steps.py) against
the interpreter they replace (_conv_request_in.decode_settings): the same settings, forms,
kept fields and errors, for every dialect, over generated requests."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS, _conv_guard, _conv_request_in
from toolwire_dialects._errors import MISSING, DecodeError

from toolwire.ir.conversation import conversation_ir
from toolwire.ir.lower_settings import lower_settings_reader
from toolwire.spec.loader import load_spec
from toolwire.targets.python.print_steps import function

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
CONVERSATIONAL = sorted(n for n, d in SPEC.dialects.items() if conversation_ir(d) is not None)


def _compiled(name: str) -> Any:
    layout = conversation_ir(SPEC.dialects[name])
    assert layout is not None
    source = function(lower_settings_reader(layout.request.settings))
    namespace: dict[str, Any] = {
        "Any": Any,
        "DIALECT": name,
        "_MISSING": MISSING,
        "_DecodeError": DecodeError,
        "_setting_problem": _conv_guard.setting_problem,
        "_list_of": lambda value: [value],
    }
    exec(compile(source, f"<compiled settings of {name}>", "exec"), namespace)
    return namespace["_settings_in"]


def _run(read: Any, wire: dict[str, Any]) -> Any:
    forms: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    try:
        out = read(wire, forms, fields)
    except DecodeError as exc:
        return ("error", exc.pointer, exc.message)
    return (out, forms, fields)


def _values(name: str) -> st.SearchStrategy[Any]:
    mapped = [v for s in DIALECTS[name]._REQUEST.settings for pair in s.values for v in pair]
    scalars = st.sampled_from(
        [None, "", "x", "auto", "none", "\n\nUser:", 0, 1, -5, 10**20, 0.5, math.nan, math.inf, True, False, *mapped]
    )
    return st.one_of(
        scalars, st.lists(scalars, max_size=3), st.dictionaries(st.sampled_from(["type", "x"]), scalars, max_size=2)
    )


def _requests(name: str) -> st.SearchStrategy[dict[str, Any]]:
    paths = [p for s in DIALECTS[name]._REQUEST.settings for p in (s.toks, *s.aliases)]
    return st.lists(st.tuples(st.sampled_from(paths), _values(name)), max_size=6).map(_build)


def _build(pairs: list[tuple[tuple[str, ...], Any]]) -> dict[str, Any]:
    wire: dict[str, Any] = {}
    for path, value in pairs:
        node = wire
        for token in path[:-1]:
            child = node.get(token)
            node = node.setdefault(token, {}) if type(child) is dict or token not in node else {}
        node[path[-1]] = value
    return wire


@pytest.mark.parametrize("name", CONVERSATIONAL)
def test_compiled_settings_read_as_the_interpreter_reads(name: str) -> None:
    compiled = _compiled(name)
    layout = DIALECTS[name]._REQUEST

    def interpreted(wire: dict[str, Any], forms: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
        return _conv_request_in.decode_settings(wire, layout.settings, forms, fields, name)

    @settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_requests(name))
    def same(wire: dict[str, Any]) -> None:
        assert repr(_run(compiled, wire)) == repr(_run(interpreted, wire)), wire

    same()
