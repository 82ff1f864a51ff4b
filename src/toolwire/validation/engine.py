"""Check one record: parse, detect, validate, explain. A pure function of the record and the
schemas, used alike by the CLI, by `--jobs` worker processes and inside distributed engines
(see docs/validate-at-scale.md): no state carries from one record to the next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolwire.spec.json_input import MAX_DEPTH, ParseError
from toolwire.spec.loader import load_spec
from toolwire.spec.model import Spec
from toolwire.spec.positions import pointer_line
from toolwire.validation.backends import PARSER_MAX_DEPTH, Validators, loads, orjson, too_deep
from toolwire.validation.detect import Detector, Target, targets
from toolwire.validation.drift import Coverage, DriftWalker
from toolwire.validation.explain import explain
from toolwire.validation.inputs import Record
from toolwire.validation.profiles import Accepted, Profile
from toolwire.validation.rules import Rules
from toolwire.validation.suggest import Site, Suggester

_OPEN_ONLY = "field not described by the schema (it accepts the payload only by being open to unknown fields)"
VALID, INVALID, UNDETECTED, AMBIGUOUS, UNREADABLE = "valid", "invalid", "undetected", "ambiguous", "unreadable"
MIB = 1 << 20


class EngineError(Exception):
    """The options name no schema (unknown dialect or kind): a usage error."""


@dataclass(frozen=True, slots=True)
class Options:
    dialect: str | None = None
    shape: str | None = None  # a shape (tool_call, ...) or an envelope kind (request, ...)
    strict: bool = False  # fields the schema does not describe are findings
    max_record_bytes: int = 16 * MIB
    max_depth: int = MAX_DEPTH  # deeper payloads are findings (validators recurse)
    max_errors: int = 20  # per payload; the rest are counted, not listed
    fast: bool = True  # use jsonschema-rs when importable
    profile: str | None = None  # a profile of the dialect (profiles.json): documented server quirks accepted
    suggest: bool = False  # with strict: where each undescribed key belongs, for the patch (slower)


@dataclass(slots=True)
class Finding:
    pointer: str  # JSON Pointer into the payload; "" is the payload itself
    message: str
    keyword: str  # the failing JSON Schema keyword, or: parse, size, depth, empty, link, undetected, drift, rule
    line: int

    def to_dict(self) -> dict[str, str]:
        return {"pointer": self.pointer, "message": self.message, "keyword": self.keyword}


@dataclass(slots=True)
class Result:
    path: str
    line: int
    status: str  # valid, invalid, undetected, ambiguous, unreadable
    dialect: str | None = None
    shape: str | None = None
    # Tuples by default: a valid result (the bulk of a capture) allocates no lists.
    errors: list[Finding] | tuple[()] = ()
    candidates: list[str] | tuple[()] = ()  # ambiguous (valid): the tied schemas; undetected: the nearest
    drift: list[str] | tuple[()] = ()  # undescribed field paths, array indices as *
    notes: list[Finding] | tuple[()] = ()  # --profile: the quirks it accepted (keyword: the quirk's name)
    suggest: list[Site] | tuple[()] = ()  # --suggest: (schema file, schema pointer, key, value) each
    unplaced: list[str] | tuple[()] = ()  # --suggest: drift paths no schema object can take

    @property
    def valid(self) -> bool:
        return self.status == VALID or self.status == AMBIGUOUS

    @property
    def label(self) -> str:
        if self.dialect and self.shape:
            return f"{self.dialect}/{self.shape}"
        if self.candidates and self.status != UNDETECTED:
            return "|".join(self.candidates)  # ambiguous: any of these
        return self.status

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "path": self.path,
            "line": self.line,
            "dialect": self.dialect,
            "shape": self.shape,
            "valid": self.valid,
            "errors": [f.to_dict() for f in self.errors],
            "status": self.status,
        }
        if self.candidates:
            out["candidates"] = list(self.candidates)
        if self.notes:
            out["notes"] = [f.to_dict() for f in self.notes]
        return out


class _Lines:
    """Maps a pointer to its line in a multi-line document, decoding the document once."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self._text: str | None = None

    def __call__(self, pointer: str) -> int:
        record = self.record
        if record.doc is None:
            return record.line
        if self._text is None:
            self._text = record.doc.decode("utf-8", "replace")
        try:
            return pointer_line(self._text, record.prefix + pointer)
        except (RecursionError, ValueError, IndexError):
            return record.line


