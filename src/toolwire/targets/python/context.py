"""What the Python templates are rendered with: per dialect, per vector file."""

from __future__ import annotations

from typing import Any

from toolwire.ir.conversation import conversation_ir
from toolwire.ir.errors import GenerateError
from toolwire.ir.shapes import dialect_ir
from toolwire.ir.signing import signing_data, signing_table
from toolwire.ir.streams import stream_ir
from toolwire.spec.model import Dialect, Spec
from toolwire.targets.python.emit_conversation import emit_conversation
from toolwire.targets.python.emit_shapes import emit_dialect
from toolwire.targets.python.stream_emit import stream_context
from toolwire.targets.suite_data import CONVERSATION_EXPORTS, conversation_vector_context, suite_context, vector_context

__all__ = ["conversation_vector_context", "dialect_context", "suite_context", "vector_context"]


def dialect_context(spec: Spec, dialect: Dialect) -> dict[str, Any]:
    try:
        ir = dialect_ir(spec, dialect)
        context = emit_dialect(ir)
        context["stream"] = stream_context(stream_ir(spec, dialect))  # streams have their own vocabulary
        context["conversation"] = conversation = emit_conversation(conversation_ir(dialect), ir.envelopes)
        context["signing"] = signing_data(signing_table(spec))  # every dialect's signed_reasoning
        if conversation is not None:
            context["exports"] = sorted([*context["exports"], *CONVERSATION_EXPORTS])
            context["canonical_types"] = sorted([*context["canonical_types"], "Request", "Response"])
        return context
    except ValueError as exc:  # a value with no Python literal
        rel = (dialect.folder / "dialect.json").relative_to(spec.root.parent).as_posix()
        raise GenerateError(f"{rel}: {exc}") from exc
