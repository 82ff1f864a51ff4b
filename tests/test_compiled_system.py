"""The compiled system-field reader (ir/lower_system.py, printed by each target) against the
interpreter it replaced (tests/oracle/system.py): the same system turn, extensions and
errors for every dialect with a system field, over generated values; and the TypeScript
package's whole-request decoding of those values equal to Python's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS
from toolwire_dialects._errors import DecodeError
from toolwire_dialects._ids import IdMap

from tests.compiled_checks import assert_typescript_decodes_as_python, put_path
from tests.oracle.system import Layout, system_in
from toolwire.ir.conversation import conversation_ir
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
WITH_SYSTEM = sorted(
    name
    for name, d in SPEC.dialects.items()
    if (ir := conversation_ir(d)) is not None and ir.request.system is not None
)

_BLOCKS = st.sampled_from(
    [
        {"type": "text", "text": "Be brief."},
        {"text": "Be brief."},
        {"type": "text", "text": ""},
        {"type": "text", "text": 5},
        {"type": "input_text", "text": "hi"},
        {"type": "image", "source": {"type": "url", "url": "https://x/y.png"}},
        {"cachePoint": {"type": "default"}},
        {"type": "strange"},
        {},
        "text",
        7,
        None,
    ]
)
_VALUES = st.one_of(
    st.sampled_from(["", "Be brief.", 3, True, {}, []]),
    st.lists(_BLOCKS, max_size=3),
    st.fixed_dictionaries(
        {"parts": st.lists(_BLOCKS, max_size=3)}, optional={"role": st.just("system"), "x": st.just(1)}
    ),
    st.fixed_dictionaries({"parts": st.sampled_from(["x", 5, None])}),
)


def _run(read: Any, value: Any) -> str:
    try:
        return repr(read(value))
    except DecodeError as exc:
        return repr(("error", exc.pointer, exc.message))


@pytest.mark.parametrize("name", WITH_SYSTEM)
def test_compiled_system_reads_as_the_interpreter_read(name: str) -> None:
    module = DIALECTS[name]
    layout = Layout(name, module._REQUEST.system, module._REQUEST.parts)

    @settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_VALUES)
    def same(value: Any) -> None:
        compiled = _run(lambda v: module._system_in(v, module._CODECS, IdMap()), value)
        oracle = _run(lambda v: system_in(v, layout, module._CODECS, IdMap()), value)
        assert compiled == oracle, value

    same()


def test_typescript_reads_the_system_field_as_python_reads_it() -> None:
    from tests.hostile_strategies import examples

    jobs: list[dict[str, Any]] = []
    for name in WITH_SYSTEM:
        ir = conversation_ir(SPEC.dialects[name])
        assert ir is not None and ir.request.system is not None
        for value in examples(_VALUES, 200):
            request: dict[str, Any] = {}
            put_path(request, ir.request.turns, [])
            put_path(request, ir.request.system.tokens, value)
            if ir.request.model is not None:
                put_path(request, ir.request.model, "m")
            jobs.append({"dialect": name, "request": request})
    assert_typescript_decodes_as_python(jobs)
