"""Build the typed IR (ir/nodes.py) of a dialect mapping (dialect.json).

Per shape and variant: the constants, the fields with their encodings and checks, the wire
objects along the mapped pointers (their known keys; the rest become extensions), the
checks that explain a failed decode, the canonical values a variant implies and the fields
it cannot carry. What each term means is decided here once; targets only spell it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from toolwire.ir.envelopes import envelope_check
from toolwire.ir.field_tables import (
    COMPANION_FIELDS,
    ENCODING_ALSO_CARRIES,
    ENCODING_CHECKS,
    FIELD_CHECKS,
    LOSS_WHAT,
    VOIDING_FIELDS,
    otherwise_loss,
)
from toolwire.ir.nodes import (
    Alias,
    CanonicalField,
    Check,
    Condition,
    Constant,
    ContentPart,
    Default,
    DialectIR,
    Envelope,
    EnvelopeCheck,
    Field,
    IdPolicy,
    Level,
    Location,
    OptionalConstant,
    Shape,
    Tokens,
    Uncarried,
    Variant,
    WireObject,
)
from toolwire.spec.model import Dialect, Spec
from toolwire.spec.positions import tokens


def _field(name: str, spec: dict[str, Any], kinds: dict[str, str]) -> Field:
    encoding = spec.get("encoding", "value")
    if encoding in ("value", "id"):
        check = kinds.get(name) or FIELD_CHECKS.get(name, "any")
    else:
        check = ENCODING_CHECKS[encoding]
    if spec.get("empty_means_absent"):
        check = "list"  # [] is read too: it says what leaving the field out says
    return Field(
        name=name,
        pointer=spec["pointer"],
        tokens=tuple(tokens(spec["pointer"])),
        encoding=encoding,
        check=check,
        optional=bool(spec.get("optional", False)),
        default=Default(spec["default"]) if "default" in spec else None,
        value_pairs=tuple((c, w) for c, w in spec.get("values") or []),
        aliases=tuple(
            Alias(i, a["pointer"], tuple(tokens(a["pointer"])), a.get("schema_profile", "json_schema"))
            for i, a in enumerate(spec.get("aliases", []))
        ),
        schema_profile=spec.get("schema_profile", "json_schema"),
        fallback=spec.get("fallback"),
        otherwise=Default(spec["otherwise"]) if "otherwise" in spec else None,
        otherwise_loss=otherwise_loss(name, spec),
        status_pairs=tuple((c, s) for c, s in spec.get("from_status") or []),
        non_empty=bool(spec.get("non_empty", False)),
        empty_error_text=spec.get("empty_error_text"),
        empty_means_absent=bool(spec.get("empty_means_absent", False)),
        no_arguments_text=tuple(spec.get("no_arguments_text", [])),
        string=bool(spec.get("string", False)),
        string_only=spec.get("string") == "only",
        object=bool(spec.get("object", False)),
        output_key=spec.get("output_key"),
        error_key=spec.get("error_key"),
        wire_type=_types(spec.get("wire_type")),
        strict_mode_field=spec.get("strict_mode_field"),
        structured=_structured_key(spec),
        media=tuple(tokens(spec["media"])) if "media" in spec else None,
    )


def _structured_key(spec: dict[str, Any]) -> str | None:
    """The key of a content field's structured value: beside the blocks, in the same object."""
    if "structured" not in spec:
        return None
    where, blocks = tuple(tokens(spec["structured"])), tuple(tokens(spec["pointer"]))
    if len(where) != 1 or len(blocks) != 1:
        raise ValueError(f"{spec['structured']}: structured must be a key of the object that holds {spec['pointer']}")
    return where[0]


def _types(wire_type: str | list[str] | None) -> tuple[str, ...]:
    """The JSON types of a wire_type term, one or a list (none: any)."""
    if wire_type is None:
        return ()
    return (wire_type,) if isinstance(wire_type, str) else tuple(wire_type)


