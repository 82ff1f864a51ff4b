"""Compiled settings against the interpreter they replaced (tests/oracle/settings.py): the
generated modules' `_settings_in` / `_settings_out` (ir/lower_settings.py, printed by each
target's print_steps.py) give the same settings, forms, kept fields, wire, losses and errors
as the table-driven interpreter, for every dialect, over generated requests; in Python, and
in TypeScript (the same steps printed as TypeScript, run by node)."""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolwire_dialects import DIALECTS
from toolwire_dialects._errors import CanonicalError, DecodeError

from tests.oracle.settings import Setting, decode_settings, encode_settings, settings_of
from toolwire.ir.conversation import conversation_ir
from toolwire.ir.lower_settings import lower_settings_reader, lower_settings_writer
from toolwire.spec.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
CONVERSATIONAL = sorted(n for n, d in SPEC.dialects.items() if conversation_ir(d) is not None)
FORMS = ["null", "alias:1", "alias:2", "value:1", "value:2", "string", ""]  # as decoders write them


@functools.cache
def _layout(name: str) -> tuple[Setting, ...]:
    ir = conversation_ir(SPEC.dialects[name])
    assert ir is not None
    return settings_of(ir.request.settings)


def _values(name: str) -> st.SearchStrategy[Any]:
    mapped = [v for s in _layout(name) for pair in s.values for v in pair]
    ranges = [s.range for s in _layout(name) if s.range is not None]  # each bound, and just past it
    bounds = [b + d for r in ranges for b in (r.minimum, r.maximum) if b is not None for d in (-0.5, 0, 0.5)]
    scalars = st.sampled_from(
        [
            None,
            "",
            "x",
            "auto",
            "none",
            "\n\nUser:",
            0,
            1,
            -5,
            2**31,
            0.5,
            math.nan,
            math.inf,
            True,
            False,
            *mapped,
            *bounds,
        ]
    )
    keys = st.sampled_from(["type", "x"])
    return st.one_of(scalars, st.lists(scalars, max_size=3), st.dictionaries(keys, scalars, max_size=2))


