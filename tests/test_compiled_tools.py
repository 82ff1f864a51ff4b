"""The compiled tools reader (ir/lower_tools.py, printed by each target) against the
interpreter it replaced (tests/oracle/tools.py): the same tools, tool choice, extension
fields, forms and errors for every dialect with a conversation layout, over generated
requests; and the TypeScript package's whole-request decoding of such requests equal to
Python's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS
from toolwire_dialects._errors import DecodeError
from toolwire_dialects._ids import IdMap

from tests.compiled_checks import assert_typescript_decodes_as_python, put_path
from tests.oracle.tools import tools_in
from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
WITH_CONVERSATION = sorted(name for name, d in SPEC.dialects.items() if conversation_ir(d) is not None)

_SCHEMA = {"type": "object", "properties": {"x": {"type": "string"}}}
_TOOLS = [  # every dialect's tool spellings, server tools and wrong shapes: each dialect reads some
    {"type": "function", "function": {"name": "f", "description": "d", "parameters": _SCHEMA}},
    {"type": "function", "name": "f", "parameters": _SCHEMA, "strict": True},
    {"name": "f", "description": "d", "input_schema": _SCHEMA},
    {"name": "f", "inputSchema": _SCHEMA},
    {"toolSpec": {"name": "f", "inputSchema": {"json": _SCHEMA}}},
    {"functionDeclarations": [{"name": "f", "parameters": _SCHEMA}], "x": 1},
    {"functionDeclarations": [{"name": "f"}, {"name": 3}]},
    {"functionDeclarations": "no"},
    {"googleSearch": {}},
    {"type": "web_search_20250305", "name": "web_search"},
    {"type": "custom", "custom": {"name": "c"}},
    {"type": "web_search"},
    {"cachePoint": {"type": "default"}},
    {"type": "function", "function": {"name": 5}},
    {"type": "function"},
    {},
    "tool",
    7,
    None,
]
_CHOICES = [
    "auto",
    "none",
    "required",
    "any",
    "AUTO",
    "REQUIRED",
    "NONE",
    {"type": "auto"},
    {"type": "any"},
    {"type": "tool", "name": "f"},
    {"type": "function", "function": {"name": "f"}},
    {"type": "function", "name": "f"},
    {"type": "allowed_tools", "mode": "auto", "tools": [{"type": "function", "name": "f"}]},
    {"type": "custom", "custom": {"name": "c"}},
    {"mode": "ANY", "allowedFunctionNames": ["f"]},
    {"mode": "NONE"},
    {"auto": {}},
    {"tool": {"name": "f"}},
    {"type": "strange"},
    {},
    5,
    None,
]
_FLAGS = st.sampled_from([True, False, None, "yes", 1])


def _snake(token: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", token).lower()


def _requests(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Requests with something (or nothing) at each of the dialect's tool places, in either
    spelling where a key has two (Gemini's proto JSON)."""
    module = DIALECTS[name]
    places: list[tuple[tuple[str, ...], st.SearchStrategy[Any]]] = []
    for shape, toks, *_rest in module._LOCATIONS:
        if shape == "tool_definition" and "*" in toks:
            head = tuple(toks[: toks.index("*")])
            good = [t for t in _TOOLS if _reads(module, head, [t])]  # most lists are read without error
            tools = st.lists(st.sampled_from(_TOOLS), max_size=4)
            wrong = st.sampled_from([[], None, {}, "x"])
            places.append((head, st.one_of(st.lists(st.sampled_from(good), max_size=4), tools, wrong)))
        elif shape == "tool_choice":
            good = [c for c in _CHOICES if _reads(module, tuple(toks), c)]
            places.append((tuple(toks), st.one_of(st.sampled_from(good), st.sampled_from(_CHOICES))))
    places += [(tuple(toks), _FLAGS) for _n, toks in (*module._TOOLS_FIELDS, *module._CHOICE_FIELDS)]

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        request: dict[str, Any] = {}
        for toks, values in places:
            if draw(st.booleans()):
                spelled = tuple(_snake(t) for t in toks) if draw(st.integers(0, 4)) == 0 else toks
                put_path(request, spelled, draw(values))
        return request

    return build()


