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
    """Pydantic models of every canonical and wire schema, one module per schema file. The
    schemas of one folder (a dialect's, the canonical ones) are generated in one run, so a
    definition they share is one class in the module that defines it, imported by the others."""
    with materialized(spec) as folder:
        return _models_in(spec, folder, package)


def _models_in(spec: Spec, root: Path, package: str) -> dict[str, str]:
    """_models, with every spec file at its relative path below root (see materialized)."""
    folders: dict[str, list[str]] = {}
    for rel in sorted(spec.documents):
        if not rel.startswith("meta/"):
            folders.setdefault(rel.rpartition("/")[0], []).append(rel)
    out: dict[str, str] = {}
    for rels in folders.values():
        modules = _folder_models(root, rels) or {rel: _one_module(spec, root, rel) for rel in rels}
        for rel, code in modules.items():
            own = header([label(spec, spec.sources[rel])])
            out[f"{package}/models/" + rel.removesuffix(".json") + ".py"] = code.replace(_HEADER, own, 1)
    for folder in sorted({m.rsplit("/", 1)[0] for m in out}):
        out.setdefault(f"{folder}/__init__.py", header(["schemas/"]) + "\n")
    out.setdefault(f"{package}/models/__init__.py", header(["schemas/"]) + "\n")
    return out


def _one_module(spec: Spec, root: Path, rel: str) -> str:
    code = _generate(root, [rel], rel)
    if not isinstance(code, str):
        raise GenerateError(f"{label(spec, spec.sources[rel])}: datamodel-code-generator produced several modules")
    return code


# Every module of a run gets this header; each is then given the header naming its own schema.
_HEADER = "# toolwire: the header of this module"


def _folder_models(root: Path, rels: list[str]) -> dict[str, str] | None:
    """One module per schema of one folder from one run, each importing what it uses from its
    siblings; None when the run's modules are not those schemas' (a $ref out of the folder
    pulls in another folder's module) or the run fails: then each schema gets its own run."""
    if len(rels) < 2:
        return None
    try:
        code = _generate(root, rels, rels[0].rpartition("/")[0] + "/")
    except GenerateError:  # the run of each schema alone names the one at fault
        return None
    if not isinstance(code, dict):
        return None
    # The modules' paths are relative to the working directory or to the folder, depending on
    # where the run starts: a module is known by its file name (one folder's names are unique).
    wanted = {rel.rsplit("/", 1)[-1].removesuffix(".json") + ".py": rel for rel in rels}
    found: dict[str, str] = {}
    for key, text in code.items():
        if key[-1] == "__init__.py" or not isinstance(text, str):
            continue
        if key[-1] not in wanted or wanted[key[-1]] in found:
            return None
        found[wanted[key[-1]]] = text
    return found if set(found) == set(rels) else None


def _generate(root: Path, rels: list[str], what: str) -> object:
    """datamodel-code-generator over the schemas rels (below root): a module's text, or a dict
    of modules by their path parts when there are several."""
    from datamodel_code_generator import InputFileType, PythonVersion, generate
    from datamodel_code_generator.enums import DataModelType
    from datamodel_code_generator.format import Formatter

    with warnings.catch_warnings(), _models_of(what):
        warnings.simplefilter("ignore")
        return generate(
            root / rels[0] if len(rels) == 1 else [root / rel for rel in rels],
            input_file_type=InputFileType.JsonSchema,
            output_model_type=DataModelType.PydanticV2BaseModel,
            target_python_version=PythonVersion.PY_311,
            disable_timestamp=True,
            formatters=[Formatter.BUILTIN],
            # Fixed here so no pyproject.toml near the working directory changes the bytes.
            builtin_format_line_length=100,
            settings_path=Path(__file__).parent,
            extra_fields="forbid" if rels[0].startswith("canonical/") else "allow",
            use_title_as_name=True,
            use_schema_description=True,
            use_field_description=True,
            allow_remote_refs=False,
            custom_file_header=_HEADER,
        )


@contextlib.contextmanager
def _models_of(rel: str) -> Any:
    """datamodel-code-generator's failure on one schema, as that schema's error."""
    try:
        yield
    except Exception as exc:
        raise GenerateError(f"schemas/{rel}: cannot generate its models: {type(exc).__name__}: {exc}") from exc
