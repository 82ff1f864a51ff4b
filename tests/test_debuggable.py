"""Generated code a person can debug (issue #22 item 5).

- A bug in the runtime (or in an IdMap handed in) comes out of a part converter as itself:
  decoders end a match only on their own mismatch, encoders turn only the invalid input they
  detect into a CanonicalError. Never a wrong-input DecodeError or CanonicalError hiding it.
- The generated TypeScript is formatted: no line over 120 characters.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import toolwire_dialects
from toolwire_dialects import DIALECTS, IdMap, get_dialect
from toolwire_dialects import _runtime as runtime

from tests.test_typescript_json import REPO, run_node, ts_dist
from toolwire.targets.typescript.format import format_typescript

CALL = {"id": "call_1", "name": "get_weather", "arguments": {"city": "Paris"}}
TOOL = {
    "name": "get_weather",
    "description": "The weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
}


class BrokenIdMap(IdMap):
    """An IdMap with a bug: noting a call fails with a TypeError."""

    def note_call(self, call_id: str | None, name: str) -> None:
        raise TypeError("bug in note_call")


def _wire(dialect: str, shape: str, canonical: dict[str, Any]) -> Any:
    encoded = getattr(get_dialect(dialect), "encode_" + shape)(canonical, id_map=IdMap())
    assert encoded.value is not None, (dialect, shape)
    return encoded.value


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_a_bug_under_a_decoder_is_not_a_decode_error(dialect: str) -> None:
    module = get_dialect(dialect)
    wire = _wire(dialect, "tool_call", CALL)
    with pytest.raises(TypeError, match="bug in note_call"):
        module.decode_tool_call(wire, id_map=BrokenIdMap())


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_a_bug_in_a_runtime_helper_is_not_a_decode_error(dialect: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """held() is what every decoder calls on the parameters or arguments it takes whole."""
    module = get_dialect(dialect)
    wires = [_wire(dialect, "tool_call", CALL), _wire(dialect, "tool_definition", TOOL)]

    def broken(*args: Any) -> Any:
        raise KeyError("bug in held")

    monkeypatch.setattr(runtime, "held", broken)
    failures = 0
    for shape, wire in zip(("tool_call", "tool_definition"), wires, strict=True):
        try:
            getattr(module, "decode_" + shape)(wire)
        except KeyError as exc:
            assert exc.args == ("bug in held",)
            failures += 1
        except toolwire_dialects.DecodeError as exc:
            pytest.fail(f"{dialect} {shape}: the bug came out as {exc}")
    assert failures, f"{dialect}: no decoder called held()"


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_a_bug_under_an_encoder_is_not_a_canonical_error(dialect: str) -> None:
    module = get_dialect(dialect)
    with pytest.raises(TypeError, match="bug in note_call"):
        module.encode_tool_call(CALL, id_map=BrokenIdMap())


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_a_bug_in_a_runtime_helper_is_not_a_canonical_error(dialect: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """apply_fields() is what every encoder calls to put back the wire fields it kept."""
    module = get_dialect(dialect)

    def broken(*args: Any) -> Any:
        raise IndexError("bug in apply_fields")

    monkeypatch.setattr(runtime, "apply_fields", broken)
    with pytest.raises(IndexError, match="bug in apply_fields"):
        module.encode_tool_call({**CALL, "extensions": {dialect: {"fields": {"/x_kept": 1}}}})


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_a_missing_field_is_still_a_canonical_error(dialect: str) -> None:
    module = get_dialect(dialect)
    with pytest.raises(toolwire_dialects.CanonicalError, match="canonical tool_call is invalid: missing field 'name'"):
        module.encode_tool_call({"id": "call_1", "arguments": {}})


def test_generated_modules_catch_no_builtin_error_wholesale() -> None:
    """The dialect modules catch only their own mismatch (and, narrowly, a parse's ValueError)."""
    package = REPO / "generated" / "python" / "toolwire_dialects"
    broad = re.compile(r"except \(?[^:]*\b(KeyError|TypeError|IndexError|AttributeError)\b")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for name in sorted(DIALECTS)
        for path in [package / f"{name}.py"]
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if broad.search(line)
    ]
    assert not found, found


