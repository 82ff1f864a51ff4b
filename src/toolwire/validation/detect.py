"""Which dialect and kind a payload is, from the schemas alone (never from file names).

Every candidate schema's compiled `is_valid` is tried (cheap: compiled validators reject on the
first mismatching discriminator). One match is the answer. Several matches are common because
the schemas are open to unknown fields; the tie goes to the schema that describes the payload
best (Coverage.score: fewest undescribed fields, then most values it fixes that the payload has,
then most described keys), which is why an envelope beats a small shape that happens to accept
the same payload, without a blanket preference for either. Keys are counted fairly: none inside
an object another candidate keeps free-form (naming the sub-fields of `thinking` is not being
more right). A tie between a stream event and another kind goes by framing: a document by
itself is the response, a line or SSE event of a capture is the stream event. An exact tie is
ambiguous and reported with its candidates. No match is a finding, reported against the nearest
schema (fewest errors, an anyOf/oneOf counting as its nearest branch, among schemas that
describe most of the payload's fields), when there is one.

Openness must not make a payload valid by accident: a candidate that describes no more of an
object's root keys than it leaves undescribed is no match (`{}` against a shape whose every field
is optional; {message, status} against Cohere's error body {message}: every error body has a
message): such a payload is another schema's, broken (below), or undetected, that schema named
as the nearest with the fields it does not describe; and when the matches leave more fields
undescribed than another schema finds errors, while that schema describes every field (and more
than the matches), the payload is that schema's, broken: a tool call with `"id": 5` is an
invalid tool call, not a valid tool definition ignoring `id`. Ties go to the valid match, so
drift alone never flips a verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from toolwire.spec.model import Spec
from toolwire.spec.positions import tokens
from toolwire.validation.backends import Validators
from toolwire.validation.drift import Coverage, DriftWalker

STREAM_EVENT = "stream_event"
NEAREST_TRIES = 6  # coverage walks per undetected payload: bounds the cost of a capture of strangers


@dataclass(frozen=True, slots=True)
class Target:
    """One schema a payload may be: a dialect's shape (tool_call, ...) or envelope (request, ...)."""

    dialect: str
    kind: str
    schema_id: str

    @property
    def label(self) -> str:
        return f"{self.dialect}/{self.kind}"


def targets(spec: Spec, dialect: str | None = None, kind: str | None = None) -> list[Target]:
    """Candidate schemas, optionally narrowed; new dialects and kinds need no code change."""
    return [
        Target(d.name, k, schema["$id"])
        for d in spec.dialects.values()
        if dialect is None or d.name == dialect
        for k, schema in d.all_schemas().items()
        if kind is None or k == kind
    ]


@dataclass(slots=True)
class Detection:
    target: Target | None = None
    broken: bool = False  # target describes the payload best but does not accept it (tied: as well)
    coverage: Coverage | None = None  # the target's, when the tie-break computed it
    tied: tuple[Target, ...] = ()  # several equally good matches: ambiguous
    closest: tuple[Target, ...] = ()  # nothing matched: the nearest schemas, best first


def _follow(documents: dict[str, Any], base: str, ref: str) -> tuple[Any, str]:
    """(the subschema a $ref names, the file it sits in); None when it names nothing."""
    target, _, fragment = urljoin(base, ref).partition("#")
    node = documents.get(target)
    for token in tokens(fragment):
        node = node.get(token) if isinstance(node, dict) else None
    return node, target


def root_requirements(documents: dict[str, Any], schema_id: str) -> tuple[frozenset[str], bool]:
    """What any instance of a schema surely has at its root: the keys it requires (through $ref
    and allOf) and whether it must be an object. A payload lacking them cannot match, so the
    validator need not run; anyOf/oneOf/if branches are left out, as they promise nothing alone."""
    required: set[str] = set()
    must_be_object = False
    stack: list[tuple[Any, str]] = [(documents.get(schema_id), schema_id)]
    seen = 0
    while stack and seen < 64:  # bounds $ref chains, cycles included
        schema, base = stack.pop()
        seen += 1
        if not isinstance(schema, dict):
            continue
        required.update(k for k in schema.get("required", ()) if isinstance(k, str))
        must_be_object = must_be_object or schema.get("type") == "object"
        stack.extend((sub, base) for sub in schema.get("allOf", ()))
        ref = schema.get("$ref")
        if isinstance(ref, str):
            stack.append(_follow(documents, base, ref))
    return frozenset(required), must_be_object


