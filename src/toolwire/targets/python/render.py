"""The Python target: renders the package, its models and its conformance suite into memory
from the templates (laid out by the emitter's context) plus the runtime copied verbatim, and
checks that every module compiles and every module name is bound once."""

from __future__ import annotations

import ast
import contextlib
import re
import traceback
from collections.abc import Callable
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
from toolwire.targets.python import names as pytarget
from toolwire.targets.python.canonical_types import MODULE as CANONICAL_TYPES
from toolwire.targets.python.canonical_types import canonical_types, type_name_of
from toolwire.targets.python.context import conversation_vector_context, dialect_context, suite_context, vector_context
from toolwire.targets.python.models import models
from toolwire.targets.python.names import header

PACKAGE = "toolwire_dialects"
PYTHON_TEMPLATES = Path(__file__).parent / "templates"


RUNTIME = builtin_folder("runtime") / "python" / PACKAGE


def _py_tuple(value: Any) -> str:
    """Python literal with lists as tuples (immutable module constants)."""
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_py_tuple(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return pytarget.literal(value)


def _environment(templates: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["py"] = pytarget.literal
    env.filters["py_tuple"] = _py_tuple
    env.filters["doc"] = pytarget.docstring_text  # inside a docstring
    env.filters["comment"] = pytarget.comment_text  # after a #
    return env


def render(
    spec: Spec,
    templates: Path,
    package: str = PACKAGE,
    formatter: Callable[[dict[str, str]], dict[str, str]] | None = None,
) -> dict[str, str]:
    """Render every generated file into memory, and check that the Python files compile and
    the package binds each module name once (SpecError when a dialect's name is the cause).

    `templates` is the target's template folder (see python_templates). The package's templates sit in
    package/toolwire_dialects/ whatever `package` names it; the runtime (runtime/python/)
    is copied beside them verbatim. `formatter` lays out the Python the templates rendered, once
    they compile (the runtime copies and the models keep their bytes: they are formatted already)."""
    _check_dialect_names(spec, [(name, dialect_name_problem(name, templates)) for name in spec.dialects])
    env = _environment(templates)
    files: dict[str, str] = {}
    dialects = [dialect_context(spec, d) for d in spec.dialects.values()]
    context = {
        "dialects": dialects,
        "shapes": list(SHAPES),
        "loss_codes": LOSS_CODES,
        "schemas": {rel: spec.documents[rel] for rel in sorted(spec.documents)},
        "package": package,
        "version": package_version(spec),
        "reasoning_profiles": profiles_data(reasoning_profiles(spec)),  # every dialect's (profiles.json)
        # each shape's TypedDict in canonical_types (whole payloads included)
        "canonical_types": {s: type_name_of(s) for s in (*SHAPES, "request", "response")},
    }
    clashes: list[tuple[str, str]] = []
    try:
        for template in sorted(templates.rglob("*.j2")):
            name = template.relative_to(templates).as_posix()
            rel = name.removesuffix(".j2")
            rel = rel.removeprefix("package/")
            if rel.startswith(f"{PACKAGE}/"):
                rel = package + rel.removeprefix(PACKAGE)
            for path, text in _render_one(env, spec, context, dialects, name, rel).items():
                if path in files:
                    clashes.append((_module_name(path), f"another template's {path}"))
                files[path] = text
        files[f"{package}/{CANONICAL_TYPES}.py"] = canonical_types(spec)
        files[f"{package}/py.typed"] = ""  # PEP 561: type checkers read the package's own annotations
        templated = set(files)
    except GenerateError:
        raise
    except (jinja2.TemplateError, ValueError) as exc:
        where = _template_position(exc, templates)
        raise GenerateError(f"{where}: template error: {exc}") from exc
    for path, text in _runtime_files(package).items():
        if path in files:
            clashes.append((_module_name(path), f"the runtime's {path}"))
        files[path] = text
    for rel in sorted(spec.documents):  # the schemas as the package's data, the files themselves
        files[f"{package}/schemas/{rel}"] = spec.sources[rel].read_text(encoding="utf-8")
    for path, text in models(spec, package).items():
        if path in files:
            clashes.append((_module_name(path), f"the generated models' {path}"))
        files[path] = text
    clashes += pytarget.namespace_clashes(files)
    _check_dialect_names(spec, [(n, f"the package already uses it: {what}") for n, what in clashes])
    if clashes:
        raise GenerateError(f"the package binds {clashes[0][0]!r} twice: {clashes[0][1]}")
    problems = pytarget.syntax_problems({f"python/{path}": text for path, text in files.items()})
    if problems:
        raise GenerateError(f"{len(problems)} generated file(s) would not compile", problems)
    if formatter is not None:
        files |= formatter({path: files[path] for path in templated if path.endswith(".py")})
    return dict(sorted(files.items()))


def python_templates(templates: Path | None) -> Path:
    """The Python target's template folder: `templates/python/`, or the built-in one."""
    if templates is None:
        return PYTHON_TEMPLATES
    if not (templates / "python").is_dir():
        raise GenerateError(f"{templates / 'python'}: templates folder not found")
    return templates / "python"


def dialect_name_problem(name: str, templates: Path) -> str | None:
    """Why a dialect's name cannot be a module of the package, or None."""
    return pytarget.reserved(name) or package_modules(templates).get(name)


def package_modules(templates: Path) -> dict[str, str]:
    """The modules and packages the package has whatever the dialects: name -> why it is taken
    (a dialect's modules sit beside them, in the package and in streams/)."""
    taken = {
        "models": f"the package already has {PACKAGE}/models/ (the module of the pydantic models)",
        "schemas": f"the package already has {PACKAGE}/schemas/ (the JSON Schemas as data)",
        CANONICAL_TYPES: f"the package already has {PACKAGE}/{CANONICAL_TYPES}.py (the canonical TypedDicts)",
    }
    root = templates / "package" / PACKAGE
    named = (
        [(t, t.relative_to(root).with_suffix("").with_suffix("")) for t in sorted(root.rglob("*.j2"))]
        if root.is_dir()
        else []
    )
    named += [(r, r.relative_to(RUNTIME).with_suffix("")) for r in sorted(RUNTIME.rglob("*.py"))]
    for path, module in named:
        for part in module.parts:
            if "{" not in part:
                taken.setdefault(
                    part, f"the package already has a module of that name ({_source_label(path, templates)})"
                )
    for init in sorted(root.rglob("__init__.py.j2")) if root.is_dir() else ():
        rendered = f"{PACKAGE}/{init.relative_to(root).with_suffix('').as_posix()}"
        for name, line in _init_bindings(init):
            where = f"{_source_label(init, templates)}:{line}"
            taken.setdefault(name, f"the package already binds that name in {rendered}: {where}")
    return taken


def _init_bindings(template: Path) -> list[tuple[str, int]]:
    """The names a package's __init__ template binds at top level (a dialect module of that
    name would clash with them); its Jinja expressions stand in docstrings and comments only."""
    if not template.is_file():  # a FIFO is never read (generation refuses it by name)
        return []
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "x", template.read_text(encoding="utf-8"))
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []  # rendering reports the template
    return [(name, line) for name, line, source in pytarget.bindings(tree) if source != ""]


def _runtime_files(package: str) -> dict[str, str]:
    """The hand-written runtime, copied byte for byte (it is linted and tested where it lives)."""
    return {
        f"{package}/{path.relative_to(RUNTIME).as_posix()}": path.read_text(encoding="utf-8")
        for path in sorted(RUNTIME.rglob("*.py"))
    }


def _source_label(path: Path, templates: Path) -> str:
    """How MANIFEST and error messages name a template or runtime file."""
    if path.is_relative_to(RUNTIME):
        return f"runtime/python/{PACKAGE}/{path.relative_to(RUNTIME).as_posix()}"
    return f"templates/python/{path.relative_to(templates).as_posix()}"


def inputs(templates: Path) -> dict[str, Path]:
    """The Python target's inputs besides the spec, by the name MANIFEST gives them."""
    files = [*sorted(templates.rglob("*")), *sorted(RUNTIME.rglob("*.py"))]
    return {_source_label(p, templates): p for p in files if p.is_file() and "__pycache__" not in p.parts}


def _module_name(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".py")


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
        problems.append(f"{rel}:{line}: /dialect: {name!r} cannot name a generated Python module: {reason}")
    if problems:
        raise SpecError(sorted(set(problems)))


def _template_position(exc: jinja2.TemplateError | ValueError, templates: Path) -> str:
    """file:line of a template error: syntax errors carry it, runtime ones (an undefined
    variable) only in the traceback frames Jinja rewrites to point at the template."""
    filename, lineno = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    if not filename:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith(".j2")]
        if frames:
            filename, lineno = frames[-1].filename, frames[-1].lineno
    if not filename:
        return str(templates)
    with contextlib.suppress(ValueError):  # a template outside the folder keeps its full path
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
    vector file ({dialect} and {shape}). The suite's templates (tests/) also see suite_context,
    and a {dialect} template the dialect's stream vectors (vector_context)."""
    template = env.get_template(name)
    if rel.startswith("tests/"):
        context = {**context, **suite_context(spec)}
    if "{shape}" in rel:
        out = {}
        for vf in spec.vectors:
            file_header = header([label(spec, vf.path), f"templates/python/{name}"])
            text = template.render(context, header=file_header, **vector_context(spec, vf))
            out[rel.replace("{dialect}", vf.dialect).replace("{shape}", vf.shape)] = text
        return out
    if "{dialect}" in rel:
        out = {}
        for d in dialects:
            folder = label(spec, spec.dialects[d["name"]].folder / "dialect.json").removesuffix("dialect.json")
            sources = [folder, f"templates/python/{name}"]
            streams = next((v for v in spec.stream_vectors if v.dialect == d["name"]), None)
            conversations = next((v for v in spec.conversation_vectors if v.dialect == d["name"]), None)
            text = template.render(
                context,
                d=d,
                header=header(sources),
                **vector_context(spec, streams),
                **conversation_vector_context(conversations),
            )
            if text.strip():  # a template may have nothing to say for a dialect
                out[rel.replace("{dialect}", d["name"])] = text
        return out
    head = header([f"templates/python/{name}"]) if rel.endswith((".py", ".toml")) else ""
    return {rel: template.render(context, header=head)}
