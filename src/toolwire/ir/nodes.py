"""The typed IR of a dialect mapping: what each part of dialect.json means, in no language.

Built by ir/shapes.py (shapes), ir/envelopes.py (envelope checks) and ir/proto_json.py; read by
ir/capabilities.py (the loss table) and by each target's emitter (targets/python/emit_*.py).
Nodes hold JSON values, JSON Pointer tokens and vocabulary terms only: no expressions, no
local names, no literals of any target language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Tokens = tuple[str, ...]  # a JSON Pointer, split into its unescaped tokens


def term(*keys: str) -> dict[str, tuple[str, ...]]:
    """The metadata of a node field that carries these vocabulary terms (`toolwire.ir.terms`
    collects them: every keyword of the meta-schemas is carried by some IR field)."""
    return {"term": keys}


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
    pointer: str = field(metadata=term("field.aliases[].pointer"))
    tokens: Tokens
    schema_profile: str = field(metadata=term("field.aliases[].schema_profile"))
    optional_from: int = 0  # tokens from this index on may be absent


@dataclass(frozen=True)
class Default:
    """The canonical value an absent wire field means."""

    value: Any


@dataclass(frozen=True)
class Field:
    """One canonical field of a wire spelling: where it sits and how it is encoded."""

    name: str
    pointer: str = field(
        metadata=term(
            "field.pointer", "field.item.pointer", "field.item.custom.pointer", "field.parts[].fields{}.pointer"
        )
    )
    tokens: Tokens
    encoding: str = field(
        metadata=term("field.encoding", "field.parts[].fields{}.encoding")
    )  # the `encoding` term (value, id, json_text, ..., data_url in a content part)
    check: str  # what decode checks the wire value is: nonempty, string, boolean, object, array, list, any
    optional: bool = field(metadata=term("field.optional"))
    default: Default | None = field(metadata=term("field.default"))
    value_pairs: tuple[tuple[Any, Any], ...] = field(
        metadata=term("field.values", "field.parts[].fields{}.values")
    )  # (canonical, wire) of a `values` map
    aliases: tuple[Alias, ...] = field(metadata=term("field.aliases"))
    schema_profile: str = field(metadata=term("field.schema_profile"))
    optional_from: int = 0  # tokens from this index on may be absent on the wire
    fallback: str | None = field(default=None, metadata=term("field.fallback"))
    # values only: the wire value sent for a canonical value the table lacks, or for none, with
    # the loss it makes (code, what): a body that needs the field still gets one
    otherwise: Default | None = field(default=None, metadata=term("field.otherwise"))
    otherwise_loss: tuple[str, str] = ("", "")
    # values with otherwise: (canonical, HTTP status) pairs, a wire value the table lacks read by
    # the body's status (Google's error: an unlisted status name, its code 429 still a rate limit)
    status_pairs: tuple[tuple[Any, int], ...] = field(default=(), metadata=term("field.from_status"))
    non_empty: bool = field(default=False, metadata=term("field.non_empty"))
    empty_error_text: str | None = field(
        default=None, metadata=term("field.empty_error_text")
    )  # content: the text an error result without content is sent with
    empty_means_absent: bool = field(default=False, metadata=term("field.empty_means_absent"))
    no_arguments_text: tuple[str, ...] = field(default=(), metadata=term("field.no_arguments_text"))
    string: bool = field(default=False, metadata=term("field.string"))  # content: a plain string is accepted too
    string_only: bool = False  # content: nothing but a string
    object: bool = field(default=False, metadata=term("field.object"))  # content: one JSON object is a json part
    output_key: str | None = field(default=None, metadata=term("field.output_key"))
    error_key: str | None = field(default=None, metadata=term("field.error_key"))
    wire_type: tuple[str, ...] = field(
        default=(), metadata=term("field.parts[].fields{}.wire_type")
    )  # content part field: the JSON types the wire value may have (empty: any)
    strict_mode_field: str | None = field(
        default=None, metadata=term("field.strict_mode_field")
    )  # parameters: the boolean field that switches strict mode
    parts: tuple[ContentPart, ...] = field(
        default=(), metadata=term("field.parts")
    )  # content: the wire spellings of canonical parts
    structured: str | None = field(
        default=None, metadata=term("field.structured")
    )  # content: the key beside the blocks holding the structured value (a json part)
    item: WireObject | None = field(
        default=None, metadata=term("field.item")
    )  # name_list: one list element (its one field is the name)
    custom_item: WireObject | None = field(
        default=None, metadata=term("field.item.custom")
    )  # name_list: an element naming a custom (freeform) tool, spelled apart (OpenAI)
    media: Tokens | None = field(
        default=None, metadata=term("field.media")
    )  # result_object: where the result's media blocks sit, beside its object

    @property
    def media_spellings(self) -> list[list[Any]]:
        """The media blocks' spellings: [kind, [[canonical field, wire tokens], ...]] each."""
        return [[p.kind, [[f.name, list(f.tokens)] for f in p.obj.fields]] for p in self.parts]

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
    def needed(self) -> bool:
        """A variant carries a canonical value only when the value holds this field: not when it
        is optional, has a default or fallback, or is written even when null (an id is minted,
        argument text that is no JSON object is kept raw). A value table tests its own values."""
        return not (self.optional or self.has_default or self.fallback or self.encoding in ("id", "json_text"))

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

    constants: tuple[Constant, ...] = field(
        metadata=term(
            "variant.constants", "field.item.constants", "field.item.custom.constants", "field.parts[].constants"
        )
    )
    optional_constants: tuple[OptionalConstant, ...] = field(metadata=term("variant.optional_constants"))
    fields: tuple[Field, ...] = field(metadata=term("variant.fields", "field.parts[].fields"))
    levels: tuple[Level, ...]
    root_constant: Constant | None = None  # the whole value is one constant ("auto")
    closed: bool = field(default=False, metadata=term("variant.closed"))  # matches only a value whose keys it all knows
    checks: tuple[Check, ...] = ()

    @property
    def is_root_constant(self) -> bool:
        return self.root_constant is not None


