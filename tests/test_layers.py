"""One-way layers, enforced (issue #12, point 7).

spec (1) <- ir (2) <- targets (3) <- generation (4) <- cli (5) <- serve (6); validation sits at level 3
beside targets and may import the spec layer only. tools sits at level 4 beside generation: it
writes Python, so every value it puts into code goes through the Python target's one escaping
module (targets/python/names.py, the rule that module states), and checks what it writes with
validation/ (the conversation matrix refuses an output its target would refuse), but it reads
no IR. Nothing imports upward or sideways
at its own level, no two modules import each other in a circle (imports inside functions count:
they close circles at run time just the same), and only cli/, tools/ and serve/ may import the
generated package, and only inside functions (the generator never imports its own output).

The checker reads the source with `ast` (imports at every depth, relative forms resolved), so
it sees imports that a run-time check would miss because no test happened to execute them.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
GENERATED_PACKAGE = "toolwire_dialects"

# Subpackage -> (level, the subpackages at a lower level it may import). A subpackage may
# always import itself; toolwire/__init__.py and __main__.py sit outside the layers.
LAYERS: Mapping[str, tuple[int, frozenset[str]]] = {
    "spec": (1, frozenset()),
    "ir": (2, frozenset({"spec"})),
    "targets": (3, frozenset({"spec", "ir"})),
    "validation": (3, frozenset({"spec"})),
    "tools": (4, frozenset({"spec", "targets", "validation"})),
    "generation": (4, frozenset({"spec", "ir", "targets", "validation"})),
    "cli": (5, frozenset({"spec", "ir", "targets", "validation", "tools", "generation"})),
    # the gateway (issue #26) sits above cli: it reuses cli's reporting and generated-package
    # loading; cli registers its command by import path only (main.LAZY_COMMANDS)
    "serve": (6, frozenset({"spec", "ir", "targets", "validation", "tools", "generation", "cli"})),
}
# Only these may import the generated package, and only inside a function.
MAY_USE_GENERATED = frozenset({"cli", "tools", "serve"})

# Known violations another helper of issue #12 is removing: (importer, imported) -> reason.
# The lead deletes each entry when the fix is merged; an entry that no longer matches fails
# test_allow_list_is_current, so the list cannot go stale.
KNOWN_VIOLATIONS: Mapping[tuple[str, str], str] = {}  # none left; an entry needs its reason


@dataclass(frozen=True)
class Import:
    importer: str  # dotted module name
    imported: str  # dotted module name (the deepest known module the statement names)
    line: int
    in_function: bool


def modules(src: Path, package: str) -> dict[str, Path]:
    """Every module of the package under src, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _known(name: str, known: Mapping[str, Path]) -> str:
    """The deepest prefix of name that is a module of ours (`a.b.func` -> `a.b`), or name."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return name


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module an ImportFrom names (`from ..x import y` in a.b.c -> a.x)."""
    if not node.level:
        return node.module or ""
    anchor = module.split(".") if is_package else module.split(".")[:-1]
    if node.level > 1:
        anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, *([node.module] if node.module else [])])


class _Collector(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool, known: Mapping[str, Path]) -> None:
        self.module, self.is_package, self.known = module, is_package, known
        self.depth = 0
        self.imports: list[Import] = []

    def _add(self, name: str, node: ast.stmt) -> None:
        self.imports.append(Import(self.module, _known(name, self.known), node.lineno, self.depth > 0))

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _base(self.module, self.is_package, node)
        if base == "__future__":
            return
        for alias in node.names:
            # `from pkg import sub` imports the module pkg.sub when there is one.
            full = f"{base}.{alias.name}"
            self._add(full if alias.name != "*" and full in self.known else base, node)


def imports(src: Path, package: str) -> list[Import]:
    known = modules(src, package)
    found: list[Import] = []
    for name, path in known.items():
        collector = _Collector(name, path.name == "__init__.py", known)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        found.extend(collector.imports)
    return found


def _layer(module: str, package: str) -> str | None:
    parts = module.split(".")
    if parts[0] != package or len(parts) < 2 or parts[1] not in LAYERS:
        return None
    return parts[1]


def layer_violations(found: list[Import], package: str) -> Iterator[tuple[Import, str]]:
    """(import, why) for every import that goes upward, sideways, or into the generated package
    from where it must not."""
    for imp in found:
        source = _layer(imp.importer, package)
        if source is None:
            continue
        if imp.imported.split(".")[0] == GENERATED_PACKAGE:
            if source not in MAY_USE_GENERATED:
                yield imp, f"{source}/ must not import the generated package"
            elif not imp.in_function:
                yield imp, "the generated package may be imported only inside a function"
            continue
        target = _layer(imp.imported, package)
        if target is None or target == source:
            continue
        level, allowed = LAYERS[source]
        if target not in allowed:
            yield imp, f"{source}/ (level {level}) must not import {target}/ (level {LAYERS[target][0]})"