def _reads(module: Any, toks: tuple[str, ...], value: Any) -> bool:
    """The oracle reads value at toks without an error."""
    wire: dict[str, Any] = {}
    put_path(wire, toks, value)
    try:
        tools_in(wire, module._CODECS, IdMap(), {}, {}, {})
    except DecodeError:
        return False
    return True


def _run(read: Any) -> str:
    fields: dict[str, Any] = {}
    forms: dict[str, Any] = {}
    try:
        return repr((read(fields, forms), fields, forms))
    except DecodeError as exc:
        return repr(("error", exc.pointer, exc.message))


@pytest.mark.parametrize("name", WITH_CONVERSATION)
def test_compiled_tools_read_as_the_interpreter_read(name: str) -> None:
    module = DIALECTS[name]

    def oracle(wire: dict[str, Any], fields: dict[str, Any], forms: dict[str, Any]) -> dict[str, Any]:
        request: dict[str, Any] = {}
        tools_in(wire, module._CODECS, IdMap(), request, fields, forms)
        return request

    seen = {"tools": 0, "choice": 0, "fields": 0, "forms": 0, "errors": 0}

    @settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_requests(name))
    def same(wire: dict[str, Any]) -> None:
        compiled = _run(lambda fields, forms: module._tools_in(wire, IdMap(), fields, forms))
        assert compiled == _run(lambda fields, forms: oracle(wire, fields, forms)), wire
        for key, there in (
            ("tools", "'tools'"),
            ("choice", "'tool_choice'"),
            ("fields", "{'/"),
            ("forms", "'empty'"),
            ("errors", "('error'"),
        ):
            seen[key] += there in compiled

    same()
    # the requests reach every branch the dialect has: tools, a choice, kept fields, forms, errors
    assert seen["tools"] and seen["fields"] and seen["forms"] and seen["errors"], seen
    if any(loc[0] == "tool_choice" for loc in module._LOCATIONS):
        assert seen["choice"], seen


def test_typescript_reads_tools_as_python_reads_them() -> None:
    from tests.hostile_strategies import examples

    jobs: list[dict[str, Any]] = []
    for name in WITH_CONVERSATION:
        ir = conversation_ir(SPEC.dialects[name])
        assert ir is not None
        for request in examples(_requests(name), 200):
            put_path(request, ir.request.turns, [])
            if ir.request.model is not None:
                put_path(request, ir.request.model, "m")
            jobs.append({"dialect": name, "request": request})
    assert_typescript_decodes_as_python(jobs)


def test_a_layout_the_lowering_cannot_spell_straight_is_refused_by_name() -> None:
    from toolwire.ir.lower_tools import lower_tools_reader
    from toolwire.ir.nodes import Location

    def loc(shape: str, path: str) -> Location:
        return Location(shape, path, tuple(path.strip("/").split("/")), (), (), (), ())

    wrapped = loc("tool_definition", "/tools/*/functionDeclarations/*")
    with pytest.raises(ValueError, match="sharing the list /tools inside a wrapper object"):
        lower_tools_reader((wrapped, wrapped), (), ())
    shared = lower_tools_reader((loc("tool_definition", "/tools/*"), loc("tool_definition", "/tools/*")), (), ())
    assert shared.name == "tools_in"  # a plain list two locations share: read in one walk
    with pytest.raises(ValueError, match="tool_choice locations at more than one path"):
        lower_tools_reader((loc("tool_choice", "/a"), loc("tool_choice", "/b")), (), ())
    between = (loc("tool_choice", "/c"), loc("tool_definition", "/tools/*"), loc("tool_choice", "/c"))
    with pytest.raises(ValueError, match="a tools list between tool_choice locations"):
        lower_tools_reader(between, (), ())
