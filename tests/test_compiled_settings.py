"""Compiled settings (ir/lower_settings.py printed by targets/python/print_steps.py) against
the interpreter they replace (_conv_request_in.decode_settings): the same settings, forms,
kept fields and errors, for every dialect, over generated requests."""

from __future__ import annotations

import functools
import json
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


# --- TypeScript: the same steps printed as TypeScript, against the Python interpreter ------

_PRELUDE = """import {{ DecodeError, getOwn, isObject, putOwn }} from "{dist}/_errors.js";
import {{ settingProblem }} from "{dist}/_conv_guard.js";
import {{ put }} from "{dist}/_conv_paths.js";
type JsonObject = {{ [key: string]: unknown }};
const keyOf = (node: unknown, key: string): unknown => (isObject(node) ? getOwn(node, key) : undefined);
const putPath = (root: JsonObject, path: string[], value: unknown): void => put(root, path, value);
const listOf = (value: unknown): unknown[] => [value];
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
  const forms = {}, fields = {};
  try {
    const out = compiled[job.fn](untag(job.wire), forms, fields);
    console.log(JSON.stringify([out, forms, fields], tag));
  } catch (exc) {
    if (!(exc instanceof Error) || exc.constructor.name !== "DecodeError") throw exc;
    console.log(JSON.stringify(["error", exc.pointer, exc.detail]));
  }
}
"""


def _interpreted(layout: Any, name: str, wire: Any, forms: dict[str, Any], fields: dict[str, Any]) -> Any:
    return _conv_request_in.decode_settings(wire, layout, forms, fields, name)


def _tag(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return {"$num": str(value).replace("inf", "Infinity").replace("nan", "NaN")}
    if isinstance(value, list):
        return [_tag(v) for v in value]
    if isinstance(value, dict):
        return {k: _tag(v) for k, v in value.items()}
    return value


def test_compiled_settings_in_typescript_read_as_the_interpreter_reads(tmp_path: Path) -> None:
    from tests.hostile_strategies import examples
    from tests.test_typescript_json import REPO, run_node, ts_dist
    from toolwire.targets.typescript.print_steps import function as ts_function

    source = _PRELUDE.format(dist=ts_dist().as_posix())
    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for name in CONVERSATIONAL:
        layout = conversation_ir(SPEC.dialects[name])
        assert layout is not None
        fn = f"settingsIn_{name}"
        source += ts_function(lower_settings_reader(layout.request.settings)).replace("settingsIn(", f"{fn}(")
        interpreter = DIALECTS[name]._REQUEST.settings
        for wire in examples(_requests(name), 300):
            if "100000000000000000000" in repr(wire):
                continue  # JavaScript writes 10**20 back as 1e+20, a float to Python
            jobs.append({"dialect": name, "fn": fn, "wire": _tag(wire)})
            result = _run(functools.partial(_interpreted, interpreter, name), wire)
            expected.append(list(result) if result[0] == "error" else [result[0], result[1], result[2]])
    ts_file = tmp_path / "compiled.ts"
    ts_file.write_text(source)
    typescript = REPO / "generated" / "typescript" / "node_modules" / "typescript" / "lib" / "typescript.js"
    transpile = (
        f"const ts = (await import({json.dumps(typescript.as_uri())})).default;"
        "const fs = await import('node:fs');"
        "const out = ts.transpileModule(fs.readFileSync(process.argv[1], 'utf8'),"
        " { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });"
        "fs.writeFileSync(process.argv[2], out.outputText);"
    )
    js_file = tmp_path / "compiled.mjs"
    run_node(transpile + "console.log('[]');", [None], str(ts_file), str(js_file))
    answers = run_node(_DRIVER, jobs, str(js_file))
    expected_json = json.loads(json.dumps(_tag(expected)))
    answers_json = json.loads(json.dumps(answers))
    for job, got, want in zip(jobs, answers_json, expected_json, strict=True):
        assert got == want, job


# --- the writer: canonical settings -> wire --------------------------------------------------


def _form_index(form: str, prefix: str, count: int) -> int:
    """The interpreter's reading of a `value:N` / `alias:N` form (0: none that fits)."""
    return int(form[len(prefix) :]) if form.startswith(prefix) and int(form[len(prefix) :]) < count else 0


def _compiled_writer(name: str) -> Any:
    from toolwire_dialects._errors import CanonicalError, escape

    from toolwire.ir.lower_settings import lower_settings_writer

    layout = conversation_ir(SPEC.dialects[name])
    assert layout is not None
    source = function(lower_settings_writer(layout.request.settings))
    namespace: dict[str, Any] = {
        "Any": Any,
        "Callable": Any,
        "_MISSING": MISSING,
        "_CanonicalError": CanonicalError,
        "_escape": escape,
        "_setting_problem": _conv_guard.setting_problem,
        "_form_of": lambda forms, pointer: forms.get(pointer, ""),
        "_form_index": _form_index,
    }
    exec(compile(source, f"<compiled settings writer of {name}>", "exec"), namespace)
    return namespace["_settings_out"]


def _canonical_settings(name: str) -> st.SearchStrategy[tuple[dict[str, Any], dict[str, Any]]]:
    layout = DIALECTS[name]._REQUEST.settings
    names = [s.name for s in layout] + [("other",), ("response_format", "strange")]
    values = _values(name)
    forms = st.dictionaries(
        st.sampled_from([_pointer(s.toks) for s in layout]),
        st.sampled_from(["null", "alias:1", "alias:2", "value:1", "value:2", "string", ""]),
        max_size=3,
    )
    settings_ = st.lists(st.tuples(st.sampled_from(names), values), max_size=6).map(_build)
    return st.tuples(settings_, forms)


def _pointer(toks: tuple[str, ...]) -> str:
    return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in toks)


def _write(write: Any, settings_: dict[str, Any], forms: dict[str, Any]) -> Any:
    from toolwire_dialects._errors import CanonicalError

    losses: list[tuple[str, str]] = []
    wire: dict[str, Any] = {}
    try:
        write(wire, settings_, forms, lambda at, what: losses.append((at, what)))
    except CanonicalError as exc:
        return ("error", str(exc))
    return (wire, losses)


@pytest.mark.parametrize("name", CONVERSATIONAL)
def test_compiled_settings_write_as_the_interpreter_writes(name: str) -> None:
    from toolwire_dialects import _conv_settings

    compiled = _compiled_writer(name)
    layout = DIALECTS[name]._REQUEST.settings

    def interpreted(wire: dict[str, Any], settings_: dict[str, Any], forms: dict[str, Any], lose: Any) -> None:
        _conv_settings.encode_settings(wire, settings_, layout, forms, lose)

    @settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_canonical_settings(name))
    def same(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
        settings_, forms = case
        assert repr(_write(compiled, settings_, forms)) == repr(_write(interpreted, settings_, forms)), case

    same()