@dataclass(frozen=True, slots=True)
class RootNames:
    """The keys a schema can describe at an instance's root, over every branch ($ref, allOf,
    anyOf, oneOf, if/then/else, dependentSchemas): a superset, so it only ever rules out."""

    names: frozenset[str]
    patterns: bool  # patternProperties: keys described by regex, not listed
    rest: bool  # additionalProperties/unevaluatedProperties other than false: every key described

    def describes_any(self, keys: Any) -> bool:
        return self.patterns or self.rest or not self.names.isdisjoint(keys)

    def describes_all(self, keys: Any) -> bool:
        return self.patterns or self.rest or self.names.issuperset(keys)

    def describes_most(self, keys: Any) -> bool:
        """More of the root keys described than not: a schema open to unknown fields that names
        only `message` is no description of {message, status, code} (every error body has a
        message; the body is some other API's)."""
        if self.patterns or self.rest:
            return True
        named = sum(1 for key in keys if key in self.names)
        return named * 2 > len(keys)


def root_names(documents: dict[str, Any], schema_id: str) -> RootNames:
    names: set[str] = set()
    patterns = rest = False
    stack: list[tuple[Any, str]] = [(documents.get(schema_id), schema_id)]
    seen = 0
    while stack and seen < 256:  # bounds $ref chains, cycles included
        schema, base = stack.pop()
        seen += 1
        if not isinstance(schema, dict):
            continue
        properties = schema.get("properties")
        if isinstance(properties, dict):
            names.update(properties)
        patterns = patterns or bool(schema.get("patternProperties"))
        rest = rest or any(schema.get(k, False) is not False for k in ("additionalProperties", "unevaluatedProperties"))
        for keyword in ("allOf", "anyOf", "oneOf"):
            stack.extend((sub, base) for sub in schema.get(keyword, ()))
        stack.extend((schema[k], base) for k in ("then", "else") if k in schema)
        dependent = schema.get("dependentSchemas")
        if isinstance(dependent, dict):
            stack.extend((sub, base) for sub in dependent.values())
        ref = schema.get("$ref")
        if isinstance(ref, str):
            stack.append(_follow(documents, base, ref))
    return RootNames(frozenset(names), patterns, rest)


def _opaque_elsewhere(coverages: list[tuple[Coverage, Target]], own: Coverage) -> set[str]:
    return {p for c, _ in coverages if c is not own for p in c.opaque}


