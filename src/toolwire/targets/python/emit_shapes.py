"""The Python emitter of the shape IR: turns ir/nodes.py into the pieces the converter
templates lay out (read and match expressions, literal trees, constant and local names).

Each view wraps one IR node (`node`) and reads through to it, adding only how Python spells
it; the templates never compute a fact, they ask the view for it.
"""

from __future__ import annotations

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
    def fields(self) -> list[PyField]:
        return self.obj.fields


def emit_object(obj: WireObject, var: str, var_prefix: str) -> PyObject:
    levels = [PyLevel(level) for level in obj.levels]
    locals_: dict[Tokens, str] = {}
    for level in levels:
        if level.node.held:
            level.local = f"{var}{len(locals_) + 1}"
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
    return f"_rt.lookup(b, {py(list(toks))})"


def emit_part(part: ContentPart, var_prefix: str) -> PyPart:
    obj = emit_object(part.obj, "b", var_prefix)
    # Beyond its constants, a part may be recognised by keys it has, by a data URL, and by
    # the JSON type of a field's value (wire_type: Mistral's url string vs {url, detail}).
    extra = [f"{_lookup(toks)} is not _MISSING" for toks in part.has]
    extra += [f"_rt.is_data_url({_lookup(f.tokens)})" for f in part.fields if f.encoding == "data_url"]
    extra += [f"type({_lookup(f.tokens)}) is {JSON_TYPE_TEST[f.wire_type]}" for f in part.fields if f.wire_type]
    return PyPart(part, obj, " and ".join([obj.match_expr("b"), *extra]))


@dataclass
class PyVariant(_View):
    node: Variant
    obj: PyObject

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
        conds = [f"c.get({py(k)}) {equals(v)}" for k, v in self.node.canonical.items()]
        for f in self.obj.fields:
            if f.node.value_map:
                conds.append(f"c.get({py(f.name)}) in {f.helper}")
            elif not (f.optional or f.node.has_default or f.encoding == "id" or f.fallback):
                conds.append(f"c.get({py(f.name)}) is not None")
        if with_uncarried:
            for u in self.node.uncarried:
                if u.default is None:
                    conds.append(f"c.get({py(u.name)}) is None")
                else:
                    conds.append(f"c.get({py(u.name)}, {py(u.default)}) {equals(u.default)}")
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
    for v in variants:
        for n, level in enumerate(v.obj.levels):
            level.const = f"_K_{stem}_{v.index}_{n}"
        for f in v.obj.fields:
            base = f"_{stem}_{v.index}_{f.name.upper()}"
            f.helper = f"_VALUES{base}" if f.node.value_map else f"_{f.encoding.upper()}{base}"
            for p in f.parts:
                for n, level in enumerate(p.obj.levels):
                    level.const = f"_K{base}_{p.index}_{n}"
                for pf in p.fields:
                    pf.helper = f"_VALUES{base}_{p.index}_{pf.name.upper()}"
                    value = (
                        '_rt.data_url(p["media_type"], p["data"])' if pf.encoding == "data_url" else f"p[{py(pf.name)}]"
                    )
                    pf.var = f"{pf.helper}[{value}]" if pf.node.value_map else value
            if f.item is not None:
                for n, level in enumerate(f.item.levels):
                    level.const = f"_K{base}_ITEM_{n}"


def emit_shape(shape: Shape) -> dict[str, Any]:
    variants = []
    for v in shape.variants:
        obj = emit_object(v.obj, "w", f"x{v.index}_")
        for f in obj.fields:
            f.parts = [emit_part(part, f"p{v.index}_{part.index}_") for part in f.node.parts]
            if f.node.item is not None:
                f.item = emit_object(f.node.item, "it", "i_")
                f.item.fields[0].var = "n"
        variants.append(PyVariant(v, obj))
    _name_constants(shape.name, variants)
    return {
        "shape": shape.name,
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

    return {
        "name": d.name,
        "title": d.title,
        "ids": {"pattern": d.ids.pattern, "mint": {"prefix": d.ids.mint_prefix, "length": d.ids.mint_length}}
        if d.ids
        else None,
        "shapes": [emit_shape(s) for s in d.shapes],
        "envelopes": emit_envelopes(d.envelopes),
        "proto_json": {"shapes": d.proto_json.shapes, "envelope": d.proto_json.envelope} if d.proto_json else None,
    }
