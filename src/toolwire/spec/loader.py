"""Load and check the schemas folder: canonical schemas, dialects and their mappings, vectors.

Everything is checked before anything is generated, and every problem is reported as
`file:line: /pointer: message`, so a broken schema never produces half a package.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import jsonschema
import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012

from toolwire.spec import fast_schema
from toolwire.spec.conversation_vectors import FILE as CONVERSATIONS
from toolwire.spec.conversation_vectors import META, load_conversation_vectors
from toolwire.spec.files import spec_files
from toolwire.spec.json_input import BOM, ParseError, ReadProblem, parse_document, read_source
from toolwire.spec.model import DRAFT, SHAPES, Dialect, Spec, SpecError, StreamVectorFile, VectorFile
from toolwire.spec.names import dialect_name_problem
from toolwire.spec.positions import pointer, pointer_line, tokens
from toolwire.spec.usage import usage_problems


class _Problems:
    def __init__(self, root: Path, files: Mapping[str, Path]) -> None:
        self.root = root
        self.files = files  # relative path -> file: root's, or a layered view (overlay.py)
        self.items: list[str] = []
        self._texts: dict[Path, str] = {}
        # What failed its own checks: what depends on it is not checked, so one mistake is
        # reported once, not again by everything that refers to it.
        self.broken_documents: set[str] = set()  # schema files, by $id
        self.broken_dialects: set[str] = set()  # dialect folders whose dialect.json failed

    def glob(self, pattern: str) -> list[Path]:
        """The files whose relative path matches pattern (`*`: within one segment), by that path."""
        regex = re.compile("[^/]*".join(map(re.escape, pattern.split("*"))))
        return [self.files[rel] for rel in sorted(self.files) if regex.fullmatch(rel)]

    def add(self, path: Path, pointer: str, message: str) -> None:
        text = self._texts.get(path)
        line = pointer_line(text, pointer) if text else 1
        self.items.append(f"{self.rel(path)}:{line}: {pointer or '/'}: {message}")

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def read_json(self, path: Path) -> Any:
        """A spec file, by the one JSON reader (toolwire.spec.json_input): NaN, Infinity, 1e400 or a
        lone surrogate is a problem here, never a constant in generated code."""
        try:
            data = read_source(str(path))
            value = parse_document(data)
        except ReadProblem as exc:
            self.items.append(f"{self.rel(path)}:1: /: {exc}")
            return None
        except ParseError as exc:
            message = f"not valid JSON: {exc.message}" if exc.keyword == "parse" else exc.message
            self.items.append(f"{self.rel(path)}:{exc.line}: /: {message}")
            return None
        self._texts[path] = data.removeprefix(BOM).decode("utf-8")
        return value

    def schema_errors(self, path: Path, instance: Any, validator: Any, what: str) -> None:
        for error in sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path)):
            best = jsonschema.exceptions.best_match([error])
            self.add(path, pointer(best.absolute_path), f"{what}: {best.message} [{best.validator}]")


def _refs(node: Any, keywords: tuple[str, ...] = ("$ref", "$dynamicRef")) -> Iterator[tuple[str, str]]:
    """(pointer, value) of each reference keyword in a schema, data (const, ...) left out."""
    for path, value in _keyword_values(node, (), keywords):
        yield pointer(path), value


def _keyword_values(node: Any, path: tuple[str, ...], keywords: tuple[str, ...]) -> Iterator[tuple[Any, str]]:
    # The path stays a tuple until something is found: most schemas have hundreds of nodes.
    if isinstance(node, dict):
        for key, value in node.items():
            if key in keywords and isinstance(value, str):
                yield (*path, key), value
            elif key not in ("const", "enum", "default", "examples"):
                yield from _keyword_values(value, (*path, key), keywords)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _keyword_values(value, (*path, str(i)), keywords)


def _foreign_dialects(schema: Any) -> list[tuple[str, str]]:
    """Every $schema, at the root or in an embedded resource, other than 2020-12: a meta-schema
    would have to be fetched (jsonschema-rs does so over HTTP), and toolwire never goes online."""
    return [(at, value) for at, value in _refs(schema, keywords=("$schema",)) if value != DRAFT]


def _as_draft(schema: dict[str, Any], pointers: list[str]) -> dict[str, Any]:
    """A copy of schema with the $schema at each pointer set to 2020-12."""
    schema = copy.deepcopy(schema)
    for at in pointers:
        node: Any = schema
        for token in tokens(at)[:-1]:
            node = node[int(token)] if isinstance(node, list) else node[token]
        node["$schema"] = DRAFT
    return schema


def _refuse_retrieval(uri: str) -> referencing.Resource:
    # referencing declares its attrs classes with the pre-PEP 681 __dataclass_transform__, which
    # mypy does not read: it sees KeyError's __init__ (the same for Registry below).
    raise referencing.exceptions.NoSuchResource(ref=uri)  # type: ignore[call-arg]


def load_spec(root: Path, files: Mapping[str, Path] | None = None) -> Spec:
    """Read and check every file below root, or the {relative path: file} map `files` (root's
    files with overlays laid over them, see overlay.py); raise SpecError listing all problems."""
    root = root.resolve()
    if not root.is_dir():
        raise SpecError([f"{root}:1: /: schemas folder not found"])
    if files is None:
        files = spec_files(root)
    problems = _Problems(root, files)
    meta_validator = jsonschema.Draft202012Validator(jsonschema.Draft202012Validator.META_SCHEMA)
    documents: dict[str, dict[str, Any]] = {}
    sources: dict[str, Path] = {}
    for rel, path in sorted(files.items()):
        sources[rel] = path
        if rel.startswith("vectors/") or path.name in ("dialect.json", "stream.json", "profiles.json"):
            continue
        schema = problems.read_json(path)
        if schema is None:
            problems.broken_documents.add(rel)
            continue
        if not isinstance(schema, dict):
            problems.add(path, "", "a schema must be a JSON object")
            problems.broken_documents.add(rel)
            continue
        if not isinstance(schema.get("$schema"), str):
            problems.add(path, "/$schema", f"expected {DRAFT!r}")
        foreign = _foreign_dialects(schema)
        for at, value in foreign:
            problems.add(path, at, f"unknown $schema {value!r}: expected {DRAFT!r} (no meta-schema is fetched)")
        if foreign:  # reported; no validator may see it (jsonschema-rs would fetch it), but the
            schema = _as_draft(schema, [at for at, _ in foreign])  # rest is checked as usual
        if schema.get("$id") != rel:
            problems.add(path, "/$id", f"expected the file's path {rel!r}, got {schema.get('$id')!r}")
        if not fast_schema.meta_valid(schema):  # the reference validator explains what is wrong
            problems.schema_errors(path, schema, meta_validator, "not a valid 2020-12 schema")
        documents[rel] = schema
    registry = referencing.Registry(retrieve=_refuse_retrieval).with_resources(  # type: ignore[call-arg]
        (rel, DRAFT202012.create_resource(schema)) for rel, schema in documents.items()
    )
    for rel, schema in documents.items():
        resolver = registry.resolver(base_uri=rel)
        for at, ref in _refs(schema):
            if urljoin(rel, ref).partition("#")[0] in problems.broken_documents:
                continue  # that file's own problem is reported
            try:
                resolver.lookup(ref)
            except referencing.exceptions.Unresolvable as exc:
                keyword = at.rsplit("/", 1)[-1]
                problems.add(sources[rel], at, f"{keyword} {ref!r} does not resolve offline ({type(exc).__name__})")

    canonical = {
        shape: documents[f"canonical/{shape}.json"] for shape in SHAPES if f"canonical/{shape}.json" in documents
    }
    for shape in SHAPES:
        if shape not in canonical:
            problems.items.append(f"{problems.rel(root / 'canonical')}:1: /: missing canonical/{shape}.json")

    dialects = _load_dialects(root, problems, documents, registry)
    vectors = _load_vectors(root, problems, dialects, registry, documents)
    stream_vectors = _load_stream_vectors(root, problems, dialects, registry, documents)
    conversation_meta = _MetaValidator(documents, registry, META) if META in documents else None
    conversations = load_conversation_vectors(root, problems, dialects, conversation_meta)
    if problems.items:
        raise SpecError(problems.items)
    return Spec(root, documents, canonical, dialects, vectors, stream_vectors, registry, sources, conversations)


class _MetaValidator:
    """One of toolwire's own meta-schemas (mappings, vectors). jsonschema-rs, when installed,
    answers "valid" quickly (checking the files is most of load_spec's time otherwise);
    jsonschema, with format checks, is the judge of everything else and explains it."""

    def __init__(self, documents: dict[str, dict[str, Any]], registry: referencing.Registry, rel: str) -> None:
        self.reference = jsonschema.Draft202012Validator(
            documents[rel], registry=registry, format_checker=jsonschema.FormatChecker()
        )
        self.fast: Any = None
        if fast_schema.available:
            try:
                self.fast = fast_schema.compile_validator(fast_schema.rebase(documents), rel, formats=True)
            except Exception:  # a schema jsonschema-rs cannot compile: the reference alone decides
                self.fast = None

    def iter_errors(self, instance: Any) -> Iterator[jsonschema.ValidationError]:
        if self.fast is not None and self.fast.is_valid(instance):
            return iter(())
        errors: Iterator[jsonschema.ValidationError] = self.reference.iter_errors(instance)
        return errors


def _load_dialects(
    root: Path, problems: _Problems, documents: dict[str, dict[str, Any]], registry: referencing.Registry
) -> dict[str, Dialect]:
    dialects: dict[str, Dialect] = {}
    if "meta/dialect.schema.json" not in documents:
        problems.items.append(f"{problems.rel(root / 'meta')}:1: /: missing meta/dialect.schema.json")
        return dialects
    validator = _MetaValidator(documents, registry, "meta/dialect.schema.json")
    stream_validator = None
    for path in problems.glob("dialects/*/dialect.json"):
        mapping = problems.read_json(path)
        before = len(problems.items)
        if mapping is not None:
            problems.schema_errors(path, mapping, validator, "invalid mapping")
            for at, problem in [] if len(problems.items) > before else usage_problems(mapping):
                problems.add(path, at, problem)
        if mapping is None or len(problems.items) > before:
            problems.broken_dialects.add(path.parent.name)
            continue
        folder = path.parent
        why = dialect_name_problem(folder.name)
        if why:
            problems.add(path, "/dialect", f"dialect name {folder.name!r}: {why}")
            problems.broken_dialects.add(folder.name)
            continue
        if mapping["dialect"] != folder.name:
            problems.add(path, "/dialect", f"expected the folder's name {folder.name!r}")
        ids = mapping.get("ids")
        if ids is not None:
            try:
                re.compile(ids["pattern"])
            except re.error as exc:
                problems.add(path, "/ids/pattern", f"not a valid regular expression: {exc}")
        schemas: dict[str, dict[str, Any]] = {}
        for shape, shape_map in mapping["shapes"].items():
            rel = f"dialects/{folder.name}/{shape_map['schema']}"
            if rel not in documents:
                if rel not in problems.broken_documents:
                    problems.add(path, f"/shapes/{shape}/schema", f"no schema file {rel}")
                continue
            schemas[shape] = documents[rel]
            for v, variant in enumerate(shape_map["variants"]):
                for name, spec in variant.get("fields", {}).items():
                    if spec.get("encoding") == "id" and ids is None:
                        problems.add(
                            path,
                            f"/shapes/{shape}/variants/{v}/fields/{name}",
                            "encoding 'id' needs the dialect's 'ids' policy",
                        )
        envelopes: dict[str, dict[str, Any]] = {}
        for kind, envelope in mapping.get("envelopes", {}).items():
            rel = f"dialects/{folder.name}/{envelope['schema']}"
            if rel not in documents:
                if rel not in problems.broken_documents:
                    problems.add(path, f"/envelopes/{kind}/schema", f"no schema file {rel}")
                continue
            envelopes[kind] = documents[rel]
            for i, location in enumerate(envelope.get("locations", [])):
                if location["shape"] not in mapping["shapes"]:
                    problems.add(
                        path, f"/envelopes/{kind}/locations/{i}/shape", f"dialect has no {location['shape']} shape"
                    )
        stream = None
        stream_path = problems.files.get(f"dialects/{folder.name}/stream.json")
        if stream_path is not None:
            stream = problems.read_json(stream_path)
            if stream is not None and "meta/stream.schema.json" in documents:
                stream_validator = stream_validator or _MetaValidator(documents, registry, "meta/stream.schema.json")
                problems.schema_errors(stream_path, stream, stream_validator, "invalid stream mapping")
        profiles = _load_profiles(folder, problems, documents, registry, envelopes)
        dialects[folder.name] = Dialect(folder.name, folder, mapping, schemas, envelopes, stream, profiles)
    return dialects


def _load_profiles(
    folder: Path,
    problems: _Problems,
    documents: dict[str, dict[str, Any]],
    registry: referencing.Registry,
    envelopes: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    """profiles.json beside dialect.json: named sets of quirks that servers of the dialect have."""
    path = folder / "profiles.json"
    if not path.is_file():
        return {}
    if "meta/profiles.schema.json" not in documents:
        problems.add(path, "", "needs meta/profiles.schema.json")
        return {}
    data = problems.read_json(path)
    if data is None:
        return {}
    before = len(problems.items)
    validator = _MetaValidator(documents, registry, "meta/profiles.schema.json")
    problems.schema_errors(path, data, validator, "invalid profiles")
    if len(problems.items) > before:
        return {}
    meta = jsonschema.Draft202012Validator(jsonschema.Draft202012Validator.META_SCHEMA)
    for name, profile in data["profiles"].items():
        for i, quirk in enumerate(profile["quirks"]):
            at = f"/profiles/{name}/quirks/{i}"
            problems.schema_errors(path, quirk["match"], meta, f"{at}/match: not a valid 2020-12 schema")
            for kind in quirk["kinds"]:
                if kind not in envelopes:
                    problems.add(path, f"{at}/kinds", f"dialect {folder.name} has no {kind} envelope")
    profiles: dict[str, Any] = data["profiles"]
    return profiles


def _unique_descriptions(problems: _Problems, path: Path, cases: list[dict[str, Any]]) -> None:
    """A case's description is its name in test reports: two alike would hide one."""
    seen: dict[str, int] = {}
    for i, case in enumerate(cases):
        if case["description"] in seen:
            problems.add(path, f"/cases/{i}/description", f"duplicate of /cases/{seen[case['description']]}")
        seen[case["description"]] = i


def _load_vectors(
    root: Path,
    problems: _Problems,
    dialects: dict[str, Dialect],
    registry: referencing.Registry,
    documents: dict[str, dict[str, Any]],
) -> list[VectorFile]:
    out: list[VectorFile] = []
    if "meta/vectors.schema.json" not in documents:
        problems.items.append(f"{problems.rel(root / 'meta')}:1: /: missing meta/vectors.schema.json")
        return out
    validator = _MetaValidator(documents, registry, "meta/vectors.schema.json")
    for path in problems.glob("vectors/*/*.json"):
        if path.name in ("stream.json", "relay.json", CONVERSATIONS):  # relay.json: tests/test_relay.py
            continue
        data = problems.read_json(path)
        if data is None:
            continue
        before = len(problems.items)
        problems.schema_errors(path, data, validator, "invalid vectors")
        if len(problems.items) > before:
            continue
        dialect = dialects.get(data["dialect"])
        if data["dialect"] != path.parent.name:
            problems.add(path, "/dialect", f"expected the folder's name {path.parent.name!r}")
        elif dialect is None:
            if data["dialect"] not in problems.broken_dialects:
                problems.add(path, "/dialect", f"unknown dialect {data['dialect']!r}")
        elif data["shape"] not in dialect.mapping["shapes"]:
            problems.add(path, "/shape", f"dialect {data['dialect']} has no shape {data['shape']!r}")
        _unique_descriptions(problems, path, data["cases"])
        for i, case in enumerate(data["cases"]):
            for target in case.get("to", {}):
                if target not in dialects and target not in problems.broken_dialects:
                    problems.add(path, f"/cases/{i}/to/{target}", f"unknown dialect {target!r}")
        out.append(VectorFile(path, data["dialect"], data["shape"], data["cases"]))
    return out


def _load_stream_vectors(
    root: Path,
    problems: _Problems,
    dialects: dict[str, Dialect],
    registry: referencing.Registry,
    documents: dict[str, dict[str, Any]],
) -> list[StreamVectorFile]:
    """vectors/<dialect>/stream.json: event sequences and the calls they assemble to."""
    out: list[StreamVectorFile] = []
    files = problems.glob("vectors/*/stream.json")
    if files and "meta/stream_vectors.schema.json" not in documents:
        problems.items.append(f"{problems.rel(root / 'meta')}:1: /: missing meta/stream_vectors.schema.json")
        return out
    validator = _MetaValidator(documents, registry, "meta/stream_vectors.schema.json") if files else None
    for path in files:
        data = problems.read_json(path)
        if data is None:
            continue
        before = len(problems.items)
        problems.schema_errors(path, data, validator, "invalid stream vectors")
        if len(problems.items) > before:
            continue
        dialect = dialects.get(path.parent.name)
        if dialect is None or dialect.stream is None:
            if path.parent.name not in problems.broken_dialects:
                problems.add(path, "", f"dialect {path.parent.name!r} has no stream.json")
            continue
        _unique_descriptions(problems, path, data["cases"])
        for i, case in enumerate(data["cases"]):
            profile = case.get("profile")
            if profile is not None and profile not in dialect.profiles:
                problems.add(path, f"/cases/{i}/profile", f"dialect {dialect.name} has no profile {profile!r}")
        out.append(StreamVectorFile(path, path.parent.name, data["cases"]))
    return out
