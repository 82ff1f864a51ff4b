"""The generated packages' typed API (issue #24, types): a strict consumer in each language
type-checks with no cast, and each misuse in a typo file is refused with the expected code.

Python: mypy --strict over tests/consumers/typed_consumer.py (then run, so its types describe
real values) and typed_typos.py. TypeScript: the pinned tsc, strict, over strict_consumer.ts
and typo_consumer.ts against the generated sources. A typo file marks each line that must fail
with `expect: <code>`; the checker must report exactly those (line, code) pairs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONSUMERS = ROOT / "tests" / "consumers"
GENERATED = ROOT / "generated"
TSC = GENERATED / "typescript" / "node_modules" / "typescript" / "lib" / "tsc.js"
_EXPECT = re.compile(r"(?:#|//) expect: (.+)$")


def _expected(path: Path) -> set[tuple[int, str]]:
    """The (line, code) pairs a typo file marks."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {(n, code) for n, line in enumerate(lines, 1) for m in _EXPECT.finditer(line) for code in m[1].split(", ")}


def _mypy(tmp_path: Path, module: str) -> subprocess.CompletedProcess[str]:
    """mypy --strict over one consumer module against the generated package (its own errors
    not reported: the consumer's are), with no configuration of the checkout."""
    (tmp_path / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    command = [sys.executable, "-m", "mypy", "--config-file", str(tmp_path / "mypy.ini"), "--strict"]
    command += ["--follow-imports=silent", "--show-error-codes", "--cache-dir", str(tmp_path / "cache")]
    command += ["-m", module]
    env = {"MYPYPATH": f"{GENERATED / 'python'}:{CONSUMERS}", "PATH": ""}
    return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, env=env, check=False, timeout=600)


def test_the_python_consumer_type_checks_strict_and_runs(tmp_path: Path) -> None:
    run = _mypy(tmp_path, "typed_consumer")
    assert run.returncode == 0 and "Success: no issues found in 1 source file" in run.stdout, run.stdout + run.stderr
    env = {**os.environ, "PYTHONPATH": str(GENERATED / "python")}
    ran = subprocess.run(
        [sys.executable, str(CONSUMERS / "typed_consumer.py")], capture_output=True, text=True, env=env, check=False
    )
    assert ran.returncode == 0, ran.stderr


def test_python_typos_fail_type_checking_each_with_its_code(tmp_path: Path) -> None:
    run = _mypy(tmp_path, "typed_typos")
    found = {
        (int(m.group(1)), m.group(2))
        for m in re.finditer(
            r"^typed_typos\.py:(\d+): error: .*\[([a-z-]+)\]$", run.stdout.replace(str(CONSUMERS) + "/", ""), re.M
        )
    }
    assert run.returncode == 1, run.stdout + run.stderr
    assert found == _expected(CONSUMERS / "typed_typos.py"), run.stdout


def test_the_canonical_typed_dicts_are_the_converters_types() -> None:
    """Each decoder names its shape's TypedDict, and the TypedDict's keys are the schema's."""
    import json

    from toolwire_dialects import canonical_types, openai_chat

    assert openai_chat.decode_tool_call.__annotations__["return"] == "ToolCall"
    assert openai_chat.decode_request.__annotations__["return"] == "Request"
    for shape, typed in (("tool_call", canonical_types.ToolCall), ("tool_result", canonical_types.ToolResult)):
        schema = json.loads((ROOT / "schemas" / "canonical" / f"{shape}.json").read_text(encoding="utf-8"))
        assert set(typed.__annotations__) == set(schema["properties"])