def cycles(found: list[Import], package: str) -> list[list[str]]:
    """Each circle of modules importing each other (strongly connected components of more than
    one module, or a module importing itself), members sorted, Tarjan's algorithm."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        if imp.imported.split(".")[0] == package:
            graph.setdefault(imp.importer, set()).add(imp.imported)
            graph.setdefault(imp.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:  # recursion depth is bounded by the module count (~60)
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == node:
                    break
            if len(members) > 1 or node in graph[node]:
                circles.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(circles)


def check(src: Path, package: str, allowed: Mapping[tuple[str, str], str] = KNOWN_VIOLATIONS) -> list[str]:
    """Every layer violation and circle, as `path:line: message` (empty when the layers hold)."""
    found = imports(src, package)
    paths = modules(src, package)
    problems = [
        f"{paths[imp.importer].relative_to(src)}:{imp.line}: {imp.importer} imports {imp.imported}: {why}"
        for imp, why in layer_violations(found, package)
        if (imp.importer, imp.imported) not in allowed
    ]
    problems += [f"import circle among {', '.join(circle)}" for circle in cycles(found, package)]
    return problems


def test_layers_import_one_way() -> None:
    problems = check(SRC, "toolwire")
    assert not problems, "layer rule broken:\n" + "\n".join(problems)


def test_allow_list_is_current() -> None:
    """Each known violation still exists: once it is fixed, its entry must go."""
    found = {(imp.importer, imp.imported) for imp, _why in layer_violations(imports(SRC, "toolwire"), "toolwire")}
    stale = sorted(set(KNOWN_VIOLATIONS) - found)
    assert not stale, f"fixed, delete from KNOWN_VIOLATIONS: {stale}"


def test_the_runtime_never_imports_the_generator() -> None:
    """The other direction: the runtime (copied into the generated package, which ships alone)
    imports nothing of toolwire."""
    runtime = SRC.parent / "runtime"
    found = []
    for path in sorted(runtime.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [f"{path.relative_to(runtime)}:{node.lineno}: {n}" for n in names if n.split(".")[0] == "toolwire"]
    assert list(runtime.rglob("*.py")), "no runtime found"
    assert not found, found


def test_every_layer_folder_is_known() -> None:
    """A new subpackage must be given a layer, or it would escape the rule unseen."""
    folders = {p.name for p in (SRC / "toolwire").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(LAYERS)


def test_the_generated_package_is_imported_in_one_place_of_tools() -> None:
    """tools/ reads the generated package through tools/dialects.py alone, lazily."""
    found = {
        (imp.importer, imp.in_function)
        for imp in imports(SRC, "toolwire")
        if imp.imported.startswith(GENERATED_PACKAGE)
    }
    assert {importer for importer, _lazy in found if importer.startswith("toolwire.tools.")} == {
        "toolwire.tools.dialects"
    }
    assert all(lazy for _importer, lazy in found)


def test_the_generated_package_is_imported_in_one_place_of_serve() -> None:
    """serve/ reads the generated package through serve/convert.py alone, lazily."""
    found = {imp.importer for imp in imports(SRC, "toolwire") if imp.imported.startswith(GENERATED_PACKAGE)}
    assert {importer for importer in found if importer.startswith("toolwire.serve.")} == {"toolwire.serve.convert"}


def _plant(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def fake(tmp_path: Path) -> Path:
    """A tiny package with the toolwire layout that keeps every rule."""
    _plant(
        tmp_path,
        {
            "fake/__init__.py": "",
            **{f"fake/{layer}/__init__.py": "" for layer in LAYERS},
            "fake/spec/model.py": "import json\n",
            "fake/ir/shapes.py": "from fake.spec import model\nfrom ..spec.model import json\n",
            "fake/cli/main.py": "def run():\n    import toolwire_dialects\n    from fake.ir import shapes\n",
        },
    )
    return tmp_path


def test_checker_passes_a_clean_package(fake: Path) -> None:
    assert check(fake, "fake", allowed={}) == []


def test_checker_reads_every_import_form(fake: Path) -> None:
    """Imports inside functions, relative forms and `from pkg import submodule` are all seen,
    each resolved to the module it names."""
    found = {(imp.importer, imp.imported, imp.in_function) for imp in imports(fake, "fake")}
    assert found == {
        ("fake.spec.model", "json", False),
        ("fake.ir.shapes", "fake.spec.model", False),  # from pkg import submodule; from ..pkg.mod import name
        ("fake.cli.main", GENERATED_PACKAGE, True),
        ("fake.cli.main", "fake.ir.shapes", True),
    }


def test_checker_reports_planted_violations(fake: Path) -> None:
    _plant(
        fake,
        {
            # upward, relative and inside a function: spec -> cli
            "fake/spec/lazy.py": "def f():\n    from ..cli import main\n",
            # sideways at level 3
            "fake/validation/run.py": "from fake.targets import emit\n",
            "fake/targets/emit.py": "",
            # the generated package where it must not be, and at module level in tools/
            "fake/ir/uses_output.py": "def f():\n    import toolwire_dialects.registry\n",
            "fake/tools/eager.py": "from toolwire_dialects import DIALECTS\n",
            # a circle closed by an import inside a function
            "fake/ir/a.py": "from fake.ir import b\n",
            "fake/ir/b.py": "def f():\n    from . import a\n",
        },
    )
    problems = check(fake, "fake", allowed={})
    assert problems == [
        "fake/ir/uses_output.py:2: fake.ir.uses_output imports toolwire_dialects.registry: ir/ must not import the generated package",
        "fake/spec/lazy.py:2: fake.spec.lazy imports fake.cli.main: spec/ (level 1) must not import cli/ (level 5)",
        "fake/tools/eager.py:1: fake.tools.eager imports toolwire_dialects: the generated package may be imported only inside a function",
        "fake/validation/run.py:1: fake.validation.run imports fake.targets.emit: validation/ (level 3) must not import targets/ (level 3)",
        "import circle among fake.ir.a, fake.ir.b",
    ]
    # an allow-list entry silences exactly its own import
    rest = check(fake, "fake", allowed={("fake.spec.lazy", "fake.cli.main"): "planted"})
    assert len(rest) == len(problems) - 1 and not any("lazy" in p for p in rest)
