"""The generated dialect registry (issue #22, point 4): one typed object per dialect, which the
package's own modules pass each other instead of a dialect's name, in both languages."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, Encoded
from toolwire_dialects._ids import IdPolicy
from toolwire_dialects.dialects import NAMES, REGISTRY, dialect_object
from toolwire_dialects.streams import STREAMS
from toolwire_dialects.streams._relay_read import RelayReader
from toolwire_dialects.streams._relay_write import RelayWriter

from tests.test_typescript_json import run_node, ts_dist

ROOT = Path(__file__).resolve().parents[1]
TSC = ROOT / "generated" / "typescript" / "node_modules" / "typescript" / "lib" / "tsc.js"
# A canonical stream with one call whose id the target's policy below does not allow.
SCRIPT: list[dict[str, Any]] = [
    {"type": "message_start", "id": "msg_1", "model": "m"},
    {"type": "tool_call_start", "index": 0, "id": "call_42", "name": "f"},
    {"type": "tool_call_delta", "index": 0, "arguments_delta": "{}"},
    {"type": "tool_call_stop", "index": 0, "call": {"id": "call_42", "name": "f", "arguments": {}}},
    {"type": "finish", "finish_reason": "tool_calls"},
    {"type": "message_stop"},
]
X_IDS = r"^x_[0-9A-Za-z]{6}$"


def test_every_dialect_has_one_object_holding_its_modules_own_functions() -> None:
    assert list(NAMES) == list(REGISTRY) == list(DIALECTS)
    for name in NAMES:
        module, found = DIALECTS[name], REGISTRY[name]
        assert found is dialect_object(name), "made once, then kept"
        assert (found.name, found.title, found.shapes) == (name, module.TITLE, module.SHAPES)
        assert found.decoders is module.DECODERS and found.encoders is module.ENCODERS
        assert found.decoders["tool_call"] is module.decode_tool_call
        assert found.id_policy is getattr(module, "ID_POLICY", None)
        has_conversation = hasattr(module, "decode_request")
        assert (found.conversation is not None) == has_conversation == ("request" in found.encoders)
        if found.conversation is not None:
            assert found.conversation.finish_reason_out is module.finish_reason_out
        assert found.inject is getattr(module, "inject", None)
        assert (found.stream() if found.stream else None) is STREAMS.get(name)


def test_an_unknown_name_is_a_value_error_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"^unknown dialect 'nope'; known: anthropic_messages, "):
        dialect_object("nope")
    with pytest.raises(ValueError, match="has no stream mapping"):
        RelayWriter(dialect_object("mcp"))


def test_importing_the_package_builds_no_dialect_object() -> None:
    code = (
        "import sys, toolwire_dialects as t\n"
        "before = {'toolwire_dialects.dialects', 'toolwire_dialects._dialect'} & set(sys.modules)\n"
        "t.convert('none', source='openai_chat', target='mistral', shape='tool_choice')\n"
        "after = [m for m in ('toolwire_dialects.dialects', 'toolwire_dialects.gemini') if m in sys.modules]\n"
        "print(sorted(before), after)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["[]", "['toolwire_dialects.dialects']"]


def test_the_relay_mints_call_ids_by_the_target_objects_id_policy() -> None:
    """The writer reads the policy from the object it is given (it used to import the target's
    module by name and read its private _IDS): another policy, other ids."""
    policy = IdPolicy("anthropic_messages", re.compile(X_IDS), "x_", 6)
    writer = RelayWriter(dialect_object("anthropic_messages")._replace(id_policy=policy))
    events = [e for c in SCRIPT for e in writer.write(c)]
    (new,) = [e["content_block"]["id"] for e in events if e["type"] == "content_block_start"]
    assert re.match(X_IDS, new) and writer.id_map.original(new) == "call_42"
    assert [loss.pointer for loss in writer.losses] == ["/calls/0/id"]


def test_the_relay_reads_finish_reasons_through_the_objects_conversation() -> None:
    """A dialect object without conversation functions: its wire finish reads as `other`."""
    source = dialect_object("openai_chat")
    writer = RelayWriter(source)
    events = [e for c in SCRIPT for e in writer.write(c)]
    for found, reason in ((source, "tool_calls"), (source._replace(conversation=None), "other")):
        reader = RelayReader(found)
        read = [c for e in events for c in reader.feed(e)] + reader.end()
        assert [c["finish_reason"] for c in read if c["type"] == "finish"] == [reason]


def test_inject_encodes_with_its_dialect_objects_encoders(monkeypatch: pytest.MonkeyPatch) -> None:
    """inject() takes its encoders from the object's table (it used to look them up in
    globals() by name): an encoder put into the table is the one inject calls."""
    anthropic = dialect_object("anthropic_messages")
    monkeypatch.setitem(anthropic.encoders, "tool_call", lambda value, **_: Encoded({"type": "stub"}, []))
    payload = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
    assert anthropic.inject is not None
    result = anthropic.inject(payload, {"tool_calls": [{"id": "call_1", "name": "f", "arguments": {}}]})
    assert result.value["content"] == [{"type": "stub"}]


# --- the objects are typed: consumers type-check against them ------------------------------
PY_CONSUMER = """\
from typing import Any

