"""The TypeScript target: renders the npm package `toolwire-dialects` into memory from the
templates (laid out by the emitter's context), the runtime copied verbatim, the types from the
schemas, the conformance suite with its vector data, and the compiled `dist/` (tsc 5.9.3).

Layout below generated/typescript/: package.json, package-lock.json, tsconfig.json, src/
(runtime copies + generated modules), dist/ (compiled .js + .d.ts), test/ (node --test).
"""

from __future__ import annotations

import contextlib
import traceback
from pathlib import Path
from typing import Any

import jinja2

from toolwire.ir.errors import GenerateError
from toolwire.ir.reasoning_profiles import profiles_data, reasoning_profiles
from toolwire.spec.builtin import builtin_folder
from toolwire.spec.fingerprint import package_version
from toolwire.spec.loss_codes import LOSS_CODES
from toolwire.spec.model import SHAPES, Spec, SpecError
from toolwire.spec.overlay import label, shown_path
from toolwire.spec.positions import pointer_line
from toolwire.targets.typescript import names as tsnames
from toolwire.targets.typescript.compile import compile_typescript
from toolwire.targets.typescript.context import (
    conversation_vector_context,
    dialect_context,
    suite_context,
    vector_context,
)
from toolwire.targets.typescript.format import format_typescript
from toolwire.targets.typescript.names import header
from toolwire.targets.typescript.types import type_modules

PACKAGE = "toolwire-dialects"
TS_TEMPLATES = Path(__file__).parent / "templates"
RUNTIME = builtin_folder("runtime") / "typescript" / "src"
_HEADED = (".ts", ".mjs", ".js")  # rendered files that start with the DO NOT EDIT header