class Detector:
    def __init__(self, candidates: list[Target], validators: Validators, walker: DriftWalker) -> None:
        self.candidates = candidates
        self.validators = validators
        self.walker = walker
        self._names = {t: root_names(validators.documents, t.schema_id) for t in candidates}
        # Per candidate: the keys it requires, whether it must be an object, the root names of
        # which the payload must hold one (None when any key can be described), its validator.
        self._checks: list[tuple[Target, frozenset[str], bool, frozenset[str] | None, Callable[[Any], bool]]] = [
            (
                t,
                *root_requirements(validators.documents, t.schema_id),
                None if self._names[t].patterns or self._names[t].rest else self._names[t].names,
                validators.fast(t.schema_id).is_valid,
            )
            for t in candidates
        ]

    def detect(self, value: Any, streamed: bool | None = None) -> Detection:
        """streamed: whether the payload is one of the lines or SSE events of its input (True) or
        a document by itself (False); it settles a tie between a stream event and another kind
        (a Gemini response and a Gemini chunk are the same object), and nothing else."""
        # Most candidates are ruled out by the keys they require, without running a validator.
        if type(value) is dict:
            keys = value.keys()
            matches = [
                t
                for t, required, _, names, is_valid in self._checks
                if keys >= required and (names is None or not names.isdisjoint(keys)) and is_valid(value)
            ]
            open_only = [t for t in matches if not self._names[t].describes_most(keys)]
            if open_only and len(open_only) == len(matches):  # valid only by openness: no match
                return self._open_only(value, open_only)
            matches = [t for t in matches if t not in open_only]
        else:
            matches = [
                t for t, _, must_be_object, _, is_valid in self._checks if not must_be_object and is_valid(value)
            ]
        if not matches:
            return Detection(closest=self.nearest(value))
        if len(matches) == 1:
            detection = Detection(matches[0])
            if type(value) is dict and not self._names[matches[0]].describes_all(value.keys()):
                return self._rival(value, detection, self.walker.coverage(value, matches[0].schema_id), matches)
            return detection
        coverages = [(self.walker.coverage(value, t.schema_id), t) for t in matches]
        scored = [(c.fair_score(_opaque_elsewhere(coverages, c)), c, t) for c, t in coverages]
        best = min(score for score, _, _ in scored)
        tied = [(c, t) for score, c, t in scored if score == best]
        if len(tied) > 1 and streamed is not None:
            framed = [(c, t) for c, t in tied if (t.kind == STREAM_EVENT) == streamed]
            tied = framed or tied
        if len(tied) == 1:
            detection = Detection(tied[0][1], coverage=tied[0][0])
        else:
            detection = Detection(tied=tuple(t for _, t in tied))
        return self._rival(value, detection, tied[0][0], matches) if type(value) is dict else detection

    def _open_only(self, value: dict[str, Any], matches: list[Target]) -> Detection:
        """Valid only against schemas that describe no more of its root keys than they leave: the
        payload is a schema's that describes it, broken (see _rival), or else undetected, those
        schemas the nearest (the one describing most first)."""
        coverages = sorted(((self.walker.coverage(value, t.schema_id), t) for t in matches), key=lambda c: c[0].score)
        rival = self._rival(value, Detection(), coverages[0][0], matches)
        return rival if rival.broken else Detection(closest=tuple(t for _, t in coverages))

    def _rival(
        self, value: dict[str, Any], detection: Detection, coverage: Coverage, matches: list[Target]
    ) -> Detection:
        """A schema that describes every field of the payload, more than the matches do, and finds
        fewer errors than the matches leave fields undescribed: the payload is that schema's,
        broken (see the module docstring). Only schemas that can describe every root key are walked,
        and only when the matches leave a field undescribed: a fully described payload costs nothing."""
        undescribed = len(coverage.unknown)
        if not undescribed:
            return detection
        keys = value.keys()
        matched = set(matches)  # a rival is a schema that rejects the payload
        rivals: list[tuple[tuple[int, int], Target]] = []
        for target in self.candidates:
            if target in matched or not self._names[target].describes_all(keys):
                continue
            rival = self.walker.coverage(value, target.schema_id)
            if rival.unknown or rival.described <= coverage.described:  # not a better description
                continue
            _, errors = self.validators.distance(target.schema_id, value)
            if 0 < errors < undescribed:
                rivals.append(((errors, -rival.described), target))
        if not rivals:
            return detection
        best = min(score for score, _ in rivals)
        tied = [t for score, t in rivals if score == best]
        return Detection(tied[0], broken=True, tied=tuple(tied) if len(tied) > 1 else ())

    def nearest(self, value: Any) -> tuple[Target, ...]:
        """The schemas a payload that matches none is nearest to: fewest errors among those that
        describe at least half of its fields, and whose discriminators (top-level const/enum/type)
        accept it. A payload from a dialect without schemas usually
        has none, and then no nearest is named rather than a misleading one."""
        pool = self.candidates
        if type(value) is dict:
            # A schema that can describe none of the root keys is not near (the half rule
            # below); left in, its few errors would use up the tries before the near ones.
            pool = [t for t in pool if self._names[t].describes_any(value.keys())]
        ranked = sorted(
            ((self.validators.distance(t.schema_id, value), i, t) for i, t in enumerate(pool)),
            key=lambda x: x[:2],
        )
        near: list[tuple[tuple[int, int], int, Target]] = []
        least = None
        for distance, i, target in ranked[:NEAREST_TRIES]:
            if distance[0] or (least is not None and distance > least):
                break  # a different kind of payload (discriminator mismatch), or farther
            coverage = self.walker.coverage(value, target.schema_id)
            fields = coverage.described + len(coverage.unknown)
            if fields and coverage.described * 2 >= fields:
                near.append(((len(coverage.unknown), -coverage.described), i, target))
                least = distance
        near.sort(key=lambda x: x[:2])  # as near: the one describing more of the payload first
        return tuple(t for _, _, t in near)
