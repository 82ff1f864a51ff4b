"""The TypeScript target inside `toolwire generate`: `--target` limits a run, a missing or
wrong tsc is a clear error that writes nothing, and the committed package is what tsc makes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolwire.targets import TARGETS, load
from toolwire.targets.typescript import compile as ts_compile

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "generated" / "typescript"


def test_both_targets_are_registered_and_render_by_default() -> None:
    assert set(TARGETS) == {"python", "typescript"}
    assert load("typescript").name == "typescript"


def test_target_python_needs_no_node_toolchain(toolwire, tmp_path: Path) -> None:
    out = tmp_path / "generated"
    proc = toolwire("generate", "--target", "python", "--out", out, env=toolwire.env(TOOLWIRE_NODE_MODULES="/nowhere"))
    assert proc.returncode == 0, proc.stderr
    assert (out / "python" / "MANIFEST.json").is_file()
    assert not (out / "typescript").exists()


def test_a_missing_tsc_says_how_to_install_it_and_writes_nothing(toolwire, tmp_path: Path) -> None:
    out = tmp_path / "generated"
    named = tmp_path / "node_modules"
    proc = toolwire(
        "generate", "--target", "typescript", "--out", out, env=toolwire.env(TOOLWIRE_NODE_MODULES=str(named))
    )
    assert proc.returncode == 2, proc.stderr
    assert f"npm install --prefix {tmp_path} typescript@{ts_compile.TYPESCRIPT_VERSION}" in proc.stderr
    assert "--target python" in proc.stderr
    assert "nothing was generated" in proc.stderr
    assert not out.exists()


def test_another_tsc_version_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "typescript"
    (package / "lib").mkdir(parents=True)
    (package / "lib" / "tsc.js").write_text("", encoding="utf-8")
    (package / "package.json").write_text(json.dumps({"version": "4.0.0"}), encoding="utf-8")
    monkeypatch.setenv("TOOLWIRE_NODE_MODULES", str(tmp_path))
    with pytest.raises(ts_compile.GenerateError, match=r"TypeScript 4\.0\.0; the TypeScript target needs 5\.9\.3"):
        ts_compile.tsc_script()


def test_an_unknown_target_is_a_usage_error(toolwire) -> None:
    proc = toolwire("generate", "--target", "cobol", "--check")
    assert proc.returncode == 2
    assert "cobol" in proc.stderr and "typescript" in proc.stderr


def test_the_package_pins_the_tsc_the_generator_checks_for() -> None:
    manifest = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    assert manifest["devDependencies"] == {"typescript": ts_compile.TYPESCRIPT_VERSION}
    assert not manifest.get("dependencies"), "the TypeScript package has no runtime dependencies"
    lock = json.loads((PACKAGE / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/typescript"]["version"] == ts_compile.TYPESCRIPT_VERSION


def test_the_typescript_manifest_lists_sources_and_compiled_files() -> None:
    manifest = json.loads((PACKAGE / "MANIFEST.json").read_text(encoding="utf-8"))
    outputs = set(manifest["outputs"])
    assert manifest["tools"]["typescript"] == ts_compile.TYPESCRIPT_VERSION
    for module in ("index", "convert", "openai_chat", "_runtime", "streams/index"):
        assert f"typescript/src/{module}.ts" in outputs
        assert f"typescript/dist/{module}.js" in outputs
        assert f"typescript/dist/{module}.d.ts" in outputs
    assert not any("node_modules" in path for path in outputs)


CONSUMER = """
import { convert, getDialect, IdMap, DecodeError, LossError, type Encoded } from "toolwire-dialects";
import { assembler, convertStream } from "toolwire-dialects/streams";
import type { types } from "toolwire-dialects";