def _build(pairs: list[tuple[tuple[str, ...], Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path, value in pairs:
        node = out
        for token in path[:-1]:
            child = node.get(token)
            node = node.setdefault(token, {}) if type(child) is dict or token not in node else {}
        node[path[-1]] = value
    return out


def _requests(name: str) -> st.SearchStrategy[dict[str, Any]]:
    paths = [p for s in _layout(name) for p in (s.toks, *s.aliases)]
    return st.lists(st.tuples(st.sampled_from(paths), _values(name)), max_size=6).map(_build)


def _canonical(name: str) -> st.SearchStrategy[tuple[dict[str, Any], dict[str, Any]]]:
    names = [s.name for s in _layout(name)] + [("other",), ("response_format", "strange")]
    pointers = ["".join("/" + t.replace("~", "~0").replace("/", "~1") for t in s.toks) for s in _layout(name)]
    forms = st.dictionaries(st.sampled_from(pointers), st.sampled_from(FORMS), max_size=3)
    return st.tuples(st.lists(st.tuples(st.sampled_from(names), _values(name)), max_size=6).map(_build), forms)


def _read(read: Any, wire: dict[str, Any]) -> Any:
    forms: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    try:
        out = read(wire, forms, fields)
    except DecodeError as exc:
        return ["error", exc.pointer, exc.message]
    return [out, forms, fields]


def _write(write: Any, canonical: dict[str, Any], forms: dict[str, Any]) -> Any:
    losses: list[list[str]] = []
    wire: dict[str, Any] = {}
    try:
        write(wire, canonical, forms, lambda code, at, what: losses.append([code, at, what]))
    except CanonicalError as exc:
        return ["error", str(exc)]
    return [wire, losses]


def _oracle_read(name: str, wire: Any, forms: dict[str, Any], fields: dict[str, Any]) -> Any:
    return decode_settings(wire, _layout(name), forms, fields, name)


def _oracle_write(name: str, wire: Any, canonical: dict[str, Any], forms: dict[str, Any], lose: Any) -> Any:
    return encode_settings(wire, canonical, _layout(name), forms, lose)


_CASES = settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", CONVERSATIONAL)
def test_compiled_settings_read_as_the_interpreter_read(name: str) -> None:
    compiled = DIALECTS[name]._settings_in
    oracle = functools.partial(_oracle_read, name)

    @_CASES
    @given(_requests(name))
    def same(wire: dict[str, Any]) -> None:
        assert repr(_read(compiled, wire)) == repr(_read(oracle, wire)), wire

    same()


@pytest.mark.parametrize("name", CONVERSATIONAL)
def test_compiled_settings_write_as_the_interpreter_wrote(name: str) -> None:
    compiled = DIALECTS[name]._settings_out
    oracle = functools.partial(_oracle_write, name)

    @_CASES
    @given(_canonical(name))
    def same(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
        canonical, forms = case
        assert repr(_write(compiled, canonical, forms)) == repr(_write(oracle, canonical, forms)), case

    same()


# --- TypeScript: the same steps printed as TypeScript ---------------------------------------

_PRELUDE = """import * as rt from "{dist}/_runtime.js";
import * as conv from "{dist}/_conversation.js";
type JsonObject = {{ [key: string]: unknown }};
let DIALECT = "";
export function setDialect(name: string): void {{ DIALECT = name; }}
"""

_DRIVER = """
import { createInterface } from "node:readline";
const compiled = await import(process.argv[1]);
const untag = (v) => Array.isArray(v) ? v.map(untag) : v && typeof v === "object"
  ? ("$num" in v ? Number(v.$num) : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, untag(x)]))) : v;
const tag = (_k, v) => (typeof v === "number" && !Number.isFinite(v) ? { $num: String(v) } : v);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  compiled.setDialect(job.dialect);
  let answer;
  try {
    if (job.write) {
      const wire = {}, losses = [];
      compiled[job.fn](wire, untag(job.canonical), job.forms, (code, at, what) => losses.push([code, at, what]));
      answer = [wire, losses];
    } else {
      const forms = {}, fields = {};
      answer = [compiled[job.fn](untag(job.wire), forms, fields), forms, fields];
    }
  } catch (exc) {
    const kind = exc && exc.constructor && exc.constructor.name;
    if (kind === "DecodeError") answer = ["error", exc.pointer, exc.detail];
    else if (kind === "CanonicalError") answer = ["error", exc.message];
    else throw exc;
  }
  console.log(JSON.stringify(answer, tag));
}
"""


def _tag(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return {"$num": str(value).replace("inf", "Infinity").replace("nan", "NaN")}
    if isinstance(value, list | tuple):
        return [_tag(v) for v in value]
    if isinstance(value, dict):
        return {k: _tag(v) for k, v in value.items()}
    return value


def _transpile(ts_file: Path, js_file: Path) -> None:
    from tests.test_typescript_json import REPO, run_node

    typescript = REPO / "generated" / "typescript" / "node_modules" / "typescript" / "lib" / "typescript.js"
    script = (
        f"const ts = (await import({json.dumps(typescript.as_uri())})).default;"
        "const fs = await import('node:fs');"
        "const out = ts.transpileModule(fs.readFileSync(process.argv[1], 'utf8'),"
        " { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });"
        "fs.writeFileSync(process.argv[2], out.outputText); console.log('[]');"
    )
    run_node(script, [None], str(ts_file), str(js_file))


def test_compiled_settings_in_typescript_agree_with_the_interpreter(tmp_path: Path) -> None:
    from tests.hostile_strategies import examples
    from tests.test_typescript_json import run_node, ts_dist
    from toolwire.targets.typescript.print_steps import function

    source = _PRELUDE.format(dist=ts_dist().as_posix())
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for name in CONVERSATIONAL:
        ir = conversation_ir(SPEC.dialects[name])
        assert ir is not None
        reader, writer = f"settingsIn_{name}", f"settingsOut_{name}"
        source += function(lower_settings_reader(ir.request.settings)).replace("settingsIn(", f"{reader}(")
        source += function(lower_settings_writer(ir.request.settings)).replace("settingsOut(", f"{writer}(")
        for wire in examples(_requests(name), 300):
            jobs.append({"dialect": name, "fn": reader, "wire": _tag(wire)})
            expected.append(_read(functools.partial(_oracle_read, name), wire))
        for canonical, forms in examples(_canonical(name), 300):
            jobs.append({"dialect": name, "fn": writer, "write": True, "canonical": _tag(canonical), "forms": forms})
            expected.append(_write(functools.partial(_oracle_write, name), canonical, forms))
    ts_file, js_file = tmp_path / "compiled.ts", tmp_path / "compiled.mjs"
    ts_file.write_text(source.replace("\nfunction ", "\nexport function "))
    _transpile(ts_file, js_file)
    answers = run_node(_DRIVER, jobs, str(js_file))
    for job, got, want in zip(jobs, answers, json.loads(json.dumps(_tag(expected))), strict=True):
        assert got == want, job