@dataclass(frozen=True)
class ContentPart:
    """One wire spelling of a canonical content part."""

    index: int
    kind: str = field(
        metadata=term("field.parts[].canonical", "field.parts[].canonical.type")
    )  # canonical part type: text, json, image
    obj: WireObject
    has: tuple[Tokens, ...] = field(metadata=term("field.parts[].has"))  # keys the block must have too
    needs: tuple[str, ...]  # canonical keys a part must have to be spelled this way
    preferred: bool  # encode's first choice for its kind; the others are kept as forms (variant:N)

    @property
    def fields(self) -> tuple[Field, ...]:
        return self.obj.fields

    @property
    def data_urls(self) -> bool:
        """Whether the spelling writes a data URL (which carries a media type; a plain URL none)."""
        return any(f.encoding == "data_url" for f in self.fields)

    @property
    def carried(self) -> tuple[str, ...]:
        """The canonical keys this spelling writes: any other key of a part is reported dropped."""
        names = {"type"} | {f.name for f in self.fields}
        return tuple(sorted(names | {"media_type", "data"} if self.data_urls else names))

    @property
    def what(self) -> str:
        """The part a loss names: "an image", "a text"."""
        return ("an " if self.kind[:1] in "aeiou" else "a ") + self.kind


@dataclass(frozen=True)
class CanonicalField:
    """A canonical field of a shape a mapping must carry (or report as a loss)."""

    name: str
    default: Any
    required: bool
    what: str  # what a loss says the target cannot carry
    code: str  # that loss's code (spec/loss_codes.py)


@dataclass(frozen=True)
class Uncarried:
    """A canonical field a variant cannot carry; `equivalent`: its default is the variant's own."""

    name: str
    default: Any
    what: str
    code: str
    equivalent: bool = False
    voids: bool = False  # a target without it has nothing true to send: encode gives no value


