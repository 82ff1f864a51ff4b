"""The TypeScript emitter of the shape IR: variants, shapes and the dialect as the converter
templates lay them out (conditions, constant names, the facts each template branch needs).
Wire objects, fields and parts are spelled in emit_objects.py. The port of
targets/python/emit_shapes.py: the same facts, TypeScript expressions.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.nodes import DialectIR, Shape, Variant
from toolwire.spec.model import TYPE_NAMES
from toolwire.targets.typescript.emit_objects import (
    TsField,
    TsLevel,
    TsObject,
    _View,
    emit_object,
    emit_part,
    equals,
    local_name,
    ts,
)
from toolwire.targets.typescript.names import camel


@dataclass
class TsVariant(_View):
    node: Variant
    obj: TsObject
    decode_forms: bool = False  # decode records spellings: the variant needs a forms object
    encode_forms: bool = False  # encode reads the spellings decode recorded
    lazy_forms: bool = False  # forms start as the shared empty object, copied on the first spelling
    mints_call_id: bool = False  # the wire has no call id: the id map mints one
    minted_ids: list[TsField] = field(default_factory=list)  # optional ids minted when absent
    derivable: tuple[str, ...] = ()  # canonical fields the other side derives: never a reason to pick

    @property
    def form(self) -> str:
        """The module constant naming this variant in forms (variant:N)."""
        return f"FORM_VARIANT_{self.node.index}"

    @property
    def passes_unknown(self) -> bool:
        """A helper collects unknown fields into the variant's object: it must exist up front."""
        return any(f.encoding in ("content", "name_list") for f in self.obj.fields)

    @property
    def uncarried(self) -> list[dict[str, Any]]:
        return [
            {
                "name": u.name,
                "read": f"canonical[{ts(u.name)}]",
                "differs": _differs_default(f"canonical[{ts(u.name)}]", u.default),
                "what": u.what,
                "code": u.code,
                "voids": u.voids,
            }
            for u in self.node.uncarried
        ]

    @property
    def canonical_ts(self) -> str:
        return ts(self.node.start)

    def _conditions(self, with_uncarried: bool) -> str:
        conds = [equals(f"canonical[{ts(k)}]", v) for k, v in self.node.canonical.items() if k not in self.derivable]
        for f in self.obj.fields:
            if f.node.value_map:
                conds.append(f"P.inMap({f.helper}, canonical[{ts(f.name)}])")
            elif f.node.needed:
                conds.append(f"canonical[{ts(f.name)}] != null")
        if with_uncarried:
            for u in self.node.uncarried:
                if u.default is None:
                    conds.append(f"canonical[{ts(u.name)}] == null")
                else:
                    conds.append(equals(f"P.or(canonical[{ts(u.name)}], {ts(u.default)})", u.default))
        return " && ".join(conds) or "true"

    @property
    def carries_all(self) -> str:
        return self._conditions(True)

    @property
    def fits(self) -> str:
        return self._conditions(False)


def _differs_default(read: str, default: Any) -> str:
    """Python's `canonical.get(name) is not None and canonical[name] != default` (the loss
    test of an uncarried field)."""
    test = f"{read} != null"
    if default is True or default is False:
        return f"{test} && {read} !== {ts(default)}"
    if default is not None:
        rhs = f"{read} !== {ts(default)}" if isinstance(default, (str, int, float)) else f"!P.eq({read}, {ts(default)})"
        return f"{test} && {rhs}"
    return test


def _name_constants(shape: str, variants: list[TsVariant]) -> None:
    """Give every known-keys set and helper a module-level name, unique and stable."""
    stem = shape.upper()
    taken: set[str] = set()

    def known(prefix: str, level: TsLevel) -> str:
        """KNOWN_<shape>_<variant>[_<part>]_<tokens>: the keys known at that object."""
        return local_name(prefix, level.node.tokens, taken, constant=True)

    for v in variants:
        for level in v.obj.levels:
            level.const = known(f"KNOWN_{stem}_{v.index}", level)
        for f in v.obj.fields:
            base = f"_{stem}_{v.index}_{f.name.upper()}"
            f.helper = f"VALUES{base}" if f.node.value_map else f"{f.encoding.upper()}{base}"
            for p in f.parts:
                for level in p.obj.levels:
                    level.const = known(f"KNOWN{base}_{p.index}", level)
                for pf in p.fields:
                    pf.helper = f"VALUES{base}_{p.index}_{pf.name.upper()}"
                    value = (
                        'rt.dataUrl(part["media_type"] as string, part["data"] as string)'
                        if pf.encoding == "data_url"
                        else f"P.need(part, {ts(pf.name)})"
                    )
                    pf.var = f"{pf.helper}.get({value})" if pf.node.value_map else value
            if f.item is not None:
                for level in f.item.levels:
                    level.const = known(f"KNOWN{base}_ITEM", level)
            if f.custom_item is not None:
                for level in f.custom_item.levels:
                    level.const = known(f"KNOWN{base}_CUSTOM", level)


