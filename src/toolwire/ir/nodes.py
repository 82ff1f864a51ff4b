"""The typed IR of a dialect mapping: what each part of dialect.json means, in no language.

Built by ir/shapes.py (shapes), ir/envelopes.py (envelope checks) and ir/proto_json.py; read by
ir/capabilities.py (the loss table) and by each target's emitter (targets/python/emit_*.py).
Nodes hold JSON values, JSON Pointer tokens and vocabulary terms only: no expressions, no
local names, no literals of any target language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Tokens = tuple[str, ...]  # a JSON Pointer, split into its unescaped tokens


@dataclass(frozen=True)
class Constant:
    """A wire value a spelling always has (or, optional, has unless it leaves it out)."""

    pointer: str
    tokens: Tokens
    value: Any


@dataclass(frozen=True)
class Alias:
    """Another pointer the wire may spell a field at; `index` names its form (alias:N)."""

    index: int
    pointer: str
    tokens: Tokens
    schema_profile: str
    optional_from: int = 0  # tokens from this index on may be absent


@dataclass(frozen=True)
class Default:
    """The canonical value an absent wire field means."""

    value: Any


@dataclass(frozen=True)
class Field:
    """One canonical field of a wire spelling: where it sits and how it is encoded."""

    name: str
    pointer: str
    tokens: Tokens
    encoding: str  # the `encoding` term (value, id, json_text, ..., data_url in a content part)
    check: str  # what decode checks the wire value is: nonempty, string, boolean, object, array, list, any
    optional: bool
    default: Default | None
    value_pairs: tuple[tuple[Any, Any], ...]  # (canonical, wire) of a `values` map
    aliases: tuple[Alias, ...]
    schema_profile: str
    optional_from: int = 0  # tokens from this index on may be absent on the wire
    fallback: str | None = None
    non_empty: bool = False
    empty_means_absent: bool = False
    no_arguments_text: tuple[str, ...] = ()
    string: bool = False  # content: a plain string is accepted too
    string_only: bool = False  # content: nothing but a string
    output_key: str | None = None
    error_key: str | None = None
    wire_type: str | None = None  # content part field: the JSON type the wire value must have
    strict_mode_field: str | None = None  # parameters: the boolean field that switches strict mode
    parts: tuple[ContentPart, ...] = ()  # content: the wire spellings of canonical parts
    item: WireObject | None = None  # name_list: one list element (its one field is the name)

    @property
    def has_default(self) -> bool:
        return self.default is not None

    @property
    def may_be_absent(self) -> bool:
        """Decode accepts the wire without it at its own pointer."""
        return self.optional or self.has_default or bool(self.aliases)

    @property
    def value_map(self) -> bool:
        return bool(self.value_pairs)

    @property
    def read_optional(self) -> bool:
        return self.optional_from < len(self.tokens)

    @property
    def part_kinds(self) -> tuple[str, ...]:
        return tuple(sorted({p.kind for p in self.parts}))


@dataclass(frozen=True)
class Level:
    """One wire object along the mapped pointers; keys it does not know become extensions."""

    tokens: Tokens
    optional: bool
    known: tuple[str, ...]
    all_required: bool  # every known key always present: a length check suffices
    held: bool  # a required nested object: read once, then used by every field below it
    optional_from: int  # tokens from this index on may be absent

    @property
    def pointer(self) -> str:
        return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in self.tokens)


@dataclass(frozen=True)
class Check:
    """One check explain() runs on a value that did not decode: (pointer, kind, argument)."""

    pointer: str
    kind: str  # const, optional_const, object, optional, values, optional_values, absent_or, or a field check
    argument: Any = None


@dataclass(frozen=True)
class OptionalConstant:
    """How an optional constant is read: absent, or its value."""

    constant: Constant
    optional_from: int


@dataclass(frozen=True)
class WireObject:
    """Constants, fields and levels of one wire spelling (a variant, a content part, an item)."""

    constants: tuple[Constant, ...]
    optional_constants: tuple[OptionalConstant, ...]
    fields: tuple[Field, ...]
    levels: tuple[Level, ...]
    root_constant: Constant | None = None  # the whole value is one constant ("auto")
    closed: bool = False  # matches only a value whose keys it all knows
    checks: tuple[Check, ...] = ()

    @property
    def is_root_constant(self) -> bool:
        return self.root_constant is not None


@dataclass(frozen=True)
class ContentPart:
    """One wire spelling of a canonical content part."""

    index: int
    kind: str  # canonical part type: text, json, image
    obj: WireObject
    has: tuple[Tokens, ...]  # keys the block must have too
    needs: tuple[str, ...]  # canonical keys a part must have to be spelled this way
    preferred: bool  # encode's first choice for its kind; the others are kept as forms (variant:N)

    @property
    def fields(self) -> tuple[Field, ...]:
        return self.obj.fields


@dataclass(frozen=True)
class CanonicalField:
    """A canonical field of a shape a mapping must carry (or report as a loss)."""

    name: str
    default: Any
    required: bool
    what: str  # what a loss says the target cannot carry


@dataclass(frozen=True)
class Uncarried:
    """A canonical field a variant cannot carry; `equivalent`: its default is the variant's own."""

    name: str
    default: Any
    what: str
    equivalent: bool = False


