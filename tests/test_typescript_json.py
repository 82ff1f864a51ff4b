"""One strict JSON behaviour for both targets (issue 14, item 5): the same argument texts go
through Python `toolwire_dialects._strict_json.loads` and through the TypeScript runtime's
`loads` (node on generated/typescript/dist/_strict_json.js or $TOOLWIRE_TS_DIST's), and both must accept and reject the same texts, parse them to the same
value, and reject them with the same message (it becomes a call's `arguments_error`).

The rules (Python's, which the TypeScript port follows): RFC 8259 JSON only, so NaN, Infinity,
-Infinity, a number beyond a double (1e400) and a lone surrogate escape are rejected; a duplicate
key keeps its last value in its first place; arrays and objects nest at most 512 levels; one
value per text ('{}{}' is "Extra data"). What a JavaScript value cannot say is a documented
difference, detected per case and marked xfail with its reason (never passed silently): an
integral float (Python's 1.0 is JavaScript's 1), an integer beyond 2**53 (rounded to a double),
integer-like object keys (JavaScript puts them first, in numeric order).

Also the home of the helpers the differential test (test_typescript_parity.py) shares.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
NODE_MODULES = (REPO / "generated" / "typescript" / "node_modules",)
SAFE_INTEGER = 2**53
_INDEX_KEY = re.compile(r"^(0|[1-9][0-9]*)$")


# ---- shared helpers -------------------------------------------------------------------------


def ts_dist() -> Path:
    """The built TypeScript package's dist/: generated/typescript/dist, or $TOOLWIRE_TS_DIST
    (e.g. a `toolwire generate --target typescript --out DIR` build's DIR/typescript/dist)."""
    named = os.environ.get("TOOLWIRE_TS_DIST")
    return Path(named) if named else REPO / "generated" / "typescript" / "dist"


def node_or_skip() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH: the TypeScript target needs Node.js 20+")
    return node


# A node script converting each job line ({wire, options}) with the package module given last:
# its [value, losses] or ["error", name, message] a line (the rules tests compare it with Python).
CONVERT_DRIVER = r"""
import { createInterface } from "node:readline";
const pkg = await import(process.argv[process.argv.length - 1]);
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  try {
    const got = pkg.convert(job.wire, job.options);
    console.log(JSON.stringify([got.value, got.losses.map((l) => [l.code, l.pointer, l.target, l.what])]));
  } catch (exc) {
    console.log(JSON.stringify(["error", exc.name, exc.message]));
  }
}
"""

# relays job.events from job.source to job.target: [events, [code, pointer, what] per loss]
STREAM_DRIVER = r"""
import { createInterface } from "node:readline";
const pkg = await import(process.argv[process.argv.length - 1]);
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  const relay = pkg.convertStream(job.events, { source: job.source, target: job.target });
  const events = [];
  for await (const event of relay) events.push(event);
  console.log(JSON.stringify([events, relay.losses.map((l) => [l.code, l.pointer, l.what])]));
}
"""


def run_node(script: str, lines: list[Any], *args: str, timeout: float = 600) -> list[Any]:
    """Run a node ES module script (text) fed one JSON line per item on stdin; its stdout's JSON
    lines, one per item."""
    node = node_or_skip()
    text = "".join(json.dumps(item) + "\n" for item in lines)  # ASCII: lone surrogates survive
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, "--", *args],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        check=False,
        env={**os.environ, "NODE_OPTIONS": ""},
    )
    assert done.returncode == 0, f"node failed ({done.returncode}):\n{done.stderr[-4000:]}"
    out = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert len(out) == len(lines), f"node answered {len(out)} of {len(lines)} lines:\n{done.stderr[-4000:]}"
    return out


def answer(encode: Callable[..., Any], value: Any, options: dict[str, Any], *refusals: type[Exception]) -> list[Any]:
    """CONVERT_DRIVER's answer for one job, from Python: [value, losses] of what encode gives
    for a copy of value, or ["error", kind, message] when it raises one of refusals."""
    try:
        got = encode(copy.deepcopy(value), **options)
    except refusals as exc:
        return ["error", type(exc).__name__, str(exc)]
    return [got.value, [list(loss) for loss in got.losses]]


