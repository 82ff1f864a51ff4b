"""The Python emitter of the IR's wire objects (ir/nodes.py): fields, levels, content parts
as the pieces the converter templates lay out (read and match expressions, literal trees,
local names). emit_shapes.py builds variants, shapes and the dialect from these.

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
    Field,
    Level,
    Tokens,
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


def type_test(expr: str, types: tuple[str, ...]) -> str:
    """Whether expr is of one of the JSON types (the wire_type term)."""
    if len(types) == 1:
        return f"type({expr}) is {JSON_TYPE_TEST[types[0]]}"
    return f"type({expr}) in ({', '.join(JSON_TYPE_TEST[t] for t in types)})"


def read_expr(var: str, toks: Tokens, optional_from: int, locals_: dict[Tokens, str]) -> str:
    """Expression reading toks; segments from optional_from on may be absent. Starts from the
    deepest required object already held in a local variable."""
    start, out = 0, var
    for depth in range(min(optional_from, len(toks) - 1), 0, -1):
        local = locals_.get(toks[:depth])
        if local:
            start, out = depth, local
            break
    if start < len(toks) - 1:  # through objects held in no local: each may be anything
        return f"_rt.lookup({out}, {pytarget.literal(tuple(toks[start:]))})"
    # Never a subscript: a key the wire lacks reads as _MISSING, which the field's check
    # turns into a mismatch (a KeyError is left to mean a bug).
    return out + (f".get({py(toks[-1])}, _MISSING)" if toks else "")


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


@dataclass
class PyField(_View):
    node: Field
    var: str = ""  # the local holding the encoded value
    read: str = ""  # how decode reads the wire value
    helper: str = ""  # module-level stem of its value maps and helper functions
    aliases: list[PyAlias] = field(default_factory=list)
    parts: list[PyPart] = field(default_factory=list)
    item: PyObject | None = None
    custom_item: PyObject | None = None
    strict_switch: PyField | None = None  # the field strict_mode_field names
    lazy_forms: bool = False  # its variant's forms dict is made on the first spelling (see PyVariant)

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

    def unlisted_refused(self, expr: str) -> str:
        """Whether a wire value no table entry has is of another type than the table's: refused,
        where one of the table's type is kept whole (a field with a catch-all `otherwise`)."""
        kinds = {type(wire) for _canonical, wire in self.node.value_pairs}
        if len(kinds) == 1 and kinds <= {str, int}:
            return f"type({expr}) is not {kinds.pop().__name__}"
        return f"type({expr}) in (dict, list)"

    def not_mapped(self, expr: str) -> str:
        """Whether a wire value is none of the value map's (tested by type first: a list or an
        object is unhashable, a TypeError in the lookup)."""
        kinds = {type(wire) for _canonical, wire in self.node.value_pairs}
        guard = f"type({expr}) is not str or " if kinds == {str} else f"type({expr}) in (dict, list) or "
        return f"{guard}{expr} not in {self.helper}_BACK"

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
            for t in f.tokens[:-1]:
                node = node.setdefault(t, {})
            node[f.tokens[-1]] = ("var", f.var)
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
    carry: list[str] = field(default_factory=list)  # what a canonical part must pass to be spelled so

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
        level.read = var + "".join(f".get({py(t)}, _EMPTY)" for t in level.node.tokens)
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
    extra += [type_test(_lookup(f.tokens), f.wire_type) for f in part.fields if f.wire_type]
    # encoding, a canonical value the wire_type does not allow is not this part's to spell
    carry = [type_test(f"part[{py(f.name)}]", f.wire_type) for f in part.fields if f.wire_type and not f.value_map]
    return PyPart(part, obj, " and ".join([obj.match_expr("block"), *extra]), carry)