from toolwire_dialects import Encoded
from toolwire_dialects.dialects import NAMES, REGISTRY, Dialect, DialectName, StreamModule, dialect_object

anthropic: Dialect = dialect_object("anthropic_messages")
same: Dialect = REGISTRY["anthropic_messages"]
call: dict[str, Any] = anthropic.decoders["tool_call"]({"type": "tool_use", "id": "t", "name": "f", "input": {}})
encoded: Encoded = anthropic.encoders["tool_call"](call, strict=True, id_map=None)
names: tuple[DialectName, ...] = NAMES
prefix: str | None = anthropic.id_policy.prefix if anthropic.id_policy is not None else None
if anthropic.conversation is not None:
    reason: str = anthropic.conversation.finish_reason_in("end_turn")
if anthropic.stream is not None:
    stream: StreamModule = anthropic.stream()
    framing: str = stream.FRAMING
# Each line below is an error mypy must find (strict reports an ignore that is not needed).
unsure: str = anthropic.id_policy.prefix  # type: ignore[union-attr]
anthropic.name = "other"  # type: ignore[misc]
unknown: DialectName = "anthropic"  # type: ignore[assignment]
anthropic.encoders["tool_call"](call, idmap=None)  # type: ignore[call-arg]
"""


def test_a_consumer_of_the_registry_type_checks_under_mypy_strict(tmp_path: Path) -> None:
    """The consumer file passes, each misuse in it is found; the registry module itself (and
    the stream modules it hands out as StreamModule) is clean too."""
    (tmp_path / "consumer.py").write_text(PY_CONSUMER, encoding="utf-8")
    (tmp_path / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")  # not the checkout's config
    command = [sys.executable, "-m", "mypy", "--config-file", str(tmp_path / "mypy.ini"), "--strict"]
    command += ["--follow-imports=silent", "--cache-dir", str(tmp_path / "cache")]
    command += ["-m", "consumer", "-m", "toolwire_dialects.dialects"]
    env = {"MYPYPATH": f"{ROOT / 'generated' / 'python'}:{tmp_path}", "PATH": ""}
    run = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, env=env, check=False, timeout=600)
    assert run.returncode == 0 and "Success: no issues found in 2 source files" in run.stdout, run.stdout + run.stderr


TS_CONSUMER = """\
import { NAMES, REGISTRY, dialectObject, type Dialect, type DialectName, type Encoded } from "./index.js";