def js_view(value: Any) -> Any:
    """value as a JavaScript value would carry it: integral floats as integers, integers beyond
    2**53 rounded to a double, integer-like keys of an object first in numeric order."""
    if type(value) is float and value.is_integer():
        value = int(value)
    if type(value) is int and abs(value) > SAFE_INTEGER:
        return float(value)
    if isinstance(value, list):
        return [js_view(v) for v in value]
    if isinstance(value, dict):
        index = sorted((k for k in value if _INDEX_KEY.match(k) and int(k) < 2**32 - 1), key=int)
        rest = [k for k in value if k not in set(index)]
        return {k: js_view(value[k]) for k in [*index, *rest]}
    return value


def known_differences(value: Any) -> list[str]:
    """What a JavaScript value cannot say about value (the reasons an xfail gives)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        node = stack.pop()
        if type(node) is float and node.is_integer():
            found.add("an integral float (Python 1.0, JavaScript 1)")
        elif type(node) is int and abs(node) > SAFE_INTEGER:
            found.add("an integer beyond 2**53 (a double in JavaScript)")
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            if list(node) != list(js_view({k: None for k in node})):
                found.add("integer-like object keys (JavaScript orders them first)")
            stack.extend(node.values())
    return sorted(found)


def dumps(value: Any) -> str:
    """The JSON text compared: Python's compact spelling, key order kept."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def assert_same_json(python: Any, typescript: Any, what: str) -> None:
    """python (a Python value) and typescript (the value the TypeScript side printed, read back)
    must be the same JSON; a difference a documented JavaScript limit explains is an xfail."""
    if dumps(python) == dumps(typescript):
        return
    reasons = known_differences(python)
    if reasons and dumps(js_view(python)) == dumps(js_view(typescript)):
        pytest.xfail(f"{what}: known TypeScript difference: {'; '.join(reasons)}")
    assert dumps(typescript) == dumps(python), what


# ---- the strict reader ----------------------------------------------------------------------

DEEP = 512
TEXTS: list[tuple[str, str]] = [
    ("object", '{"city":"Paris","n":[1,2.5,-3,true,false,null]}'),
    ("spaced", ' \n\t{ "a" : [ ] , "b" : { } }\r\n'),
    ("empty-object", "{}"),
    ("string", '"plain"'),
    ("escapes", '"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u0000\\u00e9"'),
    ("surrogate-pair", '"\\ud83d\\ude00"'),
    ("astral-raw", '"😀 é"'),
    ("lone-high", '"\\ud83d"'),
    ("lone-low", '"x\\ude00y"'),
    ("lone-in-key", '{"\\udc00":1}'),
    ("reversed-pair", '"\\ude00\\ud83d"'),
    ("nan", "NaN"),
    ("nan-in-object", '{"a":NaN}'),
    ("infinity", "Infinity"),
    ("minus-infinity", "[-Infinity]"),
    ("overflow", "1e400"),
    ("overflow-negative", '{"x":-1e400}'),
    # a long mantissa overflows with a two-digit exponent (once missed by a check for 3 digits)
    ("overflow-long-mantissa", "[1" + "0" * 250 + "e99]"),
    ("overflow-309", "1.8e308"),
    ("max-double", "1.7976931348623157e308"),
    ("tiny", "5e-324"),
    ("underflow", "1e-400"),
    ("exponents", "[1e-7,2.5E-3,1.5e+300,0.1,-0.5,123.456]"),
    ("integral-exponents", "[1E5,2.5e+3]"),
    ("minus-zero", "-0"),
    ("minus-zero-float", "-0.0"),
    ("integral-float", '{"a":1.0}'),
    ("big-int", "12345678901234567890"),
    ("safe-int", "9007199254740991"),
    ("index-keys", '{"b":1,"10":2,"2":3}'),
    ("duplicate", '{"a":1,"a":2}'),
    ("duplicate-order", '{"a":1,"b":2,"a":3}'),
    ("depth-512", "[" * DEEP + "]" * DEEP),
    ("depth-513", "[" * (DEEP + 1) + "]" * (DEEP + 1)),
    ("depth-512-objects", '{"a":' * (DEEP - 1) + "[]" + "}" * (DEEP - 1)),
    ("depth-513-objects", '{"a":' * DEEP + "[]" + "}" * DEEP),
    ("depth-513-unclosed", "[" * (DEEP + 1)),
    ("brackets-in-strings", "[" + ",".join(['"[[[{{{"'] * 300) + "]"),
    ("long", "[" + "1," * 400 + "1]"),
    ("two-values", "{}{}"),
    ("two-values-spaced", '{"a":1} {"b":2}'),
    ("trailing-text", "[] x"),
    ("empty", ""),
    ("blank", "  "),
    ("bom", "\ufeff{}"),
    ("nbsp", "\u00a0{}"),
    ("trailing-comma", '{"a":1,}'),
    ("array-trailing-comma", "[1,]"),
    ("single-quotes", "{'a':1}"),
    ("unquoted-key", "{a:1}"),
    ("missing-colon", '{"a" 1}'),
    ("missing-comma", '{"a":1 "b":2}'),
    ("leading-zero", "01"),
    ("bare-dot", "1."),
    ("dot-first", ".5"),
    ("plus", "+1"),
    ("raw-tab", '"\t"'),
    ("raw-newline", '"a\nb"'),
    ("bad-escape", '"\\x41"'),
    ("short-unicode", '"\\u12"'),
    ("unterminated", '"abc'),
    ("unterminated-object", '{"a":1'),
    ("partial-literal", "tru"),
    ("astral-then-extra", '"😀" x'),
    ("line-two", '{\n"a":\n}'),
]