def _checks(obj: WireObject) -> tuple[Check, ...]:
    """What explain() checks, in order, when a value is none of the spellings."""
    if obj.root_constant is not None:
        return (Check("", "const", obj.root_constant.value),)
    out = [Check("", "object")]
    out += [Check(c.pointer, "const", c.value) for c in obj.constants]
    out += [Check(o.constant.pointer, "optional_const", o.constant.value) for o in obj.optional_constants]
    for level in obj.levels[1:]:
        out.append(Check(level.pointer, "optional", "object") if level.optional else Check(level.pointer, "object"))
    for f in obj.fields:
        if f.value_map:
            kind = "optional_values" if f.optional or f.has_default else "values"
            out.append(Check(f.pointer, kind, [w for _c, w in f.value_pairs]))
        elif f.encoding == "json_text" and f.optional:
            out.append(Check(f.pointer, "absent_or", f.check))  # null is not "no arguments"
        elif f.may_be_absent:
            out.append(Check(f.pointer, "optional", f.check))
        else:
            out.append(Check(f.pointer, f.check))
    return tuple(out)


def compile_object(
    constants: dict[str, Any],
    fields: dict[str, dict[str, Any]],
    kinds: dict[str, str],
    optional_constants: dict[str, Any] | None = None,
    closed: bool = False,
) -> WireObject:
    if "" in constants:
        root = Level((), False, (), False, False, 0)
        obj = WireObject((), (), (), (root,), root_constant=Constant("", (), constants[""]))
        return replace(obj, checks=_checks(obj))
    const_list = [Constant(p, tuple(tokens(p)), v) for p, v in constants.items()]
    opt_list = [Constant(p, tuple(tokens(p)), v) for p, v in (optional_constants or {}).items()]
    field_list = [_field(name, spec, kinds) for name, spec in fields.items()]
    # Levels: every object that a constant or field pointer passes through.
    paths: list[tuple[Tokens, bool]] = [(c.tokens, False) for c in const_list] + [(c.tokens, True) for c in opt_list]
    for f in field_list:
        paths.append((f.tokens, f.may_be_absent))
        paths.extend((a.tokens, True) for a in f.aliases)
        if f.structured is not None:
            paths.append(((f.structured,), True))
        if f.media is not None:
            paths.append((f.media, True))
    known: dict[Tokens, list[str]] = {(): []}
    required_prefixes: set[Tokens] = {()}
    required_keys: set[Tokens] = set()
    for toks, optional in paths:
        for depth in range(len(toks)):
            prefix = toks[:depth]
            known.setdefault(prefix, [])
            if not optional:
                required_prefixes.add(prefix)
                required_keys.add(toks[: depth + 1])
            if toks[depth] not in known[prefix]:
                known[prefix].append(toks[depth])
    order = sorted(known, key=lambda k: (len(k), k))

    def first_optional(toks: Tokens, optional: bool) -> int:
        """The index of the first token that may be absent on the wire."""
        first = len(toks) - 1 if optional else len(toks)
        for depth in range(len(toks) - 1):
            if toks[: depth + 1] not in required_prefixes:
                return min(first, depth)
        return first

    levels = tuple(
        Level(
            tokens=k,
            optional=k not in required_prefixes,
            known=tuple(known[k]),
            all_required=all((*k, key) in required_keys for key in known[k]),
            held=bool(k) and k in required_prefixes,
            optional_from=first_optional((*k, "_"), True),
        )
        for k in order
    )
    field_list = [
        replace(
            f,
            optional_from=first_optional(f.tokens, f.may_be_absent),
            aliases=tuple(replace(a, optional_from=first_optional(a.tokens, True)) for a in f.aliases),
        )
        for f in field_list
    ]
    names = {f.name for f in field_list}
    for i, f in enumerate(field_list):
        if f.strict_mode_field is not None and f.strict_mode_field not in names:
            raise ValueError(f"{f.pointer}: strict_mode_field names {f.strict_mode_field!r}, no field of this variant")
        # decode reads the status first: the category of an unlisted kind is looked up by it
        if f.status_pairs and (f.otherwise is None or "status" not in {g.name for g in field_list[:i]}):
            raise ValueError(f"{f.pointer}: from_status needs otherwise and a status field listed before it")
        if len({s for _c, s in f.status_pairs}) < len(f.status_pairs):
            raise ValueError(f"{f.pointer}: from_status pairs a status with two values")
    opt_reads = tuple(OptionalConstant(c, first_optional(c.tokens, True)) for c in opt_list)
    obj = WireObject(tuple(const_list), opt_reads, tuple(field_list), levels, closed=closed)
    return replace(obj, checks=_checks(obj))


