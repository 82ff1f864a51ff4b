"""The runtime as real code (issue 12, point 4): runtime/python/ is copied byte for byte into
the generated package; _runtime and streams._common are import surfaces with no logic; the
runtime's own modules never import them, import no cycle and stay small."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import toolwire_dialects
from toolwire_dialects import _runtime
from toolwire_dialects.streams import _common

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "runtime" / "python" / "toolwire_dialects"
GENERATED = Path(toolwire_dialects.__file__).resolve().parent
FILES = sorted(p.relative_to(RUNTIME).as_posix() for p in RUNTIME.rglob("*.py"))
SURFACES = ("_runtime.py", "streams/_common.py")
FIRST_LINE = (
    "# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim"
    " from runtime/python/ by `toolwire generate`."
)

# Every name the generated code (and users) could import from the surfaces before the split.
RUNTIME_NAMES = [
    "CANONICAL_IDS",
    "CanonicalError",
    "ConversionError",
    "DecodeError",
    "Encoded",
    "IdMap",
    "IdPolicy",
    "Loss",
    "LossError",
    "MAX_DEPTH",
    "MISSING",
    "Note",
    "OPENAPI_KEYWORDS",
    "apply_fields",
    "arguments_text",
    "as_canonical",
    "as_wire",
    "checked",
    "choice_field_in",
    "content_as_string",
    "data_url",
    "decode_at",
    "describe",
    "describe_choice",
    "describe_part",
    "dump_arguments",
    "elements",
    "encode_id",
    "escape",
    "explain",
    "extension",
    "first_at",
    "foreign_extensions",
    "id_checker",
    "inject",
    "is_absent",
    "is_data_url",
    "is_object_schema",
    "loads",
    "lookup",
    "normalize_choice",
    "not_an_object",
    "note_position",
    "openapi_types_lower_case",
    "parse_arguments",
    "raw_decode",
    "report",
    "result_from_object",
    "result_to_object",
    "schema_from_openapi",
    "schema_profile_form",
    "schema_to_openapi",
    "split_data_url",
    "strict_mode_problem",
    "strict_tool_definition",
    "string_list",
    "text_of_json",
    "to_plain",
    "to_strict_schema",
    "tools_field_in",
    "unknown_fields",
    "where",
    "with_explicit_properties",
]
COMMON_NAMES = [
    "Assembler",
    "Call",
    "CallStates",
    "ENDED",
    "IdMap",
    "MISSING",
    "PathArgs",
    "SHAPE",
    "StreamError",
    "_COMPACT",
    "as_event",
    "dump_arguments",
    "emit_key",
    "get_path",
    "item_copy",
    "json_path",
    "loads",
    "overlay",
    "partial_args",
    "pieces",
    "put",
    "put_default",
    "same",
    "set_path",
    "text_of",
    "to_text",
    "value_at",
    "where",
]


def _module_name(relative: str) -> str:
    return relative.removesuffix(".py").replace("/", ".")


def _imports(relative: str) -> set[str]:
    """The runtime modules a runtime file imports (relative imports, resolved)."""
    tree = ast.parse((RUNTIME / relative).read_text(encoding="utf-8"))
    package = _module_name(relative).split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1]
            if node.module:
                found.add(".".join([*base, node.module]))
            else:
                found.update(".".join([*base, alias.name]) for alias in node.names)
    return found


@pytest.mark.parametrize("relative", FILES)
def test_every_runtime_file_is_its_generated_copy_byte_for_byte(relative: str) -> None:
    source = (RUNTIME / relative).read_bytes()
    assert source.decode("utf-8").splitlines()[0] == FIRST_LINE
    assert (GENERATED / relative).read_bytes() == source, f"run `toolwire generate`: {relative} differs"


def test_the_runtime_has_the_modules_this_test_knows() -> None:
    assert len(FILES) >= 30 and {"_errors.py", "_strict_json.py", "streams/_assembler.py"} <= set(FILES)


@pytest.mark.parametrize("relative", SURFACES)
def test_the_import_surfaces_hold_only_imports(relative: str) -> None:
    tree = ast.parse((RUNTIME / relative).read_text(encoding="utf-8"))
    for i, node in enumerate(tree.body):
        if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        if isinstance(node, ast.ImportFrom):
            continue
        assert isinstance(node, ast.Assign) and [t.id for t in node.targets if isinstance(t, ast.Name)] == [
            "__all__"
        ], f"{relative}:{node.lineno}: only imports and __all__ belong in an import surface"


@pytest.mark.parametrize(("surface", "names"), [(_runtime, RUNTIME_NAMES), (_common, COMMON_NAMES)])
def test_every_name_importable_before_the_split_still_is(surface: object, names: list[str]) -> None:
    exported = set(getattr(surface, "__all__", ()))
    missing = [name for name in names if not hasattr(surface, name) or name not in exported]
    assert not missing
    assert all(hasattr(surface, name) for name in exported)


def test_the_surfaces_re_export_the_defining_objects() -> None:
    """An extra attribute lookup, never a wrapper: the hot paths cost what they did."""
    from toolwire_dialects import _errors, _extensions, _ids, _strict_json
    from toolwire_dialects.streams import _events, _state

    assert _runtime.loads is _strict_json.loads and _runtime.report is _errors.report
    assert _runtime.unknown_fields is _extensions.unknown_fields and _runtime.IdMap is _ids.IdMap
    assert _common.put is _events.put and _common.Call is _state.Call and _common._COMPACT == _state.COMPACT


@pytest.mark.parametrize("relative", FILES)
def test_no_runtime_module_imports_a_surface(relative: str) -> None:
    if relative in SURFACES:
        return
    assert not _imports(relative) & {"_runtime", "streams._common"}


def test_the_runtime_imports_no_cycle() -> None:
    graph = {
        _module_name(r): {m for m in _imports(r) if (RUNTIME / (m.replace(".", "/") + ".py")).exists()} for r in FILES
    }
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in graph[module]:
            visit(imported, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
    assert "_errors" in graph and graph["_errors"] == set(), "_errors is the bottom: it imports no runtime module"


@pytest.mark.parametrize("relative", FILES)
def test_runtime_modules_stay_small(relative: str) -> None:
    lines = (RUNTIME / relative).read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"{relative} has {lines} lines: split it along its jobs"


def test_assembler_pieces_share_one_slot_layout() -> None:
    """The pieces mix into one class without a __dict__: no per-instance dict on the hot path."""
    from toolwire_dialects.streams import STREAMS

    assert STREAMS
    for name, module in STREAMS.items():
        assembler = module.Assembler()
        assert not hasattr(assembler, "__dict__"), name