export const anthropic: Dialect<"anthropic_messages"> = REGISTRY.get("anthropic_messages");
export const name: "anthropic_messages" = anthropic.name;
export const any: Dialect = dialectObject("gemini" as string);
export const names: readonly DialectName[] = NAMES;
export const encoded: Encoded | undefined = anthropic.encoders["tool_call"]?.({}, { strict: true, idMap: null });
export const prefix: string | null = anthropic.idPolicy !== null ? anthropic.idPolicy.prefix : null;
export const reason: string | null = anthropic.conversation?.finishReasonIn("end_turn") ?? null;
export const framing: string | null = anthropic.stream?.FRAMING ?? null;
// Each line below is an error tsc must find (an unneeded @ts-expect-error is an error too).
// @ts-expect-error: not a dialect name the types know
export const unknown = REGISTRY.get("anthropic");
// @ts-expect-error: a Dialect is read-only
anthropic.title = "other";
// @ts-expect-error: idPolicy may be null
export const unsure: string = anthropic.idPolicy.prefix;
// @ts-expect-error: not a DialectName
export const bad: DialectName = "nope";
"""


def test_a_typescript_consumer_of_the_registry_compiles(tmp_path: Path) -> None:
    """The package's sources plus a consumer, under the package's own tsconfig."""
    node = shutil.which("node")
    if node is None or not TSC.is_file():
        pytest.fail(f"needs node on PATH and tsc at {TSC}: run README command 1")
    package = ROOT / "generated" / "typescript"
    shutil.copytree(package / "src", tmp_path / "src")
    shutil.copy(package / "tsconfig.json", tmp_path / "tsconfig.json")
    (tmp_path / "src" / "consumer.ts").write_text(TS_CONSUMER, encoding="utf-8")
    done = subprocess.run(
        [node, str(TSC), "-p", str(tmp_path), "--noEmit", "--pretty", "false"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout[:4000] + done.stderr


_TS_DRIVER = """
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
const dist = process.argv[process.argv.length - 1];
const { REGISTRY, DIALECTS } = await import(pathToFileURL(`${dist}/index.js`).href);
const { STREAMS } = await import(pathToFileURL(`${dist}/streams/index.js`).href);
const { RelayWriter } = await import(pathToFileURL(`${dist}/streams/_relay_write.js`).href);
const { IdPolicy } = await import(pathToFileURL(`${dist}/_ids.js`).href);
for await (const line of createInterface({ input: process.stdin })) {
  const { script, pattern } = JSON.parse(line);
  const same = REGISTRY.names().map((name) => {
    const d = REGISTRY.get(name), m = DIALECTS[name];
    return d === REGISTRY.lookup(name) && d.encoders === m.ENCODERS && d.decoders === m.DECODERS
      && d.idPolicy === (m.ID_POLICY ?? null) && d.stream === (STREAMS[name] ?? null)
      && (d.conversation === null) === (m.decodeRequest === undefined) && d.inject === (m.inject ?? null);
  });
  const policy = new IdPolicy("anthropic_messages", new RegExp(pattern, "u"), "x_", 6);
  const writer = new RelayWriter({ ...REGISTRY.get("anthropic_messages"), idPolicy: policy });
  const events = script.flatMap((c) => writer.write(c));
  const ids = events.filter((e) => e.type === "content_block_start").map((e) => e.content_block.id);
  const original = ids.map((id) => writer.idMap.original(id));
  let unknown = null;
  try { REGISTRY.lookup("nope"); } catch (e) { unknown = e.message; }
  console.log(JSON.stringify({ same, ids, original, losses: writer.losses.map((l) => l.pointer), unknown }));
}
"""


def test_the_typescript_registry_is_the_same_and_the_relay_takes_its_objects() -> None:
    (answer,) = run_node(_TS_DRIVER, [{"script": SCRIPT, "pattern": X_IDS}], str(ts_dist()))
    assert answer["same"] == [True] * len(NAMES)
    assert len(answer["ids"]) == 1 and re.match(X_IDS, answer["ids"][0]) and answer["original"] == ["call_42"]
    assert answer["losses"] == ["/calls/0/id"]
    with pytest.raises(ValueError) as python:
        dialect_object("nope")
    assert answer["unknown"] == str(python.value)