def canonical_fields(spec: Spec, shape: str) -> tuple[CanonicalField, ...]:
    """The canonical fields of a shape that a mapping must carry, with their defaults."""
    schema = spec.canonical[shape]
    return tuple(
        CanonicalField(
            name, prop.get("default"), name in schema.get("required", []), *LOSS_WHAT.get(name, (name, "field.dropped"))
        )
        for name, prop in schema.get("properties", {}).items()
        if name not in COMPANION_FIELDS
    )


def _parts(field_spec: dict[str, Any]) -> tuple[ContentPart, ...]:
    built = []
    for i, part in enumerate(field_spec.get("parts", [])):
        obj = compile_object(part.get("constants", {}), part["fields"], {})
        # Canonical keys the part needs for encode: a data URL field carries two.
        needs = tuple(
            n for f in obj.fields for n in (("media_type", "data") if f.encoding == "data_url" else (f.name,))
        )
        has = tuple(tuple(tokens(pointer)) for pointer in part.get("has", []))
        built.append(ContentPart(i, part["canonical"]["type"], obj, has, needs, preferred=False))
    # Encode picks the first part that can carry a canonical part; any other spelling of it
    # is kept as a form (variant:N) so the round trip gives it back.
    out = []
    for part in built:
        first = next(q for q in built if q.kind == part.kind and set(q.needs) <= set(part.needs))
        out.append(replace(part, preferred=first is part))
    return tuple(out)


def _item(item: dict[str, Any]) -> WireObject:
    return compile_object(item.get("constants", {}), {"name": {"pointer": item["pointer"]}}, {"name": "nonempty"})


def shape_ir(spec: Spec, dialect: Dialect, shape: str) -> Shape:
    mapping = dialect.mapping["shapes"][shape]
    derivable = mapping.get("derivable", {})
    all_fields = canonical_fields(spec, shape)
    variants = []
    for index, variant in enumerate(mapping["variants"]):
        field_specs = variant.get("fields", {})
        obj = compile_object(
            variant.get("constants", {}),
            field_specs,
            {},
            optional_constants=variant.get("optional_constants"),
            closed=variant.get("closed", False),
        )
        if not obj.is_root_constant:
            fields = []
            for f in obj.fields:
                if f.encoding == "content" or f.media is not None:
                    f = replace(f, parts=_parts(field_specs[f.name]))
                if f.media is not None and any(
                    p.obj.constants
                    or p.has
                    or p.needs != tuple(g.name for g in p.obj.fields)
                    or any(g.encoding != "value" for g in p.obj.fields)
                    for p in f.parts
                ):
                    raise ValueError(
                        f"{f.pointer}: media parts are spelled by plain fields (no constants, has or encodings)"
                    )
                if f.encoding == "name_list":
                    item = field_specs[f.name]["item"]
                    custom = item.get("custom")
                    f = replace(f, item=_item(item), custom_item=None if custom is None else _item(custom))
                fields.append(f)
            obj = replace(obj, fields=tuple(fields))
        carried = set(field_specs) | set(variant.get("canonical", {})) | set(derivable)
        for spec_field in field_specs.values():
            carried |= ENCODING_ALSO_CARRIES.get(spec_field.get("encoding", "value"), set())
            if "custom" in spec_field.get("item", {}):  # its custom elements are canonical custom's names
                carried.add("custom_names")
        equivalent = variant.get("equivalent", {})
        # An equivalent value counts as this variant's default for the field: no loss, and the
        # variant still fits; it is not put into the decoded value (see Variant.start).
        uncarried = tuple(
            Uncarried(f.name, equivalent[f.name], f.what, f.code, equivalent=True)
            if f.name in equivalent
            else Uncarried(f.name, f.default, f.what, f.code, voids=f.name in VOIDING_FIELDS)
            for f in all_fields
            if f.name not in carried
        )
        variants.append(Variant(index, obj, dict(variant.get("canonical", {})), uncarried, variant.get("meaning")))
    return Shape(
        name=shape,
        schema=mapping["schema"],
        variants=tuple(variants),
        fields=all_fields,
        derivable=dict(derivable),
        absent=mapping.get("absent"),
        equivalent={k: v for variant in mapping["variants"] for k, v in variant.get("equivalent", {}).items()},
    )