def _environment(templates: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["ts"] = tsnames.literal
    env.filters["camel"] = tsnames.camel
    env.filters["doc"] = tsnames.doc_text  # inside a /** */ comment
    env.filters["comment"] = tsnames.comment_text  # after a //
    from toolwire.targets.typescript.emit_objects import differs, equals

    env.globals["equals"] = equals
    env.globals["differs"] = differs
    return env


def render(spec: Spec, templates: Path, package: str = PACKAGE) -> dict[str, str]:
    """Every file of the TypeScript package by its path below generated/typescript/; the
    compiled dist/ too (GenerateError when tsc rejects the code)."""
    _check_dialect_names(spec, [(name, dialect_name_problem(name, templates)) for name in spec.dialects])
    env = _environment(templates)
    dialects = [dialect_context(spec, d) for d in spec.dialects.values()]
    runtime, types = _runtime_files(), type_modules(spec)
    context = {
        "dialects": dialects,
        "shapes": list(SHAPES),
        "loss_codes": LOSS_CODES,
        "package": npm_name(package),
        "version": package_version(spec),
        "reasoning_profiles": profiles_data(reasoning_profiles(spec)),  # every dialect's (profiles.json)
        # the modules below src/ the templates may import, by path without .ts
        "runtime_modules": sorted(p.removeprefix("src/").removesuffix(".ts") for p in runtime),
        "type_modules": sorted(p.removeprefix("src/types/").removesuffix(".ts") for p in types),
    }
    files: dict[str, str] = {}
    try:
        for template in sorted(templates.rglob("*.j2")):
            name = template.relative_to(templates).as_posix()
            rel = _output_path(name.removesuffix(".j2"))
            if rel is None:
                continue
            for path, text in _render_one(env, spec, context, dialects, name, rel).items():
                if path in files:
                    raise GenerateError(f"two templates write {path}")
                files[path] = text
    except GenerateError:
        raise
    except (jinja2.TemplateError, ValueError) as exc:
        raise GenerateError(f"{_template_position(exc, templates)}: template error: {exc}") from exc
    for path, text in [*runtime.items(), *types.items()]:
        if path in files:
            raise GenerateError(f"the package has {path} twice (a template and the runtime or types)")
        # The runtime is copied as written (it is laid out by hand); what is generated is
        # broken where the templates make a line too long.
        files[path] = text if path in runtime else format_typescript(text)
    for path, text in files.items():
        if path.endswith(".ts") and path not in runtime and path not in types:
            files[path] = format_typescript(text)
    files |= compile_typescript(files)  # dist/, by the pinned tsc
    return dict(sorted(files.items()))


def npm_name(package: str) -> str:
    """The npm name of the package the configuration names with a Python identifier
    (toolwire_dialects -> toolwire-dialects: npm names are lower case, dashed by custom)."""
    return package.replace("_", "-").lower()


def _output_path(rel: str) -> str | None:
    """Where a template's output goes: package/x -> x, tests/x -> test/x; macros render nothing."""
    if "/_macros/" in rel:
        return None
    if rel.startswith("package/"):
        return rel.removeprefix("package/")
    if rel.startswith("tests/"):
        return "test/" + rel.removeprefix("tests/")
    return rel


def _runtime_files() -> dict[str, str]:
    """The hand-written runtime, copied byte for byte (it is type-checked where it lives)."""
    return {
        f"src/{path.relative_to(RUNTIME).as_posix()}": path.read_text(encoding="utf-8")
        for path in sorted(RUNTIME.rglob("*.ts"))
    }


def ts_templates(templates: Path | None) -> Path:
    """The TypeScript target's template folder: `templates/typescript/`, or the built-in one."""
    if templates is None:
        return TS_TEMPLATES
    if not (templates / "typescript").is_dir():
        raise GenerateError(f"{templates / 'typescript'}: templates folder not found")
    return templates / "typescript"


def _taken(templates: Path) -> dict[str, str]:
    """Module names of src/ whatever the dialects: name -> why a dialect cannot have it."""
    taken = {"types": "the package already has src/types/ (the types from the schemas)"}
    root = templates / "package" / "src"
    named = (
        [t.relative_to(root).as_posix().removesuffix(".j2") for t in sorted(root.rglob("*.j2"))]
        if root.is_dir()
        else []
    )
    named += [r.relative_to(RUNTIME).as_posix() for r in sorted(RUNTIME.rglob("*.ts"))]
    for rel in named:
        first = rel.split("/")[0].removesuffix(".ts")
        if "{" not in first:
            taken.setdefault(first, f"the package already has a module of that name (src/{rel})")
    return taken


def dialect_name_problem(name: str, templates: Path) -> str | None:
    return tsnames.reserved(name) or _taken(templates).get(name)


def _check_dialect_names(spec: Spec, reasons: list[tuple[str, str | None]]) -> None:
    """A SpecError at /dialect of each dialect whose name cannot be a module of the package."""
    problems = []
    for name, reason in reasons:
        dialect = spec.dialects.get(name)
        if dialect is None or reason is None:
            continue
        path = dialect.folder / "dialect.json"
        line = pointer_line(path.read_text(encoding="utf-8"), "/dialect")
        rel = shown_path(spec, path)
        problems.append(f"{rel}:{line}: /dialect: {name!r} cannot name a generated TypeScript module: {reason}")
    if problems:
        raise SpecError(sorted(set(problems)))


def _source_label(path: Path, templates: Path) -> str:
    """How MANIFEST and error messages name a template or runtime file."""
    if path.is_relative_to(RUNTIME):
        return f"runtime/typescript/src/{path.relative_to(RUNTIME).as_posix()}"
    return f"templates/typescript/{path.relative_to(templates).as_posix()}"


def inputs(templates: Path) -> dict[str, Path]:
    """The TypeScript target's inputs besides the spec, by the name MANIFEST gives them."""
    files = [*sorted(templates.rglob("*")), *sorted(RUNTIME.rglob("*.ts"))]
    return {_source_label(p, templates): p for p in files if p.is_file() and "__pycache__" not in p.parts}


def _template_position(exc: jinja2.TemplateError | ValueError, templates: Path) -> str:
    """file:line of a template error (see the Python target's)."""
    filename, lineno = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    if not filename:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith(".j2")]
        if frames:
            filename, lineno = frames[-1].filename, frames[-1].lineno
    if not filename:
        return str(templates)
    with contextlib.suppress(ValueError):
        filename = _source_label(Path(filename).resolve(), templates.resolve())
    return f"{filename}:{lineno or 1}"


def _render_one(
    env: jinja2.Environment,
    spec: Spec,
    context: dict[str, Any],
    dialects: list[dict[str, Any]],
    name: str,
    rel: str,
) -> dict[str, str]:
    """Render one template: once, once per dialect ({dialect} in its name), or once per
    vector file ({dialect} and {shape}); as the Python target's _render_one does."""
    template = env.get_template(name)
    if rel.startswith("test/"):
        context = {**context, **suite_context(spec)}
    if "{shape}" in rel:
        out = {}
        for vf in spec.vectors:
            file_header = header([label(spec, vf.path), f"templates/typescript/{name}"])
            text = template.render(context, header=file_header, **vector_context(spec, vf))
            out[rel.replace("{dialect}", vf.dialect).replace("{shape}", vf.shape)] = text
        return out
    if "{dialect}" in rel:
        out = {}
        for d in dialects:
            folder = label(spec, spec.dialects[d["name"]].folder / "dialect.json").removesuffix("dialect.json")
            streams = next((v for v in spec.stream_vectors if v.dialect == d["name"]), None)
            conversations = next((v for v in spec.conversation_vectors if v.dialect == d["name"]), None)
            text = template.render(
                context,
                d=d,
                header=header([folder, f"templates/typescript/{name}"]),
                **vector_context(spec, streams),
                **conversation_vector_context(conversations),
            )
            if text.strip():  # a template may have nothing to say for a dialect
                out[rel.replace("{dialect}", d["name"])] = text
        return out
    head = header([f"templates/typescript/{name}"]) if rel.endswith(_HEADED) else ""
    return {rel: template.render(context, header=head)}