class Engine:
    def __init__(self, spec: Spec, options: Options = Options()) -> None:
        self.spec = spec
        self.options = options
        self.candidates = targets(spec, options.dialect, options.shape)
        if not self.candidates:
            raise EngineError(self._no_candidates())
        self.profile = self._profile()
        self._kinds = {t.kind for t in self.candidates}
        self.validators = Validators(spec.documents, spec.registry, fast=options.fast)
        self.rules = Rules(spec)
        self.walker = DriftWalker(spec.registry)
        self.detector = Detector(self.candidates, self.validators, self.walker)
        self.suggester = Suggester(spec.documents, self.walker) if options.suggest and options.strict else None
        self._single: Target | None = self.candidates[0] if len(self.candidates) == 1 else None
        # Set together with _single: the compiled is_valid of the one candidate schema.
        self._single_is_valid: Callable[[Any], bool] | None = (
            self.rules.and_kept(self.validators.fast(self._single.schema_id).is_valid, self._single)
            if self._single
            else None
        )
        self._loads = orjson.loads if orjson is not None else loads  # errors are re-parsed by loads() for the message
        # Whether a document can parse and still be too deep: not when the parser's own limit
        # is the option's, and then the bulk path need not count brackets.
        self._may_be_too_deep = orjson is None or options.max_depth < PARSER_MAX_DEPTH
        # JSON text nested deeper than the limit opens and closes that many brackets: shorter
        # text (text the parser accepted) cannot be too deep, and needs no count.
        self._deep_bytes = 2 * (options.max_depth + 1) - 1

    def _profile(self) -> Profile | None:
        name = self.options.profile
        if name is None:
            return None
        if self.options.dialect is None:
            raise EngineError("--profile needs --dialect: a profile is a dialect's")
        profiles = self.spec.dialects[self.options.dialect].profiles
        if name not in profiles:
            known = ", ".join(sorted(profiles)) or "none"
            raise EngineError(f"dialect {self.options.dialect} has no profile {name!r}; known: {known}")
        return Profile(name, profiles[name])

    def _no_candidates(self) -> str:
        o = self.options
        dialects = sorted(self.spec.dialects)
        if o.dialect is not None and o.dialect not in self.spec.dialects:
            return f"unknown dialect {o.dialect!r}; known: {', '.join(dialects)}"
        kinds = sorted({k for d in self.spec.dialects.values() if o.dialect in (None, d.name) for k in d.all_schemas()})
        where = f"dialect {o.dialect}" if o.dialect else "any dialect"
        return f"{where} has no schema for {o.shape!r}; known: {', '.join(kinds)}"

    @property
    def backend(self) -> str:
        return self.validators.backend

    def acceptor(self) -> Callable[[bytes], bool] | None:
        """For bulk reading: a test that is True only for a JSON line check() would find valid with
        nothing to report, so the reader can count it without making a Record or a Result. False
        means "take the long way", not "invalid". None when every record needs the long way
        (several candidate schemas, or --strict)."""
        is_valid, parse, may_be_too_deep = self._single_is_valid, self._loads, self._may_be_too_deep
        if is_valid is None or self.options.strict or self.profile is not None:
            return None
        max_bytes, max_depth, deep_bytes = self.options.max_record_bytes, self.options.max_depth, self._deep_bytes

        def accept(raw: bytes) -> bool:
            if len(raw) > max_bytes:
                return False
            # The bracket count bounds the depth from above, as in check().
            if may_be_too_deep and len(raw) > deep_bytes and raw.count(b"[") + raw.count(b"{") > max_depth:
                return False
            try:
                return is_valid(parse(raw))
            except Exception:  # unparsable: the long way reports it
                return False

        return accept

    # -- one record -------------------------------------------------------------------------------

    def check(self, record: Record) -> Result:
        if record.problem is not None:
            return self._unreadable(record, record.line, *record.problem)
        options = self.options
        if record.parsed:
            value = record.value
            deep = too_deep(None, value, options.max_depth)
        else:
            data = record.data
            assert data is not None
            if len(data) > options.max_record_bytes:
                return self._unreadable(
                    record,
                    record.line,
                    f"payload is {len(data)} bytes, over the limit of {options.max_record_bytes}",
                    "size",
                )
            try:
                value = self._loads(data)
            except Exception:  # the parser's own error type; re-parsed for a precise message
                return self._parse_problem(record, data)
            if (
                self._may_be_too_deep
                and len(data) > self._deep_bytes
                and data.count(b"[") + data.count(b"{") > options.max_depth  # an upper bound of the depth
            ):
                deep = too_deep(None, value, options.max_depth)
            else:
                deep = 0
                is_valid = self._single_is_valid
                if is_valid is not None and not options.strict and self.profile is None and is_valid(value):
                    # The bulk path: one schema, shallow, valid. Everything else goes the long way.
                    single = self._single
                    assert single is not None  # set together with _single_is_valid
                    return Result(record.path, record.line, VALID, single.dialect, single.kind)
        if deep:
            return self._unreadable(
                record, record.line, f"nested {deep} levels deep, over the limit of {options.max_depth}", "depth"
            )
        try:
            return self._check_value(record, value)
        except RecursionError:  # belt and braces: the depth limit should make this unreachable
            return self._unreadable(record, record.line, "nested too deeply to validate", "depth")

    def _parse_problem(self, record: Record, data: bytes) -> Result:
        try:
            loads(data)
        except ParseError as exc:
            # In a document the parser's line is the file's; a JSON line is its own line.
            line = exc.line if record.doc is not None else record.line
            if exc.keyword == "depth":
                return self._unreadable(
                    record, line, f"{exc.message}, over the limit of {self.options.max_depth}", "depth"
                )
            return self._unreadable(record, line, f"not valid JSON: {exc.message}", "parse")
        return self._unreadable(record, record.line, "not valid JSON", "parse")

    def _check_value(self, record: Record, value: Any) -> Result:
        if self.profile is None:
            return self._check_accepted(record, value)
        accepted = self.profile.accept(value, self._kinds)
        result = self._check_accepted(record, accepted.value)
        kind = result.shape
        if kind is not None and any(kind not in s.quirk.kinds for s in accepted.seen):
            # Detected as a kind that quirk is not one of (a response with a stream chunk's
            # object ""): only that kind's quirks are accepted, the rest is checked as it is.
            accepted = self.profile.accept(value, {kind})
            result = self._check_accepted(record, accepted.value)
        if accepted.seen:
            self._map_back(record, result, accepted, self.profile.name)
        return result

    def _map_back(self, record: Record, result: Result, accepted: Accepted, name: str) -> None:
        """Findings point into the original payload; each quirk seen is a note (of profile name)."""
        lines = _Lines(record)
        for f in result.errors:
            f.pointer = accepted.original_pointer(f.pointer)
            f.line = lines(f.pointer) if f.pointer else f.line
        result.notes = [
            Finding(s.pointer, f"{name} profile: {s.quirk.what}", s.quirk.name, lines(s.pointer)) for s in accepted.seen
        ]

    def _check_accepted(self, record: Record, value: Any) -> Result:
        single, is_valid = self._single, self._single_is_valid
        if single is not None and is_valid is not None:  # set together
            if is_valid(value):
                if not self.options.strict:
                    return Result(record.path, record.line, VALID, single.dialect, single.kind)
                return self._finish(record, value, single, None, [])
            schema_valid = self.validators.fast(single.schema_id).is_valid(value)  # else a rule is broken
            return self._finish(
                record, value, single, None, [] if schema_valid else self._errors(record, value, single)
            )
        # A record with no enclosing document is a line or an SSE event of its input.
        detection = self.detector.detect(value, streamed=record.doc is None)
        if detection.broken:
            assert detection.target is not None
            result = self._finish(record, value, detection.target, None, self._errors(record, value, detection.target))
            if detection.tied:  # several schemas are as near: the errors are the first's
                dialects, kinds = {t.dialect for t in detection.tied}, {t.kind for t in detection.tied}
                result.dialect = dialects.pop() if len(dialects) == 1 else None
                result.shape = kinds.pop() if len(kinds) == 1 else None
                result.candidates = [t.label for t in detection.tied]
            return result
        if detection.target is not None:
            return self._finish(record, value, detection.target, detection.coverage, [])
        if detection.tied:
            return self._ambiguous(record, value, detection.tied)
        names = [t.label for t in detection.closest]
        if not names:
            message = "no schema matches, and none is near (same kind, describing most of its fields)"
            return Result(record.path, record.line, UNDETECTED, errors=[Finding("", message, UNDETECTED, record.line)])
        message = f"no schema matches; nearest: {', '.join(names)}"
        errors = [Finding("", message, UNDETECTED, record.line), *self._errors(record, value, detection.closest[0])]
        return Result(record.path, record.line, UNDETECTED, errors=errors, candidates=names)

    def _ambiguous(self, record: Record, value: Any, tied: tuple[Target, ...]) -> Result:
        """Valid against several schemas that describe it equally well (a plain Chat request is a
        valid Mistral request too): valid, not a finding, reported with its candidates. The
        dialect or kind is named when all candidates share it."""
        dialects = {t.dialect for t in tied}
        kinds = {t.kind for t in tied}
        result = Result(
            record.path,
            record.line,
            AMBIGUOUS,
            dialects.pop() if len(dialects) == 1 else None,
            kinds.pop() if len(kinds) == 1 else None,
            [],
            candidates=[t.label for t in tied],
        )
        if self.options.strict:
            self._add_drift(record, result, value, tied[0], None)  # tied: same score
            suggest, unplaced = result.suggest, result.unplaced
            # _add_drift set both lists (from Suggester.sites) when it found undescribed keys.
            if self.suggester is not None and suggest and isinstance(suggest, list) and isinstance(unplaced, list):
                # Any of them: the patch adds the fields to each, so it stays a tie.
                for target in tied[1:]:
                    more_sites, more_unplaced = self.suggester.sites(value, target.schema_id)
                    suggest.extend(more_sites)
                    unplaced.extend(more_unplaced)
        return result

    def _finish(
        self, record: Record, value: Any, target: Target, coverage: Coverage | None, errors: list[Finding]
    ) -> Result:
        if self.rules.cover(target) and (broken := self.rules.findings(target.dialect, target.kind, value)):
            room = max(0, self.options.max_errors - len(errors))
            errors += [Finding(p, m, "rule", _Lines(record)(p)) for p, m in broken[:room]]
        result = Result(record.path, record.line, INVALID if errors else VALID, target.dialect, target.kind, errors)
        if self.options.strict:
            self._add_drift(record, result, value, target, coverage)
        return result

    def _add_drift(self, record: Record, result: Result, value: Any, target: Target, coverage: Coverage | None) -> None:
        """--strict: fields the schema does not describe are findings, and the drift report's data."""
        suggester = self.suggester
        if suggester is not None:
            coverage = coverage or self.walker.coverage(value, target.schema_id, sites=True)
            if coverage.unknown:
                result.suggest, result.unplaced = suggester.sites(value, target.schema_id, coverage)
        coverage = coverage or self.walker.coverage(value, target.schema_id)
        lines = _Lines(record)
        result.drift = [path for _, path in coverage.unknown]
        errors = result.errors
        if isinstance(errors, tuple):  # the results given here start with a list; a tuple is empty
            errors = result.errors = []
        for pointer, _ in coverage.unknown:
            if len(errors) < self.options.max_errors:
                errors.append(Finding(pointer, "field not described by the schema", "drift", lines(pointer)))
        if coverage.unknown:
            result.status = INVALID

    def _errors(self, record: Record, value: Any, target: Target, lines: _Lines | None = None) -> list[Finding]:
        lines = lines or _Lines(record)
        found, more = explain(self.validators.reference(target.schema_id, closest=True), value, self.options.max_errors)
        errors = [Finding(p, m, k, lines(p)) for p, m, k in found]
        if more:
            errors.append(Finding("", f"... and {more} more error(s)", "more", record.line))
        if not errors and self.validators.fast(target.schema_id).is_valid(value):
            # undetected, the nearest schema accepting it only by being open (detect: describes_most)
            unknown = self.walker.coverage(value, target.schema_id).unknown[: self.options.max_errors]
            return [Finding(p, _OPEN_ONLY, "drift", lines(p)) for p, _ in unknown]
        if not errors:
            # The fast validator rejected what the reference accepts: a backend disagreement,
            # reported rather than hidden (the differential tests exist to keep this unreachable).
            errors.append(
                Finding("", f"{self.backend} rejects this payload but jsonschema accepts it", "backend", record.line)
            )
        return errors

    def _unreadable(self, record: Record, line: int, message: str, keyword: str) -> Result:
        o = self.options
        return Result(record.path, line, UNREADABLE, o.dialect, o.shape, [Finding("", message, keyword, line)])


# -- the pure function ----------------------------------------------------------------------------


@lru_cache(maxsize=8)
def engine_for(schemas: str, options: Options) -> Engine:
    """One compiled Engine per process and configuration (workers and executors reuse it)."""
    return Engine(load_spec(Path(schemas)), options)


def validate_record(
    record: bytes | str,
    *,
    schemas: str | Path = "schemas",
    path: str = "",
    line: int = 1,
    **options: Any,
) -> Result:
    """Validate one payload (its JSON text) against the schemas folder. Pure: the same record and
    options always give the same Result, whatever ran before, so it maps over any partitioning.
    `options` are those of Options: dialect, shape, strict, max_record_bytes, max_depth, ..."""
    data = record.encode("utf-8", "surrogateescape") if isinstance(record, str) else record
    engine = engine_for(str(Path(schemas).resolve()), Options(**options))
    return engine.check(Record(path, line, data))
