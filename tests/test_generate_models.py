"""The generated pydantic models: one class per shared `$defs` entry of a dialect (its modules
import it from the module that defines it), and the models accept the vectors' payloads."""

from __future__ import annotations

import importlib
import inspect
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pydantic
import pytest

from toolwire.spec.loader import load_spec

REPO = Path(__file__).resolve().parents[1]
MODELS = REPO / "generated" / "python" / "toolwire_dialects" / "models"


def _root_model(module_name: str) -> type[pydantic.BaseModel] | None:
    """The model of the schema itself: datamodel-code-generator defines it last, after every
    class it uses (a schema that is only a union of others has none of its own)."""
    module = importlib.import_module(module_name)
    classes = [
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, pydantic.BaseModel) and value.__module__ == module.__name__
    ]
    return classes[-1] if classes else None


def test_a_definition_shared_by_a_dialects_schemas_is_one_class() -> None:
    gemini = MODELS / "dialects" / "gemini"
    defining = [p.name for p in sorted(gemini.glob("*.py")) if "\nclass GeminiPart(" in p.read_text(encoding="utf-8")]
    assert defining == ["request.py"]
    response = (gemini / "response.py").read_text(encoding="utf-8")
    assert "from . import request" in response and "request.GeminiContent" in response
    for folder in sorted(MODELS.glob("dialects/*")):
        titled = _titled_defs(REPO / "schemas" / "dialects" / folder.name)
        for title in sorted(titled):
            name = re.sub(r"\W", "", title)
            defined = [p.name for p in sorted(folder.glob("*.py")) if f"\nclass {name}(" in p.read_text("utf-8")]
            assert len(defined) <= 1, f"{folder.name}: {name} is defined in {defined}"


def _titled_defs(folder: Path) -> set[str]:
    """The titles of the $defs of every schema in folder (what names their classes)."""
    titles: set[str] = set()
    for path in folder.glob("*.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        for definition in schema.get("$defs", {}).values() if isinstance(schema, dict) else ():
            if isinstance(definition, dict) and isinstance(definition.get("title"), str):
                titles.add(definition["title"])
    return titles


def _vector_payloads() -> list[tuple[str, str, str, str, str, Any]]:
    found = []
    for path in sorted((REPO / "schemas" / "vectors").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "shape" not in data:
            continue
        rel = path.relative_to(REPO / "schemas" / "vectors").as_posix()
        schemas = {"wire": f"dialects/{data['dialect']}/{data['shape']}", "canonical": f"canonical/{data['shape']}"}
        for case in data["cases"]:
            if "error" in case:
                continue
            for side, schema in schemas.items():
                if side in case:
                    module = "toolwire_dialects.models." + schema.replace("/", ".")
                    found.append((rel, case["description"], schema + ".json", module, side, case[side]))
    return found


def test_the_models_accept_every_vector_their_schema_accepts() -> None:
    """(A converter is lenient where the schema is not: a vector may decode what its dialect's
    schema refuses, an OpenAI-compatible call without arguments; the model refuses it too.)"""
    spec = load_spec(REPO / "schemas")
    payloads = _vector_payloads()
    assert len(payloads) > 400
    checked, wrongly_refused = 0, []
    for rel, description, schema, module, side, value in payloads:
        model = _root_model(module)
        if model is None:
            continue
        validator = jsonschema.Draft202012Validator(spec.documents[schema], registry=spec.registry)
        if not validator.is_valid(value):
            continue
        checked += 1
        try:
            model.model_validate(value)
        except pydantic.ValidationError as exc:
            wrongly_refused.append(f"{rel} ({side}) {description}: {exc}")
    assert checked > 400 and wrongly_refused == []


@pytest.mark.parametrize("folder", [*sorted(p.name for p in MODELS.glob("dialects/*")), "canonical"])
def test_every_models_module_imports(folder: str) -> None:
    base = MODELS / "canonical" if folder == "canonical" else MODELS / "dialects" / folder
    prefix = "toolwire_dialects.models." + ("canonical" if folder == "canonical" else f"dialects.{folder}")
    for path in sorted(base.glob("*.py")):
        module = importlib.import_module(f"{prefix}.{path.stem}")
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, pydantic.BaseModel) and value.__module__ == module.__name__:
                value.model_json_schema()  # every forward reference to a sibling module resolves