_TS_BUG = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
class BrokenIdMap extends pkg.IdMap {
  noteCall() { throw new TypeError("bug in noteCall"); }
}
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const m = pkg.getDialect(job.dialect);
  const wire = m.encodeToolCall(job.call, { idMap: new pkg.IdMap() }).value;
  const out = {};
  for (const [step, run] of [
    ["decode", () => m.decodeToolCall(wire, { idMap: new BrokenIdMap() })],
    ["encode", () => m.encodeToolCall(job.call, { idMap: new BrokenIdMap() })],
  ]) {
    try { run(); out[step] = "no error"; } catch (exc) { out[step] = exc.constructor.name + ": " + exc.message; }
  }
  console.log(JSON.stringify(out));
}
"""


def test_a_bug_under_a_typescript_converter_comes_out_as_itself() -> None:
    dialects = sorted(DIALECTS)
    found = run_node(_TS_BUG, [{"dialect": d, "call": CALL} for d in dialects], str(ts_dist() / "index.js"))
    expected = {"decode": "TypeError: bug in noteCall", "encode": "TypeError: bug in noteCall"}
    assert dict(zip(dialects, found, strict=True)) == {d: expected for d in dialects}


# Canonical values of the wrong type: each a CanonicalError in the words of the Python builtin
# the encoder's checked read stands for, the same in both languages (TypeScript used to say
# "number has no len()", or let "parts.filter is not a function" through, or encode silently).
_RESULT = {"call_id": "call_1", "name": "get_weather", "content": [{"type": "text", "text": "sunny"}]}
INVALID = [
    ("anthropic_messages", "tool_result", {**_RESULT, "content": 5}, "object of type 'int' has no len()"),
    ("anthropic_messages", "tool_choice", {"mode": "tool", "names": 5}, "'int' object is not subscriptable"),
    ("bedrock_converse", "tool_result", {**_RESULT, "content": 5}, "'int' object is not iterable"),
    ("gemini", "tool_call", {"name": "f", "arguments": {}}, "missing field 'id'"),
    ("openai_chat", "tool_call", {"id": "call_1", "name": "f"}, "missing field 'arguments'"),
    (
        "anthropic_messages",
        "tool_result",
        {**_RESULT, "content": [[1]]},
        "list indices must be integers or slices, not str",
    ),
    ("anthropic_messages", "tool_result", {**_RESULT, "content": [None]}, "'NoneType' object is not subscriptable"),
    (
        "ollama",
        "tool_result",
        {**_RESULT, "content": [{"type": "text", "text": 5}]},
        "sequence item 0: expected str instance, int found",
    ),
    ("mcp", "tool_call", {**CALL, "id": []}, "unhashable type: 'list'"),
    ("gemini", "tool_result", {**_RESULT, "content": ""}, None),
]

_TS_ENCODE = r"""
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
const pkg = await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  const encode = pkg.encoder(job.dialect, job.shape);
  try { encode(job.value, { idMap: new pkg.IdMap() }); console.log(JSON.stringify(null)); }
  catch (exc) { console.log(JSON.stringify([exc.constructor.name, exc.message])); }
}
"""


def test_a_canonical_value_of_the_wrong_type_is_the_same_error_in_both_languages() -> None:
    found_py = []
    for dialect, shape, value, _ in INVALID:
        try:
            getattr(get_dialect(dialect), "encode_" + shape)(value, id_map=IdMap())
            found_py.append(None)
        except toolwire_dialects.CanonicalError as exc:
            found_py.append(["CanonicalError", str(exc)])
    expected = [
        None if why is None else ["CanonicalError", f"canonical {shape} is invalid: {why}"]
        for _, shape, _, why in INVALID
    ]
    assert found_py == expected
    jobs = [{"dialect": d, "shape": shape, "value": value} for d, shape, value, _ in INVALID]
    assert run_node(_TS_ENCODE, jobs, str(ts_dist() / "index.js")) == expected


# The relay's runtime modules belong to the relay rework under way (issue #22 item 3), which
# lays them out anew; until it lands they are the one exception, named here so none other hides.
NOT_YET_FORMATTED = ("streams/_relay",)


def test_generated_typescript_lines_fit_in_120_characters() -> None:
    src = REPO / "generated" / "typescript" / "src"
    files = sorted(src.rglob("*.ts"))
    assert len(files) > 40
    long = [
        f"{path.relative_to(src).as_posix()}:{number}: {len(line)} characters"
        for path in files
        if not path.relative_to(src).as_posix().startswith(NOT_YET_FORMATTED)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > 120
    ]
    assert not long, f"{len(long)} lines over 120 characters: {long[:10]}"


def test_the_formatter_breaks_what_is_too_long_and_keeps_the_rest() -> None:
    short = 'const a = f("x", 1);'
    call = "    const value = someFunction(" + ", ".join(f'"argument number {i}"' for i in range(8)) + ");"
    condition = "  if (" + " && ".join(f"check{i}(value)" for i in range(10)) + ") {"
    code = "\n".join([short, call, condition, "  }"])
    out = format_typescript(code)
    assert out.split("\n")[0] == short
    assert all(len(line) <= 120 for line in out.split("\n")), out
    assert out.count("\n") > code.count("\n") + 4  # the call and the condition were broken
    # the same code: only whitespace and a trailing comma were added
    assert re.sub(r"\s+|,(?=\s*\))", "", out) == re.sub(r"\s+", "", code)

    comment = "  // " + " ".join(f"word{i}" for i in range(40))
    wrapped = format_typescript(comment).split("\n")
    assert len(wrapped) > 1 and all(len(line) <= 120 and line.startswith("  // ") for line in wrapped)
    assert " ".join(line.removeprefix("  // ") for line in wrapped) == comment.removeprefix("  // ")

    text = 'const s = "' + "a b " * 40 + '";'
    joined = format_typescript(text).split("\n")
    assert len(joined) == 2 and all(len(line) <= 120 for line in joined)
    assert (
        eval(joined[0].removeprefix("const s = ").removesuffix(" +") + " + " + joined[1].strip().rstrip(";"))
        == "a b " * 40
    )
