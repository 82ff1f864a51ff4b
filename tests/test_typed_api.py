"""The generated packages' typed API (issue #24, types): a strict consumer in each language
type-checks with no cast, and each misuse in a typo file is refused with the expected code.

Python: mypy --strict over tests/consumers/typed_consumer.py (then run, so its types describe
real values) and typed_typos.py. TypeScript: the pinned tsc, strict, over strict_consumer.ts
(then run) and typo_consumer.ts against the package `npm pack` makes. A typo file marks each
line that must fail with `expect: <code>`; the checker must report exactly those pairs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

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
    code = (CONSUMERS / "typed_consumer.py").read_text(encoding="utf-8")
    assert "cast(" not in code and "type: ignore" not in code, "the consumer must need no cast"
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
    from toolwire_dialects import canonical_types, openai_chat

    assert openai_chat.decode_tool_call.__annotations__["return"] == "ToolCall"
    assert openai_chat.decode_request.__annotations__["return"] == "Request"
    for shape, typed in (("tool_call", canonical_types.ToolCall), ("tool_result", canonical_types.ToolResult)):
        schema = json.loads((ROOT / "schemas" / "canonical" / f"{shape}.json").read_text(encoding="utf-8"))
        assert set(typed.__annotations__) == set(schema["properties"])


@pytest.fixture(scope="module")
def packed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The npm package as `npm pack` makes it, unpacked: what a user installs (dist/*.d.ts)."""
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None or not TSC.is_file():
        pytest.fail(f"needs node and npm on PATH and tsc at {TSC}: run README command 1")
    folder = tmp_path_factory.mktemp("packed")
    command = [npm, "pack", "--ignore-scripts", "--silent", "--pack-destination", str(folder)]
    run = subprocess.run(
        command, cwd=GENERATED / "typescript", capture_output=True, text=True, check=False, timeout=300
    )
    assert run.returncode == 0, run.stderr
    (tarball,) = folder.glob("*.tgz")
    with tarfile.open(tarball) as archive:
        archive.extractall(folder, filter="data")
    return folder / "package"


def _tsc(tmp_path: Path, packed: Path, consumer: str) -> tuple[str, subprocess.CompletedProcess[str]]:
    """The pinned tsc, strict, over one consumer file that imports the package by its npm name
    (node_modules/toolwire-dialects: the packed package, its dist/*.d.ts what users see)."""
    node = str(shutil.which("node"))
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "toolwire-dialects").symlink_to(packed, target_is_directory=True)
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    shutil.copy(CONSUMERS / consumer, tmp_path / consumer)
    options = {"strict": True, "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext"}
    # no @types/node: the package's declarations must stand alone (and are checked: skipLibCheck off)
    options |= {"lib": ["ES2022"], "types": [], "skipLibCheck": False, "outDir": "out"}
    config = {"compilerOptions": options, "files": [consumer]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    command = [node, str(TSC), "-p", str(tmp_path), "--pretty", "false"]
    return node, subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False, timeout=600)


def test_the_typescript_consumer_compiles_strict_without_casts_and_runs(tmp_path: Path, packed: Path) -> None:
    code = re.sub(r"//.*", "", (CONSUMERS / "strict_consumer.ts").read_text(encoding="utf-8"))
    assert not re.search(r"\bas\s+(?!const\b)[A-Za-z{]|\bany\b|@ts-|!\.", code), "the consumer must need no cast"
    node, run = _tsc(tmp_path, packed, "strict_consumer.ts")
    assert run.returncode == 0, run.stdout + run.stderr
    ran = subprocess.run(
        [node, str(tmp_path / "out" / "strict_consumer.js")], capture_output=True, text=True, check=False, timeout=120
    )
    assert ran.returncode == 0, ran.stderr


