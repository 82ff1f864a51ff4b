"""The pydantic models of every canonical and wire schema, by datamodel-code-generator."""

from __future__ import annotations

import contextlib
import warnings
from pathlib import Path
from typing import Any

from toolwire.ir.errors import GenerateError
from toolwire.spec.model import Spec
from toolwire.spec.overlay import label, materialized
from toolwire.targets.python.names import header


def models(spec: Spec, package: str) -> dict[str, str]:
    """Pydantic models of every canonical and wire schema, one module per schema file."""
    with materialized(spec) as folder:
        return _models_in(spec, folder, package)


def _models_in(spec: Spec, root: Path, package: str) -> dict[str, str]:
    """_models, with every spec file at its relative path below root (see materialized)."""
    from datamodel_code_generator import DataModelType, InputFileType, PythonVersion, generate
    from datamodel_code_generator.format import Formatter

    out: dict[str, str] = {}
    for rel in sorted(spec.documents):
        if rel.startswith("meta/"):
            continue
        module = f"{package}/models/" + rel.removesuffix(".json") + ".py"
        with warnings.catch_warnings(), _models_of(rel):
            warnings.simplefilter("ignore")
            code = generate(
                root / rel,
                input_file_type=InputFileType.JsonSchema,
                output_model_type=DataModelType.PydanticV2BaseModel,
                target_python_version=PythonVersion.PY_311,
                disable_timestamp=True,
                formatters=[Formatter.BUILTIN],
                # Fixed here so no pyproject.toml near the working directory changes the bytes.
                builtin_format_line_length=100,
                settings_path=Path(__file__).parent,
                extra_fields="forbid" if rel.startswith("canonical/") else "allow",
                use_title_as_name=True,
                use_schema_description=True,
                use_field_description=True,
                allow_remote_refs=False,
                custom_file_header=header([label(spec, spec.sources[rel])]),
            )
        if not isinstance(code, str):
            raise GenerateError(f"{label(spec, spec.sources[rel])}: datamodel-code-generator produced several modules")
        out[module] = code
    for folder in sorted({m.rsplit("/", 1)[0] for m in out}):
        out.setdefault(f"{folder}/__init__.py", header(["schemas/"]) + "\n")
    out.setdefault(f"{package}/models/__init__.py", header(["schemas/"]) + "\n")
    return out


@contextlib.contextmanager
def _models_of(rel: str) -> Any:
    """datamodel-code-generator's failure on one schema, as that schema's error."""
    try:
        yield
    except Exception as exc:
        raise GenerateError(f"schemas/{rel}: cannot generate its models: {type(exc).__name__}: {exc}") from exc
