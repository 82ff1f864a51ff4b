"""Which dialect's tool-definition shape a definition is in, for `toolwire tools generate`:
the generated decoders read it, and when none does, the closest shape is blamed."""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolwire.spec.positions import pointer, tokens
from toolwire.tools.dialects import DecodeFailed, Spellings, ToolDefinitionShape, tool_definition_shapes
from toolwire.tools.errors import NO_PARAMETERS, Converted, ToolsCodegenError, pointer_at
from toolwire.validation.closest import ClosestValidator, places

# (-keys the schema names, order, the shape, near-miss keys): sorted, the closest shape first.
_Scored = tuple[int, int, ToolDefinitionShape, list[tuple[str, str, float]]]


def from_dialect(value: dict[str, Any], path: Path, pointer: str) -> Converted:
    """The dialects are tried in the order of how many of value's keys their tool-definition
    schema names (parameter schemas aside); the first whose decoder reads it, with no key its
    schema does not describe (a typo must not quietly drop the parameters) and valid against
    that schema, wins. When none does, the closest shape's objection is the error (see
    _Objection), naming every shape that is as close and objects alike."""
    from jsonschema.exceptions import best_match

    scored: list[_Scored] = []
    for order, shape in enumerate(tool_definition_shapes()):
        schema = shape.schema
        skip = {tuple(tokens(p)) for v in shape.spellings for p in v.get("parameters", ())}
        fit = _described_keys(schema, schema, value, skip)
        near = _near_keys(schema, schema, value, skip)
        if fit or near:
            scored.append((-fit, order, shape, near))
    scored.sort(key=lambda entry: entry[:2])
    objections: list[_Objection] = []
    for fit, order, shape, near in scored:
        schema = shape.schema
        closeness = -fit + sum(ratio for _p, _k, ratio in near)
        errors = places(list(_wire_validator(schema).iter_errors(value)))
        objection = functools.partial(_Objection.of, (-closeness, errors), order, pointer, shape.title, near)
        try:
            definition = shape.decode(value)
        except DecodeFailed as exc:
            objections.append(objection(1, exc.pointer, "read as the ", f" tool-definition shape: {exc.message}"))
            continue
        unknown = [
            field
            for field in definition.get("extensions", {}).get(shape.name, {}).get("fields", {})
            if not _described(schema, schema, tokens(field))
        ]
        if unknown:
            objections.append(objection(0, unknown[0], "unknown key in the ", " shape of a tool definition"))
            continue
        error = best_match(_wire_validator(schema).iter_errors(value))
        if error is not None:  # what the decoder lets through but the provider would refuse
            at = pointer_at("", *error.absolute_path)
            objections.append(objection(0, at, "read as the ", f" tool-definition shape: {error.message}"))
            continue
        return _located(definition, value, shape.spellings, path, pointer)
    if objections:
        raise _Objection.blame(objections, path)
    raise ToolsCodegenError(
        path,
        pointer,
        "not a tool definition: expected canonical {name, parameters} or the tool-definition shape of a dialect "
        '(OpenAI Chat {type: "function", function: {...}}, Anthropic {name, input_schema}, ...)',
    )


@dataclass(frozen=True)
class _Objection:
    """Why one dialect's shape does not read a definition. The closest shape is blamed: the
    one naming most of the definition's keys (a near-miss spelling counts by its likeness),
    then the one whose schema finds the fewest wrong places (two keywords failing at one field,
    or a field checked both at its property and in an if/then branch, are one), then one whose decoder read it."""

    rank: tuple[float, int, int]
    order: int
    pointer: str
    before: str
    title: str
    after: str
    near: list[tuple[str, str, float]]  # (pointer, the key it is close to, likeness)

    @classmethod
    def of(
        cls,
        rank: tuple[float, int],
        order: int,
        base: str,
        title: str,
        near: list[tuple[str, str, float]],
        stage: int,
        at: str,
        before: str,
        after: str,
    ) -> _Objection:
        """stage 0: the decoder read it (and the wire schema objects), 1: it did not."""
        return cls((*rank, stage), order, base + at, before, title, after, near)

    @staticmethod
    def blame(objections: list[_Objection], path: Path) -> ToolsCodegenError:
        best = min(objections, key=lambda o: (o.rank, o.order))
        same = (best.rank, best.pointer, best.before, best.after)
        alike = sorted((o for o in objections if (o.rank, o.pointer, o.before, o.after) == same), key=lambda o: o.order)
        titles = [o.title for o in alike]
        named = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " or " + titles[-1]
        message = best.before + named + best.after
        hints = [f"is {at} a typo of {key}?" for at, key, _ratio in best.near]
        if hints:
            message += " (" + " ".join(hints) + ")"
        return ToolsCodegenError(path, best.pointer, message)