def test_typescript_typos_fail_to_compile_each_with_its_code(tmp_path: Path, packed: Path) -> None:
    _, run = _tsc(tmp_path, packed, "typo_consumer.ts")
    found = {
        (int(m[1]), m[2]) for m in re.finditer(r"^typo_consumer\.ts\((\d+),\d+\): error (TS\d+):", run.stdout, re.M)
    }
    assert run.returncode != 0
    assert found == _expected(CONSUMERS / "typo_consumer.ts"), run.stdout


def _canonical_module(tmp_path: Path, documents: dict[str, dict[str, object]]) -> str:
    """canonical_types() over just these canonical schema documents."""
    import referencing

    from toolwire.spec.model import Spec
    from toolwire.targets.python.canonical_types import canonical_types

    docs = {rel: {"$id": rel, **doc} for rel, doc in documents.items()}
    spec = Spec(
        root=tmp_path,
        documents=docs,
        canonical={},
        dialects={},
        vectors=[],
        stream_vectors=[],
        registry=referencing.Registry(),
        sources={rel: tmp_path / rel for rel in docs},
    )
    return canonical_types(spec)


def test_the_typed_dict_generator_maps_each_construct(tmp_path: Path) -> None:
    """Required and optional keys, a key that is no identifier (functional syntax), an
    anonymous object (its own TypedDict), a $ref cycle (quoted), a title two files use."""
    text = _canonical_module(
        tmp_path,
        {
            "canonical/node.json": {
                "title": "Node",
                "type": "object",
                "properties": {
                    "kind": {"enum": ["a", "b"]},
                    "children": {"type": "array", "items": {"$ref": "#"}},
                    "meta": {"type": "object", "properties": {"n": {"type": ["integer", "null"]}}},
                    "free": {"type": "object", "additionalProperties": {"type": "boolean"}},
                },
                "required": ["kind"],
                "$defs": {"Part": {"title": "Part", "type": "object", "properties": {"class": {"const": 1}}}},
            },
            "canonical/other.json": {
                "title": "Other",
                "oneOf": [{"title": "Part", "type": "string"}, {"type": "null"}],
            },
            "canonical/odd.json": {"title": "Any", "$defs": {"3d": {"title": "3d", "type": "integer"}}},
        },
    )
    assert "Any_: TypeAlias = Any\n" in text and "Type3d: TypeAlias = int\n" in text  # no import shadowed
    assert "class Node(TypedDict):" in text
    assert '    kind: Literal["a", "b"]\n    children: NotRequired["list[Node]"]\n' in text
    assert "    meta: NotRequired[NodeMeta]\n    free: NotRequired[dict[str, bool]]\n" in text
    assert "class NodeMeta(TypedDict):" in text and "    n: NotRequired[int | None]\n" in text
    assert 'Part = TypedDict(\n    "Part",\n    {\n        "class": NotRequired[Literal[1]],\n    },\n)' in text
    assert "OtherPart: TypeAlias = str\n" in text and "Other: TypeAlias = OtherPart | None\n" in text
    namespace: dict[str, object] = {}
    exec(compile(text, "canonical_types.py", "exec"), namespace)  # the module runs as written
    assert set(namespace["__all__"]) == {"Node", "NodeMeta", "Part", "Other", "OtherPart", "Any_", "Type3d"}  # type: ignore[arg-type]


def test_the_python_package_says_it_is_typed() -> None:
    """PEP 561: without py.typed (in the wheel too) a type checker ignores the annotations."""
    import tomllib

    assert (GENERATED / "python" / "toolwire_dialects" / "py.typed").is_file()
    pyproject = tomllib.loads((GENERATED / "python" / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["toolwire_dialects"]


def test_no_dialect_can_take_the_canonical_types_module_name() -> None:
    from toolwire.targets.python.render import PYTHON_TEMPLATES, dialect_name_problem

    problem = dialect_name_problem("canonical_types", PYTHON_TEMPLATES)
    assert problem is not None and "canonical TypedDicts" in problem