def _envelope_check(spec: Spec, dialect: Dialect, kind: str, locations: list[Location]) -> EnvelopeCheck | None:
    """What makes a payload this kind of envelope (extract() refuses anything else); a kind
    extract() does not read (no locations: stream events) has none. The term `checked` names
    paths the check follows too, where no part sits but other dialects' payloads differ
    (a content block's required `type`, and the values its enum allows); `closed` says its
    clients refuse unknown members: at the root (true), or at each path it lists."""
    if not locations:
        return None
    envelope = dialect.mapping["envelopes"][kind]
    checked = [tokens(path) for path in envelope.get("checked", [])]
    paths = [list(loc.tokens) for loc in locations] + checked
    closed = envelope.get("closed", False)
    closed_at = [()] if closed is True else [tuple(tokens(path)) for path in closed or []]
    found = envelope_check(spec.documents, dialect.envelopes[kind]["$id"], paths, tuple(closed_at))
    required = tuple(tuple(keys) for keys in found["required"])
    return EnvelopeCheck(
        required=_left_out(dialect, required) if kind == "request" else required,
        top=tuple((key, tuple(types)) for key, types in found["top"]),
        checks=tuple(
            (tuple(toks), tuple(types), must, values, keys) for toks, types, must, values, keys in found["checks"]
        ),
        known=found["known"],
    )


def _left_out(dialect: Dialect, required: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """The request's required root keys without those a documented server quirk leaves out (a
    profile's request quirk at the root that fills them: Azure OpenAI names the deployment in
    the URL, not a model in the body): decoding reads such a body, with no canonical value for
    them. The schema still requires them (validate reports it unless the profile is asked for),
    and a writer whose dialect requires a model raises RequiredValueError unless model= names it."""
    quirks = [q for profile in dialect.profiles.values() for q in profile.get("quirks", [])]
    keys = {k for q in quirks if q["path"] == "" and "request" in q["kinds"] for k in _fills(q["accept"])}
    if not keys:
        return required
    return tuple(sorted({tuple(key for key in alternative if key not in keys) for alternative in required}))


def _fills(accept: Any) -> list[str]:
    return list(accept.get("fill", {})) if isinstance(accept, dict) else []


def _conditions(values: dict[str, Any]) -> tuple[Condition, ...]:
    return tuple(Condition(tuple(tokens(p)), v) for p, v in values.items())


def envelopes_ir(spec: Spec, dialect: Dialect) -> tuple[Envelope, ...]:
    out = []
    for kind, envelope in dialect.mapping.get("envelopes", {}).items():
        locations = [
            Location(
                shape=loc["shape"],
                path=loc["path"],
                tokens=tuple(tokens(loc["path"])),
                when=_conditions(loc.get("when", {})),
                has=tuple(tuple(tokens(p)) for p in loc.get("has", [])),
                unless=_conditions(loc.get("unless", {})),
                where=_conditions(loc.get("where", {})),
            )
            for loc in envelope.get("locations", [])
        ]
        out.append(
            Envelope(
                kind=kind,
                schema=envelope["schema"],
                locations=tuple(locations),
                finish_reason=tuple(tokens(envelope["finish_reason"])) if "finish_reason" in envelope else None,
                choice_fields=tuple((n, tuple(tokens(p))) for n, p in envelope.get("choice_fields", {}).items()),
                tools_fields=tuple((n, tuple(tokens(p))) for n, p in envelope.get("tools_fields", {}).items()),
                check=_envelope_check(spec, dialect, kind, locations),
            )
        )
    return tuple(out)


def dialect_ir(spec: Spec, dialect: Dialect) -> DialectIR:
    from toolwire.ir.proto_json import proto_json_ir

    ids = dialect.mapping.get("ids")
    return DialectIR(
        name=dialect.name,
        title=dialect.mapping["title"],
        ids=IdPolicy(ids["pattern"], ids["mint"]["prefix"], ids["mint"]["length"]) if ids else None,
        shapes=tuple(shape_ir(spec, dialect, s) for s in dialect.mapping["shapes"]),
        envelopes=envelopes_ir(spec, dialect),
        proto_json=proto_json_ir(dialect),
    )
