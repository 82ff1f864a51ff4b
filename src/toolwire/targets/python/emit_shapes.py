"""The Python emitter of the shape IR: turns ir/nodes.py into the pieces the converter
templates lay out (read and match expressions, literal trees, constant and local names).

Each view wraps one IR node (`node`) and reads through to it, adding only how Python spells
it; the templates never compute a fact, they ask the view for it.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.nodes import (
    Alias,
    ContentPart,
    DialectIR,
    Field,
    Level,
    Shape,
    Tokens,
    Variant,
    WireObject,
)
from toolwire.targets.python import names as pytarget


def py(value: Any) -> str:
    """A Python literal for a JSON value, deterministic (the Python target's one spelling)."""
    return pytarget.literal(value)


def equals(value: Any) -> str:
    """The comparison with a JSON constant: identity for true, false and null."""
    return f"is {py(value)}" if value is None or isinstance(value, bool) else f"== {py(value)}"


def subscript(var: str, toks: Tokens) -> str:
    return var + "".join(f"[{py(t)}]" for t in toks)


def local_name(stem: str, toks: Tokens, taken: set[str]) -> str:
    """A readable local for the value at toks: stem_token_token (snake case), unique."""
    words = [re.sub(r"[^0-9a-zA-Z]+", "_", re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", t)).strip("_").lower() for t in toks]
    name = "_".join([stem, *(w for w in words if w)])
    out, n = name, 2
    while out in taken or keyword.iskeyword(out):
        out, n = f"{name}_{n}", n + 1
    taken.add(out)
    return out


# How Python tests a JSON type (the wire_type term).
JSON_TYPE_TEST = {"string": "str", "object": "dict", "array": "list", "boolean": "bool"}


def read_expr(var: str, toks: Tokens, optional_from: int, locals_: dict[Tokens, str]) -> str:
    """Expression reading toks; segments from optional_from on may be absent. Starts from the
    deepest required object already held in a local variable."""
    start, out = 0, var
    for depth in range(min(optional_from, len(toks) - 1), 0, -1):
        local = locals_.get(toks[:depth])
        if local:
            start, out = depth, local
            break
    for i in range(start, len(toks)):
        t = toks[i]
        if i < optional_from:
            out += f"[{py(t)}]"
        elif i == len(toks) - 1:
            out += f".get({py(t)}, _MISSING)"
        else:
            out += f".get({py(t)}, _EMPTY)"
    return out


class _View:
    """Reads through to the IR node for every fact the view does not spell itself."""

    node: Any

    def __getattr__(self, name: str) -> Any:
        return getattr(self.node, name)


@dataclass
class PyLevel(_View):
    node: Level
    local: str | None = None  # the local holding a required nested object
    source: str = ""  # how that local is read
    read: str = ""  # how the template reads this object
    const: str = ""  # module-level name of its known-keys set

    @property
    def toks(self) -> Tokens:
        return self.node.tokens


@dataclass
class PyAlias(_View):
    node: Alias
    read: str = ""

    @property
    def form(self) -> str:
        """The module constant naming this spelling in forms (alias:N)."""
        return f"_FORM_ALIAS_{self.node.index}"

    @property
    def lower_form(self) -> str:
        """The OpenAPI spelling with lower-case types (alias:N:lower)."""
        return f"_FORM_ALIAS_{self.node.index}_LOWER"

    @property
    def toks(self) -> Tokens:
        return self.node.tokens

    @property
    def profile(self) -> str:
        return self.node.schema_profile


@dataclass
class PyField(_View):
    node: Field
    var: str = ""  # the local holding the encoded value
    read: str = ""  # how decode reads the wire value
    helper: str = ""  # module-level stem of its value maps and helper functions
    aliases: list[PyAlias] = field(default_factory=list)
    parts: list[PyPart] = field(default_factory=list)
    item: PyObject | None = None
    strict_switch: PyField | None = None  # the field strict_mode_field names
    lazy_forms: bool = False  # its variant's forms dict is made on the first spelling (see PyVariant)

    @property
    def toks(self) -> Tokens:
        return self.node.tokens

    @property
    def profile(self) -> str:
        return self.node.schema_profile

    @property
    def default(self) -> str:
        return py(self.node.default.value if self.node.default else None)

    @property
    def is_default(self) -> str:
        return equals(self.node.default.value if self.node.default else None)

    @property
    def value_map_py(self) -> str:
        return "{" + ", ".join(f"{py(c)}: {py(w)}" for c, w in self.node.value_pairs) + "}"

    @property
    def value_map_back_py(self) -> str:
        """Wire -> canonical; when several canonical values share a wire value, the first wins."""
        back: dict[str, str] = {}
        for canonical, wire in self.node.value_pairs:
            back.setdefault(py(wire), py(canonical))
        return "{" + ", ".join(f"{w}: {c}" for w, c in back.items()) + "}"

    @property
    def decode_writes_forms(self) -> bool:
        """Whether decode_field records a spelling of this field in forms (decode.j2's branches)."""
        f = self.node
        if f.encoding == "json_text":
            return f.read_optional
        if f.encoding in ("object_or_json_text", "content", "result_object"):
            return True
        if f.encoding == "name_list":
            return False
        return f.read_optional or (f.encoding == "id" and f.optional)

    @property
    def encode_reads_forms(self) -> bool:
        """Whether encode_field or assign_optional reads this field's form (encode.j2's branches)."""
        f = self.node
        if f.aliases:
            return True
        if f.encoding == "id":
            return f.optional
        if f.encoding == "json_text":
            return f.optional
        if f.encoding in ("object_or_json_text", "content", "result_object"):
            return True
        if f.encoding == "object":
            return f.has_default
        if f.encoding == "string_list":
            return f.optional and f.empty_means_absent
        if f.encoding in ("name_list", "single_name"):
            return False
        if f.value_map:
            return f.optional or f.has_default
        if f.fallback == "call_name":
            return False
        return f.has_default or f.optional

    @property
    def no_arguments_text(self) -> str:
        texts = self.node.no_arguments_text
        return "(" + "".join(f"{py(t)}, " for t in texts) + ")" if texts else "()"


@dataclass
class PyObject(_View):
    node: WireObject
    var: str
    fields: list[PyField]
    levels: list[PyLevel]
    optional_reads: list[dict[str, Any]] = field(default_factory=list)

    @property
    def constants(self) -> list[tuple[Tokens, str, Any]]:
        return [(c.tokens, c.pointer, c.value) for c in self.node.constants]

    @property
    def optional_constants(self) -> list[tuple[Tokens, str, Any]]:
        return [(o.constant.tokens, o.constant.pointer, o.constant.value) for o in self.node.optional_constants]

    @property
    def root_constant(self) -> Any:
        return self.node.root_constant.value if self.node.root_constant else None

    def match_expr(self, var: str | None = None) -> str:
        """True when a wire value is this spelling: its constants, else its required keys."""
        var = var or self.var
        if self.node.root_constant:
            return f"{var} == {py(self.root_constant)}"
        parts = [f"type({var}) is dict"]
        guarded: set[Tokens] = set()
        for toks, _pointer, value in self.constants:
            for depth in range(1, len(toks)):
                prefix = toks[:depth]
                if prefix not in guarded:
                    guarded.add(prefix)
                    parts.append(f"type({var}{''.join(f'.get({py(t)})' for t in prefix)}) is dict")
            parts.append(f"{subscript(var, toks[:-1])}.get({py(toks[-1])}) {equals(value)}")
        for toks, _pointer, value in self.optional_constants:
            if len(toks) == 1:  # absent, or the value: a later spelling may use the same key
                parts.append(f"{var}.get({py(toks[0])}, {py(value)}) {equals(value)}")
        if self.node.closed:
            parts.append(f"{var}.keys() <= {self.levels[0].const}")
        if not self.node.constants:
            # Without constants a spelling is recognised by the keys its required fields need.
            for f in self.node.fields:
                if f.may_be_absent:
                    continue
                for depth in range(1, len(f.tokens)):
                    prefix = f.tokens[:depth]
                    if prefix not in guarded:
                        guarded.add(prefix)
                        parts.append(f"type({subscript(var, prefix[:-1])}.get({py(prefix[-1])})) is dict")
                test = f"{py(f.tokens[-1])} in {subscript(var, f.tokens[:-1])}"
                if test not in parts:
                    parts.append(test)
        return " and ".join(parts)

    def checks(self) -> list[tuple[str, str, Any]]:
        return [(c.pointer, c.kind, c.argument) for c in self.node.checks]

    def tree(self) -> dict[str, Any]:
        """The encoder's dict literal: constants and required fields, nested."""
        root: dict[str, Any] = {}
        for toks, _pointer, value in self.constants:
            node = root
            for t in toks[:-1]:
                node = node.setdefault(t, {})
            node[toks[-1]] = ("const", py(value))
        for f in self.fields:
            if f.node.may_be_absent:
                continue
            node = root
            for t in f.toks[:-1]:
                node = node.setdefault(t, {})
            node[f.toks[-1]] = ("var", f.var)
        return root

    def literal(self) -> str:
        if self.node.root_constant:
            return py(self.root_constant)
        return _render_tree(self.tree())

    def assign_target(self, var: str, toks: Tokens) -> str:
        """Where an optional field is written: existing objects by subscript, others created."""
        node: Any = self.tree()
        out = var
        for t in toks[:-1]:
            if isinstance(node, dict) and t in node:
                out += f"[{py(t)}]"
                node = node[t]
            else:
                out += f".setdefault({py(t)}, {{}})"
                node = None
        return out + f"[{py(toks[-1])}]"


def _render_tree(node: dict[str, Any]) -> str:
    items = []
    for key, value in node.items():
        if isinstance(value, dict):
            items.append(f"{py(key)}: {_render_tree(value)}")
        else:
            items.append(f"{py(key)}: {value[1]}")
    return "{" + ", ".join(items) + "}"


@dataclass
class PyPart(_View):
    node: ContentPart
    obj: PyObject
    match: str = ""

    @property
    def form(self) -> str:
        """The module constant naming this spelling of a part in forms (variant:N)."""
        return f"_FORM_VARIANT_{self.node.index}"

    @property
    def fields(self) -> list[PyField]:
        return self.obj.fields


def emit_object(obj: WireObject, var: str, var_prefix: str) -> PyObject:
    levels = [PyLevel(level) for level in obj.levels]
    locals_: dict[Tokens, str] = {}
    taken = {var}
    for level in levels:
        if level.node.held:
            level.local = local_name(var, level.node.tokens, taken)
            level.source = read_expr(var, level.node.tokens, len(level.node.tokens), locals_)
            locals_[level.node.tokens] = level.local
    fields = []
    for f in obj.fields:
        view = PyField(f, var=f"{var_prefix}{f.name}", read=read_expr(var, f.tokens, f.optional_from, locals_))
        view.aliases = [PyAlias(a, read_expr(var, a.tokens, a.optional_from, locals_)) for a in f.aliases]
        fields.append(view)
    by_name = {f.name: f for f in fields}
    for view in fields:
        if view.node.strict_mode_field is not None:
            view.strict_switch = by_name[view.node.strict_mode_field]
    opt_reads = [
        {
            "pointer": o.constant.pointer,
            "value": py(o.constant.value),
            "read": read_expr(var, o.constant.tokens, o.optional_from, locals_),
            "toks": o.constant.tokens,
        }
        for o in obj.optional_constants
    ]
    for level in levels:
        if level.local:
            level.read = level.local
            continue
        start = level.node.optional_from
        level.read = var + "".join(
            f"[{py(t)}]" if i < start else f".get({py(t)}, _EMPTY)" for i, t in enumerate(level.node.tokens)
        )
    return PyObject(obj, var, fields, levels, opt_reads)


def _lookup(toks: Tokens) -> str:
    spelled = ", ".join(py(t) for t in toks) + ("," if len(toks) == 1 else "")
    return f"_rt.lookup(block, ({spelled}))"


def emit_part(part: ContentPart) -> PyPart:
    obj = emit_object(part.obj, "block", "")
    # Beyond its constants, a part may be recognised by keys it has, by a data URL, and by
    # the JSON type of a field's value (wire_type: Mistral's url string vs {url, detail}).
    extra = [f"{_lookup(toks)} is not _MISSING" for toks in part.has]
    extra += [f"_rt.is_data_url({_lookup(f.tokens)})" for f in part.fields if f.encoding == "data_url"]
    extra += [f"type({_lookup(f.tokens)}) is {JSON_TYPE_TEST[f.wire_type]}" for f in part.fields if f.wire_type]
    return PyPart(part, obj, " and ".join([obj.match_expr("block"), *extra]))


@dataclass
class PyVariant(_View):
    node: Variant
    obj: PyObject
    decode_forms: bool = False  # decode records spellings: the variant needs a forms dict
    encode_forms: bool = False  # encode reads the spellings decode recorded
    lazy_forms: bool = False  # forms start as the shared empty dict, copied on the first spelling
    mints_call_id: bool = False  # the wire has no call id: the id map mints one
    minted_ids: list[PyField] = field(default_factory=list)  # optional ids minted when absent

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
            }
            for u in self.node.uncarried
        ]

    @property
    def canonical_py(self) -> str:
        return py(self.node.start)

    def _conditions(self, with_uncarried: bool) -> str:
        conds = [f"canonical.get({py(k)}) {equals(v)}" for k, v in self.node.canonical.items()]
        for f in self.obj.fields:
            if f.node.value_map:
                conds.append(f"canonical.get({py(f.name)}) in {f.helper}")
            elif not (f.optional or f.node.has_default or f.encoding == "id" or f.fallback):
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


def _variant(shape: Shape, v: Variant, proto_json: bool) -> PyVariant:
    obj = emit_object(v.obj, "wire", "wire_")
    for f in obj.fields:
        f.parts = [emit_part(part) for part in f.node.parts]
        if f.node.item is not None:
            f.item = emit_object(f.node.item, "item", "")
            f.item.fields[0].var = "name"
    view = PyVariant(v, obj)
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
                    if a.profile == "openapi_subset" and f.profile != "openapi_subset":
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
        "schema_profile_option": any(a.profile != f.profile for f in profiles for a in f.aliases),
        "strict_schema_option": any(f.profile == "openai_json_schema" for f in profiles),
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
        "notes_calls": shape.name == "tool_call",
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
        "envelopes": envelopes,
        "proto_json": {"shapes": d.proto_json.shapes, "envelope": d.proto_json.envelope} if d.proto_json else None,
    }
