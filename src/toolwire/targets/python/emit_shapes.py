"""The Python emitter of the shape IR: variants, shapes and the dialect as the converter
templates lay them out (conditions, constant names, the facts each template branch needs).
Wire objects, fields and parts are spelled in emit_objects.py.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.nodes import DialectIR, Shape, Variant
from toolwire.targets.python.canonical_types import type_name_of
from toolwire.targets.python.emit_objects import (
    PyField,
    PyLevel,
    PyObject,
    _View,
    emit_object,
    emit_part,
    equals,
    local_name,
    py,
)


@dataclass
class PyVariant(_View):
    node: Variant
    obj: PyObject
    decode_forms: bool = False  # decode records spellings: the variant needs a forms dict
    encode_forms: bool = False  # encode reads the spellings decode recorded
    lazy_forms: bool = False  # forms start as the shared empty dict, copied on the first spelling
    mints_call_id: bool = False  # the wire has no call id: the id map mints one
    minted_ids: list[PyField] = field(default_factory=list)  # optional ids minted when absent
    derivable: tuple[str, ...] = ()  # canonical fields the other side derives: never a reason to pick

    @property
    def form(self) -> str:
        """The module constant naming this variant in forms (variant:N)."""
        return f"_FORM_VARIANT_{self.node.index}"

    @property
    def passes_unknown(self) -> bool:
        """A helper collects unknown fields into the variant's dict: it must exist up front."""
        return any(f.encoding in ("content", "name_list") for f in self.obj.fields)

    @property
    def uncarried(self) -> list[dict[str, Any]]:
        return [
            {
                "name": u.name,
                "default": py(u.default),
                "default_value": u.default,
                "equivalent": u.equivalent,
                "what": u.what,
                "code": u.code,
                "voids": u.voids,
            }
            for u in self.node.uncarried
        ]

    @property
    def canonical_py(self) -> str:
        return py(self.node.start)

    def _conditions(self, with_uncarried: bool) -> str:
        conds = [
            f"canonical.get({py(k)}) {equals(v)}" for k, v in self.node.canonical.items() if k not in self.derivable
        ]
        for f in self.obj.fields:
            if f.node.value_map:
                conds.append(f"_rt.in_table(canonical.get({py(f.name)}), {f.helper})")
            elif f.node.needed:
                conds.append(f"canonical.get({py(f.name)}) is not None")
        if with_uncarried:
            for u in self.node.uncarried:
                if u.default is None:
                    conds.append(f"canonical.get({py(u.name)}) is None")
                else:
                    conds.append(f"canonical.get({py(u.name)}, {py(u.default)}) {equals(u.default)}")
        return " and ".join(conds) or "True"

    @property
    def carries_all(self) -> str:
        return self._conditions(True)

    @property
    def fits(self) -> str:
        return self._conditions(False)


def _name_constants(shape: str, variants: list[PyVariant]) -> None:
    """Give every known-keys set and helper a module-level name, unique and stable."""
    stem = shape.upper()
    taken: set[str] = set()

    def known(prefix: str, level: PyLevel) -> str:
        """_KNOWN_<shape>_<variant>[_<part>]_<tokens>: the keys known at that object."""
        return local_name(prefix, level.node.tokens, taken).upper()

    for v in variants:
        for level in v.obj.levels:
            level.const = known(f"_KNOWN_{stem}_{v.index}", level)
        for f in v.obj.fields:
            base = f"_{stem}_{v.index}_{f.name.upper()}"
            f.helper = f"_VALUES{base}" if f.node.value_map else f"_{f.encoding.upper()}{base}"
            for p in f.parts:
                for level in p.obj.levels:
                    level.const = known(f"_KNOWN{base}_{p.index}", level)
                for pf in p.fields:
                    pf.helper = f"_VALUES{base}_{p.index}_{pf.name.upper()}"
                    value = (
                        '_rt.data_url(part["media_type"], part["data"])'
                        if pf.encoding == "data_url"
                        else f"part[{py(pf.name)}]"
                    )
                    pf.var = f"{pf.helper}[{value}]" if pf.node.value_map else value
            if f.item is not None:
                for level in f.item.levels:
                    level.const = known(f"_KNOWN{base}_ITEM", level)
            if f.custom_item is not None:
                for level in f.custom_item.levels:
                    level.const = known(f"_KNOWN{base}_CUSTOM", level)


def _variant(shape: Shape, v: Variant, proto_json: bool) -> PyVariant:
    obj = emit_object(v.obj, "wire", "wire_")
    for f in obj.fields:
        f.parts = [emit_part(part) for part in f.node.parts]
        if f.node.item is not None:
            f.item = emit_object(f.node.item, "item", "")
            f.item.fields[0].var = "name"
        if f.node.custom_item is not None:
            f.custom_item = emit_object(f.node.custom_item, "item", "")
            f.custom_item.fields[0].var = "name"
    view = PyVariant(v, obj, derivable=tuple(shape.derivable))
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
    # Spellings are rare: where only the decoder itself records them (no helper is handed the
    # dict), it starts from the shared empty one instead of making a dict per value.
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
    return {
        "shape": shape.name,
        "const": f"SHAPE_{shape.name.upper()}",
        "encode_forms": shape.multi or any(v.encode_forms for v in variants),
        # the decoder's locals, declared once above its variants' branches
        "decode_forms": any(v.decode_forms for v in variants),
        "collects_unknown": any(not v.node.obj.is_root_constant for v in variants),
        # the encoder's options: schema_profile= where an alias speaks another schema language,
        # strict_schema= where the parameters speak OpenAI's JSON Schema
        "schema_profile_option": any(a.schema_profile != f.schema_profile for f in profiles for a in f.aliases),
        "strict_schema_option": any(f.schema_profile == "openai_json_schema" for f in profiles),
        "variants": variants,
        "multi": shape.multi,
        "fields": shape.fields,
        "derivable": shape.derivable,
        "absent": shape.absent,
        "absent_py": py(shape.absent) if shape.absent is not None else None,
        "equivalent_py": py(shape.equivalent),
        "checks": [v.obj.checks() for v in variants],
        "roots": list(shape.roots),
        "unmatched_pointer": shape.unmatched_pointer,
        "unmatched_code": shape.unmatched_code,
        "required_everywhere": shape.required_everywhere,
        "notes_calls": shape.name == "tool_call",
        "canonical_type": type_name_of(shape.name),  # the TypedDict of canonical_types the converters speak
    }


def emit_dialect(d: DialectIR) -> dict[str, Any]:
    from toolwire.targets.python.emit_envelopes import emit_envelopes

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
        # the TypedDicts its signatures name (imported for type checkers only)
        "canonical_types": sorted({s["canonical_type"] for s in shapes}),
        "envelopes": envelopes,
        "proto_json": dataclasses.asdict(d.proto_json) if d.proto_json else None,
    }
