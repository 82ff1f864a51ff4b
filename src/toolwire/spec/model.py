"""The loaded spec: the schemas folder's canonical schemas, dialects with their mappings, and
vectors (spec/loader.py reads and checks them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import referencing
import referencing.exceptions

SHAPES = ("tool_definition", "tool_choice", "tool_call", "tool_result", "error")
# The canonical type of a shape is its name in PascalCase (its schema's title), except where
# that would be a language's own class: the error shape's type is ApiError, not Error.
TYPE_NAMES = {"error": "ApiError"}
DRAFT = "https://json-schema.org/draft/2020-12/schema"


class SpecError(Exception):
    """One or more problems in the schemas folder, each `file:line: /pointer: message`."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class Dialect:
    name: str
    folder: Path
    mapping: dict[str, Any]
    schemas: dict[str, dict[str, Any]]  # shape -> wire schema
    envelopes: dict[str, dict[str, Any]] = field(default_factory=dict)  # request/response/stream_event -> schema
    stream: dict[str, Any] | None = None  # stream.json: how stream events carry calls
    profiles: dict[str, Any] = field(default_factory=dict)  # profiles.json: name -> documented server quirks

    def schema_id(self, shape: str) -> str:
        schema_id: str = self.schemas[shape]["$id"]  # load_spec checked it is the file's path
        return schema_id

    def all_schemas(self) -> dict[str, dict[str, Any]]:
        """Every wire schema of this dialect by kind: the shapes, then the envelopes."""
        return {**self.schemas, **self.envelopes}


@dataclass
class VectorFile:
    path: Path
    dialect: str
    shape: str
    cases: list[dict[str, Any]]


@dataclass
class StreamVectorFile:
    path: Path
    dialect: str
    cases: list[dict[str, Any]]


@dataclass
class ConversationVectorFile:
    path: Path
    dialect: str
    valid: list[dict[str, Any]]
    invalid: list[dict[str, Any]]


@dataclass
class Spec:
    root: Path
    documents: dict[str, dict[str, Any]]  # every schema by $id (its path below root)
    canonical: dict[str, dict[str, Any]]  # shape -> canonical schema
    dialects: dict[str, Dialect]
    vectors: list[VectorFile]
    stream_vectors: list[StreamVectorFile]
    registry: referencing.Registry = field(repr=False)
    sources: dict[str, Path] = field(repr=False)  # relative path -> file, every input
    conversation_vectors: list[ConversationVectorFile] = field(default_factory=list)

    def validator(self, schema_id: str) -> jsonschema.Draft202012Validator:
        return jsonschema.Draft202012Validator(
            self.documents[schema_id], registry=self.registry, format_checker=jsonschema.FormatChecker()
        )
