"""What the Python templates are rendered with: per dialect, per vector file."""

from __future__ import annotations

from typing import Any

from toolwire.ir.errors import GenerateError
from toolwire.ir.shapes import dialect_ir
from toolwire.ir.streams import stream_ir
from toolwire.spec.model import Dialect, Spec, VectorFile
from toolwire.targets.python.emit_shapes import emit_dialect
from toolwire.targets.python.stream_emit import stream_context


def dialect_context(spec: Spec, dialect: Dialect) -> dict[str, Any]:
    try:
        context = emit_dialect(dialect_ir(spec, dialect))
        context["stream"] = stream_context(stream_ir(spec, dialect))  # streams have their own vocabulary
        return context
    except ValueError as exc:  # a value with no Python literal
        rel = (dialect.folder / "dialect.json").relative_to(spec.root.parent).as_posix()
        raise GenerateError(f"{rel}: {exc}") from exc


def vector_context(spec: Spec, vf: VectorFile) -> dict[str, Any]:
    return {
        "vectors": vf,
        "cases": vf.cases,
        "cases_by_description": {case["description"]: case for case in vf.cases},
        "known_failures": {c["description"]: c["known_failure"] for c in vf.cases if "known_failure" in c},
        "conversions": any(case.get("to") for case in vf.cases),
        "schema_file": spec.dialects[vf.dialect].mapping["shapes"][vf.shape]["schema"],
        "wire_schemas": {
            name: d.schema_id(vf.shape) for name, d in sorted(spec.dialects.items()) if vf.shape in d.schemas
        },
    }