@dataclass(frozen=True)
class Variant:
    """One wire spelling of a shape, with the canonical values it implies."""

    index: int
    obj: WireObject
    canonical: dict[str, Any] = field(metadata=term("variant.canonical"))  # implied canonical values
    uncarried: tuple[Uncarried, ...]
    meaning: str | None = field(default=None, metadata=term("variant.meaning"))

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
    schema: str = field(metadata=term("shape.schema"))  # the wire schema file of this shape
    variants: tuple[Variant, ...] = field(metadata=term("shape.variants"))
    fields: tuple[CanonicalField, ...]
    derivable: dict[str, str] = field(metadata=term("shape.derivable"))
    absent: dict[str, Any] | None = field(
        metadata=term("shape.absent")
    )  # the canonical value said by leaving the shape out
    equivalent: dict[str, Any] = field(metadata=term("variant.equivalent"))

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

    @property
    def required_everywhere(self) -> tuple[str, ...]:
        """Canonical fields every variant needs: a value without one is invalid, not unsupported
        (a field with a value table tests its own values)."""
        needs = [{f.name for f in v.obj.fields if f.needed and not f.value_map} for v in self.variants]
        return tuple(sorted(set.intersection(*needs))) if needs else ()

    @property
    def unmatched_code(self) -> str:
        """The loss code of a canonical value no variant of this shape carries."""
        return "tool_choice.dropped" if self.name == "tool_choice" else "part.unsupported"


@dataclass(frozen=True)
class Condition:
    """A location condition: the element's value at tokens (none for `has`)."""

    tokens: Tokens
    value: Any = None


@dataclass(frozen=True)
class Location:
    """Where one shape sits in an envelope, and which elements there are it."""

    shape: str = field(metadata=term("envelope.locations[].shape"))
    path: str = field(metadata=term("envelope.locations[].path"))
    tokens: Tokens
    when: tuple[Condition, ...] = field(metadata=term("envelope.locations[].when"))
    has: tuple[Tokens, ...] = field(metadata=term("envelope.locations[].has"))
    unless: tuple[Condition, ...] = field(metadata=term("envelope.locations[].unless"))
    where: tuple[Condition, ...] = field(metadata=term("envelope.locations[].where"))  # conditions on the envelope root


@dataclass(frozen=True)
class EnvelopeCheck:
    """What makes a payload this envelope kind, from its schema (see ir/envelopes.py)."""

    required: tuple[tuple[str, ...], ...]  # alternative sets of required root keys
    top: tuple[tuple[str, tuple[str, ...]], ...]  # (root key, allowed JSON types)
    # (tokens, allowed types, required, the only values allowed or None, a closed object's only keys or None)
    checks: tuple[tuple[Tokens, tuple[str, ...], bool, tuple[Any, ...] | None, tuple[str, ...] | None], ...] = field(
        metadata=term("envelope.checked")
    )
    known: tuple[str, ...] | None = field(metadata=term("envelope.closed"))  # a closed envelope's only root keys


@dataclass(frozen=True)
class Envelope:
    kind: str  # request, response, stream_event
    schema: str = field(metadata=term("envelope.schema"))
    locations: tuple[Location, ...] = field(metadata=term("envelope.locations"))
    finish_reason: Tokens | None = field(metadata=term("envelope.finish_reason"))
    choice_fields: tuple[tuple[str, Tokens], ...] = field(metadata=term("envelope.choice_fields"))
    tools_fields: tuple[tuple[str, Tokens], ...] = field(metadata=term("envelope.tools_fields"))
    check: EnvelopeCheck | None


@dataclass(frozen=True)
class ProtoJson:
    """The field-name trees the proto_json term reads in either spelling (ir/proto_json.py)."""

    shapes: dict[str, dict[str, Any]]
    envelope: dict[str, Any]
    request: dict[str, Any] = field(default_factory=dict)  # a whole request (conversation layout)
    response: dict[str, Any] = field(default_factory=dict)  # a whole response


@dataclass(frozen=True)
class IdPolicy:
    pattern: str = field(metadata=term("dialect.ids.pattern"))
    mint_prefix: str = field(metadata=term("dialect.ids.mint", "dialect.ids.mint.prefix"))
    mint_length: int = field(metadata=term("dialect.ids.mint.length"))


@dataclass(frozen=True)
class DialectIR:
    name: str = field(metadata=term("dialect.dialect"))
    title: str = field(metadata=term("dialect.title"))
    ids: IdPolicy | None = field(metadata=term("dialect.ids"))
    shapes: tuple[Shape, ...] = field(metadata=term("dialect.shapes"))
    envelopes: tuple[Envelope, ...] = field(metadata=term("dialect.envelopes"))
    proto_json: ProtoJson | None = field(default=None, metadata=term("dialect.proto_json"))

    def shape(self, name: str) -> Shape | None:
        return next((s for s in self.shapes if s.name == name), None)