def _variant(shape: Shape, v: Variant, proto_json: bool) -> TsVariant:
    obj = emit_object(v.obj, "wire", "wire_")
    for f in obj.fields:
        f.parts = [emit_part(part) for part in f.node.parts]
        if f.node.item is not None:
            f.item = emit_object(f.node.item, "item", "")
            f.item.fields[0].var = "name"
        if f.node.custom_item is not None:
            f.custom_item = emit_object(f.node.custom_item, "item", "")
            f.custom_item.fields[0].var = "name"
    view = TsVariant(v, obj, derivable=tuple(shape.derivable))
    if v.obj.is_root_constant:
        view.decode_forms = shape.multi or bool(v.meaning)
        view.encode_forms = proto_json
        return view
    view.decode_forms = (
        shape.multi
        or bool(v.meaning)
        or bool(v.obj.optional_constants)
        or proto_json
        or any(f.decode_writes_forms for f in obj.fields)
    )
    handed_on = proto_json or any(f.encoding in ("content", "result_object") for f in obj.fields)
    view.lazy_forms = view.decode_forms and not handed_on
    for f in obj.fields:
        f.lazy_forms = view.lazy_forms
    view.encode_forms = bool(v.obj.optional_constants) or proto_json or any(f.encode_reads_forms for f in obj.fields)
    view.minted_ids = [f for f in obj.fields if f.encoding == "id" and f.node.read_optional]
    view.mints_call_id = (
        shape.name == "tool_call" and "id" in shape.derivable and all(f.name != "id" for f in obj.fields)
    )
    return view


def _form_constants(shapes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Every form value the module writes or reads, by the constant that names it."""
    found: dict[str, str] = {}
    for s in shapes:
        for v in s["variants"]:
            if s["multi"]:
                found[v.form] = f"variant:{v.index}"
            for f in v.obj.fields:
                for a in f.aliases:
                    found[a.form] = f"alias:{a.index}"
                    if a.schema_profile == "openapi_subset" and f.schema_profile != "openapi_subset":
                        found[a.lower_form] = f"alias:{a.index}:lower"
                for part in f.parts:
                    if not part.preferred:
                        found[part.form] = f"variant:{part.index}"
    return sorted(found.items(), key=lambda item: (item[1].split(":")[0], item[0]))


def emit_shape(shape: Shape, proto_json: bool = False) -> dict[str, Any]:
    variants = [_variant(shape, v, proto_json) for v in shape.variants]
    _name_constants(shape.name, variants)
    profiles = [
        f for v in variants if not v.obj.node.is_root_constant for f in v.obj.fields if f.encoding == "parameters"
    ]
    name = camel(shape.name)
    return {
        "shape": shape.name,
        "camel": name[:1].upper() + name[1:],  # decode<Camel>
        "canonical_type": TYPE_NAMES.get(shape.name)
        or name[:1].upper() + name[1:],  # its type in types/canonical.ts (the schema's title)
        "const": f"SHAPE_{shape.name.upper()}",
        "encode_forms": shape.multi or any(v.encode_forms for v in variants),
        "decode_forms": any(v.decode_forms for v in variants),
        "collects_unknown": any(not v.node.obj.is_root_constant for v in variants),
        "schema_profile_option": any(a.schema_profile != f.schema_profile for f in profiles for a in f.aliases),
        "strict_schema_option": any(f.schema_profile == "openai_json_schema" for f in profiles),
        "variants": variants,
        "multi": shape.multi,
        "fields": shape.fields,
        "derivable": shape.derivable,
        "absent": shape.absent,
        "absent_ts": ts(shape.absent) if shape.absent is not None else None,
        "equivalent_ts": ts(shape.equivalent),
        "checks": [v.obj.checks() for v in variants],
        "roots": list(shape.roots),
        "unmatched_pointer": shape.unmatched_pointer,
        "unmatched_code": shape.unmatched_code,
        "required_everywhere": shape.required_everywhere,
        "notes_calls": shape.name == "tool_call",
    }


def emit_dialect(d: DialectIR) -> dict[str, Any]:
    from toolwire.targets.typescript.emit_envelopes import emit_envelopes

    shapes = [emit_shape(s, d.proto_json is not None) for s in d.shapes]
    envelopes = emit_envelopes(d.envelopes)
    exports = [f"{kind}_{s.name}" for s in d.shapes for kind in ("decode", "encode")]
    return {
        "name": d.name,
        "title": d.title,
        "exports": sorted([*exports, *(["extract"] if d.envelopes else [])]),
        "form_constants": _form_constants(shapes),
        "no_variant": any(s.multi for s in d.shapes),
        "parses_argument_text": any(
            f.encoding in ("json_text", "object_or_json_text")
            for s in d.shapes
            for v in s.variants
            for f in v.obj.fields
        ),
        "locations": [loc for e in envelopes for loc in e["locations"]],
        "ids": {"pattern": d.ids.pattern, "mint": {"prefix": d.ids.mint_prefix, "length": d.ids.mint_length}}
        if d.ids
        else None,
        "shapes": shapes,
        "envelopes": envelopes,
        "proto_json": dataclasses.asdict(d.proto_json) if d.proto_json else None,
    }