def _wire_validator(schema: dict[str, Any]) -> Any:
    """if/then/else read by the closest branch, so a function tool with a misspelt type is
    blamed at /type, not for lacking what the other branch (a custom tool) needs."""
    return ClosestValidator(schema)


def _near_keys(
    root: dict[str, Any], schema: Any, value: Any, skip: set[tuple[str, ...]], at: tuple[str, ...] = ()
) -> list[tuple[str, str, float]]:
    """Keys of value the schema does not name but spells almost alike: (pointer, the key it
    names, likeness 0.8-1), at every level (parameter schemas aside)."""
    if not isinstance(value, dict) or at in skip:
        return []
    properties = _properties(root, schema)
    out = []
    for key, child in value.items():
        if key in properties:
            out += _near_keys(root, properties[key], child, skip, (*at, key))
            continue
        unused = [name for name in properties if name not in value]
        for match in difflib.get_close_matches(key, unused, n=1, cutoff=0.8):
            out.append((pointer((*at, key)), match, difflib.SequenceMatcher(None, key, match).ratio()))
    return out


def _located(
    definition: dict[str, Any],
    wire: dict[str, Any],
    variants: tuple[Spellings, ...],
    path: Path,
    at: str,
) -> Converted:
    """Check what a canonical definition needs here and find where the wire spells the name
    and the parameters (the variant whose name pointer is there)."""
    spelled = next((v for v in variants if _lookup(wire, tokens(v["name"][0])) is not _ABSENT), variants[0])
    name_pointer = at + spelled["name"][0]
    parameter_spellings = spelled.get("parameters", ("/parameters",))
    parameters_pointer = at + next(
        (p for p in parameter_spellings if _lookup(wire, tokens(p)) is not _ABSENT), parameter_spellings[0]
    )
    parameters = definition.get("parameters")
    if not isinstance(parameters, dict):  # e.g. Responses' parameters: null means none
        parameters = definition["parameters"] = dict(NO_PARAMETERS)
    if parameters.get("type", "object") != "object":
        raise ToolsCodegenError(
            path, pointer_at(parameters_pointer, "type"), 'tool arguments are an object: type must be "object"'
        )
    return Converted(definition, name_pointer, parameters_pointer)


_ABSENT: Any = object()


def _lookup(value: Any, tokens: list[str]) -> Any:
    for token in tokens:
        if not isinstance(value, dict) or token not in value:
            return _ABSENT
        value = value[token]
    return value


def _resolve(root: dict[str, Any], schema: Any) -> Any:
    """Follow a local $ref (the tool-definition schemas use #/$defs/...)."""
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        return _resolve(root, _lookup(root, tokens(ref[1:])))
    return schema


def _properties(root: dict[str, Any], schema: Any) -> dict[str, Any]:
    schema = _resolve(root, schema)
    if not isinstance(schema, dict):
        return {}
    out = dict(schema.get("properties", {}))
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(key, ()):
            out.update(_properties(root, sub))
    for key in ("then", "else"):  # a key either branch names is one the shape knows
        if key in schema:
            out.update({k: v for k, v in _properties(root, schema[key]).items() if k not in out})
    return out


def _described(root: dict[str, Any], schema: Any, tokens: list[str]) -> bool:
    for token in tokens:
        properties = _properties(root, schema)
        if token not in properties:
            return False
        schema = properties[token]
    return True


def _described_keys(
    root: dict[str, Any], schema: Any, value: Any, skip: set[tuple[str, ...]], at: tuple[str, ...] = ()
) -> int:
    """How many of value's keys (at every level, parameter schemas aside) the schema names."""
    if not isinstance(value, dict) or at in skip:
        return 0
    properties = _properties(root, schema)
    return sum(
        1 + _described_keys(root, properties[key], child, skip, (*at, key))
        for key, child in value.items()
        if key in properties
    )