const call: types.openaiChat.ToolCall | unknown = { id: "c", type: "function", function: { name: "f", arguments: "{}" } };
const result: Encoded = convert(call, { source: "openai_chat", target: "anthropic_messages", shape: "tool_call" });
const losses: readonly { pointer: string; target: string; what: string }[] = result.losses;
const canonical = getDialect("anthropic_messages").decodeToolCall(result.value, { idMap: new IdMap() });
const stream = assembler("openai_chat");
async function relay(events: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _event of convertStream(events, { source: "anthropic_messages", target: "openai_chat" })) n += 1;
  return n;
}
export const used = [losses, canonical, stream, relay, DecodeError, LossError];
"""


def test_a_typescript_consumer_type_checks_against_the_declarations(tmp_path: Path) -> None:
    """The package's .d.ts serve a strict TypeScript consumer that imports it by name."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None or not (PACKAGE / "node_modules" / "typescript").is_dir():
        pytest.fail("Node.js and the pinned tsc are needed: run README command 1")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "toolwire-dialects").symlink_to(PACKAGE)
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (tmp_path / "consumer.ts").write_text(CONSUMER, encoding="utf-8")
    options = ["--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022"]
    tsc = PACKAGE / "node_modules" / "typescript" / "lib" / "tsc.js"
    run = subprocess.run([node, str(tsc), *options, "consumer.ts"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_hand_written_runtime_type_checks_strictly_with_no_unused_code() -> None:
    """runtime/typescript/ is real TypeScript: tsc --strict plus noUnusedLocals,
    noUnusedParameters and noImplicitReturns (its tsconfig) is its linter."""
    import shutil
    import subprocess

    node = shutil.which("node")
    tsc = PACKAGE / "node_modules" / "typescript" / "lib" / "tsc.js"
    if node is None or not tsc.is_file():
        pytest.fail("Node.js and the pinned tsc are needed: run README command 1")
    config = REPO / "runtime" / "typescript" / "tsconfig.json"
    settings = json.loads(config.read_text(encoding="utf-8"))["compilerOptions"]
    assert all(settings[flag] for flag in ("strict", "noUnusedLocals", "noUnusedParameters", "noImplicitReturns"))
    run = subprocess.run([node, str(tsc), "-p", str(config)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_code_tsc_rejects_exits_2_naming_the_file_and_writes_nothing(toolwire, tmp_path: Path) -> None:
    import shutil

    templates = tmp_path / "templates"
    shutil.copytree(REPO / "src" / "toolwire" / "targets" / "typescript" / "templates", templates / "typescript")
    with (templates / "typescript" / "package" / "src" / "convert.ts.j2").open("a", encoding="utf-8") as handle:
        handle.write('export const broken: number = "not a number";\n')
    out = tmp_path / "generated"
    proc = toolwire("generate", "--target", "typescript", "--templates", templates, "--out", out)
    assert proc.returncode == 2, proc.stderr
    assert "src/convert.ts(" in proc.stderr and "error TS2322" in proc.stderr, proc.stderr
    assert "nothing was generated" in proc.stderr
    assert not out.exists()


def test_a_compiled_tree_is_kept_beside_tsc_and_a_broken_one_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = PACKAGE / "node_modules" / "typescript"
    if not real.is_dir():
        pytest.fail("the pinned tsc is needed: run README command 1")
    (tmp_path / "typescript").symlink_to(real)
    monkeypatch.setenv("TOOLWIRE_NODE_MODULES", str(tmp_path))
    options = {"outDir": "dist", "rootDir": "src", "module": "NodeNext", "target": "ES2022", "declaration": True}
    sources = {"tsconfig.json": json.dumps({"compilerOptions": options}), "src/a.ts": "export const a: number = 1;\n"}

    fresh = ts_compile.compile_typescript(sources)
    assert fresh["dist/a.js"] == "export const a = 1;\n" and "dist/a.d.ts" in fresh
    [kept] = (tmp_path / ".cache" / "toolwire-tsc").glob("*.json")
    assert json.loads(kept.read_text(encoding="utf-8")) == fresh

    monkeypatch.setattr(ts_compile, "_COMPILED", {})
    kept.write_text('{"dist/a.js": "from the cache"}', encoding="utf-8")
    assert ts_compile.compile_typescript(sources) == {"dist/a.js": "from the cache"}  # read, not compiled

    monkeypatch.setattr(ts_compile, "_COMPILED", {})
    kept.write_text("{not json", encoding="utf-8")
    assert ts_compile.compile_typescript(sources) == fresh  # compiled again
    assert json.loads(kept.read_text(encoding="utf-8")) == fresh