@dataclass(frozen=True)
class Variant:
    """One wire spelling of a shape, with the canonical values it implies."""

    index: int
    obj: WireObject
    canonical: dict[str, Any]  # implied canonical values
    uncarried: tuple[Uncarried, ...]
    meaning: str | None = None

    @property
    def start(self) -> dict[str, Any]:
        """The decoder's starting value: implied values, and defaults the wire cannot say."""
        start = dict(self.canonical)
        for u in self.uncarried:
            if u.default is not None and not u.equivalent:
                start[u.name] = u.default
        return start


@dataclass(frozen=True)
class Shape:
    """A shape (tool_definition, tool_choice, tool_call, tool_result) of one dialect."""

    name: str
    variants: tuple[Variant, ...]
    fields: tuple[CanonicalField, ...]
    derivable: dict[str, str]
    absent: dict[str, Any] | None  # the canonical value said by leaving the shape out
    equivalent: dict[str, Any]

    @property
    def multi(self) -> bool:
        return len(self.variants) > 1

    @property
    def roots(self) -> tuple[Any, ...]:
        return tuple(v.obj.root_constant.value for v in self.variants if v.obj.root_constant)

    @property
    def unmatched_pointer(self) -> str:
        implied = [k for v in self.variants for k in v.canonical]
        return "/" + implied[0] if implied else ""


@dataclass(frozen=True)
class Condition:
    """A location condition: the element's value at tokens (none for `has`)."""

    tokens: Tokens
    value: Any = None


@dataclass(frozen=True)
class Location:
    """Where one shape sits in an envelope, and which elements there are it."""

    shape: str
    path: str
    tokens: Tokens
    when: tuple[Condition, ...]
    has: tuple[Tokens, ...]
    unless: tuple[Condition, ...]
    where: tuple[Condition, ...]  # conditions on the envelope root


@dataclass(frozen=True)
class EnvelopeCheck:
    """What makes a payload this envelope kind, from its schema (see ir/envelopes.py)."""

    required: tuple[tuple[str, ...], ...]  # alternative sets of required root keys
    top: tuple[tuple[str, tuple[str, ...]], ...]  # (root key, allowed JSON types)
    checks: tuple[tuple[Tokens, tuple[str, ...], bool], ...]  # (tokens, allowed types, required)
    known: tuple[str, ...] | None  # a closed envelope's only root keys


@dataclass(frozen=True)
class Envelope:
    kind: str  # request, response, stream_event
    schema: str
    locations: tuple[Location, ...]
    finish_reason: Tokens | None
    choice_fields: tuple[tuple[str, Tokens], ...]
    tools_fields: tuple[tuple[str, Tokens], ...]
    check: EnvelopeCheck | None


@dataclass(frozen=True)
class ProtoJson:
    """The field-name trees the proto_json term reads in either spelling (ir/proto_json.py)."""

    shapes: dict[str, dict[str, Any]]
    envelope: dict[str, Any]


@dataclass(frozen=True)
class IdPolicy:
    pattern: str
    mint_prefix: str
    mint_length: int


@dataclass(frozen=True)
class DialectIR:
    name: str
    title: str
    ids: IdPolicy | None
    shapes: tuple[Shape, ...]
    envelopes: tuple[Envelope, ...]
    proto_json: ProtoJson | None = None

    def shape(self, name: str) -> Shape | None:
        return next((s for s in self.shapes if s.name == name), None)