@pytest.fixture(scope="module")
def typescript_loads() -> Path:
    built = ts_dist() / "_strict_json.js"
    if not built.is_file():
        pytest.fail(f"{built} is not built: run `toolwire generate`")
    node_or_skip()
    return built


_DRIVER = """
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const { loads } = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const text = JSON.parse(line);
  let answer;
  try {
    answer = { ok: true, value: JSON.stringify(loads(text)) };
  } catch (error) {
    answer = { ok: false, error: error instanceof Error, name: error?.name, message: String(error?.message ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\\n");
}
"""


def _python(text: str) -> dict[str, Any]:
    from toolwire_dialects._strict_json import loads

    try:
        return {"ok": True, "value": loads(text)}
    except ValueError as exc:
        return {"ok": False, "message": str(exc)}


@pytest.fixture(scope="module")
def answers(typescript_loads: Path) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    typescript = run_node(_DRIVER, [text for _, text in TEXTS], str(typescript_loads))
    return {name: (_python(text), ts) for (name, text), ts in zip(TEXTS, typescript, strict=True)}


NAMES = [name for name, _ in TEXTS]


def test_the_cases_cover_every_rule() -> None:
    verdicts = {name: _python(text)["ok"] for name, text in TEXTS}
    for name in ("nan", "infinity", "overflow", "lone-high", "depth-513", "two-values"):
        assert verdicts[name] is False, name
    for name in ("duplicate", "depth-512", "depth-512-objects", "surrogate-pair", "underflow"):
        assert verdicts[name] is True, name
    assert _python('{"a":1,"b":2,"a":3}')["value"] == {"a": 3, "b": 2}


@pytest.mark.parametrize("name", NAMES)
def test_same_accept_or_reject_and_the_same_value_or_message(answers: dict[str, Any], name: str) -> None:
    """Accepted by both with the same value, or rejected by both with the same message: the
    message is a call's arguments_error ("not valid JSON: <message>"), part of the canonical
    output, so it must match byte for byte."""
    python, typescript = answers[name]
    said = typescript.get("message")
    assert typescript["ok"] == python["ok"], (
        f"Python {'accepts' if python['ok'] else 'rejects'}; TypeScript says {said}"
    )
    if python["ok"]:
        assert_same_json(python["value"], json.loads(typescript["value"]), name)
    else:
        assert typescript["error"] is True, f"TypeScript threw a non-Error: {typescript}"
        assert typescript["message"] == python["message"]
