"""What every target's conformance suite ships beside its runners, read the same way for each
language: the vector files as they are, the wire schema of each shape, the conversation matrix;
and the names of the conversation functions a dialect module exports (each target spells them
in its own case)."""

from __future__ import annotations

import json
from typing import Any

from toolwire.spec.model import ConversationVectorFile, Spec, StreamVectorFile, VectorFile

MATRIX_FILE = "conversation_matrix.json"  # vectors/: the losses of every conversation pair
CONVERSATION_EXPORTS = (
    "decode_request",
    "decode_response",
    "encode_request",
    "encode_response",
    "finish_reason_in",
    "finish_reason_out",
)


def vector_context(spec: Spec, vf: VectorFile | StreamVectorFile | None) -> dict[str, Any]:
    """A vector file as the suite ships it, data beside its runners: the file's text as it is
    (a BOM dropped). No file (a dialect without stream vectors): empty, so nothing is written."""
    return {"vectors": vf, "vector_text": vf.path.read_text(encoding="utf-8-sig") if vf is not None else ""}


def conversation_vector_context(vf: ConversationVectorFile | None) -> dict[str, Any]:
    """A dialect's conversation vectors as the suite ships them (empty: no file is written)."""
    return {"conversation_text": vf.path.read_text(encoding="utf-8-sig") if vf is not None else ""}


def suite_context(spec: Spec) -> dict[str, Any]:
    """What the conformance suite's own templates add: the wire schema of each shape of each
    dialect (the mappings' `schema`), as the JSON the runners read."""
    wire = {
        name: {**{shape: d.schema_id(shape) for shape in d.schemas}, **{k: e["$id"] for k, e in d.envelopes.items()}}
        for name, d in spec.dialects.items()
    }
    matrix = spec.root / "vectors" / MATRIX_FILE
    return {
        "wire_schemas_json": json.dumps(wire, indent=2, sort_keys=True) + "\n",
        "conversation_matrix_text": matrix.read_text(encoding="utf-8") if matrix.is_file() else "",
    }
